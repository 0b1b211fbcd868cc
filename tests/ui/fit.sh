#!/bin/sh
# Screens that must fit and say what they show: the label bar drops words
# ("judged") before it cuts off its last field; an empty answer says it is
# empty (on the item screen, in the history and in the turn pane); home and
# end jump to the first / last passage, and to the top / end of a text (the
# 100,000-character passage of the hostile fixture). A window too small
# while a note is being written does not let q throw the note away.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIX/small.json"

ui_run p.db --rater alice <<'EOF'
esc
a
x
1
-
:save-screen bar-80
:resize 72 24
:save-screen bar-72
:resize 71 24
:save-screen bar-71
EOF
check_ran "the label bar script runs"
bar() { sed -n '22,23p' "$T/screens/$1"; }
check_eq "80 columns: the whole bar, without \"judged\"" \
' intent: abstractive  answer: incorrect  relevant: 3/3 (1 relevant)  note: —
 ✓ finished · n: next item' "$(bar bar-80)"
check_eq "72 columns: compact, the note still shown" \
' intent:abstractive answer:incorrect relevant:3/3 note:—
 ✓ finished · n: next item' "$(bar bar-72)"
check_eq "71 columns: compact" "$(bar bar-72)" "$(bar bar-71)"

cat >"$T/empty.json" <<'EOF'
{"format": "convqa-tasks", "version": 1, "systems": [{"id": "s1"}], "collection": [],
 "conversations": [{"id": "c-empty", "turns": [
   {"question": "Is anybody there?", "responses": [{"system": "s1", "answer": "", "passages": []}]},
   {"question": "Hello?", "responses": [{"system": "s1", "answer": "Yes.", "passages": [{"rank": 1, "text": "Hi."}]}]}]}]}
EOF
ui_project e.db "$T/empty.json"
ui_run e.db --rater alice <<'EOF'
esc
:save-screen empty-answer
n
:save-screen empty-history
p
t
:save-screen empty-pane
EOF
check_ran "the empty-answer script runs"
check_screen "an empty answer says so" empty-answer <<'EOF'
 convqa · e.db · rater alice · task turn           item 1/2 [----------] 0 done
 conversation c-empty · turn 1/2                                     unfinished
── Question 1/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Is anybody there?
── Answer 1 of 1 ───────────────────────────────────────────────────────────────
 (empty answer)
── Passages (0) · j/k focus · enter opens ──────────────────────────────────────
 (no retrieved passages)













 intent: ?  relevant: no passages  note: —
 missing: intent
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_screen "in the history too" empty-history <<'EOF'
 convqa · e.db · rater alice · task turn           item 2/2 [----------] 0 done
 conversation c-empty · turn 2/2                                     unfinished
── History · 1 earlier turn · h hides ──────────────────────────────────────────
 Q1 Is anybody there?
    A: (empty answer)
── Question 2/2 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Hello?
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 Yes.
── Passages (1) · 1 relevant? · j/k focus · enter opens ────────────────────────
▸ 1 [ ] sha256:17f4444f3932f8a1
      Hi.









 intent: ?  answer: ?  relevant: 0/1 judged  note: —
 missing: intent, answer_correct, relevant 1
                                                                ? help · q quit
EOF
check_screen "and in the turn pane" empty-pane <<'EOF'
 convqa · e.db · rater alice · task turn           item 1/2 [----------] 0 done
 Turn 1/2 of c-empty
── Question and answer in full ─────────────────────────────────────────────────
  Question 1/2:
  Is anybody there?

  Answer 1 of 1:
  (empty answer)














                                                        j/k scroll · q/esc back

EOF

