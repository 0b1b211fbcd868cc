#!/bin/sh
# Control pairs in a pairwise round (issue 22): round create --task
# pairwise --control RATE --control-from EXPERT mixes pairs the expert has
# judged into each rater's queue, unmarked (seq stays 1..n), of turns the
# rater does not judge otherwise; their labels are never votes (the
# pairwise tables, prefs-csv) and the report's controls section scores each
# rater against the expert.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
q() { sqlite3 "$T/p.db" "$1"; }

# 12 conversations of one turn, answered by s1 and s2 (all different)
pairwise_project 12 s1 s2
for r in alice bob eve; do $CONVQA rater add $r >/dev/null; done

# ---- refusals ---------------------------------------------------------------------------
check_run "control pairs need an expert: the gold decides no preference" 2 \
	"convqa: --control in a pairwise round (pairwise) takes the known preferences from a rater's: name the rater with --control-from RATER (the gold decides no preference)" \
	$CONVQA round create r --task pairwise --raters alice,bob --control 0.5
check_run "an expert who judged no pair is told what to do" 2 \
	"convqa: rater 'eve' has given no preference (preference of task pairwise) on a pair of these systems: there are no known answers for control pairs (let eve judge pairs of them first, in a pairwise round of their own or in convqa chat --systems)" \
	$CONVQA round create r --task pairwise --raters alice,bob --control 0.5 --control-from eve
check_run "an unknown expert" 2 \
	"convqa: no rater 'zed' in the project (--control-from names the rater whose preferences are the known answers)" \
	$CONVQA round create r --task pairwise --raters alice,bob --control 0.5 --control-from zed
check_run "the expert is not one of the raters" 2 \
	"convqa: rater 'eve' gives the known answers of the control pairs: not one of the round's raters too" \
	$CONVQA round create r --task pairwise --raters alice,eve --control 0.5 --control-from eve

# ---- the expert's preferences -------------------------------------------------------------
# eve judges the 12 pairs in a round of her own; her values (normalised:
# a = s1 preferred, b = s2) of c01..c12
$CONVQA round create gold --task pairwise --raters eve --seed 1 >/dev/null
set -- a b tie a b a both_bad b a b a tie
i=0
for v in "$@"; do
	i=$((i + 1))
	pairwise_label eve gold "$(printf 'c%02d' $i)" "$v" 2
done
check_run "with no turn free of each rater's own pairs there is no control pair" 2 \
	"convqa: --control 0.5 gives no control pairs: each of the 12 pairs eve judged is of a turn in every rater's queue already (a control pair is one a rater does not judge anyway: make the round smaller, or let eve judge more pairs)" \
	$CONVQA round create r --task pairwise --raters alice,bob --overlap 0 --control 0.5 --control-from eve
check_eq "nothing refused made a round" 1 "$(q 'SELECT count(*) FROM round')"

# ---- the round ---------------------------------------------------------------------------------
# overlap 1: alice and bob have 6 pairs each; ceil(0.5 x 6) = 3 control
# pairs each, from the 6 turns of the other rater
run $CONVQA round create ctl --task pairwise --raters alice,bob --overlap 1 --seed 3 --control 0.5 --control-from eve
check_eq "round create counts the control pairs of each rater" "0|created round 'ctl' (pairwise): 2 raters, 12 pairs of answers (1 pair of systems), 1 rater per pair (seed 3)
  alice                9 pairs, 3 of them control pairs
  bob                  9 pairs, 3 of them control pairs
