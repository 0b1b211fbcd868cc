#!/bin/sh
# What annotate checks before the UI opens, and what a start that fails
# leaves behind: a read-only project is refused (no label could be saved);
# rater names one could not type again are refused; an empty guidelines file
# is refused; a missing round names the rounds there are; the first-start
# guidelines count as seen only once they were on the screen.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
printf 'q\n' >"$T/quit"

# ---- a read-only project ----------------------------------------------------
# as root the permissions do not hold: run as nobody (setpriv) in a directory
# nobody may write (SQLite keeps its -shm and -wal files beside the project)
mkdir "$T/ro"
ui_project "$T/ro/p.db" "$FIX/small.json"
chmod 444 "$T/ro/p.db"
as_user=""
if [ "$(id -u)" = 0 ]; then
	if command -v setpriv >/dev/null 2>&1; then
		chmod 755 "$T"
		chmod 777 "$T/ro"
		as_user="setpriv --reuid=65534 --regid=65534 --clear-groups"
		# the checkout may sit where nobody cannot reach (e.g. under /root)
		$as_user "$CONVQA" --version >/dev/null 2>&1 || as_user=none
	else
		as_user=none
	fi
fi
if [ "$as_user" = none ]; then
	skip "a read-only project is refused before the UI opens" "running as root without setpriv"
	skip "nothing was written to it" "running as root without setpriv"
	skip "nor beside it" "running as root without setpriv"
else
	cd "$T/ro" || exit 1
	CONVQA_SCRIPT="$T/quit" check_run "a read-only project is refused before the UI opens" 3 \
		"convqa: cannot write project 'p.db': its file is read-only (make it writable: chmod u+w p.db, as its owner; or work on a copy: cp p.db COPY.db; reading commands such as report and export work on it as it is)" \
		$as_user "$CONVQA" annotate --db p.db --rater alice
	cd "$T" || exit 1
	check_eq "nothing was written to it (no rater, no label)" "0|0" \
		"$(sqlite3 "$T/ro/p.db" "SELECT (SELECT count(*) FROM rater), (SELECT count(*) FROM label)")"
	check_eq "nor beside it (no lock file)" "no lock file" \
		"$([ -e "$T/ro/p.db-annotate.lock" ] && echo lock file || echo no lock file)"
fi

# ---- rater names ---------------------------------------------------------
CONVQA_SCRIPT="$T/quit" check_run "a blank rater name is refused (bad input, as in label)" 2 \
	"convqa: annotate: the rater name is blank (give --rater NAME)" "$CONVQA" annotate --db p.db --rater "   "
CONVQA_SCRIPT="$T/quit" check_run "a rater name with a control character is refused" 2 \
	"convqa: annotate: the rater name holds a control character, U+001B, at character 4 (give --rater NAME)" \
	"$CONVQA" annotate --db p.db --rater "$(printf 'eve\033[31mred')"
CONVQA_SCRIPT="$T/quit" check_run "a rater name with a space around it is refused" 2 \
	"convqa: annotate: the rater name begins or ends with a space (give --rater NAME)" \
	"$CONVQA" annotate --db p.db --rater "alice "
check_eq "none of them became a rater" "0" "$(sqlite3 p.db "SELECT count(*) FROM rater")"
ui_run p.db --rater "Zoë 山田 👩🏽" <<'EOF'
:save-screen unicode-rater
esc
e
EOF
check_ran "a name with spaces inside and any script is fine"
check_eq "it is shown in the header" " convqa · p.db · rater Zoë 山田 👩🏽 · task turn   item 1/4 [----------] 0 done" \
	"$(head -1 "$T/screens/unicode-rater")"
check_eq "and labels under that name" 'c1/1/sys-b Zoë 山田 👩🏽 intent="extractive"' "$(labels p.db)"

# ---- guidelines, rounds ------------------------------------------------------
printf ' \n\n' >"$T/empty.md"
CONVQA_SCRIPT="$T/quit" check_run "an empty guidelines file is refused" 2 \
	"convqa: annotate: the guidelines file '$T/empty.md' is empty" \
	"$CONVQA" annotate --db p.db --rater alice --guidelines "$T/empty.md"
CONVQA_SCRIPT="$T/quit" check_run "a missing guidelines file is an I/O error" 4 \
	"convqa: cannot open '$T/none.md': No such file or directory" \
	"$CONVQA" annotate --db p.db --rater alice --guidelines "$T/none.md"
CONVQA_SCRIPT="$T/quit" check_run "a missing round is bad input: the project has none" 2 \
	"convqa: no round 'r1' in the project (it has no rounds)" \
	"$CONVQA" annotate --db p.db --rater alice --round r1
sqlite3 p.db "INSERT INTO round(name, task, created_at) VALUES ('spring', 'turn', '2026-01-01T00:00:00Z'),
  ('autumn', 'plausibility', '2026-01-01T00:00:00Z');"
CONVQA_SCRIPT="$T/quit" check_run "a missing round: the message names the rounds there are" 2 \
	"convqa: no round 'Spring' in the project (its rounds: autumn, spring)" \
	"$CONVQA" annotate --db p.db --rater alice --round Spring

# ---- the first-start guidelines ---------------------------------------------
check_run "without a terminal annotate refuses" 1 \
	"convqa: annotate needs a terminal (for scripted runs set CONVQA_SCRIPT=FILE)" \
	"$CONVQA" annotate --db p.db --rater frank
ui_run p.db --rater frank <<'EOF'
:save-screen frank-first
EOF
check_ran "the next start runs"
check_eq "a start that failed did not count as seeing the guidelines" "── Guidelines (built in) ───────────────────────────────────────────────────────" \
	"$(sed -n 2p "$T/screens/frank-first")"
ui_run p.db --rater frank <<'EOF'
:save-screen frank-second
EOF
check_eq "once shown, they are not shown again" " conversation c1 · turn 1/2                                          unfinished" \
	"$(sed -n 2p "$T/screens/frank-second")"
done_testing
