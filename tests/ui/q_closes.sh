#!/bin/sh
# q closes a pager and returns to the item screen, as in less, man or tig:
# the help, the guidelines (also at first start), a passage in full and the
# turn in full; a second q, on the item screen, quits. In the note prompt q
# is a letter of the note.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF'
:save-screen first-start
q
:save-screen after-first-guidelines
?
:save-screen help
q
:save-screen after-help
g
q
:save-screen after-guidelines
enter
q
:save-screen after-passage
t
q
:save-screen after-turn
enter
?
q
:save-screen help-over-passage
q
:save-screen after-both
q
:save-screen after-quit
e
EOF
check_ran "the script runs and exits 0"
check_eq "the guidelines are shown at first start" "── Guidelines (built in) ───────────────────────────────────────────────────────" \
	"$(sed -n 2p "$T/screens/first-start")"
check_screen_of "q closes the first-start guidelines: the item screen" after-first-guidelines item_tower <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_eq "the help says q closes it" " lines 1-20 of 51                        j/k pgdn/pgup scroll · q or esc closes" \
	"$(sed -n 23p "$T/screens/help")"
for s in after-help after-guidelines after-passage after-turn after-both; do
	if cmp -s "$T/screens/after-first-guidelines" "$T/screens/$s"; then ok "$s: back on the item screen"; else
		not_ok "$s: back on the item screen" "$(diff "$T/screens/after-first-guidelines" "$T/screens/$s")"; fi
done
check_eq "q in the help opened over a passage returns to the passage" \
	" Passage 1 of 3 · rank 1 · p-light · not judged" "$(sed -n 2p "$T/screens/help-over-passage")"
check_eq "a second q on the item screen quits: nothing after it ran" "no screen, no label" \
	"$([ -f "$T/screens/after-quit" ] && echo screen || echo no screen), $(labels p.db | grep -q . && echo labels || echo no label)"

# the note prompt is a text input: q types a q
ui_run p.db --rater alice <<'EOF'
w
:type quiq q
:save-screen note
enter
:save-screen note-saved
q
:save-screen after-quit
EOF
check_ran "the note script runs"
check_eq "q in the note prompt is a letter" " > quiq q" "$(sed -n 23p "$T/screens/note")"
check_eq "the note is saved with its q's" ' saved · note saved                                             ? help · q quit' \
	"$(sed -n 24p "$T/screens/note-saved")"
check_eq "then q on the item screen quits" "no screen" \
	"$([ -f "$T/screens/after-quit" ] && echo screen || echo no screen)"
check_eq "the note as saved" 'c1/1/sys-a alice note="quiq q"' "$(labels p.db)"
done_testing
