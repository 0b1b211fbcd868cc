#!/bin/sh
# E in a real terminal (tmux): the evidence span of a passage is drawn
# highlighted (black on yellow with colours, underlined with NO_COLOR),
# the rest of the passage is not; the passage opened shows the same
# highlight; E again draws the passage plain.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIX/small.json"
"$CONVQA" spans --db p.db >/dev/null
sgr=$(printf '\033\\[[0-9;]*m')

# highlighted WORD ENV: WORD on the captured screen comes right after an
# attribute change; the span of the second answer starts at "Most"
highlighted() {
	grep -q "${sgr}$1" "$T/screen"
}
for env in "" NO_COLOR=1; do
	TMUX_ENV=$env tmux_start 80 24 p.db --rater alice
	check_wait "annotate starts ($env)" "welcome, alice"
	keys Escape
	keys n
	check_wait "the second answer ($env)" "A building by the sea."
	capture -e >"$T/screen"
	if highlighted Most; then not_ok "no highlight before E ($env)" "$(cat -v "$T/screen")"
	else ok "no highlight before E ($env)"; fi
	keys E
	check_wait "E highlights the spans ($env)" "evidence spans highlighted in 1 passage"
	capture -e >"$T/screen"
	if highlighted Most && ! highlighted 'The tallest'; then ok "the span (from Most) is highlighted, not the passage's start ($env)"
	else not_ok "the span (from Most) is highlighted, not the passage's start ($env)" "$(cat -v "$T/screen")"; fi
	keys j
	keys Enter
	check_wait "enter opens the passage ($env)" "Passage 2 of 2"
	capture -e >"$T/screen"
	if highlighted Most; then ok "the passage opened shows the span ($env)"
	else not_ok "the passage opened shows the span ($env)" "$(cat -v "$T/screen")"; fi
	keys Escape
	keys E
	check_wait "E again hides them ($env)" "evidence spans hidden"
	capture -e >"$T/screen"
	if highlighted Most; then not_ok "E again: no highlight ($env)" "$(cat -v "$T/screen")"
	else ok "E again: no highlight ($env)"; fi
	keys q
	wait_exit
	tm kill-server >/dev/null 2>&1
done
done_testing
