#!/bin/sh
# convqa guidelines set | show | list: guidelines kept in the project for
# every task or for one task, each change a new version; the same text again
# is no new version; a file that is not UTF-8 text (binary, invalid UTF-8,
# empty, over 1 MiB) or an unknown task is refused with the file and
# position, and the project is unchanged.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
$CONVQA init >/dev/null

# list, with the dates (now) made fixed
list() { $CONVQA guidelines list | sed 's/ [0-9-]\{10\} [0-9:]\{5\}  / DATE TIME  /'; }

# ---- nothing yet ---------------------------------------------------------------
check_run "show without guidelines says how to set them" 2 \
	"convqa guidelines: the project has no guidelines (set them with: convqa guidelines set FILE)" \
	$CONVQA guidelines show
run $CONVQA guidelines list
check_eq "list without guidelines" "0|the project has no guidelines (set them with: convqa guidelines set FILE)" \
	"$rc|$(cat "$T/out")"

# ---- set and show ----------------------------------------------------------------
printf '# Guidelines\n\nRead the whole passage before you judge it.\n' >g1.md
run $CONVQA guidelines set g1.md
check_eq "set stores the guidelines for every task" \
	"0|set the guidelines for every task (version 1, 3 lines): each rater sees them once, when annotate next starts" \
	"$rc|$(cat "$T/out")"
run $CONVQA guidelines show
check_eq "show prints them" "0|$(cat g1.md)" "$rc|$(cat "$T/out")"
run $CONVQA guidelines show --task plausibility
check_eq "a task without guidelines of its own is shown those for every task" "0|$(cat g1.md)" "$rc|$(cat "$T/out")"

run $CONVQA guidelines set g1.md
check_eq "the same text again is no new version" \
	"0|unchanged: the project has the same guidelines for every task (version 1)|1" \
	"$rc|$(cat "$T/out")|$(sqlite3 p.db 'SELECT count(*) FROM guidelines')"

printf 'Read the whole passage.\nA passage is relevant when it holds the answer.\n' >g2.md
run $CONVQA guidelines set g2.md
check_eq "changed text is a new version" \
	"0|changed the guidelines for every task (version 2, 2 lines): each rater sees them once, when annotate next starts" \
	"$rc|$(cat "$T/out")"
run $CONVQA guidelines show
check_eq "show prints the current version" "0|$(cat g2.md)" "$rc|$(cat "$T/out")"

# ---- a task's own ------------------------------------------------------------------
printf 'Turn task: judge the intent first.' >turn.md
run $CONVQA guidelines set --task turn turn.md
check_eq "set --task stores guidelines of one task" \
	"0|set the guidelines for task 'turn' (version 1, 1 line): each rater sees them once, when annotate next starts" \
	"$rc|$(cat "$T/out")"
run $CONVQA guidelines show -t turn
check_eq "show --task: the task's own, a newline after the last line" "0|Turn task: judge the intent first.|1" \
	"$rc|$(cat "$T/out")|$(wc -l <"$T/out")"
run $CONVQA guidelines show -t faithfulness
check_eq "other tasks are shown those for every task" "0|$(cat g2.md)" "$rc|$(cat "$T/out")"
printf 'Every task, third version.\n' >g3.md
run $CONVQA guidelines set g3.md
check_eq "a change for every task says which tasks keep their own" \
	"0|changed the guidelines for every task (version 3, 1 line): each rater sees them once, when annotate next starts
(task turn has guidelines of its own: its raters see those)" "$rc|$(cat "$T/out")"
run $CONVQA guidelines show --task turn
check_eq "the task's own still come first" "0|Turn task: judge the intent first." "$rc|$(cat "$T/out")"
$CONVQA scheme add "$CONVQA_TOP/sample_tasks/schemes/likert-4pt.json" >/dev/null
run $CONVQA guidelines set --task likert-4pt turn.md
check_eq "a scheme of the project's is a task" "0" "$rc"
check_eq "list shows every version, the current ones marked" \
	"every task  v1  DATE TIME     3 lines  seen by 0 raters
every task  v2  DATE TIME     2 lines  seen by 0 raters
every task  v3  DATE TIME     1 line   seen by 0 raters  current
likert-4pt  v1  DATE TIME     1 line   seen by 0 raters  current
turn        v1  DATE TIME     1 line   seen by 0 raters  current" "$(list)"

