#!/bin/sh
# bench/replay.sh: turns (requests) per second of convqa replay with
# --parallel 1 and 8, against the fake system started by --command
# (tests/fixtures/fake_replay.py) and against the fake HTTP server on
# 127.0.0.1 (tests/fixtures/fake_http.py, --endpoint): with no delay
# (convqa's own cost: the protocol and one transaction per turn) and with a
# system that takes 20 ms a turn. CONVS conversations of 8 turns (default 64).
cd "$(dirname "$0")/.." || exit 1
bin=${CONVQA:-./convqa}
[ -x "$bin" ] || { echo "bench/replay.sh: build ./convqa first (make)"; exit 1; }
convs=${CONVS:-64}
tmp=$(mktemp -d)
server=
trap 'kill $server 2>/dev/null; rm -rf "$tmp"' EXIT
python3 - "$convs" >"$tmp/tasks.json" <<'PY'
import json, sys
n = int(sys.argv[1])
print(json.dumps({"format": "convqa-tasks", "version": 1, "conversations": [
    {"id": "c%d" % c, "turns": [{"question": "question %d of %d" % (t, c), "gold": {"answers": ["gold %d" % t]}}
                               for t in range(1, 9)]} for c in range(n)]}))
PY
python3 tests/fixtures/fake_http.py "$tmp/port" /dev/null &
server=$!
i=0
while [ ! -s "$tmp/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
[ -s "$tmp/port" ] || { echo "bench/replay.sh: the fake HTTP server did not start"; exit 1; }
url="http://127.0.0.1:$(cat "$tmp/port")"
for how in command http; do
	for mode in fast delay:0.02; do
		for par in 1 8; do
			rm -f "$tmp"/p.db*
			"$bin" --db "$tmp/p.db" init >/dev/null && "$bin" --db "$tmp/p.db" import -q "$tmp/tasks.json" || exit 1
			if [ $how = command ]; then
				set -- --command "python3 tests/fixtures/fake_replay.py $mode /dev/null"
			else
				set -- --endpoint "$url/$mode"
			fi
			start=$(date +%s.%N)
			"$bin" --db "$tmp/p.db" replay --system fake --all --parallel $par "$@" >/dev/null || exit 1
			end=$(date +%s.%N)
			awk -v s="$start" -v e="$end" -v n=$((convs * 8)) -v p=$par -v m="$mode" -v h=$how \
				'BEGIN { printf "replay: %d turns, %s system %s, --parallel %d: %.0f turns/s\n", n, h, m, p, n / (e - s) }'
		done
	done
done
