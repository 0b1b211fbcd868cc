#!/bin/sh
# Text tables with names in CJK and emoji (2 columns each): every column
# starts at the same display column on every row, names wider than the name
# column are cut in the middle (so "system / em" and "system / f1" stay
# apart), wrapped table titles stay indented, and no line passes 80 columns.
# The lines are compared exactly; an independent width (Python's
# unicodedata.east_asian_width: W and F take 2 columns) checks them too.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2026-01-02T03:04:05.000Z
L='多语言多语言多语言多语言多-llm-🤖🤖x'   # 41 columns: wider than the name column (26)
R2='审核人审核人审核人审核人审核人-🦉🦉'

cat >tasks.json <<JSON
{"format": "convqa-tasks", "version": 1,
 "systems": [{"id": "bm25"}, {"id": "多语言-llm-🤖"}, {"id": "$L"}],
 "conversations": [{"id": "c1", "turns": [
   {"question": "Capital of France?", "gold": {"answers": ["Paris"]},
    "responses": [{"system": "bm25", "answer": "Lyon", "passages": []},
                  {"system": "多语言-llm-🤖", "answer": "Paris", "passages": []},
                  {"system": "$L", "answer": "Paris, France", "passages": []}]},
   {"question": "Capital of Japan?", "gold": {"answers": ["Tokyo"]},
    "responses": [{"system": "bm25", "answer": "Tokyo", "passages": []},
                  {"system": "多语言-llm-🤖", "answer": "Kyoto", "passages": []},
                  {"system": "$L", "answer": "Tokyo", "passages": []}]}]}]}
JSON
$CONVQA init --db p.db >/dev/null && $CONVQA import --db p.db -q tasks.json
check_eq "the task imports" 0 $?
lab() { $CONVQA label --db p.db -c c1 -n "$1" -s "$2" -r "$3" answer_correct "$4" --seconds "$5"; }
lab 1 bm25 '评审员-🦊' 0 10 && lab 1 '多语言-llm-🤖' '评审员-🦊' 1 20 && lab 1 "$L" '评审员-🦊' 1 30 &&
lab 2 bm25 '评审员-🦊' 1 10 && lab 2 '多语言-llm-🤖' '评审员-🦊' 0 20 && lab 2 "$L" '评审员-🦊' 1 30 &&
lab 1 bm25 "$R2" 0 5 && lab 1 '多语言-llm-🤖' "$R2" 1 5 && lab 2 bm25 "$R2" 1 5 && lab 2 '多语言-llm-🤖' "$R2" 1 5
check_eq "the labels are saved" 0 $?

$CONVQA report --db p.db --by system,rater >r.txt && $CONVQA agreement --db p.db >a.txt
check_eq "report and agreement exit 0" 0 $?
# display width in Python: W and F take 2 columns, marks and format characters 0
WIDTH_PY='import re, sys, unicodedata
def w(s):
    return sum(0 if unicodedata.category(c) in ("Mn", "Me", "Cf") else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
'
block() {   # block FILE HEADING: the lines after "  HEADING" up to the next empty line
	awk -v h="  $2" 'f && /^$/ { exit } f { print } $0 == h { f = 1 }' "$1"
}
aligned() {   # aligned FILE HEADING: the display columns where the 2nd field of a row ends
	block "$1" "$2" | /usr/bin/python3 -c "$WIDTH_PY"'
ends = set()
for line in sys.stdin:
    runs = list(re.finditer(r"\S+(?: \S+)*", line.rstrip("\n")))
    if len(runs) > 1:   # (not the notes of undefined values)
        ends.add(w(line[:runs[1].end()]))
print(" ".join(map(str, sorted(ends))))'
}

check_eq "answers by system: the wide names pad to the same columns" \
"  system                      judgements  correct  accuracy  95% CI
  bm25                                 4        2     0.500  0.150–0.850
  多语言-llm-🤖                        4        3     0.750  0.301–0.954
  多语言多语言…多-llm-🤖🤖x            2        2     1.000  0.342–1.000" "$(block r.txt 'By system')"
check_eq "... and their n column ends in one display column" 40 "$(aligned r.txt 'By system')"
check_eq "answers by rater" \
"  rater                       judgements  correct  accuracy  95% CI
  审核人审核人…人审核人-🦉🦉           4        3     0.750  0.301–0.954
  评审员-🦊                            6        4     0.667  0.300–0.903" "$(block r.txt 'By rater')"
check_eq "... aligned" 40 "$(aligned r.txt 'By rater')"
check_eq "automatic metrics per system" \
"  system                      items     EM     F1  SCAI EM  BLEU-1  ROUGE-1 R
  bm25                            2  0.500  0.500    0.500   0.500      0.500
  多语言-llm-🤖                   2  0.500  0.500    0.500   0.500      0.500
  多语言多语言…多-llm-🤖🤖x       2  0.500  0.833    0.500   0.750      1.000
  all                             6  0.500  0.611    0.500   0.583      0.667" "$(block r.txt 'Mean per system')"
check_eq "... aligned" 35 "$(aligned r.txt 'Mean per system')"
check_eq "a name cut in the middle keeps the metric that tells the rows apart" \
"  多语言多语言…lm-🤖🤖x / em      2  undefined     undefined      undefined
  多语言多语言…lm-🤖🤖x / f1      2  undefined     undefined      undefined
  多语言多语言…🤖x / scai_em      2  undefined     undefined      undefined
  多语言多语言…🤖🤖x / bleu1      2  undefined     undefined      undefined
  多语言多语言…x / rouge1_r       2  undefined     undefined      undefined
  多语言多语言…🤖x / rouge_l      2  undefined     undefined      undefined" \
	"$(block r.txt 'Correlation with answer_correct' | grep '^  多语言多语言…')"
check_eq "... aligned" 35 "$(aligned r.txt 'Correlation with answer_correct')"
check_eq "time per rater" \
"  rater / task                items  median s  q1 s  q3 s  hours  untimed
  审核人审核人…-🦉🦉 / turn       4       5.0   5.0   5.0   0.01        0
  评审员-🦊 / turn                6      20.0  12.5  27.5   0.03        0
  all raters / turn              10      10.0   5.0  20.0   0.04        0" "$(block r.txt 'Seconds per item')"
check_eq "... aligned" 35 "$(aligned r.txt 'Seconds per item')"

check_eq "agreement: the rater pair" \
"  raters                      units    p_o    p_e  kappa  95% CI
  审核人审核人… / 评审员-🦊       4  0.750  0.500  0.500  -0.349 to 1.000" \
	"$(block a.txt 'answer_correct: rater pairs (unit: item)')"
check_eq "... aligned" 35 "$(aligned a.txt 'answer_correct: rater pairs (unit: item)')"
check_eq "agreement: a wrapped title stays indented; the matrix lines up" \
"  answer_correct: confusion matrix, rows 审核人审核人审核人审核人审核人-🦉🦉,
  columns 评审员-🦊
  审核人审核人… \\ 评审员-🦊   0  1
  0                           1  0
  1                           1  2" "$(sed -n '/confusion matrix/,/^$/p' a.txt | sed '$d')"

wide=$(/usr/bin/python3 -c "$WIDTH_PY"'
print(sum(1 for f in sys.argv[1:] for l in open(f, encoding="utf-8") if w(l.rstrip("\n")) > 80))' r.txt a.txt)
check_eq "no line of either is wider than 80 columns" 0 "$wide"
done_testing
