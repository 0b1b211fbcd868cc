#!/bin/sh
# TREC runs and qrels (import formats trec-run and trec-qrels): a run and
# its graded qrels written by hand (tests/fixtures/trec/, see its README)
# go through convqa import and convqa report; the table against the gold
# gives HR@k, MRR, P@k, R@k, MAP and nDCG@k (binary and graded) as computed
# by hand below and as trec_eval computes them (its figures, to 4
# decimals, are written in; trec_eval is not needed to run this test).
# Then: the qid pattern, the run's tag as the system, refusals with
# FILE:LINE (all or nothing), and qrels imported as a rater's labels read
# back the same relevance through export --format trec-qrels.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db" CONVQA_NOW=2031-02-03T04:05:06Z
RUN="$FIXTURES/trec/run.txt"
QRELS="$FIXTURES/trec/qrels.txt"
$CONVQA init >/dev/null

# ---- import ---------------------------------------------------------------------
run $CONVQA import --format trec-run "$RUN"
check_eq "a run imports: a conversation per topic prefix, a turn per qid, one response each, the
documents as passages known by id, the system named by the run's tag" "0|$RUN: added 3 conversations, 4 turns, 4 responses, 17 passages, 1 system
$RUN: system 'bm25' (the run's tag)" "$rc|$(cat "$T/out")"
run $CONVQA import --format trec-qrels "$QRELS"
check_eq "qrels import as gold (the default): grade 1 or above is gold, with its grade; the gold passages no run named (d9, e9) are known by id" \
	"0|$QRELS: added 0 conversations, 0 turns, 0 responses, 2 passages, 0 systems; filled in missing data of 3 of its entries (in the project already: 2 conversations, 6 passages)
$QRELS: 8 gold passages (grade 1 or above); 4 judgements below grade 1 (not gold)" "$rc|$(cat "$T/out")"
run $CONVQA import --format trec-qrels "$QRELS"
check_eq "importing the qrels again adds nothing" "0" "$rc"
check_grep "... and says so" "nothing new" "$T/out"

run $CONVQA import "$QRELS"
check_eq "qrels without --format: refused, saying how to import them (not a JSON syntax error)" \
	"2|$QRELS: this looks like TREC qrels lines (qid 0 docid grade), which convqa reads only when told: convqa import --format trec-qrels $QRELS" \
	"$rc|$(cat "$T/err")"
run $CONVQA import "$RUN"
check_grep "... and a run likewise" "looks like TREC run lines (qid Q0 docid rank score tag).*--format trec-run" "$T/err"

# ---- the report against the gold ----------------------------------------------------
# val GROUP COLUMN: the figure of the table against the gold, to 4 decimals
$CONVQA report --only retrieval --k 3,5 -f csv >report.csv
val() {
	awk -F, -v g="$1" -v c="$2" '$1 == "retrieval" && $2 == "gold" && $4 == g && $5 == c { printf "%.4f", $6 }' report.csv
}
cnt() {
	awk -F, -v g="$1" -v c="$2" '$1 == "retrieval" && $2 == "gold" && $4 == g && $5 == c { print $6 "/" $7 }' report.csv
}
check_eq "the table against the gold averages over the 3 topics judged (33_1, absent from the qrels, is left out)" \
	"3/3|1/" "$(cnt bm25 map | cut -d/ -f2)/$(cnt all map | cut -d/ -f2)|$(cnt bm25 no_gold | cut -d/ -f1)/"

# The rankings, trec_eval's order (score descending, ties by docid descending):
#   31_1: d1 d3 d2 d4 d5 d6   grades - 2 0 1 - 0 (d9: 3, not retrieved)   R = 3
#   31_2: e3 e2 e1 e4          grades - 0 0 3     (e9: 1, not retrieved)   R = 2
#   32_1: f1 f2 f3 f4 f5       grades 3 - 2 - 1   (f7: 0)                  R = 3
# relevant (grade >= 1): 31_1 ranks 2, 4; 31_2 rank 4; 32_1 ranks 1, 3, 5.
# HR@3 = (1 + 0 + 1) / 3 = 0.6667; HR@5 = 1
# MRR = (1/2 + 1/4 + 1) / 3 = 0.5833
# P@3 = (1/3 + 0 + 2/3) / 3 = 0.3333; P@5 = (2/5 + 1/5 + 3/5) / 3 = 0.4
# R@3 = (1/3 + 0 + 2/3) / 3 = 0.3333; R@5 = (2/3 + 1/2 + 1) / 3 = 0.7222
# MAP = ((1/2 + 2/4) / 3 + (1/4) / 2 + (1 + 2/3 + 3/5) / 3) / 3
#     = (0.333333 + 0.125 + 0.755556) / 3 = 0.4046
# trec_eval -m all_trec: map 0.4046, recip_rank 0.5833, P_5 0.4000,
#   recall_5 0.7222, success_5 1.0000; -m P.3 -m recall.3 -m success.3:
#   P_3 0.3333, recall_3 0.3333, success_3 0.6667
check_eq "HR@3, HR@5 (trec_eval success_3 0.6667, success_5 1.0000)" "0.6667 1.0000" "$(val bm25 hit@3) $(val bm25 hit@5)"
check_eq "MRR (trec_eval recip_rank 0.5833)" "0.5833" "$(val bm25 mrr)"
check_eq "P@3, P@5 (trec_eval P_3 0.3333, P_5 0.4000)" "0.3333 0.4000" "$(val bm25 p@3) $(val bm25 p@5)"
check_eq "R@3, R@5 (trec_eval recall_3 0.3333, recall_5 0.7222)" "0.3333 0.7222" "$(val bm25 recall@3) $(val bm25 recall@5)"
check_eq "MAP (trec_eval map 0.4046)" "0.4046" "$(val bm25 map)"

# nDCG@k, binary gain (1/log2(rank + 1) per relevant rank; the ideal puts
# R relevant first): lg3 = 1/log2 3 = 0.630930, 1/log2 4 = 0.5,
# 1/log2 5 = 0.430677, 1/log2 6 = 0.386853; ideal R=3: 1 + 0.630930 + 0.5 =
# 2.130930, R=2: 1.630930
#   @3: 31_1 0.630930 / 2.130930 = 0.296082; 31_2 0; 32_1 1.5 / 2.130930 = 0.703918
#       mean 1.0 / 3 = 0.3333
#   @5: 31_1 (0.630930 + 0.430677) / 2.130930 = 0.498188; 31_2 0.430677 / 1.630930
#       = 0.264068; 32_1 (1.5 + 0.386853) / 2.130930 = 0.885460; mean 0.5492
# trec_eval -m ndcg_cut.3,5 on the qrels made binary (grade >= 1 -> 1):
#   ndcg_cut_3 0.3333, ndcg_cut_5 0.5492
check_eq "nDCG@3, nDCG@5 binary (trec_eval ndcg_cut on 0/1 qrels: 0.3333, 0.5492)" "0.3333 0.5492" \
	"$(val bm25 ndcg@3) $(val bm25 ndcg@5)"
# graded (gain = grade; the ideal: every grade >= 1 of the topic, best first)
#   31_1 ideal 3 2 1: 3 + 2*0.630930 + 0.5 = 4.761860; 31_2 ideal 3 1: 3.630930
#   @3: 31_1 2*0.630930 / 4.761860 = 0.264993; 31_2 0; 32_1 (3 + 2*0.5) / 4.761860
#       = 0.840007; mean 0.3683
#   @5: 31_1 (1.261860 + 0.430677) / 4.761860 = 0.355433; 31_2 3*0.430677 /
#       3.630930 = 0.355839; 32_1 (4 + 0.386853) / 4.761860 = 0.921252; mean 0.5442
# trec_eval -m all_trec: ndcg_cut_5 0.5442; -m ndcg_cut.3: ndcg_cut_3 0.3683
check_eq "nDCG@3, nDCG@5 graded (trec_eval ndcg_cut_3 0.3683, ndcg_cut_5 0.5442)" "0.3683 0.5442" \
	"$(val bm25 ndcg_graded@3) $(val bm25 ndcg_graded@5)"
check_eq "the row of all responses is the system's (one system)" "$(val bm25 map) $(val bm25 ndcg_graded@5)" \
	"$(val all map) $(val all ndcg_graded@5)"
run $CONVQA report --only retrieval --k 3,5
check_grep "the text report names the layer: against the gold" "^  Against the gold passages (automatic)" "$T/out"
check_grep "... and states trec_eval's conventions" "trec_eval" "$T/out"

# ---- --collection: the documents' text ------------------------------------------------
export CONVQA_DB="$T/coll.db"
$CONVQA init >/dev/null
run $CONVQA import --format trec-run --collection "$FIXTURES/trec/collection.jsonl" "$RUN"
check_eq "a run with --collection: the documents it has get their text, the others stay known by id" \
	"0|$RUN: added 3 conversations, 4 turns, 4 responses, 17 passages, 1 system; 14 passages not in the collection, kept by id only" \
	"$rc|$(head -1 "$T/out")"
run $CONVQA import --format trec-qrels --collection "$FIXTURES/trec/collection.jsonl" --as-rater nist "$QRELS"
check_eq "--collection goes with --as-gold or the run, not --as-rater" "1" "$rc"
export CONVQA_DB="$T/p.db"

# ---- the qid pattern and the system -----------------------------------------------
printf 'q7t2 Q0 x1 1 3 a\nq7t2 Q0 x2 2 2 b\n' >tags.txt
run $CONVQA import --format trec-run --qid-pattern 'q{conv}t{turn}' tags.txt
check_eq "a run whose lines have different tags needs --system (FILE:LINE)" \
	"2|tags.txt:2: field 6 (tag): 'b' differs from 'a' of line 1: the lines of a run share one tag; give the system's name with --system NAME" \
	"$rc|$(cat "$T/err")"
run $CONVQA import --format trec-run --qid-pattern 'q{conv}t{turn}' --system dense tags.txt
check_eq "--system names it; --qid-pattern reads q7t2 as conversation 7, turn 2" \
	"0|tags.txt: added 1 conversation, 1 turn, 1 response, 2 passages, 1 system
tags.txt: system 'dense' (--system)" "$rc|$(cat "$T/out")"
run $CONVQA import --format trec-run --qid-pattern '{conv}' tags.txt
check_eq "a pattern without {turn} is a usage error" "1" "$rc"
check_grep "... that says what a pattern holds" "must hold {conv} once and {turn} once" "$T/err"

# ---- refusals: FILE:LINE, all or nothing ---------------------------------------------
sum() { cksum <"$CONVQA_DB"; }
before=$(sum)
printf '40_1 Q0 a 1 2.0 r\n40_1 Q0 b 2\n40_x Q0 c 3 1.0 r\n40_2 Q0 d 1 high r\n40_2 Q0 d 2 1 r\n' >bad_run.txt
run $CONVQA import --format trec-run bad_run.txt
check_eq "a bad run is refused, each line with FILE:LINE" "2|bad_run.txt:2: expected 6 fields (qid Q0 docid rank score tag), got 4
bad_run.txt:3: field 1 (qid): '40_x' does not match the qid pattern '{conv}_{turn}' ({turn}: a number from 1; give the pattern with --qid-pattern)
bad_run.txt:4: field 5 (score): expected a number, got 'high'" "$rc|$(cat "$T/err")"
printf '41_1 Q0 a 1 2.0 r\n41_1 Q0 a 2 1.0 r\n' >dup_run.txt
run $CONVQA import --format trec-run dup_run.txt
check_eq "a document twice for one query is refused (as trec_eval refuses it)" \
	"2|dup_run.txt:2: docid 'a' is ranked for qid '41_1' on line 1 already (trec_eval refuses a run with a document twice for one query)" \
	"$rc|$(cat "$T/err")"
printf '31_1 0 d1 1\n31_1 0 d2 one\n31_1 0 d3\n31_0 0 d4 1\n' >bad_qrels.txt
run $CONVQA import --format trec-qrels bad_qrels.txt
check_eq "bad qrels are refused, each line with FILE:LINE" "2|bad_qrels.txt:2: field 4 (grade): expected a whole number up to 1000000, got 'one'
bad_qrels.txt:3: expected 4 fields (qid 0 docid grade), got 3
bad_qrels.txt:4: field 1 (qid): '31_0' does not match the qid pattern '{conv}_{turn}' ({turn}: a number from 1; give the pattern with --qid-pattern)" \
	"$rc|$(cat "$T/err")"
run $CONVQA import --format trec-qrels --as-rater nist bad_qrels.txt
check_eq "... also as a rater's labels" "2|bad_qrels.txt:3" "$rc|$(sed -n 2p "$T/err" | cut -c1-15)"
check_eq "the refused files left the project as it was (their good lines too)" "$before" "$(sum)"

# ---- qrels as a rater's labels, and back out --------------------------------------------
export CONVQA_DB="$T/q.db"
$CONVQA init >/dev/null
$CONVQA import -q --format trec-run "$RUN"
run $CONVQA import --format trec-qrels --as-rater nist "$QRELS"
check_eq "qrels as rater nist: a label of the relevance field for each judged passage the run retrieved" \
	"0|$QRELS: imported 9 label rows of rater nist (0 already here)
$QRELS: 12 judgements: 9 labels of turn/relevant by rater nist; 3 of passages no system retrieved for their turn (not labels: a label judges a passage some response retrieved)" \
	"$rc|$(cat "$T/out")"
run $CONVQA import --format trec-qrels --as-rater nist "$QRELS"
check_eq "importing them again adds nothing" "0|imported 0 label rows of rater nist (9 already here)" \
	"$rc|$(head -1 "$T/out" | sed 's/^[^:]*: //')"
$CONVQA export --format trec-qrels --rater nist -o back.txt 2>/dev/null
# the judgements of retrieved passages, relevant (grade >= 1) as 1
check_eq "export --format trec-qrels gives back the same relevance" "31_1 0 d3 1
31_1 0 d4 1
31_1 0 d6 0
31_2 0 e1 0
31_2 0 e2 0
31_2 0 e4 1
32_1 0 f1 1
32_1 0 f3 1
32_1 0 f5 1" "$(cat back.txt)"
$CONVQA import -q --format trec-qrels --as-rater again back.txt
$CONVQA export --format trec-qrels --rater again -o again.txt 2>/dev/null
check_eq "... which imports as the same labels again" "$(cat back.txt)" "$(cat again.txt)"

# ---- the qid pattern, seen in the qids the export writes: <conversation>_<turn> ------------
export CONVQA_DB="$T/pat.db"
$CONVQA init >/dev/null
printf 'q9-1t3 Q0 x1 1 2 r\nq9-1t3 Q0 x2 2 1 r\n' >prun.txt
printf 'q9-1t3 0 x2 2\n' >pqrels.txt
$CONVQA import -q --format trec-run --qid-pattern 'q{conv}t{turn}' prun.txt
$CONVQA import -q --format trec-qrels --qid-pattern 'q{conv}t{turn}' --as-rater nist pqrels.txt
printf 'a_b_12 Q0 y1 1 2 r\n' >drun.txt
printf 'a_b_12 0 y1 1\n' >dqrels.txt
$CONVQA import -q --format trec-run drun.txt
$CONVQA import -q --format trec-qrels --as-rater nist dqrels.txt
run $CONVQA export --format trec-qrels --rater nist
check_eq "q9-1t3 read as q{conv}t{turn} is conversation 9-1, turn 3; a_b_12 by default is a_b, turn 12 ({conv} the longest)" \
	"9-1_3 0 x2 1
a_b_12 0 y1 1" "$(cat "$T/out")"
export CONVQA_DB="$T/q.db"

# ---- gold and the human layer side by side ---------------------------------------------
$CONVQA import -q --format trec-qrels "$QRELS"
$CONVQA report --only retrieval --k 3,5 -f csv --raters nist >both.csv
human() {
	awk -F, -v c="$1" '$1 == "retrieval" && $2 == "overall" && $4 == "all" && $5 == c { printf "%.4f", $6 }' both.csv
}
gold() {
	awk -F, -v c="$1" '$1 == "retrieval" && $2 == "gold" && $4 == "all" && $5 == c { printf "%.4f", $6 }' both.csv
}
check_eq "with relevance labels and gold the section has both layers" "0.4046|0.4046" "$(gold map)|$(human map)"
check_eq "... nist's labels are the qrels made binary: the same figures as the gold's binary ones" \
	"$(gold mrr) $(gold p@5) $(gold recall@5) $(gold ndcg@5)" "$(human mrr) $(human p@5) $(human recall@5) $(human ndcg@5)"

done_testing
