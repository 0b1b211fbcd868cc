#!/bin/sh
# Label exports mark the labels given on control items (round create
# --control): csv's last column control (1/0), json's and jsonl's member
# "control" (true/false) on every label; json is version 3. A turn round and
# a pairwise round with controls: what each format shows on control and
# other labels; prefs-csv leaves control pairs out; import-labels of the
# json and jsonl exports (round trip into another copy: the labels stay
# controls, by the round's assignment) and its refusal of control labels
# that would land as judgements (--no-rounds, a round that does not ask
# them as controls, a project file read as the source). An account bound to
# a rater is not shown which of its own labels of an open round are
# controls (null, an empty cell).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z
q() { sqlite3 "$1" "$2"; }

# ---- a turn round with a control item ------------------------------------------------
# expert's label of c1 is the known answer; alice's queue of round k is c2
# with c1 mixed in as a control item; bob labels c2 in round k2
cat >t.json <<'EOF'
{"format": "convqa-tasks", "version": 1, "collection": [{"id": "p1", "text": "one"}, {"id": "p2", "text": "two"}],
 "conversations": [
  {"id": "c1", "turns": [{"question": "q1?", "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p1"}]}]}]},
  {"id": "c2", "turns": [{"question": "q2?", "responses": [{"system": "s", "answer": "b", "passages": [{"rank": 1, "id": "p2"}]}]}]}]}
EOF
printf 'c2\t1\ts\n' >items.tsv
# make DB: the project up to its rounds (no label of the rounds yet)
make_project() {
	export CONVQA_DB="$T/$1"
	$CONVQA init >/dev/null && $CONVQA import -q t.json
	for r in expert alice bob; do $CONVQA rater add $r >/dev/null; done
	$CONVQA label -r expert relevant 1 -c c1 -n 1 -s s -k 1
	$CONVQA round create k --raters alice --items items.tsv --control 0.5 --control-from expert >/dev/null
	$CONVQA round create k2 --raters bob --items items.tsv >/dev/null
	# alice without controls: a round that asks c1 of her as an ordinary item
	printf 'c1\t1\ts\nc2\t1\ts\n' >plain.tsv
	$CONVQA round create plain --raters alice --items plain.tsv >/dev/null
}
make_project k.db
for db in copy.db copy2.db copy3.db; do make_project $db; done
export CONVQA_DB="$T/k.db"
check_eq "alice's control item is c1" "c1" "$(q k.db "SELECT c.ext_id FROM assignment a JOIN response r ON r.id = a.response_id
	JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id WHERE a.control = 1")"
$CONVQA label --round k -r alice relevant 0 -c c1 -n 1 -s s -k 1
$CONVQA label --round k -r alice intent boolean -c c1 -n 1 -s s
$CONVQA label --round k -r alice relevant 1 -c c2 -n 1 -s s -k 1
$CONVQA label --round k2 -r bob relevant 0 -c c2 -n 1 -s s -k 1

# ---- csv -------------------------------------------------------------------------------
run $CONVQA export --format csv
check_eq "csv: a last column control, 1 on the labels of alice's control item, 0 on every other" \
	"0|conversation,turn,system,rater,round,task,field,unit,value,passage,rank,seconds,timestamp,id,control
