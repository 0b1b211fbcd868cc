/* Unit tests: JSON syntax errors carry exact positions; paths print right. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <cjson/cJSON.h>

#include "convqa/json.h"
#include "../../src/formats/json_tree.h"

static const char *parse_error(const char *text, size_t len)
{
	static struct error err;
	cJSON *root = NULL;
	error_clear(&err);
	enum status st = json_parse("f.json", text, len, NULL, &root, &err);
	cJSON_Delete(root);
	return st == ST_OK ? "OK" : err.msg;
}

#define ERR(text) parse_error(text, sizeof(text) - 1)

static void test_valid_documents_parse(void **state)
{
	(void)state;
	assert_string_equal(ERR("{\"a\": [1, -2.5e3, true, false, null, \"x\\u00e9\\ud83d\\ude00\"]}"), "OK");
	assert_string_equal(ERR("\xef\xbb\xbf[]"), "OK");
	assert_string_equal(ERR(" \n\t\r0 "), "OK");
}

static void test_syntax_errors_name_line_and_column_in_characters(void **state)
{
	(void)state;
	assert_string_equal(ERR("{\"a\": 1,\n \"b\" 2}"), "f.json:2:6: syntax error: expected ':' after the key, found '2'");
	assert_string_equal(ERR("[1, 2,]"), "f.json:1:7: syntax error: expected a value, found ']'");
	assert_string_equal(ERR("{\"é\": x}"), "f.json:1:7: syntax error: expected a value, found 'x'");
	assert_string_equal(ERR("[1 2]"), "f.json:1:4: syntax error: expected ',' or ']', found '2'");
	assert_string_equal(ERR("{'a': 1}"), "f.json:1:2: syntax error: expected a string key, found '''");
	assert_string_equal(ERR("[NaN]"), "f.json:1:2: syntax error: expected a value, found 'N'");
	assert_string_equal(ERR("[01]"), "f.json:1:2: syntax error: numbers must not have leading zeros");
	assert_string_equal(ERR("[1.]"), "f.json:1:4: syntax error: expected a digit after '.', found ']'");
	assert_string_equal(ERR("{} {}"), "f.json:1:4: syntax error: unexpected data after the JSON document");
}

static void test_unterminated_containers_say_where_they_opened(void **state)
{
	(void)state;
	assert_string_equal(ERR("{\"a\": [1,\n2"),
			    "f.json:2:2: syntax error: unexpected end of file, the array opened at 1:7 is not closed");
	assert_string_equal(ERR("\"abc"), "f.json:1:1: syntax error: unterminated string");
}

static void test_empty_and_blank_files_are_refused(void **state)
{
	(void)state;
	assert_string_equal(ERR(""), "f.json: empty file: expected a JSON document");
	assert_string_equal(ERR("  \n "), "f.json: empty file: expected a JSON document");
}

static void test_nul_controls_bad_utf8_and_surrogates_are_refused(void **state)
{
	(void)state;
	assert_string_equal(ERR("[\"a\\u0000b\"]"), "f.json:1:4: NUL character (\\u0000) in string: not allowed");
	assert_string_equal(ERR("[\"a\0b\"]"), "f.json:1:4: NUL byte in string: not allowed");
	assert_string_equal(ERR("[\"a\tb\"]"), "f.json:1:4: syntax error: unescaped control character 0x09 in string");
	assert_string_equal(ERR("[\"a\xff\"]"), "f.json:1:4: invalid UTF-8 in string");
	assert_string_equal(ERR("[\"\xc0\xaf\"]"), "f.json:1:3: invalid UTF-8 in string");
	assert_string_equal(ERR("[\"\xed\xa0\x80\"]"), "f.json:1:3: invalid UTF-8 in string");
	assert_string_equal(ERR("[\"\\ud800x\"]"), "f.json:1:3: invalid UTF-16 escape: high surrogate without low surrogate");
	assert_string_equal(ERR("[\"\\udc00\"]"), "f.json:1:3: invalid UTF-16 escape: lone low surrogate");
	assert_string_equal(ERR("[\"\\q\"]"), "f.json:1:3: syntax error: invalid escape sequence in string");
	/* a backslash before a NUL byte (cJSON refused it after the check passed it) */
	assert_string_equal(ERR("[\"\\\0\"]"), "f.json:1:3: syntax error: invalid escape sequence in string");
}

