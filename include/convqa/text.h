/*
 * text.h - UTF-8 text: validation, decoding, and (for the terminal) display
 * width and sanitising.
 *
 * Everything that reaches the terminal passes text_sanitize() first, which
 * turns control characters and escape sequences into inert visible text.
 *
 * Ownership: inputs are borrowed byte ranges (not necessarily NUL-terminated);
 * output goes into caller-owned buffers (a struct strbuf the caller releases,
 * an array of struct text_line). Nothing here allocates on its own.
 */
#ifndef CONVQA_TEXT_H
#define CONVQA_TEXT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Decode one UTF-8 sequence at s (len bytes available). Returns its length
 * (1-4) and the code point in *cp, or 0 if the bytes are not valid UTF-8
 * (overlong forms, surrogates and values above U+10FFFF are invalid). */
size_t text_utf8_decode(const char *s, size_t len, uint32_t *cp);

/* 1 when s[0..len) holds nothing but spaces, tabs, CR and LF (or nothing). */
int text_blank(const char *s, size_t len);

/* The lines of a file in memory, buf[0..len), one at a time: a UTF-8 byte
 * order mark at the start is skipped, "\n" ends a line (the last may lack
 * it), blank lines (text_blank) are passed over but counted.
 *
 *   struct text_lines it;
 *   text_lines_init(&it, buf, len);
 *   while (text_lines_next(&it, &s, &n))    // it.line: s's line, from 1
 */
struct text_lines {
	const char *buf;
	size_t len, at, line;
};
void text_lines_init(struct text_lines *it, const char *buf, size_t len);
/* The next line that is not blank in s[0..n) (without its "\n"): 1; 0 at
 * the end. */
int text_lines_next(struct text_lines *it, const char **s, size_t *n);

/* Returns the byte offset of the first invalid UTF-8 sequence in s, or len
 * if all of it is valid. */
size_t text_utf8_check(const char *s, size_t len);

/* Encode cp as UTF-8 into out[4]; returns the number of bytes. */
size_t text_utf8_encode(uint32_t cp, char out[4]);

/* ---- display (terminal) ----------------------------------------------
 *
 * Width is measured in terminal columns with utf8proc: combining marks and
 * other zero-width characters take 0 columns, East Asian wide characters and
 * emoji take 2, everything else 1.
 */

struct strbuf;

/* Columns taken by code point cp (0, 1 or 2). Controls count 0: sanitise
 * text before measuring it. */
int text_cp_width(uint32_t cp);

/* Columns taken by s[0..len). Invalid bytes count 1 each (the sanitiser
 * turns them into U+FFFD, which is 1 column). */
size_t text_width(const char *s, size_t len);

/* Byte length of the longest prefix of s[0..len) at most width columns wide
 * (zero-width characters stay with the character before them); *used (may
 * be NULL) gets that prefix's width. */
size_t text_fit(const char *s, size_t len, int width, int *used);

/* 1 for the code points text_sanitize() shows as a visible tag: C1
 * controls, bidi controls, line and paragraph separators, U+FEFF and tag
 * characters (invisible, yet they act on a terminal or reorder text). */
int text_cp_is_hidden_control(uint32_t cp);

/* How a code point shows in a name (a rater's, a round's, a system's),
 * where two names must never look alike: */
enum text_look {
	TEXT_LOOK_LETTER,      /* a letter of any script */
	TEXT_LOOK_VISIBLE,     /* a digit, punctuation or symbol */
	TEXT_LOOK_MARK,        /* a combining mark: seen on the letter before it */
	TEXT_LOOK_SPACE,       /* U+0020 */
	TEXT_LOOK_OTHER_SPACE, /* another space separator (U+00A0, U+3000, ...) */
	TEXT_LOOK_CONTROL,     /* C0, DEL, C1 */
	TEXT_LOOK_INVISIBLE,   /* format characters (U+200B, U+00AD, bidi controls),
				* default-ignorable ones (Hangul fillers, variation
				* selectors), blank symbols (U+2800), line and paragraph
				* separators, surrogates, private use, unassigned */
};
enum text_look text_cp_look(uint32_t cp);

/* Byte offset where the longest suffix of s[0..len) at most width columns
 * wide starts (never at a zero-width character, which stays with the one
 * before it); *used (may be NULL) gets that suffix's width. With text_fit
 * it cuts text in the middle, keeping both ends. */
size_t text_fit_end(const char *s, size_t len, int width, int *used);

enum text_sanitize_flags {
	TEXT_NEWLINES = 1, /* keep "\n" as a line break (else it becomes a space) */
};

/* Append s[0..len) to out as inert, printable text. Every byte the terminal
 * could act on is turned into visible characters:
 *
 *   ESC and the other C0 controls   ^[  ^G  ^H ... (caret notation)
 *   DEL                             ^?
 *   tab                             spaces up to the next multiple of 4 columns
 *   CR                              dropped before LF ("\r\n" is a line break),
 *                                   else shown as ^M
 *   LF                              kept with TEXT_NEWLINES, else a space
 *   C1 controls U+0080-U+009F,
 *   bidi controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069),
 *   line/paragraph separators (U+2028, U+2029), U+FEFF
 *   and tag characters (U+E0000-U+E007F)   <U+202E>  (visible tag)
 *   bytes that are not valid UTF-8  U+FFFD
 *
 * A zero-width joiner after an emoji is dropped, so a joined sequence
 * (👨‍👩‍👧) shows as its parts: terminals disagree on the width of joined
 * sequences, and the layout must not depend on it.
 *
 * So an escape sequence such as "\x1b[31m" appears as the text "^[[31m".
 * Everything else (including zero-width joiners and combining marks) is
 * copied unchanged. */
void text_sanitize(struct strbuf *out, const char *s, size_t len, unsigned flags);

/* text_sanitize() of the string s (NULL: "") into a new string, never
 * NULL: the caller frees it. */
char *text_sanitize_dup(const char *s, unsigned flags);

/* text_sanitize() of text whose bytes carry marks (mark[0..len), such as
 * "in an evidence span"): for every byte appended to out, out_mark gets the
 * mark of the character it shows, so the marks follow the text through
 * tags and caret notation. */
void text_sanitize_marked(struct strbuf *out, const char *s, size_t len, unsigned flags, const unsigned char *mark,
			  struct strbuf *out_mark);

/* Format like vprintf, then append the result to out made inert as
 * text_sanitize() does: for messages that quote names or values. */
void text_sanitize_vfmt(struct strbuf *out, unsigned flags, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

/* One line of wrapped text: bytes [off, off + len) of the source, width
 * columns wide. */
struct text_line {
	size_t off, len;
	int width;
};

/* Wrap sanitised text s[0..len) into lines at most width columns wide:
 * "\n" ends a line; lines break after spaces (the spaces at a break are
 * dropped); a word wider than the line is broken between characters, never
 * inside a character or before a combining mark. Stores up to max lines in
 * lines (may be NULL when max is 0) and returns the total number of lines,
 * so a caller can ask for the first few and still learn how many there are.
 * Empty text has 0 lines. */
size_t text_wrap(const char *s, size_t len, int width, struct text_line *lines, size_t max);

#endif
