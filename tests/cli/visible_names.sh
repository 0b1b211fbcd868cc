#!/bin/sh
# A name is refused unless every character of it can be seen: "ann" and
# "a<U+200B>nn" look the same in every list, and so do names with other
# zero-width, invisible, filler or blank characters. Raters, rounds and the
# systems of a task file alike; the message names the character and where
# it is (issue 18, item 9).
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null
$CONVQA import -q "$CONVQA_TOP/tests/ui/fixtures/small.json"

not_visible() { echo "the $1 name holds a character that is not visible, $2, at character $3 (a name takes letters, digits, punctuation, symbols and single spaces between words)"; }

# name (printf format), the character, its position
while read -r fmt cp pos; do
	name=$(printf "$fmt")
	check_run "a rater name with $cp is refused" 2 "convqa rater: $(not_visible rater "$cp" "$pos")" \
		$CONVQA rater add "$name"
done <<'EOF'
a\342\200\213nn U+200B 2
ann\342\201\240 U+2060 4
an\302\255n U+00AD 3
\341\240\216ann U+180E 1
ann\357\277\271 U+FFF9 4
ann\360\235\205\263 U+1D173 4
\341\205\237ann U+115F 1
a\341\205\240nn U+1160 2
\343\205\244 U+3164 1
ann\357\276\240 U+FFA0 4
ann\342\240\200 U+2800 4
EOF
check_run "a name of a filler and a letter: the filler's position" 2 \
	"convqa label: $(not_visible rater U+3164 2)" \
	$CONVQA label -r "$(printf 'a\343\205\244')" -c c1 -n 1 -s sys-a answer_correct 1
check_run "a leading no-break space is refused" 2 \
	"convqa rater: the rater name holds a space other than the plain space, U+00A0, at character 1 (one plain space separates words; none begins or ends a name)" \
	$CONVQA rater add "$(printf '\302\240ann')"
check_run "a trailing ideographic space is refused" 2 \
	"convqa rater: the rater name holds a space other than the plain space, U+3000, at character 4 (one plain space separates words; none begins or ends a name)" \
	$CONVQA rater add "$(printf 'ann\343\200\200')"
check_run "two spaces in a row are refused" 2 \
	"convqa rater: the rater name holds two spaces in a row at character 5 (one plain space separates words)" \
	$CONVQA rater add "ann  lee"
check_run "a combining mark that follows no letter is refused" 2 \
	"convqa rater: the rater name holds a combining mark, U+0301, at character 1 that follows no letter" \
	$CONVQA rater add "$(printf '\314\201ann')"
check_eq "none of them was added" "0" "$(sqlite3 p.db "SELECT count(*) FROM rater")"

# what can be seen is a name: letters of any script, marks after a letter,
# digits, punctuation, symbols, single inner spaces
for name in "Zoë" "José Núñez" "$(printf 'Rene\314\201e')" "नमस्ते" "李雷" "o'brien-2" "r&d 🤖" "한국어"; do
	run $CONVQA rater add "$name"
	check_eq "'$name' is a name" "0" "$rc"
done

# rounds: the same, and a round's name is one word
check_run "a round name with U+200B is refused" 2 "convqa: $(not_visible round U+200B 3)" \
	$CONVQA round create "$(printf 'r1\342\200\213')" --raters Zoë,李雷
check_run "a round name with a no-break space is one word too" 2 \
	"convqa: the round name holds a space (a round's name is one word, such as r1 or pilot-2)" \
	$CONVQA round create "$(printf 'r\302\2401')" --raters Zoë,李雷
check_eq "no round was made" "0" "$(sqlite3 p.db "SELECT count(*) FROM round")"

# systems come in through import: the file is refused, the place named
printf '{"format": "convqa-tasks", "version": 1, "systems": [{"id": "sys\\u200b-a"}], "conversations": [{"id": "c9",
 "turns": [{"question": "q?", "responses": [{"system": "\\u3164", "answer": "x"}, {"system": " b", "answer": "y"}]}]}]}\n' >t.json
run $CONVQA import t.json
check_eq "a task file with invisible system names is refused" "2" "$rc"
check_grep "   the system id in systems, by path" \
	"t.json: \$.systems\[0\].id: $(not_visible system U+200B 4)" err
check_grep "   the system of a response, by path" \
	"t.json: \$.conversations\[0\].turns\[0\].responses\[0\].system: $(not_visible system U+3164 1)" err
check_grep "   a system name with a space before it" \
	"t.json: \$.conversations\[0\].turns\[0\].responses\[1\].system: the system name begins or ends with a space" err
check_eq "   nothing was imported" "0" "$(sqlite3 p.db "SELECT count(*) FROM conversation WHERE ext_id = 'c9'")"

# schemes take names of a-z, 0-9, _ and - only
sed 's/"name": "faithfulness"/"name": "faith\\u200bfulness"/' "$CONVQA_TOP/schemas/builtin/faithfulness.json" >s.json
run $CONVQA scheme add s.json
check_eq "a scheme name with U+200B is refused" "2" "$rc"
check_grep "   with the name's rule" "expected a name of a-z, 0-9, _ and - (not first)" err
done_testing
