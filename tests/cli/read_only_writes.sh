#!/bin/sh
# A command that writes, on a project it may not write, says what is wrong
# and what to do, and leaves nothing beside it: a directory that cannot be
# written (SQLite makes the -wal and -shm files there: it said "cannot read
# project ... attempt to write a readonly database"), a read-only file in
# a directory that can be (it said "cannot save rater: attempt to write a
# readonly database" and left -wal and -shm), a new project in a directory
# that cannot be written. As root the permissions do not hold: the commands
# run as nobody (setpriv), as in cli/read_only.sh.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2024-05-01T10:00:00Z
as_user=""
if [ "$(id -u)" = 0 ]; then
	if command -v setpriv >/dev/null 2>&1 && id nobody >/dev/null 2>&1; then
		chmod 755 "$T"
		as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
		$as_user "$CONVQA" --version >/dev/null 2>&1 || as_user=none
	else
		as_user=none
	fi
fi
if [ "$as_user" = none ]; then
	skip "writing commands on read-only projects say why" "running as root without setpriv or nobody"
	done_testing
	exit
fi
state() { echo "$(sha256sum <"$1") $(stat -c %y "$1")"; }
$CONVQA init --db ref.db >/dev/null && $CONVQA import -q --db ref.db "$CONVQA_TOP/sample_tasks/demo.json"
check_eq "the project is made" 0 $?
READS="reading commands such as report and export work on it as it is"

mkdir rodir && cp ref.db rodir/ro.db && chmod 666 rodir/ro.db && chmod 555 rodir
before=$(state rodir/ro.db)
DIR_MSG="convqa: cannot write project 'rodir/ro.db': its directory 'rodir' cannot be written, and SQLite makes the project's -wal and -shm files there (make the directory writable: chmod u+w rodir, as its owner; or copy the project to a directory you can write; $READS)"
check_run "a directory that cannot be written: rater add says so (not \"cannot read\")" 3 "$DIR_MSG" \
	$as_user "$CONVQA" rater add eve --db rodir/ro.db
check_run "... and label the same" 3 "$DIR_MSG" \
	$as_user "$CONVQA" label --db rodir/ro.db -c demo-lighthouse -n 1 -s bm25-t5 -r eve answer_correct 1
check_eq "   the project is as it was, nothing made beside it" "$before|ro.db" "$(state rodir/ro.db)|$(ls -A rodir)"

mkdir rw && cp ref.db rw/p.db && chmod 444 rw/p.db && chmod 777 rw
before=$(state rw/p.db)
FILE_MSG="convqa: cannot write project 'rw/p.db': its file is read-only (make it writable: chmod u+w rw/p.db, as its owner; or work on a copy: cp rw/p.db COPY.db; $READS)"
check_run "a read-only file in a directory that can be written: rater add says so, with what to do" 3 "$FILE_MSG" \
	$as_user "$CONVQA" rater add eve --db rw/p.db
check_run "... and import the same" 3 "$FILE_MSG" \
	$as_user "$CONVQA" import --db rw/p.db "$CONVQA_TOP/sample_tasks/demo.json"
check_eq "   the project is as it was, no -wal or -shm left" "$before|p.db" "$(state rw/p.db)|$(ls -A rw)"
run $as_user "$CONVQA" info --db rw/p.db
check_eq "   a reading command still reads it" "0" "$rc"

check_run "a new project in a directory that cannot be written: init says so" 3 \
	"convqa: cannot create project 'rodir/new.db': its directory 'rodir' cannot be written (make it writable: chmod u+w rodir, as its owner; or give a --db in a directory you can write)" \
	$as_user "$CONVQA" init --db rodir/new.db
chmod 755 rodir
done_testing
