/* Unit tests: UTF-8 display width, the sanitiser and word wrapping (text.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convqa/strbuf.h"
#include "convqa/text.h"

static char *sanitized(const char *s, unsigned flags)
{
	struct strbuf sb = STRBUF_INIT;
	text_sanitize(&sb, s, strlen(s), flags);
	return strbuf_detach(&sb);
}

#define assert_sanitized(in, flags, expected) do { \
		char *got_ = sanitized(in, flags); \
		assert_string_equal(got_, expected); \
		free(got_); \
	} while (0)

static void test_width_counts_wide_cjk_and_emoji_as_2_and_combining_marks_as_0(void **state)
{
	(void)state;
	assert_int_equal(text_width("abc", 3), 3);
	assert_int_equal(text_width("长城", strlen("长城")), 4);
	assert_int_equal(text_width("\xf0\x9f\xa7\xaa", 4), 2);              /* 🧪 */
	assert_int_equal(text_width("cafe\xcc\x81", 6), 4);                  /* café, decomposed */
	assert_int_equal(text_width("ｶﾀｶﾅ", strlen("ｶﾀｶﾅ")), 4);            /* half-width katakana */
	assert_int_equal(text_width("\xe2\x80\x8d", 3), 0);                  /* zero-width joiner */
	assert_int_equal(text_width("שלום", strlen("שלום")), 4);
	assert_int_equal(text_cp_width(0x0301), 0);
	assert_int_equal(text_cp_width(0x4e2d), 2);
}

static void test_width_of_printable_ascii_is_1_and_of_controls_0(void **state)
{
	(void)state;
	for (uint32_t c = 0x20; c < 0x7f; c++)
		assert_int_equal(text_cp_width(c), 1);
	assert_int_equal(text_cp_width(0x00), 0);
	assert_int_equal(text_cp_width(0x1b), 0);
	assert_int_equal(text_cp_width(0x7f), 0);
	assert_int_equal(text_cp_width(0xa0), 1);   /* no-break space: past the ASCII shortcut */
	assert_int_equal(text_width("a \xe9\x95\xbf" "b~", 7), 6);   /* a, space, 長 (2), b, ~ */
}

static void test_width_counts_an_invalid_byte_as_one_column(void **state)
{
	(void)state;
	assert_int_equal(text_width("a\xff" "b", 3), 3);
}

static void test_fit_keeps_whole_characters_and_their_combining_marks(void **state)
{
	(void)state;
	int used;
	const char *s = "a长b";
	assert_int_equal(text_fit(s, strlen(s), 2, &used), 1);  /* 长 does not fit in 1 column */
	assert_int_equal(used, 1);
	assert_int_equal(text_fit(s, strlen(s), 3, &used), 4);
	assert_int_equal(used, 3);
	const char *e = "e\xcc\x81x";
	assert_int_equal(text_fit(e, strlen(e), 1, &used), 3);  /* e + U+0301 */
	assert_int_equal(used, 1);
}

static void test_fit_end_keeps_the_longest_tail_of_whole_characters(void **state)
{
	(void)state;
	int used;
	const char *s = "\xe5\xa4\x9a-llm-\xf0\x9f\xa4\x96x";   /* 多-llm-🤖x: 2 + 5 + 2 + 1 */
	assert_int_equal(text_fit_end(s, strlen(s), 3, &used), 8);   /* 🤖x */
	assert_int_equal(used, 3);
	assert_int_equal(text_fit_end(s, strlen(s), 2, &used), 12);  /* x: 🤖 would need 3 */
	assert_int_equal(used, 1);
	assert_int_equal(text_fit_end(s, strlen(s), 10, &used), 0);
	assert_int_equal(used, 10);
	assert_int_equal(text_fit_end(s, strlen(s), 0, &used), strlen(s));
	assert_int_equal(used, 0);
	const char *e = "ae\xcc\x81";   /* a, e + U+0301 */
	assert_int_equal(text_fit_end(e, strlen(e), 1, &used), 1);   /* the mark stays with its e */
	assert_int_equal(used, 1);
	const char *m = "\xcc\x81x";   /* a mark with no character before it */
	assert_int_equal(text_fit_end(m, strlen(m), 5, &used), 2);
	assert_int_equal(used, 1);
}

static void test_sanitize_shows_escape_sequences_as_caret_text(void **state)
{
	(void)state;
	assert_sanitized("a\x1b[31mred\x1b[0m", 0, "a^[[31mred^[[0m");
	assert_sanitized("\x1b]0;title\x07", 0, "^[]0;title^G");
	assert_sanitized("x\x7fy\x01", 0, "x^?y^A");
	assert_sanitized("nul\x08", 0, "nul^H");
}

