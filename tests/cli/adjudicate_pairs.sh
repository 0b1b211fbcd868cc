#!/bin/sh
# convqa adjudicate on a pairwise round: the pairs whose raters disagree
# (normalised to the systems: s1 preferred, s2 preferred, tie, both bad)
# are walked as the pair screen shows them, each rater's choice named as
# the adjudicator sees the pair; the value picked is the adjudicator's
# label of the pair, the settled preference that report --consensus
# adjudicated counts in the W/T/L of the pairwise tables, and that
# export --format prefs-csv marks as settled. A hand-worked case with
# three raters:
#
#   conversation  alice   bob       carol   two or more?  disagreement?
#   c1            s1      s1        s1      yes           no
#   c2            s1      s2        s1      yes           yes -> dan: s2
#   c3            tie     both bad  tie     yes           yes -> dan: tie
#   c4            s2      -         -       no            no
#   c5            s2      s2        -       yes           no
#
# Every judgement (no consensus): s1 wins 3 + 2 = 5, ties 2 + 1 both bad
# = 3, s2 wins 1 + 1 + 2 = 4 (n = 12); dan's settlements are no judgements.
# --consensus adjudicated: c1 s1, c2 s2 (settled), c3 tie (settled), c4 s2
# (its one rater), c5 s2: W/T/L = 1 / 1 / 3 (n = 5).
# --consensus majority: c1 s1, c2 s1, c3 tie, c4 s2, c5 s2: 2 / 1 / 2.
# --consensus discard: c1 s1, c4 s2, c5 s2 (c2, c3 left out): 1 / 0 / 2.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
q() { sqlite3 "$T/p.db" "$1"; }

pairwise_project 5 s1 s2
for r in alice bob carol; do $CONVQA rater add $r >/dev/null; done
$CONVQA rater add dan --role adjudicator >/dev/null
$CONVQA round create ab --task pairwise --systems s1,s2 --raters alice,bob,carol --overlap 3 --seed 4 >/dev/null

# want RATER CONV: the preference of the table above ("-": none)
want() {
	case "$1:$2" in
	*:c1|alice:c2|carol:c2) echo s1 ;;
	bob:c2|alice:c4|alice:c5|bob:c5) echo s2 ;;
	bob:c3) echo both_bad ;;
	*:c3) echo tie ;;
	*) echo - ;;
	esac
}
# key RATER CONV A_FIRST: the key that gives want's value on RATER's screen
key() {
	case "$(want "$1" "$2"):$3" in
	s1:1|s2:0) echo a ;;
	s1:0|s2:1) echo b ;;
	tie:*) echo e ;;
	both_bad:*) echo x ;;
	esac
}
for r in alice bob carol; do
	printf 'q\n:wait 4\n' >"$T/script"
	q "SELECT c.ext_id, pa.a_first FROM pair_assignment pa JOIN rater ra ON ra.id = pa.rater_id
	   JOIN pair p ON p.id = pa.pair_id JOIN turn t ON t.id = p.turn_id
	   JOIN conversation c ON c.id = t.conversation_id WHERE ra.name = '$r' ORDER BY pa.seq" |
	while IFS='|' read -r conv first; do
		k=$(key $r "$conv" "$first")
		[ -n "$k" ] && echo "$k" >>"$T/script"
		echo n >>"$T/script"
	done
	echo q >>"$T/script"
	CONVQA_SCRIPT="$T/script" $CONVQA annotate --rater $r --round ab >/dev/null 2>"$T/err" ||
		not_ok "annotate $r" "$(cat "$T/err")"