c1,1,s,alice,k,turn,intent,turn,boolean,,,0.000,2031-02-03T04:05:06.000Z,3,1
c1,1,s,alice,k,turn,relevant,passage,0,p1,1,0.000,2031-02-03T04:05:06.000Z,2,1
c1,1,s,expert,,turn,relevant,passage,1,p1,1,0.000,2031-02-03T04:05:06.000Z,1,0
c2,1,s,alice,k,turn,relevant,passage,1,p2,1,0.000,2031-02-03T04:05:06.000Z,4,0
c2,1,s,bob,k2,turn,relevant,passage,0,p2,1,0.000,2031-02-03T04:05:06.000Z,5,0" "$rc|$(tr -d '\r' <"$T/out")"
run $CONVQA export --format csv --history --round k
check_eq "--history and --round: the same column" "conversation,turn,system,rater,round,task,field,unit,value,passage,rank,seconds,timestamp,id,control
c1,1,s,alice,k,turn,intent,turn,boolean,,,0.000,2031-02-03T04:05:06.000Z,3,1
c1,1,s,alice,k,turn,relevant,passage,0,p1,1,0.000,2031-02-03T04:05:06.000Z,2,1
c2,1,s,alice,k,turn,relevant,passage,1,p2,1,0.000,2031-02-03T04:05:06.000Z,4,0" "$(tr -d '\r' <"$T/out")"

# ---- json and jsonl ----------------------------------------------------------------------
$CONVQA export --format json -o k.json 2>/dev/null
$CONVQA export --format jsonl -o k.jsonl 2>/dev/null
$CONVQA export --format csv -o k.csv 2>/dev/null
check_eq "json: version 3" '  "version": 3,' "$(sed -n 3p k.json)"
check_eq "jsonl: the control label's line ends in \"control\": true" \
	'{"conversation": "c1", "turn": 1, "system": "s", "rater": "alice", "round": "k", "task": "turn", "field": "relevant", "unit": "passage", "value": 0, "passage": "p1", "rank": 1, "seconds": 0.000, "timestamp": "2031-02-03T04:05:06.000Z", "id": 2, "control": true}' \
	"$(sed -n 2p k.jsonl)"
check_eq "   another label's in \"control\": false" \
	'{"conversation": "c2", "turn": 1, "system": "s", "rater": "bob", "round": "k2", "task": "turn", "field": "relevant", "unit": "passage", "value": 0, "passage": "p2", "rank": 1, "seconds": 0.000, "timestamp": "2031-02-03T04:05:06.000Z", "id": 5, "control": false}' \
	"$(sed -n 5p k.jsonl)"
check_eq "json: every label has control, true on the control item's (rater round conversation field control)" \
	"alice k c1 intent True
