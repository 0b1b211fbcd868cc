#!/usr/bin/python3
"""bench/raters: how long a rater's save (`convqa label`) takes while an
import runs (issue 21: "raters never wait on an import"; target p99 under
100 ms and the maximum under 1 s).

16 raters label in a loop (each save a new process, as a script would run
it) into a project while `convqa import` of the QReCC-sized task file
(bench/work/qrecc-size-1x.json, 184 MB, made by bench/import.sh 1) runs
into the same project; then the same 16 without an import, for comparison.
Prints the number of saves, p50, p99 and the maximum latency of each phase,
and the import's time. A figure, not a timed test. CONVQA_BENCH=path
measures another binary; RATERS=N another number of raters.

Last measured (27 Nov, 2 cores, load 1-3 from other builds), RATERS=4:
during the import p50 26-35 ms, p99 95-116 ms, max 172-408 ms (the import
yields the lock to waiting saves: import_sink.c, take_lock); without an
import p50 18-32 ms, p99 32-60 ms. Before the import yielded: p50 88 ms,
p99 386 ms, max 455 ms. See docs/development.md, "Imports and raters".
"""
import os
import random
import subprocess
import sys
import threading
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.path.join(TOP, "bench", "work")
CONVQA = os.environ.get("CONVQA_BENCH", os.path.join(TOP, "convqa"))
RATERS = int(os.environ.get("RATERS", "16"))
PACE = float(os.environ.get("PACE", "1.0"))
TASK = os.path.join(WORK, "qrecc-size-1x.json")


def rater(db, n, stop, out):
    """Save, think, save again until stop: the first save after a time
    uniform in [0, PACE] seconds, each think time uniform in [0.5, 1.5] x
    PACE, drawn from a seed of the rater's own (the same draws in every run
    and phase); PACE 0: no pause."""
    rng = random.Random(1000 + n)
    if PACE > 0:  # people do not start at the same instant
        stop.wait(rng.uniform(0, PACE))
    i = 0
    while not stop.is_set():
        t0 = time.perf_counter()
        rc = subprocess.call([CONVQA, "label", "--db", db, "-r", "rater%d" % n, "-c", "demo-lighthouse",
                              "-n", "1", "-s", "bm25-t5", "answer_correct", str(i % 2)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        out.append((time.perf_counter() - t0, rc))
        i += 1
        if PACE > 0:
            stop.wait(rng.uniform(0.5, 1.5) * PACE)


def phase(db, name, work):
    stop, lat, threads = threading.Event(), [], []
    for n in range(RATERS):
        out = []
        lat.append(out)
        threads.append(threading.Thread(target=rater, args=(db, n, stop, out)))
    for t in threads:
        t.start()
    took = work()
    stop.set()
    for t in threads:
        t.join()
    saves = sorted(s for out in lat for s, rc in out if rc == 0)
    failed = sum(1 for out in lat for s, rc in out if rc != 0)
    if not saves:
        print("bench/raters %s: no save succeeded (%d failed)" % (name, failed))
        return
    p = lambda q: saves[min(len(saves) - 1, int(q * len(saves)))] * 1000
    print("bench/raters %s: %d saves by %d raters (PACE %g s) in %.1f s (%d failed): "
          "p50 %.0f ms, p99 %.0f ms, max %.0f ms"
          % (name, len(saves), RATERS, PACE, took, failed, p(0.5), p(0.99), saves[-1] * 1000), flush=True)


def main():
    if not os.path.exists(TASK):
        sys.exit("bench/raters: run bench/import.sh 1 first (it makes %s)" % TASK)
    db = os.path.join(WORK, "raters.db")
    for f in (db, db + "-wal", db + "-shm"):
        if os.path.exists(f):
            os.remove(f)
    subprocess.check_call([CONVQA, "init", "--db", db], stdout=subprocess.DEVNULL)
    subprocess.check_call([CONVQA, "import", "-q", "--db", db, os.path.join(TOP, "sample_tasks", "demo.json")])

    def run_import():
        t0 = time.perf_counter()
        subprocess.check_call([CONVQA, "import", "-q", "--db", db, TASK])
        return time.perf_counter() - t0

    def wait():
        time.sleep(10)
        return 10.0
    phase(db, "during an import of %.0f MB" % (os.path.getsize(TASK) / 1e6), run_import)
    phase(db, "without an import", wait)


if __name__ == "__main__":
    main()