raters start with: convqa annotate --rater NAME --round ctl" "$rc|$(cat "$T/out")"
ctl="pa.round_id = (SELECT id FROM round WHERE name = 'ctl')"
check_eq "each queue is numbered 1..9 without a gap, controls among them" "alice|9|1|9|9|3
bob|9|1|9|9|3" "$(q "SELECT r.name, count(*), min(seq), max(seq), count(DISTINCT seq), sum(control) FROM pair_assignment pa
	JOIN rater r ON r.id = pa.rater_id WHERE $ctl GROUP BY 1")"
check_eq "no control pair is of a turn the rater judges otherwise" 0 \
	"$(q "SELECT count(*) FROM pair_assignment pa JOIN pair p ON p.id = pa.pair_id JOIN pair_assignment o
	      ON o.round_id = pa.round_id AND o.rater_id = pa.rater_id AND o.control = 0 JOIN pair op ON op.id = o.pair_id
	      WHERE $ctl AND pa.control = 1 AND op.turn_id = p.turn_id")"
check_eq "the controls are not all at the start or the end of a queue" 1 \
	"$(q "SELECT count(*) > 0 FROM pair_assignment pa WHERE $ctl AND pa.control = 1 AND pa.seq NOT IN (1, 2, 3, 7, 8, 9)")"
check_eq "each rater sees each system left about half the time, controls included (4 or 5 of 9)" "alice|1
bob|1" "$(q "SELECT r.name, sum(a_first) IN (4, 5) FROM pair_assignment pa JOIN rater r ON r.id = pa.rater_id
	      WHERE $ctl GROUP BY 1")"
run $CONVQA round create ctl2 --task pairwise --raters alice,bob --overlap 1 --seed 3 --control 0.5 --control-from eve
check_eq "the same seed mixes the same controls at the same places" \
	"$(q "SELECT group_concat(pair_id || ':' || seq || ':' || control) FROM pair_assignment pa WHERE $ctl")" \
	"$(q "SELECT group_concat(pair_id || ':' || seq || ':' || control) FROM pair_assignment pa
	      WHERE pa.round_id = (SELECT id FROM round WHERE name = 'ctl2')")"
$CONVQA round delete ctl2 >/dev/null
run $CONVQA round show ctl
check_grep "round show names the known answers" "known answers by eve" "$T/out"
# a round of 4 of the 12 pairs: its 2 control pairs are none of them
$CONVQA round create few --task pairwise --raters alice --pairs sample:4 --seed 3 --control 0.5 --control-from eve >/dev/null
run $CONVQA round show few
check_grep "round show counts the round's 4 pairs, not its 2 control pairs" "^4 pairs, 1 rater per pair, seed 3$" "$T/out"
check_grep "   and names them control pairs" "^control pairs: 50% of each queue, known answers by eve$" "$T/out"
check_grep "   its rater has the 6 in the queue" "^  alice  *0 / 6 " "$T/out"
run $CONVQA round list
check_grep "round list counts the 4 pairs too" "^few  *pairwise  *open  *1  *4  " "$T/out"
$CONVQA round delete few >/dev/null
# 2 pairs for 3 raters: one of them has none, so no control pair either
$CONVQA rater add dan >/dev/null
run $CONVQA round create tiny --task pairwise --raters alice,bob,dan --pairs sample:2 --seed 2 --control 0.5 --control-from eve
check_eq "a rater without pairs is not told that the expert's pairs are all of their queue" \
	"1 2 pairs, 1 of them control pairs
1 2 pairs, 1 of them control pairs
1 0 pairs" "$(sed -n '2,4p' "$T/out" | sed 's/^  [a-z]* *//' | sort -r | sed 's/^/1 /')"
$CONVQA round delete tiny >/dev/null

# ---- labels ---------------------------------------------------------------------------------------
# alice prefers s1 on each of her own pairs, bob s2; on their control
# pairs, in queue order, each gives eve's value twice, then another one:
# 2 agreements of 3 each
for r in alice bob; do
	own=$([ $r = alice ] && echo a || echo b)
	q "SELECT c.ext_id, pa.control, coalesce((SELECT value FROM label l WHERE l.rater_id = (SELECT id FROM rater WHERE name = 'eve')
	   AND l.unit_ref = pa.pair_id), '') FROM pair_assignment pa JOIN pair p ON p.id = pa.pair_id
	   JOIN turn t ON t.id = p.turn_id JOIN conversation c ON c.id = t.conversation_id
	   WHERE $ctl AND pa.rater_id = (SELECT id FROM rater WHERE name = '$r') ORDER BY pa.seq" >"$T/queue.$r"
	k=0
	while IFS='|' read -r conv control known; do
		if [ "$control" = 0 ]; then
			pairwise_label $r ctl "$conv" $own 2
			continue
		fi
		k=$((k + 1))
		if [ $k -le 2 ]; then v=$known; elif [ "$known" = tie ]; then v=a; else v=tie; fi
		pairwise_label $r ctl "$conv" $v 2
	done <"$T/queue.$r"
