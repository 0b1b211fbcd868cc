#!/bin/sh
# A scheme of the project's own in a real terminal at 80x24 (tmux): the
# 4-point scale of sample_tasks/schemes/likert-4pt.json on keys 1-4, a
# category of its nominal field, its note; labels out through convqa
# export; at 40x12 with a long system name the scale's keys stay on the
# answer's rule.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_tmux.sh"
long=an-extraordinarily-long-system-name-for-the-retriever-ver-42
cat >"$T/long.json" <<EOF
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "$long"}],
 "collection": [{"id": "p1", "title": "Bees", "text": "Honeybees dance to tell where flowers are."}],
 "conversations": [{"id": "bees", "turns": [
   {"question": "Why do bees dance?", "responses": [
     {"system": "$long", "answer": "To tell where flowers are.", "passages": [{"rank": 1, "id": "p1"}]}]}]}]}
EOF
ui_project p.db "$T/long.json"
"$CONVQA" scheme add --db p.db "$SAMPLES/schemes/likert-4pt.json" >/dev/null

tmux_start 80 24 p.db --rater alice --task likert-4pt --show-systems
check_wait "the scheme's guidelines appear at first start" "completeness (required)"
keys Escape
check_wait "the long name gives way to the scale's keys on the answer's rule" \
	"── Answer of an-extraordin… · 1-4 completeness: No … Yes · o/a/i/f/x error_type"
capture >"$T/screen"
check_grep "the header names the scheme" "task likert-4pt" "$T/screen"
check_grep "the label bar names its fields" "^ completeness: ?  error: —  note: —" "$T/screen"
keys 3
check_wait "3 is the scale's third point" "saved · completeness = Mostly yes"
keys i
check_wait "i a category of the nominal field" "saved · error_type = incomplete"
check_wait "the label bar shows both" "completeness: Mostly yes  error: incomplete"
keys w
check_wait "w opens the note's editor" "── Note"
keys -l "four points"
keys Enter
check_wait "enter saves the note" "saved · note saved"
tm resize-window -t main -x 40 -y 12
check_wait "at 40x12 the keys stay on the rule (the label bar names the fields in order)" \
	"── Answer of an-extr… · 1-4 · o/a/i/f/x"
keys q
wait_exit
check_eq "q exits with status 0" "0" "$(cat "$T/rc" 2>/dev/null)"
check_eq "nothing on stderr" "" "$(cat "$T/tmux-err")"
check_eq "convqa export shows the labels" "bees/1/$long alice completeness=\"mostly yes\"
bees/1/$long alice error_type=\"incomplete\"
bees/1/$long alice note=\"four points\"" "$(labels p.db)"
done_testing
