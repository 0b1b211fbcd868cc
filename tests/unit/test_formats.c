/* Unit tests: the tables of import and export formats, detection, JSON
 * lines with their line numbers, and the JSONL reader into the model. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <cjson/cJSON.h>

#include "convqa/formats.h"
#include "convqa/json.h"
#include "convqa/strbuf.h"

static struct error err;

static const char *detected(const char *text)
{
	return formats_detect(text, strlen(text))->name;
}

static void test_every_row_has_a_unique_name_a_summary_and_its_function(void **state)
{
	(void)state;
	size_t n = 0;
	for (size_t i = 0; formats_import(i); i++, n++) {
		const struct import_format *f = formats_import(i);
		assert_true(f->name[0] && f->summary[0] && (f->read || f->feed)); /* one of them reads it */
		assert_ptr_equal(formats_import_find(f->name, &err), f);
	}
	assert_true(n >= 2);
	for (size_t i = 0; formats_export(i); i++) {
		const struct export_format *f = formats_export(i);
		assert_true(f->name[0] && f->summary[0] && f->write);
		assert_ptr_equal(formats_export_find(f->name, &err), f);
	}
	assert_non_null(formats_export(0));
}

static void test_an_unknown_name_is_a_usage_error_listing_the_table(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	char want[256];
	assert_null(formats_import_find("xml", &err));
	assert_int_equal(err.status, ST_USAGE);
	formats_import_names(&sb);
	snprintf(want, sizeof(want), "unknown format 'xml' (expected: %s)", strbuf_str(&sb));
	assert_string_equal(err.msg, want);
	assert_null(formats_export_find("native", &err));
	strbuf_reset(&sb);
	formats_export_names(&sb);
	assert_true(strncmp(strbuf_str(&sb), "json, ", 6) == 0 || strcmp(strbuf_str(&sb), "json") == 0);
	snprintf(want, sizeof(want), "unknown format 'native' (expected: %s)", strbuf_str(&sb));
	assert_string_equal(err.msg, want);
	strbuf_release(&sb);
}

static void test_detection_looks_at_the_first_key_of_the_first_object(void **state)
{
	(void)state;
	assert_string_equal(detected("{\"format\": \"convqa-tasks\", \"version\": 1}"), "native");
	assert_string_equal(detected("\xef\xbb\xbf \n\t{ \"conversations\": []}"), "native");
	assert_string_equal(detected("{\"id\": \"c1\", \"turns\": []}\n{\"id\": \"c2\"}"), "jsonl");
	assert_string_equal(detected("\n\n  {\"turns\": [{\"question\": \"q\"}], \"id\": \"c\"}"), "jsonl");
	assert_string_equal(detected("{\"metadata\": {}}"), "jsonl");
}

static void test_an_array_of_turn_records_is_detected_by_its_first_record_keys(void **state)
{
	(void)state;
	assert_string_equal(detected("\xef\xbb\xbf [\n {\"Context\": [\"a\", {\"x\": \"]}\"}], \"Question\": \"q\", "
				     "\"Conversation_no\": 74, \"Turn_no\": 2}]"), "qrecc");
	assert_string_equal(detected("[{\"Conversation_no\": 1, \"Turn_no\": 1, \"Question\": \"q\"}"), "qrecc");
	const char *first = formats_import(0)->name;
	assert_string_equal(detected("[{\"Conversation_no\": 1, \"Turn_no\": 1}]"), first);
	assert_string_equal(detected("[{\"Conversation_no\": 1, \"x\": {\"Question\": 1}}]"), first);
	assert_string_equal(detected("[[{\"Conversation_no\": 1, \"Question\": 1}]]"), first);
	assert_string_equal(detected("{\"Conversation_no\": 1, \"Question\": 1}"), first);
}

static void test_what_no_format_detects_goes_to_the_first_row(void **state)
{
	(void)state;
	const char *first = formats_import(0)->name;
	assert_string_equal(detected(""), first);
	assert_string_equal(detected("hello"), first);
	assert_string_equal(detected("[{\"id\": \"c\"}]"), first);
	assert_string_equal(detected("{\"a\": 1}"), first);
	assert_string_equal(detected("{}"), first);
	assert_string_equal(detected("{\"i\\u0064\": \"c\"}"), first); /* an escaped key is never a format's */
	assert_string_equal(detected("{\"id"), first);                  /* cut in the key */
}

