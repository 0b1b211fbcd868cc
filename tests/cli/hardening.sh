#!/bin/sh
# What the first outside measurements found (issue 7): rater names that
# cannot be typed or selected again (6), output that cannot be written (7),
# one limit on ranks (8), label saying what there is (13).
. "$CONVQA_TOP/tests/lib.sh"

$CONVQA init --db p.db >/dev/null
$CONVQA import --db p.db -q "$CONVQA_TOP/tests/ui/fixtures/small.json"
L="$CONVQA label --db p.db -c c1 -n 1 -s sys-a"

# 6: rater names
check_run "a rater name with a C1 control is refused" 2 \
	"convqa label: the rater name holds a control character, U+0085, at character 2" $L -r "$(printf 'r\302\205x')" answer_correct 1
check_run "a rater name with a bidi control is refused" 2 \
	"convqa label: the rater name holds a character that is not visible, U+202E, at character 1 (a name takes letters, digits, punctuation, symbols and single spaces between words)" \
	$L -r "$(printf '\342\200\256ann')" answer_correct 1
check_run "a rater name with an isolate (U+2066) is refused" 2 \
	"convqa label: the rater name holds a character that is not visible, U+2066, at character 4 (a name takes letters, digits, punctuation, symbols and single spaces between words)" \
	$L -r "$(printf 'ann\342\201\246')" answer_correct 1
check_run "a rater name with a comma is refused" 2 \
	"convqa label: the rater name holds a comma (commas separate names in lists such as report --raters)" \
	$L -r "smith, ann" answer_correct 1
check_run "annotate refuses the same names" 2 \
	"convqa: annotate: the rater name holds a comma (commas separate names in lists such as report --raters) (give --rater NAME)" \
	$CONVQA annotate --db p.db -r "smith, ann"
check_eq "nothing was saved and no rater was added" "0 0" "$(sqlite3 p.db 'SELECT count(*) FROM label; SELECT count(*) FROM rater' | tr '\n' ' ' | sed 's/ $//')"
check_run "an accented, spaced name is fine" 0 "" $L -r "Zoë Ann" answer_correct 1

# 7: output that cannot be written is an error, for every command
for cmd in "info" "export" "report" "agreement" "--help" "help info" "import -- $CONVQA_TOP/tests/ui/fixtures/small.json"; do
	run sh -c "exec $CONVQA --db p.db $cmd >/dev/full"
	check_eq "$cmd >/dev/full: exit 4 and says why" "4 yes" \
		"$rc $(grep -q 'No space left on device' err && echo yes)"
done

# 7: a full disk says so, and that nothing saved was lost (needs a small
# file system of its own: root and permission to mount tmpfs)
mkdir small
if mount -t tmpfs -o size=2m tmpfs small 2>/dev/null; then
	trap 'umount "$T/small" 2>/dev/null; rm -rf "$T"' EXIT
	$CONVQA init --db small/p.db >/dev/null
	$CONVQA import --db small/p.db -q "$CONVQA_TOP/tests/ui/fixtures/small.json"
	$CONVQA label --db small/p.db -r ann -c c1 -n 1 -s sys-a answer_correct 1
	dd if=/dev/zero of=small/fill bs=4096 2>/dev/null
	run $CONVQA label --db small/p.db -r ann -c c1 -n 1 -s sys-b answer_correct 0
	check_eq "a label on a full disk: exit 3" 3 "$rc"
	check_grep "the message says the disk is full and nothing saved was lost" \
		"the disk is full (.*); nothing saved before was lost: free some space and try again" err
	run $CONVQA report --db small/p.db
	check_grep "a report on a full disk says the same" "the disk is full" err
	rm -f small/fill
	run $CONVQA export --db small/p.db
	check_eq "once there is room again the saved label is there" "0 1" \
		"$rc $(grep -c '"rater": "ann"' out)"
	umount small
else
	skip "a full disk says so" "cannot mount a tmpfs here (needs root)"
fi

# 8: one limit on ranks, the one import takes
check_run "label -k 5000000 is a rank like any other (the response has none there)" 2 \
	"convqa: that response has no passage at rank 5000000 (its ranks: 1, 2, 3)" $L -r ann -k 5000000 relevant 1
check_run "label -k above the limit names the limit" 1 \
	"convqa label: --rank expects a rank from 1 to 1000000000, got '1000000001'" $L -r ann -k 1000000001 relevant 1
cat >big.json <<'EOF'
{"format": "convqa-tasks", "version": 1, "conversations": [{"id": "big", "turns": [{"question": "q",
 "responses": [{"system": "s", "answer": "a", "passages": [{"rank": 1000000000, "text": "p"}]}]}]}]}
EOF
$CONVQA import --db p.db -q big.json
check_run "the highest rank import takes can be labelled" 0 "" \
	$CONVQA label --db p.db -r ann -c big -n 1 -s s -k 1000000000 relevant 1

# 13: label says what there is
check_run "an unknown system lists the systems that answered the turn" 2 \
	"convqa: no response of system 'sys-z' to turn 1 of conversation 'c1' (systems that answered it: sys-a, sys-b)" \
	$CONVQA label --db p.db -r ann -c c1 -n 1 -s sys-z answer_correct 1
check_run "an unknown turn lists the answered turns" 2 \
	"convqa: conversation 'c1' has no answered turn 9 (turns with answers: 1, 2)" \
	$CONVQA label --db p.db -r ann -c c1 -n 9 -s sys-a answer_correct 1
check_run "an unknown conversation lists the conversations" 2 \
	"convqa: no conversation 'c9' in the project (its conversations: big, c1, c2)" \
	$CONVQA label --db p.db -r ann -c c9 -n 1 -s sys-a answer_correct 1
i=0
while [ $i -lt 12 ]; do
	printf '{"format": "convqa-tasks", "version": 1, "conversations": [{"id": "m%02d", "turns": [{"question": "q"}]}]}' $i >m$i.json
	i=$((i + 1))
done
$CONVQA import --db p.db -q m*.json
check_run "a long list is cut after ten names" 2 \
	"convqa: no conversation 'c9' in the project (its conversations: big, c1, c2, m00, m01, m02, m03, m04, m05, m06 and 5 more)" \
	$CONVQA label --db p.db -r ann -c c9 -n 1 -s sys-a answer_correct 1
$CONVQA init --db empty.db >/dev/null
check_run "an empty project says to import first" 2 \
	"convqa: no conversation 'c1' in the project (it has none: import a task file first)" \
	$CONVQA label --db empty.db -r ann -c c1 -n 1 -s sys-a answer_correct 1

# label's messages say what to do
check_run "a field of another task than the one given names the task to give" 2 \
	"convqa label: task 'turn' has no field 'plausibility' (its fields: intent, answer_correct, relevant, extra_gold, note; it is a field of task plausibility: give --task plausibility)" \
	$L -r ann --task turn plausibility plausible
check_run "a value and --clear together" 1 "convqa label: give either a VALUE or --clear, not both" \
	$L -r ann --clear answer_correct 1
check_run "a project in a directory that does not exist says so" 3 \
	"convqa: cannot create project 'no/such/dir/p.db': its directory does not exist (create it first, or give another --db)" \
	$CONVQA init --db no/such/dir/p.db
check_run "standard input given twice is a usage error" 1 \
	"convqa import: '-' (standard input) is given 2 times: it can be read once" \
	$CONVQA import --db p.db - - </dev/null
done_testing
