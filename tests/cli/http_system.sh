#!/bin/sh
# convqa replay --endpoint URL: every turn POSTed as JSON to an HTTP server,
# each reply stored at once as that system's response. The fake server
# (tests/fixtures/fake_http.py, on 127.0.0.1, on a port it picks and writes
# to a file) logs each request with the status it answered: what it was
# sent, and how often, is checked there. Cases: a normal 5-turn replay, the
# token and headers (sent, never shown, not even by -v or in an error that
# echoes them), a timeout, malformed JSON, passages with escape sequences
# (stored raw, inert in export and report), a server that dies
# mid-conversation (what was stored kept; the resume sends only the rest),
# 429 then 200 and 503 then 200 (retried within the turn), resume after
# kill -9, --parallel, and the refusals of bad options.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
unset CONVQA_SYSTEM_TOKEN
server_pid=
trap 'kill $server_pid 2>/dev/null; rm -rf "$T"' EXIT

# start the fake server (logging to $T/log); sets $URL
start_server() {
	rm -f "$T/port"
	python3 "$FIXTURES/fake_http.py" "$T/port" "$T/log" &
	server_pid=$!
	i=0
	while [ ! -s "$T/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
	URL="http://127.0.0.1:$(cat "$T/port")"
}
stop_server() {
	kill $server_pid 2>/dev/null
	wait $server_pid 2>/dev/null
	server_pid=
}
# the server's log, one request a line: status conversation turn question <- history
sent() {
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
    t = json.loads(l)
    print(t["status"], t["conversation"], t["turn"], t["question"], "<-",
          "; ".join("%s=%s" % (h["question"], h["answer"]) for h in t["history"]))' "$T/log"
}

start_server
# ---- a normal replay --------------------------------------------------------------
replay_project
run $CONVQA replay --system web --endpoint "$URL/echo" --conversations c1,c2
check_eq "replay --endpoint POSTs every turn and says what it did" \
	"0|replay: 5 turns sent, 5 stored, 0 skipped as already answered, 0 failed|" "$rc|$(cat out)|$(cat err)"
check_eq "each reply is stored as the system's response: answer, rewrite, passages in rank order with scores" \
"c1 1 A(Where is Cordouan?) after 0 | R(Where is Cordouan?) | p-light:2.5,new-c1-1:-
c1 2 A(Who finished it?) after 1 | R(Who finished it?) | p-light:2.5,new-c1-2:-
c1 3 A(When?) after 2 | R(When?) | p-light:2.5,new-c1-3:-
c2 1 A(Where is Zürich?) after 0 | R(Where is Zürich?) | p-light:2.5,new-c2-1:-
c2 2 A(Is it warm?) after 1 | R(Is it warm?) | p-light:2.5,new-c2-2:-" "$(replay_rows web)"
check_eq "the requests: conversation_id, turn (its place), question, the gold history, in order" \
"200 c1 1 Where is Cordouan? <- 
200 c1 2 Who finished it? <- Where is Cordouan?=at the mouth of the Gironde
200 c1 3 When? <- Where is Cordouan?=at the mouth of the Gironde; Who finished it?=Louis de Foix
200 c2 1 Where is Zürich? <- 
200 c2 2 Is it warm? <- Where is Zürich?=on the Zürichsee" "$(sent)"
python3 -c 'import json, sys
for i, l in enumerate(open(sys.argv[1])):
    json.dump(json.loads(l)["body"], open("req.%d.json" % i, "w"))' log
run /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/system-request.schema.json" req.*.json
check_eq "the requests validate against schemas/system-request.schema.json" "0|5" "$rc|$(ls req.*.json | wc -l | tr -d ' ')"
for mode in echo escape; do
	python3 -c 'import json; print(json.dumps({"conversation_id": "c1", "turn": 2, "question": "q",
		"history": [{"question": "q0", "answer": None}]}))' | python3 "$FIXTURES/fake_http.py" --reply $mode >reply.$mode.json
