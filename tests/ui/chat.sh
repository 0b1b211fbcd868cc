#!/bin/sh
# The chat screen (convqa chat): the first question filled in from a
# conversation of the project, enter sends it and the answer and passages
# show (a passage the project had with its own title and text, as the
# turn screen shows it); the line editor takes wide characters, moves by character (left,
# right, home, end) and recalls earlier questions (up, down) without
# losing the line being typed; passages with escape sequences show inert;
# it fits 40x12; F2 ends the conversation and its first turn is judged in
# the turn screen of the same session. The latency is masked (N.N s).
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"

ui_project p.db "$FIXTURES/replay.json"
FAKE="python3 $FIXTURES/fake_chat.py $T/log"

chat_run() {
	cat >"$T/script"
	CONVQA_SCRIPT="$T/script" "$CONVQA" chat --db p.db "$@" >"$T/out" 2>"$T/err"
	rc=$?
	for _f in "$T"/screens/*; do
		[ -f "$_f" ] && sed -i 's/[0-9][0-9]*\.[0-9] s\b/N.N s/g' "$_f"
	done
}

chat_run --rater alice --system fake --command "$FAKE" --first-question-from c1 <<'EOF'
:save-screen start
enter
:save-screen answered
:type 東京はどこ?
left
left
:type X
home
:type Q
end
backspace
:save-screen wide
C-u
:type half typed
up
:save-screen recalled
down
:save-screen back
C-u
:type show the escape
enter
:save-screen escape
:resize 40 12
:save-screen narrow
:resize 80 24
F2
q
:save-screen judge
c
EOF
check_ran "the chat runs"
check_screen "the first question of c1 is filled in" start <<'EOF'
 convqa · p.db · rater alice · chat with fake                            turn 1
── Chat ────────────────────────────────────────────────────────────────────────
 Ask fake questions, one at a time: each goes with the conversation so far, and
 each answer is stored at once with its passages. F2 ends the conversation;
 then you judge its turns.
















── Your question 1 · enter sends · ↑/↓ earlier · F2 ends ───────────────────────
 > Where is Cordouan?
 the first question is filled in: enter sends it, or change it first
EOF
check_screen "enter sends it: the answer and the passages show, the turn is stored" answered <<'EOF'
 convqa · p.db · rater alice · chat with fake             live-alice-1 · turn 2
── Question 1 ──────────────────────────────────────────────────────────────────
 Where is Cordouan?
── Answer · N.N s ──────────────────────────────────────────────────────────────
 Answer 1: Where is Cordouan?
── Passages (2) ────────────────────────────────────────────────────────────────
  1 p-light · Cordouan · 2.50
      The Cordouan lighthouse stands at the mouth of the Gironde.
  2 live-1 · Live 1 · 1.25
      A passage found for turn 1.











── Your question 2 · enter sends · ↑/↓ earlier · F2 ends ───────────────────────
 >
 turn 1 stored in live-alice-1 (N.N s) · F2 ends the conversation and judges it
EOF
check_rows "wide characters: the cursor moves by character, home and end" wide 23 23 <<'EOF'
 > Q東京はどXこ
EOF
check_rows "up recalls the last question" recalled 23 23 <<'EOF'
 > Where is Cordouan?
EOF
check_rows "down brings back the line being typed" back 23 23 <<'EOF'
 > half typed
EOF
check_rows "escape sequences in the answer and the passages show inert" escape 4 8 <<'EOF'
── Answer · N.N s ──────────────────────────────────────────────────────────────
 Red ^[[31mALERT^[[0m^G done
── Passages (1) ────────────────────────────────────────────────────────────────
  1 esc-^[[2J · T^[]0;pwned^Gitle
      before ^[[31mred^[[0m <U+202E>evil after
EOF
check_screen "the chat at 40x12" narrow <<'EOF'
 p.db · alice · fake
── Question 2 ──────────────────────────
 show the escape
── Answer · N.N s ──────────────────────
 Red ^[[31mALERT^[[0m^G done
── Passages (1) ────────────────────────
  1 esc-^[[2J · T^[]0;pwned^Gitle
      before ^[[31mred^[[0m …

── Your question 3 · enter sends · ↑/↓ …
 >
 turn 2 stored in live-alice-1 (N.N s)…
EOF
check_rows "F2: the conversation's first turn in the turn screen" judge 1 6 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/2 [----------] 0 done
 conversation live-alice-1 · turn 1/2                                unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Where is Cordouan?
── Answer of fake · c correct · x incorrect ────────────────────────────────────
 Answer 1: Where is Cordouan?
EOF
check_eq "and judged there: the label is saved" "live-alice-1/1/fake alice answer_correct=1" "$(labels p.db)"
check_eq "chat says what it stored" "chat: 2 turns stored as conversation live-alice-1" "$(cat "$T/out")"

# F1: the help says the chat's keys first; q comes back to the question
chat_run --rater bob --system bm25 <<'EOF'
:type typed before the help
F1
:save-screen help
q
:save-screen after-help
F2
EOF
check_rows "F1: the help begins with the chat's keys" help 2 8 <<'EOF'
── Help ────────────────────────────────────────────────────────────────────────
  The chat: type a question; enter sends it with the conversation so far, esc
  cancels it while it waits, and a question that failed stays typed: enter
  sends it again. left, right, home and end (C-b, C-f, C-a, C-e) move in the
  line; backspace and delete (C-d) erase; C-u erases before the cursor, C-k
  after it; up and down recall earlier questions. F2 ends the conversation and
  its turns open in the turn screen, where the keys below judge them.
EOF
check_rows "q closes it: the question typed is still there" after-help 23 23 <<'EOF'
 > typed before the help
EOF
done_testing
