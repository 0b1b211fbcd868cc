#!/bin/sh
# Resume: reopening continues at the first unfinished item; when every item
# is finished the summary screen opens; q quits from it. Active seconds are
# stored with each label; pauses over 120 s do not count (:wait).
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

# session 1: finish item 1 (c1/1 sys-a), with a pause of 200 s before c
ui_run p.db --rater alice <<'EOF'
esc
e
:wait 200
c
-
n
b
q
EOF
check_ran "session 1 runs"
# every saved change (--history): b on item 2 changed the turn's intent
"$CONVQA" export --db p.db --history | python3 -c '
import json, sys
for l in json.load(sys.stdin)["labels"]:
    print(l["conversation"], l["turn"], l["system"], l["field"], l.get("rank", 0), l["seconds"])' >"$T/seconds"
check_eq "each label has the active seconds since the item was shown or last saved" "c1 1 sys-a answer_correct 0 0.0
c1 1 sys-a intent 0 2.0
c1 1 sys-a relevant 1 1.0
c1 1 sys-a relevant 2 0.0
c1 1 sys-a relevant 3 0.0
c1 1 sys-b intent 0 1.0" "$(cat "$T/seconds")"

# session 2: resumes at item 2, the first unfinished one (guidelines seen
# already), where passage p-light shows judged on item 1 (pooled); the
# summary counts one intent per turn and one relevance per passage of a turn
ui_run p.db --rater alice <<'EOF'
:save-screen resumed
x
1
2
n
e
c
-
n
c
e
-
:save-screen all-done
n
:save-screen summary
q
EOF
check_ran "session 2 runs"
check_screen "reopening resumes at the first unfinished item" resumed <<'EOF'
 convqa · p.db · rater alice · task turn           item 2/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 A building by the sea.
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [-] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a few
      metres above the sea.








 intent: boolean  answer: ?  relevant: 1/2 judged (0 relevant)  note: —
 missing: answer_correct, relevant 2
 resumed at the first unfinished item (1 of 4 done)             ? help · q quit
EOF
check_screen "finishing the last item says so" all-done <<'EOF'
 convqa · p.db · rater alice · task turn           item 4/4 [##########] 4 done
 conversation c2 · turn 1/1                                          ✓ finished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Who kept the lamp burning?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 The lighthouse keeper.
── Passages (1) · 1 relevant? · j/k focus · enter opens ────────────────────────
▸ 1 [-] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.











 intent: extractive  answer: correct  relevant: 1/1 judged (0 relevant)  note: —
 ✓ finished · n: next item
 saved · passage 1 not relevant · item finished (n: next item)  ? help · q quit
EOF
check_screen "n after the last item: the summary" summary <<'EOF'
 convqa · p.db · rater alice · task turn           item 4/4 [##########] 4 done
── Summary ─────────────────────────────────────────────────────────────────────
  All 4 items are finished. Thank you, alice!

  intent          extractive 2 · abstractive 0 · boolean 1
  answer_correct  incorrect 1 · correct 3
  relevant        not relevant 5 · relevant 2 (passages)

  Active time: 0 min 13 s, 3 s per finished item.













  p back to the last item · l list · u undo · q quit

EOF

# session 3: everything is finished, so the summary opens at once
ui_run p.db --rater alice <<'EOF'
:save-screen reopened
tab
:save-screen tab-none
p
:save-screen back
q
EOF
check_ran "session 3 runs"
check_screen "a finished queue opens on the summary" reopened <<'EOF'
 convqa · p.db · rater alice · task turn           item 4/4 [##########] 4 done
── Summary ─────────────────────────────────────────────────────────────────────
  All 4 items are finished. Thank you, alice!

  intent          extractive 2 · abstractive 0 · boolean 1
  answer_correct  incorrect 1 · correct 3
  relevant        not relevant 5 · relevant 2 (passages)

  Active time: 0 min 13 s, 3 s per finished item.













  p back to the last item · l list · u undo · q quit

EOF
check_screen "tab with nothing unfinished says so" tab-none <<'EOF'
 convqa · p.db · rater alice · task turn           item 4/4 [##########] 4 done
── Summary ─────────────────────────────────────────────────────────────────────
  All 4 items are finished. Thank you, alice!

  intent          extractive 2 · abstractive 0 · boolean 1
  answer_correct  incorrect 1 · correct 3
  relevant        not relevant 5 · relevant 2 (passages)

  Active time: 0 min 13 s, 3 s per finished item.













  p back to the last item · l list · u undo · q quit
 every item is finished
EOF
check_screen "p leaves the summary for the last item" back <<'EOF'
 convqa · p.db · rater alice · task turn           item 4/4 [##########] 4 done
 conversation c2 · turn 1/1                                          ✓ finished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Who kept the lamp burning?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 The lighthouse keeper.
── Passages (1) · 1 relevant? · j/k focus · enter opens ────────────────────────
▸ 1 [-] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.











 intent: extractive  answer: correct  relevant: 1/1 judged (0 relevant)  note: —
 ✓ finished · n: next item
 every item is finished                                         ? help · q quit
EOF
# tab on the only unfinished item says so (and stays)
ui_run p.db --rater bob <<'EOF'
esc
e
c
-
n
n
e
c
-
n
e
c
-
p
p
tab
:save-screen only-unfinished
EOF
check_ran "session 4 runs"
check_eq "tab on the only unfinished item says so" ' convqa · p.db · rater bob · task turn             item 2/4 [########--] 3 done
 this is the only unfinished item                               ? help · q quit' \
	"$(sed -n '1p;24p' "$T/screens/only-unfinished")"
done_testing
