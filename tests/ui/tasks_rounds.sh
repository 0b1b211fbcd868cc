#!/bin/sh
# The plausibility and faithfulness tasks (same screen, their own field and
# keys: y/i/m, f/x), rounds (--round: the assigned items in assignment
# order, the round's task), and the errors annotate reports before it starts.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice --task plausibility <<'EOF'
:save-screen plaus-guidelines
esc
:save-screen plausibility
y
:save-screen plausible
n
i
n
m
n
1
?
:save-screen plaus-help
EOF
check_ran "the plausibility script runs"
check_screen "the built-in guidelines of the plausibility task" plaus-guidelines <<'EOF'
 convqa · p.db · rater alice · task plausibility   item 1/4 [----------] 0 done
── Guidelines (built in) ───────────────────────────────────────────────────────
  Task: plausibility. You see one item at a time: one system's answer to one
  turn of a conversation, with the earlier turns. Set every field below; each
  change is saved at once.

  plausibility (required): does the answer answer the question: plausible,
  implausible or malformed. Keys: y plausible, i implausible, m malformed.

  note (optional): a free-text note. Key: w.

  An item is finished when every required field is set. Moving on from an
  unfinished item loses nothing. u undoes the last change, ? lists every key,
  q closes this screen (on the item screen q quits).

  The project has no guidelines of its own; set them with:
  convqa guidelines set FILE





                                         j/k pgdn/pgup scroll · q or esc closes
 welcome, alice: ? lists the keys
