#!/bin/sh
# tests/tools/fn_length.sh (make check-fn) on a small tree: a function of 81
# lines is named with its file, line and length and the status is 1; one of
# 80 lines, a table initialiser and a function of another file pass.
. "$CONVQA_TOP/tests/lib.sh"
# body N: N-2 statement lines (the braces make N)
body() { i=2; while [ "$i" -lt "$1" ]; do printf '\tx++;\n'; i=$((i + 1)); done; }
mkdir -p src/a
{
	printf 'static int\nshort_one(int x)\n{\n'; body 80; printf '}\n\n'
	printf 'static const int table[] =\n{\n'; body 90; printf '};\n\n'
	printf 'int\nlong_one(int x,\n\tint y)\n{\n'; body 81; printf '}\n'
} >src/a/f.c
{ printf 'void\nother(void)\n{\n'; body 40; printf '}\n'; } >src/b.c

run sh "$CONVQA_TOP/tests/tools/fn_length.sh" "$T/src"
check_eq "the function of 81 lines is named, with its file, line and length; status 1" \
	"1|$T/src/a/f.c:179: long_one: 81 lines" "$rc|$(cat "$T/out")"

run sh "$CONVQA_TOP/tests/tools/fn_length.sh" 81 "$T/src"
check_eq "with a limit of 81 nothing is listed and the status is 0" "0|" "$rc|$(cat "$T/out")"

# the project itself (issue: no function over 80 lines in src/)
run sh "$CONVQA_TOP/tests/tools/fn_length.sh" "$CONVQA_TOP/src"
check_eq "no function of src/ is over 80 lines" "0|" "$rc|$(cat "$T/out")"
done_testing
