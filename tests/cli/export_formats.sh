#!/bin/sh
# convqa export --format trec-qrels, csv and jsonl (src/formats/export_*.c):
# a project with labels by two raters, of the built-in binary relevance
# field and of a graded (0-3) project scheme with the role relevance.
# Exact file contents; the qrels read back (python) equal the labels; the
# consensus rules of the report (majority, adjudicated, discard, distrusted
# raters); control items and blind accounts; ids exact in a file and inert
# on a terminal; the CSV read with python's csv module and the JSONL lines
# equal the JSON export's labels.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
$CONVQA init >/dev/null
cat >t.json <<'EOF'
{"format": "convqa-tasks", "version": 1,
 "collection": [{"id": "p1", "text": "one"}, {"id": "p2", "text": "two"}, {"id": "p3", "text": "three"},
                {"id": "p4", "text": "four"}, {"id": "p5", "text": "five"}, {"id": "p10", "text": "ten"}],
 "conversations": [
  {"id": "c1", "turns": [
    {"question": "q one?", "responses": [
      {"system": "s", "answer": "a one", "passages": [{"rank": 1, "id": "p1"}, {"rank": 2, "id": "p2"}, {"rank": 3, "id": "p3"}]},
      {"system": "t", "answer": "=1+1, \"quoted\"\r\nnext", "passages": [{"rank": 1, "id": "p4"}, {"rank": 2, "id": "p2"}]}]},
    {"question": "q two?", "responses": [{"system": "s", "answer": "a two",
      "passages": [{"rank": 1, "id": "p2"}, {"rank": 2, "id": "p5"}]}]}]},
  {"id": "c2", "turns": [
    {"question": "q three?", "responses": [{"system": "s", "answer": "a three",
      "passages": [{"rank": 1, "id": "p10"}, {"rank": 2, "id": "p3"}]}]}]}]}
EOF
$CONVQA import -q t.json
$CONVQA rater add alice >/dev/null
$CONVQA rater add bob >/dev/null
cat >graded.json <<'EOF'
{"format": "convqa-scheme", "version": 1, "name": "graded", "description": "graded relevance", "fields": [
  {"name": "grade", "unit": "passage", "type": "ordinal", "role": "relevance",
   "categories": [{"value": "0"}, {"value": "1"}, {"value": "2"}, {"value": "3"}]}]}
EOF
$CONVQA scheme add graded.json >/dev/null
# rater task field value conversation turn system rank
while read r task field v c n s k; do
	$CONVQA label -r $r --task $task $field $v -c $c -n $n -s $s -k $k
done <<'EOF'
alice turn relevant 1 c1 1 s 1
alice turn relevant 0 c1 1 s 2
alice turn relevant 1 c1 1 s 3
alice turn relevant 1 c1 1 t 1
alice turn relevant 1 c1 2 s 1
alice turn relevant 0 c2 1 s 1
alice turn relevant 1 c2 1 s 2
bob turn relevant 0 c1 1 s 1
bob turn relevant 1 c1 1 s 2
bob turn relevant 1 c2 1 s 1
alice graded grade 3 c1 1 s 1
alice graded grade 0 c1 1 s 2
alice graded grade 2 c2 1 s 1
bob graded grade 1 c1 1 s 1
EOF
$CONVQA label -r alice note 'a note, "quoted"' -c c1 -n 1 -s t
$CONVQA label -r bob --seconds 2.5 note "$(printf '=1+1\r\nsecond line')" -c c1 -n 1 -s t
# a history: alice changes a grade, clears it and gives it again
$CONVQA label -r alice --task graded grade 1 -c c2 -n 1 -s s -k 1
$CONVQA label -r alice --task graded --clear grade -c c2 -n 1 -s s -k 1
$CONVQA label -r alice --task graded grade 2 -c c2 -n 1 -s s -k 1

# ---- trec-qrels ----------------------------------------------------------------
check_run "qrels of one rater's binary relevance are written to a file" 0 "wrote 7 judgements to alice.qrels (qid <conversation>_<turn>)" \
	$CONVQA export --format trec-qrels --rater alice --task turn -o alice.qrels
