#!/bin/sh
# The Unicode/hostile fixture (tests/fixtures/unicode_hostile.json): wide
# CJK and emoji take 2 columns, combining marks 0, right-to-left text is kept
# in logical order, long words wrap, and escape sequences and control
# characters appear inert (^[, ^G, <U+009B>) - no ESC or C1 byte reaches the
# screen. Also at 40x12.
. "$CONVQA_TOP/tests/lib.sh"
. "$CONVQA_TOP/tests/ui/fixtures/lib_ui.sh"
ui_project p.db "$FIXTURES/unicode_hostile.json"

# the answers of a turn come in the rater's order: alice's answer with
# the right-to-left text is item 6, the long word item 5; the hostile
# answer to the first turn of conversation "hostile" is item 7, the other
# item 8
ui_run p.db --rater alice <<'EOF'
esc
:save-screen cjk
n
:save-screen emoji
n
n
n
n
:save-screen rtl
p
:save-screen long-word
n
n
:save-screen hostile
enter
:save-screen hostile-pane
esc
n
j
enter
:save-screen c1-pane
esc
n
:save-screen controls
n
enter
:save-screen big-pane
pgdn
pgdn
:save-screen big-pane-scrolled
EOF
check_ran "the script runs"
check_screen "Chinese and Japanese: two columns a character, aligned" cjk <<'EOF'
 convqa · p.db · rater alice · task turn          item 1/11 [----------] 0 done
 conversation unicode-display-显示-表示 · turn 1/3                   unfinished
── Question 1/3 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 长城有多长？
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 明代长城总长约八千八百多公里。
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] zh-长城 · 长城（中文）
      长城是中国古代的军事防御工程，东起山海关，西至嘉峪关。明代修建的长城总长
      约八千八百多公里。长城于1987年被列入世界遗产名录。
  2 [ ] ja-長城 · 万里の長城（日本語）
      万里の長城は中国北部に築かれた長大な城壁です。現在見られる部分の多くは明
      の時代に建てられました。ひらがな、カタカナ、漢字はどれも端末で二列分の幅
      を取ります。半角ｶﾀｶﾅは一列分です。
  3 [ ] long-word · A 300-character word
      Before the long word.
      PneumonoultramicroscopicsilicovolcanoconiosisPneumonoultramicroscopicsili
      covolcanoconiosisPneumonoultramicroscopicsilicovolcanoconiosisPneumonoult
      ramicroscopicsilicovolcanoconiosisPneumonoultramicroscopicsilicovolcanoco
      niosisPneumonoultramicroscopicsilicovolcanoconiosisPneumonoultramicroscop
      icsilico After the long word.
 intent: ?  answer: ?  relevant: 0/3 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3
 welcome, alice: ? lists the keys                               ? help · q quit
EOF
check_screen "emoji, ZWJ sequences and flags" emoji <<'EOF'
 convqa · p.db · rater alice · task turn          item 2/11 [----------] 0 done
 conversation unicode-display-显示-表示 · turn 1/3                   unfinished
── Question 1/3 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 长城有多长？
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 约8800公里（明长城）。🧱🐉
── Passages (4) · 1-4 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] zh-长城 · 长城（中文）
      长城是中国古代的军事防御工程，东起山海关，西至嘉峪关。明代修建的长城总长
      约八千八百多公里。长城于1987年被列入世界遗产名录。
  2 [ ] ja-長城 · 万里の長城（日本語）
      万里の長城は中国北部に築かれた長大な城壁です。現在見られる部分の多くは明
      の時代に建てられました。ひらがな、カタカナ、漢字はどれも端末で二列分の幅
      を取ります。半角ｶﾀｶﾅは一列分です。
  3 [ ] emoji · Emoji 🧪 sequences
      Family (ZWJ sequence): 👨👩👧👦. Technologist with skin tone: 👩🏽💻.
      Flags: 🇻🇳 🇯🇵 🇮🇱 🇸🇦. Rainbow flag: 🏳️🌈. Keycap: 1️⃣. Heart with VS16: ❤️,
      without: ❤. Thumbs up, medium skin tone: 👍🏽.
  4 [ ] rtl · نص من اليمين إلى اليسار / טקסט מימין לשמאל
      اللغة العربية تُكتب من اليمين إلى اليسار، والأرقام 2024 من اليسار إلى
      اليمين. עברית נכתבת מימין לשמאל. Mixed: the word שלום means peace, and …
 intent: ?  answer: ?  relevant: 0/4 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3 4
                                                                ? help · q quit
