#!/bin/sh
# convqa chat --systems A,B (arena mode) against two fake command systems
# (tests/fixtures/fake_arena.py) that answer differently: each question
# goes to both, both requests in flight at once, and both answers are
# stored as responses to the same turn; the preference picked by side is
# stored normalised to the systems (the side read from the screen); the
# next question goes with the preferred answer as both systems' history
# (--history own: each its own; a tie: each its own); over 10 turns each
# system is shown on top within one of half the turns; a system that dies
# is re-sent the question alone and the other's answer is kept; report and
# export --format prefs-csv give the preferences; the options are checked.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"

ui_project p.db "$FIXTURES/replay.json"
FA="python3 $FIXTURES/fake_arena.py alpha $T/log"
FB="python3 $FIXTURES/fake_arena.py beta $T/log"
q() { sqlite3 p.db "$1"; }
# the log's lines of system $1: question and history answers, one a line
hist() { python3 -c 'import json,sys
for j in map(json.loads, open(sys.argv[1])):
    if j["name"] == sys.argv[2]: print("%s <- %s" % (j["question"], " | ".join(j["history"])))' "$T/log" "$1"; }
# the system whose answer is on top (A) on saved screen $1
top() { sed -n 5p "$T/screens/$1" | sed 's/^ \([a-z]*\) .*/\1/'; }

arena_run() {
	cat >"$T/script"
	CONVQA_SCRIPT="$T/script" "$CONVQA" chat --db p.db "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# ---- both answers stored; a preference by side, normalised; the history ----
arena_run --rater alice --systems alpha,beta --command "$FA" --command-b "$FB" <<'EOF'
:type Where is Cordouan?
enter
:save-screen t1
a
:type Who built it?
enter
:save-screen t2
right
:type When?
enter
:save-screen t3
e
:type How tall?
enter
F2
q
EOF
check_ran "an arena chat runs"
check_eq "it says what it stored" "chat: 4 turns stored as conversation live-alice-1
chat: 3 preferences between alpha and beta stored (convqa report, convqa export --format prefs-csv)" "$(cat "$T/out")"
check_eq "both systems' answers are stored for each turn" "1|Where is Cordouan?|alpha 1: Where is Cordouan?|beta 1: Where is Cordouan?
2|Who built it?|alpha 2: Who built it?|beta 2: Who built it?
3|When?|alpha 3: When?|beta 3: When?
4|How tall?|alpha 4: How tall?|beta 4: How tall?" \
	"$(q "SELECT t.position, t.question, ra.answer, rb.answer FROM turn t JOIN conversation c ON c.id = t.conversation_id
	      JOIN response ra ON ra.turn_id = t.id JOIN system sa ON sa.id = ra.system_id AND sa.name = 'alpha'
	      JOIN response rb ON rb.turn_id = t.id JOIN system sb ON sb.id = rb.system_id AND sb.name = 'beta'
	      WHERE c.ext_id = 'live-alice-1' ORDER BY t.position")"
t1=$(top t1) t2=$(top t2)
check_eq "each answer's metadata keeps the side it was shown on" "1|$t1|A
2|$t2|A" \
	"$(q "SELECT t.position, s.name, json_extract(r.metadata, '\$.live.side') FROM response r JOIN turn t ON t.id = r.turn_id
	      JOIN system s ON s.id = r.system_id JOIN conversation c ON c.id = t.conversation_id
	      WHERE c.ext_id = 'live-alice-1' AND t.position <= 2 AND json_extract(r.metadata, '\$.live.side') = 'A'
	      ORDER BY t.position")"
other() { [ "$1" = alpha ] && echo beta || echo alpha; }
check_eq "the screens are blind: A and B, no system named" "0" "$(grep -c 'alpha\b *·\|beta\b *·\|· alpha\|· beta' "$T/screens/t1")"
check_eq "a (the top answer) and right (the lower one) are stored as the systems they showed" \
"1|alpha|beta|$t1|alice
2|alpha|beta|$(other "$t2")|alice
3|alpha|beta|tie|alice" \
	"$("$CONVQA" export --db p.db --format prefs-csv | tail -n +2 | cut -d, -f2-6 | tr , '|')"
check_eq "prefs-csv's left column names the system shown left (on top) in the arena, a tie's too" \
"1|$t1
2|$t2
3|$(top t3)" \
	"$("$CONVQA" export --db p.db --format prefs-csv | tail -n +2 | cut -d, -f2,7 | tr , '|')"
check_eq "the labels judge the turns' pairs in the pairwise task, outside rounds" "3|pairwise|preference|1" \
	"$(q "SELECT count(*), min(task), min(field), count(*) = count(DISTINCT unit_ref) FROM label WHERE unit = 'pair' AND round_id IS NULL")"
check_eq "the next question went with the preferred answer as both systems' history; after a tie each its own" \
"Where is Cordouan? <- 
Who built it? <- $t1 1: Where is Cordouan?
When? <- $t1 1: Where is Cordouan? | $(other "$t2") 2: Who built it?
How tall? <- $t1 1: Where is Cordouan? | $(other "$t2") 2: Who built it? | alpha 3: When?
beta:
Where is Cordouan? <- 
Who built it? <- $t1 1: Where is Cordouan?
When? <- $t1 1: Where is Cordouan? | $(other "$t2") 2: Who built it?
How tall? <- $t1 1: Where is Cordouan? | $(other "$t2") 2: Who built it? | beta 3: When?" \
	"$(hist alpha; echo beta:; hist beta)"
"$CONVQA" report --db p.db >"$T/report" 2>&1
check_grep "the report's preferences count them" "alpha vs beta  *3  " "$T/report"

# ---- both requests are in flight at once ----
arena_run --rater erin --systems alpha,beta --command "$FA" --command-b "$FB" <<'EOF'
:type all together now
enter
a
F2
q
EOF
check_ran "a question both systems wait on each other for"
check_eq "each system had the question while the other held its answer back: both asked at once" \
	"alpha 1: all together now (together)|beta 1: all together now (together)" \
	"$(q "SELECT group_concat(r.answer, '|') FROM (SELECT r.answer FROM response r JOIN turn t ON t.id = r.turn_id
	      JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = 'live-erin-1' ORDER BY r.answer) r")"

# ---- --history own ----
: >"$T/log"
arena_run --rater bob --systems alpha,beta --command "$FA" --command-b "$FB" --history own <<'EOF'
:type First?
enter
a
:type Second?
enter
F2
q
EOF
check_ran "--history own runs"
check_eq "with --history own each system hears its own answers" "Second? <- alpha 1: First?
Second? <- beta 1: First?" "$(hist alpha | tail -1; hist beta | tail -1)"
check_eq "the conversation's metadata says it is an arena" '["alpha","beta"]|own' \
	"$(q "SELECT json_extract(metadata, '\$.live.arena.systems'), json_extract(metadata, '\$.live.arena.history')
	      FROM conversation WHERE ext_id = 'live-bob-1'")"

# ---- sides over 10 turns ----
{
	for i in 1 2 3 4 5 6 7 8 9 10; do
		printf ':type question %s\nenter\n:save-screen side%s\nx\n' "$i" "$i"
	done
	printf 'F2\nq\n'
} >"$T/ten"
arena_run --rater carol --systems alpha,beta --command "$FA" --command-b "$FB" --seed 5 <"$T/ten"
check_ran "ten turns run"
n=0
for i in 1 2 3 4 5 6 7 8 9 10; do [ "$(top side$i)" = alpha ] && n=$((n + 1)); done
check_eq "alpha is on top within one of 5 times in 10 (and not always or never)" "ok" \
	"$([ "$n" -ge 4 ] && [ "$n" -le 6 ] && echo ok || echo "alpha on top $n times")"
check_eq "ten preferences stored, both bad" "10|both_bad" \
	"$(q "SELECT count(*), min(value) FROM label l JOIN pair p ON p.id = l.unit_ref JOIN turn t ON t.id = p.turn_id
	      JOIN conversation c ON c.id = t.conversation_id WHERE l.unit = 'pair' AND c.ext_id = 'live-carol-1'")"

# ---- a failing system is retried alone ----
: >"$T/log"
ARENA_FAIL=beta arena_run --rater dave --systems alpha,beta --command "$FA" --command-b "$FB" <<'EOF'
:type boom goes the question
enter
:save-screen failed
enter
:save-screen retried
b
F2
q
EOF
check_ran "a chat with a failing system runs"
check_grep "the failure is said, the other answer kept, enter re-sends" "failed, . kept · enter re-sends to . alone" \
	"$T/screens/failed"
check_eq "alpha was asked once, beta twice (a new process)" "alpha 1 1
beta 2 2" "$(python3 -c 'import json,sys
l = [json.loads(x) for x in open(sys.argv[1])]
for n in ("alpha", "beta"):
    print(n, sum(j["name"] == n for j in l), len({j["pid"] for j in l if j["name"] == n}))' "$T/log")"
check_eq "the turn has both answers once" "alpha 1: boom goes the question|beta 1: boom goes the question" \
	"$(q "SELECT group_concat(r.answer, '|') FROM (SELECT r.answer FROM response r JOIN turn t ON t.id = r.turn_id
	      JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = 'live-dave-1' ORDER BY r.answer) r")"

# ---- B built in ----
arena_run --rater fay --systems alpha,bm25 --command "$FA" --builtin-b bm25 <<'EOF'
:type lighthouse Gironde
enter
x
F2
q
EOF
check_ran "an arena of a command and the built-in bm25 runs"
check_eq "both answered the turn, bm25 from the project's passages" "alpha|alpha 1: lighthouse Gironde
bm25|1" \
	"$(q "SELECT s.name, iif(s.name = 'bm25', r.answer <> '' AND EXISTS (SELECT 1 FROM retrieved x WHERE x.response_id = r.id), r.answer)
	      FROM response r JOIN turn t ON t.id = r.turn_id JOIN system s ON s.id = r.system_id
	      JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = 'live-fay-1' ORDER BY s.name")"

# ---- the options ----
check_run "--systems takes two different names" 1 "convqa chat: --systems expects two different names A,B, got 'alpha'" \
	"$CONVQA" chat --db p.db --rater alice --systems alpha
check_run "--systems A,A is refused" 1 "convqa chat: --systems expects two different names A,B, got 'a,a'" \
	"$CONVQA" chat --db p.db --rater alice --systems a,a
check_run "--system and --systems do not go together" 1 "convqa chat: --systems A,B names both systems: leave out --system" \
	"$CONVQA" chat --db p.db --rater alice --systems a,b --system c
check_run "--history knows preferred and own" 1 "convqa chat: --history expects preferred or own, got 'mine'" \
	"$CONVQA" chat --db p.db --rater alice --systems a,b --history mine
check_run "the options of B go with --systems" 1 \
	"convqa chat: --command-b, --builtin-b, --endpoint-b, --history and --seed go with --systems A,B" \
	"$CONVQA" chat --db p.db --rater alice --system a --command-b x
check_run "one kind for B" 1 "convqa chat: give one of --command-b, --builtin-b bm25 and --endpoint-b" \
	"$CONVQA" chat --db p.db --rater alice --systems a,b --command-b x --builtin-b bm25

done_testing
