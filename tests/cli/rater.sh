#!/bin/sh
# convqa rater list | show | add | trust | distrust: raters, their roles,
# the accounts they are bound to and their trust; a bound rater's labels
# are written from their account only (label, annotate); once a
# coordinator is bound to an account, only coordinators' accounts change
# raters. The tests run as some account ($(id -un), root in the
# container): another account is `nobody`.
. "$CONVQA_TOP/tests/lib.sh"
export CONVQA_DB="$T/p.db"
ME=$(id -un)
$CONVQA init >/dev/null
$CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json"
ITEM="-c demo-lighthouse -n 1 -s bm25-t5"

# ---- add, list, show ----------------------------------------------------------
run $CONVQA rater list
check_eq "list of a project without raters says how to add one" \
	"0|the project has no raters yet (convqa rater add NAME adds one; a rater's first label does too)" \
	"$rc|$(cat "$T/out")"
run $CONVQA rater add alice
check_eq "add a rater: role rater, not bound" "0|added rater 'alice' (rater)|" "$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA rater add alice
check_eq "the same rater again changes nothing and says so" \
	"0|unchanged: the project has rater 'alice' with these settings (rater)" "$rc|$(cat "$T/out")"
run $CONVQA rater add alice --role rater
check_eq "the same settings given again change nothing" \
	"0|unchanged: the project has rater 'alice' with these settings (rater)" "$rc|$(cat "$T/out")"
run $CONVQA rater add bob --role adjudicator
check_eq "add an adjudicator" "0|added rater 'bob' (adjudicator)" "$rc|$(cat "$T/out")"
run $CONVQA rater add alice --role adjudicator
check_eq "a role changed says what changed" "0|changed rater 'alice': role from rater to adjudicator" \
	"$rc|$(cat "$T/out")"
run $CONVQA rater add alice --role rater --os-user "$ME"
check_eq "role and account changed at once" \
	"0|changed rater 'alice': role from adjudicator to rater, bound to the account '$ME'|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA rater add alice
check_eq "add without options keeps the settings" \
	"0|unchanged: the project has rater 'alice' with these settings (rater, bound to the account '$ME')" \
	"$rc|$(cat "$T/out")"
$CONVQA label -r alice $ITEM answer_correct 1
$CONVQA label -r alice $ITEM -k 1 relevant 1
$CONVQA label -r alice $ITEM answer_correct 0 --seconds 75
$CONVQA label -r alice $ITEM --task plausibility plausibility plausible
$CONVQA label -r carl-日本語 $ITEM answer_correct 1
run $CONVQA rater list
sed 's/20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]$/DAY/' "$T/out" >list
check_eq "list: name, role, trust, account, current labels and day added, aligned by display width" \
	"0|name         role         trusted  account  labels  added
