#!/bin/sh
# A real terminal (tmux): convqa adjudicate draws a disagreement at 80x24
# with the raters' values side by side; a question's escape sequences never
# reach the terminal; it survives resizing to 40x12, says the window is too
# small below that, and is the same screen back at 80x24; a key settles the
# disagreement; q quits with status 0 and the terminal restored.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
python3 - "$T/q.json" <<'PY'
import json, sys
q = "Clear \u001b[2J\u001b[H and red \u001b[31malert\u001b[0m, title \u001b]0;pwned\u0007 done?"
json.dump({"format": "convqa-tasks", "version": 1, "systems": [{"id": "sys-a"}],
           "collection": [{"id": "p1", "title": "Passage", "text": "Text \u001b[5mblink\u001b[0m of the passage."}],
           "conversations": [{"id": "c1", "turns": [{"question": q, "responses": [
               {"system": "sys-a", "answer": "An answer \u001b[6n asking the terminal.",
                "passages": [{"rank": 1, "id": "p1", "score": 1}]}]}]}]}, open(sys.argv[1], "w"))
PY
ui_adjudication_project "$T/p.db" "$T/q.json"
$CONVQA round create r1 --raters alice,bob --overlap 0 >/dev/null
$CONVQA label --round r1 -r alice -c c1 -n 1 -s sys-a answer_correct 1
$CONVQA label --round r1 -r bob -c c1 -n 1 -s sys-a answer_correct 0
$CONVQA label --round r1 -r alice -c c1 -n 1 -s sys-a relevant 1 -k 1
$CONVQA label --round r1 -r bob -c c1 -n 1 -s sys-a relevant 0 -k 1
$CONVQA round close r1 >/dev/null

TMUX_CMD=adjudicate TMUX_ENV="NO_COLOR=1" tmux_start 80 24 p.db --round r1 --rater carol
check_wait "the adjudication starts" "disagreement 1 of 2 · 0 settled"
check_wait "the raters' values side by side" "  bob          incorrect"
sleep 0.3
capture >"$T/before"
capture -e >"$T/escapes"
check_grep "the question's escape sequences are shown as text" "Clear ^\[\[2J^\[\[H and red" "$T/before"
esc=$(printf '\033')
bad=""
for seq in "${esc}[2J" "${esc}[H" "${esc}[31m" "${esc}]0;" "${esc}[6n"; do
	LC_ALL=C grep -qF -- "$seq" "$T/escapes" && bad="$bad $(printf '%s' "$seq" | od -An -c | tr -s ' ')"
done
check_eq "none of them reaches the terminal" "" "$bad"
case $(tm display -p -t main '#{pane_title}') in *pwned*) not_ok "the window title is not changed by the question" ;;
*) ok "the window title is not changed by the question" ;; esac
tm resize-window -t main -x 40 -y 12
check_wait "at 40x12 it is drawn narrow" "1/2 · 0 settled"
capture >"$T/narrow"
check_grep "the dispute fits 40 columns" "^  adjudicated  — not settled yet" "$T/narrow"
check_eq "no row is wider than 40 columns" "" \
	"$(python3 -c 'import sys; print("\n".join(l for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if len(l) > 40))' "$T/narrow")"
tm resize-window -t main -x 30 -y 10
check_wait "at 30x10 the window is too small" "Window too small: 30x10"
tm resize-window -t main -x 80 -y 24
check_wait "back at 80x24" "disagreement 1 of 2 · 0 settled"
sleep 0.3
capture >"$T/after"
if cmp -s "$T/before" "$T/after"; then ok "and it is the same screen as before the resizing"; else
	not_ok "and it is the same screen as before the resizing" "$(diff "$T/before" "$T/after")"; fi
keys c
check_wait "c settles the answer" "disagreement 1 of 2 · 1 settled"
keys n
check_wait "n goes to the passage" "In dispute · relevant of passage 1"
capture >"$T/passage"
check_grep "the passage's escape sequences are text too" "Text ^\[\[5mblink" "$T/passage"
keys q
wait_exit
check_eq "q quits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_grep "the terminal is restored (echo on)" " echo " "$T/stty"
check_eq "the value is carol's label in the round" "1" \
	"$(sqlite3 p.db "SELECT value FROM label JOIN rater ON rater.id = rater_id WHERE name = 'carol'")"
done_testing
