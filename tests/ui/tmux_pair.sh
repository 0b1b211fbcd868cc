#!/bin/sh
# A real terminal (tmux): the pair screen of a pairwise round at 80x24
# (stacked), 160x40 (side by side) and 40x12; the answers' escape sequences
# never reach the terminal nor change the window title; the right arrow
# picks B, saved as the system shown right; q quits with status 0 and the
# terminal restored.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
export CONVQA_DB="$T/p.db"
ui_pair_project
$CONVQA guidelines set /dev/null >/dev/null 2>&1

TMUX_ENV="NO_COLOR=1" tmux_start 80 24 p.db --round ab --rater alice
check_wait "the pair screen starts (after the guidelines)" "Guidelines"
keys Escape
check_wait "the first pair, A on top" "A · top"
keys n
check_wait "the second pair: the hostile answers, as text" "^[]0;pwned^G end"
sleep 0.3
capture -e >"$T/escapes"
esc=$(printf '\033')
bad=""
for seq in "${esc}[31m" "${esc}]0;"; do
	LC_ALL=C grep -qF -- "$seq" "$T/escapes" && bad="$bad $(printf '%s' "$seq" | od -An -c | tr -s ' ')"
done
check_eq "none of the answers' escape sequences reaches the terminal" "" "$bad"
case $(tm display -p -t main '#{pane_title}') in *pwned*) not_ok "the window title is not changed by an answer" ;;
*) ok "the window title is not changed by an answer" ;; esac
tm resize-window -t main -x 160 -y 40
check_wait "at 160x40 the answers are side by side" "│─ B · right"
tm resize-window -t main -x 40 -y 12
check_wait "at 40x12 they are stacked again" "A · top"
capture >"$T/narrow"
check_eq "no row is wider than 40 columns" "" \
	"$(python3 -c 'import sys; print("\n".join(l for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if len(l) > 40))' "$T/narrow")"
tm resize-window -t main -x 80 -y 24
check_wait "back at 80x24" "A · top"
keys Right
check_wait "the right arrow picks B" "saved: preference B"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_grep "the terminal is restored (echo on)" " echo " "$T/stty"
check_eq "B (shown below) is stored by its system" "$(sqlite3 p.db "SELECT iif(pa.a_first, 'b', 'a') FROM pair_assignment pa JOIN pair p ON p.id = pa.pair_id JOIN turn t ON t.id = p.turn_id WHERE t.position = 2")" \
	"$(sqlite3 p.db "SELECT value FROM label WHERE field = 'preference'")"
done_testing
