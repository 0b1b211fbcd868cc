#!/bin/sh
# The item list (l): a row per item of the rater's queue - its number,
# state (finished, unfinished, not started), conversation, turn, answer
# ("1 of 2", or the system with --show-systems) and question - the item
# shown marked •, the selection ▸; j/k, pgdn/pgup, home/end and tab move the
# selection; enter goes to the selected item; q and esc go back; label keys
# do nothing there. Task text is inert in it, long values are cut, it fits
# 40x12. No scheme may take l (nor : or A); a scheme stored before l was
# reserved keeps it, and annotate says what it hides. The list in docs/annotating.md
# is what annotate draws.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"

# 12 conversations of 1-3 turns, 2 systems: 48 items; conversation 2 has a
# long id, conversation 3 a question with escape sequences, a bidi control
# and a line break
python3 - "$T/q.json" <<'EOF'
import json, sys
convs = []
for k in range(1, 13):
    cid = "conv-%02d" % k if k != 2 else "conv-02-with-an-identifier-too-long-for-its-column"
    turns = []
    for t in range(1, 2 + k % 3):
        q = "Question %d of conversation %d?" % (t, k)
        if k == 3:
            q = "Red \u001b[31malert\u001b[0m and \u202eevil\u202c\nsecond line"
        turns.append({"question": q, "responses": [
            {"system": s, "answer": "Answer of %s." % s, "passages": [{"rank": 1, "score": 1, "id": "p%02d" % k}]}
            for s in ("sys-a", "sys-b")]})
    convs.append({"id": cid, "turns": turns})
json.dump({"format": "convqa-tasks", "version": 1, "systems": [{"id": "sys-a"}, {"id": "sys-b"}],
           "collection": [{"id": "p%02d" % k, "title": "Passage %d" % k, "text": "Text of passage %d." % k}
                          for k in range(1, 13)],
           "conversations": convs}, open(sys.argv[1], "w"))
EOF
ui_project p.db "$T/q.json"
# conv-01 turn 1 finished for both systems; turn 2 begun on sys-a's answer
lab() { "$CONVQA" label --db p.db --rater alice "$@" >/dev/null; }
lab -c conv-01 -n 1 -s sys-a intent boolean
lab -c conv-01 -n 1 -s sys-a answer_correct 1
lab -c conv-01 -n 1 -s sys-b answer_correct 0
lab -c conv-01 -n 1 -s sys-a -k 1 relevant 1
lab -c conv-01 -n 2 -s sys-a answer_correct 1

ui_run p.db --rater alice <<'EOF'
esc
l
:save-screen list
j
j
:save-screen moved
enter
:save-screen entered
l
:save-screen again
c
:save-screen label-key
n
:save-screen n-key
pgdn
:save-screen pgdn
end
:save-screen end
pgup
:save-screen pgup
home
:save-screen home
tab
:save-screen tab
q
:save-screen q
l
k
esc
:save-screen esc
l
:resize 40 12
:save-screen narrow
:resize 80 24
:save-screen wide-again
backspace
q
EOF
check_ran "the script runs"
check_screen "l: every item with its state; the item shown (•) selected (▸)" list <<'EOF'
 convqa · p.db · rater alice · task turn          item 3/48 [----------] 2 done
── Items · 2 finished · 46 to do · • the item shown ────────────────────────────
   # state        conversation     turn  answer  question
   1 ✓ finished   conv-01          1/2   1 of 2  Question 1 of conversation 1?
   2 ✓ finished   conv-01          1/2   2 of 2  Question 1 of conversation 1?