# ---- refusals: the project is unchanged -----------------------------------------------
cp p.db before.db
# refuse DESCRIPTION STATUS STDERR ARGS...: guidelines ARGS is refused, nothing changes
refuse() {
	_d=$1 _s=$2 _e=$3; shift 3
	run $CONVQA guidelines "$@"
	if [ "$rc" = "$_s" ] && [ "$(cat "$T/err")" = "$_e" ] && [ ! -s "$T/out" ] && cmp -s p.db before.db; then
		ok "$_d"
	else
		not_ok "$_d" "expected status $_s, stderr:" "$_e" "actual status $rc, stderr:" "$(cat "$T/err")" \
			"stdout: $(cat "$T/out")" "project unchanged: $(cmp -s p.db before.db && echo yes || echo NO)"
	fi
}
printf 'line one\nab\000cd\n' >nul.md
refuse "a binary file (a NUL byte) is refused with its line and column" 2 \
	"nul.md:2:3: a NUL byte: guidelines are text, and this looks like a binary file" set nul.md
printf 'caf\303\251 ok\nna\303\257ve \351t\303\251\n' >latin1.md
refuse "invalid UTF-8 is refused with its line and column (in characters)" 2 \
	"latin1.md:2:7: invalid UTF-8: guidelines are UTF-8 text" set latin1.md
: >empty.md
refuse "an empty file is refused" 2 "empty.md: empty file: expected the guidelines text" set empty.md
printf '  \n\t\r\n' >blank.md
refuse "a file of white space is refused" 2 "blank.md: nothing but white space: expected the guidelines text" \
	set blank.md
head -c 1048577 /dev/zero | tr '\000' a >big.md
refuse "a file over 1 MiB is refused" 2 "big.md: 1048577 bytes: guidelines are at most 1 MiB (1048576 bytes)" \
	set big.md
head -c 1048577 /dev/zero | tr '\000' a | refuse "so is a pipe of more than 1 MiB" 4 \
	"convqa: cannot read '/dev/stdin': larger than 1 MiB, the most convqa reads at once" set /dev/stdin
refuse "a file that is not there" 4 "convqa: cannot open 'nope.md': No such file or directory" set nope.md
mkdir dir.md
refuse "a directory" 4 "convqa: cannot read 'dir.md': is a directory" set dir.md
refuse "an unknown task lists the schemes" 2 \
	"convqa guidelines: no task or scheme 'turns' (schemes: turn, plausibility, faithfulness, pairwise, likert-4pt; add one with: convqa scheme add FILE)" \
	set --task turns g1.md
refuse "show of an unknown task too" 2 \
	"convqa guidelines: no task or scheme 'turns' (schemes: turn, plausibility, faithfulness, pairwise, likert-4pt; add one with: convqa scheme add FILE)" \
	show --task turns
refuse "list takes no --task" 1 "convqa guidelines: --task goes with set and show" list --task turn
refuse "an unknown action" 1 "convqa guidelines: unknown action 'get' (expected: set, show, list)" get
refuse "set without a file" 1 "convqa guidelines: usage: convqa guidelines set [--task TASK] FILE" set

# ---- a byte order mark is dropped; text that would act on a terminal is shown inert --------
printf '\357\273\277Judge \033[31mred\033[0m text as text.\n' >esc.md
run $CONVQA guidelines set --task plausibility esc.md
run $CONVQA guidelines show --task plausibility
check_eq "show prints escape sequences inert" "0|Judge ^[[31mred^[[0m text as text." "$rc|$(cat "$T/out")"
check_eq "the byte order mark is not kept" "Judge " \
	"$(sqlite3 p.db "SELECT substr(text, 1, 6) FROM guidelines WHERE task = 'plausibility'")"

# ---- only guidelines of some tasks -----------------------------------------------------------
$CONVQA init --db q.db >/dev/null
$CONVQA guidelines --db q.db set --task turn turn.md >/dev/null
check_run "show without --task says which tasks have guidelines" 2 \
	"convqa guidelines: the project has no guidelines for every task (it has guidelines for: turn; show them with --task TASK)" \
	$CONVQA guidelines --db q.db show
check_run "so does show of another task" 2 \
	"convqa guidelines: the project has no guidelines for task 'faithfulness' (it has guidelines for: turn; show them with --task TASK)" \
	$CONVQA guidelines --db q.db show --task faithfulness
check_run "a project that is not there" 3 \
	"convqa: no project at 'none.db' (create one with: convqa init --db none.db)" \
	$CONVQA guidelines --db none.db show
$CONVQA rater add boss --role coordinator --os-user nobody >/dev/null 2>&1
printf 'Be kind.\n' >kind.md
check_run "with a coordinator bound to another account, setting guidelines is refused" 2 \
	"convqa: only a coordinator may set guidelines (coordinators: boss (account nobody)); you are '$(id -un)'" \
	$CONVQA guidelines set kind.md
done_testing
