#!/bin/sh
# A real terminal (tmux): resizing to 50x15 and back redraws and keeps the
# state; below 40x12 it says the window is too small; escape sequences from
# a passage never reach the terminal (capture-pane -e); colours are used
# unless NO_COLOR is set.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIXTURES/unicode_hostile.json"

TMUX_ENV="NO_COLOR=1" tmux_start 80 24 p.db --rater alice
check_wait "the UI starts" "Guidelines"
keys Escape n n n n n n
check_wait "the hostile item is shown (alice's first answer of its turn)" "item 7/11"
keys j
check_wait "the focus moves to passage 2" "▸ 2 [ ] whitespace"
capture >"$T/before"
tm resize-window -t main -x 50 -y 15
check_wait "at 50x15 the screen is redrawn" "p.db · alice · turn"
capture >"$T/small"
check_eq "the pane is 50x15" "50x15" "$(tm display -p -t main '#{pane_width}x#{pane_height}')"
check_grep "the item is the same at 50x15" "hostile-^\[\[31mcontrol" "$T/small"
check_grep "the focus is the same at 50x15" "▸ 2" "$T/small"
tm resize-window -t main -x 30 -y 10
check_wait "at 30x10 the window is too small" "Window too small: 30x10"
tm resize-window -t main -x 80 -y 24
check_wait "back at 80x24 the item screen returns" "── Passages (5)"
sleep 0.3
capture >"$T/after"
if cmp -s "$T/before" "$T/after"; then ok "and it is the same screen as before the resizing"; else
	not_ok "and it is the same screen as before the resizing" "$(diff "$T/before" "$T/after")"; fi

keys k Enter
check_wait "the hostile passage opens in full" "Passage 1 of 5"
capture -e >"$T/escapes"
check_grep "its escape sequences are shown as text" "Clear screen: ^\[\[2J^\[\[H done" "$T/escapes"
esc=$(printf '\033')
bad=""
for seq in "${esc}[31m" "${esc}[2J" "${esc}[10;10H" "${esc}]0;" "${esc}]8;" "${esc}]52;" "${esc}[5m" "${esc}[1;4;5m" "${esc}[?1049h" "${esc}c"; do
	LC_ALL=C grep -qF -- "$seq" "$T/escapes" && bad="$bad $(printf '%s' "$seq" | od -An -c | tr -s ' ')"
done
check_eq "none of the passage's escape sequences reaches the terminal" "" "$bad"
check_eq "no colour codes with NO_COLOR set" "" "$(LC_ALL=C grep -c "${esc}\[3[0-7]m\|${esc}\[4[0-7]m\|38;5;\|${esc}\[9[0-7]m" "$T/escapes" | grep -v '^0$')"
title=$(tm display -p -t main '#{pane_title}')
case $title in *pwned*|*owned*|*answer\ title*) not_ok "the window title is not changed by the task file" "$title" ;;
*) ok "the window title is not changed by the task file" ;; esac
keys q
check_wait "q closes the passage" "── Passages (5)"
keys q
wait_exit
check_eq "a second q exits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"

# with colours
tm kill-server
tmux_start 80 24 p.db --rater alice
check_wait "the UI starts again" "item 1/11"
capture -e >"$T/colours"
check_grep "without NO_COLOR the header is coloured" "${esc}\[3[0-7]m\|${esc}\[4[0-7]m\|${esc}\[3[0-7];4[0-7]m" "$T/colours"
done_testing
