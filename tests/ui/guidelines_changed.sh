#!/bin/sh
# The project's guidelines (convqa guidelines set) in annotate: a rater is
# shown a version they have not seen once, at the start, with a line saying
# they are new or have changed; not again; another rater still sees them; a
# further change shows again. A task's own guidelines come before those for
# every task; each is followed by what the task's scheme asks. Text from the
# file is inert, wraps at the window's width and scrolls; under tmux no
# escape sequence of the file reaches the terminal.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
# added first: a session that saves nothing would add no rater, nor what they saw
for r in alice bob carol; do "$CONVQA" rater add --db p.db $r >/dev/null; done

# seen RATER: the versions RATER has been shown ("1 2")
seen() {
	sqlite3 p.db "SELECT group_concat(guidelines_id, ' ') FROM (SELECT guidelines_id FROM guidelines_seen
		JOIN rater ON rater.id = rater_id WHERE name = '$1' ORDER BY guidelines_id)"
}

# carol annotates before the project has guidelines: the built-in ones
ui_run p.db --rater carol <<'EOF'
:save-screen carol-builtin
EOF
check_rows "before any are set: the built-in guidelines, no line about them" carol-builtin 2 3 <<'EOF'
── Guidelines (built in) ───────────────────────────────────────────────────────
  Task: turn. You see one item at a time: one system's answer to one turn of a
EOF

cat >g1.md <<'EOF'
Read the whole passage before you judge it.
A passage is relevant when it contains the answer, or most of it.
EOF
"$CONVQA" guidelines --db p.db set g1.md >/dev/null
ui_run p.db --rater alice <<'EOF'
:save-screen alice-first
q
:save-screen alice-closed
EOF
check_ran "alice's first session runs"
check_screen "a new rater opens on the project's guidelines, then what the scheme asks" alice-first <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Guidelines ──────────────────────────────────────────────────────────────────
  Read the project's guidelines before you start, then press q.

  Read the whole passage before you judge it.
  A passage is relevant when it contains the answer, or most of it.

  Task: turn. You see one item at a time: one system's answer to one turn of a
  conversation, with the earlier turns and the passages the system retrieved.
  Set every field below; each change is saved at once.

  intent (required, one per turn): question intent: extractive, abstractive or
  boolean. Keys: e extractive, a abstractive, b boolean.

  answer_correct (required, not asked of an empty answer): is the system's
  answer correct (1) or not (0). Keys: c correct, x incorrect.

  relevant (required, one per passage): is the retrieved passage relevant (1)
  or not (0). Keys: 1-9 0 toggle the passage at that rank, space the focused
  one, - marks the rest not relevant.

  note (optional): a free-text note. Key: w.
 lines 1-20 of 24                        j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_rows "q closes them: the item" alice-closed 2 4 <<'EOF'
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
EOF
check_eq "once shown they are recorded as seen" "1" "$(seen alice)"

ui_run p.db --rater alice <<'EOF'
:save-screen alice-again
EOF
check_rows "the next start opens on the item: not again" alice-again 2 4 <<'EOF'
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
EOF

ui_run p.db --rater bob <<'EOF'
:save-screen bob-first
EOF
check_rows "another rater still sees them" bob-first 2 6 <<'EOF'
── Guidelines ──────────────────────────────────────────────────────────────────
  Read the project's guidelines before you start, then press q.

  Read the whole passage before you judge it.
  A passage is relevant when it contains the answer, or most of it.
EOF
ui_run p.db --rater carol <<'EOF'
:save-screen carol-changed
EOF
check_rows "a rater who saw the built-in ones: they have changed" carol-changed 2 6 <<'EOF'
── Guidelines ──────────────────────────────────────────────────────────────────
  The guidelines changed since you last saw them: read them, then press q.

  Read the whole passage before you judge it.
  A passage is relevant when it contains the answer, or most of it.
EOF

# a further change: escape sequences, controls and a long line
printf 'Version 2.\n\nJudge \033[31mred\033[0m text as text; \302\233 and \342\200\256 are shown, never obeyed.\a\nA long line: %s\n' \
	"$(printf 'word%d ' $(seq 1 40))" >g2.md
