#!/bin/sh
# convqa report and convqa agreement against an independent reference
# (tests/tools/report_reference.py: the project read with sqlite3, every
# figure computed from its published definition). A seeded random project
# (tests/tools/gen_report_project.py) with the awkward cases - history,
# cleared labels, labels in a round, ties, turns without gold, gold outside
# the collection, an empty ranking, a rank gap, answers and gold answers
# that normalise to nothing - is labelled by three raters
# (most rows in one SQL transaction, as the store writes them, the last
# changes through convqa label), reported with several options, and each
# family of figures of each report is one TAP line. CONVQA_CROSSCHECK_SEED
# picks another project.
. "$CONVQA_TOP/tests/lib.sh"
PY=/usr/bin/python3
GEN="$PY $CONVQA_TOP/tests/tools/gen_report_project.py"
REF="$PY $CONVQA_TOP/tests/tools/report_reference.py"
SEED=${CONVQA_CROSSCHECK_SEED:-20261121}
export CONVQA_NOW=2026-01-02T03:04:05.000Z

# ---- the project ---------------------------------------------------------------
$GEN tasks "$SEED" tasks.json && $CONVQA init --db p.db >/dev/null &&
	$CONVQA import --db p.db -q tasks.json
check_eq "the generated task file imports" 0 $?
$GEN scheme graded.json && $CONVQA scheme add --db p.db graded.json >/dev/null
check_eq "the project scheme graded is added" 0 $?
$GEN labels "$SEED" tasks.json labels.sql labels.args && sqlite3 p.db <labels.sql
check_eq "the bulk of the labels is inserted in one transaction" 0 $?
bad=0
while read -r args; do
	# shellcheck disable=SC2086 # one argument list per line
	$CONVQA label --db p.db $args || { bad=1; echo "# convqa label $args failed"; }
done <labels.args
check_eq "the last changes are saved with convqa label" 0 $bad

# the cases the conventions hinge on are in the project (another seed must
# not lose them silently)
q() { sqlite3 p.db "$1"; }
has() {   # has DESCRIPTION SQL: the query counts at least one row
	n=$(q "$2")
	if [ "${n:-0}" -gt 0 ]; then ok "the project has $1 ($n)"; else not_ok "the project lacks $1" "$2"; fi
}
# a label is the latest row of its unit (turn_id, unit, unit_ref) for a
# rater, round, task and field, wherever it was given
KEY="turn_id, rater_id, task, field, unit, unit_ref"
has "labels changed twice" "SELECT count(*) FROM (SELECT 1 FROM label GROUP BY $KEY, round_id HAVING count(*) >= 3)"
has "a passage one rater judged differently on two systems' responses (one pooled unit)" \
	"SELECT count(*) FROM (SELECT 1 FROM label WHERE unit = 'passage' AND value IS NOT NULL
	 GROUP BY turn_id, rater_id, unit_ref HAVING count(DISTINCT response_id) > 1 AND count(DISTINCT value) > 1)"
has "a passage two raters judged on different systems' responses only" \
	"SELECT count(*) FROM label a JOIN label b ON b.turn_id = a.turn_id AND b.unit = 'passage' AND b.unit_ref = a.unit_ref
	 AND b.rater_id <> a.rater_id AND b.response_id <> a.response_id WHERE a.unit = 'passage'
	 AND NOT EXISTS (SELECT 1 FROM label x WHERE x.unit = 'passage' AND x.unit_ref = a.unit_ref AND x.turn_id = a.turn_id
	  AND x.rater_id = a.rater_id AND x.response_id = b.response_id)
	 AND NOT EXISTS (SELECT 1 FROM label x WHERE x.unit = 'passage' AND x.unit_ref = a.unit_ref AND x.turn_id = a.turn_id
	  AND x.rater_id = b.rater_id AND x.response_id = a.response_id)"
has "intent one rater gave on two responses of a turn (one unit)" \
	"SELECT count(*) FROM (SELECT 1 FROM label WHERE unit = 'turn' GROUP BY turn_id, rater_id HAVING count(DISTINCT response_id) > 1)"
has "a project scheme's passage grade one rater gave on two systems' responses" \
	"SELECT count(*) FROM (SELECT 1 FROM label WHERE task = 'graded' AND unit = 'passage'
	 GROUP BY turn_id, rater_id, unit_ref HAVING count(DISTINCT response_id) > 1)"
has "a project scheme's turn field one rater gave on two responses of a turn" \
	"SELECT count(*) FROM (SELECT 1 FROM label WHERE task = 'graded' AND unit = 'turn'
	 GROUP BY turn_id, rater_id HAVING count(DISTINCT response_id) > 1)"
