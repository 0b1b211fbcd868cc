#!/bin/sh
# make demo: import sample_tasks/ into demo.db (kept between runs: importing
# again changes nothing and labels are never lost), then open the UI.
set -e
cd "$(dirname "$0")/../.."
db=demo.db
[ -f "$db" ] || ./convqa init --db "$db"
./convqa import --db "$db" sample_tasks/*.json
./convqa info --db "$db"
if ./convqa help annotate >/dev/null 2>&1; then
	if [ -t 0 ] && [ -t 1 ]; then
		exec ./convqa annotate --db "$db" --rater "${USER:-demo}"
	fi
	echo "not a terminal; open the annotation UI with: ./convqa annotate --db $db"
else
	echo "(the annotation UI is not built yet)"
fi
