#!/bin/sh
# MTRAG's evaluation files (the format "mtrag", docs/formats.md "MTRAG"):
# tests/fixtures/mtrag/evaluations.json, written for these tests in the
# shape of mtrag-human/evaluations/*.json (InspectorRAGet JSON), holds two
# conversations (c1: turns 1 and 2, c2: turn 1), the responses of two
# systems (reference, gpt-x) and the 4-point ratings of three evaluators
# (101 and 102 rate all six responses, 103 three of them). One `convqa
# import` brings the tasks, the scheme mtrag-likert and the ratings as
# labels; `convqa agreement` then gives the figures worked out by hand
# below.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2026-01-02T03:04:05.000Z
F="$FIXTURES/mtrag/evaluations.json"
count() { sqlite3 "$1" "SELECT (SELECT count(*) FROM conversation) || ' ' || (SELECT count(*) FROM label) || ' ' ||
	(SELECT count(*) FROM scheme) || ' ' || (SELECT count(*) FROM import)"; }

$CONVQA init --db p.db >/dev/null
run $CONVQA import --db p.db "$F"
check_eq "the format is detected; tasks, ratings and scheme are imported in one command" "0|$F: added 2 conversations, 3 turns, 6 responses, 3 passages, 2 systems
$F: MTRAG ratings: imported 60 label rows (0 already here); added scheme 'mtrag-likert'" "$rc|$(cat "$T/out")"
# 60 = 4 metrics x (6 responses of 101 + 6 of 102 + 3 of 103)

# ---- agreement: faithfulness, worked out by hand -----------------------------
# response          101  102  103
#   c1/1 reference    4    4    4
#   c1/1 gpt-x        3    4    -
#   c1/2 reference    4    3    3
#   c1/2 gpt-x        2    2    -
#   c2/1 reference    1    2    -
#   c2/1 gpt-x        4    4    3
# 101 / 102 over 6 units, categories 1..4 (k = 4): pairs (4,4) (3,4) (4,3)
# (2,2) (1,2) (4,4); marginals 101 a = (1,1,1,3)/6, 102 b = (0,2,1,3)/6.
# Unweighted: p_o = 3/6; p_e = (0 + 2 + 1 + 9)/36 = 1/3;
#   kappa = (1/2 - 1/3) / (2/3) = 1/4 = 0.25.
# Linear, w = 1 - |i-j|/3: the three disagreements are one step apart
#   (w = 2/3): p_o(w) = (3 + 3 * 2/3)/6 = 5/6; p_e(w) = sum a_i b_j w_ij
#   = (5/3 + 11/3 + 13/3 + 3 * 13/3)/36 = (68/3)/36 = 17/27;
#   kappa = (5/6 - 17/27) / (1 - 17/27) = (11/54) / (20/54) = 11/20 = 0.55.
# Quadratic, w = 1 - (i-j)^2/9: p_o(w) = (3 + 3 * 8/9)/6 = 17/18;
#   p_e(w) = (21/9 + 41/9 + 49/9 + 3 * 45/9)/36 = (246/9)/36 = 41/54;
#   kappa = (17/18 - 41/54) / (13/54) = (10/54) / (13/54) = 10/13 = 0.769231.
# Krippendorff's alpha over the three raters (units of 3, 2, 3, 2, 2, 3
# values; n = 15): coincidences o_44 = 3 (c1/1: 6 pairs x 1/2) + 1 (c2/1
# gpt-x) = 4, o_34 = o_43 = 1 (c1/1 gpt-x) + 1 (c1/2 ref) + 1 (c2/1 gpt-x)
# = 3, o_33 = 1, o_22 = 2, o_12 = o_21 = 1; n_1 = 1, n_2 = 3, n_3 = 4, n_4 = 7.
# Nominal: D_o = 8/15; D_e = (225 - 1 - 9 - 16 - 49)/(15 * 14) = 150/210;
#   alpha = 1 - (8/15)/(5/7) = 19/75 = 0.253333.
# Ordinal, delta^2(c,k) = (sum_{g=c..k} n_g - (n_c + n_k)/2)^2: d(1,2) = 2,
#   d(2,3) = 3.5, d(3,4) = 5.5, d(1,3) = 5.5, d(2,4) = 9, d(1,4) = 11.
#   D_o = (6 * 30.25 + 2 * 4)/15 = 189.5/15; D_e = 2 (3*4 + 4*30.25 + 7*121 +
#   12*12.25 + 21*81 + 28*30.25)/210 = 7350/210 = 35;
#   alpha = 1 - 189.5/525 = 671/1050 = 0.639048.
# (Interval, delta^2 = (c-k)^2, which convqa computes but does not print:
#   D_o = 8/15, D_e = 412/210, alpha = 75/103 = 0.728155.)
# scikit-learn's cohen_kappa_score(labels=[1,2,3,4]) gives 0.25, 0.55 and
# 0.769231 too.
agree() { $CONVQA agreement --db p.db --field mtrag-likert/faithfulness -f csv "$@"; }
run agree
check_grep "linear weighted kappa of 101 / 102 (the default for an ordinal field): 11/20" \
	'^agreement,mtrag-likert/faithfulness,raters,101 / 102,kappa,0.55,6,' "$T/out"
check_grep "p_o(w) = 5/6" '^agreement,mtrag-likert/faithfulness,raters,101 / 102,p_o(w),0.833333333333,6,' "$T/out"
check_grep "p_e(w) = 17/27" '^agreement,mtrag-likert/faithfulness,raters,101 / 102,p_e(w),0.62962962963,6,' "$T/out"
check_grep "Krippendorff's alpha, nominal: 19/75" \
	'^agreement,summary,field,mtrag-likert/faithfulness,alpha,0.253333333333,6,' "$T/out"
check_grep "Krippendorff's alpha, ordinal: 671/1050" \
	'^agreement,summary,field,mtrag-likert/faithfulness,alpha_ordinal,0.639047619048,6,' "$T/out"
run agree --weights quadratic
check_grep "quadratic weighted kappa: 10/13" \
	'^agreement,mtrag-likert/faithfulness,raters,101 / 102,kappa,0.769230769231,6,' "$T/out"
run agree --weights none
check_grep "unweighted kappa: 1/4" '^agreement,mtrag-likert/faithfulness,raters,101 / 102,kappa,0.25,6,' "$T/out"
run $CONVQA report --db p.db --only agreement -f csv
check_grep "the report's agreement section gives the same kappa" \
	'^agreement,mtrag-likert/faithfulness,raters,101 / 102,kappa,0.55,6,' "$T/out"
check_grep "... and the same alpha" \
	'^agreement,summary,field,mtrag-likert/faithfulness,alpha_ordinal,0.639047619048,6,' "$T/out"
run $CONVQA agreement --db p.db
check_grep "every metric is a field of its own" '^  mtrag-likert/completeness  *6  *3 ' "$T/out"

# ---- what else the file gives ------------------------------------------------
# an evaluator's duration on a response counts once (given with its first
# rating): 101's are 120 30 80 40 100 25 s: median 60, 395 s in all
run $CONVQA report --db p.db --only time -f csv
check_grep "the evaluators' durations are the items' seconds" '^time,by_rater,rater / task,101 / mtrag-likert,median,60,6,' "$T/out"
check_grep "... counted once per response" '^time,by_rater,rater / task,101 / mtrag-likert,hours,0.109722222222,6,' "$T/out"
check_eq "the win rates stay with the response as its metadata (the automatic metrics do not)" \
	'{"win-rate":{"101":{"timestamp":1728569400,"duration":30,"value":50},"102":{"timestamp":1728856300,"duration":45,"value":0}}}' \
	"$(sqlite3 p.db "SELECT r.metadata FROM response r JOIN system s ON s.id = r.system_id JOIN turn t ON t.id = r.turn_id
		JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = 'c1' AND t.position = 1 AND s.name = 'gpt-x'")"
check_eq "a task's reference answer is its turn's gold answer, its relevant contexts the gold passages" \
	"The reference desk has self-help guides on appeals.|lib-02" \
	"$(sqlite3 p.db "SELECT g.text, (SELECT group_concat(gp.passage_ext) FROM gold_passage gp WHERE gp.turn_id = t.id) FROM gold_answer g JOIN turn t ON t.id = g.turn_id WHERE t.position = 2")"
check_eq "the label's time is the rating's timestamp" "2024-10-10T14:09:43.000Z" \
	"$(sqlite3 p.db "SELECT min(l.created_at) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = '101'")"

run $CONVQA import --db p.db "$F"
check_eq "importing the file again adds nothing" "0|$F: nothing new (its 2 conversations, 3 turns, 6 responses, 3 passages, 2 systems are in the project already)
$F: MTRAG ratings: imported 0 label rows (60 already here)" "$rc|$(cat "$T/out")"

# ---- the ratings alone: convqa import-labels -----------------------------------
$CONVQA init --db q.db >/dev/null
run $CONVQA import --db q.db --format mtrag - <"$F"
check_eq "from standard input the tasks only, and import says so" "0|standard input: added 2 conversations, 3 turns, 6 responses, 3 passages, 2 systems
standard input: its MTRAG ratings are not read from standard input or a pipe (read once, for the tasks): import them with convqa import-labels FILE" \
	"$rc|$(cat "$T/out")"
run $CONVQA import-labels --db q.db "$F"
check_eq "import-labels reads the ratings of the file (and adds their scheme)" \
	"0|$F: imported 60 label rows (0 already here); added scheme 'mtrag-likert'" "$rc|$(cat "$T/out")"
run $CONVQA agreement --db q.db --field mtrag-likert/faithfulness -f csv
check_grep "the same kappa" '^agreement,mtrag-likert/faithfulness,raters,101 / 102,kappa,0.55,6,' "$T/out"

# ---- generation tasks: a task a line ----------------------------------------------
# tests/fixtures/mtrag/generation_tasks.jsonl: c1's two tasks as
# generation_tasks/*.jsonl give them (contexts with their text, relevance
# as feedback), and c3's turn 3 with its history. The reference answers
# are the responses of the system "reference", as in the evaluation file:
# both files go into one project.
G="$FIXTURES/mtrag/generation_tasks.jsonl"
$CONVQA init --db g.db >/dev/null
run $CONVQA import --db g.db "$G"
check_eq "generation tasks are detected and imported (no ratings: no labels)" \
	"0|$G: added 2 conversations, 5 turns, 2 responses, 2 passages, 1 system" "$rc|$(cat "$T/out")"
check_eq "the turns of the history carry the agent's reply as their gold answer" \
	"1|Is a laptop a business expense?|If you use it for the trade, yes.
2|And my phone?|The share you use for work.
3|What about lunch?|" \
	"$(sqlite3 g.db "SELECT t.position, t.question, coalesce(g.text, '') FROM turn t JOIN conversation c ON c.id = t.conversation_id
		LEFT JOIN gold_answer g ON g.turn_id = t.id WHERE c.ext_id = 'c3' ORDER BY t.position")"
check_eq "a context judged relevant is a gold passage" "lib-01" \
	"$(sqlite3 g.db "SELECT group_concat(gp.passage_ext) FROM gold_passage gp JOIN turn t ON t.id = gp.turn_id
		JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = 'c1' AND t.position = 1")"
run $CONVQA import --db g.db "$F"
check_eq "the evaluation file joins them: the same turns, passages and reference answers" \
	"0|$F: added 1 conversation, 1 turn, 4 responses, 1 passage, 1 system; filled in missing data of 3 of its entries (in the project already: 1 conversation, 2 turns, 2 passages)
$F: MTRAG ratings: imported 60 label rows (0 already here); added scheme 'mtrag-likert'" "$rc|$(cat "$T/out")"
# a context without its text is a passage known by its id, unless another
# line gives the text
cat >ids.jsonl <<'EOF'
{"conversation_id": "c7", "task_id": "c7<::>1", "turn": 1, "contexts": [{"document_id": "x9"}, {"document_id": "x7"}], "input": [{"speaker": "user", "text": "q"}], "targets": [{"text": "a"}]}
{"conversation_id": "c8", "task_id": "c8<::>1", "turn": 1, "contexts": [{"document_id": "x9", "text": "nine"}], "input": [{"speaker": "user", "text": "q"}], "targets": [{"text": "a"}]}
EOF
run $CONVQA import --db g.db ids.jsonl
check_eq "contexts named by id only import" "0|x7:|x9:nine" \
	"$rc|$(sqlite3 g.db "SELECT group_concat(ext_id || ':' || coalesce(text, ''), '|') FROM (SELECT * FROM passage WHERE ext_id LIKE 'x%' ORDER BY ext_id)")"
printf '%s\n' '{"conversation_id": "c1", "task_id": "c1<::>1", "turn": 1, "input": [{"speaker": "user", "text": "q"}]}' \
	'{"conversation_id": "c1", "task_id": "c1<::>2", "turn": 0, "input": []}' '{"conversation_id": ' >bad.jsonl
check_run "a file of lines: each problem with its line" 2 \
'bad.jsonl:2: $.turn: expected a turn number from 1, got a number
bad.jsonl:3:21: syntax error: unexpected end of line, the object opened at 3:1 is not closed' \
	$CONVQA import --db g.db bad.jsonl

# ---- refusals: the file's problems, with its JSON paths; nothing is imported ----
cat >bad.json <<'EOF'
{"name": "bad", "models": [{"model_id": "s1"}],
 "metrics": [{"name": "faithfulness", "author": "human", "type": "categorical",
              "values": [{"value": "1"}, {"value": "2"}, {"value": "3"}, {"value": "4"}]}],
 "documents": [{"document_id": "d1", "text": "one"}, {"document_id": "d1", "text": "two"}],
 "tasks": [
  {"task_id": "c1-1", "input": [{"speaker": "user", "text": "q"}]},
  {"task_id": "c1<::>2", "input": [{"speaker": "user", "text": "q1"}, {"speaker": "user", "text": "a1"},
                                   {"speaker": "user", "text": "q2"}]},
  {"task_id": "c3<::>2", "input": [{"speaker": "user", "text": "q"}]},
  {"task_id": "c2<::>1", "input": [{"speaker": "user", "text": "q"}], "contexts": [{"document_id": "d1"}],
   "annotations": {"context_relevance": {"system": [3]}}}],
 "evaluations": [
  {"task_id": "c9<::>1", "model_id": "s1", "model_response": "x"},
  {"task_id": "c2<::>1", "model_id": "s1", "model_response": "x",
   "annotations": {"faithfulness": {"e1": {"value": "5"}, "e,2": {"value": 3},
                                    "e3": {"value": 3, "timestamp": "yesterday"}}}},
  {"task_id": "c2<::>1", "model_id": "s1", "model_response": "y"}]}
EOF
before=$(count p.db)
check_run "each problem of the file with its JSON path; exit 2" 2 \
'bad.json: $.documents[1]: document "d1" is listed twice
bad.json: $.tasks[0].task_id: expected CONVERSATION<::>TURN (a turn number from 1), got "c1-1"
bad.json: $.tasks[1].input[1].speaker: expected "agent" (turns alternate: user, agent, ..., user), got "user"
bad.json: $.tasks[2].input: expected 3 utterances for turn 2 (user, agent, ..., user), got 1
bad.json: $.tasks[3].annotations.context_relevance.system[0]: expected the index of one of the task'"'"'s 1 contexts
bad.json: $.evaluations[0].task_id: no task "c9<::>1" in $.tasks
bad.json: $.evaluations[1].annotations.faithfulness.e1.value: "5" is not one of the values $.metrics gives faithfulness
bad.json: $.evaluations[1].annotations.faithfulness["e,2"]: an evaluator'"'"'s id must be a rater'"'"'s name: the rater name holds a comma (commas separate names in lists such as report --raters)
bad.json: $.evaluations[1].annotations.faithfulness.e3.timestamp: expected a number of seconds from 0, got a string
bad.json: $.evaluations[2]: a second evaluation of model "s1" on task "c2<::>1" (also at evaluations[1])' \
	$CONVQA import --db p.db bad.json
check_eq "the refused file changed nothing" "$before" "$(count p.db)"
run $CONVQA import-labels --db p.db bad.json
check_eq "import-labels refuses it with the same messages" "2|bad.json: \$.documents[1]: document \"d1\" is listed twice" \
	"$rc|$(head -1 "$T/err")"
check_run "not an MTRAG file" 2 \
	'notes.json: $: expected an MTRAG evaluation file (an object with models, documents, tasks and evaluations), got an array' \
	sh -c "echo '[1]' >notes.json && $CONVQA import --db p.db --format mtrag notes.json"

# The project's own scheme mtrag-likert (here without naturalness) is the
# one the ratings must fit: they do not, and the tasks, read first, are
# rolled back with them (one transaction).
$CONVQA init --db r.db >/dev/null
/usr/bin/python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
s["fields"] = [f for f in s["fields"] if f["name"] != "naturalness"]
json.dump(s, open("three.json", "w"))' "$CONVQA_TOP/sample_tasks/schemes/mtrag-likert.json"
$CONVQA scheme add --db r.db three.json >/dev/null
before=$(count r.db)
run $CONVQA import --db r.db "$F"
check_eq "ratings the project's scheme refuses: exit 2, the rating named" \
	"2|$F: \$.evaluations[0].annotations.naturalness[\"101\"]: task 'mtrag-likert' has no field 'naturalness'" \
	"$rc|$(head -1 "$T/err")"
check_eq "... and nothing is imported, the tasks neither" "$before" "$(count r.db)"
done_testing
