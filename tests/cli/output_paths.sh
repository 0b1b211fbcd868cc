#!/bin/sh
# -o FILE is written the way shell redirection would write it, but never
# half-written: devices and FIFOs in place, links followed, regular files
# replaced atomically through an exclusively created temporary file, and a
# directory refused (issue 7, defect 1).
. "$CONVQA_TOP/tests/lib.sh"

$CONVQA init --db p.db >/dev/null
$CONVQA import --db p.db -q "$CONVQA_TOP/tests/ui/fixtures/small.json"
$CONVQA label --db p.db -r ann -c c1 -n 1 -s sys-a answer_correct 1

# only the files a test made itself, never the temporary ones
files() { ls -A | grep -v -e '^p\.db' -e '^out$' -e '^err$' | tr '\n' ' '; }

# a character device: written in place, stays a device (made here, never
# the system's /dev/null, so a regression cannot break the machine)
if mknod -m 666 nulldev c 1 3 2>/dev/null; then
	run $CONVQA report --db p.db --format json -o ./nulldev
	check_eq "report -o onto a character device succeeds" 0 "$rc"
	check_eq "the device is still a device" "character special file" "$(stat -c %F nulldev)"
	mknod -m 666 fulldev c 1 7
	run $CONVQA export --db p.db -o ./fulldev
	check_eq "a full device: exit 4" 4 "$rc"
	check_grep "a full device: the message names the path" "cannot write './fulldev': No space left on device" err
	check_eq "the full device is still a device" "character special file" "$(stat -c %F fulldev)"
	rm -f nulldev fulldev
else
	skip "report -o onto a character device" "mknod is not permitted here"
fi

# a FIFO: written in place for the reader at the other end
mkfifo fifo
timeout 20 cat fifo >from_fifo &
reader=$!
run $CONVQA export --db p.db -o fifo
wait $reader
check_eq "export -o onto a FIFO succeeds" 0 "$rc"
check_eq "the FIFO is still a FIFO" "fifo" "$(stat -c %F fifo)"
check_grep "the reader got the labels" '"field": "answer_correct"' from_fifo
rm -f fifo from_fifo

# a symbolic link: its target is written, the link stays
echo old >victim.txt
ln -s victim.txt link.json
run $CONVQA export --db p.db -o link.json
check_eq "export -o onto a link succeeds" "0 wrote 1 label to link.json" "$rc $(cat err)"
check_eq "the link is still a link to its target" "symbolic link victim.txt" \
	"$(stat -c %F link.json) $(readlink link.json)"
check_grep "the link's target holds the labels" '"format": "convqa-labels"' victim.txt
ln -s new-target.json dangling.json
run $CONVQA export --db p.db -o dangling.json
check_eq "a link to a name that does not exist yet creates that name" "0 symbolic link regular file" \
	"$rc $(stat -c %F dangling.json) $(stat -c %F new-target.json)"
rm -f victim.txt link.json dangling.json new-target.json

# a link to standard output: the output reaches standard output
ln -s /proc/self/fd/1 stdout-link
$CONVQA export --db p.db -o stdout-link 2>/dev/null >piped
check_grep "a link to /proc/self/fd/1 writes to standard output" '"format": "convqa-labels"' piped
check_eq "that link is still a link" "symbolic link" "$(stat -c %F stdout-link)"
rm -f stdout-link piped

# a link planted at the temporary name of old versions (FILE.tmp.PID) is
# never followed: the temporary file is created exclusively
echo precious >victim.txt
sh -c 'ln -s victim.txt out.json.tmp.$$; exec "$0" export --db p.db -o out.json' "$CONVQA" 2>/dev/null
check_eq "a planted link is not followed" "precious" "$(cat victim.txt)"
check_grep "the output went where it was asked" '"convqa-labels"' out.json
rm -f victim.txt out.json out.json.tmp.*

# a directory: refused, left alone
mkdir adir
check_run "-o onto a directory: exit 4" 4 "convqa: cannot write 'adir': Is a directory (-o takes a file name, such as adir/out.txt)" \
	$CONVQA agreement --db p.db -o adir
