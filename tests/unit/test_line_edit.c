/* test_line_edit.c - the one-line editor of the prompts (src/tui/line_edit.c):
 * what a sequence of keys leaves in the text and where the cursor is, in
 * UTF-8 with wide characters and combining marks, the history on up and
 * down, the byte limit, the text trimmed; and which keys are the
 * editor's. Linked with tui/line_edit.o; draw_text() is a stub (the
 * screen tests draw it). */
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
#include "../../src/tui/tui_internal.h"

#define CTRL(c) ((c) & 0x1f)

/* the editor draws through draw_text(); its column arithmetic is tested here */
int draw_text(int y, int x, int maxw, const char *s, size_t len, attr_t a)
{
	(void)y, (void)x, (void)maxw, (void)s, (void)len, (void)a;
	return 0;
}

static struct key ch(uint32_t c)
{
	return (struct key){ .code = c };
}

static struct key fk(int code)
{
	return (struct key){ .fkey = 1, .code = (uint32_t)code };
}

static void type(struct line_edit *e, const char *utf8)
{
	const char *p = utf8;
	while (*p) {
		uint32_t cp;
		size_t n = text_utf8_decode(p, strlen(p), &cp);
		assert_true(line_edit_key(e, ch(cp), 100));
		p += n;
	}
}

static void test_typing_inserts_at_the_cursor_and_keys_move_it_by_characters(void **state)
{
	struct line_edit e = { 0 };
	type(&e, "ab\xe6\x9d\xb1"   /* 東: 2 columns, 3 bytes */ "c");
	line_edit_key(&e, fk(KEY_LEFT), 100);
	line_edit_key(&e, fk(KEY_LEFT), 100);   /* before 東 */
	assert_int_equal(e.at, 2);
	type(&e, "X");
	assert_string_equal(strbuf_str(&e.text), "abX\xe6\x9d\xb1" "c");
	line_edit_key(&e, fk(KEY_DC), 100);     /* 東 erased whole */
	assert_string_equal(strbuf_str(&e.text), "abXc");
	line_edit_key(&e, ch(CTRL('a')), 100);
	assert_int_equal(e.at, 0);
	line_edit_key(&e, ch(CTRL('e')), 100);
	line_edit_key(&e, ch(0x7f), 100);       /* backspace */
	assert_string_equal(strbuf_str(&e.text), "abX");
	line_edit_key(&e, fk(KEY_HOME), 100);
	line_edit_key(&e, fk(KEY_RIGHT), 100);
	line_edit_key(&e, ch(CTRL('k')), 100);  /* after the cursor */
	assert_string_equal(strbuf_str(&e.text), "a");
	line_edit_release(&e);
}

static void test_a_combining_mark_goes_with_its_character(void **state)
{
	struct line_edit e = { 0 };
	type(&e, "xe\xcc\x81");                  /* e + combining acute */
	line_edit_key(&e, fk(KEY_LEFT), 100);
	assert_int_equal(e.at, 1);
	line_edit_key(&e, fk(KEY_END), 100);
	line_edit_key(&e, fk(KEY_BACKSPACE), 100);
	assert_string_equal(strbuf_str(&e.text), "x");
	line_edit_release(&e);
}

static void test_c_u_erases_before_the_cursor_and_controls_are_not_typed(void **state)
{
	struct line_edit e = { 0 };
	type(&e, "one two");
	for (int i = 0; i < 3; i++)
		line_edit_key(&e, fk(KEY_LEFT), 100);
	line_edit_key(&e, ch(CTRL('u')), 100);
	assert_string_equal(strbuf_str(&e.text), "two");
	assert_int_equal(e.at, 0);
	assert_false(line_edit_key(&e, ch('\t'), 100));
	assert_false(line_edit_key(&e, ch(0x85), 100));   /* C1 */
	assert_string_equal(strbuf_str(&e.text), "two");
	line_edit_release(&e);
}

static void test_the_text_stays_within_max_bytes(void **state)
{
	struct line_edit e = { 0 };
	assert_true(line_edit_key(&e, ch('a'), 4));
	assert_true(line_edit_key(&e, ch(0x6771), 4));     /* 3 bytes: 4 in all */
	assert_true(line_edit_key(&e, ch('b'), 4));        /* taken, not added */
	assert_string_equal(strbuf_str(&e.text), "a\xe6\x9d\xb1");
	line_edit_release(&e);
}

static void test_up_and_down_recall_earlier_lines_and_keep_the_one_typed(void **state)
{
	struct line_edit e = { 0 };
	line_edit_remember(&e, "first");
	line_edit_remember(&e, "second");
	line_edit_remember(&e, "second");   /* not twice */
	line_edit_remember(&e, "");         /* nor an empty line */
	assert_int_equal(e.n_hist, 2);
	type(&e, "draft");
	line_edit_key(&e, fk(KEY_UP), 100);
	assert_string_equal(strbuf_str(&e.text), "second");
	line_edit_key(&e, fk(KEY_UP), 100);
	line_edit_key(&e, fk(KEY_UP), 100);   /* no further */
	assert_string_equal(strbuf_str(&e.text), "first");
	line_edit_key(&e, fk(KEY_DOWN), 100);
	line_edit_key(&e, fk(KEY_DOWN), 100);
	assert_string_equal(strbuf_str(&e.text), "draft");
	assert_int_equal(e.at, 5);
	line_edit_release(&e);
}

static void test_the_text_trimmed_leaves_out_the_blanks_at_its_ends(void **state)
{
	struct line_edit e = { 0 };
	size_t len;
	line_edit_set(&e, " \t Where is it?  ");
	const char *s = line_edit_trimmed(&e, &len);
	assert_int_equal(len, 12);
	assert_memory_equal(s, "Where is it?", 12);
	line_edit_set(&e, " \t ");
	line_edit_trimmed(&e, &len);
	assert_int_equal(len, 0);
	line_edit_release(&e);
}

static void test_the_editor_takes_its_keys_only(void **state)
{
	assert_true(line_edit_takes(ch('a')));
	assert_true(line_edit_takes(ch(0x6771)));
	assert_true(line_edit_takes(ch(0x7f)));
	assert_true(line_edit_takes(ch(CTRL('u'))));
	assert_true(line_edit_takes(fk(KEY_LEFT)));
	assert_true(line_edit_takes(fk(KEY_UP)));
	assert_false(line_edit_takes(ch('\n')));
	assert_false(line_edit_takes(ch(27)));
	assert_false(line_edit_takes(ch('\t')));
	assert_false(line_edit_takes(fk(KEY_F(1))));
	assert_false(line_edit_takes(fk(KEY_NPAGE)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_typing_inserts_at_the_cursor_and_keys_move_it_by_characters),
		cmocka_unit_test(test_a_combining_mark_goes_with_its_character),
		cmocka_unit_test(test_c_u_erases_before_the_cursor_and_controls_are_not_typed),
		cmocka_unit_test(test_the_text_stays_within_max_bytes),
		cmocka_unit_test(test_up_and_down_recall_earlier_lines_and_keep_the_one_typed),
		cmocka_unit_test(test_the_text_trimmed_leaves_out_the_blanks_at_its_ends),
		cmocka_unit_test(test_the_editor_takes_its_keys_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
