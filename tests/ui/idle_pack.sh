#!/bin/sh
# A session packs the label rows not packed yet (store_label_pack.c) while
# the rater is idle, after the write-ahead log is copied: 4,096 rows of
# another rater's, written around convqa, are packed in the idle moment
# after alice's first key, while her session is open; her own label, the
# 4,097th row, waits for more.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
sqlite3 p.db "INSERT INTO rater(name, role) VALUES ('bulk', 'rater');
	WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 4096)
	INSERT INTO label(response_id, rater_id, round_id, task, field, passage_rank, value, seconds, created_at,
		unit, turn_id, unit_ref)
	SELECT r.id, (SELECT id FROM rater WHERE name = 'bulk'), NULL, 'turn', 'note', 0, 'note ' || i, 0,
		'2026-01-01T00:00:00.000Z', 'response', r.turn_id, r.id
	FROM n, (SELECT id, turn_id FROM response ORDER BY id LIMIT 1) r"

send() { printf '%s\n' "$@" >"$T/keys"; }
wait_screen() {
	_i=0
	while [ ! -s "$T/screens/$1" ] && [ $_i -lt 300 ]; do sleep 0.05; _i=$((_i + 1)); done
	[ -s "$T/screens/$1" ]
}
packs() { sqlite3 p.db "SELECT count(*) || ' ' || coalesce(sum(n), 0) FROM label_pack"; }

mkfifo "$T/keys"
CONVQA_SCRIPT="$T/keys" "$CONVQA" annotate --db p.db --rater alice >"$T/a.out" 2>"$T/a.err" &
pid=$!
sleep 120 >"$T/keys" &
holder=$!
send esc ":save-screen started"
wait_screen started
check_eq "a session opened packs nothing yet" "0 0" "$(packs)"
send 1 ":save-screen saved"
wait_screen saved
check_eq "a key saves; it packs nothing" "0 0" "$(packs)"
send ":wait 5" ":save-screen idle"
wait_screen idle
check_eq "after 5 s idle, the session still open: one pack of 4,096 rows" "1 4096" "$(packs)"
check_eq "   the 4,097th row, alice's label, is in the table" "4097|alice" \
	"$(sqlite3 p.db "SELECT l.id, r.name FROM label l JOIN rater r ON r.id = l.rater_id ORDER BY l.id DESC LIMIT 1")"
send q
wait $pid
check_eq "the session ends normally" 0 $?
kill $holder 2>/dev/null
wait $holder 2>/dev/null
run "$CONVQA" check --db p.db
check_eq "check: the pack is its rows' copy" 0 "$rc"
done_testing
