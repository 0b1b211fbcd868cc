#!/bin/sh
# The help screen (?) on the pair screen tells the truth about its keys:
# the left and right arrows pick the left (upper) and the right (lower)
# answer there, not the previous and the next item; n and p go to the next
# and the previous pair; keys that do nothing there (turns, rewrite, spans,
# search) are not listed. Elsewhere the arrows still move between items.
# docs/study.md says the same of enter and h.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z CONVQA_DB="$T/p.db"
ui_pair_project

ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
esc
?
:save-screen help
pgdn
:save-screen help2
pgdn
:save-screen help3
q
right
:save-screen picked
q
KEYS
check_ran "? opens the help on the pair screen"
check_rows "the help says what the pair screen is and that the arrows pick the answers" help 3 19 <<'EOT'
  The pair screen: two systems' answers to the same turn, A (left, or on top
  below 120 columns) and B, their systems hidden. Say which is better with the
  keys of the preference, or left (A) and right (B); n and p go to the next
  and the previous pair. What is saved names the systems, never the side.

  Keys for the pairwise task. Every change is saved at once; the status line
  says "saved" when it is.

  Label
    a              preference: A
    b              preference: B
    e              preference: tie
    x              preference: both bad
    w              write the reason (enter saves, esc cancels)
    left           preference: A (the left or upper answer)
    right          preference: B (the right or lower answer)
    u              undo the last change (repeat: earlier ones)
EOT
all=$(cat "$T/screens/help" "$T/screens/help2" "$T/screens/help3")
check_eq "n and p move between pairs, the arrows not among them" "    n              next pair
    p              previous pair" "$(printf '%s\n' "$all" | grep -E '^    [np] ' | sort -u)"
check_eq "no key is said to move between items or turns" "" \
	"$(printf '%s\n' "$all" | grep -E 'next item|previous item|next turn|previous turn|rewritten|evidence spans|search every')"
check_eq "down scrolls the answers, enter unfolds their passages" "    enter          show / hide both answers' passages
    j down         scroll the answers down" \
	"$(printf '%s\n' "$all" | grep -E '^    (j down|enter) ' | sort -u)"
check_rows "and the right arrow does pick B" picked 22 22 <<'EOT'
 preference: B  reason: —
EOT
check_eq "h shows and hides the earlier turns (shown from the start: ui/pair_screen.sh)" \
	"    h              show / hide the earlier turns" "$(printf '%s\n' "$all" | grep -E '^    h ' | sort -u)"
# docs/study.md's pair screen names the same keys: enter unfolds, h hides
# the history shown by default (it said o unfolds, h shows the history)
screen=$(sed -n '/^\* \*\*The screen\.\*\*/,/^\* \*\*/p' "$CONVQA_TOP/docs/study.md" | tr '\n' ' ' | tr -s ' ')
check_eq "docs/study.md: enter unfolds the passages, h hides and shows the history" "yes|yes|no" \
	"$(case $screen in *'(`enter` unfolds them'*) echo yes;; *) echo no;; esac)|$(
	case $screen in *'when the window has room (`h` hides and shows them)'*) echo yes;; *) echo no;; esac)|$(
	case $screen in *'`o`'*) echo yes;; *) echo no;; esac)"
done_testing
