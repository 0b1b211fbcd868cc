#!/bin/sh
# An import's memory does not grow with its file (issue 21): a task file is
# read as a stream, one element of "systems", "collection" and
# "conversations" at a time, so a 300 MB file and a file of many small
# values import with a peak RSS far under what the old importer (the whole
# file in memory, then its cJSON tree) took, and the project gets all of it.
#
# How the limit is checked: a binary that starts under an address-space
# limit (`prlimit --as`, as `ulimit -v`; the release build:
# CONVQA=$PWD/convqa CONVQA_TOP=$PWD sh tests/cli/import_memory.sh) imports
# under a limit of LIMIT_MB MiB of address space, and its peak resident set
# is held under LIMIT_MB too. The ASan build of `make check` reserves
# terabytes of virtual memory (its shadow), so such a limit refuses it at
# start whatever the import takes: for it the test holds the peak resident
# set (getrusage of the child, as /usr/bin/time -v gives) under LIMIT_MB,
# with ASan's quarantine of freed memory (256 MB by default) set small.
#
# The bound (docs/formats.md, "Memory"): an import's peak RSS does not grow
# with its file: SQLite's page cache of the import (32 MiB), two temporary
# tables of ids with 4 MiB of cache each, the largest element of the file
# and its tree, and the program. Measured (a 2-core machine shared with
# other builds), peak RSS of `convqa import` into a new project:
#   file                     whole file (main at c8c5595)     this one
#   big.json (300 MB)        release 582 MiB, ASan 714 MiB    release 39 MiB, ASan 73 MiB
#   many.json (10.8 MB)      release 360 MiB, ASan 567 MiB    release 19 MiB, ASan 45 MiB
#   1M passages (54 MB)      release 272 MiB (at 794ae7d:     release 51 MiB (2M: 51 MiB)
#                            ids kept in memory)
# LIMIT_MB is under what the whole-file importer needs even in its release build
# (which `prlimit --as=96M` stops: "out of memory"), and above what this one
# takes under ASan. The file of a million passages is left to bench/import
# (ASan takes a minute over it).
. "$CONVQA_TOP/tests/lib.sh"
LIMIT_MB=96
# a limit on the address space, where the binary starts under one
if prlimit --as=$((LIMIT_MB << 20)) $CONVQA help >/dev/null 2>&1; then
	export LIMIT_AS=$((LIMIT_MB << 20))
	ok "(the import runs under prlimit --as=${LIMIT_MB}M)"
else
	export LIMIT_AS=
	ok "(the import's peak RSS is measured: this binary does not start under prlimit --as, ASan?)"
fi
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null

# big.json: 300 MB, 3,000 conversations whose one response has an answer
# of 100 KB. many.json: 40,000 conversations, each with 100 numbers of
# metadata (4 million JSON values in 10.8 MB: the old importer's worst case).
python3 - <<'PY'
head = '{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s"}], "collection": [],\n "conversations": [\n'
with open("big.json", "w") as f:
    f.write(head)
    text = ("lorem ipsum dolor sit amet " * 3800)[:100000]
    for i in range(3000):
        f.write('%s{"id": "c%d", "turns": [{"question": "q", "responses": [{"system": "s", "answer": "%s", '
                '"passages": [{"rank": 1, "text": "t"}]}]}]}\n' % ("," if i else "", i, text))
    f.write("]}\n")
with open("many.json", "w") as f:
    f.write(head)
    values = ",".join(["1"] * 100)
    for i in range(40000):
        f.write('%s{"id": "m%d", "metadata": {"v": [%s]}, "turns": [{"question": "q"}]}\n'
                % ("," if i else "", i, values))
    f.write("]}\n")
PY

# peak FILE: import FILE, then "STATUS PEAK_MIB" (the child's maximum RSS)
peak() {
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=8" python3 - "$CONVQA" "$1" <<'PY'
import resource, subprocess, sys
import os
limit = ["prlimit", "--as=" + os.environ["LIMIT_AS"]] if os.environ["LIMIT_AS"] else []
rc = subprocess.call(limit + [sys.argv[1], "import", "-q", sys.argv[2]])
print(rc, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
PY
}

check_eq "   (big.json is 300 MB)" 1 "$(($(stat -c %s big.json) > 300000000))"
set -- $(peak big.json)
check_eq "a 300 MB task file imports" 0 "$1"
check_eq "   with a peak RSS under $LIMIT_MB MiB (it was $2 MiB)" 1 "$(($2 < LIMIT_MB))"
check_eq "   and the project has all of it" "3000|3000|1" "$(sqlite3 p.db "SELECT (SELECT count(*) FROM conversation),
	(SELECT count(*) FROM response), (SELECT count(*) FROM passage)")"
check_eq "   and records the file's SHA-256, hashed as it was read" "$(sha256sum big.json | cut -c1-64)" \
	"$(sqlite3 p.db "SELECT sha256 FROM import WHERE id = 1")"
rm big.json

set -- $(peak many.json)
check_eq "a file of many small values imports" 0 "$1"
check_eq "   with a peak RSS under $LIMIT_MB MiB (it was $2 MiB)" 1 "$(($2 < LIMIT_MB))"
check_eq "   and the project has all of it" "43000|4000000" "$(sqlite3 p.db "SELECT count(*),
	sum(json_array_length(metadata, '\$.v')) FROM conversation")"
# Conversations given before the "systems" and "collection" they name are
# read once those are (they wait in a temporary file): the same project as
# the members in the usual order.
printf '%s\n' '{"format": "convqa-tasks", "version": 1, "conversations": [{"id": "o1", "turns": [{"question": "q",
	"responses": [{"system": "t", "answer": "a", "passages": [{"rank": 1, "id": "op1"}, {"rank": 2, "id": "op2",
	"text": "two"}]}]}]}], "systems": [{"id": "t", "description": "the t"}], "collection": [{"id": "op1",
	"text": "one"}, {"id": "op2"}]}' >late.json
run $CONVQA import late.json
check_eq "conversations before the systems and passages they name import as in the usual order" \
	"0|late.json: added 1 conversation, 1 turn, 1 response, 2 passages, 1 system|the t|one two" \
	"$rc|$(cat "$T/out" "$T/err")|$(sqlite3 p.db "SELECT description FROM system WHERE name = 't'")|$(sqlite3 p.db \
	"SELECT group_concat(text, ' ') FROM (SELECT text FROM passage WHERE ext_id LIKE 'op%' ORDER BY ext_id)")"

# JSONL is read a line at a time, each line at most 64 MiB
python3 -c 'import sys; sys.stdout.write("{\"id\": \"j\", \"turns\": [{\"question\": \"q\"}]}\n" + "{\"id\": \"" + "x" * (64 << 20) + "\"}\n")' >long.jsonl
cp p.db before.db
run $CONVQA import long.jsonl
check_eq "a JSONL line longer than 64 MiB is refused, with its number" \
	"2|long.jsonl:2: a line longer than 64 MiB: convqa reads a JSONL file a line at a time, each line at most that long (give such a conversation in a task file)" \
	"$rc|$(cat "$T/err")"
if cmp -s p.db before.db; then ok "   the project unchanged"; else not_ok "   the project unchanged"; fi
rm long.jsonl
done_testing