static void test_sanitize_dup_gives_a_new_inert_string_and_empty_for_null(void **state)
{
	(void)state;
	char *s = text_sanitize_dup("a\x1b[31m\nb", 0);
	assert_string_equal(s, "a^[[31m b");
	free(s);
	s = text_sanitize_dup("a\nb", TEXT_NEWLINES);
	assert_string_equal(s, "a\nb");
	free(s);
	s = text_sanitize_dup(NULL, 0);
	assert_string_equal(s, "");
	free(s);
	s = text_sanitize_dup("", 0);
	assert_string_equal(s, "");
	free(s);
}

static void test_sanitize_drops_cr_before_lf_and_shows_a_lone_cr(void **state)
{
	(void)state;
	assert_sanitized("a\r\nb", TEXT_NEWLINES, "a\nb");
	assert_sanitized("a\rb", TEXT_NEWLINES, "a^Mb");
}

static void test_sanitize_keeps_newlines_only_when_asked(void **state)
{
	(void)state;
	assert_sanitized("a\nb", TEXT_NEWLINES, "a\nb");
	assert_sanitized("a\nb", 0, "a b");
}

static void test_sanitize_expands_tabs_to_the_next_multiple_of_4_columns(void **state)
{
	(void)state;
	assert_sanitized("\tx", 0, "    x");
	assert_sanitized("ab\tx", 0, "ab  x");
	assert_sanitized("长\tx", 0, "长  x");
	assert_sanitized("a\n\tb", TEXT_NEWLINES, "a\n    b");
}

static void test_sanitize_tags_c1_and_bidi_controls(void **state)
{
	(void)state;
	assert_sanitized("a\xc2\x9b" "1m", 0, "a<U+009B>1m");                 /* C1 CSI */
	assert_sanitized("invoice_\xe2\x80\xae" "exe.pdf", 0, "invoice_<U+202E>exe.pdf");
	assert_sanitized("x\xe2\x80\xa8y", 0, "x<U+2028>y");
	assert_sanitized("\xef\xbb\xbfz", 0, "<U+FEFF>z");
}

static void test_sanitize_replaces_invalid_utf8_with_the_replacement_character(void **state)
{
	(void)state;
	assert_sanitized("a\xff" "b\xc3", 0, "a\xef\xbf\xbd" "b\xef\xbf\xbd");
}

static void test_sanitize_keeps_printable_unicode_unchanged(void **state)
{
	(void)state;
	const char *s = "长城 café 🇻🇳 שלום سلام Tiếng Việt नमस्ते क्‍ष";
	assert_sanitized(s, 0, s);
}

static void test_sanitize_drops_joiners_after_emoji_only(void **state)
{
	(void)state;
	assert_sanitized("👨\u200d👩\u200d👧", 0, "👨👩👧");
	assert_sanitized("👩🏽\u200d💻", 0, "👩🏽💻");
	assert_sanitized("क\u200dष", 0, "क\u200dष");   /* Devanagari keeps its joiner */
}

static size_t wrap(const char *s, int width, struct text_line *lines, size_t max)
{
	return text_wrap(s, strlen(s), width, lines, max);
}

static void assert_line(const char *s, const struct text_line *l, const char *expected)
{
	char buf[256];
	memcpy(buf, s + l->off, l->len);
	buf[l->len] = '\0';
	assert_string_equal(buf, expected);
	assert_int_equal(l->width, (int)text_width(expected, strlen(expected)));
}

static void test_wrap_breaks_after_spaces_and_drops_them(void **state)
{
	(void)state;
	struct text_line l[8];
	const char *s = "the quick brown fox";
	assert_int_equal(wrap(s, 10, l, 8), 2);
	assert_line(s, &l[0], "the quick");
	assert_line(s, &l[1], "brown fox");
}

static void test_wrap_a_word_that_exactly_fills_the_line(void **state)
{
	(void)state;
	struct text_line l[8];
	const char *s = "ab cdefgh ij";
	assert_int_equal(wrap(s, 8, l, 8), 3);
	assert_line(s, &l[0], "ab");
	assert_line(s, &l[1], "cdefgh");
	assert_line(s, &l[2], "ij");
	assert_int_equal(wrap("abcd ef", 4, l, 8), 2);
	assert_line("abcd ef", &l[0], "abcd");
	assert_line("abcd ef", &l[1], "ef");
}

static void test_wrap_breaks_long_words_between_characters(void **state)
{
	(void)state;
	struct text_line l[8];
	const char *s = "abcdefghij";
	assert_int_equal(wrap(s, 4, l, 8), 3);
	assert_line(s, &l[0], "abcd");
	assert_line(s, &l[1], "efgh");
	assert_line(s, &l[2], "ij");
}

