#!/bin/sh
# The help screen (?) of convqa adjudicate on a pairwise round lists the
# keys that work there: n, p, tab and : go through the round's
# disagreements (not a rater's pairs), A turns on moving on after a
# settlement, the list of pairs (a rater's queue) is not among them and
# its key l does nothing there; the paragraph on top is the adjudication's
# of pairs, not the rater's pair screen's. Each key the help lists for
# moving does what it says.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z CONVQA_DB="$T/p.db"
pairwise_project 3 s1 s2
for r in alice bob; do $CONVQA rater add $r >/dev/null; done
$CONVQA rater add dan --role adjudicator >/dev/null
$CONVQA round create ab --task pairwise --raters alice,bob --overlap 2 --seed 2 >/dev/null
# c1: s1 against s2; c2: s1 against a tie; c3: both s1 (no disagreement)
pairwise_label alice ab c1 a
pairwise_label bob ab c1 b
pairwise_label alice ab c2 a
pairwise_label bob ab c2 tie
pairwise_label alice ab c3 a
pairwise_label bob ab c3 a

ui_adjudicate --round ab --rater dan <<'KEYS'
?
:save-screen help
pgdn
:save-screen help2
pgdn
:save-screen help3
q
q
KEYS
check_ran "? opens the help on the pair screen of an adjudication"
check_rows "the help says what the screen is: a disagreement over a pair, settled by the field's keys" help 3 18 <<'EOT'
  Adjudication of round ab: each screen is one pair of answers its raters
  disagree on, A (left, or on top below 120 columns) and B as the raters saw
  them, and below, the field in dispute with each rater's value. Only the keys
  of that field act (left and right pick A and B); your value settles it,
  stored by system, never by side. n and p go to the next and previous
  disagreement, tab to the next unsettled one, : to disagreement N.

  Keys for the pairwise task. Every change is saved at once; the status line
  says "saved" when it is.

  Label
    a              preference: A
    b              preference: B
    e              preference: tie
    x              preference: both bad
    w              write the reason (enter saves, esc cancels)
EOT
all=$(cat "$T/screens/help" "$T/screens/help2" "$T/screens/help3")
check_eq "n, p, tab, : and A go through the disagreements" "    n              next disagreement
    p              previous disagreement
    tab            next unsettled disagreement
    :              go to disagreement N: type its number, enter
    A              on/off: settling goes on to the next unsettled one" \
	"$(printf '%s\n' "$all" | grep -E '^    (n|p|tab|:|A) ' | awk '!seen[$0]++')"
check_eq "nothing is said of a rater's pairs, their list or the pair screen's paragraph" "" \
	"$(printf '%s\n' "$all" | grep -E 'next pair|previous pair|pair not judged|list of pairs|go to pair|The pair screen|^    l ')"

# the keys listed do what the help says; l (not listed) does nothing
ui_adjudicate --round ab --rater dan <<'KEYS'
tab
:save-screen tab
:
1
enter
:save-screen jump
p
:save-screen first
n
:save-screen next
l
:save-screen list
A
:save-screen auto
left
:save-screen settled
q
KEYS
check_ran "the keys run without a failure (l among them)"
hdr() { head -1 "$T/screens/$1" | sed 's/.*round ab *//'; }
stat() { tail -1 "$T/screens/$1" | sed 's/  .*//; s/^ //'; }
check_eq "tab goes to the next unsettled disagreement, : 1 back to the first" \
	"disagreement 2 of 2 · 0 settled|disagreement 1 of 2 · 0 settled" "$(hdr tab)|$(hdr jump)"
check_eq "p on the first says so, n goes to the next" \
	"this is the first disagreement (0 of 2 settled)|disagreement 2 of 2 · 0 settled" "$(stat first)|$(hdr next)"
check_eq "l does nothing here and says so" "the key l does nothing here · ? lists the keys|disagreement 2 of 2 · 0 settled" \
	"$(stat list)|$(hdr list)"
check_eq "A turns moving on after a settlement on: left settles the pair and goes on to the unsettled one" \
	"settling a disagreement now moves on (A: off)|disagreement 1 of 2 · 1 settled" "$(stat auto)|$(hdr settled)"
check_eq "the settlement is dan's label of the pair" "1" \
	"$(sqlite3 "$T/p.db" "SELECT count(*) FROM label l JOIN rater r ON r.id = l.rater_id WHERE r.name = 'dan'")"
done_testing
