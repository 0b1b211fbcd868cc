#!/bin/sh
# The answer's words in the evidence paragraph of the faithfulness screen
# are highlighted bold and underlined in a real terminal (tmux), with
# colours and with NO_COLOR; the other words and the passage's id are not;
# so are they in the passage that enter opens at the piece.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"
"$CONVQA" spans --db p.db >/dev/null

for env in "" NO_COLOR=1; do
	TMUX_ENV=$env tmux_start 80 24 p.db --rater alice --task faithfulness
	check_wait "the faithfulness screen ($env)" "faithfulness"
	keys Escape
	keys n
	check_wait "the second answer's evidence ($env)" "only a few metres above the sea."
	capture -e >"$T/screen"
	# "A building by the sea.": "sea" is a shared word, "building" is not in the evidence
	if grep -q "$(printf '\033\\[[0-9;]*m')sea$(printf '\033')" "$T/screen" &&
	   grep -q "$(printf '\033\\[[0-9;]*[14][0-9;]*m')sea" "$T/screen"; then
		ok "sea is highlighted ($env)"
	else
		not_ok "sea is highlighted ($env)" "the screen:" "$(cat -v "$T/screen")"
	fi
	if grep -q "$(printf '\033\\[[0-9;]*m')Most" "$T/screen"; then
		not_ok "Most is not highlighted ($env)" "the screen:" "$(cat -v "$T/screen")"
	else
		ok "Most is not highlighted ($env)"
	fi
	# enter opens the piece's passage, the same words highlighted
	keys Enter
	check_wait "enter opens the piece's passage ($env)" "p-tall"
	capture -e >"$T/screen"
	if grep -q "$(printf '\033\\[[0-9;]*[14][0-9;]*m')sea" "$T/screen"; then
		ok "sea is highlighted in the passage ($env)"
	else
		not_ok "sea is highlighted in the passage ($env)" "the screen:" "$(cat -v "$T/screen")"
	fi
	keys Escape
	keys q
	wait_exit
	tm kill-server >/dev/null 2>&1
done
done_testing
