#!/bin/sh
# Automatic answer metrics of answers and gold answers that normalise to
# nothing, as the report shows them: EM and F1 as the SQuAD 2.0 script
# (1 when both sides are empty, 0 when one is; a gold answer that normalises
# to nothing counts only when every gold answer does), BLEU-1 as NLTK's
# sentence_bleu (0 without a matching unigram), ROUGE as rouge-score (0 when
# a side is empty). The per-answer cases are in
# tests/golden/metrics/empty_answers.txt.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_NOW=2026-01-02T03:04:05.000Z

# one system per case, each answering one turn:
#   both-empty      "The" against "a an": both empty
#   gold-empty      "Paris" against "a an": the gold is empty
#   answer-empty    "The!" against "Paris": the answer is empty
#   one-gold-empty  "" against "the" and "Paris": "the" is dropped (SQuAD 2.0)
cat >tasks.json <<'JSON'
{"format": "convqa-tasks", "version": 1,
 "systems": [{"id": "both-empty"}, {"id": "gold-empty"}, {"id": "answer-empty"}, {"id": "one-gold-empty"}],
 "conversations": [{"id": "c1", "turns": [
   {"question": "q1", "gold": {"answers": ["a an"]},
    "responses": [{"system": "both-empty", "answer": "The", "passages": []},
                  {"system": "gold-empty", "answer": "Paris", "passages": []}]},
   {"question": "q2", "gold": {"answers": ["Paris"]},
    "responses": [{"system": "answer-empty", "answer": "The!", "passages": []}]},
   {"question": "q3", "gold": {"answers": ["the", "Paris"]},
    "responses": [{"system": "one-gold-empty", "answer": "", "passages": []}]}]}]}
JSON
$CONVQA init --db p.db >/dev/null && $CONVQA import --db p.db -q tasks.json
check_eq "the task imports" 0 $?

run $CONVQA report --db p.db --task turn --only automatic
check_eq "report exits 0" "0|" "$rc|$(cat "$T/err")"
check_eq "the table of means per system" \
"  system          items     EM     F1  SCAI EM  BLEU-1  ROUGE-1 R  ROUGE-L F
  both-empty          1  1.000  1.000    1.000   0.000      0.000      0.000
  gold-empty          1  0.000  0.000    0.000   0.000      0.000      0.000
  answer-empty        1  0.000  0.000    0.000   0.000      0.000      0.000
  one-gold-empty      1  0.000  0.000    0.000   0.000      0.000      0.000
  all                 4  0.250  0.250    0.250   0.000      0.000      0.000" \
	"$(sed -n '/^  Mean per system$/,/^$/p' "$T/out" | sed '1d;$d')"
check_grep "the report states the convention" \
	'^  \* An answer or gold answer with no words left after the normalisation: EM, F1$' "$T/out"
check_grep "... and names its sources" "BLEU-1, ROUGE-1 R and ROUGE-L F are 0 (as NLTK's sentence_bleu and" "$T/out"

run $CONVQA report --db p.db --task turn --only automatic --bleu-bp
check_grep "BLEU-1 with the brevity penalty of two empty answers is 0 too" \
	'^  both-empty          1  1.000  1.000    1.000      0.000      0.000      0.000$' "$T/out"

run $CONVQA report --db p.db --task turn --only automatic -f md
check_grep "markdown: the same row" '^| both-empty | 1 | 1.000 | 1.000 | 1.000 | 0.000 | 0.000 | 0.000 |$' "$T/out"
check_grep "markdown: the same convention" '^An answer or gold answer with no words left after the normalisation' "$T/out"
done_testing
