#!/bin/sh
# The commands that only read (report, agreement, export, info, check, and
# list and show of scheme, round, rater and guidelines) open the project
# read-only: they read a project whose file or directory they may not write
# (a copy on a read-only share, a colleague's project) and leave its file as
# it was; an older project that would need upgrading there says what to do.
# As root the permissions do not hold: the reads run as nobody (setpriv).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2024-05-01T10:00:00Z
as_user=""
if [ "$(id -u)" = 0 ]; then
	if command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
		chmod 755 "$T"
		as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
		# the checkout may sit where nobody cannot reach (e.g. under /root)
		$as_user "$CONVQA" --version >/dev/null 2>&1 || as_user=none
	else
		as_user=none
	fi
fi
if [ "$as_user" = none ]; then
	skip "read-only projects are read" "running as root without setpriv or nobody"
	done_testing
	exit
fi

mkdir ref
(cd ref && $CONVQA init --db p.db >/dev/null && $CONVQA import -q --db p.db "$CONVQA_TOP/sample_tasks/demo.json" &&
	$CONVQA label --db p.db -c demo-honeybees -n 1 -s bm25-t5 answer_correct 1 -r ann >/dev/null &&
	$CONVQA label --db p.db -c demo-honeybees -n 1 -s bm25-t5 answer_correct 0 -r bob >/dev/null &&
	$CONVQA round create r1 --raters ann,bob --db p.db >/dev/null &&
	printf 'Judge the answer.\n' >g.txt && $CONVQA guidelines set g.txt --db p.db >/dev/null) ||
	not_ok "the project is made"
READS="report|agreement|export|export --history|info|check|scheme list|scheme show turn|round list|round show r1|round items r1|rater list|rater show ann|guidelines show|guidelines list"
# the output of each reading command on the writable project
(cd ref && IFS='|' && for c in $READS; do IFS=' '; $CONVQA $c --db p.db >"../want-$(echo $c | tr ' ' _)" 2>&1; done)

# state FILE: its content and modification time
state() { echo "$(sha256sum <"$1") $(stat -c %y "$1")"; }

# reads DIR WHAT: every reading command, as nobody, in DIR, gives what it gives on a writable project
reads() {
	before=$(state "$1/p.db")
	failed=""
	IFS='|'
	for c in $READS; do
		IFS=' '
		(cd "$1" && $as_user "$CONVQA" $c --db p.db >"$T/got" 2>&1)
		cmp -s "$T/got" "$T/want-$(echo $c | tr ' ' _)" || failed="$failed$c: $(head -3 "$T/got")
"
	done
	IFS=' '
	check_eq "$2: every reading command works as on a writable project" "" "$failed"
	check_eq "$2: the project file is unchanged (content and time)" "$before" "$(state "$1/p.db")"
}

mkdir a && cp ref/p.db a/ && chmod 444 a/p.db && chmod 777 a
reads a "a read-only file in a directory that can be written"
mkdir b && cp ref/p.db b/ && chmod 444 b/p.db && chmod 555 b
reads b "a read-only file in a directory that cannot be written"
mkdir c && cp ref/p.db c/ && chmod 666 c/p.db && chmod 555 c
reads c "a file that can be written in a directory that cannot"
check_eq "   and nothing was made beside it" "p.db" "$(ls -A c)"

# an older project is upgraded when it is opened; where it cannot be, a
# reading command says so instead of failing to write
mkdir old && cp "$FIXTURES/project_v2.db" old/p.db && chmod 444 old/p.db && chmod 555 old
before=$(state old/p.db)
cd old && run $as_user "$CONVQA" info --db p.db
cd "$T" || exit 1
check_eq "a read-only project of an older schema: a reading command says it must be upgraded where it can be written" \
	"3|convqa: project 'p.db' has schema version 2, older than this convqa's (12), and cannot be upgraded here: it is read-only (any convqa command upgrades it where its file and directory can be written)" \
	"$rc|$(cat "$T/err")"
check_eq "   and leaves it as it was" "$before" "$(state old/p.db)"
chmod 755 old b c
done_testing
