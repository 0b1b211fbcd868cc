#!/bin/sh
# The key table: `annotate --keys` prints it from the session's keys (the
# turn scheme's label keys, then the fixed ones), docs/annotating.md carries
# the same table (between <!-- keys:begin --> and <!-- keys:end -->), the help
# screen lists the same keys (the turn scheme's and a project scheme's),
# every key in it is pressed by some scripted UI test,
# and the number keys reach ranks 1-10 (0 = rank 10) in a list of twelve
# passages that scrolls to the focus.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"

run "$CONVQA" annotate --keys
check_eq "annotate --keys exits 0" 0 "$rc"
cp "$T/out" "$T/keys-table"   # (ui_run below writes $T/out)
readme="$CONVQA_TOP/docs/annotating.md"
sed -n '/<!-- keys:begin -->/,/<!-- keys:end -->/p' "$readme" | sed '1d;$d' >"$T/readme-keys"
if cmp -s "$T/out" "$T/readme-keys"; then ok "the key table in $(basename "$readme") matches annotate --keys"; else
	not_ok "the key table in $(basename "$readme") matches annotate --keys" "$(diff -u "$T/readme-keys" "$T/out")"; fi

# the help screen lists the same keys, doing the same (a screen tall enough
# for all of it), for the built-in turn scheme and for a project's scheme
help_rows() { sed -n 's/^    \(\S.\{13\}\) \(.*\)$/\1|\2/p' "$1" | sed 's/ *|/|/'; }
table_rows() { sed -n 's/^| `\([^`]*\)` | [^|]* | \(.*\) |$/\1|\2/p' "$1"; }
ui_project h.db "$FIX/small.json"
"$CONVQA" scheme add --db h.db "$SAMPLES/schemes/likert-4pt.json" >/dev/null
for task in turn likert-4pt; do
	CONVQA_LINES=60 ui_run h.db --rater alice --task $task <<EOF
esc
?
:save-screen help-$task
EOF
	"$CONVQA" annotate --db h.db --keys --task $task >"$T/keys-$task"
	check_eq "the help screen of $task lists the keys of annotate --keys --task $task" \
		"$(table_rows "$T/keys-$task")" "$(help_rows "$T/screens/help-$task")"
done
check_eq "docs/annotating.md's table is the turn scheme's" "$(cat "$T/readme-keys")" "$(cat "$T/keys-turn")"

# every key of the table appears as a script line in some tests/ui test
missing=""
for k in $(sed -n 's/^| `\([^`]*\)`.*/\1/p' "$T/keys-table" | tr ' ' '\n' | sed 's/^\([0-9]\)-\([0-9]\)$/seq:\1:\2/'); do
	case $k in
	seq:*) keys=$(seq "$(echo "$k" | cut -d: -f2)" "$(echo "$k" | cut -d: -f3)") ;;
	*) keys=$k ;;
	esac
	for key in $keys; do
		grep -qxF -- "$key" "$CONVQA_TOP"/tests/ui/*.sh || missing="$missing $key"
	done
done
check_eq "every key in the table is pressed by a scripted test" "" "$missing"

ui_project p.db "$FIX/twelve.json"
ui_run p.db --rater alice <<'EOF'
esc
1
2
3
4
5
6
7
8
9
:save-screen ranks1-9
0
:save-screen rank10
pgdn
pgdn
down
space
:save-screen rank12
EOF
check_ran "the script runs"
check_screen "1-9 toggle ranks 1-9; the list shows the focus" ranks1-9 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 conversation c-ten · turn 1/1                                       unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Which of twelve passages are relevant?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Some of them.
── Passages (12) · 1-9,0 relevant? · j/k focus · enter opens ───────────────────
▸ 1 [+] p01 · Passage number 1
      Text of passage 1.
  2 [+] p02 · Passage number 2
      Text of passage 2.
  3 [+] p03 · Passage number 3
  4 [+] p04 · Passage number 4
  5 [+] p05 · Passage number 5
  6 [+] p06 · Passage number 6
  7 [+] p07 · Passage number 7
  8 [+] p08 · Passage number 8
  9 [+] p09 · Passage number 9
 10 [ ] p10 · Passage number 10
 11 [ ] p11 · Passage number 11
 12 [ ] p12 · Passage number 12
 intent: ?  answer: ?  relevant: 9/12 judged (9 relevant)  note: —
 missing: intent, answer_correct, relevant 10 11 12
 saved · passage 9 relevant                                     ? help · q quit
EOF
check_screen "0 toggles rank 10" rank10 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 conversation c-ten · turn 1/1                                       unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Which of twelve passages are relevant?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Some of them.
── Passages (12) · 1-9,0 relevant? · j/k focus · enter opens ───────────────────
▸ 1 [+] p01 · Passage number 1
      Text of passage 1.
  2 [+] p02 · Passage number 2
      Text of passage 2.
  3 [+] p03 · Passage number 3
  4 [+] p04 · Passage number 4
  5 [+] p05 · Passage number 5
  6 [+] p06 · Passage number 6
  7 [+] p07 · Passage number 7
  8 [+] p08 · Passage number 8
  9 [+] p09 · Passage number 9
 10 [+] p10 · Passage number 10
 11 [ ] p11 · Passage number 11
 12 [ ] p12 · Passage number 12
 intent: ?  answer: ?  relevant: 10/12 judged (10 relevant)  note: —
 missing: intent, answer_correct, relevant 11 12
 saved · passage 10 relevant                                    ? help · q quit
EOF
check_screen "ranks past 10: move the focus (pgdn, down) and press space" rank12 <<'EOF'
 convqa · p.db · rater alice · task turn           item 1/1 [----------] 0 done
 conversation c-ten · turn 1/1                                       unfinished
── Question 1/1 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Which of twelve passages are relevant?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Some of them.
── Passages (12) · 1-9,0 relevant? · j/k focus · enter opens ───────────────────
  1 [+] p01 · Passage number 1
      Text of passage 1.
  2 [+] p02 · Passage number 2
      Text of passage 2.
  3 [+] p03 · Passage number 3
  4 [+] p04 · Passage number 4
  5 [+] p05 · Passage number 5
  6 [+] p06 · Passage number 6
  7 [+] p07 · Passage number 7
  8 [+] p08 · Passage number 8
  9 [+] p09 · Passage number 9
 10 [+] p10 · Passage number 10
 11 [ ] p11 · Passage number 11
▸12 [+] p12 · Passage number 12
 intent: ?  answer: ?  relevant: 11/12 judged (11 relevant)  note: —
 missing: intent, answer_correct, relevant 11
 saved · passage 12 relevant                                    ? help · q quit
EOF
check_eq "labels of ranks 1-10 and 12" "$(for r in 1 2 3 4 5 6 7 8 9 10 12; do echo "c-ten/1/sys-a alice relevant[$r]=1"; done)" \
	"$(labels p.db)"
done_testing