check_eq "one line per passage of a turn, sorted by qid then docid (as strings), relevance 0/1" "c1_1 0 p1 1
c1_1 0 p2 0
c1_1 0 p3 1
c1_1 0 p4 1
c1_2 0 p2 1
c2_1 0 p10 0
c2_1 0 p3 1" "$(cat alice.qrels)"
run $CONVQA export --format trec-qrels --rater alice --task graded
check_eq "a graded relevance field gives its grades" "0|c1_1 0 p1 3
c1_1 0 p2 0
c2_1 0 p10 2" "$rc|$(cat "$T/out")"
run $CONVQA export --format trec-qrels --rater bob --task turn
check_eq "bob's qrels" "0|c1_1 0 p1 0
c1_1 0 p2 1
c2_1 0 p10 1" "$rc|$(cat "$T/out")"
check_run "two raters and no choice: refused, saying how to choose" 1 \
	"convqa: trec-qrels: the labels are by more than one rater (alice, bob): choose one with --rater NAME, or settle them with --consensus majority, adjudicated or discard" \
	$CONVQA export --format trec-qrels --task turn
check_run "relevance fields of two tasks: refused, naming them" 1 \
	"convqa: trec-qrels: relevance labels of two tasks (graded, turn): choose one with --task" \
	$CONVQA export --format trec-qrels --rater alice
check_run "--history makes no qrels" 1 \
	"convqa: --history does not apply to --format trec-qrels (a qrels file holds current values): leave it out" \
	$CONVQA export --format trec-qrels --rater alice --task turn --history

# round trip: the qrels read back equal each rater's labels in the project
$CONVQA export --format json -o labels.json
for r in alice bob; do for task in turn graded; do
	$CONVQA export --format trec-qrels --rater $r --task $task -o $r-$task.qrels
done; done
if /usr/bin/python3 - <<'EOF' >rt.out 2>&1
import json
labels = json.load(open("labels.json"))["labels"]
for r in ("alice", "bob"):
    for task in ("turn", "graded"):
        want = {}
        for l in labels:
            if l["rater"] == r and l["task"] == task and l.get("passage") and l["field"] in ("relevant", "grade"):
                k = ("%s_%d" % (l["conversation"], l["turn"]), l["passage"])
                if k not in want or want[k][0] < l["id"]:   # the latest label of the passage
                    want[k] = (l["id"], int(l["value"]))
        want = {k: v for k, (i, v) in want.items()}
        got = {}
        for line in open("%s-%s.qrels" % (r, task)):
            q, zero, d, rel = line.split()
            assert zero == "0" and (q, d) not in got, line
            got[(q, d)] = int(rel)
        assert got == want, (r, task, got, want)
print("same")
EOF
then ok "the qrels read back equal the labels of the project"; else not_ok "the qrels read back equal the labels of the project" "$(cat rt.out)"; fi

# a conversation id with whitespace makes no qid
cat >ws.json <<'EOF'
{"format": "convqa-tasks", "version": 1, "collection": [{"id": "p1", "text": "one"}],
 "conversations": [{"id": "c 9", "turns": [{"question": "q?", "responses": [{"system": "s", "answer": "a",
   "passages": [{"rank": 1, "id": "p1"}]}]}]}]}
EOF
$CONVQA init --db ws.db >/dev/null
$CONVQA import --db ws.db -q ws.json
$CONVQA label --db ws.db -r alice relevant 1 -c 'c 9' -n 1 -s s -k 1
check_run "a conversation id with whitespace is refused, named" 2 \
	"convqa: trec-qrels: conversation 'c 9' has white space in its id, which a TREC qid cannot hold (qid: <conversation>_<turn>)" \
	$CONVQA export --db ws.db --format trec-qrels -o ws.qrels
check_eq "and no file is left" "no" "$([ -e ws.qrels ] && echo yes || echo no)"

# ---- trec-qrels with a consensus ---------------------------------------------------
# alice and bob disagree on c1_1 p1, c1_1 p2 and c2_1 p10; carol sides with bob on
# c1_1 p1; judy, an adjudicator, settles c1_1 p2
$CONVQA rater add carol >/dev/null
$CONVQA rater add judy --role adjudicator >/dev/null
$CONVQA label -r carol relevant 0 -c c1 -n 1 -s s -k 1
$CONVQA label -r judy relevant 1 -c c1 -n 1 -s s -k 2
run $CONVQA export --format trec-qrels --task turn --consensus majority -o majority.qrels
check_eq "majority: the most frequent value (an adjudicator has no vote), a tie left out and counted" \
	"0|wrote 5 judgements to majority.qrels (qid <conversation>_<turn>)
