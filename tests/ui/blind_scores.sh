#!/bin/sh
# Blind to system (issue 17): a retrieval score names its retriever (20.08
# is BM25's, 0.8871 a dense model's), so blind screens show a passage's
# rank only - the turn screen's passages, the passage in full (from the
# item, from the evidence, from adjudication) - and --show-systems (or a
# scheme that shows systems) shows the scores too.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
cat >"$T/two.json" <<'EOF'
{"format": "convqa-tasks", "version": 1,
 "systems": [{"id": "bm25"}, {"id": "dense"}],
 "collection": [
   {"id": "p1", "title": "Bees", "text": "Honeybees dance to tell where flowers are."},
   {"id": "p2", "title": "Flowers", "text": "Flowers give nectar to bees."}],
 "conversations": [{"id": "bees", "turns": [
   {"question": "Why do bees dance?", "responses": [
     {"system": "bm25", "answer": "To tell where flowers are.",
      "passages": [{"rank": 1, "id": "p1", "score": 20.08}, {"rank": 2, "id": "p2", "score": 17.68}]},
     {"system": "dense", "answer": "To show where flowers are.",
      "passages": [{"rank": 1, "id": "p1", "score": 0.8871}, {"rank": 2, "id": "p2", "score": 0.8677}]}]}]}]}
EOF
ui_project p.db "$T/two.json"
scores='20\.08|17\.68|0\.8871|0\.8677|score'

# the screens NAME... that show a score
with_scores() {
	for s in "$@"; do grep -qE "$scores" "$T/screens/$s" && printf '%s ' "$s"; done
}

ui_run p.db --rater alice <<'EOF'
esc
:save-screen item1
enter
:save-screen pane1
esc
n
:save-screen item2
enter
:save-screen pane2
esc
EOF
check_ran "the blind script runs"
check_rows "blind: a passage row shows its rank, id and title, no score" item1 8 8 <<'EOF'
▸ 1 [ ] p1 · Bees
EOF
check_rows "blind: the passage in full, no score" pane1 2 2 <<'EOF'
 Passage 1 of 2 · rank 1 · p1 · not judged
EOF
check_eq "blind: no score on any screen" "" "$(with_scores item1 pane1 item2 pane2)"

ui_run p.db --rater bob --show-systems <<'EOF'
esc
:save-screen shown-item1
enter
:save-screen shown-pane1
EOF
check_ran "the --show-systems script runs"
check_grep "--show-systems: the passage rows show the scores" "p1 · Bees  *\(20\.08\|0\.8871\)$" "$T/screens/shown-item1"
check_grep "--show-systems: the passage in full shows its score" \
	"Passage 1 of 2 · rank 1 · p1 · score \(20\.08\|0\.8871\) · not judged" "$T/screens/shown-pane1"

# a scheme that shows systems (a study that is not blind) shows the scores
$CONVQA scheme show turn --db p.db | sed 's/"name": "turn"/"name": "open-turn"/; s/"shows": \[/"shows": ["systems", /' >open.json
$CONVQA scheme add --db p.db open.json >/dev/null
ui_run p.db --rater dave --task open-turn <<'EOF'
esc
:save-screen open-item1
EOF
check_ran "the open-turn script runs"
check_eq "a scheme showing systems shows the scores" "open-item1 " "$(with_scores open-item1)"

# the evidence pane opens a passage in full: blind, without its score
$CONVQA spans --db p.db --min-overlap 0 >/dev/null
ui_run p.db --rater erin --task faithfulness <<'EOF'
esc
enter
:save-screen evidence-pane
EOF
check_ran "the faithfulness script runs"
check_rows "blind: the passage opened from the evidence, no score" evidence-pane 2 2 <<'EOF'
 Passage 1 of 2 · rank 1 · p1
EOF

# adjudication is blind too: the disputed passage and the passage in full
export CONVQA_DB=p.db
$CONVQA rater add frank --role adjudicator >/dev/null
for r in alice bob; do $CONVQA rater add $r >/dev/null; done   # (their sessions above saved nothing)
$CONVQA round create r1 --raters alice,bob --overlap 0 >/dev/null
$CONVQA label --round r1 -r alice -c bees -n 1 -s bm25 relevant 1 -k 1
$CONVQA label --round r1 -r bob -c bees -n 1 -s bm25 relevant 0 -k 1
cat >"$T/script" <<'EOF'
:save-screen adjudicate
enter
:save-screen adjudicate-pane
EOF
CONVQA_SCRIPT="$T/script" "$CONVQA" adjudicate --round r1 --rater frank >"$T/out" 2>"$T/err"
rc=$?
check_ran "the adjudication runs"
check_rows "adjudicating: the passage in full, no score" adjudicate-pane 2 2 <<'EOF'
 Passage 1 of 2 · rank 1 · p1 · not judged
EOF
check_eq "adjudicating: no score on any screen" "" "$(with_scores adjudicate adjudicate-pane)"
done_testing
