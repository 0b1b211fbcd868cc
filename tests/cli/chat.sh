#!/bin/sh
# convqa chat against a fake command-protocol system
# (tests/fixtures/fake_chat.py): a 5-turn chat is stored as conversation
# live-alice-1, each turn with the system's response (answer, rewrite,
# passages, metadata with the latency and the raw reply), each question
# sent with the conversation so far; a system that times out, answers
# malformed JSON or dies mid-reply leaves the conversation as it was, and
# enter sends the question again to a new process; the next chat is
# live-alice-2; F2 before any turn stores nothing; --builtin bm25 (the
# default) answers from the project's passages; the options are checked.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"

ui_project p.db "$FIXTURES/replay.json"
FAKE="python3 $FIXTURES/fake_chat.py $T/log"
q() { sqlite3 p.db "$1"; }

chat_run() {
	cat >"$T/script"
	CONVQA_SCRIPT="$T/script" "$CONVQA" chat --db p.db "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# ---- a normal 5-turn chat ----
chat_run --rater alice --system fake --command "$FAKE" <<'EOF'
:type Where is Cordouan?
enter
:type Who finished it?
enter
:type When?
enter
:type How tall is it?
enter
:type Can I visit it?
enter
F2
EOF
check_ran "a 5-turn chat runs"
check_eq "it is stored as live-alice-1, its turns in order" \
"1|Where is Cordouan?|Answer 1: Where is Cordouan?|R(Where is Cordouan?)
2|Who finished it?|Answer 2: Who finished it?|R(Who finished it?)
3|When?|Answer 3: When?|R(When?)
4|How tall is it?|Answer 4: How tall is it?|R(How tall is it?)
5|Can I visit it?|Answer 5: Can I visit it?|R(Can I visit it?)" \
	"$(q "SELECT t.position, t.question, r.answer, r.rewrite FROM turn t JOIN conversation c ON c.id = t.conversation_id
	      JOIN response r ON r.turn_id = t.id JOIN system s ON s.id = r.system_id
	      WHERE c.ext_id = 'live-alice-1' AND s.name = 'fake' ORDER BY t.position")"
check_eq "each question went with the conversation so far" \
	"live-alice-1 0 live-alice-1 1 live-alice-1 2 live-alice-1 3 live-alice-1 4" \
	"$(python3 -c 'import json,sys; print(" ".join("%s %d" % (j["conversation"], j["history"]) for j in map(json.loads, open(sys.argv[1]))))' "$T/log")"
check_eq "to one process" "1" "$(python3 -c 'import json,sys; print(len({json.loads(l)["pid"] for l in open(sys.argv[1])}))' "$T/log")"
check_eq "the ranked passages are stored, new ones added" "p-light live-1 p-light live-5" \
	"$(q "SELECT group_concat(p.ext_id, ' ') FROM (SELECT p.ext_id FROM retrieved x JOIN passage p ON p.id = x.passage_id
	      JOIN response r ON r.id = x.response_id JOIN turn t ON t.id = r.turn_id WHERE t.position IN (1, 5)
	      ORDER BY t.position, x.rank) p")"
check_eq "the metadata keeps the system, the rater, the latency and the raw reply" \
	"fake|alice|1|reply|Answer 1: Where is Cordouan?" \
	"$(q "SELECT json_extract(r.metadata, '\$.live.system'), json_extract(r.metadata, '\$.live.rater'),
	      json_extract(r.metadata, '\$.live.latency') >= 0, json_extract(json_extract(r.metadata, '\$.live.raw'), '\$.type'),
	      json_extract(json_extract(r.metadata, '\$.live.raw'), '\$.answer')
	      FROM response r JOIN turn t ON t.id = r.turn_id WHERE t.position = 1")"
check_eq "chat says what it stored" "chat: 5 turns stored as conversation live-alice-1" "$(cat "$T/out")"

# ---- failures: timeout, malformed JSON, death mid-reply; each retried ----
rm -f "$T/log"
chat_run --rater alice --system fake --timeout 1 --command "$FAKE" <<'EOF'
:type first question
enter
:type please sleep now
enter
:save-screen timeout
C-u
:type this is malformed
enter
:save-screen malformed
C-u
:type now die please
enter
:save-screen died
C-u
:type after the death
enter
:save-screen retried
F2
:save-screen judge
EOF
check_ran "a chat with failures runs"
check_rows "a timeout is said, the question kept" timeout 23 24 <<'EOF'
 > please sleep now
 not answered, enter sends it again: the system 'sh' sent no reply within 1 s …
EOF
check_rows "malformed JSON is said with its place" malformed 24 24 <<'EOF'
 not answered, enter sends it again: output of 'sh':2:42: syntax error: expect…
EOF
check_rows "a system that dies mid-reply is said" died 24 24 <<'EOF'
 not answered, enter sends it again: the system 'sh' ended its output in the m…
EOF
check_rows "the next question goes to a new process, as turn 2" retried 2 3 <<'EOF'
── Question 2 ──────────────────────────────────────────────────────────────────
 after the death
EOF
check_rows "F2: the turn screen at once (the guidelines were shown after the first chat)" judge 2 2 <<'EOF'
 conversation live-alice-2 · turn 1/2                                unfinished
EOF
check_eq "the conversation keeps the answered turns only" "1|first question
2|after the death" \
	"$(q "SELECT t.position, t.question FROM turn t JOIN conversation c ON c.id = t.conversation_id
	      WHERE c.ext_id = 'live-alice-2' ORDER BY t.position")"
check_eq "each failure ended its process: four processes" "4" \
	"$(python3 -c 'import json,sys; print(len({json.loads(l)["pid"] for l in open(sys.argv[1])}))' "$T/log")"
check_eq "the retried turn had the conversation so far (1 turn)" "1" \
	"$(tail -n 1 "$T/log" | python3 -c 'import json,sys; print(json.load(sys.stdin)["history"])')"

# ---- esc with nothing waiting; F2 before any turn ----
chat_run --rater bob --system fake --command "$FAKE" <<'EOF'
esc
:save-screen esc
F2
EOF
check_ran "F2 before any turn quits"
check_rows "esc says what it does" esc 24 24 <<'EOF'
 esc cancels a question while it waits · F2 ends the conversation
EOF
check_eq "nothing is stored, nothing said" "0|" "$(q "SELECT count(*) FROM conversation WHERE ext_id LIKE 'live-bob-%'")|$(cat "$T/out")"

# ---- the built-in system, the default ----
chat_run --rater carol --system bm25 <<'EOF'
:type lighthouse Gironde
enter
:save-screen bm25
F2
EOF
check_ran "a chat with the built-in bm25 runs"
check_rows "its first passage is the project's best match" bm25 7 7 <<'EOF'
  1 p-light · Cordouan · 2.79
EOF

# ---- over HTTP (tests/fixtures/fake_http.py on 127.0.0.1) ----
rm -f "$T/port"
python3 "$FIXTURES/fake_http.py" "$T/port" "$T/hlog" &
server_pid=$!
i=0
while [ ! -s "$T/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
CONVQA_SYSTEM_TOKEN=tok-SECRET-9 chat_run --rater dave --system web --endpoint "http://127.0.0.1:$(cat "$T/port")" <<'EOF'
:type Where is Cordouan?
enter
F2
EOF
kill $server_pid 2>/dev/null
wait $server_pid 2>/dev/null
check_ran "a chat with a system over HTTP (--endpoint) runs"
check_eq "its turn is stored with the raw reply, the token sent and never shown" \
	"1|Where is Cordouan?|1|Bearer tok-SECRET-9|0" \
	"$(q "SELECT count(*), max(t.question), json_extract(r.metadata, '\$.live.raw') IS NOT NULL FROM turn t
	      JOIN conversation c ON c.id = t.conversation_id JOIN response r ON r.turn_id = t.id
	      WHERE c.ext_id = 'live-dave-1'")|$(python3 -c 'import json, sys; print(json.loads(open(sys.argv[1]).readline())["authorization"])' "$T/hlog")|$(cat "$T/out" "$T/err" | grep -c SECRET)"

# ---- options ----
check_run "one kind of system at a time" 1 "convqa chat: give one of --command, --builtin and --endpoint" \
	"$CONVQA" chat --db p.db --rater alice --system x --command true --builtin bm25
check_run "--builtin knows bm25 only" 1 "convqa chat: --builtin expects bm25 (the one built in), got 'dense'" \
	"$CONVQA" chat --db p.db --rater alice --system x --builtin dense
check_run "a system is needed" 1 "convqa chat: say which system: --system NAME (its name in the project)" \
	"$CONVQA" chat --db p.db --rater alice
printf 'F2\n' >"$T/script"
CONVQA_SCRIPT="$T/script" run "$CONVQA" chat --db p.db --rater alice --system x --first-question-from nope
check_eq "--first-question-from a conversation the project lacks" \
	"2|convqa: no conversation 'nope' in the project (convqa export --format tasks lists its conversations)" \
	"$rc|$(cat "$T/err")"
done_testing