done
check_eq "the raters' preferences are stored as the table says" \
"alice|c1|s1
alice|c2|s1
alice|c3|tie
alice|c4|s2
alice|c5|s2
bob|c1|s1
bob|c2|s2
bob|c3|both_bad
bob|c5|s2
carol|c1|s1
carol|c2|s1
carol|c3|tie" \
	"$(q "SELECT ra.name, c.ext_id, CASE l.value WHEN 'a' THEN 's1' WHEN 'b' THEN 's2' ELSE l.value END
	      FROM label l JOIN rater ra ON ra.id = l.rater_id JOIN turn t ON t.id = l.turn_id
	      JOIN conversation c ON c.id = t.conversation_id WHERE l.unit = 'pair' ORDER BY 1, 2")"

# ---- who and what --------------------------------------------------------------------------
run $CONVQA round show ab
check_eq "round show counts the open disagreements and says who settles them" \
	"disagreements: 2 of the 4 pairs judged by two raters or more; 0 settled by an adjudicator, 2 open
an adjudicator settles them with: convqa adjudicate --round ab" "$(tail -2 "$T/out")"
check_run "a rater of the open round may not adjudicate it" 2 \
	"convqa: adjudicate: rater 'alice' is not an adjudicator (give the role with: convqa rater add alice --role adjudicator)" \
	env CONVQA_SCRIPT=/dev/null $CONVQA adjudicate --round ab --rater alice

# ---- the screen ------------------------------------------------------------------------------
# dan's queue: c2 then c3 (conversation order); his sides alternate
side() {   # the key that picks system $2 on dan's screen for disagreement $1 (1-based)
	first=$(( ($1 - 1 + $(q "SELECT id FROM rater WHERE name = 'dan'")) % 2 == 0 ))
	if [ "$2" = s1 ] && [ $first = 1 ] || [ "$2" = s2 ] && [ $first = 0 ]; then echo a; else echo b; fi
}
printf '%s\nn\nq\n' "$(side 1 s2)" >"$T/script"
CONVQA_SCRIPT="$T/script" $CONVQA adjudicate --round ab --rater dan >"$T/out" 2>"$T/err"
check_eq "one of two settled, said at the end" "0|round 'ab': 1 of 2 disagreements settled by dan|" \
	"$?|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA round show ab
check_eq "round show: one settled, one open" \
	"disagreements: 2 of the 4 pairs judged by two raters or more; 1 settled by an adjudicator, 1 open" \
	"$(grep '^disagreements' "$T/out")"
printf 'e\nq\n' >"$T/script"
CONVQA_SCRIPT="$T/script" $CONVQA adjudicate --round ab --rater dan >"$T/out" 2>"$T/err"
check_eq "resumed at the unsettled one (c3), settled as a tie" "0|round 'ab': 2 of 2 disagreements settled by dan" \
	"$?|$(cat "$T/out")"
run $CONVQA round show ab
check_eq "round show: none open, no command" "disagreements: 2 of the 4 pairs judged by two raters or more; 2 settled by an adjudicator, 0 open" \
	"$(tail -1 "$T/out")"
check_eq "the settlements are dan's labels of the pairs in the round, by system" "c2|s2
c3|tie" \
	"$(q "SELECT c.ext_id, CASE l.value WHEN 'a' THEN 's1' WHEN 'b' THEN 's2' ELSE l.value END
	      FROM label l JOIN rater ra ON ra.id = l.rater_id JOIN turn t ON t.id = l.turn_id
	      JOIN conversation c ON c.id = t.conversation_id JOIN round r ON r.id = l.round_id
	      WHERE ra.name = 'dan' AND r.name = 'ab' ORDER BY 1")"

# ---- the report --------------------------------------------------------------------------------
wtl() {   # A wins|ties|B wins|n of s1 vs s2 in the report
	$CONVQA report --round ab --only preferences -f csv "$@" |
		awk -F, '$1 == "pairwise:preference" && $2 == "pairs" && $4 == "s1 vs s2" {
			v[$5] = $6; if ($5 == "wins") n = $7 } END { print v["wins"] "|" v["ties"] "|" v["losses"] "|" n }'
}

check_eq "every judgement: 5 / 3 / 4 of 12, the settlements left out" "5|3|4|12" "$(wtl)"
check_eq "--consensus adjudicated: 1 / 1 / 3 of 5" "1|1|3|5" "$(wtl --consensus adjudicated)"
check_eq "--consensus majority: 2 / 1 / 2 of 5" "2|1|2|5" "$(wtl --consensus majority)"
check_eq "--consensus discard: 1 / 0 / 2 of 3" "1|0|2|3" "$(wtl --consensus discard)"

# ---- the export ------------------------------------------------------------------------------------
check_eq "prefs-csv: dan's rows are the settled ones (the last column), the raters' are not" "c2,s2,dan,1
c3,tie,dan,1
0 0 0 0 0 0 0 0 0 0 0 0" \
	"$($CONVQA export --format prefs-csv --round ab | tr -d '\r' | awk -F, 'NR > 1 && $9 == 1 { print $1 "," $5 "," $6 "," $9 }
		NR > 1 && $9 == 0 { z = z (z == "" ? "" : " ") $9 } END { print z }')"