done
check_eq "(the set-up: 18 labels in round ctl)" 18 "$(q "SELECT count(*) FROM label WHERE round_id = (SELECT id FROM round WHERE name = 'ctl')")"

run $CONVQA round show ctl
check_eq "round show scores each rater against the expert on the control pairs" "control pairs, against eve's preferences (each field of the pair):
  rater               items   values  agreed  accuracy (95% Wilson)
  alice                   3        3       2  0.667 (0.208-0.939)
  bob                     3        3       2  0.667 (0.208-0.939)" "$(tail -4 "$T/out")"
run $CONVQA report --round ctl --format json -o "$T/r.json"
check_eq "the report runs" 0 "$rc"
check_eq "controls: each rater 3 control pairs, 2 agreeing, accuracy 2/3 with its Wilson interval" \
	"alice items=3 agreed=2 accuracy=0.666667 [0.207655, 0.938510] n=3
bob items=3 agreed=2 accuracy=0.666667 [0.207655, 0.938510] n=3" "$(python3 -c 'import json,sys
t = json.load(open(sys.argv[1]))["sections"]["controls"]["tables"]["by_rater"]
for r in t["rows"]:
    c = r["cells"]
    print("%s items=%d agreed=%d accuracy=%.6f [%.6f, %.6f] n=%d" % (r["group"], c["items"]["count"], c["agreed"]["count"],
        c["accuracy"]["value"], c["accuracy"]["ci95"][0], c["accuracy"]["ci95"][1], c["accuracy"]["n"]))' "$T/r.json" 2>&1)"
check_eq "the section is of control pairs, its note of the expert's preferences in any round" \
	"Control pairs|their known answers are the preferences the control rater gave, in any round or in the arena" \
	"$(python3 -c 'import json,sys
s = json.load(open(sys.argv[1]))["sections"]["controls"]
note = s["tables"]["by_rater"]["notes"][0]
print(s["title"] + "|" + ("outside rounds" in note and "outside rounds" or note.split("; ")[1].split(" (round show")[0]))' "$T/r.json" 2>&1)"
check_eq "the pairwise tables count the 12 own pairs only: s1 6 wins, 6 losses, no tie" "6|0|6" \
	"$(python3 -c 'import json,sys
t = json.load(open(sys.argv[1]))["sections"]["pairwise:preference"]["tables"]
r = t["pairs"]["rows"][0]["cells"]
print("%d|%d|%d" % (r["wins"]["count"], r["ties"]["count"], r["losses"]["count"]))' "$T/r.json" 2>&1)"
run $CONVQA report --round ctl
check_grep "the text report says control judgements are left out" "left out: judgements of control items score their rater" "$T/out"
run $CONVQA export --format prefs-csv --round ctl
check_eq "prefs-csv: the 12 own preferences, no control row" 13 "$(wc -l <"$T/out")"
check_eq "   alice's 6 all s1, bob's 6 all s2" "6 s1 alice
6 s2 bob" "$(tail -n +2 "$T/out" | cut -d, -f5,6 | tr ',' ' ' | sort | uniq -c | sed 's/^ *//')"
run $CONVQA export --round ctl --format csv
check_eq "the labels export keeps every label (control ones too, as for turn rounds)" 19 "$(wc -l <"$T/out")"

# ---- adjudication ---------------------------------------------------------------------------------
# overlap 1: no pair has two raters' votes; a control pair of one rater is
# often another's own pair, and never makes a disagreement with it
$CONVQA rater add dan --role adjudicator >/dev/null
run $CONVQA round show ctl
check_grep "round show: no disagreement (control pairs are no votes)" "disagreements: none (0 pairs judged by two raters or more)" "$T/out"
run env CONVQA_SCRIPT=/dev/null $CONVQA adjudicate --round ctl --rater dan
check_grep "adjudicate: nothing to adjudicate" "nothing to adjudicate" "$T/out" "$T/err"