done
run /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/system-http-reply.schema.json" \
	reply.echo.json reply.escape.json
check_eq "the fake server's replies validate against schemas/system-http-reply.schema.json" "0" "$rc"
echo '{"passages": []}' >noanswer.json
run /usr/bin/python3 "$CONVQA_TOP/tests/tools/validate_json_schema.py" "$CONVQA_TOP/schemas/system-http-reply.schema.json" noanswer.json
check_eq "... and a reply without its answer does not" "1" "$rc"
check_eq "no token, no header: none sent" "None None" \
	"$(python3 -c 'import json, sys; t = json.loads(open(sys.argv[1]).readline()); print(t["authorization"], t["x-api-key"])' log)"
rm -f log
run $CONVQA replay --system web --endpoint "$URL/echo" --all
check_eq "run again, every turn is answered already: nothing is sent" \
	"0|replay: 0 turns sent, 0 stored, 5 skipped as already answered, 0 failed|no" \
	"$rc|$(cat out)|$([ -s log ] && echo yes || echo no)"

# ---- the token and the headers ------------------------------------------------------
replay_project
CONVQA_SYSTEM_TOKEN=tok-SECRET-1 run $CONVQA replay -v --system web --conversations c2 \
	--endpoint "http://user:pw-SECRET-3@127.0.0.1:$(cat port)/echo?key=q-SECRET-4" \
	--header 'X-Api-Key: key-SECRET-2' --header 'X-Trace: on'
check_eq "the token is sent as a bearer token, --header as given" "0|Bearer tok-SECRET-1 key-SECRET-2" \
	"$rc|$(python3 -c 'import json, sys; t = json.loads(open(sys.argv[1]).readline()); print(t["authorization"], t["x-api-key"])' log)"
check_grep "-v says each attempt: the URL without its credentials and query, the status" \
	"^convqa replay: POST http://127.0.0.1:[0-9]*/echo (request 1, attempt 1 of 4): HTTP 200 in " err
check_eq "-v: no secret in the output" "0" "$(cat out err | grep -c SECRET)"
rm -f log
CONVQA_SYSTEM_TOKEN=tok-SECRET-1 run $CONVQA replay -v --system bad --conversations c2 \
	--endpoint "$URL/secret500" --header 'X-Api-Key: key-SECRET-2'
check_grep "HTTP 500: the URL, the status, the body (its secrets blanked) and what to do" \
	"conversation c2 turn 1: the system at 'http://127.0.0.1:[0-9]*/secret500' answered turn 1 with HTTP 500: no: you sent Bearer \*\*\* and \*\*\*; see the server's log; failed twice" err
check_eq "a server that echoes the secrets: none shown" "4|0" "$rc|$(cat out err | grep -c SECRET)"

# ---- a timeout, malformed JSON ---------------------------------------------------------
replay_project
run $CONVQA replay --system slow --endpoint "$URL/sleep" --conversations c2 --timeout 0.5
check_eq "a system that times out: retried once, then stopped; nothing stored" \
	"4|replay: 2 turns sent, 0 stored, 0 skipped as already answered, 2 failed|0" \
	"$rc|$(cat out)|$(sqlite3 p.db 'SELECT count(*) FROM response')"
check_grep "the timeout is said with the URL and the turn" \
	"conversation c2 turn 1: the system 'http://127.0.0.1:[0-9]*/sleep' sent no reply within 0.5 s to turn 1" err
run $CONVQA replay --system bad --endpoint "$URL/malformed" --conversations c2
check_eq "a system that answers malformed JSON: retried once, then stopped" \
	"4|replay: 2 turns sent, 0 stored, 0 skipped as already answered, 2 failed" "$rc|$(cat out)"
check_grep "the malformed reply is said with its position" \
	"conversation c2 turn 1: reply of 'http://127.0.0.1:[0-9]*/malformed':1:16: syntax error" err