/* Long runs of plain text are taken a word at a time: a problem at every
 * offset of a long string is still found at its column, and the
 * characters that end a plain run (a quote, an escape, a multibyte
 * character) are still taken right. */
static void test_a_problem_at_any_offset_of_a_long_string_is_found_at_its_column(void **state)
{
	(void)state;
	static const struct {
		const char *insert, *msg;
	} bad[] = { { "\t", "syntax error: unescaped control character 0x09 in string" },
		    { "\x01", "syntax error: unescaped control character 0x01 in string" },
		    { "\xff", "invalid UTF-8 in string" },
		    { "\\q", "syntax error: invalid escape sequence in string" } };
	for (size_t b = 0; b < sizeof(bad) / sizeof(bad[0]); b++)
		for (size_t at = 0; at < 40; at++) {
			char text[128], want[160];
			snprintf(text, sizeof(text), "[\"%.*s%s%.*s\"]", (int)at, "abcdefghijklmnopqrstuvwxyz0123456789ABCDEF",
				 bad[b].insert, 9, "abcdefghi");
			snprintf(want, sizeof(want), "f.json:1:%zu: %s", at + 3, bad[b].msg);
			assert_string_equal(parse_error(text, strlen(text)), want);
		}
	for (size_t at = 0; at < 40; at++) {
		char text[128];
		cJSON *root = NULL;
		struct error err;
		snprintf(text, sizeof(text), "[\"%.*s\\\"\xc3\xa9" "%.*s\", 1]", (int)at,
			 "abcdefghijklmnopqrstuvwxyz0123456789ABCDEF", 11, "abcdefghijk");
		assert_int_equal(json_parse("f.json", text, strlen(text), NULL, &root, &err), ST_OK);
		const char *v = cJSON_GetArrayItem(root, 0)->valuestring;
		assert_int_equal(strlen(v), at + 1 + 2 + 11);
		assert_memory_equal(v + at, "\"\xc3\xa9", 3);
		assert_int_equal(cJSON_GetArraySize(root), 2);
		cJSON_Delete(root);
	}
	assert_string_equal(ERR("[\"abcdefghijklmnopqrstuvwxyz0123456789"), "f.json:1:2: syntax error: unterminated string");
}

static void test_nesting_beyond_the_limit_is_refused_without_recursion_overflow(void **state)
{
	(void)state;
	enum { N = 100000 };
	static char deep[N];
	memset(deep, '[', N);
	assert_string_equal(parse_error(deep, N), "f.json:1:65: nesting deeper than 64 levels: not supported");
}

static void test_a_document_over_the_value_limit_is_refused_at_the_first_value_past_it(void **state)
{
	(void)state;
	static struct error err;
	cJSON *root = NULL;
	/* values (keys are not): the object, the array, 1, 2, the inner object, "d" */
	const char text[] = "{\"a\": [1, 2],\n \"b\": {\"c\": \"d\"}}";
	struct json_limits lim = { 6, "the limit set by TEST" };
	assert_int_equal(json_parse("f.json", text, sizeof(text) - 1, &lim, &root, &err), ST_OK);
	cJSON_Delete(root);
	lim.max_values = 5;
	assert_int_equal(json_parse("f.json", text, sizeof(text) - 1, &lim, &root, &err), ST_IO);
	assert_null(root);
	assert_string_equal(err.msg, "f.json:2:13: more than 5 JSON values, the limit set by TEST");
	lim.max_values = 0;
	assert_int_equal(json_parse("f.json", text, sizeof(text) - 1, &lim, &root, &err), ST_IO);
	assert_string_equal(err.msg, "f.json:1:1: more than 0 JSON values, the limit set by TEST");
	/* a syntax error before the limit is still a syntax error */
	lim.max_values = 2;
	assert_int_equal(json_parse("f.json", "[1 2, 3]", 8, &lim, &root, &err), ST_INPUT);
	assert_string_equal(err.msg, "f.json:1:4: syntax error: expected ',' or ']', found '2'");
}

