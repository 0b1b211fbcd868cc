#!/bin/sh
# One annotate session per rater and project: a second session of the same
# rater is refused (exit 3) with a message naming the first one's pid, also
# through a symbolic link to the project; other raters work at the same time
# (16 at once); once the first session quits, or is killed with kill -9, a
# new one starts. A lock file that cannot be opened (here a symbolic link)
# does not stop the work: a warning says the guard is off.
# The sessions that stay open read their keys from a FIFO.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
printf 'q\n' >"$T/quit"

# start NAME RATER [DB]: annotate in the background, keys from the FIFO
# $T/NAME.keys (held open for writing by a sleeping process, so that each
# `send` does not end the script); returns once its first screen is drawn,
# that is once it holds its lock
start() {
	mkfifo "$T/$1.keys"
	CONVQA_SCRIPT="$T/$1.keys" "$CONVQA" annotate --db "${3:-p.db}" --rater "$2" >"$T/$1.out" 2>"$T/$1.err" &
	echo $! >"$T/$1.pid"
	sleep 120 >"$T/$1.keys" &
	echo $! >"$T/$1.holder"
	send "$1" ":save-screen $1-started"
}
# send NAME LINE...: script lines to session NAME
send() { _s=$1; shift; printf '%s\n' "$@" >"$T/$_s.keys"; }
# wait_screen NAME: wait until the session saved the screen NAME
wait_screen() {
	_i=0
	while [ ! -s "$T/screens/$1" ] && [ $_i -lt 300 ]; do sleep 0.05; _i=$((_i + 1)); done
	[ -s "$T/screens/$1" ]
}
# finish NAME: the session's exit status (it must have been told to quit or
# been killed), its key writer stopped
finish() {
	wait "$(cat "$T/$1.pid")"
	echo $? >"$T/$1.rc"
	kill "$(cat "$T/$1.holder")" 2>/dev/null
	wait "$(cat "$T/$1.holder")" 2>/dev/null
}

start a alice
wait_screen a-started
check_eq "the first session of alice runs" "── Guidelines (built in) ───────────────────────────────────────────────────────" \
	"$(sed -n 2p "$T/screens/a-started")"
pid=$(cat "$T/a.pid")
CONVQA_SCRIPT="$T/quit" check_run "a second session of alice is refused: who, which process, what to do" 3 \
	"convqa: annotate: rater 'alice' is already annotating the project 'p.db' in another session (pid $pid); close it first" \
	"$CONVQA" annotate --db p.db --rater alice
check_eq "it printed nothing else" "" "$(cat "$T/out")"
ln -s p.db link.db
CONVQA_SCRIPT="$T/quit" check_run "also through a symbolic link to the project" 3 \
	"convqa: annotate: rater 'alice' is already annotating the project 'link.db' in another session (pid $pid); close it first" \
	"$CONVQA" annotate --db link.db --rater alice
ui_run p.db --rater bob <<'EOF'
esc
c
EOF
check_ran "bob annotates the same project at the same time"
send a esc e ":save-screen a-saved"
wait_screen a-saved
check_eq "alice's first session still saves" " saved · intent = extractive                                    ? help · q quit" \
	"$(sed -n 24p "$T/screens/a-saved")"
send a q
finish a
check_eq "it quits with status 0" "0|" "$(cat "$T/a.rc")|$(cat "$T/a.err")"
ui_run p.db --rater alice <<'EOF'
x
:save-screen alice-again
EOF
check_ran "after it quit, alice starts a new session"
check_eq "which shows the first session's label" " intent: extractive  answer: incorrect  relevant: 0/3 judged  note: —" \
	"$(sed -n 22p "$T/screens/alice-again")"

start k alice
wait_screen k-started
kill -9 "$(cat "$T/k.pid")"
finish k
check_eq "a session killed with kill -9 ..." "137" "$(cat "$T/k.rc")"
ui_run p.db --rater alice <<'EOF'
:save-screen after-kill
EOF
check_ran "... leaves no lock behind: alice starts again"

# ---- 16 raters at once -------------------------------------------------------
raters="r01 r02 r03 r04 r05 r06 r07 r08 r09 r10 r11 r12 r13 r14 r15 r16"
for r in $raters; do start "$r" "$r"; done
for r in $raters; do wait_screen "$r-started"; done
for r in $raters; do send "$r" esc e ":save-screen $r-saved"; done
saved=0
for r in $raters; do
	wait_screen "$r-saved" && sed -n 24p "$T/screens/$r-saved" | grep -q '^ saved · intent = extractive' &&
		saved=$((saved + 1))
done
check_eq "16 raters with a session open at once each save a label" 16 "$saved"
for r in $raters; do send "$r" q; done
statuses=""
for r in $raters; do finish "$r"; statuses="$statuses$(cat "$T/$r.rc")"; done
check_eq "and all 16 quit with status 0" "0000000000000000" "$statuses"
check_eq "the project has their 16 labels" 16 "$(labels p.db | grep -c '^c1/1/sys-[ab] r[0-9][0-9] intent="extractive"$')"

check_eq "the lock file stays beside the project, empty, with its permissions" \
	"$(stat -c %a p.db) 0" "$(stat -c '%a %s' p.db-annotate.lock)"

# ---- a lock file that cannot be opened ---------------------------------------
ui_project q.db "$FIX/small.json"
ln -s "$T/nowhere" q.db-annotate.lock
printf 'esc\ne\n' >"$T/label"
CONVQA_SCRIPT="$T/label" check_run "a lock file that cannot be opened: a warning, and the work goes on" 0 \
	"convqa: annotate: warning: cannot open the lock file '$(cd "$T" && pwd -P)/q.db-annotate.lock': Too many levels of symbolic links (a second session of rater 'alice' would not be refused)" \
	"$CONVQA" annotate --db q.db --rater alice
check_eq "the label is saved" 'c1/1/sys-a alice intent="extractive"' "$(labels q.db)"
check_eq "the link was not followed" "no file" "$([ -e "$T/nowhere" ] && echo file || echo no file)"
done_testing
