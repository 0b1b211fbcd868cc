#!/bin/sh
# convqa report --threshold NAME=T: an imported score as a judgement of
# correctness (correct at T or above) set against each rater and the
# consensus like a rater: Cohen's kappa per rater, worked by hand below on
# tests/fixtures/scores (gptscore: A 0.9 0.6 0.3, B 0.2 0.4 0.8 on
# c1 1, c1 2, c2 1).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
F="$FIXTURES/scores"
$CONVQA init >/dev/null
$CONVQA import -q "$F/tasks.json"
for r in alice bob carol; do $CONVQA rater add $r >/dev/null; done
while read r c n s v; do
	$CONVQA label answer_correct "$v" -r "$r" -c "$c" -n "$n" -s "$s" || echo "label $r $c $n $s failed"
done <<'EOF2'
alice c1 1 A 1
alice c1 2 A 1
alice c2 1 A 0
alice c1 1 B 0
alice c1 2 B 0
alice c2 1 B 1
bob c1 1 A 1
bob c1 2 A 0
bob c2 1 A 0
bob c1 1 B 0
bob c1 2 B 1
bob c2 1 B 1
carol c1 1 A 0
carol c1 2 A 1
carol c1 1 B 0
carol c2 1 B 0
EOF2
cp "$F/judge.csv" .
$CONVQA import-scores judge.csv --column gptscore,sas >/dev/null

figures() {   # one line per figure of table thresholds: "GROUP COLUMN VALUE N"
	python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r["section"] == "automatic" and r["table"] == "thresholds" and r["column"] == sys.argv[1]:
        print(r["group"] + "|" + r["value"] + "|" + r["n"])
' "$@" <"$T/out"
}
run $CONVQA report --only automatic --threshold gptscore=0.5 -f csv
check_eq "report runs" "0|" "$rc|$(cat "$T/err")"
# judged correct by gptscore >= 0.5: A c1 1, A c1 2, B c2 1 (3 of 6).
# alice agrees on all 6: kappa 1. bob: table score x bob = [[2, 1], [1, 2]]:
# p_o 4/6, p_e 0.5, kappa 1/3, se sqrt((2/3)(1/3) / (6 x 0.25)) = 0.3849,
# interval 1/3 -+ 1.96 se = -0.421 .. 1 (clamped). carol (4 items: A c1 1 0,
# A c1 2 1, B c1 1 0, B c2 1 0): [[1, 0], [2, 1]]: p_o 0.5, p_e 0.75 x 0.25 +
# 0.25 x 0.75 = 0.375, kappa 0.2. Majority: A c1 1 (1 1 0) 1, A c1 2 (1 0 1)
# 1, A c2 1 0, B c1 1 0, B c1 2 (0 1) a tie: no consensus, B c2 1 (1 1 0) 1:
# the score agrees on the 5 others, kappa 1.
check_eq "kappa per rater and against the majority, with n" \
"gptscore >= 0.5 / alice 1 6
gptscore >= 0.5 / bob 0.333333333333 6
gptscore >= 0.5 / carol 0.2 4
gptscore >= 0.5 / majority 1 5" "$(figures kappa | tr '|' ' ')"
check_eq "the shares judged correct and alike" \
"gptscore >= 0.5 / alice 0.5 6
gptscore >= 0.5 / bob 0.5 6
gptscore >= 0.5 / carol 0.75 4
gptscore >= 0.5 / majority 0.6 5" "$(figures score_correct | tr '|' ' ')"
check_eq "agreement" "1 0.666666666667 0.5 1" "$(figures agreement | cut -d'|' -f2 | paste -sd' ')"

# two scores as a comma list; with --consensus majority the raters come from the judgements
run $CONVQA report --only automatic --threshold score:gptscore=0.5,sas=0.5 --consensus majority
check_grep "text: the table" "Thresholded scores against the raters" "$T/out"
check_grep "text: sas >= 0.5 is a judgement too" "sas >= 0.5 / bob" "$T/out"
check_grep "text: the consensus row" "gptscore >= 0.5 / majority" "$T/out"
check_grep "text: the convention" "judged correct by the score" "$T/out"
check_grep "text: the kappa with its interval" "gptscore >= 0.5 / bob           6      0.667          0.333  -0.421 to 1.000" "$T/out"

# --threshold repeated: the same tables as the comma list
$CONVQA report --only automatic --threshold score:gptscore=0.5,sas=0.5 --consensus majority -f csv >comma.csv
run $CONVQA report --only automatic --threshold score:gptscore=0.5 --threshold sas=0.5 --consensus majority -f csv
n_comma=$(grep -c ',thresholds,' comma.csv)
check_eq "--threshold repeated reads as the comma list (both scores' rows, the same)" "0|yes|$n_comma|" \
	"$rc|$([ "$n_comma" -gt 0 ] && grep -q ',thresholds,.*sas >= 0.5' comma.csv && echo yes)|$(grep -c ',thresholds,' "$T/out")|$(diff comma.csv "$T/out" | grep '^[<>]')"

# errors
run $CONVQA report --only automatic --threshold bertscore=0.85
check_eq "a score the project lacks: exit 2 (input), names those it has" \
	"2|convqa: --threshold bertscore: the project has no imported score 'bertscore' (imported: gptscore, sas)" \
	"$rc|$(cat "$T/err")"
run $CONVQA report --threshold gptscore
check_eq "no =T: a usage error" "1|convqa report: --threshold expects NAME=T (an imported score and a number, e.g. bertscore=0.85); got 'gptscore'" \
	"$rc|$(cat "$T/err")"
run $CONVQA report --threshold gptscore=high
check_grep "T not a number" "'high' is not a number" "$T/err"
run $CONVQA report --only answers --threshold gptscore=0.5
check_eq "--only without automatic" "1|convqa report: --threshold adds to the section automatic: --only must name it" \
	"$rc|$(cat "$T/err")"
done_testing
