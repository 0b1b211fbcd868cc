#!/bin/sh
# Task files that are not regular files: standard input ("-"), /dev/stdin
# from a pipe, a named pipe and a shell's process substitution import like
# files; messages name standard input as such.
. "$CONVQA_TOP/tests/lib.sh"

DEMO="$CONVQA_TOP/sample_tasks/demo.json"
ADDED="added 5 conversations, 26 turns, 52 responses, 36 passages, 2 systems"

# piped NAME INPUT_FILE ARG : cat INPUT_FILE | convqa import ARG into a new
# project NAME.db; status in $rc, output in $T/out and $T/err
piped() {
	$CONVQA init --db "$1.db" >/dev/null
	cat "$2" | $CONVQA import --db "$1.db" "$3" >"$T/out" 2>"$T/err"
	rc=$?
}
origin() { sqlite3 "$1.db" 'SELECT file FROM import'; }

piped dash "$DEMO" -
check_eq "'-' imports standard input from a pipe" "0|standard input: $ADDED|" "$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "the project records it as standard input" "standard input" "$(origin dash)"

piped devstdin "$DEMO" /dev/stdin
check_eq "/dev/stdin from a pipe imports (was: larger than 1024 MiB)" "0|/dev/stdin: $ADDED|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "a pipe is recorded by the name given, not /proc/PID/fd/pipe:[N]" "/dev/stdin" "$(origin devstdin)"

$CONVQA init --db redirect.db >/dev/null
run $CONVQA import --db redirect.db -q /dev/stdin <"$DEMO"
check_eq "/dev/stdin redirected from a file records that file" "0|$DEMO" "$rc|$(origin redirect)"

$CONVQA init --db fifo.db >/dev/null
mkfifo fifo
cat "$DEMO" >fifo &
run $CONVQA import --db fifo.db fifo
wait
check_eq "a named pipe imports" "0|fifo: $ADDED" "$rc|$(cat "$T/out")"

if command -v bash >/dev/null 2>&1; then
	$CONVQA init --db procsub.db >/dev/null
	run bash -c "$CONVQA import --db procsub.db <(cat '$DEMO')"
	if [ "$rc" = 0 ] && grep -qx "/dev/fd/[0-9]*: $ADDED" "$T/out"; then ok "a bash process substitution imports"; else
		not_ok "a bash process substitution imports" "status $rc" "$(cat "$T/out" "$T/err")"; fi
else
	skip "a bash process substitution imports" "no bash"
fi

piped again "$DEMO" -
cat "$DEMO" | $CONVQA import --db again.db - >"$T/out" 2>&1
check_eq "importing the same standard input again changes nothing" \
	"standard input: nothing new (its 5 conversations, 26 turns, 52 responses, 36 passages, 2 systems are in the project already)" "$(cat "$T/out")"

printf '{"format": "convqa-tasks",\n "version" 1}' >syntax.json
piped syntax syntax.json -
check_eq "a syntax error on standard input names it with line and column" \
	"2|standard input:2:12: syntax error: expected ':' after the key, found '1'" "$rc|$(cat "$T/err")"
printf '{"format": "convqa-tasks", "version": 1}' >schema.json
piped schema schema.json -
check_eq "a schema error on standard input names it" \
	"2|standard input: \$: missing required property \"conversations\"" "$rc|$(cat "$T/err")"
piped empty /dev/null -
check_eq "empty standard input is an empty file" "2|standard input: empty file: expected a JSON document" \
	"$rc|$(cat "$T/err")"

sed 's/"Augustin-Jean Fresnel, a French physicist."/"Fresnel."/' "$DEMO" >changed.json
run $CONVQA import --db dash.db changed.json
if [ "$rc" = 2 ] && grep -q "conflicts with the one imported from 'standard input' at " "$T/err"; then
	ok "a conflict names standard input as the origin"; else
	not_ok "a conflict names standard input as the origin" "status $rc" "$(cat "$T/err")"; fi
done_testing
