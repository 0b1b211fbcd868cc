#!/bin/sh
# A task file read as a stream is read, checked and parsed in a second
# thread, a bounded number of elements ahead of the writing (src/formats/
# import_ahead.h; files of CONVQA_IMPORT_THREAD_BYTES or more, 1 MiB
# unless set, and pipes): the project gets the same rows, and every
# message, status and all-or-nothing refusal is that of the import in one
# thread, whichever side finds the problem (the reader: syntax, a
# duplicate id; the writer: the project's refusal) and wherever in the
# file (before or after the other side's).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2026-01-02T03:04:05Z
ONE=999999999999 # bytes: no file here reaches it (one thread)

# t.json: 2 MB: a system, 1,500 passages of about 1 KB, 300 conversations
# naming them (the first names a passage given inline by the last, held
# back for the end), given after the collection; c.json: the conversations
# before the systems and collection (kept in a temporary file until then).
python3 - <<'PY'
import json, random
rng = random.Random(3)
words = "river city law music film team water energy island market".split()
def text(n):
    return " ".join(rng.choice(words) for _ in range(n))
coll = [{"id": "p%d" % i, "text": text(170)} for i in range(1500)]
convs = []
for c in range(300):
    ranked = [{"rank": r + 1, "id": "p%d" % ((c * 5 + r) % 1500), "score": 10 - r} for r in range(5)]
    if c == 0:
        ranked.append({"rank": 6, "id": "late"})
    if c == 299:
        ranked.append({"rank": 6, "id": "late", "text": "given last"})
    convs.append({"id": "c%d" % c, "turns": [{"question": text(8) + "?", "responses": [
        {"system": "s", "answer": text(30), "passages": ranked}]}]})
doc = {"format": "convqa-tasks", "version": 1, "systems": [{"id": "s", "description": "the s"}],
       "collection": coll, "conversations": convs}
with open("t.json", "w") as f:
    json.dump(doc, f, indent=1)
with open("c.json", "w") as f:
    f.write('{"format": "convqa-tasks", "version": 1, "conversations": %s, "systems": %s, "collection": %s}\n'
            % (json.dumps(convs), json.dumps(doc["systems"]), json.dumps(coll)))
PY
check_eq "   (t.json is over 1 MiB)" 1 "$(($(stat -c %s t.json) > 1048576))"

# rows DB: the project's rows (what a user would see of the import)
rows() {
	sqlite3 "$1" "SELECT id, ext_id, text FROM passage ORDER BY id; SELECT * FROM conversation ORDER BY id;
		SELECT * FROM turn ORDER BY id; SELECT * FROM response ORDER BY id; SELECT * FROM retrieved ORDER BY 1, 2;
		SELECT id, name, description FROM system; SELECT file, sha256 FROM import;
		SELECT count(*) FROM passage_fts WHERE passage_fts MATCH 'river'"
}
# imported BYTES FILE DB: import FILE into a new project DB with CONVQA_IMPORT_THREAD_BYTES=BYTES
imported() {
	rm -f "$3"
	$CONVQA init --db "$3" >/dev/null
	CONVQA_IMPORT_THREAD_BYTES=$1 run $CONVQA import --db "$3" "$2"
}
for f in t.json c.json; do
	imported 0 $f two.db
	two="$rc|$(cat "$T/out" "$T/err")"
	imported $ONE $f one.db
	check_eq "$f read in a second thread: the same output as in one" "$two" "$rc|$(cat "$T/out" "$T/err")"
	if [ "$(rows two.db)" = "$(rows one.db)" ]; then ok "   and the same rows"; else
		not_ok "   and the same rows" "$(rows two.db | head -3)" "$(rows one.db | head -3)"; fi
	[ $f = t.json ] && t_rows=$(rows one.db)
done
check_eq "   (all of it)" "1501|300|1" "$(sqlite3 two.db "SELECT (SELECT count(*) FROM passage),
	(SELECT count(*) FROM conversation), (SELECT count(*) FROM passage WHERE text = 'given last')")"
unset CONVQA_IMPORT_THREAD_BYTES
rm -f d.db
$CONVQA init --db d.db >/dev/null
$CONVQA import -q --db d.db t.json
if [ "$(rows d.db)" = "$t_rows" ]; then ok "a file over 1 MiB (the default): the same rows"; else
	not_ok "a file over 1 MiB (the default): the same rows"; fi
rm -f d.db
$CONVQA init --db d.db >/dev/null
run sh -c "cat t.json | $CONVQA import --db d.db -"
check_eq "from a pipe (size unknown: read ahead): the same rows" "0|1501|1" \
	"$rc|$(sqlite3 d.db "SELECT count(*) FROM passage")|$(sqlite3 d.db "SELECT count(*) FROM passage WHERE text = 'given last'")"

# same DESCRIPTION FILE: FILE is refused into a copy of base.db the same
# way in one thread and in two (status, message), both projects' rows
# unchanged (its file is not: the short transactions were written, then
# taken back)
same() {
	base=$(rows base.db)
	cp base.db two.db
	CONVQA_IMPORT_THREAD_BYTES=0 run $CONVQA import --db two.db "$2"
	two="$rc|$(cat "$T/err")"
	cp base.db one.db
	CONVQA_IMPORT_THREAD_BYTES=$ONE run $CONVQA import --db one.db "$2"
	if [ "$two" = "$rc|$(cat "$T/err")" ] && [ "$rc" != 0 ] && [ "$(rows two.db)" = "$base" ] &&
		[ "$(rows one.db)" = "$base" ]; then
		ok "$1"
	else
		not_ok "$1" "two threads:" "$two" "one:" "$rc|$(cat "$T/err")" \
			"unchanged: $([ "$(rows two.db)" = "$base" ] && echo yes || echo NO) $([ "$(rows one.db)" = "$base" ] && echo yes || echo NO)"
	fi
}
rm -f base.db
$CONVQA init --db base.db >/dev/null
head -c $(($(stat -c %s t.json) - 300)) t.json >cut.json
same "a file cut short near its end: the same syntax error, nothing written" cut.json
sed 's/"id": "p1499"/"id": "p7"/' t.json >dup.json
same "a duplicate passage id at the end of the collection: the same message" dup.json
sed 's/"id": "c298"/"id": "c297"/' t.json >dupc.json
same "a duplicate conversation id near the end: the same message" dupc.json
printf '%s\n' '{"format": "convqa-tasks", "version": 1, "conversations": [{"id": "c3", "turns": [{"question": "other?"}]}]}' >c3.json
$CONVQA import -q --db base.db c3.json
same "the project refuses a conversation (the writer's problem): the same message" t.json
same "   and the reader's problem after it comes first, as in one thread" dup.json
printf '{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s"}], "collection": [{"id": "big", "text": "%s"}], "conversations": [{"id": "c3", "turns": [{"question": "q", "bad": 1}]}]}\n' \
	"$(head -c 1200000 /dev/zero | tr '\0' x)" >late.json
same "a problem in the last element after a large one: the same message" late.json
done_testing
