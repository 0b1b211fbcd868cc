#!/bin/sh
# convqa import-labels: labels from another copy of the project (its labels
# export, labels as JSON Lines, or its project file). A round trip gives the
# same export; importing twice changes nothing; unknown items, rounds the
# project lacks, bad JSON and conflicting labels are refused with where they
# are, and nothing is imported; the latest label by time is current,
# whichever copy gave it; a cleared label stays cleared.
. "$CONVQA_TOP/tests/lib.sh"
DEMO="$CONVQA_TOP/sample_tasks/demo.json"
V="/usr/bin/python3 $CONVQA_TOP/tests/tools/validate_json_schema.py"
for p in a b c; do $CONVQA init --db $p.db >/dev/null && $CONVQA import -q --db $p.db "$DEMO"; done
q() { sqlite3 "$1" "$2"; }
# the labels of an export without what differs from copy to copy (the
# project's name, when it was written, the row ids)
labels_of() { /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for l in d["labels"]:
    del l["id"]
    print(json.dumps(l, sort_keys=True))
' "$1"; }
L="$CONVQA label -c demo-lighthouse -n 1 -s bm25-t5"

# ---- a round trip --------------------------------------------------------------------------
$L --db a.db -r alice answer_correct 1 --seconds 12.5 && $L --db a.db -r alice intent extractive --seconds 2 &&
	$L --db a.db -r alice relevant 1 -k 2 && $L --db a.db -r alice relevant 0 -k 3 &&
	$L --db a.db -r alice note 'a "quoted" note
on two lines' && $L --db a.db -r bob answer_correct 0 && $L --db a.db -r bob answer_correct 1 &&
	$CONVQA label --db a.db -r alice -c demo-lighthouse -n 1 -s dense-llm relevant 1 -k 1 &&
	$CONVQA label --db a.db -r bob --task plausibility -c demo-rosetta -n 2 -s dense-llm plausibility implausible &&
	$L --db a.db -r alice note --clear
check_eq "project A's labels are recorded" 0 $?
$CONVQA export --db a.db -o a.json 2>/dev/null
$CONVQA export --db a.db --history -o a-history.json 2>/dev/null
run $CONVQA import-labels --db b.db a.json
check_eq "import-labels says how many label rows it imported" \
	"0|a.json: imported 6 label rows (0 already here)|" "$rc|$(cat "$T/out")|$(cat "$T/err")"
$CONVQA export --db b.db -o b.json 2>/dev/null
check_eq "B's export holds A's labels: rows, values, seconds, times" "$(labels_of a.json)" "$(labels_of b.json)"
check_eq "raters are added as they label" "alice bob" "$(q b.db "SELECT group_concat(name, ' ') FROM (SELECT name FROM rater ORDER BY name)")"
cp b.db b-once.db
run $CONVQA import-labels --db b.db a.json
check_eq "importing the same file again imports nothing" "0|a.json: imported 0 label rows (6 already here)" \
	"$rc|$(cat "$T/out")"
if cmp -s b.db b-once.db; then ok "... and leaves the project file byte-for-byte unchanged"; else
	not_ok "importing twice changed the project file"; fi
run $CONVQA import-labels --db b.db a-history.json
# the history of A holds two labels older than current ones B has (bob's
# first answer_correct, alice's relevance of lh-02 given on bm25-t5): B
# saves its newer ones again after them, to keep them current
check_eq "the history brings the changes the current labels hide" \
	"0|a-history.json: imported 4 label rows (6 already here); 2 labels of this project were newer and saved again to stay current" \
	"$rc|$(cat "$T/out")"
$CONVQA export --db b.db --history -o b-history.json 2>/dev/null
check_eq "B's history is A's, with the two labels saved again" "$(labels_of a-history.json | sort)|12" \
	"$(labels_of b-history.json | sort -u)|$(labels_of b-history.json | wc -l | tr -d ' ')"
$CONVQA export --db b.db -o b.json 2>/dev/null
check_eq "... and so are its current labels" "$(labels_of a.json)" "$(labels_of b.json)"
check_eq "the time report counts the seconds once" "$(q a.db "SELECT sum(seconds) FROM label")" \
	"$(q b.db "SELECT sum(seconds) FROM label")"

# ---- another copy's project file -------------------------------------------------------------
sha() { sha256sum "$1" | cut -d' ' -f1; }
before=$(sha a.db)
run $CONVQA import-labels --db c.db a.db
check_eq "a project file is read as its whole history" "0|a.db: imported 10 label rows (0 already here)" \
	"$rc|$(cat "$T/out")"
check_eq "... without writing it" "$before" "$(sha a.db)"
$CONVQA export --db c.db --history -o c-history.json 2>/dev/null
check_eq "... and gives what its history export gives" "$(labels_of a-history.json | sort)" \
	"$(labels_of c-history.json | sort)"
run $CONVQA import-labels --db c.db a-history.json a.db
check_eq "files are imported in order, each said" \
	"0|a-history.json: imported 0 label rows (10 already here)
a.db: imported 0 label rows (10 already here)" "$rc|$(cat "$T/out")"
mkdir ro && cp a.db ro/ && chmod 555 ro && chmod 444 ro/a.db
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null && id nobody >/dev/null 2>&1; then
	mkdir nb && cp c.db nb/ && chmod 777 nb && chmod 666 nb/c.db && chmod 755 "$T"
	run setpriv --reuid nobody --regid nogroup --clear-groups $CONVQA import-labels --db nb/c.db ro/a.db
	check_eq "a project in a directory that cannot be written is read all the same" \
		"0|ro/a.db: imported 0 label rows (10 already here)" "$rc|$(cat "$T/out")$(cat "$T/err")"
elif [ "$(id -u)" != 0 ]; then
	run $CONVQA import-labels --db c.db ro/a.db
	check_eq "a project in a directory that cannot be written is read all the same" \
		"0|ro/a.db: imported 0 label rows (10 already here)" "$rc|$(cat "$T/out")$(cat "$T/err")"
else
	skip "a project in a directory that cannot be written is read all the same" "no setpriv or nobody"
fi
chmod 755 ro
printf 'SQLite format 3\000 and the rest' >head.bin
run $CONVQA import-labels --db c.db - <head.bin
check_eq "a project cannot come through a pipe" \
	"2|standard input: a project file cannot be read from a pipe: give its path" "$rc|$(cat "$T/err")"
sqlite3 other.db "CREATE TABLE t(x)"
check_run "an SQLite file that is no project is refused" 3 \
	"convqa: 'other.db' is an SQLite database but not a convqa project" $CONVQA import-labels --db c.db other.db

# ---- JSON Lines and version 1 -----------------------------------------------------------------
$CONVQA init --db d.db >/dev/null && $CONVQA import -q --db d.db "$DEMO"
/usr/bin/python3 -c '
import json, sys
d = json.load(open("a-history.json"))
with open("a.jsonl", "w") as f:
    for l in d["labels"]:
        for k in ("id", "unit", "seconds"):
            del l[k]
        if l["round"] is None:
            del l["round"]
        f.write(json.dumps(l) + "\n\n")
d = json.load(open("a-history.json"))
d["version"] = 1
for l in d["labels"]:
    del l["unit"]
json.dump(d, open("a-v1.json", "w"))
'
if /usr/bin/python3 -c '
import json, sys
from jsonschema import Draft202012Validator
v = Draft202012Validator(json.load(open(sys.argv[1])))
for n, line in enumerate(open(sys.argv[2]), 1):
    if line.strip():
        for e in v.iter_errors(json.loads(line)):
            sys.exit("line %d: %s" % (n, e.message))
' "$CONVQA_TOP/schemas/label-line.schema.json" a.jsonl >"$T/v" 2>&1; then
	ok "the JSON Lines file validates against label-line.schema.json"; else
	not_ok "the JSON Lines file does not validate" "$(cat "$T/v")"; fi
run $CONVQA import-labels --db d.db a.jsonl
check_eq "labels as JSON Lines: one a line, round, unit, seconds and id left out" \
	"0|a.jsonl: imported 10 label rows (0 already here)|" "$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA import-labels --db d.db a-v1.json
check_eq "an export of version 1 (no units) is read too" "0|a-v1.json: imported 0 label rows (10 already here)" \
	"$rc|$(cat "$T/out")"
$CONVQA export --db d.db -o d.json 2>/dev/null
check_eq "... with the same current labels (the seconds left out are 0)" \
	"$(labels_of a.json | sed 's/"seconds": [0-9.]*/"seconds": 0/')" \
	"$(labels_of d.json | sed 's/"seconds": [0-9.]*/"seconds": 0/')"

# many raters, rounds and tasks in one file: a session each
/usr/bin/python3 -c '
import json
for i in range(40):
    print(json.dumps({"conversation": "demo-honeybees", "turn": 1 + i % 3, "system": "dense-llm", "rater": "crowd-%02d" % i,
                      "task": ("turn", "plausibility")[i % 2], "field": ("answer_correct", "plausibility")[i % 2],
                      "value": (1, "plausible")[i % 2], "timestamp": "2026-02-01T08:00:%02d.000Z" % i, "seconds": 30}))
' >crowd.jsonl
run $CONVQA import-labels --db d.db crowd.jsonl
check_eq "a file of 40 raters and two tasks imports, each rater added" "0|crowd.jsonl: imported 40 label rows (0 already here)|40" \
	"$rc|$(cat "$T/out")|$(q d.db "SELECT count(*) FROM rater WHERE name LIKE 'crowd-%'")"

# ---- refusals: nothing is imported ---------------------------------------------------------------
$CONVQA init --db e.db >/dev/null && $CONVQA import -q --db e.db "$DEMO"
n_e() { q e.db "SELECT count(*) FROM label"; }
printf '{"format": "convqa-labels", "version": 2, "labels": [\n  {"conversation": "c1",}\n]}\n' >bad.json
check_run "bad JSON is refused with file, line and column" 2 \
	"bad.json:2:25: syntax error: expected a string key, found '}'" $CONVQA import-labels --db e.db bad.json
printf '{"conversation": "demo-lighthouse", "turn": 1, "system": "bm25-t5", "rater": "x", "task": "turn", "field": "intent", "value": "boolean", "timestamp": "2026-01-01T00:00:00.000Z"}\n{"conversation": "demo-lighthouse" "turn": 1}\n{"conversation": "demo-lighthouse", "turn": 0, "system": "bm25-t5", "rater": "x", "task": "turn", "field": "intent", "value": true, "timestamp": "2026-01-01T00:00:00.000Z", "colour": 1}\n' >bad.jsonl
check_run "a bad line is refused with its line and JSON path, every line checked" 2 \
	"bad.jsonl:2:36: syntax error: expected ',' or '}', found '\"'
bad.jsonl:3: \$.colour: unknown property (expected one of: conversation, turn, system, rater, round, task, field, unit, value, passage, rank, seconds, timestamp, id, system_b, winner, control)
bad.jsonl:3: \$.turn: expected an integer from 1 to 2147483647, got 0
bad.jsonl:3: \$.value: expected a string, an integer or null, got a boolean" $CONVQA import-labels --db e.db bad.jsonl
check_run "a task file given by mistake says so at once, in one line" 2 \
	"$DEMO: \$.format: \"convqa-tasks\": this is a task file, not a labels export of convqa export: import it with convqa import $DEMO" \
	$CONVQA import-labels --db e.db "$DEMO"
check_run "a missing file is a file error" 4 "convqa: cannot open 'nope.json': No such file or directory" \
	$CONVQA import-labels --db e.db nope.json
/usr/bin/python3 -c '
import json
d = json.load(open("a.json"))
good = d["labels"][0]
unknown = []
for i in range(12):
    l = dict(good)
    l["conversation"] = "nowhere-%d" % i
    unknown.append(l)
l = dict(good); l["turn"] = 9; unknown.append(l)
l = dict(good); l["system"] = "bm26"; unknown.append(l)
d["labels"] = [good] + unknown[12:] + unknown[:12]
json.dump(d, open("unknown.json", "w"), indent=1)
'
run $CONVQA import-labels --db e.db unknown.json
check_eq "unknown items are refused, each with its keys and where it is, up to ten" \
	"2|unknown.json: \$.labels[1]: unknown item (conversation 'demo-lighthouse', turn 9, system 'bm25-t5'): conversation 'demo-lighthouse' has no answered turn 9 (turns with answers: 1, 2, 3, 4, 5)
unknown.json: \$.labels[2]: unknown item (conversation 'demo-lighthouse', turn 1, system 'bm26'): no response of system 'bm26' to turn 1 of conversation 'demo-lighthouse' (systems that answered it: bm25-t5, dense-llm)
unknown.json: \$.labels[3]: unknown item (conversation 'nowhere-0', turn 1, system 'bm25-t5'): no conversation 'nowhere-0' in the project (its conversations: demo-honeybees, demo-lighthouse, demo-rosetta, demo-sourdough, demo-tardigrades)" \
	"$rc|$(head -3 "$T/err")"
check_eq "... and the rest counted" "11|and 4 more problems" "$(wc -l <"$T/err" | tr -d ' ')|$(tail -1 "$T/err")"
check_eq "... and nothing is imported, no rater added" "0|0" "$(n_e)|$(q e.db "SELECT count(*) FROM rater")"
/usr/bin/python3 -c '
import json
d = json.load(open("a.json"))
rel = [l for l in d["labels"] if l["field"] == "relevant"][0]
rel["passage"] = "no-such-passage"
l2 = dict(rel); del l2["rank"]
l3 = [l for l in d["labels"] if l["field"] == "intent"][0]; l3["unit"] = "response"
l4 = [l for l in d["labels"] if l["field"] == "answer_correct"][0]; l4["value"] = 7; l4["timestamp"] = "yesterday"
l5 = dict(l4); l5["timestamp"] = "2026-01-01T00:00:00.000Z"; l5["field"] = "colour"
l6 = dict(l5); l6["field"] = "answer_correct"; l6["rater"] = " bob"
l7 = dict(l6); l7["rater"] = "bob"; l7["timestamp"] = "2020-13-45T99:99:99.999Z"
l8 = dict(l7); l8["timestamp"] = "2023-02-29T00:00:00.000Z"
d["labels"] = [rel, l2, l3, l4, l5, l6, l7, l8]
json.dump(d, open("wrong.json", "w"), indent=1)
'
run $CONVQA import-labels --db e.db wrong.json
p1=$(/usr/bin/python3 -c '
import json; d = json.load(open("'"$DEMO"'"))
print(d["conversations"][0]["turns"][0]["responses"][0]["passages"][2]["id"])')
check_eq "labels the scheme or the item does not take are refused, each said" \
	"2|wrong.json: \$.labels[0]: the item (conversation 'demo-lighthouse', turn 1, system 'bm25-t5') has passage '$p1' at rank 3 in this project, not 'no-such-passage'
wrong.json: \$.labels[1]: the item (conversation 'demo-lighthouse', turn 1, system 'bm25-t5') did not retrieve passage 'no-such-passage' in this project
wrong.json: \$.labels[2]: field 'intent' of task 'turn' judges the turn in this project, the label the response (the two copies' schemes differ)
wrong.json: \$.labels[3]: timestamp 'yesterday' is not a UTC time as convqa writes it (YYYY-MM-DDTHH:MM:SS.mmmZ, a date and time that exist)
wrong.json: \$.labels[4]: task 'turn' has no field 'colour'
wrong.json: \$.labels[5]: rater ' bob': the rater name begins or ends with a space
wrong.json: \$.labels[6]: timestamp '2020-13-45T99:99:99.999Z' is not a UTC time as convqa writes it (YYYY-MM-DDTHH:MM:SS.mmmZ, a date and time that exist)
wrong.json: \$.labels[7]: timestamp '2023-02-29T00:00:00.000Z' is not a UTC time as convqa writes it (YYYY-MM-DDTHH:MM:SS.mmmZ, a date and time that exist)" "$rc|$(cat "$T/err")"
check_eq "... and nothing is imported" "0" "$(n_e)"
/usr/bin/python3 -c '
import json
d = json.load(open("a.json"))
d["labels"][0]["value"] = 7
json.dump(d, open("off-scale.json", "w"), indent=1)
'
check_run "a value off the field's scale is refused" 2 "off-scale.json: \$.labels[0]: '7' is not a value of answer_correct" \
	$CONVQA import-labels --db e.db off-scale.json

# ---- rounds ---------------------------------------------------------------------------------------
$CONVQA label --db e.db -r carol -c demo-honeybees -n 1 -s bm25-t5 intent boolean >/dev/null
# r1 assigns its two conversations to alice and bob too: a round takes
# labels only on the items it assigns to each rater
for r in alice bob; do $CONVQA rater add --db e.db $r >/dev/null; done
$CONVQA round create r1 --db e.db --raters carol,alice,bob --overlap 0 --conversations 2 >/dev/null
$CONVQA round create p1 --db e.db --task plausibility --raters carol --conversations 1 >/dev/null
$CONVQA label --db e.db -r alice -c demo-lighthouse -n 1 -s bm25-t5 --round r1 intent boolean >/dev/null
$CONVQA export --db e.db --round r1 -o e-r1.json 2>/dev/null
run $CONVQA import-labels --db a.db e-r1.json
check_eq "a label of a round the project lacks is refused, naming the round and what to do" \
	"2|e-r1.json: \$.labels[0]: no round 'r1' in the project (it has no rounds): create the round first, or import the labels into a round with --round NAME or outside rounds with --no-rounds" \
	"$rc|$(cat "$T/err")"
run $CONVQA import-labels --db e.db --round r1 a.json
check_eq "--round NAME puts every label into a round of its task" \
	"2|a.json: \$.labels[5]: round 'r1' is a turn round: it takes no labels of task plausibility" \
	"$rc|$(cat "$T/err")"
$CONVQA export --db a.db --task turn -o a-turn.json 2>/dev/null
run $CONVQA import-labels --db e.db --round r1 a-turn.json
check_eq "... and imports them there (alice's intent in r1 here is newer and stays current)" \
	"0|a-turn.json: imported 5 label rows (0 already here); 1 label of this project was newer and saved again to stay current" \
	"$rc|$(cat "$T/out")"
check_eq "... all in round r1" "0|boolean" "$(q e.db "SELECT count(*) FROM label WHERE round_id IS NULL AND rater_id IN (SELECT id FROM rater WHERE name IN ('alice', 'bob'))")|$($CONVQA export --db e.db --round r1 --rater alice | grep '"intent"' | sed 's/.*"value": "\([a-z]*\)".*/\1/')"
run $CONVQA import-labels --db e.db --no-rounds e-r1.json
check_eq "--no-rounds imports every label outside rounds" "0|e-r1.json: imported 1 label row (0 already here)" \
	"$rc|$(cat "$T/out")"
$CONVQA round close --db e.db r1 >/dev/null
run $CONVQA import-labels --db e.db e-r1.json
check_eq "a closed round: importing again labels it holds changes nothing, and is no problem" \
	"0|e-r1.json: imported 0 label rows (1 already here)|" "$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA import-labels --db e.db --round r1 a-turn.json
check_eq "... with --round too" "0|a-turn.json: imported 0 label rows (5 already here)|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
$CONVQA export --db a.db --task turn --history -o a-turn-history.json 2>/dev/null
run $CONVQA import-labels --db e.db a-turn-history.json --round r1
check_eq "a closed round takes no new labels, and says how to open it" \
	"2|a-turn-history.json: \$.labels[4]: round 'r1' is closed (reopen it to import labels into it: convqa round reopen r1)|0" \
	"$rc|$(cat "$T/err")|$(q e.db "SELECT count(*) FROM label WHERE created_at > (SELECT closed_at FROM round WHERE name = 'r1')")"
check_run "--round and --no-rounds exclude each other" 1 \
	"convqa import-labels: give --round NAME or --no-rounds, not both" \
	$CONVQA import-labels --db e.db --round r1 --no-rounds a.json
check_run "standard input is read once" 1 \
	"convqa import-labels: '-' (standard input) is given 2 times: it can be read once" \
	$CONVQA import-labels --db e.db - -

# ---- history: the latest label by time is current, whichever copy gave it ----------------------
$CONVQA init --db f.db >/dev/null && $CONVQA import -q --db f.db "$DEMO"
$CONVQA init --db g.db >/dev/null && $CONVQA import -q --db g.db "$DEMO"
I="-c demo-sourdough -n 2 -s dense-llm intent"
$CONVQA label --db f.db -r dora $I extractive            # older, in F
sleep 0.01
$CONVQA label --db g.db -r dora $I boolean               # newer, in G
$CONVQA export --db f.db --history -o f.json 2>/dev/null
run $CONVQA import-labels --db g.db f.json
check_eq "an older label imported after a newer one of the project is added to the history" \
	"0|f.json: imported 1 label row (0 already here); 1 label of this project was newer and saved again to stay current" \
	"$rc|$(cat "$T/out")"
cur() { $CONVQA export --db "$1" --rater dora | /usr/bin/python3 -c '
import json, sys; print(" ".join(str(l["value"]) for l in json.load(sys.stdin)["labels"]))'; }
check_eq "... and does not override it" "boolean" "$(cur g.db)"
check_eq "... the history keeps both, in the order this project got them" "extractive boolean|0.0" \
	"$($CONVQA export --db g.db --history --rater dora | /usr/bin/python3 -c '
import json, sys
ls = json.load(sys.stdin)["labels"]
print(" ".join(l["value"] for l in sorted(ls, key=lambda l: l["timestamp"])[:2]) + "|" + str(ls[-1]["seconds"]))')"
$CONVQA export --db g.db --history -o g.json 2>/dev/null
run $CONVQA import-labels --db f.db g.json
check_eq "the other way, the newer label becomes current" "0|f.json|boolean" "$rc|f.json|$(cur f.db)"
run $CONVQA import-labels --db g.db f.db
run2=$(cat "$T/out")
run $CONVQA import-labels --db f.db g.db
check_eq "merging back and forth converges: nothing more to import" \
	"g.db: imported 0 label rows (3 already here)" "$(cat "$T/out")"
check_eq "... from either side" "f.db: imported 0 label rows (2 already here)" "$run2"

# ---- a cleared label stays cleared -------------------------------------------------------------
N="-c demo-tardigrades -n 1 -s bm25-t5 answer_correct"
$CONVQA label --db f.db -r erin $N 1
$CONVQA export --db f.db --history --rater erin -o erin1.json 2>/dev/null
$CONVQA import-labels -q --db g.db erin1.json
check_eq "a label imported" "1" "$($CONVQA export --db g.db --rater erin | grep -c answer_correct)"
sleep 0.01
$CONVQA label --db f.db -r erin $N --clear
$CONVQA export --db f.db --history --rater erin -o erin2.json 2>/dev/null
run $CONVQA import-labels --db g.db erin2.json
check_eq "its clear imported later" "0|erin2.json: imported 1 label row (1 already here)" "$rc|$(cat "$T/out")"
check_eq "... leaves it cleared" "0" "$($CONVQA export --db g.db --rater erin | grep -c answer_correct)"

# ---- conflicts: the same time, another value -------------------------------------------------------
/usr/bin/python3 -c '
import json
d = json.load(open("erin2.json"))
d["labels"][0]["value"] = 0
d["labels"][1]["value"] = 0
json.dump(d, open("conflict.json", "w"), indent=1)
'
t1=$(q g.db "SELECT created_at FROM label WHERE rater_id = (SELECT id FROM rater WHERE name = 'erin') ORDER BY id LIMIT 1")
n_g=$(q g.db "SELECT count(*) FROM label")
run $CONVQA import-labels --db g.db conflict.json
check_eq "a label at the same time as one of the project's with another value is a conflict, listed" \
	"2|conflict.json: \$.labels[0]: conflicts with this project's label of rater 'erin' saved at the same time ($t1), field 'answer_correct' of conversation 'demo-tardigrades', turn 1: '1' here, '0' in the file" \
	"$rc|$(head -1 "$T/err")"
check_eq "... each of them" "conflict.json: \$.labels[1]: conflicts with this project's label of rater 'erin' saved at the same time ($(q g.db "SELECT max(created_at) FROM label WHERE rater_id = (SELECT id FROM rater WHERE name = 'erin')")), field 'answer_correct' of conversation 'demo-tardigrades', turn 1: cleared here, '0' in the file" \
	"$(sed -n 2p "$T/err")"
check_eq "... and nothing is imported or overwritten" \
	"nothing was imported: a label is never overwritten; leave the conflicting labels out of the file (or settle them with convqa label) and import it again|$n_g" \
	"$(sed -n 3p "$T/err")|$(q g.db "SELECT count(*) FROM label")"

# ---- accounts: importing is a coordinator's work -----------------------------------------------
ME=$(id -un)
$CONVQA init --db h.db >/dev/null && $CONVQA import -q --db h.db "$DEMO"
$CONVQA rater add --db h.db dan --os-user nobody >/dev/null 2>&1
printf '{"conversation": "demo-rosetta", "turn": 1, "system": "bm25-t5", "rater": "dan", "task": "turn", "field": "intent", "value": "boolean", "timestamp": "2026-03-01T09:00:00.000Z"}\n' >dan.jsonl
run $CONVQA import-labels --db h.db dan.jsonl
check_eq "the labels of a rater bound to another account are imported (they were given from it, elsewhere)" \
	"0|dan.jsonl: imported 1 label row (0 already here)" "$rc|$(cat "$T/out")"
$CONVQA rater add --db h.db boss --role coordinator --os-user nobody >/dev/null 2>&1
check_run "once the project has a coordinator bound to an account, only a coordinator imports" 2 \
	"convqa: only a coordinator may import labels (coordinators: boss (account nobody)); you are '$ME'" \
	$CONVQA import-labels --db h.db a.json
check_eq "... and nothing is imported" "1" "$(q h.db "SELECT count(*) FROM label")"

# ---- raters on other machines: a round's items out, the labels back -------------------------
$CONVQA init --db co.db >/dev/null && $CONVQA import -q --db co.db "$DEMO"
for r in alice bob carol; do
	$CONVQA rater add --db co.db $r >/dev/null 2>&1 || q co.db "INSERT INTO rater(name, trusted) VALUES ('$r', 1)"
done
$CONVQA round create --db co.db r1 --raters alice,bob --conversations 4 --seed 7 >/dev/null
check_run "--format tasks takes --rater with --round only" 1 \
	"convqa: --format tasks takes --rater with --round: the items assigned to the rater in that round" \
	$CONVQA export --db co.db --format tasks --rater alice
check_run "--format tasks writes items, not labels" 1 \
	"convqa: --format tasks writes items, not labels: --history and --task do not apply (a round has its task)" \
	$CONVQA export --db co.db --format tasks --round r1 --history
check_run "a rater without items in the round is refused" 2 "convqa: rater 'carol' has no items in round 'r1'" \
	$CONVQA export --db co.db --format tasks --round r1 --rater carol -o carol.json
check_eq "... and writes no file" "no" "$([ -e carol.json ] && echo yes || echo no)"
assigned() { q co.db "SELECT c.ext_id || ' ' || t.position || ' ' || sy.name FROM assignment a
	JOIN round ro ON ro.id = a.round_id JOIN rater ra ON ra.id = a.rater_id JOIN response r ON r.id = a.response_id
	JOIN turn t ON t.id = r.turn_id JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id
	WHERE ro.name = '$1' AND ra.name = '$2' ORDER BY 1"; }
items() { q "$1" "SELECT c.ext_id || ' ' || t.position || ' ' || sy.name FROM response r JOIN turn t ON t.id = r.turn_id
	JOIN conversation c ON c.id = t.conversation_id JOIN system sy ON sy.id = r.system_id ORDER BY 1"; }
n_alice=$(assigned r1 alice | wc -l | tr -d ' ')
run $CONVQA export --db co.db --format tasks --round r1 --rater alice -o alice-r1.tasks.json
check_eq "export --format tasks writes a rater's items and says what the rater does with them" \
	"0|wrote $n_alice items assigned to alice in round r1 to alice-r1.tasks.json
alice labels them in a project of their own, and sends the labels back:
  convqa init --db alice.db
  convqa import --db alice.db alice-r1.tasks.json
  convqa annotate --db alice.db --rater alice
  convqa export --db alice.db --history -o alice-r1.json
and here: convqa import-labels --round r1 alice-r1.json" "$rc|$(cat "$T/err")"
if $V "$CONVQA_TOP/schemas/tasks.schema.json" alice-r1.tasks.json >"$T/v" 2>&1; then
	ok "the task file validates against tasks.schema.json"; else not_ok "the task file does not validate" "$(cat "$T/v")"; fi
run $CONVQA import --db co.db alice-r1.tasks.json
check_eq "imported where it came from, it adds nothing: every item as the project has it" \
	"0|alice-r1.tasks.json: nothing new" "$rc|$(sed 's/ (its.*//' "$T/out")"
$CONVQA init --db alice.db >/dev/null
run $CONVQA import --db alice.db alice-r1.tasks.json
check_eq "alice imports it into a project of her own" "0" "$rc"
check_eq "... which holds exactly her items" "$(assigned r1 alice)" "$(items alice.db)"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_run alice.db --rater alice <<'KEYS'
esc
e
c
-
n
x
-
n
a
c
-
KEYS
check_eq "alice labels three items in the UI" "0|3" "$rc|$(q alice.db "SELECT count(DISTINCT response_id) FROM label WHERE field = 'answer_correct'")"
$CONVQA export --db alice.db --history -o alice-r1.json 2>/dev/null
n_rows=$(q alice.db "SELECT count(*) FROM label")
run $CONVQA import-labels --db co.db --round r1 alice-r1.json
check_eq "her labels come back into round r1" "0|alice-r1.json: imported $n_rows label rows (0 already here)" \
	"$rc|$(cat "$T/out")"
$CONVQA round show --db co.db r1 >show.txt
check_eq "round show r1 counts her items done" "3 / $n_alice" "$(awk '$1 == "alice" { print $2, $3, $4 }' show.txt)"
$CONVQA report --db co.db --round r1 --by rater --only answers --format csv -o r1.csv 2>/dev/null
check_eq "the report of round r1 has her answers (2 of 3 correct)" "answers,by_rater,rater,alice,accuracy,0.666666666667,3" \
	"$(grep '^answers,by_rater,rater,alice,accuracy,' r1.csv | cut -d, -f1-7)"
run $CONVQA import-labels --db co.db --round r1 alice-r1.json
check_eq "sending the same file again changes nothing" "0|alice-r1.json: imported 0 label rows ($n_rows already here)" \
	"$rc|$(cat "$T/out")"
run $CONVQA import-labels --db co.db --round r1 alice.db
check_eq "... nor does her project file" "0|alice.db: imported 0 label rows ($n_rows already here)" "$rc|$(cat "$T/out")"

# a round of items (not conversations): the earlier turns come for their questions
$CONVQA round create --db co.db p1 --task plausibility --raters alice,bob --by item --sample 9 --seed 3 >/dev/null
$CONVQA export --db co.db --format tasks --round p1 --rater bob -o bob-p1.tasks.json 2>/dev/null
$CONVQA init --db bob.db >/dev/null && $CONVQA import -q --db bob.db bob-p1.tasks.json
check_eq "a rater's single items keep their turn positions" "$(assigned p1 bob)" "$(items bob.db)"
run $CONVQA import --db co.db bob-p1.tasks.json
check_eq "... and import where they came from as they are" "0|bob-p1.tasks.json: nothing new" \
	"$rc|$(sed 's/ (its.*//' "$T/out")"
$CONVQA export --db co.db --format tasks -o all.tasks.json 2>/dev/null
$CONVQA init --db all.db >/dev/null && $CONVQA import -q --db all.db all.tasks.json
check_eq "without --round, every item of the project" "$(items co.db)" "$(items all.db)"

# a round of the project's own scheme: the scheme goes along
$CONVQA scheme add --db co.db "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json" >/dev/null
$CONVQA round create --db co.db l1 --task likert-4pt --raters carol --conversations 1 >/dev/null
printf 'Judge completeness against the question only.\n' >g.md
$CONVQA guidelines set --db co.db --task likert-4pt g.md >/dev/null
run $CONVQA export --db co.db --format tasks --round l1 --rater carol -o carol-l1.tasks.json
check_grep "a round of the project's scheme: the steps add the scheme" \
	"^  convqa scheme add --db carol.db likert-4pt.json     # the round's scheme: convqa scheme show likert-4pt > likert-4pt.json$" "$T/err"
check_grep "... and annotate with it" "^  convqa annotate --db carol.db --rater carol --task likert-4pt$" "$T/err"
check_grep "... and its guidelines" \
	"^  convqa guidelines set --db carol.db --task likert-4pt likert-4pt-guidelines.md     # the guidelines: convqa guidelines show --task likert-4pt > likert-4pt-guidelines.md$" "$T/err"
$CONVQA scheme show --db co.db likert-4pt >likert-4pt.json
$CONVQA guidelines show --db co.db --task likert-4pt >likert-4pt-guidelines.md
$CONVQA init --db carol.db >/dev/null && $CONVQA import -q --db carol.db carol-l1.tasks.json &&
	$CONVQA scheme add --db carol.db likert-4pt.json >/dev/null &&
	$CONVQA guidelines set --db carol.db --task likert-4pt likert-4pt-guidelines.md >/dev/null &&
	$CONVQA label --db carol.db -r carol --task likert-4pt -c demo-lighthouse -n 2 -s dense-llm completeness "mostly yes"
$CONVQA export --db carol.db --history -o carol-l1.json 2>/dev/null
run $CONVQA import-labels --db co.db --round l1 carol-l1.json
check_eq "carol's project shows her the coordinator's guidelines" "Judge completeness against the question only." \
	"$($CONVQA guidelines show --db carol.db --task likert-4pt)"
check_eq "... and carol's labels of it come back" "0|carol-l1.json: imported 1 label row (0 already here)|mostly yes" \
	"$rc|$(cat "$T/out")|$(q co.db "SELECT value FROM label JOIN round ON round.id = round_id WHERE round.name = 'l1'")"

# ---- help and manual -------------------------------------------------------------------------------
run $CONVQA help import-labels
check_eq "help import-labels shows its usage" "0|usage: convqa import-labels [--db PATH] [--format FORMAT] [--round NAME | --no-rounds] FILE..." \
	"$rc|$(head -1 "$T/out")"
for o in --round --no-rounds --quiet -q; do
	grep -q -- "$o" "$T/out" && ok "help import-labels lists $o" || not_ok "help import-labels lists $o"
done
check_grep "the command table of docs/commands.md has import-labels" '^| `import-labels' "$CONVQA_TOP/docs/commands.md"
check_grep "docs/formats.md explains import-labels" "^### Labels from other copies" "$CONVQA_TOP/docs/formats.md"
done_testing
