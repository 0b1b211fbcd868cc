#!/bin/sh
# convqa replay: every turn of the chosen conversations sent in order to a
# system started by /bin/sh -c CMD, each reply stored at once as that
# system's response (answer, rewrite, ranked passages; passages the project
# lacks added). The fake system (tests/fixtures/fake_replay.py) logs each
# turn it reads: what it was sent is checked there. Cases: a normal replay,
# --history gold and system, a timeout, malformed JSON, a system that dies
# mid-conversation (what was stored is kept) and one that dies once (the
# retry stores the turn), resume after kill -9, --parallel 2 giving the same
# rows, and the refusals of bad options.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
FAKE="python3 $FIXTURES/fake_replay.py"
# what the fake was sent, one turn a line: conversation question <- history
sent() {
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
    t = json.loads(l)
    print(t["conversation"], t["question"], "<-", "; ".join("%s=%s" % (h["question"], h["answer"]) for h in t["history"]))' "$1"
}

# ---- a normal replay --------------------------------------------------------------
replay_project
run $CONVQA replay --system fake --command "$FAKE echo $T/log" --conversations c1,c2
check_eq "replay sends every turn and says what it did" \
	"0|replay: 5 turns sent, 5 stored, 0 skipped as already answered, 0 failed|" "$rc|$(cat out)|$(cat err)"
check_eq "each reply is stored as the system's response: answer, rewrite, passages in rank order with scores" \
"c1 1 A(Where is Cordouan?) after 0 | R(Where is Cordouan?) | p-light:2.5,new-c1-1:-
c1 2 A(Who finished it?) after 1 | R(Who finished it?) | p-light:2.5,new-c1-2:-
c1 3 A(When?) after 2 | R(When?) | p-light:2.5,new-c1-3:-
c2 1 A(Where is Zürich?) after 0 | R(Where is Zürich?) | p-light:2.5,new-c2-1:-
c2 2 A(Is it warm?) after 1 | R(Is it warm?) | p-light:2.5,new-c2-2:-" "$(replay_rows fake)"
check_eq "passages the project lacked are added with title and text; one it had keeps its own text" \
"p-light|Cordouan|The Cordouan lighthouse stands at the mouth of the Gironde.
new-c1-1|New|new passage 1
new-c2-2|New|new passage 2" \
	"$(sqlite3 p.db "SELECT ext_id, title, text FROM passage WHERE ext_id IN ('p-light','new-c1-1','new-c2-2') ORDER BY id")"
check_eq "the turns go in order, one conversation after the other, with the first gold answers as history" \
"c1 Where is Cordouan? <- 
c1 Who finished it? <- Where is Cordouan?=at the mouth of the Gironde
c1 When? <- Where is Cordouan?=at the mouth of the Gironde; Who finished it?=Louis de Foix
c2 Where is Zürich? <- 
c2 Is it warm? <- Where is Zürich?=on the Zürichsee" "$(sent log)"
check_eq "the export carries the new system's answers" "5" \
	"$($CONVQA export --format tasks 2>/dev/null | python3 -c 'import json, sys
d = json.load(sys.stdin)
print(sum(1 for c in d["conversations"] for t in c["turns"] for r in t.get("responses", []) if r["system"] == "fake"))')"

run $CONVQA replay --system fake --command "$FAKE echo $T/log2" --all
check_eq "run again, every turn is answered already: nothing is sent" \
	"0|replay: 0 turns sent, 0 stored, 5 skipped as already answered, 0 failed|no" \
	"$rc|$(cat out)|$([ -s log2 ] && echo yes || echo no)"

# ---- --history system ---------------------------------------------------------------
run $CONVQA replay --system own --command "$FAKE echo $T/log3" --conversations c1 --history system
check_eq "--history system: the history holds the system's own answers" \
"0|c1 Where is Cordouan? <- 
c1 Who finished it? <- Where is Cordouan?=A(Where is Cordouan?) after 0
c1 When? <- Where is Cordouan?=A(Where is Cordouan?) after 0; Who finished it?=A(Who finished it?) after 1" \
	"$rc|$(sent log3)"

# ---- a system that dies mid-conversation -------------------------------------------
replay_project
run $CONVQA replay --system fake --command "$FAKE die:When $T/log" --all
check_eq "a system that dies on a turn: said, retried once with a new process, then the replay stops (exit 4)" \
	"4|replay: 4 turns sent, 2 stored, 0 skipped as already answered, 2 failed" "$rc|$(cat out)"
