#!/bin/sh
# A real terminal (tmux): convqa adjudicate on a pairwise round draws the
# pair in dispute at 80x24 (A on top), each rater's choice below the
# answers; the answers' escape sequences never reach the terminal nor
# change the window title; at 160x40 the answers are side by side and the
# choices name the sides so; at 40x12 no row is wider than the window, and
# back at 80x24 the screen is as before; ? lists the adjudication's keys;
# the right arrow settles the pair (stored by system); q quits with status
# 0 and the terminal restored.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
export CONVQA_DB="$T/p.db"
python3 "$FIX/pairwise_hostile.py" "$T/t.json"
ui_project "$T/p.db" "$T/t.json"
for r in alice bob; do $CONVQA rater add $r >/dev/null; done
$CONVQA rater add dan --role adjudicator >/dev/null
$CONVQA round create ab --task pairwise --raters alice,bob --overlap 2 --seed 2 >/dev/null
# alice prefers the answer on her left on both turns, bob calls both a tie
printf 'esc\na\nn\na\nq\n' | ui_run "$T/p.db" --rater alice --round ab
printf 'esc\ne\nn\ne\nq\n' | ui_run "$T/p.db" --rater bob --round ab

TMUX_CMD=adjudicate TMUX_ENV="NO_COLOR=1" tmux_start 80 24 p.db --round ab --rater dan
check_wait "the adjudication starts on the first disagreement" "disagreement 1 of 2 · 0 settled"
check_wait "the raters' choices below the answers, named as this screen shows the pair" "  bob    tie"
capture >"$T/first"
check_grep "A is on top at 80 columns" "── A · top ──" "$T/first"
keys n
check_wait "n: the second pair, the hostile answers as text" "^[]0;pwned^G end"
sleep 0.3
capture >"$T/before"
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
check_wait "   and alice's choice names the side as it is shown now" "  alice  A (left)"
tm resize-window -t main -x 40 -y 12
check_wait "at 40x12 the choices share one row" "alice: A (top)"
capture >"$T/narrow"
check_eq "no row is wider than 40 columns" "" \
	"$(python3 -c 'import sys; print("\n".join(l for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if len(l) > 40))' "$T/narrow")"
tm resize-window -t main -x 80 -y 24
check_wait "back at 80x24" "  bob    tie"
sleep 0.3
capture >"$T/after"
if cmp -s "$T/before" "$T/after"; then ok "and it is the same screen as before the resizing"; else
	not_ok "and it is the same screen as before the resizing" "$(diff "$T/before" "$T/after")"; fi
keys ?
check_wait "? tells how to go through the disagreements" "tab to the next unsettled one, : to"
keys q
check_wait "q closes the help" "  bob    tie"
keys Right
check_wait "the right arrow settles the pair with B" "saved: preference B"
check_wait "   and the header counts it" "disagreement 2 of 2 · 1 settled"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_grep "the terminal is restored (echo on)" " echo " "$T/stty"
# dan's sides alternate along his queue from a start his id chooses
# (app_pair_adjudicate.c): disagreement 2 shows the pair's first answer on
# top when (1 + id) is even, and below is then its second ("b")
dan=$(sqlite3 p.db "SELECT id FROM rater WHERE name = 'dan'")
check_eq "dan's label is the answer shown below, stored by system" "$([ $(((1 + dan) % 2)) = 0 ] && echo b || echo a)" \
	"$(sqlite3 p.db "SELECT value FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'dan'")"
done_testing