# ---- escape sequences ---------------------------------------------------------------------
esc=$(printf '\033')
replay_project
run $CONVQA replay --system esc --endpoint "$URL/escape" --conversations c1
check_eq "answers and passages with escape sequences are stored as sent" "0|3|3" \
	"$rc|$(sqlite3 p.db "SELECT count(*) FROM response WHERE instr(answer, char(27))")|$(sqlite3 p.db "SELECT count(*) FROM passage WHERE instr(text, char(27)) AND instr(title, char(27))")"
$CONVQA export --format tasks >export.json 2>&1
$CONVQA report >report.txt 2>&1
$CONVQA report --format json >report.json 2>&1
check_eq "... and never live in convqa export or report" "0 0 0" \
	"$(grep -c "$esc" export.json) $(grep -c "$esc" report.txt) $(grep -c "$esc" report.json)"
check_eq "the export keeps them, escaped as JSON" "yes" \
	"$(grep -q 'new passage 1\\u001[bB]\[2J' export.json && echo yes || echo no)"

# ---- a server that dies mid-conversation ----------------------------------------------------
replay_project
run $CONVQA replay --system web --endpoint "$URL/die:When" --all
check_eq "a server that dies on a turn: retried, then the replay stops (exit 4)" \
	"4|replay: 4 turns sent, 2 stored, 0 skipped as already answered, 2 failed" "$rc|$(cat out)"
check_grep "the failure says the URL, the attempts and what to do" \
	"conversation c1 turn 3: cannot get a reply from the system at 'http://127.0.0.1:[0-9]*/die:When' to turn 3 after 4 attempts: .*; check that the server runs at that URL; failed twice" err
check_eq "what was stored before is kept" "c1 1
c1 2" "$(replay_rows web | cut -d' ' -f1,2)"
server_pid=
start_server
rm -f log
run $CONVQA replay --system web --endpoint "$URL/echo" --all
check_eq "the server back: the resume sends only the turns not stored" \
	"0|replay: 3 turns sent, 3 stored, 2 skipped as already answered, 0 failed|200 c1 3 When?
200 c2 1 Where is Zürich?
200 c2 2 Is it warm?" "$rc|$(cat out)|$(sent | sed 's/ <-.*//')"

# ---- 429 and 503, retried ----------------------------------------------------------------
replay_project
start=$(date +%s.%N)
run $CONVQA replay -v --system busy --endpoint "$URL/busy429" --conversations c2
took=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { print (e - s >= 2) ? "waited" : "too soon: " e - s }')
check_eq "429: the Retry-After of 1 s is waited, for each of the 2 turns" "waited" "$took"
check_eq "429 with Retry-After, then 200: each turn is tried again and stored" \
	"0|replay: 2 turns sent, 2 stored, 0 skipped as already answered, 0 failed|429 c2 1
200 c2 1
429 c2 2
200 c2 2" "$rc|$(cat out)|$(sent | cut -d' ' -f1-3)"
check_grep "-v says the retry and its wait (the server's Retry-After)" \
	"POST http://127.0.0.1:[0-9]*/busy429 (request 1, attempt 1 of 4): HTTP 429 (Retry-After: 1 s); trying again in 1 s" err
rm -f log
run $CONVQA replay -v --system busy5 --endpoint "$URL/busy503" --conversations c2
check_eq "503, then 200: tried again after the backoff and stored" \
	"0|replay: 2 turns sent, 2 stored, 0 skipped as already answered, 0 failed|503 c2 1
200 c2 1
503 c2 2
200 c2 2" "$rc|$(cat out)|$(sent | cut -d' ' -f1-3)"
check_grep "-v: the first wait is 0.25 s" "HTTP 503; trying again in 0.25 s" err
rm -f log
run $CONVQA replay --system down --endpoint "$URL/always503" --conversations c2 --timeout 5
check_eq "a server always busy: 4 attempts a turn, the turn sent twice, then stopped" "4|8" "$rc|$(wc -l <log | tr -d ' ')"
check_grep "... said with what to do" \
	"after 4 attempts: HTTP 503; check that the server runs at that URL and is not overloaded; failed twice" err