EOF
check_screen "the plausibility task shows its one field" plausibility <<'EOF'
 convqa · p.db · rater alice · task plausibility   item 1/4 [----------] 0 done
 conversation c1 · turn 1/2                                          unfinished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · y plausible · i implausible · m malformed ───────────────────
 A tower with a lamp that guides ships.















 plausibility: ?  note: —
 missing: plausibility
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_screen "y: plausible, and the item is finished" plausible <<'EOF'
 convqa · p.db · rater alice · task plausibility   item 1/4 [###-------] 1 done
 conversation c1 · turn 1/2                                          ✓ finished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 1 of 2 · y plausible · i implausible · m malformed ───────────────────
 A tower with a lamp that guides ships.















 plausibility: plausible  note: —
 ✓ finished · n: next item
 saved · plausibility = plausible · item finished (n: next it…  ? help · q quit
EOF
check_screen "the help lists the plausibility keys only" plaus-help <<'EOF'
 convqa · p.db · rater alice · task plausibility   item 4/4 [########--] 3 done
── Help ────────────────────────────────────────────────────────────────────────
  Keys for the plausibility task. Every change is saved at once; the status
  line says "saved" when it is.

  Label
    y              plausibility: plausible
    i              plausibility: implausible
    m              plausibility: malformed
    w              write the note (enter saves, esc cancels)
    u              undo the last change (repeat: earlier ones)

  Move
    n right        next item (in a passage: next passage)
    p left         previous item (in a passage: previous)
    ]              next turn (skips the other systems' answers)
    [              previous turn (its first answer)
    tab            next unfinished item
    :              go to item N: type its number, enter
    A              on/off: finishing an item goes to the next unfinished one
    j down         focus the next passage or piece (in a text: scroll)
    k up           focus the previous passage or piece (in a text: scroll)
 lines 1-20 of 46                        j/k pgdn/pgup scroll · q or esc closes
 the key 1 does nothing here · ? lists the keys
EOF
check_eq "plausibility labels" 'c1/1/sys-a alice plausibility="plausible"
c1/1/sys-b alice plausibility="implausible"
c1/2/sys-a alice plausibility="malformed"' "$(labels p.db --task plausibility)"

ui_run p.db --rater alice --task faithfulness <<'EOF'
esc
f
n
x
:save-screen unfaithful
EOF
check_ran "the faithfulness script runs"
check_screen "faithfulness: f faithful, x unfaithful" unfaithful <<'EOF'
 convqa · p.db · rater alice · task faithfulness   item 2/4 [#####-----] 2 done
 conversation c1 · turn 1/2                                          ✓ finished
── Question 1/2 ────────────────────────────────────────────────────────────────
 What is a lighthouse?
── Answer 2 of 2 · f faithful · x unfaithful ───────────────────────────────────
 A building by the sea.
── Evidence ────────────────────────────────────────────────────────────────────
 no evidence spans: run convqa spans













 faithfulness: unfaithful  note: —
 ✓ finished · n: next item
 saved · faithfulness = unfaithful · item finished (n: next i…  ? help · q quit
EOF
check_eq "faithfulness labels" 'c1/1/sys-a alice faithfulness="faithful"
c1/1/sys-b alice faithfulness="unfaithful"' "$(labels p.db --task faithfulness)"

# a round with two assigned items, the later item first
sqlite3 p.db "INSERT INTO round(name, task, created_at) VALUES ('r1', 'plausibility', '2026-01-01T00:00:00Z');
INSERT INTO rater(name) VALUES ('carol');
INSERT INTO assignment(round_id, rater_id, response_id, seq)
  SELECT (SELECT id FROM round WHERE name = 'r1'), (SELECT id FROM rater WHERE name = 'carol'), r.id, 2 - (t.position - 1)
  FROM response r JOIN turn t ON t.id = r.turn_id JOIN system s ON s.id = r.system_id
  JOIN conversation c ON c.id = t.conversation_id WHERE c.ext_id = 'c1' AND s.name = 'sys-a';"
ui_run p.db --rater carol --round r1 <<'EOF'
esc
:save-screen round
m
n
y
EOF
check_ran "the round script runs"
check_screen "a round: its task, its name in the header, the assigned items in order" round <<'EOF'
 p.db · carol · plausibility · r1                  item 1/2 [----------] 0 done
 conversation c1 · turn 2/2                                          unfinished
── History · 1 earlier turn · h hides ──────────────────────────────────────────
 Q1 What is a lighthouse?
    A: A tower with a lamp that guides ships.
── Question 2/2 · r rewrite ────────────────────────────────────────────────────
 How tall is it?
── Answer 1 of 1 · y plausible · i implausible · m malformed ───────────────────
 Most are between 20 and 60 metres tall.












 plausibility: ?  note: —
 missing: plausibility
 welcome, carol: ? lists the keys                               ? help · q quit
EOF
check_eq "round labels carry the round" 'c1/1/sys-a carol plausibility="plausible" r1
c1/2/sys-a carol plausibility="malformed" r1' "$("$CONVQA" export --db p.db --round r1 | python3 -c '
import json, sys
for l in json.load(sys.stdin)["labels"]:
    print("%s/%s/%s %s %s=%s %s" % (l["conversation"], l["turn"], l["system"], l["rater"], l["field"], json.dumps(l["value"]), l["round"]))')"

check_run "--task checks its value: a built-in or the project's scheme" 2 \
	"convqa: annotate: no task or scheme 'bogus' (schemes: turn, plausibility, faithfulness, pairwise; add one with: convqa scheme add FILE)" \
	"$CONVQA" annotate --db p.db --rater alice --task bogus
check_run "--keys --task checks its value too" 2 \
	"convqa: annotate: no task or scheme 'bogus' (schemes: turn, plausibility, faithfulness, pairwise; add one with: convqa scheme add FILE)" \
	"$CONVQA" annotate --db p.db --keys --task bogus
check_run "--round must name a round (bad input, as in label, report, export)" 2 \
	"convqa: no round 'r9' in the project (its rounds: r1)" \
	"$CONVQA" annotate --db p.db --rater alice --round r9
check_run "--task must match the round's task (bad input, as in label)" 2 \
	"convqa: annotate: round 'r1' is a plausibility round, not turn (leave out --task)" \
	"$CONVQA" annotate --db p.db --rater carol --round r1 --task turn
check_run "a rater without assignments in the round" 2 \
	"convqa: annotate: round 'r1' assigns no items to rater 'alice' (see convqa round show r1)" \
	"$CONVQA" annotate --db p.db --rater alice --round r1
sqlite3 p.db "UPDATE round SET status = 'closed' WHERE name = 'r1'"
check_run "a closed round cannot be labelled (bad input, as in label)" 2 \
	"convqa: annotate: round 'r1' is closed (a coordinator reopens it with: convqa round reopen r1)" \
	"$CONVQA" annotate --db p.db --rater carol --round r1
"$CONVQA" init --db empty.db >/dev/null
check_run "an empty project has nothing to annotate" 2 \
	"convqa: the project has no items to annotate (import a task file first)" \
	"$CONVQA" annotate --db empty.db --rater alice
check_run "without a terminal or a script annotate refuses" 1 \
	"convqa: annotate needs a terminal (for scripted runs set CONVQA_SCRIPT=FILE)" \
	"$CONVQA" annotate --db p.db --rater alice
printf 'esc\nbogus-key\n' >"$T/bad-script"
CONVQA_SCRIPT="$T/bad-script" check_run "an unknown key in a script is an error with its line" 1 \
	"convqa: $T/bad-script:2: unknown key or command 'bogus-key'" "$CONVQA" annotate --db p.db --rater alice
CONVQA_SCRIPT="$T/none" check_run "a missing script is an I/O error" 4 \
	"convqa: cannot read script '$T/none': No such file or directory" "$CONVQA" annotate --db p.db --rater alice
USER= check_run "a rater is needed" 1 "convqa: annotate: who is labelling? give --rater NAME (or set \$USER)" \
	"$CONVQA" annotate --db p.db
done_testing