static void test_a_json_line_names_its_line_and_shares_the_value_limit(void **state)
{
	(void)state;
	cJSON *root;
	size_t values = 0;
	struct json_limits lim = { 5, "the limit set by TEST" };
	assert_int_equal(json_parse_line("f.jsonl", 7, "[1, 2]", 6, &lim, &values, &root, &err), ST_OK);
	assert_int_equal(values, 3);
	cJSON_Delete(root);
	assert_int_equal(json_parse_line("f.jsonl", 8, "{\"a\": 1}", 8, &lim, &values, &root, &err), ST_OK);
	assert_int_equal(values, 5);
	cJSON_Delete(root);
	assert_int_equal(json_parse_line("f.jsonl", 9, " [1]", 4, &lim, &values, &root, &err), ST_IO);
	assert_null(root);
	assert_string_equal(err.msg, "f.jsonl:9:2: more than 5 JSON values, the limit set by TEST");
	assert_int_equal(values, 5); /* unchanged on failure */
	assert_int_equal(json_parse_line("f.jsonl", 12, "{\"a\": [1,", 9, NULL, &values, &root, &err), ST_INPUT);
	assert_string_equal(err.msg, "f.jsonl:12:10: syntax error: unexpected end of line, the array opened at 12:7 "
				     "is not closed");
	assert_int_equal(json_parse_line("f.jsonl", 2, "\xef\xbb\xbf{}", 5, NULL, &values, &root, &err), ST_INPUT);
	assert_string_equal(err.msg, "f.jsonl:2:1: syntax error: expected a value, found byte 0xef");
	assert_int_equal(json_parse_line("f.jsonl", 3, " \r", 2, NULL, &values, &root, &err), ST_INPUT);
	assert_string_equal(err.msg, "f.jsonl:3:3: syntax error: expected a value, found end of line");
}

/* Read text with the format named; the model is released by the caller. */
static enum status read_as(const char *format, const char *text, struct model_tasks *m)
{
	struct import_input in = { "t.jsonl", xstrdup(text), strlen(text), NULL };
	model_tasks_init(m);
	enum status st = formats_import_find(format, &err)->read(&in, m, &err);
	assert_null(in.buf);
	return st;
}

static void test_jsonl_lines_are_conversations_that_say_where_they_came_from(void **state)
{
	(void)state;
	struct model_tasks m;
	assert_int_equal(read_as("jsonl", "{\"id\": \"a\", \"turns\": [{\"question\": \"q1\"}]}\n\n"
				 "{\"id\": \"b\", \"turns\": [{\"question\": \"q2\", \"responses\": [{\"system\": \"s\","
				 " \"answer\": \"x\", \"passages\": [{\"rank\": 1, \"text\": \"t\"}]}]}]}", &m), ST_OK);
	assert_int_equal(m.n_conversations, 2);
	assert_string_equal(m.conversations[1].id, "b");
	assert_string_equal(m.conversations[1].turns[0].question, "q2");
	assert_true(m.where_names_file);
	assert_string_equal(m.conversations[0].where, "t.jsonl:1: $");
	assert_string_equal(m.conversations[1].turns[0].where, "t.jsonl:3: $.turns[0]");
	assert_string_equal(m.passages[0].where, "t.jsonl:3: $.turns[0].responses[0].passages[0]");
	assert_int_equal(m.n_systems, 1);
	model_tasks_release(&m); /* frees the lines' trees: ASan would see a leak */
}

static void test_a_task_file_read_as_native_keeps_paths_without_the_file(void **state)
{
	(void)state;
	struct model_tasks m;
	assert_int_equal(read_as("native", "{\"format\": \"convqa-tasks\", \"version\": 1, \"conversations\":"
				 " [{\"id\": \"a\", \"turns\": [{\"question\": \"q\"}]}]}", &m), ST_OK);
	assert_false(m.where_names_file);
	assert_string_equal(m.conversations[0].where, "$.conversations[0]");
	model_tasks_release(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_row_has_a_unique_name_a_summary_and_its_function),
		cmocka_unit_test(test_an_unknown_name_is_a_usage_error_listing_the_table),
		cmocka_unit_test(test_detection_looks_at_the_first_key_of_the_first_object),
		cmocka_unit_test(test_what_no_format_detects_goes_to_the_first_row),
		cmocka_unit_test(test_an_array_of_turn_records_is_detected_by_its_first_record_keys),
		cmocka_unit_test(test_a_json_line_names_its_line_and_shares_the_value_limit),
		cmocka_unit_test(test_jsonl_lines_are_conversations_that_say_where_they_came_from),
		cmocka_unit_test(test_a_task_file_read_as_native_keeps_paths_without_the_file),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