rm -f log
start=$(date +%s.%N)
run $CONVQA replay --system later --endpoint "$URL/wait100" --conversations c2 --timeout 5
took=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { print (e - s < 5) ? "at once" : "waited " e - s }')
check_eq "Retry-After: 100 (capped at 30 s) past the turn's timeout: no wait, the turn fails at once, twice" \
	"4|at once|2" "$rc|$took|$(wc -l <log | tr -d ' ')"
check_grep "... said" \
	"to turn 1 with no time left (--timeout) after 1 attempt: HTTP 429 (Retry-After: 100 s); check that the server runs at that URL and is not overloaded" err

# ---- resume after kill -9 ---------------------------------------------------------------
replay_project
replay_kill_midway --system web --endpoint "$URL/slow"
run $CONVQA replay --system web --endpoint "$URL/echo" --all
check_replay_resumed

# ---- --parallel ----------------------------------------------------------------------
replay_rows web >one.txt
replay_project
run $CONVQA replay --system web --endpoint "$URL/slow" --all --parallel 8
check_eq "--parallel 8 stores the same rows" "0|$(cat one.txt)" "$rc|$(replay_rows web)"
check_eq "--parallel 8: each conversation's turns in order" "c1 1 2 3|c2 1 2" \
	"$(python3 -c 'import json, sys
by = {}
for l in open(sys.argv[1]):
    t = json.loads(l); by.setdefault(t["conversation"], []).append(str(t["turn"]))
print("|".join(k + " " + " ".join(v) for k, v in sorted(by.items())))' log)"

# ---- TLS: certificates are verified --------------------------------------------------------
if command -v openssl >/dev/null; then
	openssl req -x509 -newkey rsa:2048 -nodes -keyout key.pem -out cert.pem -days 2 -subj /CN=127.0.0.1 \
		>/dev/null 2>&1
	cat cert.pem key.pem >tls.pem
	plain_pid=$server_pid PLAIN_URL=$URL
	FAKE_HTTP_CERT=$T/tls.pem start_server
	tls_pid=$server_pid
	replay_project
	run $CONVQA replay --system tls --endpoint "https://127.0.0.1:$(cat port)/echo" --conversations c2
	check_eq "a self-signed certificate is refused: nothing sent on, nothing stored" "4|0|" \
		"$rc|$(sqlite3 p.db 'SELECT count(*) FROM response')|$(cat log 2>/dev/null)"
	check_grep "... said with the URL and what to check" \
		"cannot get a reply from the system at 'https://127.0.0.1:[0-9]*/echo' to turn 1: .*certificate.*; check the URL and the server's certificate; failed twice" err
	kill $tls_pid 2>/dev/null
	wait $tls_pid 2>/dev/null
	server_pid=$plain_pid
	URL=$PLAIN_URL
else
	skip "a self-signed certificate is refused" "no openssl"
	skip "... said with the URL and what to check" "no openssl"
fi

# ---- refusals ------------------------------------------------------------------------
check_run "--command and --endpoint: one of the two" 1 \
	"convqa replay: say which system and how to reach it: --system NAME and one of --command 'CMD' or --endpoint URL" \
	$CONVQA replay --system x --command true --endpoint "$URL/echo" --all
check_run "--endpoint takes an http or https URL" 1 "convqa replay: --endpoint expects an http:// or https:// URL" \
	$CONVQA replay --system x --endpoint ftp://example.org/x --all
check_run "--header needs --endpoint" 1 "convqa replay: --header goes with --endpoint (a command gets no headers)" \
	$CONVQA replay --system x --command true --header 'A: b' --all
check_run "a header that is not 'Name: value' is refused without showing it" 1 \
	"convqa replay: --header number 2 is not 'Name: value' (a name without spaces, a colon, the value; the value is not shown)" \
	$CONVQA replay --system x --endpoint "$URL/echo" --header 'A: b' --header 'SECRET-5' --all
done_testing