EOF
check_screen "history, combining marks, right-to-left text" rtl <<'EOF'
 convqa · p.db · rater alice · task turn          item 6/11 [----------] 0 done
 conversation unicode-display-显示-表示 · turn 3/3                   unfinished
── History · 2 earlier turns · h hides ─────────────────────────────────────────
 … 1 earlier turn
 Q2 それはいつ建てられましたか？
    A: 明の時代に建てられました。
── Question 3/3 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What do 👨👩👧👦 and 🇻🇳 mean, how is café written, and what does שלום / سلام
 mean?
── Answer 2 of 2 · c correct · x incorrect ─────────────────────────────────────
 Family: 👨👩👧👦 — flag 🇻🇳 — café — שלום = سلام = peace ☮️
── Passages (4) · 1-4 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] emoji · Emoji 🧪 sequences
      Family (ZWJ sequence): 👨👩👧👦. Technologist with skin tone: 👩🏽💻.
      Flags: 🇻🇳 🇯🇵 🇮🇱 🇸🇦. Rainbow flag: 🏳️🌈. Keycap: 1️⃣. Heart with VS16: ❤️, …
  2 [ ] combining · Combining marks: café
      Decomposed: café, naïve, Amélie, ñ. Precomposed: café, naïve. …
  3 [ ] rtl · نص من اليمين إلى اليسار / טקסט מימין לשמאל
      اللغة العربية تُكتب من اليمين إلى اليسار، والأرقام 2024 من اليسار إلى …
  4 [ ] ansi · ^[]0;pwned window title^GInnocent title ^[[1mbold^[[0m
      Normal text, then ^[[31mRED^[[0m and ^[[1;4;5mbold underlined …
 intent: ?  answer: ?  relevant: 0/4 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3 4
                                                                ? help · q quit
EOF
check_screen "a 300-character word is broken across lines" long-word <<'EOF'
 convqa · p.db · rater alice · task turn          item 5/11 [----------] 0 done
 conversation unicode-display-显示-表示 · turn 3/3                   unfinished
── History · 2 earlier turns · h hides ─────────────────────────────────────────
 … 1 earlier turn
 Q2 それはいつ建てられましたか？
    A: 秦の始皇帝がすべてを一度に建てました。
── Question 3/3 · e/a/b intent: extractive/abstractive/boolean ─────────────────
 What do 👨👩👧👦 and 🇻🇳 mean, how is café written, and what does שלום / سلام
 mean?
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 الأسرة، علم فيتنام، وكلمة السلام. משפחה, דגל וייטנאם, ושלום.
 PneumonoultramicroscopicsilicovolcanoconiosisPneumonoultramicroscopicsilicovol
 canoconiosisPneumonoultramicroscopicsilicovolcanoconiosisPneumonoultramicrosco
 picsilicovolcanoconiosisPneumonoultramicroscopicsilicovolcanoconiosisPneumonou
 ltramicroscopicsilicovolcanoconiosisPneumonoultramicroscopicsilico
── Passages (4) · 1-4 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] rtl · نص من اليمين إلى اليسار / טקסט מימין לשמאל
      اللغة العربية تُكتب من اليمين إلى اليسار، والأرقام 2024 من اليسار إلى …
  2 [ ] emoji · Emoji 🧪 sequences
  3 [ ] sha256:974e7e1c366985e5 · Inline: Vietnamese tones
  4 [ ] combining · Combining marks: café
 intent: ?  answer: ?  relevant: 0/4 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3 4
                                                                ? help · q quit
EOF
check_screen "escape sequences in ids, questions, answers and passages are inert" hostile <<'EOF'
 convqa · p.db · rater alice · task turn          item 7/11 [----------] 0 done
 conversation hostile-^[[31mcontrol^[[0m · turn 1/3                  unfinished
── Question 1/3 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 What does ^[[31mthis red text^[[0m say?^[[2J^[[10;10H
── Answer 1 of 2 · c correct · x incorrect ─────────────────────────────────────
 It says ^[[31mRED^[[0m.^[]0;answer title^G^[[10;10H<U+009B>2J
── Passages (5) · 1-5 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] ansi · ^[]0;pwned window title^GInnocent title ^[[1mbold^[[0m
      Normal text, then ^[[31mRED^[[0m and ^[[1;4;5mbold underlined
      blinking^[[0m. Clear screen: ^[[2J^[[H done. Cursor to 10,10:
      ^[[10;10Hmoved. Window title: ^[]0;owned^G set. C1 CSI: <U+009B>31mred
      via C1<U+009B>0m. Other C1: <U+0085>NEL <U+008D>RI <U+0090>DCS <U+009C>ST
      <U+009D>OSC. Hyperlink: ^[]8;;https://evil.example/^[\click^[]8;;^[\. …
  2 [ ] whitespace · Tabs    CR^Mand CRLF in a title
      Tabs:   column 2    column 3        column 5. …
  3 [ ] big-100k · A passage of exactly 100,000 characters
      This passage is exactly 100,000 characters long. It tests scrolling, …
  4 [ ] rtl · نص من اليمين إلى اليسار / טקסט מימין לשמאל
      اللغة العربية تُكتب من اليمين إلى اليسار، والأرقام 2024 من اليسار إلى …
  5 [ ] emoji · Emoji 🧪 sequences
      Family (ZWJ sequence): 👨👩👧👦. Technologist with skin tone: 👩🏽💻. …
 intent: ?  answer: ?  relevant: 0/5 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3 4 5
                                                                ? help · q quit
EOF
check_screen "the hostile passage in full" hostile-pane <<'EOF'
 convqa · p.db · rater alice · task turn          item 7/11 [----------] 0 done
 Passage 1 of 5 · rank 1 · ansi · not judged
 Q1: What does ^[[31mthis red text^[[0m say?^[[2J^[[10;10H
── ^[]0;pwned window title^GInnocent title ^[[1mbold^[[0m ──────────────────────
  Normal text, then ^[[31mRED^[[0m and ^[[1;4;5mbold underlined blinking^[[0m.
  Clear screen: ^[[2J^[[H done. Cursor to 10,10: ^[[10;10Hmoved. Window title:
  ^[]0;owned^G set. C1 CSI: <U+009B>31mred via C1<U+009B>0m. Other C1:
  <U+0085>NEL <U+008D>RI <U+0090>DCS <U+009C>ST <U+009D>OSC. Hyperlink:
  ^[]8;;https://evil.example/^[\click^[]8;;^[\. Clipboard:
  ^[]52;c;ZWNobyBwd25lZA==^G. DCS: ^[P1$r0m^[\. Alternate screen:
  ^[[?1049h^[[?1049l. Hide cursor: ^[[?25l^[[?25h. Reset: ^[c. Bell: ^G. DEL:
  ^?. Vertical tab:^Kform feed:^Lend.










                        j/k scroll · n/p passage · space relevant? · q/esc back

EOF
check_screen "C1 controls are shown as tags" c1-pane <<'EOF'
 convqa · p.db · rater alice · task turn          item 8/11 [----------] 0 done
 Passage 2 of 3 · rank 2 · sha256:e3b8c3e29daad553 · not judged
 Q1: What does ^[[31mthis red text^[[0m say?^[[2J^[[10;10H
── Inline passage with C1 <U+009B>31m controls ─────────────────────────────────
  Inline text with the C1 control CSI <U+009B>2J<U+009B>H and ^[[31mESC
  colour^[[0m, tab  here, bell^G.
















                        j/k scroll · n/p passage · space relevant? · q/esc back

EOF
check_screen "CR, backspace, vertical tab and tabs" controls <<'EOF'
 convqa · p.db · rater alice · task turn          item 9/11 [----------] 0 done
 conversation hostile-^[[31mcontrol^[[0m · turn 2/3                  unfinished
── History · 1 earlier turn · h hides ──────────────────────────────────────────
 Q1 What does ^[[31mthis red text^[[0m say?^[[2J^[[10;10H
    A: It says ^[[31mRED^[[0m.^[]0;answer title^G^[[10;10H<U+009B>2J
── Question 2/3 · e/a/b intent: extractive/abstractive/boolean · r rewrite ─────
 Line one
 line two^MOVERWRITTEN?^H^H^H    and^Kmore
── Answer 1 of 1 · c correct · x incorrect ─────────────────────────────────────
 abc^H^H^HXYZ
 second
 line^MCRPneumonoultramicroscopicsilicovolcanoconiosisPneumonoultramicroscopics
 ilicovolcanoconiosisPneumonoultramicroscopicsilicovolcanoconiosisPneumonoultra
 … 2 more lines · t shows all
── Passages (3) · 1-3 relevant? · j/k focus · enter opens ──────────────────────
▸ 1 [ ] whitespace · Tabs    CR^Mand CRLF in a title
      Tabs:   column 2    column 3        column 5. …
  2 [ ] long-word · A 300-character word
      Before the long word. …
  3 [ ] big-100k · A passage of exactly 100,000 characters
      This passage is exactly 100,000 characters long. It tests scrolling, …
 intent: ?  answer: ?  relevant: 0/3 judged  note: —
 missing: intent, answer_correct, relevant 1 2 3
                                                                ? help · q quit
EOF
check_screen "a passage of 100,000 characters opens" big-pane <<'EOF'
 convqa · p.db · rater alice · task turn         item 10/11 [----------] 0 done
 Passage 1 of 4 · rank 1 · big-100k · not judged
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
check_screen "and scrolls" big-pane-scrolled <<'EOF'
 convqa · p.db · rater alice · task turn         item 10/11 [----------] 0 done
 Passage 1 of 4 · rank 1 · big-100k · not judged
 Q3: Is the 100,000-character passage safe to display? <U+009B>2J
── A passage of exactly 100,000 characters ─────────────────────────────────────
  carefully.

  She not of, season what people been time compass after this slowly system we
  now meadow when signal? It but make to did it question northern find ledger
  each harbour after familiar estuary be granite. Distant where water
  evaluator window season many will granite quietly most know about little.
  Water uncertain from these keeper or with up orchard or see him window words
  orchard a from! Not not familiar if some orchard many over. Will into see
  morning when has been slowly may distant long and season distant. More your
  up at, remarkable signal. That how who this like she lantern orchard.

  Their than ledger carefully from which first patient carefully into ordinary
  with they granite. Season meadow or like evening after into be which signal
  no them who has many most how. After did the were people only patient had
  then meadow remarkable what may her. Had been there passage them evening
  what corridor or northern she did. One season all can window than current
  what his use very how and one like evening.

 lines 35-52 of 1698    j/k scroll · n/p passage · space relevant? · q/esc back

EOF

# no screen holds a byte a terminal would act on
if LC_ALL=C grep -l "$(printf '\033')" "$T"/screens/* >/dev/null 2>&1; then
	not_ok "no ESC byte in any screen" "$(LC_ALL=C grep -l "$(printf '\033')" "$T"/screens/*)"
else
	ok "no ESC byte in any screen"
fi
if python3 - "$T"/screens/* <<'EOF'
import sys
bad = [f for f in sys.argv[1:] if any(0x80 <= ord(c) <= 0x9f or (ord(c) < 0x20 and c != "\n") or ord(c) == 0x7f
                                      for c in open(f, encoding="utf-8").read())]
print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
then ok "no C0 or C1 control character in any screen"; else not_ok "no C0 or C1 control character in any screen"; fi

# bob's order: the Chinese answer first, the hostile answer item 7
CONVQA_COLUMNS=40 CONVQA_LINES=12 ui_run p.db --rater bob <<'EOF'
esc
:save-screen emoji-40x12
n
n
n
n
n
n
:save-screen hostile-40x12
EOF
check_ran "the 40x12 script runs"
check_screen "wide text at 40x12" emoji-40x12 <<'EOF'
 p.db · bob · turn     item 1/11 0 done
 unicode-display-显示-表示 · turn 1/3
── Question 1/3 · e/a/b intent · r rewr…
 长城有多长？
── Answer 1/2 · c correct · x incorrect
 约8800公里（明长城）。🧱🐉
── Passages 1-2 of 4 · 1-4 relevant? · …
▸ 1 [ ] zh-长城 · 长城（中文）
  2 [ ] ja-長城 · 万里の長城（日本語）
 intent:? answer:? relevant:0/4 note:—
 missing: intent, answer_correct, rele…
 welcome, bob: ? list…  ? help · q quit
EOF
check_screen "hostile text at 40x12" hostile-40x12 <<'EOF'
 p.db · bob · turn     item 7/11 0 done
 hostile-^[[31mcontrol^[[0m · turn 1/3
── Question 1/3 · e/a/b intent · r rewr…
 What does ^[[31mthis red text^[[0m   …
── Answer 1/2 · c correct · x incorrect
 It says ^[[31mRED^[[0m.^[]0;answer   …
── Passages 1-2 of 5 · 1-5 relevant? · …
▸ 1 [ ] ansi · ^[]0;pwned window title…
  2 [ ] whitespace · Tabs    CR^Mand C…
 intent:? answer:? relevant:0/5 note:—
 missing: intent, answer_correct, rele…
                        ? help · q quit
EOF
done_testing
