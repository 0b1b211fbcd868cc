#!/bin/sh
# The passage in full shows the question it is judged against (one line,
# inert, cut with an ellipsis) and its relevance state whatever the length
# of its id: a 200-character id and a long id of wide characters are cut
# with an ellipsis, never the state; in a narrow window the score (shown
# with --show-systems) and the word "Passage" give way first.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/long_ids.json"

ui_run p.db --rater alice --show-systems <<'EOF2'
esc
enter
:save-screen long-id
space
:save-screen long-id-relevant
q
n
enter
n
:save-screen wide-id
space
space
:save-screen wide-id-not-relevant
-
n
:save-screen inline
:resize 40 12
p
:save-screen wide-id-40x12
EOF2
check_ran "the script runs"
check_screen "a 200-character id is cut with an ellipsis; the state stays" long-id <<'EOF2'
 convqa · p.db · rater alice · task turn           item 1/2 [----------] 0 done
 Passage 1 of 1 · rank 1 · doc-section01-section02-s… · score 12.5 · not judged
 Q1: What is Tokyo Tower?
── A passage with a 200-character id ───────────────────────────────────────────
  Tokyo Tower is a communications and observation tower in the Shiba-koen
  district of Minato, Tokyo. It was completed in 1958.
















                        j/k scroll · n/p passage · space relevant? · q/esc back
 welcome, alice: ? lists the keys
EOF2
check_eq "space: the new state shows, the id gives way" \
	" Passage 1 of 1 · rank 1 · doc-section01-section02-sec… · score 12.5 · relevant" \
	"$(sed -n 2p "$T/screens/long-id-relevant")"
check_screen "a long id of wide characters is cut between characters" wide-id <<'EOF2'
 convqa · p.db · rater alice · task turn           item 2/2 [----------] 0 done
 Passage 2 of 3 · rank 2 · 東京タワーの歴史-第一章-… · score 7.25 · not judged
 Q2: When was it finished, and who ^[[31mbuilt^[[0m it? The question goes on f…
── 東京タワー ──────────────────────────────────────────────────────────────────
  東京タワーは、東京都港区芝公園にある総合電波塔である。1958年に完成した。

















                        j/k scroll · n/p passage · space relevant? · q/esc back

EOF2
check_eq "not relevant shows too" \
	" Passage 2 of 3 · rank 2 · 東京タワーの歴史-第一章… · score 7.25 · not relevant" \
	"$(sed -n 2p "$T/screens/wide-id-not-relevant")"
check_eq "an inline passage without a score (- marked it)" \
	" Passage 3 of 3 · rank 3 · sha256:29284bbcf8033514 · not relevant" \
	"$(sed -n 2p "$T/screens/inline")"
check_screen "at 40x12 the score and the word Passage give way, not the state" wide-id-40x12 <<'EOF2'
 p.db · alice · turn    item 2/2 0 done
 2/3 · rank 2 · 東京タ… · not relevant
 Q2: When was it finished, and who ^[[…
── 東京タワー ──────────────────────────
  東京タワーは、東京都港区芝公園にある
  総合電波塔である。1958年に完成した。




           space relevant? · q/esc back
 saved · 2 passages not relevant
EOF2
check_eq "the labels as shown" 'c-ids/1/sys-a alice relevant[1]=1
c-ids/2/sys-a alice relevant[1]=0
c-ids/2/sys-a alice relevant[2]=0
c-ids/2/sys-a alice relevant[3]=0' "$(labels p.db)"
done_testing