static void test_wrap_measures_wide_characters_and_keeps_combining_marks(void **state)
{
	(void)state;
	struct text_line l[8];
	const char *s = "长城长城长";        /* 10 columns */
	assert_int_equal(wrap(s, 5, l, 8), 3); /* 2 wide characters (4 columns) per line */
	assert_line(s, &l[0], "长城");
	assert_line(s, &l[2], "长");
	const char *c = "e\xcc\x81" "e\xcc\x81" "e\xcc\x81";
	assert_int_equal(wrap(c, 2, l, 8), 2);
	assert_line(c, &l[0], "e\xcc\x81" "e\xcc\x81");
	assert_line(c, &l[1], "e\xcc\x81");
}

static void test_wrap_gives_a_too_wide_character_its_own_line(void **state)
{
	(void)state;
	struct text_line l[8];
	const char *s = "长城";
	assert_int_equal(wrap(s, 1, l, 8), 2);
	assert_line(s, &l[0], "长");
}

static void test_wrap_keeps_hard_line_breaks_and_empty_lines(void **state)
{
	(void)state;
	struct text_line l[8];
	const char *s = "a\n\nb c";
	assert_int_equal(wrap(s, 10, l, 8), 3);
	assert_line(s, &l[0], "a");
	assert_line(s, &l[1], "");
	assert_line(s, &l[2], "b c");
	assert_int_equal(wrap("", 10, l, 8), 0);
}

static void test_wrap_counts_all_lines_but_stores_only_max(void **state)
{
	(void)state;
	struct text_line l[2];
	assert_int_equal(wrap("a b c d e f", 1, l, 2), 6);
	assert_int_equal(wrap("a b c d e f", 1, NULL, 0), 6);
}

/* The marks follow the text: an escape becomes caret notation, a tab
 * spaces, a bidi control a tag, and each output byte carries the mark of
 * the character it shows; the text is what text_sanitize() gives. */
static void test_sanitize_marked_carries_each_characters_mark_to_its_output(void **state)
{
	(void)state;
	const char *in = "a\x1b[b\tc\xe2\x80\xaeď";   /* a ESC [ b TAB c U+202E ď */
	unsigned char mark[16] = { 0 };
	size_t len = strlen(in);
	mark[1] = 1;                                   /* ESC */
	mark[4] = 1;                                   /* TAB */
	mark[6] = mark[7] = mark[8] = 1;               /* U+202E */
	struct strbuf out = STRBUF_INIT, m = STRBUF_INIT, plain = STRBUF_INIT;
	text_sanitize_marked(&out, in, len, 0, mark, &m);
	text_sanitize(&plain, in, len, 0);
	assert_string_equal(strbuf_str(&out), strbuf_str(&plain));
	assert_string_equal(strbuf_str(&out), "a^[[b   c<U+202E>\xc4\x8f");
	assert_int_equal(m.len, out.len);
	const char *want = "01100" "111" "0" "11111111" "00";
	for (size_t i = 0; i < out.len; i++)
		assert_int_equal(m.buf[i], want[i] - '0');
	strbuf_release(&out);
	strbuf_release(&m);
	strbuf_release(&plain);
}

/* Names must never look alike: what a name may hold and what it may not. */
static void test_look_tells_visible_characters_from_invisible_ones(void **state)
{
	(void)state;
	static const struct {
		uint32_t cp;
		enum text_look look;
	} cases[] = {
		{ 'a', TEXT_LOOK_LETTER }, { 0x674e, TEXT_LOOK_LETTER }, { 0x0928, TEXT_LOOK_LETTER },
		{ '7', TEXT_LOOK_VISIBLE }, { '-', TEXT_LOOK_VISIBLE }, { 0x1f916, TEXT_LOOK_VISIBLE },
		{ 0x0301, TEXT_LOOK_MARK }, { 0x094d, TEXT_LOOK_MARK },
		{ ' ', TEXT_LOOK_SPACE }, { 0xa0, TEXT_LOOK_OTHER_SPACE }, { 0x3000, TEXT_LOOK_OTHER_SPACE },
		{ 0x1b, TEXT_LOOK_CONTROL }, { 0x7f, TEXT_LOOK_CONTROL }, { 0x85, TEXT_LOOK_CONTROL },
		/* zero-width and format characters, fillers, blanks, separators */
		{ 0x200b, TEXT_LOOK_INVISIBLE }, { 0x2060, TEXT_LOOK_INVISIBLE }, { 0xad, TEXT_LOOK_INVISIBLE },
		{ 0x180e, TEXT_LOOK_INVISIBLE }, { 0xfff9, TEXT_LOOK_INVISIBLE }, { 0x1d173, TEXT_LOOK_INVISIBLE },
		{ 0x115f, TEXT_LOOK_INVISIBLE }, { 0x1160, TEXT_LOOK_INVISIBLE }, { 0x3164, TEXT_LOOK_INVISIBLE },
		{ 0xffa0, TEXT_LOOK_INVISIBLE }, { 0x2800, TEXT_LOOK_INVISIBLE }, { 0x202e, TEXT_LOOK_INVISIBLE },
		{ 0x2028, TEXT_LOOK_INVISIBLE }, { 0xfe0f, TEXT_LOOK_INVISIBLE }, { 0xe000, TEXT_LOOK_INVISIBLE },
		{ 0x0378, TEXT_LOOK_INVISIBLE },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (text_cp_look(cases[i].cp) != cases[i].look)
			fail_msg("U+%04X: look %d, expected %d", (unsigned)cases[i].cp, text_cp_look(cases[i].cp),
				 cases[i].look);
	}
}

