#!/bin/sh
# Every message reaches the terminal inert (issue 7, defect 3): file names,
# the project path, arguments and option values holding OSC 52, CSI, C1 and
# bidi characters are shown as visible text, and JSON written to a terminal
# escapes bidi controls. tests/tools/controls.py counts the bytes a terminal
# could act on; every output here must have none.
. "$CONVQA_TOP/tests/lib.sh"
CONTROLS="python3 $CONVQA_TOP/tests/tools/controls.py"

# OSC 52 (sets the clipboard), CSI, C1 CSI (U+009B) and RIGHT-TO-LEFT OVERRIDE
H=$(printf 't\033]52;c;UFdORUQ=\007\033[31m\302\233\342\200\256x')

# inert DESCRIPTION CMD... : the command's stdout and stderr hold no control
inert() {
	_d=$1; shift
	"$@" >o.txt 2>e.txt
	_c=$($CONTROLS o.txt e.txt)
	if [ "$_c" = 0 ] && [ -s e.txt -o -s o.txt ]; then ok "$_d"; else
		not_ok "$_d" "$_c control characters in:" "$(cat -v o.txt e.txt)"; fi
}

inert "init: the project path" $CONVQA init --db "$H.db"
inert "info: the project path" $CONVQA info --db "$H.db"
inert "a project that cannot be opened: the path" $CONVQA info --db "$H/none.db"
cp "$CONVQA_TOP/tests/ui/fixtures/small.json" "$H.json"
inert "import: the file name on success" $CONVQA import --db "$H.db" "$H.json"
printf '{"format": "convqa-tasks", "version": 1, "conversations": [}' >"bad$H.json"
inert "import: the file name in a syntax error" $CONVQA import --db "$H.db" "bad$H.json"
inert "import: a file that does not exist" $CONVQA import --db "$H.db" "none$H.json"
inert "-o: the wrote ... to line" $CONVQA export --db "$H.db" -o "out$H.json"
inert "-o: a path that cannot be written" $CONVQA report --db "$H.db" -o "nodir$H/x"
inert "an unknown global option" $CONVQA "--$H"
inert "an unknown command" $CONVQA "$H"
inert "help for an unknown command" $CONVQA help "$H"
inert "an unknown option of a command" $CONVQA info "--$H"
inert "an unexpected argument" $CONVQA info "$H"
inert "label: the field" $CONVQA label --db "$H.db" -r ann -c c1 -n 1 -s sys-a "$H" 1
inert "label: the value" $CONVQA label --db "$H.db" -r ann -c c1 -n 1 -s sys-a answer_correct "$H"
inert "label: --task" $CONVQA label --db "$H.db" -r ann -c c1 -n 1 -s sys-a -t "$H" answer_correct 1
inert "label: --turn" $CONVQA label --db "$H.db" -r ann -c c1 -n "$H" -s sys-a answer_correct 1
inert "label: --rank" $CONVQA label --db "$H.db" -r ann -c c1 -n 1 -s sys-a -k "$H" relevant 1
inert "label: --system" $CONVQA label --db "$H.db" -r ann -c c1 -n 1 -s "$H" answer_correct 1
inert "label: --conversation" $CONVQA label --db "$H.db" -r ann -c "$H" -n 1 -s sys-a answer_correct 1
inert "label: --rater" $CONVQA label --db "$H.db" -r "$H" -c c1 -n 1 -s sys-a answer_correct 1
inert "label: --round" $CONVQA label --db "$H.db" -r ann --round "$H" -c c1 -n 1 -s sys-a answer_correct 1
inert "report --format" $CONVQA report --db "$H.db" --format "$H"
inert "report --raters" $CONVQA report --db "$H.db" --raters "$H"
inert "report --round" $CONVQA report --db "$H.db" --round "$H"
inert "agreement --field" $CONVQA agreement --db "$H.db" --field "$H"
inert "agreement --format" $CONVQA agreement --db "$H.db" --format "$H"
inert "export --format" $CONVQA export --db "$H.db" --format "$H"
inert "export --task" $CONVQA export --db "$H.db" --task "$H"
inert "export --rater" $CONVQA export --db "$H.db" --rater "$H"
inert "annotate --rater" $CONVQA annotate --db "$H.db" --rater "$H"
inert "annotate --task" $CONVQA annotate --db "$H.db" --rater ann --task "$H"
inert "annotate --guidelines" $CONVQA annotate --db "$H.db" --rater ann --guidelines "$H"

# a note holding the hostile text, exported as JSON: the controls are \u escapes
$CONVQA label --db "$H.db" -r ann -c c1 -n 1 -s sys-a note "$H"
inert "export: JSON to standard output" $CONVQA export --db "$H.db"
check_grep "export: bidi and C1 controls written as \\u escapes" '\\u009b\\u202ex' o.txt
$CONVQA export --db "$H.db" -o labels.json 2>/dev/null
check_eq "the escaped JSON reads back as the note" "$H" \
	"$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["labels"][0]["value"])' labels.json)"
inert "report --format json: the note's rater and ids" $CONVQA report --db "$H.db" --format json
done_testing
