#!/bin/sh
# What a new user meets first: help that says what an option does in each
# format, and refusals that say what is wrong before doing any work, then
# the next step with its command.
. "$CONVQA_TOP/tests/lib.sh"

# option_help COMMAND OPTION: the help of --OPTION in `convqa help COMMAND`, its lines joined
option_help() {
	$CONVQA help "$1" | awk -v o="--$2 " 'index($0, o) { sub(/^ *--[a-z-]+ [A-Z,]* +/, ""); h = $0; on = 1; next }
		on && /^      +[^ -]/ { sub(/^ +/, ""); h = h " " $0; next } { on = 0 } END { print h }'
}
check_eq "export --round says it selects a round's items in tasks and gold-extension" \
	"only labels of this round; with --format tasks or gold-extension, only its items" \
	"$(option_help export round)"

$CONVQA help round | tr '\n' ' ' >help-round.txt
check_grep "help round: a closed round's raters cannot change their labels, an adjudicator still settles it" \
	"its raters can no longer change their labels; an adjudicator still settles its disagreements" help-round.txt

done_testing
