#!/bin/sh
# Each rater sees each version of the project's guidelines once (docs/annotating.md,
# "Guidelines"): not again in another round of the same task, nor for
# another task shown the same version; a version they have not seen opens
# the session.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
"$CONVQA" rater add --db p.db alice >/dev/null
for r in r2 h1; do "$CONVQA" round create --db p.db $r --raters alice >/dev/null; done
"$CONVQA" round create --db p.db p1 --task plausibility --raters alice >/dev/null
printf 'Read the whole passage before you judge it.\n' >g1.md
"$CONVQA" guidelines --db p.db set g1.md >/dev/null

ui_run p.db --rater alice --round r2 <<'EOF'
:save-screen r2
EOF
check_rows "round r2: alice has not seen version 1, which opens the session" r2 2 3 <<'EOF'
── Guidelines ──────────────────────────────────────────────────────────────────
  Read the project's guidelines before you start, then press q.
EOF
ui_run p.db --rater alice --round h1 <<'EOF'
:save-screen h1
EOF
check_rows "round h1 of the same task: version 1 is not shown again" h1 3 3 <<'EOF'
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
EOF
ui_run p.db --rater alice --round p1 <<'EOF'
:save-screen p1
EOF
check_rows "round p1 of another task, shown the same version: not again either" p1 2 2 <<'EOF'
 conversation c1 · turn 1/2                                          unfinished
EOF
done_testing