for i in $(seq 1 20); do echo "rule $i" >>g2.md; done
"$CONVQA" guidelines --db p.db set g2.md >/dev/null
ui_run p.db --rater alice <<'EOF'
:save-screen alice-changed
pgdn
:save-screen alice-changed-2
q
EOF
check_screen "a further change: shown again, inert and wrapped" alice-changed <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Guidelines ──────────────────────────────────────────────────────────────────
  The guidelines changed since you last saw them: read them, then press q.

  Version 2.

  Judge ^[[31mred^[[0m text as text; <U+009B> and <U+202E> are shown, never
  obeyed.^G
  A long line: word1 word2 word3 word4 word5 word6 word7 word8 word9 word10
  word11 word12 word13 word14 word15 word16 word17 word18 word19 word20 word21
  word22 word23 word24 word25 word26 word27 word28 word29 word30 word31 word32
  word33 word34 word35 word36 word37 word38 word39 word40
  rule 1
  rule 2
  rule 3
  rule 4
  rule 5
  rule 6
  rule 7
  rule 8
  rule 9
  rule 10
 lines 1-20 of 50                        j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "long guidelines scroll" alice-changed-2 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
── Guidelines ──────────────────────────────────────────────────────────────────
  rule 10
  rule 11
  rule 12
  rule 13
  rule 14
  rule 15
  rule 16
  rule 17
  rule 18
  rule 19
  rule 20

  Task: turn. You see one item at a time: one system's answer to one turn of a
  conversation, with the earlier turns and the passages the system retrieved.
  Set every field below; each change is saved at once.

  intent (required, one per turn): question intent: extractive, abstractive or
  boolean. Keys: e extractive, a abstractive, b boolean.

  answer_correct (required, not asked of an empty answer): is the system's
 lines 20-39 of 50                       j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_eq "alice has seen both versions" "1 2" "$(seen alice)"
check_eq "bob has seen the first only" "1" "$(seen bob)"
ui_run p.db --rater alice <<'EOF'
:save-screen alice-after
g
:save-screen alice-g
EOF
check_rows "and not again after that" alice-after 2 4 <<'EOF'
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
EOF
check_rows "g shows them, without the line about a change" alice-g 2 5 <<'EOF'
── Guidelines ──────────────────────────────────────────────────────────────────
  Version 2.

  Judge ^[[31mred^[[0m text as text; <U+009B> and <U+202E> are shown, never
EOF

# a task's own guidelines
printf 'Plausibility: would a person accept this answer?\n' >plaus.md
"$CONVQA" guidelines --db p.db set --task plausibility plaus.md >/dev/null
ui_run p.db --rater alice --task plausibility <<'EOF'
:save-screen plaus
EOF
check_screen "a task's own guidelines, then what its scheme asks" plaus <<'EOF'
 convqa · p.db · rater alice · task plausibility   item 1/4 [----------] 0 done
── Guidelines ──────────────────────────────────────────────────────────────────
  The guidelines changed since you last saw them: read them, then press q.

  Plausibility: would a person accept this answer?

  Task: plausibility. You see one item at a time: one system's answer to one
  turn of a conversation, with the earlier turns. Set every field below; each
  change is saved at once.

  plausibility (required): does the answer answer the question: plausible,
  implausible or malformed. Keys: y plausible, i implausible, m malformed.

  note (optional): a free-text note. Key: w.

  An item is finished when every required field is set. Moving on from an
  unfinished item loses nothing. u undoes the last change, ? lists every key,
  q closes this screen (on the item screen q quits).




                                         j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
ui_run p.db --rater alice --task turn <<'EOF'
:save-screen turn-again
g
:save-screen turn-g
EOF
check_rows "they change nothing for the other tasks" turn-again 2 4 <<'EOF'
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
EOF
check_rows "which show those for every task" turn-g 2 5 <<'EOF'
── Guidelines ──────────────────────────────────────────────────────────────────
  Version 2.

  Judge ^[[31mred^[[0m text as text; <U+009B> and <U+202E> are shown, never
EOF
check_eq "alice has seen the three versions" "1 2 3" "$(seen alice)"

# --guidelines FILE shows a file instead, for one session: no version of the
# project's counts as seen
ui_run p.db --rater dave --guidelines g1.md <<'EOF'
:save-screen dave-file
EOF
check_rows "--guidelines FILE: the file instead of the project's" dave-file 2 4 <<'EOF'
── Guidelines ──────────────────────────────────────────────────────────────────
  Read the whole passage before you judge it.
  A passage is relevant when it contains the answer, or most of it.
EOF
check_eq "and no version of the project's is recorded as seen" "" "$(seen dave)"

# a narrow window: the line and the text wrap at its width
CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater bob <<'EOF'
:save-screen bob-narrow
EOF
check_screen "at 40x12 the guidelines wrap at the window's width" bob-narrow <<'EOF'
 p.db · bob · turn      item 1/4 0 done
── Guidelines ──────────────────────────
  The guidelines changed since you
  last saw them: read them, then press
  q.

  Version 2.

  Judge ^[[31mred^[[0m text as text;
  <U+009B> and <U+202E> are shown,
 lines 1-8 of 72        q or esc closes
 welcome, bob: ? lists the keys
EOF

# a real terminal (tmux): nothing of the file acts on it
ui_project q.db "$FIX/small.json"
"$CONVQA" rater add --db q.db erin >/dev/null
"$CONVQA" guidelines --db q.db set g2.md >/dev/null
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
TMUX_ENV="NO_COLOR=1" tmux_start 80 24 q.db --rater erin
check_wait "tmux: a new rater opens on the guidelines" "Read the project's guidelines before you start"
capture -e >"$T/escapes"
check_grep "tmux: the file's escape sequences show as text" "Judge ^\[\[31mred^\[\[0m text as text" "$T/escapes"
esc=$(printf '\033')
bad=""
for seq in "${esc}[31m" "$(printf '\302\233')" "$(printf '\342\200\256')" "$(printf '\a')"; do
	LC_ALL=C grep -qF -- "$seq" "$T/escapes" && bad="$bad $(printf '%s' "$seq" | od -An -c | tr -s ' ')"
done
check_eq "tmux: none of them reaches the terminal" "" "$bad"
keys q
check_wait "tmux: q closes the guidelines" "── Passages (3)"
keys q
wait_exit
check_eq "tmux: q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
tm kill-server
tmux_start 80 24 q.db --rater erin
check_wait "tmux: the next start opens on the item" "── Passages (3)"
if capture | grep -q "Guidelines"; then not_ok "tmux: and not on the guidelines" "$(capture)"; else
	ok "tmux: and not on the guidelines"; fi
keys q
wait_exit
done_testing