2 passages without consensus left out|c1_1 0 p1 0
c1_1 0 p3 1
c1_1 0 p4 1
c1_2 0 p2 1
c2_1 0 p3 1" "$rc|$(cat "$T/err")|$(cat majority.qrels)"
run $CONVQA export --format trec-qrels --task turn --consensus adjudicated
check_eq "adjudicated: the adjudicator's value, else the raters' when they all agree" "0|c1_1 0 p2 1
c1_1 0 p3 1
c1_1 0 p4 1
c1_2 0 p2 1
c2_1 0 p3 1" "$rc|$(cat "$T/out")"
run $CONVQA export --format trec-qrels --task turn --consensus discard
check_eq "discard: the raters' value when they all agree" "0|c1_1 0 p3 1
c1_1 0 p4 1
c1_2 0 p2 1
c2_1 0 p3 1" "$rc|$(cat "$T/out")"
run $CONVQA export --format trec-qrels --task graded --consensus majority
check_eq "a graded field settles on a grade" "0|c1_1 0 p2 0
c2_1 0 p10 2" "$rc|$(cat "$T/out")"
$CONVQA rater distrust carol >/dev/null
run $CONVQA export --format trec-qrels --task turn --consensus majority
check_eq "a distrusted rater has no vote" "0|c1_1 0 p3 1
c1_1 0 p4 1
c1_2 0 p2 1
c2_1 0 p3 1" "$rc|$(cat "$T/out")"
check_run "three raters and no choice: refused, saying how to choose" 1 \
	"convqa: trec-qrels: the labels are by more than one rater (alice, bob, ...): choose one with --rater NAME, or settle them with --consensus majority, adjudicated or discard" \
	$CONVQA export --format trec-qrels --task turn
check_run "--consensus with --rater: refused" 1 \
	"convqa export: --consensus settles several raters' labels, --rater takes one rater's: give one of them" \
	$CONVQA export --format trec-qrels --task turn --rater alice --consensus majority
check_run "an unknown --consensus: refused, naming the choices" 1 \
	"convqa export: unknown --consensus 'most' (expected: majority, adjudicated or discard; one rater's labels: --rater NAME)" \
	$CONVQA export --format trec-qrels --task turn --consensus most
check_run "--consensus with a format that does not settle labels: refused" 1 \
	"convqa export: --consensus applies to the formats that settle the raters' labels (trec-qrels), not to --format csv: leave it out" \
	$CONVQA export --format csv --consensus majority
check_run "--consensus adjudicated without an adjudicator's labels: refused, saying what to do" 1 \
	"convqa: --consensus adjudicated: no rater of these labels has the role adjudicator (give one with: convqa rater add NAME --role adjudicator)" \
	$CONVQA export --format trec-qrels --task graded --consensus adjudicated -o adj.qrels
check_eq "   and nothing is written" "no" "$([ -e adj.qrels ] && echo yes || echo no)"

# ---- control items and blind accounts ----------------------------------------------
# alice's queue of round k has a control item (c1, the expert's known answer):
# her label there scores her and is no judgement; bob labels c2 in round k2
cat >k.json <<'EOF'
{"format": "convqa-tasks", "version": 1, "collection": [{"id": "p1", "text": "one"}, {"id": "p2", "text": "two"}],
 "conversations": [
  {"id": "c1", "turns": [{"question": "q1?", "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p1"}]}]}]},
  {"id": "c2", "turns": [{"question": "q2?", "responses": [{"system": "s", "answer": "b", "passages": [{"rank": 1, "id": "p2"}]}]}]}]}
