#!/bin/sh
# A scheme of the project's own (sample_tasks/schemes/likert-4pt.json,
# added with convqa scheme add): its item screen, help and guidelines come
# from the scheme - an ordinal 4-point scale on keys 1-4 (no rank keys: the
# scheme judges no passage), a nominal field of 5 categories, a note - and
# what it shows; a skip_when_empty field is not asked of an empty answer
# (not shown, not missing, its keys refused) while the answer's other
# fields are; a key of another scheme does nothing here. A scheme that
# shows the answer only has no history and no passages on its screen.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
cat >"$T/empty.json" <<'EOF'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}],
 "collection": [{"id": "p1", "title": "Bees", "text": "Honeybees dance to tell where flowers are."}],
 "conversations": [{"id": "bees", "turns": [
   {"question": "Why do bees dance?", "responses": [{"system": "s1", "answer": " ", "passages": [{"rank": 1, "id": "p1"}]}]}]}]}
EOF
ui_project p.db "$FIX/small.json" "$T/empty.json"
"$CONVQA" scheme add --db p.db "$SAMPLES/schemes/likert-4pt.json" >/dev/null

ui_run p.db --rater alice --task likert-4pt <<'EOF'
:save-screen guidelines
esc
:save-screen item
3
:save-screen ordinal
a
:save-screen nominal
?
:save-screen help
pgdn
pgdn
:save-screen help-end
esc
e
:save-screen other-key
1
space
:save-screen no-rank-keys
n
n
n
n
:save-screen empty
a
:save-screen not-asked
2
:save-screen empty-finished
n
:save-screen summary
EOF
check_ran "the script runs"
check_screen "the built-in guidelines of a scheme of the project's" guidelines <<'EOF'
 convqa · p.db · rater alice · task likert-4pt     item 1/5 [----------] 0 done
── Guidelines (built in) ───────────────────────────────────────────────────────
  Task: likert-4pt. You see one item at a time: one system's answer to one
  turn of a conversation, with the earlier turns and the passages the system
  retrieved. Set every field below; each change is saved at once.

  completeness (required): does the answer say all that the question asks.
  Keys, lowest first: 1 No, 2 Mostly no, 3 Mostly yes, 4 Yes.

  error_type (optional, not asked of an empty answer): the main kind of error
  in the answer, if any. Keys: o no error, a hallucination, i incomplete, f
  off-topic, x unreadable.

  note (optional): a free-text note. Key: w.

  An item is finished when every required field is set. Moving on from an
  unfinished item loses nothing. u undoes the last change, ? lists every key,
  q closes this screen (on the item screen q quits).

  The project has no guidelines of its own; set them with:
  convqa guidelines set FILE

                                         j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "the item screen: the scale and the categories on the answer rule, no passage marks" item <<'EOF'
 convqa · p.db · rater alice · task likert-4pt     item 1/5 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · 1-4 completeness: No … Yes · o/a/i/f/x error_type ───────────
 A building by the sea.