ui_project u.db "$FIXTURES/unicode_hostile.json"
# the answer "Yes." to the third turn: the last item (the answers of a
# turn come in a mixed order)
ui_run u.db --rater alice <<'EOF'
esc
n
n
n
n
n
n
n
n
n
n
end
:save-screen end-focus
home
:save-screen home-focus
enter
end
:save-screen big-end
pgup
home
:save-screen big-home
esc
?
end
:save-screen help-end
EOF
check_ran "the home/end script runs"
check_screen "end focuses the last passage" end-focus <<'EOF'
 convqa · u.db · rater alice · task turn         item 11/11 [----------] 0 done
 conversation hostile-^[[31mcontrol^[[0m · turn 3/3                  unfinished
── History · 2 earlier turns · h hides ─────────────────────────────────────────
 … 1 earlier turn
 Q2 Line one line two^MOVERWRITTEN?^H^H^H   and^Kmore
    A: abc^H^H^HXYZ second line^MCRPneumonoultramicroscopicsilicovolcanoconios…
── Question 3/3 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Is the 100,000-character passage safe to display? <U+009B>2J
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 Yes.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
  1 [ ] big-100k · A passage of exactly 100,000 characters
      This passage is exactly 100,000 characters long. It tests scrolling,
      wrapping and storage of very long text. If have at could each …
  2 [ ] long-word · A 300-character word
      Before the long word.
      PneumonoultramicroscopicsilicovolcanoconiosisPneumonoultramicroscopicsi …
▸ 3 [ ] ansi · ^[]0;pwned window title^GInnocent title ^[[1mbold^[[0m
      Normal text, then ^[[31mRED^[[0m and ^[[1;4;5mbold underlined
      blinking^[[0m. Clear screen: ^[[2J^[[H done. Cursor to 10,10:
      ^[[10;10Hmoved. Window title: ^[]0;owned^G set. C1 CSI: <U+009B>31mred …
 intent: ?  answer: ?  relevant: 0/3 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3
                                                                ? help · q quit
EOF
check_screen "home the first" home-focus <<'EOF'
 convqa · u.db · rater alice · task turn         item 11/11 [----------] 0 done
 conversation hostile-^[[31mcontrol^[[0m · turn 3/3                  unfinished
── History · 2 earlier turns · h hides ─────────────────────────────────────────
 … 1 earlier turn
 Q2 Line one line two^MOVERWRITTEN?^H^H^H   and^Kmore
    A: abc^H^H^HXYZ second line^MCRPneumonoultramicroscopicsilicovolcanoconios…
── Question 3/3 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 Is the 100,000-character passage safe to display? <U+009B>2J
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 Yes.
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] big-100k · A passage of exactly 100,000 characters
      This passage is exactly 100,000 characters long. It tests scrolling,
      wrapping and storage of very long text. If have at could each smörgåsbord
      said only coöperate so not morning do or uncertain an not. Would, other …
  2 [ ] long-word · A 300-character word
      Before the long word.
      PneumonoultramicroscopicsilicovolcanoconiosisPneumonoultramicroscopicsi …
  3 [ ] ansi · ^[]0;pwned window title^GInnocent title ^[[1mbold^[[0m
      Normal text, then ^[[31mRED^[[0m and ^[[1;4;5mbold underlined
      blinking^[[0m. Clear screen: ^[[2J^[[H done. Cursor to 10,10: …
 intent: ?  answer: ?  relevant: 0/3 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3
                                                                ? help · q quit
EOF
check_screen "end in the 100,000-character passage: its last lines" big-end <<'EOF'
 convqa · u.db · rater alice · task turn         item 11/11 [----------] 0 done
 Passage 1 of 3 · rank 1 · big-100k · not judged
 Q3: Is the 100,000-character passage safe to display? <U+009B>2J
── A passage of exactly 100,000 characters ─────────────────────────────────────
  that what each granite know her, passage them people? Than uncertain morning
  and we were these.

  River their out its water they their been if, façade ledger over. Make
  keeper archive many use know than evaluator if been when know your
  remarkable on. Did, it if of but they people window see answer. Lantern
  distant signal they slowly question down. Her two him do their up water so
  time over down very its a are ledger. Out uncertain to will his but no when
  quietly did library have other a, little.

  System down now not his from carefully current uncertain now people season
  slowly made use. This for now about which about. A signal has there but if.
  A most granite will would evaluator evaluator time if did his no. Uncertain
  your compass into make his made system way system was season over other them
  lantern passage their? Coöperate and time window lantern we? Than said him
  with up now where how can will from by orchard?

  When smörgåsbord its up use h.
 lines 1681-1698 of 1698             n/p passage · space relevant? · q/esc back

EOF
check_screen "home: its first lines" big-home <<'EOF'
 convqa · u.db · rater alice · task turn         item 11/11 [----------] 0 done
 Passage 1 of 3 · rank 1 · big-100k · not judged
 Q3: Is the 100,000-character passage safe to display? <U+009B>2J
── A passage of exactly 100,000 characters ─────────────────────────────────────
  This passage is exactly 100,000 characters long. It tests scrolling,
  wrapping and storage of very long text. If have at could each smörgåsbord
  said only coöperate so not morning do or uncertain an not. Would, other to
  which carefully an may. Be if other each question little a or over has your
  many lighthouse the could people them that. Him like into now at did than
  her that the this like had her over them. May after his remarkable Кириллица
  could how then archive but my first now just! Said familiar there make
  evaluator out first current river from words words? Most passage harbour
  your or way library they were which people are had may than window. Estuary
  an familiar Zürich do find smörgåsbord down has did harbour but just but
  made lighthouse orchard them.

  And, was two signal make they. Corridor up called when ledger out how a the
  where passage no out will evening evaluator at more. Her first only or
  ledger library make. Words time very my remarkable passage were? Who keeper
  very compass called then out! With do uncertain his little quietly an
  compass most they from we these! Coöperate, words harbour current out
  current carefully.
 lines 1-18 of 1698     j/k scroll · n/p passage · space relevant? · q/esc back

EOF
check_screen "end in the help: its last page" help-end <<'EOF'
 convqa · u.db · rater alice · task turn         item 11/11 [----------] 0 done
── Help ────────────────────────────────────────────────────────────────────────
    enter          open the focused passage or evidence piece (again: close)
    t              question, rewrite and answer in full
    l              the list of items, their state; enter goes to one
    h              show / hide the earlier turns
    r              show / hide the rewritten question
    E              show / hide the evidence spans in the passages
    ? F1           this help
    g              the annotation guidelines
    /              search every passage of the project (from the turn screen)
    +              in a search: relevant to the turn too (extra_gold)
    esc backspace  close this screen
    q              quit, all saved (help, guidelines, passage, list: close)

  Chat
    F2             convqa chat: end the conversation and judge its turns

  Typing in a prompt (a note, / search, : go to item): left, right, home and
  end (C-b, C-f, C-a, C-e) move in the line; backspace and delete (C-d) erase;
  C-u erases before the cursor (all of the line with the cursor at its end),
  C-k after it; in the search, up and down recall earlier queries.
 lines 32-51 of 51                       j/k pgdn/pgup scroll · q or esc closes

EOF
ui_run p.db --rater bob <<'EOF'
esc
w
:type hello
:resize 30 8
q
:save-screen note-small
:resize 80 24
:type  world
enter
EOF
check_ran "the small-window note script runs"
check_screen "too small while writing a note: q does not quit" note-small <<'EOF'
Window too small: 30x8. convqa
needs at least 40x12. Enlarge
the window to finish your note
(nothing is lost).




EOF
check_eq "the note is saved once the window is large again (bob's first item)" 'c1/1/sys-b bob note="hello world"' \
	"$(labels p.db --rater bob)"
done_testing