has "a project scheme's labels cleared" "SELECT count(*) FROM label WHERE task = 'graded' AND value IS NULL"
has "cleared labels" "SELECT count(*) FROM label WHERE value IS NULL"
has "labels cleared in one round while another round holds a value" \
	"SELECT count(*) FROM label l WHERE l.value IS NULL AND l.id = (SELECT max(id) FROM label x WHERE
	 ($KEY) = (l.turn_id, l.rater_id, l.task, l.field, l.unit, l.unit_ref))
	 AND EXISTS (SELECT 1 FROM label y WHERE ($KEY)
	 = (l.turn_id, l.rater_id, l.task, l.field, l.unit, l.unit_ref) AND y.round_id IS NOT l.round_id AND y.value IS NOT NULL)"
has "an item whose only label was cleared" \
	"SELECT count(*) FROM (SELECT response_id FROM label GROUP BY response_id HAVING count(*) = 2 AND min(value IS NULL) = 0 AND max(value IS NULL) = 1)"
has "a response that retrieved nothing" "SELECT count(*) FROM response WHERE id NOT IN (SELECT response_id FROM retrieved)"
has "gold passages outside the collection" "SELECT count(*) FROM gold_passage WHERE passage_ext NOT IN (SELECT ext_id FROM passage)"
has "turns without gold answers" "SELECT count(*) FROM turn WHERE id NOT IN (SELECT turn_id FROM gold_answer)"
has "equal scores in a ranking" "SELECT count(*) FROM (SELECT 1 FROM retrieved WHERE score IS NOT NULL GROUP BY response_id, score HAVING count(*) > 1)"
has "a gap in the ranks" "SELECT count(*) FROM retrieved a WHERE a.rank > 1 AND NOT EXISTS (SELECT 1 FROM retrieved b WHERE b.response_id = a.response_id AND b.rank = a.rank - 1)"
has "a passage one system retrieves and another does not" \
	"SELECT count(*) FROM retrieved a JOIN response ra ON ra.id = a.response_id JOIN response rb ON rb.turn_id = ra.turn_id AND rb.id <> ra.id
	 WHERE NOT EXISTS (SELECT 1 FROM retrieved b WHERE b.response_id = rb.id AND b.passage_id = a.passage_id)"
has "an answer and all the gold answers of its turn that normalise to nothing" \
	"SELECT count(*) FROM response r WHERE r.answer = 'A!' AND NOT EXISTS (SELECT 1 FROM gold_answer g
	 WHERE g.turn_id = r.turn_id AND g.text NOT IN ('The.', 'an'))"
has "an empty answer whose turn has a gold answer that normalises to nothing and one that does not" \
	"SELECT count(*) FROM response r WHERE r.answer = '' AND EXISTS (SELECT 1 FROM gold_answer g
	 WHERE g.turn_id = r.turn_id AND g.text = 'the') AND EXISTS (SELECT 1 FROM gold_answer g
	 WHERE g.turn_id = r.turn_id AND g.text <> 'the')"
has "extra_gold labels" "SELECT count(*) FROM label WHERE field = 'extra_gold' AND value IS NOT NULL"
has "labels given on a control item, on an item others judged in the round (left out)" \
	"SELECT count(*) FROM label l JOIN assignment a ON a.round_id = l.round_id AND a.rater_id = l.rater_id
	 AND a.response_id = l.response_id AND a.control = 1 WHERE EXISTS (SELECT 1 FROM label o
	 WHERE o.round_id = l.round_id AND o.response_id = l.response_id AND o.rater_id <> l.rater_id)"
# (answers equal after the SQuAD normalisation: the reference's)
n=$(PYTHONPATH="$CONVQA_TOP/tests/tools" $PY - p.db <<'PY'
import sqlite3, sys
from report_reference import normalize_answer as norm
con = sqlite3.connect(sys.argv[1])
answer = {rid: (turn, norm(a)) for rid, turn, a in con.execute("SELECT id, turn_id, answer FROM response")}
judged = {(rid, rater, f) for rid, rater, f in con.execute(
    "SELECT response_id, rater_id, field FROM label WHERE field IN ('plausibility', 'faithfulness') AND value IS NOT NULL")}
print(sum(1 for rid, rater, f in judged for other, key in answer.items()
          if other != rid and key == answer[rid] and (other, rater, f) not in judged))
PY
)
if [ "${n:-0}" -gt 0 ]; then ok "the project has a verdict on an answer another system gave too, unjudged by that rater (credited) ($n)"
else not_ok "the project lacks a verdict on an answer another system gave too, unjudged by that rater (credited)"; fi

