#!/usr/bin/python3
"""bench/raters: how long a rater's save (`convqa label`) takes while an
import runs (issue 21: "raters never wait on an import"; target p99 under
100 ms and the maximum under 1 s).

RATERS raters (default 16) label into a project while `convqa import` of
the QReCC-sized task file (bench/work/qrecc-size-1x.json, 184 MB, made by
bench/import.sh 1) runs into the same project; then the same raters for
10 s without an import, for comparison. The raters are modelled as people:
a person gives at most about one judgement a second, so each rater saves,
then thinks for a time drawn uniformly in [0.5, 1.5] x PACE seconds
(default PACE=1) before the next save, its first save after a time in
[0, PACE] (people do not start at the same instant); the draws come from a
fixed seed per rater, the same in every run. Each save is a new process,
as a script would run it: its start is counted in the latency. PACE=0 is
the stress mode of before: each rater saves again at once (16 of them on
two cores saturate the machine). Prints RATERS and PACE with the number of
saves, p50, p99 and the maximum latency of each phase, and the import's
time. A figure, not a timed test. CONVQA_BENCH=path measures another
binary.

Last measured (27 Nov, 2 cores, load 1.7-2.9 from other builds), 16
paced raters during the import, fourteen runs: p50 20-34 ms; p99 45-100
ms in eight, 115-418 ms in five, 954 ms in one (where logged, the long
waits came from a commit of the import that took 324 ms on the disk
shared with other builds); max under 1 s in all; without an
import p99 27-59 ms. The build before (40 ms transactions; saves that
took the lock during the import's checkpoint went unseen): p99 143-199
ms, max 147-226 ms (four runs).
PACE=0 RATERS=4 (load 2-6): p99 112-165 ms, max 157-231 ms; before p99
142-278 ms, max 398-677 ms. See docs/development.md, "Imports and raters".
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