alice        rater        yes      $(printf '%-7s' "$ME")       3  DAY
bob          adjudicator  yes      -             0  DAY
carl-日本語  rater        yes      -             1  DAY" "$rc|$(cat list)"
run $CONVQA rater show alice
sed 's/^added    20[-0-9T:.]*Z$/added    TIME/' "$T/out" >show
check_eq "show: settings, labels per task (current, rows, active time), rounds" "0|rater    alice
role     rater
trusted  yes
account  $ME (the rater's labels are written only from it)
added    TIME
labels   plausibility: 1 label (1 row, 0:00:00 active)
         turn: 2 labels (3 rows, 0:01:15 active)
rounds   none" "$rc|$(cat show)"
sqlite3 "$T/p.db" "INSERT INTO round(name, task, created_at) VALUES ('r1', 'turn', '2026-01-01');
	INSERT INTO round_rater SELECT round.id, rater.id FROM round, rater WHERE rater.name = 'bob';"
run $CONVQA rater show bob
check_eq "show: a rater of a round, never labelled" "0|labels   none
rounds   r1 (turn, open): 0 items assigned, 0 labels" "$rc|$(tail -2 "$T/out")"
check_run "show of a rater the project lacks lists its raters" 2 \
	"convqa: no rater 'zed' in the project (its raters: alice, bob, carl-日本語)" $CONVQA rater show zed

# ---- trust, distrust -----------------------------------------------------------
run $CONVQA rater distrust bob
check_eq "distrust a rater" "0|rater 'bob' is distrusted now" "$rc|$(cat "$T/out")"
run $CONVQA rater distrust bob
check_eq "distrust again changes nothing" "0|unchanged: rater 'bob' is distrusted already" "$rc|$(cat "$T/out")"
run $CONVQA rater list
check_grep "list shows the distrusted rater" "^bob  *adjudicator  no  " "$T/out"
run $CONVQA rater show bob
check_grep "show says distrusted" "^trusted  no (distrusted)$" "$T/out"
run $CONVQA rater trust bob
check_eq "trust again" "0|rater 'bob' is trusted now" "$rc|$(cat "$T/out")"
check_run "trust of a rater the project lacks adds none" 2 \
	"convqa: no rater 'zed' in the project (its raters: alice, bob, carl-日本語)" $CONVQA rater trust zed
check_eq "... and nothing was added" 3 "$(sqlite3 "$T/p.db" "SELECT count(*) FROM rater")"

# ---- names and options refused, nothing added ------------------------------------
check_run "a blank name" 2 "convqa rater: the rater name is blank" $CONVQA rater add "  "
check_run "an empty name" 2 "convqa rater: the rater name is blank" $CONVQA rater add ""
check_run "a name with a control character" 2 "convqa rater: the rater name holds a control character, U+001B, at character 2" \
	$CONVQA rater add "$(printf 'a\033[31mb')"
check_run "a name with an invisible formatting character" 2 \
	"convqa rater: the rater name holds a character that is not visible, U+202E, at character 4 (a name takes letters, digits, punctuation, symbols and single spaces between words)" \
	$CONVQA rater add "$(printf 'ann\342\200\256')"
check_run "a name with a comma" 2 \
	"convqa rater: the rater name holds a comma (commas separate names in lists such as report --raters)" \
	$CONVQA rater add "ann,bob"
check_run "a name with a space around it" 2 "convqa rater: the rater name begins or ends with a space" \
	$CONVQA rater add " ann"
check_run "a name that is not UTF-8" 2 "convqa rater: the rater name is not UTF-8 text" \
	$CONVQA rater add "$(printf 'ann\303\050')"
check_run "an unknown role" 1 "convqa rater: --role: unknown role 'boss' (expected: rater, adjudicator, coordinator)" \
	$CONVQA rater add ann --role boss
check_run "an account name with a space" 2 \
	"convqa rater: --os-user: the account name holds a space, a control character or a character that is not ASCII, got 'a b'" \
	$CONVQA rater add ann --os-user "a b"
check_run "an account name that is a user id" 2 \
	"convqa rater: --os-user: the account name is a number (give the account's name, not its user id), got '1000'" \
	$CONVQA rater add ann --os-user 1000
check_run "an account name with a colon" 2 "convqa rater: --os-user: the account name holds ':', ',' or '/', got 'a:b'" \
	$CONVQA rater add ann --os-user a:b
check_run "an empty account name" 2 "convqa rater: --os-user: the account name is empty, got ''" \
	$CONVQA rater add ann --os-user ""
check_eq "refused names and options add no rater" 3 "$(sqlite3 "$T/p.db" "SELECT count(*) FROM rater")"
check_run "--os-user and --no-os-user together" 1 "convqa rater: give --os-user ACCOUNT or --no-os-user, not both" \
	$CONVQA rater add ann --os-user ann --no-os-user
check_run "options of add go with add only" 1 "convqa rater: --role, --os-user and --no-os-user go with add only" \
	$CONVQA rater trust bob --role rater
check_run "an unknown action" 1 "convqa rater: unknown action 'remove' (expected: list, show, add, trust, distrust)" \
	$CONVQA rater remove bob
check_run "add without a name" 1 \
	"convqa rater: usage: convqa rater add NAME [--role ROLE] [--os-user ACCOUNT | --no-os-user]" $CONVQA rater add
check_run "no project" 3 "convqa: no project at '$T/none.db' (create one with: convqa init --db $T/none.db)" \
	$CONVQA rater list --db "$T/none.db"

# ---- binding: labels of a bound rater from their account only -------------------------
run $CONVQA rater add dan --os-user nobody
check_eq "bind a rater to another account" "0|added rater 'dan' (rater, bound to the account 'nobody')|" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
check_run "label as a rater bound to another account is refused" 2 \
	"convqa: rater 'dan' is bound to the account 'nobody'; you are '$ME' (labels of a bound rater are written from their account)" \
	$CONVQA label -r dan $ITEM answer_correct 1
printf 'esc\nc\n' >keys
CONVQA_SCRIPT=keys run $CONVQA annotate -r dan
check_eq "annotate as a rater bound to another account is refused before the UI opens" \
	"2|convqa: annotate: rater 'dan' is bound to the account 'nobody'; you are '$ME' (labels of a bound rater are written from their account)" \
	"$rc|$(cat "$T/err")"
check_eq "... and nothing of dan's was saved" 0 \
	"$(sqlite3 "$T/p.db" "SELECT count(*) FROM label JOIN rater ON rater.id = rater_id WHERE name = 'dan'")"
alice_rows() { sqlite3 "$T/p.db" "SELECT count(*) FROM label JOIN rater ON rater.id = rater_id WHERE name = 'alice'"; }
before=$(alice_rows)
CONVQA_SCRIPT=keys run $CONVQA annotate -r alice
check_eq "annotate as a rater bound to the running account works" "0|" "$rc|$(cat "$T/err")"
check_eq "... and saves" $((before + 1)) "$(alice_rows)"
run $CONVQA label -r alice $ITEM answer_correct 1
check_eq "label as a rater bound to the running account works" "0|" "$rc|$(cat "$T/err")"
run $CONVQA rater add dan --os-user no-such-account-convqa
check_eq "binding to an account this system lacks is warned about, not refused" \
	"0|changed rater 'dan': account from 'nobody' to 'no-such-account-convqa'|convqa rater: warning: this system has no account 'no-such-account-convqa': the labels of rater 'dan' can be written only from an account of that name (create it, or bind the rater to another with --os-user)" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
run $CONVQA rater add dan --no-os-user
check_eq "unbind a rater" "0|changed rater 'dan': unbound from the account 'no-such-account-convqa'" "$rc|$(cat "$T/out")"
run $CONVQA label -r dan $ITEM answer_correct 1
check_eq "an unbound rater labels from any account" "0|" "$rc|$(cat "$T/err")"

# ---- coordinators ---------------------------------------------------------------------
run $CONVQA rater add x --role coordinator
check_eq "without a coordinator bound to an account, anyone gives a role" "0|added rater 'x' (coordinator)" \
	"$rc|$(cat "$T/out")"
run $CONVQA rater distrust x
check_eq "... and distrusts" "0|rater 'x' is distrusted now" "$rc|$(cat "$T/out")"
run $CONVQA rater add carol --role coordinator --os-user nobody
check_eq "the first coordinator bound to an account (not ours) binds the project, and says so" \
	"0|added rater 'carol' (coordinator, bound to the account 'nobody')
from now on only the accounts of the project's coordinators (carol (account nobody)) may change raters and manage rounds: not yours ('$ME')" \
	"$rc|$(cat "$T/out")"
check_run "then a role is refused to another account" 2 \
	"convqa: only a coordinator may set a rater's role or account (coordinators: carol (account nobody)); you are '$ME'" \
	$CONVQA rater add y --role coordinator
check_run "and trust" 2 \
	"convqa: only a coordinator may trust or distrust raters (coordinators: carol (account nobody)); you are '$ME'" \
	$CONVQA rater trust x
check_run "and a binding" 2 \
	"convqa: only a coordinator may set a rater's role or account (coordinators: carol (account nobody)); you are '$ME'" \
	$CONVQA rater add dan --os-user "$ME"
check_eq "... and nothing changed" "coordinator|0|0|" \
	"$(sqlite3 "$T/p.db" "SELECT role, trusted FROM rater WHERE name = 'x'")|$(sqlite3 "$T/p.db" "SELECT count(*) FROM rater WHERE name = 'y'")|$(sqlite3 "$T/p.db" "SELECT os_user FROM rater WHERE name = 'dan'")"
run $CONVQA rater add newbie
check_eq "a new rater with no role or account needs no coordinator (a first label adds one too)" \
	"0|added rater 'newbie' (rater)" "$rc|$(cat "$T/out")"
run $CONVQA rater distrust newbie
check_eq "but distrusting one does" 2 "$rc"
run $CONVQA rater add x
check_eq "unchanged settings need no coordinator" \
	"0|unchanged: the project has rater 'x' with these settings (coordinator)" "$rc|$(cat "$T/out")"

# a project whose coordinator is us: we manage; binding ourselves first is possible
export CONVQA_DB="$T/q.db"
$CONVQA init >/dev/null
run $CONVQA rater add me --role coordinator --os-user "$ME"
check_eq "the first coordinator binding of a project is possible" \
	"0|added rater 'me' (coordinator, bound to the account '$ME')
the project has a coordinator bound to an account now: from now on only the accounts of its coordinators (me (account $ME)) may change raters and manage rounds" \
	"$rc|$(cat "$T/out")"
run $CONVQA rater add carol --role coordinator --os-user nobody
check_eq "a bound coordinator adds another" "0|" "$rc|$(cat "$T/err")"
run $CONVQA rater add ann --role adjudicator
check_eq "a bound coordinator gives roles" "0|added rater 'ann' (adjudicator)" "$rc|$(cat "$T/out")"
run $CONVQA rater distrust ann
check_eq "and distrusts" 0 "$rc"
run $CONVQA rater add me --role rater
check_eq "a coordinator who gives up the role is told when it takes their account's right" \
	"0|changed rater 'me': role from coordinator to rater
from now on only the accounts of the project's coordinators (carol (account nobody)) may change raters and manage rounds: not yours ('$ME')" \
	"$rc|$(cat "$T/out")"

# ---- text is inert, whatever the project holds ---------------------------------------
export CONVQA_DB="$T/r.db"
$CONVQA init >/dev/null
sqlite3 "$T/r.db" "INSERT INTO rater(name, trusted, os_user) VALUES (char(101, 27, 91, 51, 49, 109, 118, 101), 1, 'x' || char(7))"
run $CONVQA rater list
check_eq "a name with an escape sequence (from an older project) is shown inert, aligned" \
	"0|name       role   trusted  account  labels  added
e^[[31mve  rater  yes      x^G           0  -" "$rc|$(cat "$T/out")"
run $CONVQA rater show "$(printf 'e\033[31mve')"
check_grep "show is inert too" '^rater    e^\[\[31mve$' "$T/out"
check_grep "a rater of an older project has no day added" "^added    before convqa recorded it$" "$T/out"
# a rater with labels made an adjudicator
export CONVQA_DB="$T/w.db"
$CONVQA init >/dev/null && $CONVQA import -q "$CONVQA_TOP/sample_tasks/demo.json"
$CONVQA label -r erin -c demo-lighthouse -n 1 -s bm25-t5 answer_correct 1
$CONVQA label -r erin -c demo-lighthouse -n 2 -s bm25-t5 answer_correct 0
run $CONVQA rater add erin --role adjudicator
check_eq "a rater with labels made an adjudicator: warned that they now count as settlements" \
	"0|changed rater 'erin': role from rater to adjudicator|convqa rater: warning: erin's 2 labels now count as an adjudicator's settlements: left out of agreement and of every consensus but adjudicated (make erin a rater again to undo: convqa rater add erin --role rater)" \
	"$rc|$(cat "$T/out")|$(cat "$T/err")"
done_testing