EOF
k() { CONVQA_DB="$T/k.db" $CONVQA "$@"; }
k init >/dev/null && k import -q k.json
for r in expert alice bob; do k rater add $r >/dev/null; done
k label -r expert relevant 1 -c c1 -n 1 -s s -k 1
printf 'c2\t1\ts\n' >k.items
k round create k --raters alice --items k.items --control 0.5 --control-from expert >/dev/null
k round create k2 --raters bob --items k.items >/dev/null
k label --round k -r alice relevant 0 -c c1 -n 1 -s s -k 1
k label --round k -r alice relevant 1 -c c2 -n 1 -s s -k 1
k label --round k2 -r bob relevant 0 -c c2 -n 1 -s s -k 1
run k export --format trec-qrels --rater alice
check_eq "a label on a control item is no judgement" "0|c2_1 0 p2 1" "$rc|$(cat "$T/out")"
run k export --format trec-qrels --consensus majority
check_eq "a coordinator's account settles every rater's labels" "0|c1_1 0 p1 1|1 passage without consensus left out" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
k rater add alice --os-user "$(id -un)" >/dev/null 2>&1
run k export --format trec-qrels --consensus majority
# her own control label (c1 p1 0) counts as a judgement to her: left out,
# it would tell her that c1 is a control (and the expert's value)
check_eq "an account bound to alice does not see bob's labels of the open round (the json export's filter), nor which of hers are controls" \
	"0|c2_1 0 p2 1|1 passage without consensus left out
blind: as alice, the rater this account is bound to, other raters' labels of open rounds are left out" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"

# ---- an escape sequence in an id: exact in a file, inert on a terminal -----------------
printf '{"format": "convqa-tasks", "version": 1, "collection": [{"id": "p\\u001b[31m", "text": "one"}], "conversations": [{"id": "c1", "turns": [{"question": "q?", "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1, "id": "p\\u001b[31m"}]}]}]}]}' >esc.json
e() { CONVQA_DB="$T/e.db" $CONVQA "$@"; }
e init >/dev/null && e import -q esc.json && e label -r alice relevant 1 -c c1 -n 1 -s s -k 1
e export --format trec-qrels -o esc.qrels 2>/dev/null
check_eq "in a file the passage id is kept exactly" "$(printf 'c1_1 0 p\033[31m 1')" "$(cat esc.qrels)"
if command -v script >/dev/null 2>&1; then
	for f in trec-qrels csv; do
		CONVQA_DB="$T/e.db" script -qc "$CONVQA export --format $f" /dev/null >tty.out 2>&1
		if grep -q "$(printf '\033')" tty.out || ! grep -q 'p^\[\[31m' tty.out; then
			not_ok "on a terminal --format $f shows the escape as text" "$(od -c tty.out | head -5)"
		else ok "on a terminal --format $f shows the escape as text"; fi
	done
else
	skip "on a terminal the escape is shown as text" "no script(1)"
fi

# ---- csv -----------------------------------------------------------------------
check_run "csv of one rater's labels is written to a file" 0 "wrote 4 labels to bob.csv" \
	$CONVQA export --format csv --rater bob --task turn -o bob.csv
printf 'conversation,turn,system,rater,round,task,field,unit,value,passage,rank,seconds,timestamp,id,control\r\nc1,1,s,bob,,turn,relevant,passage,0,p1,1,0.000,2031-02-03T04:05:06.000Z,8,0\r\nc1,1,s,bob,,turn,relevant,passage,1,p2,2,0.000,2031-02-03T04:05:06.000Z,9,0\r\nc1,1,t,bob,,turn,note,response,"=1+1\r\nsecond line",,,2.500,2031-02-03T04:05:06.000Z,16,0\r\nc2,1,s,bob,,turn,relevant,passage,1,p10,1,0.000,2031-02-03T04:05:06.000Z,10,0\r\n' >want.csv
check_eq "RFC 4180: a header, CRLF line ends, a field with CR/LF quoted, nulls empty, a formula kept as data" \
	"$(od -c want.csv)" "$(od -c bob.csv)"
run $CONVQA export --format json --rater alice --round no-such-round
json_refusal="$rc|$(cat "$T/err")"
run $CONVQA export --format csv --rater alice --round no-such-round
check_eq "the filters are those of the json export" "$json_refusal" "$rc|$(cat "$T/err")"
run $CONVQA export --format csv --rater alice
check_eq "passage labels carry the passage and its rank" "0|conversation,turn,system,rater,round,task,field,unit,value,passage,rank,seconds,timestamp,id,control
c1,1,s,alice,,graded,grade,passage,3,p1,1,0.000,2031-02-03T04:05:06.000Z,11,0
c1,1,s,alice,,graded,grade,passage,0,p2,2,0.000,2031-02-03T04:05:06.000Z,12,0
c1,1,s,alice,,turn,relevant,passage,1,p1,1,0.000,2031-02-03T04:05:06.000Z,1,0" \
	"$rc|$(tr -d '\r' <"$T/out" | head -4)"
