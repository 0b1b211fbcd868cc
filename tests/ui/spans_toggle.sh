#!/bin/sh
# E on the item screen: the evidence spans stored for the answer are
# highlighted in its passages (the previews and the passage opened), for
# every item until E again; the passages' rule counts the passages with
# spans, and the status line says what E did. Before convqa spans has run,
# it says how to find them. (tests/ui/tmux_spans.sh checks the highlight
# itself in a real terminal.)
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF2'
esc
n
E
:save-screen none
EOF2
check_ran "E before convqa spans"
check_rows "no spans yet: the rule says none, the status line how to find them" none 7 7 <<'EOF2'
── Passages (2) · spans in 0 · 1-2 relevant? · j/k focus · enter opens ─────────
EOF2
check_rows "  and the status line how to find them" none 24 24 <<'EOF2'
 no evidence spans in these passages (convqa spans finds them)  ? help · q quit
EOF2

check_run "convqa spans" 0 "" "$CONVQA" spans --db p.db
ui_run p.db --rater alice <<'EOF2'
esc
n
:save-screen off
E
:save-screen on
n
:save-screen next
p
j
enter
:save-screen passage
esc
E
:save-screen hidden
EOF2
check_ran "E with stored spans"
check_rows "without E the rule is as it was" off 7 7 <<'EOF2'
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
EOF2
check_rows "E: the rule counts the passages with spans" on 7 7 <<'EOF2'
── Passages (2) · spans in 1 · 1-2 relevant? · j/k focus · enter opens ─────────
EOF2
check_rows "  and the status line says what E did" on 24 24 <<'EOF2'
 evidence spans highlighted in 1 passage (E hides them)         ? help · q quit
EOF2
check_eq "the next item keeps them on" "1" "$(grep -c '^── Passages (2) · spans in 1 ' "$T/screens/next")"
check_rows "the passage opened shows its text (the highlight: tests/ui/tmux_spans.sh)" passage 2 7 <<'EOF2'
 Passage 2 of 2 · rank 2 · p-tall · not judged
 Q1: What is a lighthouse?
── Tallest lighthouses ─────────────────────────────────────────────────────────
  The tallest lighthouse is the Jeddah Light, 133 metres tall. Most
  lighthouses are between 20 and 60 metres tall, and a few stand only a few
  metres above the sea.
EOF2
check_rows "E again hides them" hidden 7 7 <<'EOF2'
── Passages (2) · 1-2 relevant? · j/k focus · enter opens ──────────────────────
EOF2
check_rows "  and says how to show them" hidden 24 24 <<'EOF2'
 evidence spans hidden (E shows them)                           ? help · q quit
EOF2
check_eq "nothing was labelled by E" "0" "$(sqlite3 p.db 'SELECT count(*) FROM label')"

for task in plausibility faithfulness; do
	ui_run p.db --rater alice --task $task <<'EOF2'
esc
E
:save-screen no-passages
EOF2
	check_ran "E on the $task screen"
	sed -n 24p "$T/screens/no-passages" >"$T/row"
	check_grep "  $task shows no passages: E says so" "no passages here" "$T/row"
done
done_testing