check_grep "the first failure names the conversation and turn, and the retry" \
	"^convqa replay: conversation c1 turn 3: the system 'sh' ended its output .*; trying once more with a new process" err
check_grep "the last message says the replay stopped and how to go on" \
	"conversation c1 turn 3: .*failed twice, the replay stops (the 2 replies stored are kept: run the same command again to go on)" err
check_eq "what was stored before is kept" "c1 1
c1 2" "$(replay_rows fake | cut -d' ' -f1,2)"
check_eq "two processes were started (the retry)" "2" \
	"$(python3 -c 'import json, sys; print(len({json.loads(l)["pid"] for l in open(sys.argv[1])}))' log)"

run $CONVQA replay --system fake --command "$FAKE flaky:When $T/log" --all
check_eq "a system that fails once: the retry stores the turn, the replay goes on" \
	"0|replay: 4 turns sent, 3 stored, 2 skipped as already answered, 1 failed" "$rc|$(cat out)"
check_eq "resumed: the turns stored before were not sent again" \
"c1 When? <- Where is Cordouan?=at the mouth of the Gironde; Who finished it?=Louis de Foix
c1 When? <- Where is Cordouan?=at the mouth of the Gironde; Who finished it?=Louis de Foix
c2 Where is Zürich? <- 
c2 Is it warm? <- Where is Zürich?=on the Zürichsee" "$(sent log | tail -n 4)"

# ---- a timeout, malformed JSON -------------------------------------------------------
replay_project
run $CONVQA replay --system slow --command "$FAKE sleep $T/log" --conversations c2 --timeout 0.5
check_eq "a system that times out: retried once, then stopped; nothing stored" \
	"4|replay: 2 turns sent, 0 stored, 0 skipped as already answered, 2 failed|0" \
	"$rc|$(cat out)|$(sqlite3 p.db 'SELECT count(*) FROM response')"
check_grep "the timeout is said with its turn" "conversation c2 turn 1: the system 'sh' sent no reply within 0.5 s" err

run $CONVQA replay --system bad --command "$FAKE malformed $T/log" --conversations c2
check_eq "a system that writes malformed JSON: retried once, then stopped" \
	"4|replay: 2 turns sent, 0 stored, 0 skipped as already answered, 2 failed" "$rc|$(cat out)"
check_grep "the malformed line is said with its position" "conversation c2 turn 1: output of 'sh':2:" err

# ---- resume after kill -9 ---------------------------------------------------------------
replay_project
replay_kill_midway --system fake --command "$FAKE slow $T/log"
sleep 0.5   # the orphaned fake sees its input closed and ends
run $CONVQA replay --system fake --command "$FAKE echo $T/log" --all
check_replay_resumed

# ---- --parallel 2 ----------------------------------------------------------------------
replay_rows fake >one.txt
replay_project
run $CONVQA replay --system fake --command "$FAKE echo $T/log" --all --parallel 2
check_eq "--parallel 2 stores the same rows" "0|$(cat one.txt)" "$rc|$(replay_rows fake)"
check_eq "--parallel 2: two processes, each conversation's turns on one of them, in order" "2|c1 c1 c1|c2 c2" \
	"$(python3 -c 'import json, sys
by = {}
for l in open(sys.argv[1]):
    t = json.loads(l); by.setdefault(t["pid"], []).append(t["conversation"])
print(len(by), end="|"); print("|".join(sorted(" ".join(v) for v in by.values())))' log)"

# ---- refusals ------------------------------------------------------------------------
check_run "the system and its command are required" 1 \
	"convqa replay: say which system and how to reach it: --system NAME and one of --command 'CMD' or --endpoint URL" \
	$CONVQA replay --system x --all
check_run "which conversations must be said" 1 \
	"convqa replay: say which conversations: --conversations c1,c2 or --all (one of the two)" \
	$CONVQA replay --system x --command true
check_run "--history takes gold or system" 1 "convqa replay: --history expects gold or system, got 'best'" \
	$CONVQA replay --system x --command true --all --history best
check_run "--parallel is bounded" 1 "convqa replay: --parallel expects a whole number from 1 to 64, got '0'" \
	$CONVQA replay --system x --command true --all --parallel 0
check_run "an unknown conversation is refused before anything is sent" 2 \
	"convqa: no conversation 'c9' in the project (convqa export --format tasks lists its conversations)" \
	$CONVQA replay --system x --command "$FAKE echo $T/log9" --conversations c1,c9
check_eq "... and nothing was sent" "no" "$([ -e log9 ] && echo yes || echo no)"
done_testing
