#!/bin/sh
# Undo survives quitting: u after a restart takes back the rater's changes
# of earlier sessions, from the label history - one key's worth at a time,
# across items, on the item of the change, saying so - and never the undo
# of an earlier session (no redo); every undo is a new label row.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF2'
esc
e
a
u
c
1
n
x
EOF2
check_ran "the first session labels, changes the intent and undoes that"
ui_run p.db --rater alice <<'EOF2'
:save-screen start
u
:save-screen undo1
u
:save-screen undo2
u
:save-screen undo3
u
:save-screen undo4
u
:save-screen undo5
EOF2
check_ran "the second session runs"
check_rows "it resumes at the first unfinished item" start 1 1 <<'EOF2'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
EOF2
check_rows "u takes back the last change of the session before, on its item" undo1 22 24 <<'EOF2'
 intent: extractive  answer: ?  relevant: 1/2 judged (1 relevant)  note: —
 missing: answer_correct, relevant 2
 undone · answer_correct cleared · saved before this session    ? help · q quit
EOF2
check_rows "which is item 2" undo1 1 1 <<'EOF2'
 convqa · p.db · rater alice · task turn           item 2/4 [----------] 0 done
EOF2
check_rows "u again walks further back, to item 1" undo2 22 24 <<'EOF2'
 intent: extractive  answer: correct  relevant: 0/3 judged  note: —
 missing: relevant 1 2 3
 undone · passage 1 not judged · saved before this session      ? help · q quit
EOF2
check_rows "and further" undo3 22 24 <<'EOF2'
 intent: extractive  answer: ?  relevant: 0/3 judged  note: —
 missing: answer_correct, relevant 1 2 3
 undone · answer_correct cleared · saved before this session    ? help · q quit
EOF2
check_rows "the intent changed and undone before is not redone: u clears it" undo4 22 24 <<'EOF2'
 intent: ?  answer: ?  relevant: 0/3 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3
 undone · intent cleared · saved before this session            ? help · q quit
EOF2
check_rows "at the start of the history there is nothing to undo" undo5 24 24 <<'EOF2'
 nothing to undo                                                ? help · q quit
EOF2
check_eq "no label is left" "" "$(labels p.db)"
check_eq "every change and every undo is a row of the history" 'c1/1/sys-a alice answer_correct=1
c1/1/sys-a alice answer_correct=null
c1/1/sys-a alice intent="extractive"
c1/1/sys-a alice intent="abstractive"
c1/1/sys-a alice intent="extractive"
c1/1/sys-a alice intent=null
c1/1/sys-a alice relevant[1]=1
c1/1/sys-a alice relevant[1]=null
c1/1/sys-b alice answer_correct=0
c1/1/sys-b alice answer_correct=null' "$(labels p.db --history)"

# a session's own changes first, then the earlier ones; "-" is one change
ui_run p.db --rater alice <<'EOF2'
e
2
-
EOF2
check_ran "a third session labels"
ui_run p.db --rater alice <<'EOF2'
b
u
:save-screen own
u
:save-screen rest
u
:save-screen rank
EOF2
check_rows "u undoes the session's own change first" own 24 24 <<'EOF2'
 undone · intent = extractive                                   ? help · q quit
EOF2
check_rows "then the '-' of the session before, as one change" rest 22 24 <<'EOF2'
 intent: extractive  answer: ?  relevant: 1/3 judged (1 relevant)  note: —
 missing: answer_correct, relevant 1 3
 undone · 2 passages not judged · saved before this session     ? help · q quit
EOF2
check_rows "then the change before it" rank 24 24 <<'EOF2'
 undone · passage 2 not judged · saved before this session      ? help · q quit
EOF2

# a round's undo takes back the round's changes only, and convqa label's too
$CONVQA round create --db p.db r1 --raters alice --overlap 0 >/dev/null
$CONVQA label --db p.db -r alice --round r1 -c c2 -n 1 -s sys-a answer_correct 1
ui_run p.db --rater alice --round r1 <<'EOF2'
esc
u
:save-screen round1
u
:save-screen round2
EOF2
check_ran "a session in round r1 runs"
check_rows "u takes back the change convqa label saved in the round" round1 1 1 <<'EOF2'
 p.db · alice · turn · r1                          item 4/4 [----------] 0 done
EOF2
check_rows "and says so" round1 24 24 <<'EOF2'
 undone · answer_correct cleared · saved before this session    ? help · q quit
EOF2
check_rows "the changes outside the round are not the round's to undo" round2 24 24 <<'EOF2'
 nothing to undo                                                ? help · q quit
EOF2
check_eq "the labels outside the round stay" 'c1/1/sys-a alice intent="extractive"' "$(labels p.db)"
done_testing
