#!/bin/sh
# Pressing the key of a field's current value again keeps it: an accidental
# double press never loses a label, and saves no new row. The relevance keys
# (1-9, 0, space) switch a passage between relevant and not relevant and
# never unset it. Unsetting a value is what undo (u) is for. Re-typing the
# keys of a finished item leaves it finished.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

# history rows of the first item, c1/1 (of sys-a or sys-b: each rater has
# an order of the turn's answers of their own), as "field[rank]=value seconds"
rows() {
	"$CONVQA" export --db p.db --history "$@" | python3 -c '
import json, sys
for l in json.load(sys.stdin)["labels"]:
    if (l["conversation"], l["turn"]) != ("c1", 1): continue
    r = "[%d]" % l["rank"] if "rank" in l else ""
    print("%s %s%s=%s %g" % (l["rater"], l["field"], r, json.dumps(l["value"]), l["seconds"]))'
}

ui_run p.db --rater alice <<'EOF'
esc
e
e
:save-screen intent-twice
c
:wait 10
c
:save-screen answer-twice
x
x
1
1
1
:save-screen rank-thrice
space
space
:save-screen space-twice
u
u
:save-screen undo-space
u
u
u
:save-screen undo-rank
EOF
check_ran "the script runs"
check_screen "e twice: intent stays extractive, the status line says so" intent-twice <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: extractive  answer: ?  relevant: 0/3 judged  note: —
 missing: answer_correct, relevant 1 2 3
 intent is extractive already · u undoes the last change        ? help · q quit
EOF
check_screen "c twice: the answer stays correct" answer-twice <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: extractive  answer: correct  relevant: 0/3 judged  note: —
 missing: relevant 1 2 3
 answer_correct is correct already · u undoes the last change   ? help · q quit
EOF
check_screen "1 three times: relevant, not relevant, relevant (never unset)" rank-thrice <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: extractive  answer: incorrect  relevant: 1/3 (1 relevant)  note: —
 missing: relevant 2 3
 saved · passage 1 relevant                                     ? help · q quit
EOF
check_screen "space twice on the focused passage: back where it was, still judged" space-twice <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: extractive  answer: incorrect  relevant: 1/3 (1 relevant)  note: —
 missing: relevant 2 3
 saved · passage 1 relevant                                     ? help · q quit
EOF
check_screen "u steps back through the toggles one by one" undo-space <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [+] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: extractive  answer: incorrect  relevant: 1/3 (1 relevant)  note: —
 missing: relevant 2 3
 undone · passage 1 relevant                                    ? help · q quit
EOF
check_screen "undo is how a value is unset: passage 1 back to not judged" undo-rank <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What is a lighthouse?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 A tower with a lamp that guides ships.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 [ ] p-keeper · Keepers
      Lighthouse keepers lit the lamp, wound the clockwork and kept the lens
      clean.
  3 [ ] p-lens
      A Fresnel lens is made of concentric rings of glass.







 intent: extractive  answer: incorrect  relevant: 0/3 judged  note: —
 missing: relevant 1 2 3
 undone · passage 1 not judged                                  ? help · q quit
EOF
# a press that keeps a value saves no row; its time goes to the next change
check_eq "one row per change; a kept press saves nothing, its seconds count for the next row" \
'alice answer_correct=1 2
alice answer_correct=0 12
alice intent="extractive" 2
alice relevant[1]=1 2
alice relevant[1]=0 1
alice relevant[1]=1 1
alice relevant[1]=0 1
alice relevant[1]=1 1
alice relevant[1]=0 1
alice relevant[1]=1 1
alice relevant[1]=0 1
alice relevant[1]=1 1
alice relevant[1]=null 1' "$(rows)"

# the other tasks: plausibility and faithfulness keep their value too
ui_run p.db --rater bob --task plausibility <<'EOF'
esc
y
y
:save-screen plausible-twice
EOF
check_ran "the plausibility script runs"
check_eq "y twice: plausible is kept" "$(printf ' plausibility: plausible  note: —\n ✓ finished · n: next item\n intent is extractive already · u undoes the last change' | sed 's/intent is extractive/plausibility is plausible/')" \
	"$(sed -n '22,24p' "$T/screens/plausible-twice" | sed 's/  *? help · q quit$//')"
ui_run p.db --rater carol --task faithfulness <<'EOF'
esc
x
x
:save-screen unfaithful-twice
EOF
check_ran "the faithfulness script runs"
check_eq "x twice: unfaithful is kept" ' faithfulness: unfaithful  note: —
 ✓ finished · n: next item
 faithfulness is unfaithful already · u undoes the last change' \
	"$(sed -n '22,24p' "$T/screens/unfaithful-twice" | sed 's/  *? help · q quit$//')"
check_eq "bob and carol: one row each" 'bob plausibility="plausible" 2
carol faithfulness="unfaithful" 2' "$(rows --rater bob; rows --rater carol)"

# typing an item's keys again over a finished item (as a rater does who
# goes back to check it) leaves it finished
ui_run p.db --rater dave <<'EOF'
esc
e
c
-
n
p
e
c
-
:save-screen retyped
EOF
check_ran "the retyping script runs"
check_eq "the finished item stays finished" ' intent: extractive  answer: correct  relevant: 3/3 judged (0 relevant)  note: —
 ✓ finished · n: next item
 every passage is judged already' "$(sed -n '22,24p' "$T/screens/retyped" | sed 's/  *? help · q quit$//')"
check_eq "and its labels have one row each" 'dave answer_correct=1 1
dave intent="extractive" 2
dave relevant[1]=0 1
dave relevant[2]=0 0
dave relevant[3]=0 0' "$(rows --rater dave)"
done_testing