/* The lines a JSONL reader sees: the byte order mark skipped, blank lines
 * passed over but counted, the last line without its newline. */
static void test_lines_skip_blank_lines_and_count_them(void **state)
{
	(void)state;
	const char buf[] = "\xef\xbb\xbf{\"a\": 1}\n\n  \t\r\n{\"b\": 2}\r\nlast";
	struct text_lines it;
	const char *s;
	size_t n;
	text_lines_init(&it, buf, sizeof(buf) - 1);
	assert_true(text_lines_next(&it, &s, &n));
	assert_int_equal(it.line, 1);
	assert_memory_equal(s, "{\"a\": 1}", n);
	assert_int_equal(n, 8);
	assert_true(text_lines_next(&it, &s, &n));
	assert_int_equal(it.line, 4);
	assert_int_equal(n, 9); /* the CR stays: JSON takes it as space */
	assert_true(text_lines_next(&it, &s, &n));
	assert_int_equal(it.line, 5);
	assert_memory_equal(s, "last", n);
	assert_false(text_lines_next(&it, &s, &n));
	text_lines_init(&it, "", 0);
	assert_false(text_lines_next(&it, &s, &n));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_width_counts_wide_cjk_and_emoji_as_2_and_combining_marks_as_0),
		cmocka_unit_test(test_width_of_printable_ascii_is_1_and_of_controls_0),
		cmocka_unit_test(test_width_counts_an_invalid_byte_as_one_column),
		cmocka_unit_test(test_fit_keeps_whole_characters_and_their_combining_marks),
		cmocka_unit_test(test_fit_end_keeps_the_longest_tail_of_whole_characters),
		cmocka_unit_test(test_sanitize_shows_escape_sequences_as_caret_text),
		cmocka_unit_test(test_sanitize_dup_gives_a_new_inert_string_and_empty_for_null),
		cmocka_unit_test(test_sanitize_drops_cr_before_lf_and_shows_a_lone_cr),
		cmocka_unit_test(test_sanitize_keeps_newlines_only_when_asked),
		cmocka_unit_test(test_sanitize_expands_tabs_to_the_next_multiple_of_4_columns),
		cmocka_unit_test(test_sanitize_tags_c1_and_bidi_controls),
		cmocka_unit_test(test_sanitize_replaces_invalid_utf8_with_the_replacement_character),
		cmocka_unit_test(test_sanitize_keeps_printable_unicode_unchanged),
		cmocka_unit_test(test_sanitize_drops_joiners_after_emoji_only),
		cmocka_unit_test(test_wrap_breaks_after_spaces_and_drops_them),
		cmocka_unit_test(test_wrap_a_word_that_exactly_fills_the_line),
		cmocka_unit_test(test_wrap_breaks_long_words_between_characters),
		cmocka_unit_test(test_wrap_measures_wide_characters_and_keeps_combining_marks),
		cmocka_unit_test(test_wrap_gives_a_too_wide_character_its_own_line),
		cmocka_unit_test(test_wrap_keeps_hard_line_breaks_and_empty_lines),
		cmocka_unit_test(test_wrap_counts_all_lines_but_stores_only_max),
		cmocka_unit_test(test_sanitize_marked_carries_each_characters_mark_to_its_output),
		cmocka_unit_test(test_look_tells_visible_characters_from_invisible_ones),
		cmocka_unit_test(test_lines_skip_blank_lines_and_count_them),
	};
	return cmocka_run_group_tests_name("text", tests, NULL, NULL);
}