── Passages (2) · j/k focus · enter opens ──────────────────────────────────────
▸ 1 p-light · Lighthouses
      A lighthouse is a tower with a bright lamp that guides ships at night.
  2 p-tall · Tallest lighthouses
      The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
      lighthouses are between 20 and 60 metres tall, and a few stand only a few
      metres above the sea.








 completeness: ?  error: —  note: —
 missing: completeness
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_rows "3: the scale's third point, in words" ordinal 22 24 <<'EOF'
 completeness: Mostly yes  error: —  note: —
 ✓ finished · n: next item
 saved · completeness = Mostly yes · item finished (n: next i…  ? help · q quit
EOF
check_rows "l: a category of the nominal field" nominal 22 24 <<'EOF'
 completeness: Mostly yes  error: hallucination  note: —
 ✓ finished · n: next item
 saved · error_type = hallucination                             ? help · q quit
EOF
check_screen "the help lists the scheme's keys, then the fixed ones" help <<'EOF'
 convqa · p.db · rater alice · task likert-4pt     item 1/5 [##--------] 1 done
── Help ────────────────────────────────────────────────────────────────────────
  Keys for the likert-4pt task. Every change is saved at once; the status line
  says "saved" when it is.

  Label
    1              completeness: No
    2              completeness: Mostly no
    3              completeness: Mostly yes
    4              completeness: Yes
    o              error_type: no error
    a              error_type: hallucination
    i              error_type: incomplete
    f              error_type: off-topic
    x              error_type: unreadable
    w              write the note (enter saves, esc cancels)
    u              undo the last change (repeat: earlier ones)

  Move
    n right        next item (in a passage: next passage)
    p left         previous item (in a passage: previous)
    ]              next turn (skips the other systems' answers)
 lines 1-20 of 52                        j/k pgdn/pgup scroll · q or esc closes
 saved · error_type = hallucination
EOF
check_screen "the help's last page" help-end <<'EOF'
 convqa · p.db · rater alice · task likert-4pt     item 1/5 [##--------] 1 done
── Help ────────────────────────────────────────────────────────────────────────
    enter          open the focused passage or evidence piece (again: close)
    t              question, rewrite and answer in full
    l              the list of items, their state; enter goes to one
    h              show / hide the earlier turns
    r              show / hide the rewritten question
    E              show / hide the evidence spans in the passages
    ? F1           this help
    g              the annotation guidelines
    /              search every passage of the project (from the turn screen)
    +              in a search: relevant to the turn too (extra_gold)
    esc backspace  close this screen
    q              quit, all saved (help, guidelines, passage, list: close)

  Chat
    F2             convqa chat: end the conversation and judge its turns

  Typing in a prompt (a note, / search, : go to item): left, right, home and
  end (C-b, C-f, C-a, C-e) move in the line; backspace and delete (C-d) erase;
  C-u erases before the cursor (all of the line with the cursor at its end),
  C-k after it; in the search, up and down recall earlier queries.
 lines 33-52 of 52                       j/k pgdn/pgup scroll · q or esc closes
 saved · error_type = hallucination
EOF
check_rows "e (intent in the turn scheme) does nothing here" other-key 24 24 <<'EOF'
 the key e does nothing here · ? lists the keys                 ? help · q quit
EOF
check_rows "1 is the scale's first point, space nothing: no rank or toggle keys" no-rank-keys 22 24 <<'EOF'
 completeness: No  error: hallucination  note: —
 ✓ finished · n: next item
 the key space does nothing here · ? lists the keys             ? help · q quit
EOF
check_screen "an empty answer: shown as empty, error_type not asked" empty <<'EOF'
 convqa · p.db · rater alice · task likert-4pt     item 5/5 [##--------] 1 done
 conversation bees · turn 1/1                                        unfinished
── Question 1/1 ────────────────────────────────────────────────────────────────
 Why do bees dance?
── Answer 1 of 1 · 1 No · 2 Mostly no · 3 Mostly yes · 4 Yes ───────────────────
 (empty answer)
── Passages (1) · j/k focus · enter opens ──────────────────────────────────────
▸ 1 p1 · Bees
      Honeybees dance to tell where flowers are.












 completeness: ?  note: —
 missing: completeness
                                                                ? help · q quit
EOF
check_rows "the key of a field not asked says so" not-asked 22 24 <<'EOF'
 completeness: ?  note: —
 missing: completeness
 error_type is not asked of an empty answer                     ? help · q quit
EOF
check_rows "the answer's other field can be judged: the item is finished" empty-finished 1 24 <<'EOF'
 convqa · p.db · rater alice · task likert-4pt     item 5/5 [####------] 2 done
 conversation bees · turn 1/1                                        ✓ finished
── Question 1/1 ────────────────────────────────────────────────────────────────
 Why do bees dance?
── Answer 1 of 1 · 1 No · 2 Mostly no · 3 Mostly yes · 4 Yes ───────────────────
 (empty answer)
── Passages (1) · j/k focus · enter opens ──────────────────────────────────────
▸ 1 p1 · Bees
      Honeybees dance to tell where flowers are.












 completeness: Mostly no  note: —
 ✓ finished · n: next item
 saved · completeness = Mostly no · item finished (n: next it…  ? help · q quit
EOF
check_rows "the summary counts the scale's points in order" summary 3 8 <<'EOF'
  2 of 5 items finished, 3 still to do.

  completeness  No 1 · Mostly no 1 · Mostly yes 0 · Yes 0
  error_type    no error 0 · hallucination 1 · incomplete 0 · off-topic 0 · un…

  Active time: 0 min 11 s, 6 s per finished item.
EOF
check_eq "the labels" 'c1/1/sys-b alice completeness="no"
c1/1/sys-b alice error_type="hallucination"
bees/1/s1 alice completeness="mostly no"' "$(labels p.db)"

run "$CONVQA" annotate --db p.db --keys --task likert-4pt
check_eq "annotate --keys --task NAME: the project scheme's keys" "0" "$rc"
check_grep "its scale keys" '^| `1` | set-value | completeness: No |$' "$T/out"
check_grep "and the fixed keys" '^| `q` | quit |' "$T/out"
# a scheme that shows the answer only (no history, no passages): a turn's
# field on the question's rule, a binary one on the answer's (its 1 first)
cat >"$T/quick.json" <<'EOF'
{
  "format": "convqa-scheme",
  "version": 1,
  "name": "quick",
  "description": "a quick look at the answers: the question's topic, is the answer fluent",
  "shows": ["answer"],
  "fields": [
    {
      "name": "topic",
      "unit": "turn",
      "type": "nominal",
      "required": true,
      "help": "what the question is about",
      "categories": [
        { "value": "things", "label": "things", "key": "a" },
        { "value": "people", "label": "people", "key": "s" }
      ]
    },
    {
      "name": "fluent",
      "unit": "response",
      "type": "binary",
      "required": true,
      "help": "does the answer read well",
      "categories": [
        { "value": "0", "label": "not fluent", "key": "0" },
        { "value": "1", "label": "fluent", "key": "1" }
      ]
    }
  ]
}
EOF
"$CONVQA" scheme add --db p.db "$T/quick.json" >/dev/null
ui_run p.db --rater bob --task quick <<'EOF'
esc
:save-screen quick
enter
:save-screen quick-no-passages
a
1
n
n
h
:save-screen quick-no-history
EOF
check_ran "the script of the answer-only scheme runs"
check_screen "shows: answer - the question and the answer, no passages" quick <<'EOF'
 convqa · p.db · rater bob · task quick            item 1/5 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 · a/s topic: things/people ─────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · 1 fluent · 0 not fluent ─────────────────────────────────────
 A tower with a lamp that guides ships.















 topic: ?  fluent: ?
 missing: topic, fluent
 new rater bob; others: alice · q if mistyped                   ? help · q quit
EOF
check_rows "enter: the task shows no passages" quick-no-passages 24 24 <<'EOF'
 the quick task shows no passages                               ? help · q quit
EOF
check_screen "h: the task shows no history (turn 2 has one)" quick-no-history <<'EOF'
 convqa · p.db · rater bob · task quick            item 3/5 [##--------] 1 done
 conversation c1 · turn 2/2                                          unfinished
── Question 2/2 · a/s topic: things/people · r rewrite ─────────────────────────
 How tall is it?
── Answer 1 of 1 · 1 fluent · 0 not fluent ─────────────────────────────────────
 Most are between 20 and 60 metres tall.















 topic: ?  fluent: ?
 missing: topic, fluent
 the quick task shows no history                                ? help · q quit
EOF
done_testing
