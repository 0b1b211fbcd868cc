#!/bin/sh
# The command table (src/main.c commands[]) against what a user reads: every
# command `convqa --help` lists has its own help, a row in the README's CLI
# reference, and the same one-line summary in both places it is shown.
. "$CONVQA_TOP/tests/lib.sh"

$CONVQA --help >list
cmds=$(sed -n '/^commands:/,/^$/p' list | awk 'NF >= 2 { print $1 }')
check_eq "the command list is not empty" "yes" "$([ -n "$cmds" ] && echo yes)"
for c in $cmds; do
	summary=$(awk -v c="$c" '$1 == c { $1 = ""; sub(/^ +/, ""); print; exit }' list)
	run $CONVQA help "$c"
	check_eq "help $c: exit 0, shows the summary of the command list" "0|$summary" \
		"$rc|$(sed -n 3p out)"
	# (or, until the merger places it, a row waiting in docs/pending/: the
	# README is not edited on branches)
	if grep -q "^| \`$c[ \`]" "$CONVQA_TOP/README.md" $(ls "$CONVQA_TOP"/docs/pending/*.md 2>/dev/null); then
		ok "README's CLI reference has a row for $c"
	else not_ok "README's CLI reference has a row for $c" "no line starting with | \`$c in README.md"; fi
done
# and no row in the README names a command the program does not have
for c in $(sed -n '/^| command | what it does |/,/^$/p' "$CONVQA_TOP/README.md" |
	grep -o '^| `[a-z-]*' | sed 's/^| `//'); do
	echo "$cmds" | grep -qx "$c" && ok "README's $c is a command" || not_ok "README's $c is a command" "not in convqa --help"
done
done_testing