check_eq "the directory is untouched and empty" "directory " "$(stat -c %F adir) $(ls -A adir)"
rmdir adir
# a directory that does not exist: what to do, nothing made
check_run "-o into a directory that does not exist: exit 4, create it or give another path" 4 \
	"convqa: cannot write 'nodir/sub/out.csv': No such file or directory (no directory 'nodir/sub': create it first, or give -o a path in one that exists)" \
	$CONVQA export --db p.db -f csv -o nodir/sub/out.csv
check_eq "no directory was made" "no" "$([ -e nodir ] && echo yes || echo no)"

# a regular file keeps its permissions; a new one gets 0666 minus the umask
echo old >kept.json
chmod 640 kept.json
$CONVQA export --db p.db -o kept.json 2>/dev/null
(umask 027 && $CONVQA export --db p.db -o new.json 2>/dev/null)
check_eq "modes: a replaced file keeps 640, a new file gets 640 under umask 027" "640 640" \
	"$(stat -c %a kept.json) $(stat -c %a new.json)"
check_eq "no temporary file is left behind" "kept.json new.json " "$(files)"

# a failed run leaves the old file as it was
echo old >report.txt
check_run "an unknown round: exit 2" 2 "convqa: no round 'nope' in the project (it has no rounds)" \
	$CONVQA export --db p.db --round nope -o report.txt
check_eq "the old file is untouched, nothing left behind" "old|kept.json new.json report.txt " \
	"$(cat report.txt)|$(files)"

# -o never replaces the project, nor another SQLite database
cp p.db copy.db
before=$(cksum <copy.db)
check_run "-o naming the project itself is refused" 4 \
	"convqa: -o copy.db would replace the project itself: give the output another name" \
	$CONVQA export --db copy.db -o copy.db
ln -s copy.db project-link
check_run "   through a symbolic link too" 4 \
	"convqa: -o project-link would replace the project itself: give the output another name" \
	$CONVQA report --db copy.db -o project-link
check_run "-o naming another project is refused" 4 \
	"convqa: -o p.db would replace a SQLite database (a project?): give the output another name" \
	$CONVQA agreement --db copy.db -o p.db
check_eq "   the projects are as they were" "$before|0" "$(cksum <copy.db)|$($CONVQA info --db p.db >/dev/null; echo $?)"
# -o never replaces the side files SQLite keeps beside a database (its
# write-ahead log, shared-memory index, rollback journal) nor the project's
# session lock file: replacing the live WAL loses labels, replacing the lock
# lets a rater's second session start (issue 18, item 4)
side() { # DESCRIPTION PATH WHAT [COMMAND]
	check_run "$1" 4 "convqa: -o $2 would replace $3: give the output another name" \
		$CONVQA ${4:-export} --db p.db -o "$2"
}
side "-o the project's write-ahead log is refused" p.db-wal "the project's write-ahead log (p.db-wal)"
side "   its shared-memory index too" p.db-shm "the project's shared-memory index (p.db-shm)" report
side "   its rollback journal too" ./p.db-journal "the project's rollback journal (./p.db-journal)" agreement
side "   its session lock file too" p.db-annotate.lock "the project's session lock file (p.db-annotate.lock)"
side "   another database's write-ahead log too" copy.db-wal \
	"the write-ahead log of a SQLite database (copy.db-wal)"
ln -s p.db-wal wal-link
side "   through a symbolic link too" wal-link "the project's write-ahead log (p.db-wal)"
check_eq "   none of them was made" "" "$(ls -A | grep -e '-wal$' -e '-shm$' -e '-journal$' -e '\.lock$')"
echo notes >notes.txt
run $CONVQA export --db p.db -o notes.txt-wal
check_eq "a name ending in -wal beside a file that is no database is written" "0 convqa-labels" \
	"$rc $(grep -o convqa-labels notes.txt-wal)"
rm -f wal-link notes.txt notes.txt-wal
done_testing
