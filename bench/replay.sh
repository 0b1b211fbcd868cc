#!/bin/sh
# bench/replay.sh: turns per second of convqa replay against the fake system
# (tests/fixtures/fake_replay.py) with --parallel 1 and 8: with no delay
# (convqa's own cost: the protocol and one transaction per turn) and with a
# system that takes 20 ms a turn. CONVS conversations of 8 turns (default 64).
cd "$(dirname "$0")/.." || exit 1
bin=${CONVQA:-./convqa}
[ -x "$bin" ] || { echo "bench/replay.sh: build ./convqa first (make)"; exit 1; }
convs=${CONVS:-64}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$convs" >"$tmp/tasks.json" <<'PY'
import json, sys
n = int(sys.argv[1])
print(json.dumps({"format": "convqa-tasks", "version": 1, "conversations": [
    {"id": "c%d" % c, "turns": [{"question": "question %d of %d" % (t, c), "gold": {"answers": ["gold %d" % t]}}
                               for t in range(1, 9)]} for c in range(n)]}))
PY
for mode in fast delay:0.02; do
	for par in 1 8; do
		rm -f "$tmp"/p.db*
		"$bin" --db "$tmp/p.db" init >/dev/null && "$bin" --db "$tmp/p.db" import -q "$tmp/tasks.json" || exit 1
		start=$(date +%s.%N)
		"$bin" --db "$tmp/p.db" replay --system fake --all --parallel $par \
			--command "python3 tests/fixtures/fake_replay.py $mode /dev/null" >/dev/null || exit 1
		end=$(date +%s.%N)
		awk -v s="$start" -v e="$end" -v n=$((convs * 8)) -v p=$par -v m="$mode" \
			'BEGIN { printf "replay: %d turns, system %s, --parallel %d: %.0f turns/s\n", n, m, p, n / (e - s) }'
	done
done
