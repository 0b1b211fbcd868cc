#!/bin/sh
# convqa spans: the evidence spans of every response (or one system's) found
# in its passages and stored with passage, byte offsets, text, source and
# score; running again changes only what differs and says so; --system,
# --source, --window and --min-overlap; bad options, an unknown system and
# an account that is not a coordinator's are refused with the project
# unchanged. The fixture (tests/fixtures/spans.json) has two turns answered
# by two systems, UTF-8 text and two gold answers on one turn.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
$CONVQA import -q "$FIXTURES/spans.json"

# the stored spans, one a line: turn system passage start end source score text
rows() {
	sqlite3 -separator ' ' p.db "SELECT t.position, sy.name, p.ext_id, e.start, e.end, e.source,
		printf('%.3f', e.score), e.text FROM evidence_span e JOIN response r ON r.id = e.response_id
		JOIN turn t ON t.id = r.turn_id JOIN system sy ON sy.id = r.system_id
		JOIN passage p ON p.id = e.passage_id ORDER BY t.position, sy.name, e.source, p.ext_id, e.start"
}
# the rows with their ids, to see that rows left alone keep them
ids() { sqlite3 p.db "SELECT id, response_id, passage_id, start, end, source, score FROM evidence_span ORDER BY id"; }

# ---- the first run ---------------------------------------------------------------
run $CONVQA spans
check_eq "spans finds and stores the spans of every response" \
	"0|spans: 4 responses, 11 spans (11 added, 0 removed, 0 unchanged)|" "$rc|$(cat "$T/out")|$(cat "$T/err")"
check_eq "each span is whole sentences of a retrieved passage, with its source and score" \
"1 sys-a p-bananas 0 31 answer 0.200 Bananas grow in warm countries.
1 sys-a p-cordouan 60 101 answer 1.000 It was finished by Louis de Foix in 1611.
1 sys-a p-cordouan 60 101 gold 1.000 It was finished by Louis de Foix in 1611.
2 sys-a p-zurich 0 83 answer 0.857 Zürich liegt am Zürichsee. Im Sommer ist es dort warm! Die Altstadt ist sehr alt.
2 sys-a p-zurich 0 56 gold 0.500 Zürich liegt am Zürichsee. Im Sommer ist es dort warm!
2 sys-b p-bananas 0 31 answer 0.500 Bananas grow in warm countries.
2 sys-b p-cordouan 60 101 answer 0.500 It was finished by Louis de Foix in 1611.
2 sys-b p-zurich 0 28 answer 0.500 Zürich liegt am Zürichsee.
2 sys-b p-bananas 0 31 gold 1.000 Bananas grow in warm countries.
2 sys-b p-cordouan 60 101 gold 0.333 It was finished by Louis de Foix in 1611.
2 sys-b p-zurich 0 56 gold 0.500 Zürich liegt am Zürichsee. Im Sommer ist es dort warm!" "$(rows)"
check_eq "every stored text is exactly the passage's bytes at its offsets" "0" \
	"$(sqlite3 p.db "SELECT count(*) FROM evidence_span e JOIN passage p ON p.id = e.passage_id
		WHERE substr(CAST(p.text AS BLOB), e.start + 1, e.end - e.start) <> CAST(e.text AS BLOB)")"
check_eq "an answer sharing no word with its passages has no span" "0" \
	"$(sqlite3 p.db "SELECT count(*) FROM evidence_span e JOIN response r ON r.id = e.response_id
		JOIN system sy ON sy.id = r.system_id JOIN turn t ON t.id = r.turn_id
		WHERE sy.name = 'sys-b' AND t.position = 1")"
check_grep "info counts them" "^evidence spans 11$" "$(run $CONVQA info; echo "$T/out")"

# ---- again: idempotent -------------------------------------------------------------
ids >before
run $CONVQA spans
check_eq "running again changes nothing and says so" \
	"0|spans: 4 responses, 11 spans (0 added, 0 removed, 11 unchanged)" "$rc|$(cat "$T/out")"
check_eq "... the rows are the same rows" "$(cat before)" "$(ids)"

# ---- one system, one source, other parameters -----------------------------------------
sqlite3 p.db "SELECT e.id FROM evidence_span e JOIN response r ON r.id = e.response_id JOIN system sy
	ON sy.id = r.system_id WHERE NOT (sy.name = 'sys-a' AND e.source = 'answer') ORDER BY e.id" >others