static void test_the_value_limit_leaves_the_text_and_144_bytes_a_value_in_memory(void **state)
{
	(void)state;
	assert_int_equal(JSON_VALUE_BYTES, 144);
	assert_int_equal(json_max_values(1440 + 100, 100), 10);
	assert_int_equal(json_max_values(1440 + 99, 100), 9);
	assert_int_equal(json_max_values(100, 100), 0);
	assert_int_equal(json_max_values(50, 100), 0);
	/* 8 GiB free, a 1 GiB file: about 52 million values */
	assert_int_equal(json_max_values((size_t)8 << 30, (size_t)1 << 30), ((size_t)7 << 30) / 144);
}

static void test_paths_quote_keys_that_are_not_identifiers(void **state)
{
	(void)state;
	struct json_path p;
	json_path_init(&p);
	json_path_key(&p, "conversations");
	json_path_index(&p, 2);
	json_path_key(&p, "a b");
	assert_string_equal(json_path_str(&p), "$.conversations[2][\"a b\"]");
	json_path_pop(&p);
	json_path_key(&p, "turns");
	assert_string_equal(json_path_str(&p), "$.conversations[2].turns");
	json_path_pop(&p);
	json_path_pop(&p);
	json_path_pop(&p);
	assert_string_equal(json_path_str(&p), "$");
	json_path_release(&p);
}

/* What cJSON's printer writes raw (C1, bidi controls, DEL, line separators,
 * a tag character) json_add_inert() escapes; the rest is left as it was. */
static void test_json_printed_by_cjson_is_made_inert_and_means_the_same(void **state)
{
	(void)state;
	cJSON *v = cJSON_Parse("{\"k\\u202e\": [\"\\u009b2J \\u0085 \\u2066x\\u2069 \\u007f \\u2028 "
			       "\\udb40\\udc41 \\u001b caf\\u00e9 \\u4e2d\", 1.5, true]}");
	char *raw = cJSON_PrintUnformatted(v);
	struct strbuf sb = STRBUF_INIT;
	json_add_inert(&sb, raw);
	assert_string_equal(strbuf_str(&sb), "{\"k\\u202e\":[\"\\u009b2J \\u0085 \\u2066x\\u2069 \\u007f "
			    "\\u2028 \\udb40\\udc41 \\u001b caf\xc3\xa9 \xe4\xb8\xad\",1.5,true]}");
	cJSON *back = cJSON_Parse(strbuf_str(&sb));
	assert_true(cJSON_Compare(v, back, 1));
	cJSON_Delete(back);
	strbuf_release(&sb);
	cJSON_free(raw);
	cJSON_Delete(v);
}

/* json_parse_array(): each element's tree in turn, numbered. */
static void collect(void *ctx, size_t i, cJSON *elem)
{
	struct strbuf *sb = ctx;
	char *text = cJSON_PrintUnformatted(elem);
	strbuf_addf(sb, "%zu=%s;", i, text);
	cJSON_free(text);
	cJSON_Delete(elem);
}

static const char *each_of(const char *text, size_t max_values, struct strbuf *sb)
{
	static struct error err;
	struct json_limits lim = { max_values, "TEST" };
	strbuf_reset(sb);
	enum status st = json_parse_array("f.json", text, strlen(text), &lim, "an array of things", collect, sb, &err);
	if (st != ST_OK)
		strbuf_addf(sb, "%d:%s", (int)st, err.msg);
	return strbuf_str(sb);
}

static void test_an_array_is_read_an_element_at_a_time_within_one_elements_limit(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	assert_string_equal(each_of("\xef\xbb\xbf [ {\"a\": [1, 2]} ,\n\"x\", 3 ]\n", 4, &sb), "0={\"a\":[1,2]};1=\"x\";2=3;");
	assert_string_equal(each_of("[]", 1, &sb), "");
	assert_string_equal(each_of("[1, {\"a\": [1, 2]}]", 3, &sb), "0=1;4:f.json:1:15: more than 3 JSON values, TEST");
	assert_string_equal(each_of("[1, 2", 9, &sb),
			    "2:f.json:1:6: syntax error: unexpected end of file, the array opened at 1:1 is not closed");
	assert_string_equal(each_of("[1] 2", 9, &sb), "2:f.json:1:5: syntax error: unexpected data after the JSON document");
	assert_string_equal(each_of(" {\"a\": 1}", 9, &sb), "2:f.json: $: expected an array of things, got an object");
	assert_string_equal(each_of("\"[]\"", 9, &sb), "2:f.json: $: expected an array of things, got a string");
	assert_string_equal(each_of("  ", 9, &sb), "2:f.json: empty file: expected a JSON document");
	strbuf_release(&sb);
}

