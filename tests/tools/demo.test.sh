#!/bin/sh
# make demo (tests/tools/demo.sh) without a terminal: the project holds the
# sample tasks only - realistic conversations, no test fixture, no escape
# sequence - and one line says what it holds, then how to open the UI. Run
# again it changes nothing. (With a terminal: tests/ui/tmux_demo.sh.)
. "$CONVQA_TOP/tests/lib.sh"
demo() {
	DEMO_CONVQA="$CONVQA" DEMO_DB="$T/demo.db" USER=alice sh "$CONVQA_TOP/tests/tools/demo.sh" </dev/null
}
expected="$T/demo.db: 5 conversations, 52 items to label (26 turns, 2 systems)
not a terminal: open the annotation UI with: $CONVQA annotate --db $T/demo.db --rater alice"

run demo
check_eq "demo.sh exits 0 with nothing on stderr" "0|" "$rc|$(cat "$T/err")"
check_eq "it says in one line what the project holds, then how to open the UI" "$expected" "$(cat "$T/out")"
check_eq "the project holds the demo conversations only" \
	"demo-honeybees demo-lighthouse demo-rosetta demo-sourdough demo-tardigrades" \
	"$(sqlite3 "$T/demo.db" "SELECT ext_id FROM conversation ORDER BY ext_id" | tr '\n' ' ' | sed 's/ $//')"
check_eq "no text in it holds a control character" "0" "$(sqlite3 "$T/demo.db" "SELECT
	(SELECT count(*) FROM conversation WHERE ext_id GLOB '*[' || char(1, 7, 8, 27, 127, 155) || ']*') +
	(SELECT count(*) FROM turn WHERE question GLOB '*[' || char(1, 7, 8, 27, 127, 155) || ']*') +
	(SELECT count(*) FROM passage WHERE (text || ext_id) GLOB '*[' || char(1, 7, 8, 27, 127, 155) || ']*') +
	(SELECT count(*) FROM response WHERE answer GLOB '*[' || char(1, 7, 8, 27, 127, 155) || ']*')")"
check_eq "two systems answer every turn, with ranked passages" "2|52|260" \
	"$(sqlite3 "$T/demo.db" "SELECT count(*) FROM system; SELECT count(*) FROM response; SELECT count(*) FROM retrieved" | tr '\n' '|' | sed 's/|$//')"
check_eq "the sample label scheme is in it" "likert-4pt" "$(sqlite3 "$T/demo.db" "SELECT name FROM scheme")"
check_eq "the answers' evidence spans are in it (E, --task faithfulness)" "yes" \
	"$([ "$(sqlite3 "$T/demo.db" "SELECT count(DISTINCT response_id) FROM evidence_span")" -gt 40 ] && echo yes)"
check_eq "most turns depend on the history and have a rewrite" "21 of 26" \
	"$(sqlite3 "$T/demo.db" "SELECT count(rewrite) || ' of ' || count(*) FROM turn")"

run demo
check_eq "run again it says the same and changes nothing" "0|$expected|52" \
	"$rc|$(cat "$T/out")|$(sqlite3 "$T/demo.db" "SELECT count(*) FROM response")"
if grep -l "$(printf '\033')\|\\\\u001[bB]\|\\\\u009[bB]" "$CONVQA_TOP"/sample_tasks/*.json >"$T/hostile"; then
	not_ok "no file in sample_tasks/ holds escape sequences" "$(cat "$T/hostile")"; else
	ok "no file in sample_tasks/ holds escape sequences"; fi
done_testing
