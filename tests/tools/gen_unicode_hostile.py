#!/usr/bin/python3
"""Generate tests/fixtures/unicode_hostile.json, a task file that attacks display.

Usage: gen_unicode_hostile.py [-o PATH] [--check]

  -o PATH   write to PATH (default: tests/fixtures/unicode_hostile.json in the
            repository this script lives in; '-' for standard output)
  --check   do not write; exit 1 if the file at PATH differs from what would
            be generated (for CI), 0 if it is up to date

The output is deterministic (no clock, no random module, no hash seeds).

What the file contains (all valid JSON, valid UTF-8, no U+0000 anywhere):
  * display: Chinese and Japanese (double-width), emoji (ZWJ sequences, skin
    tones, flags, keycaps, VS16), combining marks (decomposed e + U+0301,
    stacked marks, Vietnamese precomposed and decomposed), right-to-left text
    (Arabic, Hebrew, mixed with left-to-right), bidi override and isolate
    characters, U+2028/U+2029, a 300-character word without spaces;
  * hostile: ANSI CSI sequences (ESC[31m colour, ESC[2J clear screen,
    ESC[10;10H cursor movement, alternate screen, hidden cursor), OSC
    sequences (ESC]0;title BEL window title, OSC 8 hyperlink, OSC 52
    clipboard), DCS, RIS (ESC c), the C1 control U+009B (CSI) and other C1
    characters, BEL, backspaces, vertical tab, form feed, DEL, tabs, a lone
    CR and CRLF inside text, and a passage of exactly 100,000 characters.

Control characters, DEL, C1 controls, bidi controls and U+2028/U+2029 are
written as \\uXXXX escapes so that the file itself is safe to print; other
non-ASCII characters are written as raw UTF-8.
"""

import json
import os
import sys

ESC = "\x1b"
BEL = "\x07"
CSI = ESC + "["
OSC = ESC + "]"
C1_CSI = "\x9b"
# C1 and bidi controls a JSON writer must escape (metadata is kept as JSON)
META_CONTROLS = ("C1 CSI " + C1_CSI + "2J, NEL \x85, RLO \u202eevil\u202c, LRI \u2066x\u2069, "
                 "ALM \u061c, LRM \u200e, LS \u2028, DEL \x7f")

BIG_PASSAGE_CHARS = 100_000
LONG_WORD_CHARS = 300


# --- deterministic pseudo-random numbers (64-bit LCG, Knuth MMIX) ----------

class Lcg:
    def __init__(self, seed):
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def below(self, n):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) \
            & 0xFFFFFFFFFFFFFFFF
        return (self.state >> 33) % n

    def pick(self, seq):
        return seq[self.below(len(seq))]


# --- text pieces ----------------------------------------------------------

