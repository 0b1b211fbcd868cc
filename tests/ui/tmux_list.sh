#!/bin/sh
# A real terminal (tmux): the item list (l) is drawn, moves with the arrow
# keys, survives resizing to 40x12, below it says the window is too small,
# and back at 80x24 it is the same list; a question's escape sequences
# never reach the terminal from the list; enter goes to the selected item,
# : 12 enter to item 12; q quits.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
python3 - "$T/q.json" <<'EOF'
import json, sys
convs = []
for k in range(1, 13):
    turns = []
    for t in range(1, 2 + k % 3):
        q = "Question %d of conversation %d?" % (t, k)
        if k == 3:
            q = "Clear \u001b[2J\u001b[H and red \u001b[31malert\u001b[0m, title \u001b]0;pwned\u0007 done"
        turns.append({"question": q, "responses": [
            {"system": s, "answer": "Answer of %s." % s, "passages": [{"rank": 1, "score": 1, "id": "p%02d" % k}]}
            for s in ("sys-a", "sys-b")]})
    convs.append({"id": "conv-%02d" % k, "turns": turns})
json.dump({"format": "convqa-tasks", "version": 1, "systems": [{"id": "sys-a"}, {"id": "sys-b"}],
           "collection": [{"id": "p%02d" % k, "title": "Passage %d" % k, "text": "Text of passage %d." % k}
                          for k in range(1, 13)],
           "conversations": convs}, open(sys.argv[1], "w"))
EOF
ui_project p.db "$T/q.json"

TMUX_ENV="NO_COLOR=1" tmux_start 80 24 p.db --rater alice
check_wait "the UI starts" "Guidelines"
keys Escape
check_wait "the item screen" "item 1/48"
keys l
check_wait "l opens the list" "── Items · 0 finished · 48 to do"
keys Down Down Down Down Down Down Down Down Down Down
check_wait "down moves the selection" "▸ 11 not started"
sleep 0.3
capture >"$T/before"
capture -e >"$T/escapes"
check_grep "the question's escape sequences are shown as text" "Clear ^\[\[2J^\[\[H and red" "$T/before"
esc=$(printf '\033')
bad=""
for seq in "${esc}[2J" "${esc}[H" "${esc}[31m" "${esc}]0;"; do
	LC_ALL=C grep -qF -- "$seq" "$T/escapes" && bad="$bad $(printf '%s' "$seq" | od -An -c | tr -s ' ')"
done
check_eq "none of them reaches the terminal" "" "$bad"
case $(tm display -p -t main '#{pane_title}') in *pwned*) not_ok "the window title is not changed by the question" ;;
*) ok "the window title is not changed by the question" ;; esac
tm resize-window -t main -x 40 -y 12
check_wait "at 40x12 the list is redrawn narrow" "── Items · 0/48 finished · • shown"
capture >"$T/narrow"
check_grep "the selection is kept at 40x12" "▸ 11 new" "$T/narrow"
check_grep "the question is cut to fit 40 columns" "▸ 11 new    conv… 1/1  1/2 Clear ^\[\[2J…$" "$T/narrow"
tm resize-window -t main -x 30 -y 10
check_wait "at 30x10 the window is too small" "Window too small: 30x10"
tm resize-window -t main -x 80 -y 24
check_wait "back at 80x24 the list returns" "── Items · 0 finished · 48 to do"
sleep 0.3
capture >"$T/after"
if cmp -s "$T/before" "$T/after"; then ok "and it is the same list as before the resizing"; else
	not_ok "and it is the same list as before the resizing" "$(diff "$T/before" "$T/after")"; fi
keys Enter
check_wait "enter goes to the selected item" "item 11/48"
keys : 1 2 Enter
check_wait ": 12 enter goes to item 12" "item 12/48"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
done_testing