/* Two trees alike in every field cJSON's readers look at (doubles bit
 * for bit), the last child reachable from the first as cJSON keeps it. */
static int same_tree(const cJSON *a, const cJSON *b)
{
	for (; a || b; a = a->next, b = b->next) {
		if (!a || !b || a->type != b->type || a->valueint != b->valueint ||
		    memcmp(&a->valuedouble, &b->valuedouble, sizeof(double)) != 0 ||
		    !a->valuestring != !b->valuestring || (a->valuestring && strcmp(a->valuestring, b->valuestring)) ||
		    !a->string != !b->string || (a->string && strcmp(a->string, b->string)) || !same_tree(a->child, b->child))
			return 0;
		if (a->child) {
			const cJSON *last = a->child;
			while (last->next)
				last = last->next;
			if (a->child->prev != last)
				return 0;
		}
	}
	return 1;
}

/* The stream reader's one-pass tree (formats/json_tree.c) is the tree
 * cJSON's parser gives for every text the lexer passes. */
static void test_the_one_pass_tree_is_the_tree_cjson_parses(void **state)
{
	(void)state;
	static const char *const docs[] = {
		"{\"a\": [1, -2.5e3, true, false, null, \"x\\u00e9\\ud83d\\ude00\"]}",
		" [ ] ", "{}", "0", "-0", "123456789012345", "-1234567890123456789", "1e400", "-1e-400", "0.1",
		"2147483648", "-2147483649", "3.0E+2", "\"\"", "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"",
		"\"\\\\\"", "\"\\\\\\\"\"", "\"caf\xc3\xa9 \xe4\xb8\xad \\u4e2d \\uDBFF\\uDFFF\"",
		"{\"k\": 1, \"k\": 2, \"\\u00e9\": {\"deep\": [[[[{\"x\": []}]]]]}}",
		"[\n\t1 ,\r\n 2\n]", "{\"id\": \"p1\", \"text\": \"The river city.\", \"score\": 29.3412, \"rank\": 1}",
		"[1, [2, [3]], {\"a\": {\"b\": null}}, true]",
		"0.12345678901234567890123456789012345678901234567890123456789012345678901234567890",
	};
	for (size_t i = 0; i < sizeof(docs) / sizeof(docs[0]); i++) {
		struct error err;
		cJSON *checked = NULL;
		assert_int_equal(json_parse("f.json", docs[i], strlen(docs[i]), NULL, &checked, &err), ST_OK);
		cJSON *a = json_tree(docs[i], strlen(docs[i])), *b = cJSON_ParseWithLength(docs[i], strlen(docs[i]));
		assert_non_null(a);
		if (!same_tree(a, b))
			fail_msg("not the same tree: %s", docs[i]);
		cJSON_Delete(a);
		cJSON_Delete(b);
		cJSON_Delete(checked);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_valid_documents_parse),
		cmocka_unit_test(test_syntax_errors_name_line_and_column_in_characters),
		cmocka_unit_test(test_unterminated_containers_say_where_they_opened),
		cmocka_unit_test(test_empty_and_blank_files_are_refused),
		cmocka_unit_test(test_nul_controls_bad_utf8_and_surrogates_are_refused),
		cmocka_unit_test(test_nesting_beyond_the_limit_is_refused_without_recursion_overflow),
		cmocka_unit_test(test_a_document_over_the_value_limit_is_refused_at_the_first_value_past_it),
		cmocka_unit_test(test_the_value_limit_leaves_the_text_and_144_bytes_a_value_in_memory),
		cmocka_unit_test(test_paths_quote_keys_that_are_not_identifiers),
		cmocka_unit_test(test_json_printed_by_cjson_is_made_inert_and_means_the_same),
		cmocka_unit_test(test_an_array_is_read_an_element_at_a_time_within_one_elements_limit),
		cmocka_unit_test(test_a_problem_at_any_offset_of_a_long_string_is_found_at_its_column),
		cmocka_unit_test(test_the_one_pass_tree_is_the_tree_cjson_parses),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
