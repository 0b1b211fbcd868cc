#!/bin/sh
# Durability in a real terminal (tmux): label, see "saved", kill -9 the
# process; every label the screen showed as saved is in the export.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"

tmux_start 80 24 p.db --rater alice
check_wait "the UI starts" "Guidelines"
keys Escape e
check_wait "intent shown as saved" "saved · intent = extractive"
keys x
check_wait "answer shown as saved" "saved · answer_correct = incorrect"
keys 1
check_wait "passage 1 shown as saved" "saved · passage 1 relevant"
keys n a
check_wait "the next item's intent shown as saved" "saved · intent = abstractive"
keys 2
check_wait "its passage 2 shown as saved" "saved · passage 2 relevant"
pid=$(annotate_pid)
kill -9 "$pid"
i=0
while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 "$pid" 2>/dev/null; then not_ok "kill -9 ends annotate"; else ok "kill -9 ends annotate"; fi
# every saved change (--history): the intent given on sys-b's answer is the
# turn's, so it replaced the one given on sys-a's
check_eq "every label shown as saved is in the export" 'c1/1/sys-a alice answer_correct=0
c1/1/sys-a alice intent="extractive"
c1/1/sys-a alice relevant[1]=1
c1/1/sys-b alice intent="abstractive"
c1/1/sys-b alice relevant[2]=1' "$(labels p.db --history)"
done_testing
