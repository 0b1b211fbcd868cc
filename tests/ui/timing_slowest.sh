#!/bin/sh
# CONVQA_TIMING says what the slowest key cost besides its time: its CPU
# time (never more than the key's time), how often it waited or was
# preempted, and the KB it read and wrote (bench/annotate.sh prints them
# to tell a busy machine from slow code, issue 21). How often a key waits
# depends on the disk (an fsync on tmpfs never does): not checked.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"
printf 'esc\n1\nq\n' >"$T/keys"
CONVQA_TIMING="$T/timing" CONVQA_SCRIPT="$T/keys" "$CONVQA" annotate --db p.db --rater alice >"$T/out" 2>"$T/err"
check_eq "the session runs" "0|" "$?|$(cat "$T/err")"
check_eq "the slowest key's costs are all there, as numbers" "key_max_cpu_ms key_max_waits key_max_preempted key_max_read_kb key_max_written_kb" \
	"$(grep -E '^key_max_[a-z_]+ [0-9]+(\.[0-9]+)?$' "$T/timing" | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
v() { sed -n "s/^$1 //p" "$T/timing"; }
check_eq "its CPU time is more than nothing and no more than its time" "ok" \
	"$(awk -v c="$(v key_max_cpu_ms)" -v w="$(v key_ms_max)" 'BEGIN { print (c > 0 && c <= w + 0.01) ? "ok" : c " of " w }')"
check_eq "the three keys were counted" "3" "$(v keys)"
done_testing
