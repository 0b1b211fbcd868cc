#!/bin/sh
# make install and make uninstall, as C tools do them: PREFIX (default
# /usr/local) and DESTDIR. Installed into a temporary DESTDIR: the release
# binary in bin/, the man page in share/man/man1/ (man finds it there), the
# JSON Schemas the messages name in share/convqa/schemas/, the README and
# the manual in share/doc/convqa/ (README.md, docs/*.md, so that the
# README's links hold); the installed binary runs. Uninstalled: nothing is
# left.
. "$CONVQA_TOP/tests/lib.sh"
mk() { make -s --no-print-directory -C "$CONVQA_TOP" "$@"; }

run mk install DESTDIR="$T/dest" PREFIX=/opt/cq
check_eq "make install DESTDIR=... PREFIX=/opt/cq exits 0" "0" "$rc"
root="$T/dest/opt/cq"
check_eq "the release binary is bin/convqa, executable" "yes" "$([ -x "$root/bin/convqa" ] && echo yes)"
check_eq "it is the release build (no sanitizers)" "" "$(grep -l __asan_init "$root/bin/convqa")"
check_eq "the test view (view_probe, CONVQA_TEST_LOOP) is not in it" "0" \
	"$(grep -c -a -e view_probe -e CONVQA_TEST_LOOP "$root/bin/convqa")"
check_eq "the man page is share/man/man1/convqa.1" "" "$(cmp "$CONVQA_TOP/docs/convqa.1" "$root/share/man/man1/convqa.1" 2>&1)"
check_eq "the JSON Schemas are in share/convqa/schemas" "" \
	"$(cd "$CONVQA_TOP/schemas" && for f in *.json builtin/*.json; do cmp "$f" "$root/share/convqa/schemas/$f" 2>&1; done)"
check_eq "the manual is in share/doc/convqa" "" \
	"$(cd "$CONVQA_TOP" && for f in README.md docs/*.md; do cmp "$f" "$root/share/doc/convqa/$f" 2>&1; done)"
run "$root/bin/convqa" --version
check_eq "the installed binary runs: --version" "0|$($CONVQA --version)" "$rc|$(cat "$T/out")"
if command -v man >/dev/null; then
	# (without man-db's seccomp sandbox, which refuses an LD_PRELOAD such as
	# make check-clock's libfaketime)
	run env MAN_DISABLE_SECCOMP=1 MANPATH="$root/share/man" MANPAGER=cat MANWIDTH=80 man convqa
	check_eq "man finds the installed page" "0|yes" "$rc|$(grep -q '^NAME' "$T/out" && echo yes)"
else
	skip "man finds the installed page" "man-db is not installed"
fi
files=$(cd "$T/dest" && find . -type f | sort)

run mk uninstall DESTDIR="$T/dest" PREFIX=/opt/cq
check_eq "make uninstall exits 0" "0" "$rc"
check_eq "it removes every file install wrote" "" "$(cd "$T/dest" && find . -type f)"
check_eq "and the directories of convqa's own" "" "$(cd "$T/dest" && find . -path '*convqa*')"

# DESTDIR is optional and PREFIX defaults to /usr/local: a dry run says where
run mk -n install DESTDIR=/nonexistent
check_grep "PREFIX defaults to /usr/local" "/nonexistent/usr/local/bin" "$T/out"
check_eq "install wrote some files" "yes" "$([ "$(printf '%s\n' "$files" | wc -l)" -ge 8 ] && echo yes)"
done_testing
