#!/bin/sh
# An import fills the passages' full-text index in one statement per
# transaction with a larger hash of pending terms (store_fts_fill(),
# STORE_IMPORT_FTS_HASH_KIB): every passage of the import is searchable
# afterwards, the index is sound (FTS5's integrity-check), and the
# project keeps FTS5's default settings (no 'hashsize' row is left behind)
# for the writes that come after, which index each passage as it is added.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB=p.db
$CONVQA init >/dev/null
/usr/bin/python3 - <<'PY'
import json
convs = [{"id": "c%d" % c, "turns": [{"question": "question %d of %d?" % (t, c), "responses": [
    {"system": "s", "answer": "answer %d" % t, "passages": [
        {"id": "p-%d-%d-%d" % (c, t, r), "rank": r + 1, "score": 10.0 - r,
         "text": "passage w%dx%dx%d about %s" % (c, t, r, "zyxquorp keepers " * 20)} for r in range(10)]}]}
    for t in range(5)]} for c in range(100)]
json.dump({"format": "convqa-tasks", "version": 1, "conversations": convs}, open("t.json", "w"))
PY
run $CONVQA import t.json
check_eq "the import adds 5,000 passages" "0|t.json: added 100 conversations, 500 turns, 500 responses, 5000 passages, 1 system" \
	"$rc|$(cat "$T/out")"
check_eq "the project keeps FTS5's default settings" "version" "$(sqlite3 p.db "SELECT k FROM passage_fts_config ORDER BY k")"
check_eq "the index is sound" "ok" \
	"$(sqlite3 p.db "INSERT INTO passage_fts(passage_fts, rank) VALUES ('integrity-check', 1)" && echo ok)"
run $CONVQA search w0x0x0
check_grep "the first passage is found" "p-0-0-0" "$T/out"
run $CONVQA search w99x4x9
check_grep "the last passage is found" "p-99-4-9" "$T/out"
check_eq "every passage is in the index" "5000" \
	"$(sqlite3 p.db "SELECT count(*) FROM passage_fts WHERE passage_fts MATCH 'zyxquorp'")"
$CONVQA import "$CONVQA_TOP/sample_tasks/demo.json" >/dev/null || not_ok "a second import"
check_eq "a second import leaves the settings too" "version" \
	"$(sqlite3 p.db "SELECT k FROM passage_fts_config ORDER BY k")"
check_eq "its passages are found beside the first ones" "5000 1" \
	"$(sqlite3 p.db "SELECT count(*) FROM passage_fts WHERE passage_fts MATCH 'zyxquorp'") $(
		[ "$(sqlite3 p.db "SELECT count(*) FROM passage_fts WHERE passage_fts MATCH 'rosetta'")" -gt 0 ] && echo 1)"
done_testing
