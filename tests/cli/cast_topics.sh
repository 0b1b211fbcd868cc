#!/bin/sh
# TREC CAsT topic files (import format cast-topics,
# src/formats/import_cast_topics.c): a topic is a conversation named by its
# number, a turn by its number (gaps kept), raw_utterance the question,
# manual_rewritten_utterance the rewrite, every other member kept as
# metadata; a run and qrels of the same topics (qid TOPIC_TURN) then land on
# those turns. Bad topics are refused with FILE: $[i].turn[j].member, all or
# nothing. Fixtures: tests/fixtures/trec/ (see its README).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
TOPICS="$FIXTURES/trec/topics.json"
RUN="$FIXTURES/trec/run.txt"
QRELS="$FIXTURES/trec/qrels.txt"
$CONVQA init >/dev/null

run $CONVQA import "$TOPICS"
check_eq "a CAsT topic file is detected and imports: a conversation per topic, a turn per turn" \
	"0|$TOPICS: added 2 conversations, 5 turns, 0 responses, 0 passages, 0 systems|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "conversations named by the topic numbers, turns by their numbers (gap kept), raw_utterance the question, manual_rewritten_utterance the rewrite" \
	"31|1|How do bees make honey?|How do bees make honey?
31|2|How long does it take?|How long does it take bees to make honey?
31|4|Do they sleep?|
32|1|What is a qrel?|
32|2|Who made trec_eval?|Who wrote the trec_eval program?" \
	"$(sqlite3 "$T/p.db" "SELECT c.ext_id, t.position, t.question, coalesce(t.rewrite, '') FROM turn t
		JOIN conversation c ON c.id = t.conversation_id ORDER BY c.ext_id, t.position")"
check_eq "the other members are kept as metadata: the turn's (known to CAsT or not), the topic's" \
	"31|{\"title\":\"Bees\",\"description\":\"A user asks about honey bees.\"}|1|{\"automatic_rewritten_utterance\":\"How do bees make honey?\",\"manual_canonical_result_id\":\"MARCO_101\"}
31|{\"title\":\"Bees\",\"description\":\"A user asks about honey bees.\"}|2|{\"query_turn_dependence\":[1]}
31|{\"title\":\"Bees\",\"description\":\"A user asks about honey bees.\"}|4|{\"utterance_type\":\"question\"}
32||1|
32||2|" \
	"$(sqlite3 "$T/p.db" "SELECT c.ext_id, coalesce(c.metadata, ''), t.position, coalesce(t.metadata, '') FROM turn t
		JOIN conversation c ON c.id = t.conversation_id ORDER BY c.ext_id, t.position")"
run $CONVQA import --format cast-topics "$TOPICS"
check_eq "importing it again adds nothing" "0" "$rc"
check_grep "... and says so" "nothing new" "$T/out"

# ---- a run and qrels on the same turns -------------------------------------------
run $CONVQA import --format trec-run "$RUN"
check_eq "the run's qids 31_1, 31_2, 32_1 meet the topics' turns (33_1 is a new conversation)" \
	"0|$RUN: added 1 conversation, 1 turn, 4 responses, 17 passages, 1 system (in the project already: 2 conversations, 3 turns)" \
	"$rc|$(head -n 1 "$T/out")"
run $CONVQA import --format trec-qrels "$QRELS"
check_eq "the qrels attach gold to the same turns" "0" "$rc"
check_eq "the questions stay, the run's responses and the gold on the topics' turns" \
	"31|1|How do bees make honey?|1|3
31|2|How long does it take?|1|2
31|4|Do they sleep?|0|0
32|1|What is a qrel?|1|3
32|2|Who made trec_eval?|0|0
33|1||1|0" \
	"$(sqlite3 "$T/p.db" "SELECT c.ext_id, t.position, coalesce(t.question, ''),
		(SELECT count(*) FROM response r WHERE r.turn_id = t.id),
		(SELECT count(*) FROM gold_passage g WHERE g.turn_id = t.id) FROM turn t
		JOIN conversation c ON c.id = t.conversation_id ORDER BY c.ext_id, t.position")"
cp "$T/p.db" "$T/base.db"

# ---- refusals ----------------------------------------------------------------------
# refused DESCRIPTION STDERR [OPTIONS]: f.json is refused with this message (status 2), the project unchanged
refused() {
	_d=$1 _e=$2; shift 2
	run $CONVQA import "$@" f.json
	if [ "$rc" = 2 ] && [ "$(cat "$T/err")" = "$_e" ] && cmp -s "$T/p.db" "$T/base.db" && [ ! -s "$T/out" ]; then
		ok "$_d"
	else
		not_ok "$_d" "expected status 2, stderr:" "$_e" "actual status $rc, stderr:" "$(cat "$T/err")" \
			"project unchanged: $(cmp -s "$T/p.db" "$T/base.db" && echo yes || echo NO)"
	fi
}
cd "$T"
printf '[{"number": 40, "turn": [{"number": 1, "raw_utterance": "q"},\n {"number": 2, "raw_utterance": 7}]}]\n' >f.json
refused "a wrong type names the topic, the turn and the member" \
	'f.json: $[0].turn[1].raw_utterance: expected a non-empty string, got a number'
printf '[{"number": 40, "turn": [{"number": 1, "raw_utterance": "q"}]},\n {"number": 41, "turn": [{"raw_utterance": "q"}]}]\n' >f.json
refused "a turn without its number" 'f.json: $[1].turn[0]: missing required property "number"'
printf '[{"number": 40, "turn": [{"number": 1, "raw_utterance": "q"}, {"number": 1, "raw_utterance": "r"}]}]\n' >f.json
refused "a turn number given twice" 'f.json: $[0]: turn number 1 of topic 40 is given twice (also at $[0])'
printf '[{"number": 40, "turn": [{"number": 1, "raw_utterance": "q", "manual_rewritten_utterance": 3}]}]\n' >f.json
refused "a rewrite that is not a string" \
	'f.json: $[0].turn[0].manual_rewritten_utterance: expected a string, got a number'
printf '[{"number": 40, "turn": []}]\n' >f.json
refused "a topic without turns" 'f.json: $[0].turn: expected at least 1 item, got none' --format cast-topics
printf '[{"number": "40", "turn": [{"number": 1, "raw_utterance": "q"}]}]\n' >f.json
refused "a topic number that is not a number" \
	'f.json: $[0].number: expected an integer from 0 to 999999999999999, got a string'
printf '[{"title": "x", "number": 40}]\n' >f.json
refused "a topic without turns (with --format)" 'f.json: $[0]: missing required property "turn"' --format cast-topics
done_testing
