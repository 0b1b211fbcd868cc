/* Unit tests: the native importer - checks, all-or-nothing writes,
 * idempotence, conflicts. */
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
#include "convqa/importer.h"
#include "convqa/json.h"
#include "convqa/store.h"

static char dir[64];
static char path[128];
static struct store *s;

static int setup(void **state)
{
	(void)state;
	struct error err;
	snprintf(dir, sizeof(dir), "/tmp/convqa-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.db", dir);
	assert_int_equal(store_open(path, STORE_CREATE, &s, &err), ST_OK);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	store_close(s);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static struct import_counts counts;
static struct error err;

/* Import JSON text as file "t.json"; returns the status, message in err. */
static enum status import_text(const char *text)
{
	cJSON *root = NULL;
	struct model_tasks m;
	model_tasks_init(&m);
	error_clear(&err);
	enum status st = json_parse("t.json", text, strlen(text), NULL, &root, &err);
	if (st == ST_OK)
		st = importer_native_read("t.json", root, &m, &err);
	if (st == ST_OK)
		st = importer_write(s, &m, "t.json", "t.json", "sha", &counts, &err);
	model_tasks_release(&m);
	cJSON_Delete(root);
	return st;
}

#define HEAD "{\"format\": \"convqa-tasks\", \"version\": 1, "

static const char two_systems[] = HEAD
	"\"collection\": [{\"id\": \"p1\", \"text\": \"Paris is the capital.\"}],"
	"\"conversations\": [{\"id\": \"c1\", \"turns\": ["
	"  {\"question\": \"capital of France?\", \"gold\": {\"answers\": [\"Paris\"], \"passages\": [\"p1\"]},"
	"   \"responses\": ["
	"    {\"system\": \"a\", \"answer\": \"Paris\", \"passages\": [{\"rank\": 1, \"id\": \"p1\", \"score\": 3.5},"
	"                                           {\"rank\": 2, \"text\": \"Lyon is a city.\"}]},"
	"    {\"system\": \"b\", \"answer\": \"Lyon\", \"passages\": [{\"rank\": 1, \"text\": \"Lyon is a city.\"}]}]},"
	"  {\"question\": \"and its population?\", \"rewrite\": \"population of Paris?\"}]}]}";

static void test_a_file_is_imported_with_counts_per_noun(void **state)
{
	(void)state;
	assert_int_equal(import_text(two_systems), ST_OK);
	assert_int_equal(counts.added[IMP_CONVERSATIONS], 1);
	assert_int_equal(counts.added[IMP_TURNS], 2);
	assert_int_equal(counts.added[IMP_RESPONSES], 2);
	assert_int_equal(counts.added[IMP_SYSTEMS], 2);
	/* the inline passage used twice is one passage */
	assert_int_equal(counts.added[IMP_PASSAGES], 2);
	struct store_counts c;
	assert_int_equal(store_counts(s, &c, &err), ST_OK);
	assert_int_equal(c.retrieved, 3);
}

static void test_passages_without_id_get_a_stable_content_hash_id(void **state)
{
	(void)state;
	int64_t id;
	assert_int_equal(import_text(two_systems), ST_OK);
	/* sha256("Lyon is a city.") starts with these 16 hex digits (Python hashlib) */
	assert_int_equal(store_find_passage(s, "sha256:9794ec6f4aabb438", &id, &err), ST_OK);
	assert_true(id > 0);
}

static void test_importing_the_same_file_twice_changes_nothing(void **state)
{
	(void)state;
	struct store_counts before, after;
	assert_int_equal(import_text(two_systems), ST_OK);
	assert_int_equal(store_counts(s, &before, &err), ST_OK);
	assert_int_equal(import_text(two_systems), ST_OK);
	long added = 0;
	for (int i = 0; i < IMP__COUNT; i++)
		added += counts.added[i];
	assert_int_equal(added, 0);
	assert_int_equal(counts.present[IMP_TURNS], 2);
	assert_int_equal(store_counts(s, &after, &err), ST_OK);
	assert_memory_equal(&before, &after, sizeof(before));
	assert_int_equal(after.imports, 1);
}

static void test_a_new_system_for_known_turns_is_added_beside_the_old(void **state)
{
	(void)state;
	assert_int_equal(import_text(two_systems), ST_OK);
	assert_int_equal(import_text(HEAD "\"conversations\": [{\"id\": \"c1\", \"turns\": ["
				     "{\"question\": \"capital of France?\", \"responses\": ["
				     "{\"system\": \"c\", \"answer\": \"Paris!\", \"passages\": [{\"rank\": 1, \"id\": \"p1\"}]}]}]}]}"),
			 ST_OK);
	assert_int_equal(counts.added[IMP_RESPONSES], 1);
	assert_int_equal(counts.added[IMP_TURNS], 0);
	assert_int_equal(counts.present[IMP_TURNS], 1);
}

static void test_conflicting_content_is_refused_naming_both_and_nothing_is_written(void **state)
{
	(void)state;
	struct store_counts before, after;
	assert_int_equal(import_text(two_systems), ST_OK);
	assert_int_equal(store_counts(s, &before, &err), ST_OK);
	assert_int_equal(import_text(HEAD "\"collection\": [{\"id\": \"new\", \"text\": \"fresh\"},"
				     "{\"id\": \"p1\", \"text\": \"Paris is a capital.\"}],"
				     "\"conversations\": [{\"id\": \"c9\", \"turns\": [{\"question\": \"q\"}]}]}"),
			 ST_INPUT);
	assert_non_null(strstr(err.msg, "t.json: $.collection[1]: passage \"p1\" conflicts with the one imported "
					"from 't.json' at "));
	assert_non_null(strstr(err.msg, ": its text differs"));
	assert_int_equal(store_counts(s, &after, &err), ST_OK);
	assert_memory_equal(&before, &after, sizeof(before));
}

static void test_a_changed_question_or_answer_is_a_conflict(void **state)
{
	(void)state;
	assert_int_equal(import_text(two_systems), ST_OK);
	assert_int_equal(import_text(HEAD "\"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"capital?\"}]}]}"),
			 ST_INPUT);
	assert_non_null(strstr(err.msg, "t.json: $.conversations[0].turns[0]: turn 1 of conversation \"c1\" conflicts "
					"with the one imported from 't.json' at "));
	assert_non_null(strstr(err.msg, ": its question differs"));
	assert_int_equal(import_text(HEAD "\"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"capital of France?\","
				     "\"responses\": [{\"system\": \"b\", \"answer\": \"Nice\", \"passages\": [{\"rank\": 1, \"text\": \"Lyon is a city.\"}]}]}]}]}"),
			 ST_INPUT);
	assert_non_null(strstr(err.msg, "t.json: $.conversations[0].turns[0].responses[0]: response of system \"b\" "
					"conflicts with the one imported from 't.json' at "));
	assert_non_null(strstr(err.msg, ": its answer differs"));
}

static void test_a_later_file_fills_in_what_the_project_lacks_and_it_is_kept(void **state)
{
	(void)state;
	struct store_counts c;
	assert_int_equal(import_text(HEAD "\"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"q?\","
				     "\"responses\": [{\"system\": \"s\", \"answer\": \"a\", \"passages\": [{\"rank\": 1, \"text\": \"t\"}]}]}]}]}"),
			 ST_OK);
	const char *fuller = HEAD "\"systems\": [{\"id\": \"s\", \"description\": \"BM25\"}],"
		"\"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"q?\", \"rewrite\": \"the q?\","
		"\"gold\": {\"answers\": [\"a\"], \"passages\": [\"g1\"], \"intent\": \"boolean\"},"
		"\"responses\": [{\"system\": \"s\", \"answer\": \"a\", \"passages\": [{\"rank\": 1, \"text\": \"t\", \"title\": \"T\"}]}]}]}]}";
	assert_int_equal(import_text(fuller), ST_OK);
	assert_int_equal(counts.updated[IMP_SYSTEMS], 1);
	assert_int_equal(counts.updated[IMP_TURNS], 1);
	assert_int_equal(counts.updated[IMP_PASSAGES], 1);
	assert_int_equal(store_counts(s, &c, &err), ST_OK);
	assert_int_equal(c.imports, 2); /* committed, not rolled back as "nothing new" */
	assert_int_equal(import_text(fuller), ST_OK);
	assert_int_equal(counts.updated[IMP_TURNS] + counts.added[IMP_TURNS], 0);
	/* and a file with less than the project is no conflict */
	assert_int_equal(import_text(HEAD "\"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"q?\"}]}]}"),
			 ST_OK);
	/* but a different value is */
	assert_int_equal(import_text(HEAD "\"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"q?\","
				     "\"gold\": {\"answers\": [\"b\"]}}]}]}"), ST_INPUT);
	assert_non_null(strstr(err.msg, ": its gold answers differ"));
	assert_int_equal(import_text(HEAD "\"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"q?\","
				     "\"gold\": {\"passages\": [\"g1\", \"g2\"]}}]}]}"), ST_INPUT);
	assert_non_null(strstr(err.msg, ": its gold passages differ"));
}

static void test_unknown_passage_ids_are_refused_with_their_path(void **state)
{
	(void)state;
	assert_int_equal(import_text(HEAD "\"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"q\","
				     "\"responses\": [{\"system\": \"a\", \"answer\": \"x\", \"passages\": [{\"rank\": 1, \"id\": \"nope\"}]}]}]}]}"),
			 ST_INPUT);
	assert_string_equal(err.msg, "t.json: $.conversations[0].turns[0].responses[0].passages[0].id: unknown passage "
				     "\"nope\" (not in this file's collection nor in the project)");
	struct store_counts c;
	assert_int_equal(store_counts(s, &c, &err), ST_OK);
	assert_int_equal(c.conversations, 0);
	assert_int_equal(c.imports, 0);
}

static void test_many_problems_are_reported_up_to_ten_then_counted(void **state)
{
	(void)state;
	char text[8192];
	int n = snprintf(text, sizeof(text), HEAD "\"conversations\": [{\"id\": \"c\", \"turns\": [");
	for (int i = 0; i < 12; i++)
		n += snprintf(text + n, sizeof(text) - (size_t)n, "%s{\"question\": %d}", i ? "," : "", i);
	snprintf(text + n, sizeof(text) - (size_t)n, "]}]}");
	assert_int_equal(import_text(text), ST_INPUT);
	assert_non_null(strstr(err.msg, "t.json: $.conversations[0].turns[0].question: expected a non-empty string, got a number\n"));
	assert_non_null(strstr(err.msg, "t.json: $.conversations[0].turns[9].question"));
	assert_null(strstr(err.msg, "turns[10]"));
	assert_non_null(strstr(err.msg, "\nt.json: and 2 more problems"));
}

/* Write text to dir/name; its path in buf. */
static const char *write_file(const char *name, const char *text, char *buf, size_t size)
{
	snprintf(buf, size, "%s/%s", dir, name);
	FILE *f = fopen(buf, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return buf;
}

/* A ground truth (csv-gold) with a collection: the documents the questions
 * name get their text, the others are skipped, the one missing is counted;
 * a second collection fills it and counts it as filled in. */
static void test_a_collection_fills_the_passages_known_by_id_only(void **state)
{
	(void)state;
	char gt[192], coll[192], more[192];
	struct error ferr;
	const struct import_format *f = formats_import_find("csv-gold", &ferr);
	assert_non_null(f);
	write_file("gt.csv", "question,document\nq1?,d1\nq2?,d2\n", gt, sizeof(gt));
	write_file("c.jsonl", "{\"id\": \"d0\", \"text\": \"zero\"}\n{\"id\": \"d1\", \"text\": \"one\"}\n", coll,
		   sizeof(coll));
	struct import_options o = { .given = IMPORT_OPT_COLLECTION, .collection = coll, .min_grade = 1 };
	assert_int_equal(importer_import_as(s, gt, f, &o, &counts, &err), ST_OK);
	assert_int_equal(counts.added[IMP_CONVERSATIONS], 2);
	assert_int_equal(counts.added[IMP_PASSAGES], 2);
	assert_int_equal(counts.collection, 1);
	assert_int_equal(counts.id_only, 1); /* d2 */
	struct store_counts c;
	assert_int_equal(store_counts(s, &c, &err), ST_OK);
	assert_int_equal(c.passages, 2); /* d0 skipped */

	o.collection = write_file("more.json", "[{\"id\": \"d2\", \"text\": \"two\"}]", more, sizeof(more));
	assert_int_equal(importer_import_as(s, gt, f, &o, &counts, &err), ST_OK);
	assert_int_equal(counts.updated[IMP_PASSAGES], 1);
	assert_int_equal(counts.present[IMP_PASSAGES], 1);
	assert_int_equal(counts.id_only, 0);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_a_file_is_imported_with_counts_per_noun),
		T(test_passages_without_id_get_a_stable_content_hash_id),
		T(test_importing_the_same_file_twice_changes_nothing),
		T(test_a_new_system_for_known_turns_is_added_beside_the_old),
		T(test_conflicting_content_is_refused_naming_both_and_nothing_is_written),
		T(test_a_changed_question_or_answer_is_a_conflict),
		T(test_a_later_file_fills_in_what_the_project_lacks_and_it_is_kept),
		T(test_unknown_passage_ids_are_refused_with_their_path),
		T(test_many_problems_are_reported_up_to_ten_then_counted),
		T(test_a_collection_fills_the_passages_known_by_id_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
