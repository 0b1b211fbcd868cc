#!/bin/sh
# Run the test suite (or the tests named as arguments) and print one closing
# line "N passed, N failed". Every test program speaks TAP: lines "ok ..." and
# "not ok ..." on stdout. Unit tests are cmocka binaries in build/check/tests/,
# the rest are shell scripts (tests/cli, tests/ui, tests/tools/*.test.sh).
#
#   sh tests/run.sh                       all
#   sh tests/run.sh unit/test_store cli/roundtrip.sh
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
export CONVQA="$top/build/check/convqa"
export CONVQA_TOP="$top"
export TZ=UTC LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=xterm-256color NO_COLOR=
unset CONVQA_DB CONVQA_NOW
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0
# make check-clock runs the suite under libfaketime (an LD_PRELOAD that ASan
# would otherwise refuse)
[ -n "${FAKETIME:-}" ] && ASAN_OPTIONS=$ASAN_OPTIONS:verify_asan_link_order=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export CMOCKA_MESSAGE_OUTPUT=TAP

if [ $# -eq 0 ]; then
	set -- $(cd tests && ls unit/test_*.c 2>/dev/null | sed 's/\.c$//') \
		$(cd tests && ls cli/*.sh ui/*.sh tools/*.test.sh 2>/dev/null)
fi

log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
passed=0
failed=0
for t in "$@"; do
	case $t in
	unit/*) cmd="build/check/tests/${t#unit/}" ;;
	*.sh) cmd="sh tests/$t" ;;
	*) echo "no such test: $t"; failed=$((failed + 1)); continue ;;
	esac
	out="$log/out"
	$cmd >"$out" 2>"$log/err"
	rc=$?
	p=$(grep -c '^ok ' "$out")
	f=$(grep -c '^not ok ' "$out")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1  # crashed or exited non-zero without reporting a failure
		echo "not ok - $t exited with status $rc" >>"$out"
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	if [ "$f" -gt 0 ]; then
		printf 'FAIL %s (%d passed, %d failed)\n' "$t" "$p" "$f"
		grep -E '^(not ok|#)' "$out" | sed 's/^/    /' | head -40
		sed 's/^/    stderr: /' "$log/err" | head -40
	else
		printf 'ok   %s (%d)\n' "$t" "$p"
		grep '^ok .*# SKIP' "$out" | sed 's/^/    /'
	fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
