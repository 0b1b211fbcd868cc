#!/bin/sh
# The manual says what the program does: every command `convqa --help` lists
# and every option `convqa help COMMAND` lists are in the man page
# (docs/convqa.1: a ".SS COMMAND" section per command, an option a ".TP"
# entry there) and in the command reference (docs/commands.md: a
# "## convqa COMMAND" section per command, an option a row of its table
# beginning "| `-"), and neither names a command or an option the program
# does not have. The reference's synopsis of a command is its usage line,
# and the actions of the usage line (round create, list, ...) are named in
# both. --db and --help, which every command takes, and --version
# are in the man page's OPTIONS and in the reference's "Options of every
# command". The man page is read by groff without a warning.
. "$CONVQA_TOP/tests/lib.sh"
MAN="$CONVQA_TOP/docs/convqa.1"
REF="$CONVQA_TOP/docs/commands.md"

# help_opts CMD: the options of `convqa help CMD`, one a line ("--long" and "-s")
help_opts() {
	$CONVQA help "$1" | sed -n 's/^\(  -[a-zA-Z], \|      \)\(--[a-z][a-z-]*\).*/\1\2/p' |
		sed 's/^ *//; s/, /\n/' | sort -u
}
# man_section CMD: the roff source of ".SS CMD" up to the next .SS or .SH
man_section() { awk -v c="$1" '/^\.S[SH]/ { on = ($0 == ".SS " c) ; next } on' "$MAN"; }
# man_opts TEXT-ON-STDIN: the options of the ".TP" tags (the line after each .TP)
man_opts() {
	awk 'tp { print; tp = 0; next } /^\.TP/ { tp = 1 }' | sed 's/\\f[BIRP]//g; s/\\-/-/g; s/\\ / /g' |
		grep -o '\(^\|[^a-zA-Z-]\)--\?[a-zA-Z][a-z-]*' | sed 's/^[^-]*//' | sort -u
}
# ref_section HEADING: the lines of the reference under "## HEADING", up to the next "## "
ref_section() { awk -v h="## $1" '/^## / { on = ($0 == h); next } on' "$REF"; }
# ref_opts TEXT-ON-STDIN: the options of the option rows ("| `-t`, `--task TASK` | ...")
ref_opts() {
	grep '^| `-' | sed 's/^| \([^|]*\) |.*/\1/' | grep -o '`--\?[a-zA-Z][a-z-]*' | tr -d '`' | sort -u
}
# compare WHAT EXPECTED ACTUAL DOC WHERE [HOW]: every line of EXPECTED is in ACTUAL and back
compare() {
	missing=$(printf '%s\n' "$2" | while read -r o; do
		[ -n "$o" ] && ! printf '%s\n' "$3" | grep -qx -- "$o" && printf '%s ' "$o"; done)
	extra=$(printf '%s\n' "$3" | while read -r o; do
		[ -n "$o" ] && ! printf '%s\n' "$2" | grep -qx -- "$o" && printf '%s ' "$o"; done)
	if [ -z "$missing$extra" ]; then ok "$1: $4 ($5) has the same"; else
		not_ok "$1: $4 ($5) has the same" \
			${missing:+"missing from $4 ($5): $missing${6:+ (add $6)}"} \
			${extra:+"in $4 ($5) but not in the program: $extra"}; fi
}

[ -f "$MAN" ] && ok "the man page is docs/convqa.1" || not_ok "the man page is docs/convqa.1" "no $MAN"
[ -f "$REF" ] && ok "the command reference is docs/commands.md" || not_ok "the command reference is docs/commands.md" "no $REF"

# ---- groff reads it without a warning ---------------------------------------
if command -v groff >/dev/null; then
	groff -ww -man -z "$MAN" 2>warnings
	check_eq "groff -ww -man -z: no warnings" "" "$(cat warnings)"
	groff -man -Tascii -P-cbou "$MAN" >page.txt 2>/dev/null
	check_grep "the page renders, under its name" "^NAME" page.txt