# check_cases: the reports in file cases against the reference, on the
# project as it is now; the reference prints "ok - ..." / "not ok - ..."
# lines with "# ..." details, each becomes one of our TAP lines
lines=0
check_cases() {
	$REF batch cases --db p.db >"$T/checks" 2>&1
	desc='' details='' failed=0
	while IFS= read -r tap; do   # (not "l": not_ok uses it)
		case $tap in
		'not ok - '*) flush; desc=${tap#not ok - }; failed=1; lines=$((lines + 1)) ;;
		'ok - '*) flush; desc=${tap#ok - }; lines=$((lines + 1)) ;;
		*) details="$details${details:+
}${tap#\# }" ;;
		esac
	done <"$T/checks"
	flush
	: >cases
}
flush() {
	if [ -n "$desc" ]; then
		if [ "$failed" = 1 ]; then not_ok "$desc" "$details"; else ok "$desc"; fi
	fi
	desc='' details='' failed=0
}

# ---- reports, each checked against the reference ---------------------------------
# case NAME CONVQA-ARGS... -- REFERENCE-OPTIONS...
: >cases
case_() {
	name=$1; shift
	args=
	while [ "$1" != -- ]; do args="$args $1"; shift; done
	shift
	# shellcheck disable=SC2086
	if $CONVQA $args --db p.db -f json -o "$name.json" 2>"$T/err.$name"; then
		echo "$name|$T/$name.json|$*" >>cases
	else
		not_ok "convqa$args fails" "$(cat "$T/err.$name")"
	fi
}
case_ every-judgement report --by all -- --by all
case_ majority report --by all --consensus majority -- --by all --consensus majority
case_ turn-system-rater report --by turn,system,rater -- --by turn,system,rater
case_ two-raters report --by all --raters alice,bob -- --by all --raters alice,bob
case_ two-raters-majority report --by all --raters alice,bob --consensus majority -- \
	--by all --raters alice,bob --consensus majority
case_ bob-carol report --raters bob,carol -- --raters bob,carol
case_ rater-carol report --by all --consensus rater:carol -- --by all --consensus rater:carol
case_ round-r1 report --by all --round r1 -- --by all --round r1
case_ options report --k 1,2,4,9,20 --bleu-bp --rouge-beta 2.5 --wage 17.5 -- \
	--k 1,2,4,9,20 --bleu-bp --rouge-beta 2.5 --wage 17.5
case_ agreement agreement -- --agreement
case_ agreement-alice-carol agreement --raters alice,carol -- --agreement --raters alice,carol
case_ weighted-intent agreement --field intent --weights quadratic -- --agreement --field intent --weights quadratic
case_ weighted-plausibility agreement --field plausibility --weights linear -- \
	--agreement --field plausibility --weights linear
case_ ordinal-unweighted agreement --weights none -- --agreement --weights none
case_ ordinal-quadratic agreement --field graded/grade --weights quadratic -- \
	--agreement --field graded/grade --weights quadratic
case_ scheme-only report --task graded --by all -- --by all --task graded
# graded relevance and a 4-point correctness scale of the project scheme, by role
case_ scheme-only-majority report --task graded --by all --consensus majority -- \
	--by all --task graded --consensus majority
check_cases

# dan, an adjudicator, settles some items
$GEN adjudicator "$SEED" tasks.json dan.args
bad=0
while read -r args; do
	# shellcheck disable=SC2086
	$CONVQA label --db p.db $args || bad=1
done <dan.args
sqlite3 p.db "UPDATE rater SET role = 'adjudicator' WHERE name = 'dan'" || bad=1
check_eq "an adjudicator's labels are saved" 0 $bad
case_ adjudicated report --by all --consensus adjudicated -- --by all --consensus adjudicated
case_ majority-of-four report --by all --consensus majority -- --by all --consensus majority
case_ discard report --by all --consensus discard -- --by all --consensus discard
# carol distrusted: left out of every consensus, not of her own judgements
sqlite3 p.db "UPDATE rater SET trusted = 0 WHERE name = 'carol'"
case_ majority-carol-distrusted report --by all --consensus majority -- --by all --consensus majority
case_ adjudicated-carol-distrusted report --by all --consensus adjudicated -- --by all --consensus adjudicated
case_ none-carol-distrusted report --by all -- --by all
check_cases
if [ "$lines" -lt 100 ]; then
	not_ok "the reference checked too little ($lines families)" "$(head -40 "$T/checks")"
fi

done_testing
