#!/bin/sh
# Moving through pairs names pairs: the header counts pairs, : asks for a
# pair's number, A says that judging a pair moves on, and the move says
# what was saved (it cleared the "saved" message before); / (the
# collection search of the turn screen, whose + marks a passage of the turn
# shown) does nothing here and says so; the keys shown at the bottom are
# the scheme's (they were a b e x whatever it gave).
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
export CONVQA_NOW=2031-02-03T04:05:06Z CONVQA_DB="$T/p.db"
ui_pair_project
q() { sqlite3 "$T/p.db" "$1"; }

ui_run "$T/p.db" --rater alice --round ab <<'KEYS'
esc
:
:save-screen jump
3
enter
:save-screen jump-bad
esc
/
:save-screen search
A
:save-screen auto
a
:save-screen moved
q
KEYS
check_ran "the pair screen's moves"
check_rows ": asks for a pair's number, counting pairs judged" jump 22 24 <<'EOF'
── Go to pair · enter goes · esc cancels ───────────────────────────────────────
 pair (1-2):
 pair 1 of 2 is shown; 0 judged
EOF
check_rows "a number past the queue is said so in pairs" jump-bad 24 24 <<'EOF'
 there is no pair 3: the queue has pairs 1 to 2
EOF
check_rows "/ opens no search on the pair screen, and says so" search 24 24 <<'EOF'
 the key / does nothing here · ? lists the keys            a/← b/→ e x · ? help
EOF
check_rows "A: judging a pair moves on" auto 24 24 <<'EOF'
 finishing a pair now moves on (A: off)                    a/← b/→ e x · ? help
EOF
check_rows "a judged pair moves on, saying what was saved" moved 1 1 <<'EOF'
 p.db · alice · pairwise · ab                      pair 2/2 [#####-----] 1 done
EOF
check_rows "   (the message)" moved 24 24 <<'EOF'
 saved · pair 1 finished · on to pair 2                    a/← b/→ e x · ? help
EOF
check_eq "one label saved" 1 "$(q "SELECT count(*) FROM label WHERE field = 'preference'")"

# a scheme of pairs of its own, with keys 1 2 3
cat >"$T/s.json" <<'EOF'
{"format": "convqa-scheme", "version": 1, "name": "duel", "description": "which answer wins, by 1 2 3", "shows": ["history", "passages", "answer"],
 "fields": [{"name": "winner", "unit": "pair", "type": "nominal", "role": "preference", "required": true,
   "categories": [{"value": "a", "label": "A", "key": "1"}, {"value": "b", "label": "B", "key": "2"},
                  {"value": "tie", "label": "tie", "key": "3"}]}]}
EOF
$CONVQA scheme add "$T/s.json" >/dev/null
$CONVQA round create duel --task duel --raters alice --seed 2 >/dev/null
ui_run "$T/p.db" --rater alice --round duel <<'KEYS'
esc
:save-screen duel
2
:save-screen duel-2
q
KEYS
check_ran "a scheme of pairs of its own"
check_rows "the bottom line gives the scheme's keys" duel 24 24 <<'EOF'
 welcome, alice: which answer is better? 1 or ← the left (…  1/← 2/→ 3 · ? help
EOF
check_eq "its key 2 saves B (stored by system)" 1 "$(q "SELECT count(*) FROM label WHERE task = 'duel' AND field = 'winner'")"

# an earlier turn one system did not answer: a dash stands for its answer
cat >"$T/one.json" <<'EOF'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}, {"id": "s2"}], "collection": [],
 "conversations": [{"id": "c9", "turns": [
   {"question": "Who built it?", "responses": [{"system": "s1", "answer": "Stevenson."}]},
   {"question": "When?", "responses": [{"system": "s1", "answer": "In 1810."}, {"system": "s2", "answer": "1811."}]}]}]}
EOF
ui_project "$T/one.db" "$T/one.json"
CONVQA_DB="$T/one.db" $CONVQA rater add alice >/dev/null
CONVQA_DB="$T/one.db" $CONVQA round create ab --task pairwise --raters alice --seed 2 >/dev/null
ui_run "$T/one.db" --rater alice --round ab <<'KEYS'
esc
:save-screen one
q
KEYS
check_ran "a pair whose earlier turn one system did not answer"
check_eq "its history row gives the one answer to its side, a dash to the other" 1 \
	"$(grep -cE '^ 1\. Who built it\? → (A: Stevenson\. · B: —|A: — · B: Stevenson\.)$' "$T/screens/one")"
done_testing
