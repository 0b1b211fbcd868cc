#!/bin/sh
# convqa import-scores: per-response scores computed elsewhere, from CSV
# (tests/fixtures/scores/judge.csv: quoted fields, a field over two lines,
# CRLF) and JSON Lines in SCAI's id/model shape (judge.jsonl), then in the
# report beside the automatic metrics: the mean per system, by turn depth,
# and the correlation with answer_correct. The expected figures are worked
# by hand in the comments. Refused files change nothing, and importing
# twice changes nothing.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
F="$FIXTURES/scores"
$CONVQA init >/dev/null
$CONVQA import -q "$F/tasks.json"
$CONVQA rater add alice >/dev/null
# answer_correct: A right on c1 1 and 2, wrong on c2 1; B the other way round
while read c n s v; do
	$CONVQA label answer_correct "$v" -r alice -c "$c" -n "$n" -s "$s" || echo "label $c $n $s failed"
done <<'EOF2'
c1 1 A 1
c1 2 A 1
c2 1 A 0
c1 1 B 0
c1 2 B 0
c2 1 B 1
EOF2
cp "$F/judge.csv" "$F/judge.jsonl" .
state() { sqlite3 "$T/p.db" "SELECT r.id, s.name, s.value, s.import_id FROM response_score s JOIN response r
	ON r.id = s.response_id ORDER BY 1, 2; SELECT count(*) FROM import"; }

run $CONVQA import-scores judge.csv --column gptscore,sas
check_eq "two columns of six rows are imported" "0|judge.csv: imported 12 scores from 6 rows (0 already here)|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "the values as the file gives them (quoted, .3, 8e-1)" "gptscore|0.9 gptscore|0.2 gptscore|0.6 gptscore|0.4 gptscore|0.3 gptscore|0.8 sas|0.75 sas|0.25 sas|0.5 sas|0.5 sas|0.0 sas|1.0" \
	"$(sqlite3 "$T/p.db" "SELECT name, value FROM response_score ORDER BY name, response_id" | paste -sd' ')"
run $CONVQA import-scores judge.jsonl --column llm_judge --as llm
check_eq "JSON Lines keyed by id and model, stored under --as" \
	"0|judge.jsonl: imported 3 scores from 3 rows (0 already here)|3" \
	"$rc|$(cat "$T/out")|$(sqlite3 "$T/p.db" "SELECT count(*) FROM response_score WHERE name = 'llm'")"
before=$(state)
run $CONVQA import-scores judge.csv --column gptscore,sas
check_eq "importing again changes nothing" "0|judge.csv: imported 0 scores from 6 rows (12 already here)|$before" \
	"$rc|$(cat "$T/out")|$(state)"

printf 'conversation,turn,system,rep\nc1,1,A,1\nc2,1,B,2\nc1,1,A,1.0\n' >rep.csv
$CONVQA init --db q.db >/dev/null
$CONVQA import --db q.db -q "$F/tasks.json"
run $CONVQA import-scores --db q.db rep.csv --column rep --as repeated
check_eq "a row repeated with the same value in the file is one score" \
	"0|rep.csv: imported 2 scores from 3 rows (1 already here)|1.0 2.0" \
	"$rc|$(cat "$T/out")|$(sqlite3 q.db "SELECT value FROM response_score WHERE name = 'repeated' ORDER BY value" | paste -sd' ')"

# one line per figure: "GROUP COLUMN VALUE N"
figures() {   # TABLE [COLUMN]
	python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r["section"] == "automatic" and r["table"] == sys.argv[1] and (len(sys.argv) < 3 or r["column"] == sys.argv[2]):
        print(r["group"], r["column"], r["value"], r["n"])
' "$@" <"$T/out"
}
run $CONVQA report --only automatic -f csv
check_eq "report runs" "0|" "$rc|$(cat "$T/err")"
# gptscore A (0.9 + 0.6 + 0.3) / 3 = 0.6, B (0.2 + 0.4 + 0.8) / 3 = 0.466667, all 3.2 / 6;
# llm: A 1 (one item), B (0.5 + 1) / 2 = 0.75, all 2.5 / 3
check_eq "the mean per system with n" \
	"A score:gptscore 0.6 3
B score:gptscore 0.466666666667 3
all score:gptscore 0.533333333333 6
A score:llm 1 1
B score:llm 0.75 2
all score:llm 0.833333333333 3" "$(figures imported | grep -v score:sas | sort -k2,2 -s)"
# depth 1: A (0.9 + 0.3) / 2, B (0.2 + 0.8) / 2, all 2.2 / 4; depth 2: A 0.6, B 0.4, all 0.5
check_eq "by turn depth with n" \
	"1 / A score:gptscore 0.6 2
1 / B score:gptscore 0.5 2
1 / all score:gptscore 0.55 4
2 / A score:gptscore 0.6 1
2 / B score:gptscore 0.4 1
2 / all score:gptscore 0.5 2" "$(figures imported_by_turn score:gptscore)"
# A: x = 0.9 0.6 0.3, y = 1 1 0: Pearson 0.3 / sqrt(0.18 * 2/3) = sqrt(3)/2 = 0.866025;
#    Spearman on ranks 3 2 1 / 2.5 2.5 1: 1.5 / sqrt(2 * 1.5) = 0.866025;
#    Kendall tau-b: 2 concordant, 0 discordant, 1 pair tied in y: 2 / sqrt(3 * 2) = 0.816497.
# B: x = 0.2 0.4 0.8, y = 0 0 1: Pearson (1/3) / sqrt(0.186667 * 2/3) = 1 / sqrt(1.12) = 0.944911;
#    Spearman 0.866025 and Kendall 0.816497 as A's (the same ranks, reversed in x and y).
check_eq "the correlation with answer_correct, as EM's" \
	"A / score:gptscore pearson 0.866025403784 3
A / score:gptscore spearman 0.866025403784 3
A / score:gptscore kendall_tau_b 0.816496580928 3
B / score:gptscore pearson 0.944911182523 3
B / score:gptscore spearman 0.866025403784 3
B / score:gptscore kendall_tau_b 0.816496580928 3" "$(figures correlation | grep 'score:gptscore')"
check_eq "EM is correlated in the same table" 1 "$(figures correlation pearson | grep -c '^A / em ')"
run $CONVQA report --only automatic --by none -f csv
check_eq "--by none: no table by turn" 0 "$(figures imported_by_turn | wc -l | tr -d ' ')"
run $CONVQA report --only automatic
check_grep "text: the imported table" 'Imported scores: mean per system' "$T/out"
run $CONVQA report -f json -o r.json
if /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/report.schema.json" \
	r.json >v 2>&1; then ok "the JSON report with imported scores validates"; else
	not_ok "the JSON report with imported scores validates" "$(cat v)"; fi

# --compare with an imported score: A 0.9 0.6 0.3 against B 0.2 0.4 0.8 on the same three turns:
# means 0.6 and 0.466667, difference 0.133333; exact sign flips of d = 0.7 0.2 -0.5 (sum 0.4):
# the 8 sums 1.4 1.0 0.4 0 0 -0.4 -1.0 -1.4, 6 with |sum| >= 0.4: p = 6/8
run $CONVQA report --compare A,B --metric score:gptscore -f csv
check_eq "--compare --metric score:gptscore: means, difference and the exact permutation p" \
	"mean_a 0.6 3|mean_b 0.466666666667 3|difference 0.133333333333 3|test permutation, exact 3|p 0.75 3" \
	"$(python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r["section"] == "compare" and r["column"] in ("mean_a", "mean_b", "difference", "test", "p"):
        print(r["column"], r["value"], r["n"])' <"$T/out" | paste -sd'|')"
check_run "--metric score:NAME of a score the project lacks" 2 \
	"convqa: --metric score:bert: the project has no imported score 'bert' (imported: score:gptscore, score:llm, score:sas)" \
	$CONVQA report --compare A,B --metric score:bert

# ---- refusals: FILE:LINE, and the project unchanged ----
before=$(state)
refused() {   # NAME MESSAGE ARGS...
	name=$1 msg=$2
	shift 2
	run $CONVQA import-scores "$@"
	check_eq "$name" "2||$msg|$before" "$rc|$(cat "$T/out")|$(cat "$T/err")|$(state)"
}
refused "a column the file lacks" \
	"judge.csv:1: no column 'bertscore' in the header (its columns: 'conversation', 'turn', 'system', 'note', 'gptscore', 'sas'): name a score column with --column" \
	judge.csv --column bertscore
printf 'conversation,turn,system,s\nc1,1,A,0.5\nc1,2,A,high\n' >bad.csv
refused "a value that is not a number" \
	"bad.csv:3: column 's': 'high' is not a number: give each score as a finite number (a response without a score: leave its row out)" \
	bad.csv --column s
printf 'conversation,turn,system,s\nc1,1,A,nan\n' >nan.csv
refused "nan is not a finite number" \
	"nan.csv:2: column 's': 'nan' is not a number: give each score as a finite number (a response without a score: leave its row out)" \
	nan.csv --column s
printf 'conversation,turn,system,s\nc1,1,A,0.5\nc1,1,Z,0.5\n' >unknown.csv
run $CONVQA import-scores unknown.csv --column s
check_eq "a response the project lacks: the line and the systems there are" "2|$before" "$rc|$(state)"
check_grep "... names the systems" "^unknown.csv:3: .*'Z'.*A, B" "$T/err"
printf 'conversation,turn,system,s\nc1,9,A,0.5\n' >turn.csv
run $CONVQA import-scores turn.csv --column s
check_grep "a turn the conversation lacks: the turns there are" "^turn.csv:2: .*9.*1, 2" "$T/err"
printf '{"id": "c1_1", "model": "A", "s": 0.5}\n{"id": "c1_2", "model": "A", "s": 0.5}\n{"id": "c1_1", "model": "A", "s": 0.7}\n' >dup.jsonl
refused "the same response twice in a file with another value" \
	"dup.jsonl:3: score 's' of this response is 0.7 here and 0.5 on line 1: give each response one value of a score" \
	dup.jsonl --column s
printf '{"id": "c1_1", "model": "A", "s": "0.5"}\n' >str.jsonl
refused "JSON: a string is not a number" "str.jsonl:1: \"s\" is not a number: give each score as a number" \
	str.jsonl --column s
printf 'conversation,turn,system,gptscore\nc2,1,B,0.8\nc1,2,A,0.65\n' >changed.csv
refused "another value than the project's is a conflict, with both values" \
	"changed.csv:3: score 'gptscore' of this response is 0.6 in the project and 0.65 here: a score once imported is kept; import this one under another name (--as NAME)" \
	changed.csv --column gptscore
printf 'conv,turn,system,s\nc1,1,A,0.5\n' >nokey.csv
refused "a header naming no response" \
	"nokey.csv:1: the header names no response (its columns: 'conv', 'turn', 'system', 's'): give columns conversation, turn and system (or id \"<conversation>_<turn>\" and model)" \
	nokey.csv --column s
check_run "no --column" 1 "convqa import-scores: no --column given: name the score column(s) of judge.csv, e.g. --column gptscore
usage: convqa import-scores [--db PATH] --column NAMES [--as NAME] [--format csv|jsonl] FILE" \
	$CONVQA import-scores judge.csv
check_run "--as with two columns" 1 "convqa import-scores: --as renames one column: give one --column with it" \
	$CONVQA import-scores judge.csv --column gptscore,sas --as x
check_run "--format csv reads JSON Lines as CSV: the quote that does not belong" 2 \
	'judge.jsonl:1:6: a quoted field goes on after its closing quote (a quote inside a field is doubled: "")' \
	$CONVQA import-scores judge.jsonl --column llm_judge --format csv
check_eq "the project is unchanged after every refusal" "$before" "$(state)"
done_testing