▸• 3 not started  conv-01          2/2   1 of 2  Question 2 of conversation 1?
   4 unfinished   conv-01          2/2   2 of 2  Question 2 of conversation 1?
   5 not started  conv-02-with-a…  1/3   1 of 2  Question 1 of conversation 2?
   6 not started  conv-02-with-a…  1/3   2 of 2  Question 1 of conversation 2?
   7 not started  conv-02-with-a…  2/3   1 of 2  Question 2 of conversation 2?
   8 not started  conv-02-with-a…  2/3   2 of 2  Question 2 of conversation 2?
   9 not started  conv-02-with-a…  3/3   1 of 2  Question 3 of conversation 2?
  10 not started  conv-02-with-a…  3/3   2 of 2  Question 3 of conversation 2?
  11 not started  conv-03          1/1   1 of 2  Red ^[[31malert^[[0m and <U+2…
  12 not started  conv-03          1/1   2 of 2  Red ^[[31malert^[[0m and <U+2…
  13 not started  conv-04          1/2   1 of 2  Question 1 of conversation 4?
  14 not started  conv-04          1/2   2 of 2  Question 1 of conversation 4?
  15 not started  conv-04          2/2   1 of 2  Question 2 of conversation 4?
  16 not started  conv-04          2/2   2 of 2  Question 2 of conversation 4?
  17 not started  conv-05          1/3   1 of 2  Question 1 of conversation 5?
  18 not started  conv-05          1/3   2 of 2  Question 1 of conversation 5?
  19 not started  conv-05          2/3   1 of 2  Question 2 of conversation 5?
 items 1-19 of 48    j/k move · tab unfinished · : number · enter goes · q back
 resumed at the first unfinished item (2 of 48 done)
EOF
check_rows "j moves the selection" moved 3 9 <<'EOF'
   # state        conversation     turn  answer  question
   1 ✓ finished   conv-01          1/2   1 of 2  Question 1 of conversation 1?
   2 ✓ finished   conv-01          1/2   2 of 2  Question 1 of conversation 1?
 • 3 not started  conv-01          2/2   1 of 2  Question 2 of conversation 1?
   4 unfinished   conv-01          2/2   2 of 2  Question 2 of conversation 1?
▸  5 not started  conv-02-with-a…  1/3   1 of 2  Question 1 of conversation 2?
   6 not started  conv-02-with-a…  1/3   2 of 2  Question 1 of conversation 2?
EOF
check_rows "enter goes to the selected item" entered 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn          item 5/48 [----------] 2 done
 conversation conv-02-with-an-identifier-too-long-for-i… · turn 1/3  unfinished
EOF
check_rows "the list opens on the item shown" again 3 9 <<'EOF'
   # state        conversation     turn  answer  question
   1 ✓ finished   conv-01          1/2   1 of 2  Question 1 of conversation 1?
   2 ✓ finished   conv-01          1/2   2 of 2  Question 1 of conversation 1?
   3 not started  conv-01          2/2   1 of 2  Question 2 of conversation 1?
   4 unfinished   conv-01          2/2   2 of 2  Question 2 of conversation 1?
▸• 5 not started  conv-02-with-a…  1/3   1 of 2  Question 1 of conversation 2?
   6 not started  conv-02-with-a…  1/3   2 of 2  Question 1 of conversation 2?
EOF
check_rows "n does nothing in the list" n-key 24 24 <<'EOF'
 the key n does nothing here · ? lists the keys
EOF
check_screen "label keys do nothing in the list" label-key <<'EOF'
 convqa · p.db · rater alice · task turn          item 5/48 [----------] 2 done
── Items · 2 finished · 46 to do · • the item shown ────────────────────────────
   # state        conversation     turn  answer  question
   1 ✓ finished   conv-01          1/2   1 of 2  Question 1 of conversation 1?
   2 ✓ finished   conv-01          1/2   2 of 2  Question 1 of conversation 1?
   3 not started  conv-01          2/2   1 of 2  Question 2 of conversation 1?
   4 unfinished   conv-01          2/2   2 of 2  Question 2 of conversation 1?
▸• 5 not started  conv-02-with-a…  1/3   1 of 2  Question 1 of conversation 2?
   6 not started  conv-02-with-a…  1/3   2 of 2  Question 1 of conversation 2?
   7 not started  conv-02-with-a…  2/3   1 of 2  Question 2 of conversation 2?
   8 not started  conv-02-with-a…  2/3   2 of 2  Question 2 of conversation 2?
   9 not started  conv-02-with-a…  3/3   1 of 2  Question 3 of conversation 2?
  10 not started  conv-02-with-a…  3/3   2 of 2  Question 3 of conversation 2?
  11 not started  conv-03          1/1   1 of 2  Red ^[[31malert^[[0m and <U+2…
  12 not started  conv-03          1/1   2 of 2  Red ^[[31malert^[[0m and <U+2…
  13 not started  conv-04          1/2   1 of 2  Question 1 of conversation 4?
  14 not started  conv-04          1/2   2 of 2  Question 1 of conversation 4?
  15 not started  conv-04          2/2   1 of 2  Question 2 of conversation 4?
  16 not started  conv-04          2/2   2 of 2  Question 2 of conversation 4?
  17 not started  conv-05          1/3   1 of 2  Question 1 of conversation 5?
  18 not started  conv-05          1/3   2 of 2  Question 1 of conversation 5?
  19 not started  conv-05          2/3   1 of 2  Question 2 of conversation 5?
 items 1-19 of 48    j/k move · tab unfinished · : number · enter goes · q back
 the key c does nothing here · ? lists the keys
EOF
check_screen "pgdn: a page further" pgdn <<'EOF'
 convqa · p.db · rater alice · task turn          item 5/48 [----------] 2 done
── Items · 2 finished · 46 to do · • the item shown ────────────────────────────
   # state        conversation     turn  answer  question
  19 not started  conv-05          2/3   1 of 2  Question 2 of conversation 5?
  20 not started  conv-05          2/3   2 of 2  Question 2 of conversation 5?
  21 not started  conv-05          3/3   1 of 2  Question 3 of conversation 5?
  22 not started  conv-05          3/3   2 of 2  Question 3 of conversation 5?
▸ 23 not started  conv-06          1/1   1 of 2  Question 1 of conversation 6?
  24 not started  conv-06          1/1   2 of 2  Question 1 of conversation 6?
  25 not started  conv-07          1/2   1 of 2  Question 1 of conversation 7?
  26 not started  conv-07          1/2   2 of 2  Question 1 of conversation 7?
  27 not started  conv-07          2/2   1 of 2  Question 2 of conversation 7?
  28 not started  conv-07          2/2   2 of 2  Question 2 of conversation 7?
  29 not started  conv-08          1/3   1 of 2  Question 1 of conversation 8?
  30 not started  conv-08          1/3   2 of 2  Question 1 of conversation 8?
  31 not started  conv-08          2/3   1 of 2  Question 2 of conversation 8?
  32 not started  conv-08          2/3   2 of 2  Question 2 of conversation 8?
  33 not started  conv-08          3/3   1 of 2  Question 3 of conversation 8?
  34 not started  conv-08          3/3   2 of 2  Question 3 of conversation 8?
  35 not started  conv-09          1/1   1 of 2  Question 1 of conversation 9?
  36 not started  conv-09          1/1   2 of 2  Question 1 of conversation 9?
  37 not started  conv-10          1/2   1 of 2  Question 1 of conversation 10?
 items 19-37 of 48   j/k move · tab unfinished · : number · enter goes · q back
 the key n does nothing here · ? lists the keys
EOF
check_rows "end: the last item" end 20 24 <<'EOF'
  46 not started  conv-11          3/3   2 of 2  Question 3 of conversation 11?
  47 not started  conv-12          1/1   1 of 2  Question 1 of conversation 12?
▸ 48 not started  conv-12          1/1   2 of 2  Question 1 of conversation 12?
 items 30-48 of 48   j/k move · tab unfinished · : number · enter goes · q back
 the key n does nothing here · ? lists the keys
EOF
check_rows "pgup: a page back" pgup 2 5 <<'EOF'
── Items · 2 finished · 46 to do · • the item shown ────────────────────────────
   # state        conversation     turn  answer  question
  12 not started  conv-03          1/1   2 of 2  Red ^[[31malert^[[0m and <U+2…
  13 not started  conv-04          1/2   1 of 2  Question 1 of conversation 4?
EOF
check_rows "home: the first item" home 2 5 <<'EOF'
── Items · 2 finished · 46 to do · • the item shown ────────────────────────────
   # state        conversation     turn  answer  question
▸  1 ✓ finished   conv-01          1/2   1 of 2  Question 1 of conversation 1?
   2 ✓ finished   conv-01          1/2   2 of 2  Question 1 of conversation 1?
EOF
check_rows "tab: the next unfinished item" tab 3 8 <<'EOF'
   # state        conversation     turn  answer  question
   1 ✓ finished   conv-01          1/2   1 of 2  Question 1 of conversation 1?
   2 ✓ finished   conv-01          1/2   2 of 2  Question 1 of conversation 1?
▸  3 not started  conv-01          2/2   1 of 2  Question 2 of conversation 1?
   4 unfinished   conv-01          2/2   2 of 2  Question 2 of conversation 1?
 • 5 not started  conv-02-with-a…  1/3   1 of 2  Question 1 of conversation 2?
EOF
check_rows "q goes back to the item shown" q 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn          item 5/48 [----------] 2 done
 conversation conv-02-with-an-identifier-too-long-for-i… · turn 1/3  unfinished
EOF
check_rows "esc goes back without moving" esc 1 2 <<'EOF'
 convqa · p.db · rater alice · task turn          item 5/48 [----------] 2 done
 conversation conv-02-with-an-identifier-too-long-for-i… · turn 1/3  unfinished
EOF
check_screen "at 40x12 the columns narrow, the question keeps its room" narrow <<'EOF'
 p.db · alice · turn   item 5/48 2 done
── Items · 2/48 finished · • shown ─────
   # state  conv  turn ans question
   1 ✓ done conv… 1/2  1/2 Question 1 …
   2 ✓ done conv… 1/2  2/2 Question 1 …
   3 new    conv… 2/2  1/2 Question 2 …
   4 begun  conv… 2/2  2/2 Question 2 …
▸• 5 new    conv… 1/3  1/2 Question 1 …
   6 new    conv… 1/3  2/2 Question 1 …
   7 new    conv… 2/3  1/2 Question 2 …
 items 1-7 of 48    enter goes · q back
 the key n does nothing here · ? lists…
EOF
check_screen "back at 80x24" wide-again <<'EOF'
 convqa · p.db · rater alice · task turn          item 5/48 [----------] 2 done
── Items · 2 finished · 46 to do · • the item shown ────────────────────────────
   # state        conversation     turn  answer  question
   1 ✓ finished   conv-01          1/2   1 of 2  Question 1 of conversation 1?
   2 ✓ finished   conv-01          1/2   2 of 2  Question 1 of conversation 1?
   3 not started  conv-01          2/2   1 of 2  Question 2 of conversation 1?
   4 unfinished   conv-01          2/2   2 of 2  Question 2 of conversation 1?
▸• 5 not started  conv-02-with-a…  1/3   1 of 2  Question 1 of conversation 2?
   6 not started  conv-02-with-a…  1/3   2 of 2  Question 1 of conversation 2?
   7 not started  conv-02-with-a…  2/3   1 of 2  Question 2 of conversation 2?
   8 not started  conv-02-with-a…  2/3   2 of 2  Question 2 of conversation 2?
   9 not started  conv-02-with-a…  3/3   1 of 2  Question 3 of conversation 2?
  10 not started  conv-02-with-a…  3/3   2 of 2  Question 3 of conversation 2?
  11 not started  conv-03          1/1   1 of 2  Red ^[[31malert^[[0m and <U+2…
  12 not started  conv-03          1/1   2 of 2  Red ^[[31malert^[[0m and <U+2…
  13 not started  conv-04          1/2   1 of 2  Question 1 of conversation 4?
  14 not started  conv-04          1/2   2 of 2  Question 1 of conversation 4?
  15 not started  conv-04          2/2   1 of 2  Question 2 of conversation 4?
  16 not started  conv-04          2/2   2 of 2  Question 2 of conversation 4?
  17 not started  conv-05          1/3   1 of 2  Question 1 of conversation 5?
  18 not started  conv-05          1/3   2 of 2  Question 1 of conversation 5?
  19 not started  conv-05          2/3   1 of 2  Question 2 of conversation 5?
 items 1-19 of 48    j/k move · tab unfinished · : number · enter goes · q back
 the key n does nothing here · ? lists the keys
EOF
check_eq "the list changed no label" "conv-01/1/sys-a alice answer_correct=1
conv-01/1/sys-a alice intent=\"boolean\"
conv-01/1/sys-a alice relevant[1]=1
conv-01/1/sys-b alice answer_correct=0
conv-01/2/sys-a alice answer_correct=1" "$(labels p.db | sort)"

# a wider window: the conversation column grows to its ids (up to 24
# columns), the question takes the rest; the question's escape sequences,
# bidi controls and line break are shown as text
CONVQA_COLUMNS=120 ui_run p.db --rater alice <<'EOF'
esc
l
:save-screen wide
EOF
check_rows "at 120 columns the ids and the questions show in full, inert" wide 13 14 <<'EOF'
  10 not started  conv-02-with-an-identif…  3/3   2 of 2  Question 3 of conversation 2?
  11 not started  conv-03                   1/1   1 of 2  Red ^[[31malert^[[0m and <U+202E>evil<U+202C> second line
EOF

# --show-systems: the answer column names the system
ui_run p.db --rater alice --show-systems <<'EOF'
esc
l
:save-screen systems
EOF
check_rows "with --show-systems the list names the systems" systems 3 8 <<'EOF'
   # state        conversation     turn  system  question
   1 ✓ finished   conv-01          1/2   sys-a   Question 1 of conversation 1?
   2 ✓ finished   conv-01          1/2   sys-b   Question 1 of conversation 1?
▸• 3 not started  conv-01          2/2   sys-b   Question 2 of conversation 1?
   4 unfinished   conv-01          2/2   sys-a   Question 2 of conversation 1?
   5 not started  conv-02-with-a…  1/3   sys-b   Question 1 of conversation 2?
EOF

# a scheme may not take l, : or A
for k in l : A; do
	cat >"$T/k.json" <<EOF
{"format": "convqa-scheme", "version": 1, "name": "takes-key", "description": "a test scheme", "shows": ["answer"],
 "fields": [{"name": "ok", "unit": "response", "type": "binary", "required": true,
  "categories": [{"value": "0", "label": "no", "key": "0"}, {"value": "1", "label": "yes", "key": "$k"}]}]}
EOF
	action=$(case $k in l) echo list ;; :) echo jump ;; A) echo auto-advance ;; esac)
	check_run "scheme add refuses a scheme that takes $k" 2 \
		"$T/k.json: \$.fields[0].categories[1].key: key \"$k\" is reserved for $action (the keys of navigation and other global actions are: u n p ] [ j k t h r ? g q l : A E / +)" \
		"$CONVQA" scheme add --db p.db "$T/k.json"
done
run "$CONVQA" scheme list --db p.db
check_eq "and adds none of them" "" "$(grep takes-key "$T/out")"

# a scheme stored before l was reserved keeps l: its key wins, annotate
# says which fixed key it hides, help lists l for the scheme only
sed 's/"key": "l"/"key": "z"/; s/takes-key/legacy/' "$T/k.json" >"$T/legacy.json"
sed -i 's/"key": "[:A]"/"key": "z"/' "$T/legacy.json"
"$CONVQA" scheme add --db p.db "$T/legacy.json" >/dev/null
python3 - p.db <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("""UPDATE scheme SET json = replace(json, '"key": "z"', '"key": "l"') WHERE name = 'legacy'""")
db.commit()
EOF
ui_run p.db --rater alice --task legacy <<'EOF'
esc
:save-screen legacy
l
:save-screen legacy-l
?
:save-screen legacy-help
EOF
check_ran "a stored scheme that takes l still opens"
check_rows "annotate says which key the scheme hides" legacy 24 24 <<'EOF'
 scheme legacy takes l (list): give it another key with convqa scheme add
EOF
check_rows "l is the scheme's key there" legacy-l 24 24 <<'EOF'
 saved · ok = yes · item finished (n: next item)                ? help · q quit
EOF
"$CONVQA" annotate --db p.db --keys --task legacy >"$T/legacy-keys"
check_eq "--keys lists l once, for the scheme" "| \`l\` | set-value | ok: yes |" "$(grep '`l`' "$T/legacy-keys")"
check_eq "the help lists l once, for the scheme" "    l              ok: yes" "$(grep '^    l ' "$T/screens/legacy-help")"

# the list in docs/annotating.md is what annotate draws (the project make demo
# builds; rater carol)
ui_project demo.db "$SAMPLES"/*.json
ui_run demo.db --rater carol <<'EOF'
esc
e
c
-
n
x
n
n
l
:save-screen readme-list
EOF
{ sed -n '/^ convqa · demo.db · rater carol/,/^ items 1-19 of 52 /p' "$CONVQA_TOP/docs/annotating.md"; echo; } |
	check_screen "the item list in docs/annotating.md is what annotate draws" readme-list
done_testing