def long_word():
    """A 300-character word without spaces or hyphens."""
    base = "Pneumonoultramicroscopicsilicovolcanoconiosis"
    word = (base * (LONG_WORD_CHARS // len(base) + 1))[:LONG_WORD_CHARS]
    assert len(word) == LONG_WORD_CHARS and " " not in word
    return word


WORDS = (
    "the a of and to in that it was for on are as with his they at be this "
    "from have or by one had not but what all were when we there can an "
    "your which their said if do will each about how up out them then she "
    "many some so these would other into has more her two like him see time "
    "could no make than first been its who now people my made over did down "
    "only way find use may water long little very after words called just "
    "where most know passage answer question evaluator system river harbour "
    "lantern keeper archive ledger meadow orchard compass signal lighthouse "
    "granite willow current estuary library corridor window season northern "
    "quietly slowly carefully evening morning distant familiar ordinary "
    "remarkable uncertain patient"
).split()

# A few non-ASCII words so that characters and bytes differ.
RARE_WORDS = ["naïve", "café", "Zürich", "façade", "smörgåsbord", "東京",
              "Ελλάδα", "Кириллица", "jalapeño", "coöperate"]


def big_passage():
    """Prose-like text of exactly BIG_PASSAGE_CHARS characters."""
    rng = Lcg(0x5EED_C0FFEE)
    paragraphs = []
    length = 0
    n = 0
    while length < BIG_PASSAGE_CHARS + 200:
        sentences = []
        for _ in range(4 + rng.below(5)):
            words = []
            for _ in range(6 + rng.below(13)):
                if rng.below(40) == 0:
                    words.append(rng.pick(RARE_WORDS))
                else:
                    words.append(rng.pick(WORDS))
            s = " ".join(words)
            s = s[0].upper() + s[1:]
            if rng.below(7) == 0:
                k = 1 + rng.below(len(words) - 1)
                s = " ".join(words[:k]) + ", " + " ".join(words[k:])
                s = s[0].upper() + s[1:]
            sentences.append(s + rng.pick([".", ".", ".", "?", "!"]))
        n += 1
        para = " ".join(sentences)
        if n == 1:
            para = ("This passage is exactly 100,000 characters long. It tests "
                    "scrolling, wrapping and storage of very long text. " + para)
        paragraphs.append(para)
        length += len(para) + 2
    text = "\n\n".join(paragraphs)
    # A few hostile bytes deep inside, where only scrolling reaches them.
    middle = BIG_PASSAGE_CHARS // 2
    cut = text.index(". ", middle) + 2
    text = (text[:cut] + "Half way: " + CSI + "2J" + CSI + "H" + CSI + "31m"
            + "screen cleared?" + CSI + "0m\tTab.\r\nCRLF. " + text[cut:])
    text = text[:BIG_PASSAGE_CHARS - 1]
    if text[-1].isspace():
        text = text[:-1] + "-"
    text += "."
    assert len(text) == BIG_PASSAGE_CHARS
    return text


def build():
    word300 = long_word()

    collection = [
        {
            "id": "zh-长城",
            "title": "长城（中文）",
            "url": "https://example.org/百科/长城",
            "text": "长城是中国古代的军事防御工程，东起山海关，西至嘉峪关。"
                    "明代修建的长城总长约八千八百多公里。"
                    "长城于1987年被列入世界遗产名录。",
        },
        {
            "id": "ja-長城",
            "title": "万里の長城（日本語）",
            "text": "万里の長城は中国北部に築かれた長大な城壁です。"
                    "現在見られる部分の多くは明の時代に建てられました。"
                    "ひらがな、カタカナ、漢字はどれも端末で二列分の幅を取ります。"
                    "半角ｶﾀｶﾅは一列分です。",
        },
        {
            "id": "emoji",
            "title": "Emoji 🧪 sequences",
            "text": "Family (ZWJ sequence): 👨\u200d👩\u200d👧\u200d👦. "
                    "Technologist with skin tone: 👩🏽\u200d💻. "
                    "Flags: 🇻🇳 🇯🇵 🇮🇱 🇸🇦. Rainbow flag: 🏳️\u200d🌈. "
                    "Keycap: 1️⃣. Heart with VS16: ❤️, without: ❤. "
                    "Thumbs up, medium skin tone: 👍🏽.",
        },
        {
            "id": "combining",
            "title": "Combining marks: cafe\u0301",
            "text": "Decomposed: cafe\u0301, nai\u0308ve, Ame\u0301lie, "
                    "n\u0303. Precomposed: café, naïve. "
                    "Vietnamese (precomposed): Tiếng Việt, Hà Nội, Nguyễn, người. "
                    "Vietnamese (decomposed): Tie\u0302\u0301ng Vie\u0323\u0302t. "
                    "Stacked marks: a\u0301\u0302\u0303\u0304\u0306\u0307 "
                    "Z\u0351\u0352\u0353a\u0354\u0355l\u0356\u0357g\u0358o\u0359. "
                    "Devanagari: नमस्ते. Thai: ภาษาไทย.",
        },
        {
            "id": "rtl",
            "title": "نص من اليمين إلى اليسار / טקסט מימין לשמאל",
            "text": "اللغة العربية تُكتب من اليمين إلى اليسار، والأرقام 2024 من اليسار إلى اليمين. "
                    "עברית נכתבת מימין לשמאל. "
                    "Mixed: the word שלום means peace, and so does سلام (123). "
                    "Bidi override: invoice_\u202eexe.pdf\u202c. "
                    "Isolates: \u2067עברית\u2069 and \u2066LTR\u2069. "
                    "Line separator\u2028and paragraph separator\u2029inside.",
        },
        {
            "id": "long-word",
            "title": "A 300-character word",
            "text": "Before the long word. " + word300 + " After the long word.",
        },
        {
            "id": "ansi",
            "title": OSC + "0;pwned window title" + BEL + "Innocent title "
                     + CSI + "1mbold" + CSI + "0m",
            "url": "https://example.org/" + CSI + "31mred-url" + CSI + "0m",
            "text": "Normal text, then " + CSI + "31mRED" + CSI + "0m and "
                    + CSI + "1;4;5mbold underlined blinking" + CSI + "0m. "
                    + "Clear screen: " + CSI + "2J" + CSI + "H done. "
                    + "Cursor to 10,10: " + CSI + "10;10Hmoved. "
                    + "Window title: " + OSC + "0;owned" + BEL + " set. "
                    + "C1 CSI: " + C1_CSI + "31mred via C1" + C1_CSI + "0m. "
                    + "Other C1: \x85NEL \x8dRI \x90DCS \x9cST \x9dOSC. "
                    + "Hyperlink: " + OSC + "8;;https://evil.example/" + ESC + "\\click"
                    + OSC + "8;;" + ESC + "\\. "
                    + "Clipboard: " + OSC + "52;c;ZWNobyBwd25lZA==" + BEL + ". "
                    + "DCS: " + ESC + "P1$r0m" + ESC + "\\. "
                    + "Alternate screen: " + CSI + "?1049h" + CSI + "?1049l. "
                    + "Hide cursor: " + CSI + "?25l" + CSI + "?25h. "
                    + "Reset: " + ESC + "c. Bell: " + BEL + ". DEL: \x7f. "
                    + "Vertical tab:\x0bform feed:\x0cend.",
        },
        {
            "id": "whitespace",
            "title": "Tabs\tCR\rand CRLF\r\nin a title",
            "text": "Tabs:\tcolumn 2\tcolumn 3\t\tcolumn 5.\n"
                    "Lone CR: this text is overwritten\rOVER.\n"
                    "CRLF line one.\r\nCRLF line two.\r\n"
                    "Backspaces: abc\b\b\bXYZ and secret\b\b\b\b\b\b******.\n"
                    "Trailing spaces and tabs   \t\n"
                    "\n\n\nThree blank lines above.",
        },
        {
            "id": "big-100k",
            "title": "A passage of exactly 100,000 characters",
            "text": big_passage(),
        },
    ]

    systems = [
        {
            "id": "baseline",
            "description": "Plain system; its description has "
                           + CSI + "1mANSI bold" + CSI + "0m and a tab\there.",
        },
        {
            "id": "多语言-llm-🤖",
            "description": "多语言系统 — システム — نظام متعدد اللغات — מערכת רב-לשונית",
        },
    ]

    def ranked(items, top, step):
        """Ranked passages from (id) strings or inline dicts, scores descending."""
        out = []
        for i, item in enumerate(items):
            p = {"rank": i + 1, "score": round(top - i * step, 4)}
            if isinstance(item, str):
                p["id"] = item
            else:
                p.update(item)
            out.append(p)
        return out

    conv_display = {
        "id": "unicode-display-显示-表示",
        "metadata": {"purpose": "wide, combining and right-to-left text",
                     "言語": ["中文", "日本語", "العربية", "עברית", "Tiếng Việt"]},
        "turns": [
            {
                "question": "长城有多长？",
                "rewrite": "明代修建的长城总长多少公里？",
                "gold": {"answers": ["八千八百多公里", "About 8,800 km"],
                         "passages": ["zh-长城"], "intent": "extractive"},
                "responses": [
                    {"system": "baseline",
                     "answer": "明代长城总长约八千八百多公里。",
                     "passages": ranked(["zh-长城", "ja-長城", "long-word"], 12.5, 2.25)},
                    {"system": "多语言-llm-🤖",
                     "answer": "约8800公里（明长城）。🧱🐉",
                     "passages": ranked(["zh-长城", "ja-長城", "emoji", "rtl"], 0.91, 0.07)},
                ],
            },
            {
                "question": "それはいつ建てられましたか？",
                "rewrite": "万里の長城の現存部分はいつ建てられましたか？",
                "gold": {"answers": ["主に明の時代"], "passages": ["ja-長城"]},
                "responses": [
                    {"system": "baseline",
                     "answer": "明の時代に建てられました。",
                     "passages": ranked(["ja-長城", "zh-长城", "combining"], 9.0, 1.5)},
                    {"system": "多语言-llm-🤖",
                     "answer": "秦の始皇帝がすべてを一度に建てました。",
                     "passages": ranked(["ja-長城", "zh-长城", "rtl", "emoji", "long-word"],
                                        0.88, 0.05)},
                ],
            },
            {
                "question": "What do 👨\u200d👩\u200d👧\u200d👦 and 🇻🇳 mean, how is "
                            "cafe\u0301 written, and what does שלום / سلام mean?",
                "gold": {"answers": ["A family, the flag of Viet Nam, café with a "
                                     "combining acute accent, and 'peace'."],
                         "passages": ["emoji", "combining", "rtl"],
                         "intent": "abstractive"},
                "responses": [
                    {"system": "baseline",
                     "answer": "Family: 👨\u200d👩\u200d👧\u200d👦 — flag 🇻🇳 — "
                               "cafe\u0301 — שלום = سلام = peace ☮️",
                     "passages": ranked(["emoji", "combining", "rtl", "ansi"], 7.75, 1.25)},
                    {"system": "多语言-llm-🤖",
                     "answer": "الأسرة، علم فيتنام، وكلمة السلام. "
                               "משפחה, דגל וייטנאם, ושלום. " + word300,
                     "passages": ranked(
                         ["rtl", "emoji",
                          {"title": "Inline: Vietnamese tones",
                           "text": "Sáu thanh điệu: ngang, huyền (à), sắc (á), "
                                   "hỏi (ả), ngã (ã), nặng (ạ). "
                                   "Decomposed: a\u0300 a\u0301 a\u0309 a\u0303 a\u0323."},
                          "combining"], 0.79, 0.0625),
                     "metadata": {"note": "answer ends with a 300-character word"}},
                ],
            },
        ],
    }

    conv_hostile = {
        "id": "hostile-" + CSI + "31mcontrol" + CSI + "0m",
        "metadata": {"purpose": "escape sequences and control characters must be shown inert",
                     "note": CSI + "5mblink" + CSI + "0m" + OSC + "0;meta title" + BEL,
                     "controls": META_CONTROLS},
        "turns": [
            {
                "question": "What does " + CSI + "31mthis red text" + CSI + "0m say?"
                            + CSI + "2J" + CSI + "10;10H",
                "rewrite": "What does the text coloured with ANSI escape sequences say?\t(tab)",
                "gold": {"answers": [CSI + "31mRED" + CSI + "0m", "RED"],
                         "passages": ["ansi"], "intent": "extractive"},
                "responses": [
                    {"system": "baseline",
                     "answer": "It says " + CSI + "31mRED" + CSI + "0m." + OSC
                               + "0;answer title" + BEL + CSI + "10;10H"
                               + C1_CSI + "2J",
                     "passages": ranked(["ansi", "whitespace", "big-100k", "rtl", "emoji"],
                                        21.0, 3.5),
                     "metadata": {"raw": ESC + "c" + CSI + "?1049h", "controls": META_CONTROLS}},
                    {"system": "多语言-llm-🤖",
                     "answer": "RED",
                     "passages": ranked(
                         ["ansi",
                          {"title": "Inline passage with C1 " + C1_CSI + "31m controls",
                           "text": "Inline text with the C1 control CSI " + C1_CSI
                                   + "2J" + C1_CSI + "H and " + ESC + "[31mESC colour"
                                   + ESC + "[0m, tab\there, bell" + BEL + "."},
                          "whitespace"], 0.97, 0.03125)},
                ],
            },
            {
                "question": "Line one\r\nline two\rOVERWRITTEN?\b\b\b\tand\x0bmore",
                "rewrite": "What happens to text with carriage returns, tabs and backspaces?",
                "gold": {"answers": ["It must be shown inert: tabs expanded, CR, LF "
                                     "and backspaces made visible or harmless."],
                         "passages": ["whitespace"], "intent": "abstractive"},
                "responses": [
                    {"system": "baseline",
                     "answer": "abc\b\b\bXYZ\r\nsecond line\rCR" + word300,
                     "passages": ranked(["whitespace", "long-word", "big-100k"], 15.5, 0.5)},
                ],
                "metadata": {"note": "only one system answered this turn",
                             "controls\u202e": [META_CONTROLS]},
            },
            {
                "question": "Is the 100,000-character passage safe to display? "
                            + C1_CSI + "2J",
                "gold": {"answers": ["Yes, if it is sanitised and scrolled.", "Yes"],
                         "passages": ["big-100k"], "intent": "boolean"},
                "responses": [
                    {"system": "baseline",
                     "answer": "Yes.",
                     "passages": ranked(["big-100k", "long-word", "ansi"], 30.25, 10.0)},
                    {"system": "多语言-llm-🤖",
                     "answer": "No" + "\b" * 2 + "Yes" + CSI + "8m hidden text" + CSI + "0m",
                     "passages": ranked(["big-100k", "whitespace", "ansi", "zh-长城"],
                                        0.66, 0.0),
                     "metadata": {"note": "all four scores are equal"}},
                ],
            },
        ],
    }

    return {
        "format": "convqa-tasks",
        "version": 1,
        "systems": systems,
        "collection": collection,
        "conversations": [conv_display, conv_hostile],
    }


# Characters written as \uXXXX although JSON would allow them raw:
# DEL, C1 controls, bidi embedding/override/isolate controls, U+2028/U+2029.
def _must_escape(cp):
    return (cp == 0x7F or 0x80 <= cp <= 0x9F or 0x202A <= cp <= 0x202E
            or 0x2066 <= cp <= 0x2069 or cp in (0x200E, 0x200F, 0x2028, 0x2029))


def serialise(doc):
    text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    # Outside strings JSON is pure ASCII, so this only touches string contents.
    text = "".join("\\u%04x" % ord(c) if _must_escape(ord(c)) else c for c in text)
    return text


def _check_no_nul(node):
    if isinstance(node, dict):
        for k, v in node.items():
            _check_no_nul(k)
            _check_no_nul(v)
    elif isinstance(node, list):
        for v in node:
            _check_no_nul(v)
    elif isinstance(node, str):
        assert "\x00" not in node, "U+0000 in generated text"


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    out = os.path.join(here, "..", "fixtures", "unicode_hostile.json")
    check = False
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "-o" and args:
            out = args.pop(0)
        elif a == "--check":
            check = True
        else:
            sys.stderr.write("usage: gen_unicode_hostile.py [-o PATH] [--check]\n")
            return 2

    doc = build()
    _check_no_nul(doc)
    text = serialise(doc)
    data = text.encode("utf-8")
    assert b"\x00" not in data and "\\u0000" not in text
    assert json.loads(data.decode("utf-8")) == doc

    if check:
        try:
            with open(out, "rb") as f:
                same = f.read() == data
        except OSError:
            same = False
        if not same:
            sys.stderr.write("%s is out of date; run %s\n" % (out, argv[0]))
            return 1
        return 0
    if out == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(out, "wb") as f:
            f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