alice k c1 relevant True
expert None c1 relevant False
alice k c2 relevant False
bob k2 c2 relevant False" \
	"$(python3 -c 'import json
for l in json.load(open("k.json"))["labels"]:
    print(l["rater"], l["round"], l["conversation"], l["field"], l["control"])')"
check_eq "jsonl: the labels of the json export" "same" \
	"$(python3 -c 'import json
a = json.load(open("k.json"))["labels"]
b = [json.loads(x) for x in open("k.jsonl")]
print("same" if a == b else (a, b))')"

# ---- import-labels: the round trip ---------------------------------------------------------
check_run "the json export imports into another copy" 0 "" $CONVQA import-labels --db copy.db -q k.json
run $CONVQA export --db copy.db --format csv
check_eq "   where the labels of alice's control item are control labels again (the round's assignment)" \
	"$(cat k.csv)" "$(cat "$T/out")"
check_run "the jsonl export imports into another copy" 0 "" $CONVQA import-labels --db copy2.db -q k.jsonl
run $CONVQA export --db copy2.db --format jsonl
check_eq "   and exports the same lines" "$(cat k.jsonl)" "$(cat "$T/out")"
check_run "importing the json export into the same project adds nothing" 0 \
	"" $CONVQA import-labels -q k.json
run $CONVQA import-labels k.json
check_eq "   and says so" "k.json: imported 0 label rows (5 already here)" "$(cat "$T/out")"

# ---- import-labels: control labels that would be judgements -------------------------------
check_run "--no-rounds: control labels refused, counted, saying what to do" 2 \
	'k.json: $.labels[0]: given on a control item ("control": true), it would count as a judgement here (outside rounds); 2 labels of the file are such: leave the labels whose control is true out of the file, or import them into the round that asks their items as control items' \
	$CONVQA import-labels --db copy3.db --no-rounds k.json
check_eq "   and nothing is imported (all or nothing)" 1 "$(q copy3.db 'SELECT count(*) FROM label')"
grep '"rater": "alice"' k.jsonl >alice.jsonl
check_run "a round that asks the item of the rater as an ordinary one: refused" 2 \
	"alice.jsonl:1: given on a control item (\"control\": true), it would count as a judgement here (round 'plain' does not ask it of rater 'alice' as one); 2 labels of the file are such: leave the labels whose control is true out of the file, or import them into the round that asks their items as control items" \
	$CONVQA import-labels --db copy3.db --round plain alice.jsonl
grep -v '"control": true' alice.jsonl >judgements.jsonl
check_run "   without them the file imports" 0 "" $CONVQA import-labels --db copy3.db -q --round plain judgements.jsonl
check_run "a project file as the source: its control labels refused the same way" 2 \
	"k.db: label 3: given on a control item (\"control\": true), it would count as a judgement here (outside rounds); 2 labels of the file are such: leave the labels whose control is true out of the file, or import them into the round that asks their items as control items" \
	$CONVQA import-labels --db copy3.db --no-rounds k.db
printf '{"conversation": "c2", "turn": 1, "system": "s", "rater": "alice", "round": "k", "task": "turn", "field": "relevant", "unit": "passage", "value": 1, "passage": "p2", "rank": 1, "seconds": 0, "timestamp": "2031-02-03T04:05:06.000Z", "control": "no"}\n' >bad.jsonl
check_run "a control that is not true or false is refused with its place" 2 \
	'bad.jsonl:1: $.control: expected true (given on a control item), false or null, got a string' \
	$CONVQA import-labels --db copy3.db bad.jsonl
python3 -c 'import json
d = json.load(open("k.json"))
del d["labels"][1]["control"]
json.dump(d, open("nocontrol.json", "w"))'
check_run "a version 3 export without control is refused: the export always writes it" 2 \
	'nocontrol.json: $.labels[1]: missing required property "control"' \
	$CONVQA import-labels --db copy3.db nocontrol.json
python3 -c 'import json
d = json.load(open("k.json"))
d["version"] = 2
for l in d["labels"]:
    del l["control"]
json.dump(d, open("v2.json", "w"))'
check_run "a version 2 export (no control) still imports" 0 "" $CONVQA import-labels --db copy3.db -q v2.json

# ---- a rater's own export while the round is open: controls not shown ----------------------
$CONVQA rater add alice --os-user "$(id -un)" >/dev/null 2>&1
run $CONVQA export --format csv --rater alice
check_eq "an account bound to alice: her labels of the open round have an empty control (not shown to her)" \
	"0|c1,1,s,alice,k,turn,intent,turn,boolean,,,0.000,2031-02-03T04:05:06.000Z,3,
c1,1,s,alice,k,turn,relevant,passage,0,p1,1,0.000,2031-02-03T04:05:06.000Z,2,
c2,1,s,alice,k,turn,relevant,passage,1,p2,1,0.000,2031-02-03T04:05:06.000Z,4," "$rc|$(tr -d '\r' <"$T/out" | sed 1d)"
run $CONVQA export --format jsonl --rater alice
check_eq "   null in jsonl" "null null null" "$(python3 -c 'import json, sys
print(*[json.dumps(json.loads(l)["control"]) for l in open(sys.argv[1])])' "$T/out")"
run $CONVQA export --format trec-qrels --rater alice
check_eq "   trec-qrels keeps her control label too (leaving it out would tell which it is)" "0|c1_1 0 p1 0
c2_1 0 p2 1" "$rc|$(cat "$T/out")"
check_run "   prefs-csv (every rater's, controls left out) is refused to her, with what to use" 2 \
	"convqa: prefs-csv lists every rater's preferences: an account bound to a rater (alice) exports its own labels with --format csv, json or jsonl" \
	$CONVQA export --format prefs-csv
$CONVQA export --format json --rater alice -o blind.json 2>/dev/null
check_run "   such a file imports (null: not said): the round's assignment decides" 0 "" \
	$CONVQA import-labels --db copy3.db -q blind.json
$CONVQA round close k >/dev/null
run $CONVQA export --format csv --rater alice
check_eq "   once the round is closed, she sees them" "1,1,0" "$(tr -d '\r' <"$T/out" | sed 1d | awk -F, '{ print $15 }' | paste -sd,)"

# ---- a pairwise round with control pairs ---------------------------------------------------
# eve judges the 4 pairs; alice and bob 2 each, and 1 control pair each
pairwise_project 4 s1 s2
export CONVQA_DB="$T/p.db"
for r in alice bob eve; do $CONVQA rater add $r >/dev/null; done
$CONVQA round create gold --task pairwise --raters eve --seed 1 >/dev/null
for c in c1 c2 c3 c4; do pairwise_label eve gold $c a 2; done
$CONVQA round create ctl --task pairwise --raters alice,bob --overlap 1 --seed 3 --control 0.5 --control-from eve >/dev/null
assigned() {   # RATER CONTROL: the conversations of RATER's pairs in ctl
	q p.db "SELECT c.ext_id FROM pair_assignment pa JOIN pair p ON p.id = pa.pair_id JOIN turn t ON t.id = p.turn_id
		JOIN conversation c ON c.id = t.conversation_id WHERE pa.round_id = (SELECT id FROM round WHERE name = 'ctl')
		AND pa.rater_id = (SELECT id FROM rater WHERE name = '$1') AND pa.control = $2 ORDER BY 1"
}
check_eq "each rater has 2 pairs and 1 control pair" "2 1 2 1" \
	"$(echo $(assigned alice 0 | wc -l) $(assigned alice 1 | wc -l) $(assigned bob 0 | wc -l) $(assigned bob 1 | wc -l))"
for r in alice bob; do for c in $(assigned $r 0) $(assigned $r 1); do pairwise_label $r ctl $c b 3; done; done
want=$(for r in alice bob; do
	for c in $(assigned $r 0); do echo "$c,$r,0"; done
	for c in $(assigned $r 1); do echo "$c,$r,1"; done
done | sort)
run $CONVQA export --format csv --round ctl
check_eq "csv of the pairwise round: the header ends in control" \
	"conversation,turn,system,rater,round,task,field,unit,value,passage,rank,seconds,timestamp,id,control" \
	"$(head -1 "$T/out" | tr -d '\r')"
check_eq "   1 on each rater's control pair, 0 on the others (conversation,rater,control)" "$want" \
	"$(tr -d '\r' <"$T/out" | sed 1d | awk -F, '{ print $1 "," $4 "," $15 }' | sort)"
run $CONVQA export --format json --round ctl
check_eq "json: control on each preference, the winner kept (conversation,rater,winner,control)" \
	"$(echo "$want" | sed 's/,0$/,s2,False/; s/,1$/,s2,True/')" \
	"$(python3 -c 'import json, sys
for l in json.load(open(sys.argv[1]))["labels"]:
    print("%s,%s,%s,%s" % (l["conversation"], l["rater"], l["winner"], l["control"]))' "$T/out" | sort)"
run $CONVQA export --format prefs-csv --round ctl
check_eq "prefs-csv leaves the control pairs out: the raters' own pairs only (conversation,rater)" \
	"$(echo "$want" | sed -n 's/,0$//p')" "$(tr -d '\r' <"$T/out" | sed 1d | awk -F, '{ print $1 "," $6 }' | sort)"
run $CONVQA export --format csv --task pairwise --rater eve
check_eq "the expert's own labels are no controls" "0 0 0 0" "$(tr -d '\r' <"$T/out" | sed 1d | awk -F, '{ printf "%s%s", (NR > 1 ? " " : ""), $15 }')"

done_testing
