#!/usr/bin/python3
"""bench/collection: a streamed --collection of 1 GB with 1% of its passages
referenced.

Workload (generated under /tmp at bench time, removed after; never
committed): a JSONL collection of about 1 GB (passages of about 1,000
characters, ids d0, d1, ...), the same collection as one JSON array and
gzipped (gzip -1), and a csv-gold ground truth whose questions name 1% of the passages (every
100th). Imports the ground truth with each collection into a new project
and prints the time, the read rate, the peak RSS of `convqa import` and
the number of passages filled; beside them the time `cat` takes to read
the file (the floor: the disk or page cache). A figure, not a timed test.

BENCH_COLLECTION_MB sets the size (default 1024).
"""
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONVQA = os.path.join(TOP, "convqa")
WORDS = ("the of and to in is was for on that with as by at from his her an which "
         "river city war king law music film team water energy system island music "
         "century language species church school army light train coast market").split()


def texts(rng, n, size):
    """A pool of n passage texts of about size characters (reused: the
    reader's work does not depend on the words)."""
    pool = []
    for _ in range(n):
        out, k = [], 0
        while k < size:
            w = rng.choice(WORDS)
            out.append(w)
            k += len(w) + 1
        pool.append(" ".join(out).capitalize() + ".")
    return pool


def generate(work, mb):
    rng = random.Random(11)
    pool = texts(rng, 997, 1000)
    target = mb * 1024 * 1024
    jsonl = os.path.join(work, "collection.jsonl")
    array = os.path.join(work, "collection.json")
    gt = os.path.join(work, "gt.csv")
    n = size = 0
    with open(jsonl, "w") as fl, open(array, "w") as fa, open(gt, "w") as fg:
        fa.write("[\n")
        fg.write("question,document\n")
        while size < target:
            line = '{"id": "d%d", "title": "Passage %d", "text": "%s"}' % (n, n, pool[n % len(pool)])
            fl.write(line + "\n")
            fa.write(("" if n == 0 else ",\n") + line)
            if n % 100 == 0:
                fg.write("Which passage is number %d?,d%d\n" % (n, n))
            size += len(line) + 1
            n += 1
        fa.write("\n]\n")
    return jsonl, array, gt, n, size


def run_import(work, gt, coll):
    db = os.path.join(work, "p.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    subprocess.run([CONVQA, "init", "--db", db], check=True, stdout=subprocess.DEVNULL)
    t0 = time.monotonic()
    proc = subprocess.Popen([CONVQA, "import", "--db", db, "--format", "csv-gold", gt, "--collection", coll],
                            stdout=subprocess.PIPE, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    secs = time.monotonic() - t0
    if status != 0:
        sys.exit("bench/collection: convqa import failed (status %d)" % status)
    rss = usage.ru_maxrss   # KiB, of this process alone
    filled = subprocess.run(["sqlite3", db, "SELECT count(*) FROM passage WHERE text IS NOT NULL"],
                            check=True, capture_output=True, text=True).stdout.strip()
    return secs, rss, filled, out.strip()


def cat_time(path):
    t0 = time.monotonic()
    subprocess.run(["cat", path], check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - t0


def main():
    if not os.access(CONVQA, os.X_OK):
        sys.exit("bench/collection: build convqa first (make)")
    mb = int(os.environ.get("BENCH_COLLECTION_MB", "1024"))
    work = tempfile.mkdtemp(prefix="convqa-bench-collection-", dir="/tmp")
    try:
        t0 = time.monotonic()
        jsonl, array, gt, n, size = generate(work, mb)
        print("bench/collection: %d passages, %.0f MiB a collection, %d referenced (1%%), generated in %.0f s"
              % (n, size / 2**20, (n + 99) // 100, time.monotonic() - t0))
        gz = jsonl + ".gz"
        with open(gz, "wb") as f:
            subprocess.run(["gzip", "-1", "-n", "-c", jsonl], check=True, stdout=f)
        # the rate is of the collection's text (for the .gz, once decompressed)
        for name, path, text in (("JSONL", jsonl, jsonl), ("JSON array", array, array), ("JSONL .gz", gz, jsonl)):
            cat = cat_time(path)
            secs, rss, filled, out = run_import(work, gt, path)
            print("  %-11s import %6.1f s  %6.0f MiB/s  peak RSS %5.1f MiB  filled %s  (cat: %.1f s)"
                  % (name, secs, os.path.getsize(text) / 2**20 / secs, rss / 1024, filled, cat))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