check_grep "a note with a comma and quotes is quoted, its quotes doubled" '^c1,1,t,alice,,turn,note,response,"a note, ""quoted""",,,0.000,' "$T/out"
$CONVQA export --format json -o labels.json   # with carol's and judy's
$CONVQA export --format csv -o all.csv
$CONVQA export --format json --history -o history.json
$CONVQA export --format csv --history -o history.csv
if /usr/bin/python3 - <<'EOF' >csv.out 2>&1
import csv, json
def cell(v):
    if isinstance(v, bool):
        return "1" if v else "0"
    return "" if v is None else "%.3f" % v if isinstance(v, float) else str(v)
cols = ["conversation", "turn", "system", "rater", "round", "task", "field", "unit", "value", "passage", "rank",
        "seconds", "timestamp", "id", "control"]
for j, c in (("labels.json", "all.csv"), ("history.json", "history.csv")):
    labels = json.load(open(j))["labels"]
    want = [[cell(l.get(k)) for k in cols] for l in labels]
    with open(c, newline="") as f:
        rows = list(csv.reader(f, strict=True))
    assert rows[0] == cols, rows[0]
    assert rows[1:] == want, (rows[1:], want)
    data = open(c, "rb").read()
    assert data.count(b"\r\n") == data.count(b"\n"), "a bare LF"
print("same")
EOF
then ok "the CSV read with python's csv module equals the json export's labels (current and history)"
else not_ok "the CSV read with python's csv module equals the json export's labels (current and history)" "$(cat csv.out)"; fi

# ---- jsonl ---------------------------------------------------------------------
check_run "jsonl is written to a file" 0 "wrote 4 labels to bob.jsonl" \
	$CONVQA export --format jsonl --rater bob --task turn -o bob.jsonl
check_eq "one label a line, the json export's label objects" '{"conversation": "c1", "turn": 1, "system": "s", "rater": "bob", "round": null, "task": "turn", "field": "relevant", "unit": "passage", "value": 0, "passage": "p1", "rank": 1, "seconds": 0.000, "timestamp": "2031-02-03T04:05:06.000Z", "id": 8, "control": false}
{"conversation": "c1", "turn": 1, "system": "s", "rater": "bob", "round": null, "task": "turn", "field": "relevant", "unit": "passage", "value": 1, "passage": "p2", "rank": 2, "seconds": 0.000, "timestamp": "2031-02-03T04:05:06.000Z", "id": 9, "control": false}
{"conversation": "c1", "turn": 1, "system": "t", "rater": "bob", "round": null, "task": "turn", "field": "note", "unit": "response", "value": "=1+1\r\nsecond line", "seconds": 2.500, "timestamp": "2031-02-03T04:05:06.000Z", "id": 16, "control": false}
{"conversation": "c2", "turn": 1, "system": "s", "rater": "bob", "round": null, "task": "turn", "field": "relevant", "unit": "passage", "value": 1, "passage": "p10", "rank": 1, "seconds": 0.000, "timestamp": "2031-02-03T04:05:06.000Z", "id": 10, "control": false}' "$(cat bob.jsonl)"
$CONVQA export --format jsonl -o all.jsonl
$CONVQA export --format jsonl --history -o history.jsonl
if /usr/bin/python3 - <<'EOF' >jsonl.out 2>&1
import json
for j, l in (("labels.json", "all.jsonl"), ("history.json", "history.jsonl")):
    want = json.load(open(j))["labels"]
    got = [json.loads(line) for line in open(l, "rb").read().decode().split("\n")[:-1]]
    assert got == want, (got, want)
print("same")
EOF
then ok "each line of the jsonl export is a label of the json export, in order (current and history)"
else not_ok "each line of the jsonl export is a label of the json export, in order (current and history)" "$(cat jsonl.out)"; fi

done_testing
