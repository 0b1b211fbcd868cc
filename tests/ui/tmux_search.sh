#!/bin/sh
# / in a real terminal (tmux): the search's page draws the query's words
# highlighted (an attribute: bold and underlined, not colour alone) and
# nothing else; the hostile passage's escape sequences reach the terminal
# as text (the window title stays, nothing turns red) and its own "[[...]]"
# is not highlighted; + saves the mark; esc, esc, q: back and out.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
ui_project p.db "$FIXTURES/search_ui.json"
sgr=$(printf '\033\\[[0-9;]*m')
# highlighted TEXT: TEXT on the captured screen comes right after an
# attribute change (the query's words: "lens" in "The lens number")
highlighted() { grep -q "${sgr}$1" "$T/screen"; }

for env in "" NO_COLOR=1; do
	TMUX_ENV=$env tmux_start 80 24 p.db --rater alice
	check_wait "annotate starts ($env)" "welcome, alice"
	keys Escape
	check_wait "the turn screen ($env)" "conversation c1"
	keys /
	check_wait "/ opens the prompt ($env)" "Search every passage"
	keys -l "lens night"
	keys Enter
	check_wait "enter lists the passages ($env)" "8 passages"
	capture -e >"$T/screen"
	if grep -q "The ${sgr}lens" "$T/screen" && grep -q "at ${sgr}night" "$T/screen"; then ok "the query's words are highlighted ($env)"
	else not_ok "the query's words are highlighted ($env)" "$(cat -v "$T/screen")"; fi
	if highlighted number || highlighted shines || highlighted 'not a match'; then
		not_ok "nothing else is ($env)" "$(cat -v "$T/screen")"
	else ok "nothing else is ($env)"; fi
	keys /
	keys C-u
	keys -l "pwned"
	keys Enter
	check_wait "the hostile passage is found ($env)" "1 passage "
	capture -e >"$T/screen"
	if grep -q '\^\[\]0;' "$T/screen" && grep -q '\^G and \^\[\[31mred' "$T/screen" && ! grep -q "$(printf '\033\\[31m')red" "$T/screen"; then
		ok "its escape sequences show as text ($env)"
	else not_ok "its escape sequences show as text ($env)" "$(cat -v "$T/screen")"; fi
	if grep -q "0;${sgr}pwned" "$T/screen" && ! highlighted 'not a match' && ! highlighted '\[\[not'; then
		ok "its matching word is highlighted, its own [[...]] is not ($env)"
	else not_ok "its matching word is highlighted, its own [[...]] is not ($env)" "$(cat -v "$T/screen")"; fi
	check_eq "the window title is not the passage's ($env)" "" \
		"$(tm display-message -p -t main '#{pane_title}' | grep pwned)"
	keys Enter
	check_wait "enter opens it in full ($env)" "Found 1 of 1"
	capture -e >"$T/screen"
	if grep -q '\^\[\[31mred' "$T/screen" && grep -q "0;${sgr}pwned" "$T/screen" && ! highlighted 'not a match'; then
		ok "in full too: escapes as text, the matching word highlighted ($env)"
	else not_ok "in full too: escapes as text, the matching word highlighted ($env)" "$(cat -v "$T/screen")"; fi
	keys Escape
	check_wait "esc: back on the page ($env)" "n/p page"
	keys +
	check_wait "+ marks it ($env)" "evil marked relevant for this turn"
	keys Escape
	check_wait "esc: back on the turn ($env)" "conversation c1"
	keys q
	wait_exit
	check_eq "annotate ended well ($env)" "0" "$(cat "$T/rc")"
	tm kill-server >/dev/null 2>&1
	"$CONVQA" label --db p.db -r alice -c c1 -n 1 -s s1 --clear extra_gold >/dev/null
done
done_testing