else
	not_ok "groff is installed (make deps)" "no groff: man ./docs/convqa.1 cannot be checked"
fi

check_eq "its header names this version ($($CONVQA --version))" "$($CONVQA --version)" \
	"$(sed -n 's/^\.TH CONVQA 1 [^ ]* "\([^"]*\)".*/\1/p' "$MAN")"

# ---- the commands ---------------------------------------------------------------
$CONVQA --help >list
cmds=$(sed -n '/^commands:/,/^$/p' list | awk 'NF >= 2 { print $1 }' | sort)
check_eq "convqa --help lists commands" "yes" "$([ -n "$cmds" ] && echo yes)"
man_cmds=$(awk '/^\.SH/ { on = ($0 ~ /^\.SH "?COMMANDS"?$/); next } on && /^\.SS / { print $2 }' "$MAN" | sort)
compare "the commands of convqa --help" "$cmds" "$man_cmds" docs/convqa.1 "the .SS of COMMANDS"
ref_cmds=$(sed -n 's/^## convqa \([a-z-]*\)$/\1/p' "$REF" | sort)
compare "the commands of convqa --help" "$cmds" "$ref_cmds" docs/commands.md "the '## convqa COMMAND' sections"

# ---- every command's options --------------------------------------------------------
common="--db
--help
-h"
for c in $cmds; do
	opts=$(help_opts "$c")
	for o in $common; do
		printf '%s\n' "$opts" | grep -qx -- "$o" || not_ok "convqa help $c lists $o" "every command takes it"
	done
	# the synopsis of the reference is the usage line; its actions are in both
	usage=$($CONVQA help "$c" | sed -n '1s/^usage: //p')
	check_eq "docs/commands.md (## convqa $c): the synopsis is the usage line of convqa help $c" "$usage" \
		"$(ref_section "convqa $c" | awk '/^```/ { if (on) exit; on = 1; next } on')"
	actions=$(printf '%s\n' "$usage" | sed "s/^convqa $c //" | tr '|' '\n' | awk '$1 ~ /^[a-z]+$/ { print $1 }')
	for a in $actions; do
		man_section "$c" | grep -q "^\.B.* $a\( \|\"\|\$\)" || man_section "$c" | grep -q "^\.BR* \"*$a\( \|\"\|\$\)" ||
			not_ok "the action '$c $a' of convqa help $c is in docs/convqa.1 (.SS $c)" "no .B line naming it"
		ref_section "convqa $c" | grep -q "\`$a\( [^\`]*\)\?\`" ||
			not_ok "the action '$c $a' of convqa help $c is in docs/commands.md (## convqa $c)" "no \`$a\` in it"
	done
	[ -n "$actions" ] && ok "the actions of convqa help $c ($(echo $actions)) are looked for in both"
	own=$(printf '%s\n' "$opts" | grep -vx -- "--db\|--help\|-h")
	compare "the options of convqa help $c" "$own" "$(man_section "$c" | man_opts)" docs/convqa.1 ".SS $c" \
		'a .TP entry each: .TP, then \fB\-s\fR, \fB\-\-long\fR \fIARG\fR, then its text'
	compare "the options of convqa help $c" "$own" "$(ref_section "convqa $c" | ref_opts)" docs/commands.md "## convqa $c" \
		'a row each to the option table: | `-s`, `--long ARG` | text |'
done
global="$common
--version"
man_global=$(awk '/^\.S[SH]/ { on = ($0 == ".SH OPTIONS"); next } on' "$MAN" | man_opts)
compare "the options of every command and --version" "$global" "$man_global" docs/convqa.1 ".SH OPTIONS"
compare "the options of every command and --version" "$global" "$(ref_section "Options of every command" | ref_opts)" \
	docs/commands.md "## Options of every command"
done_testing
