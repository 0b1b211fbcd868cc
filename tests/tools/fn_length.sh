#!/bin/sh
# make check-fn: list every function in src/**/*.c longer than MAX lines
# (80 unless given) as "file:line: name: N lines", and exit 1 when there is
# one. A function runs from its opening brace in column 0 (after a signature,
# which the code style ends in column 0 too) to its closing "}" in column 0;
# the braces count, the signature does not. Initialisers ("= {" or "{" after
# a line ending in "=") are tables, not functions, and are passed over.
#
#   sh tests/tools/fn_length.sh [MAX] [DIR...]     (default: 80 src)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
max=80
case ${1:-} in [0-9]*) max=$1; shift ;; esac
[ $# -eq 0 ] && set -- src
# xargs says 123 when a batch says 1: give the one status the header promises
find "$@" -name '*.c' | LC_ALL=C sort | xargs awk -v max="$max" '
FNR == 1 { inside = 0; prev = ""; sig = "" }
# the name: the last identifier before "(" in the signature lines
function fname(s,   n) {
	n = s
	sub(/\(.*/, "", n)
	sub(/.*[^A-Za-z0-9_]/, "", n)
	return n
}
!inside && /^\{/ && prev !~ /=[ \t]*$/ {
	inside = 1; start = FNR; name = fname(sig); next
}
inside && /^\}/ {
	inside = 0
	n = FNR - start + 1
	if (n > max) {
		printf "%s:%d: %s: %d lines\n", FILENAME, start, name, n
		found = 1
	}
	sig = ""; prev = $0; next
}
!inside {
	# a signature starts at a line in column 0 that is not a comment,
	# a preprocessor line or a blank line
	if ($0 ~ /^[A-Za-z_]/) sig = $0
	else if (sig != "" && $0 ~ /^[ \t]/) sig = sig " " $0
	prev = $0
}
END { exit found ? 1 : 0 }
' || exit 1