run $CONVQA spans --system sys-a --source answer --min-overlap 0.5
check_eq "--system and --source: only those spans are computed again" \
	"0|spans: 2 responses, 2 spans (0 added, 1 removed, 2 unchanged)" "$rc|$(cat "$T/out")"
check_eq "... the higher threshold drops the span that shares only 'in'" \
"1 sys-a p-cordouan 60 101 answer 1.000 It was finished by Louis de Foix in 1611.
2 sys-a p-zurich 0 83 answer 0.857 Zürich liegt am Zürichsee. Im Sommer ist es dort warm! Die Altstadt ist sehr alt." \
	"$(rows | grep '^[12] sys-a [^ ]* [0-9]* [0-9]* answer ')"
check_eq "... and the other systems' and sources' rows are left alone" "$(cat others)" \
	"$(sqlite3 p.db "SELECT e.id FROM evidence_span e JOIN response r ON r.id = e.response_id JOIN system sy
		ON sy.id = r.system_id WHERE NOT (sy.name = 'sys-a' AND e.source = 'answer') ORDER BY e.id")"
run $CONVQA spans -s sys-b --source gold --min-overlap 1 --window 2
check_eq "-s, --source gold, a window that must hold a whole gold answer" \
	"0|spans: 2 responses, 1 span (0 added, 2 removed, 1 unchanged)" "$rc|$(cat "$T/out")"
run $CONVQA spans
check_eq "the defaults again add back what the others dropped" \
	"0|spans: 4 responses, 11 spans (3 added, 0 removed, 8 unchanged)" "$rc|$(cat "$T/out")"
sqlite3 p.db "UPDATE evidence_span SET score = 0.125 WHERE id = (SELECT max(id) FROM evidence_span)"
run $CONVQA spans
check_eq "a stored span found with another score keeps its row and gets the score" \
	"0|spans: 4 responses, 11 spans (0 added, 0 removed, 1 rescored, 10 unchanged)|0" \
	"$rc|$(cat "$T/out")|$(sqlite3 p.db "SELECT count(*) FROM evidence_span WHERE score = 0.125")"

# ---- rows that are no longer found are removed -----------------------------------------
sqlite3 p.db "INSERT INTO evidence_span(response_id, passage_id, start, end, text, score, source)
	SELECT response_id, passage_id, 0, 3, 'Zür', 0.9, 'gold' FROM evidence_span LIMIT 1"
run $CONVQA spans
check_eq "a stored span no longer found is removed" \
	"0|spans: 4 responses, 11 spans (0 added, 1 removed, 11 unchanged)" "$rc|$(cat "$T/out")"

# ---- refused: bad options, an unknown system, not a coordinator -------------------------
ids >before
check_run "--window 0 is a usage error" 1 "convqa spans: --window expects a whole number from 1 to 100000, got '0'" \
	$CONVQA spans --window 0
check_run "--window must be a number" 1 "convqa spans: --window expects a whole number from 1 to 100000, got 'wide'" \
	$CONVQA spans --window wide
check_run "--min-overlap above 1 is a usage error" 1 \
	"convqa spans: --min-overlap expects a number from 0 to 1, got '1.5'" $CONVQA spans --min-overlap 1.5
check_run "an unknown source is a usage error" 1 \
	"convqa spans: --source: unknown source 'bronze' (expected: answer, gold)" $CONVQA spans --source answer,bronze
check_run "an empty source list is a usage error" 1 "convqa spans: --source: no source given (expected: answer, gold)" \
	$CONVQA spans --source ''
run $CONVQA spans extra
check_eq "spans takes no arguments" "1|convqa spans: unexpected argument 'extra'" "$rc|$(head -1 "$T/err")"
check_run "an unknown system is refused with the systems there are" 2 \
	"convqa: no system 'sys-c' in the project (its systems: sys-a, sys-b)" $CONVQA spans --system sys-c
check_run "a project that is not there is a project error" 3 \
	"convqa: no project at 'none.db' (create one with: convqa init --db none.db)" $CONVQA spans --db none.db
$CONVQA rater add boss --role coordinator --os-user nobody >/dev/null
sqlite3 p.db "DELETE FROM evidence_span WHERE id = (SELECT min(id) FROM evidence_span)"
ids >before
check_run "with a coordinator bound to another account, computing spans is refused" 2 \
	"convqa: only a coordinator may compute evidence spans (coordinators: boss (account nobody)); you are '$(id -un)'" \
	$CONVQA spans
check_eq "... and the project is unchanged" "$(cat before)" "$(ids)"
done_testing
