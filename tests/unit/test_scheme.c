/* Unit tests: label schemes - the built-in schemes and their keys, the
 * gold intents, changes of a scheme in use, the checks of scheme_read() (each problem
 * with its JSON path), and the JSON written reads back the same. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "convqa/model.h"
#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/store.h"
#include "convqa/strbuf.h"

static struct error err;

static struct scheme *builtin(const char *name)
{
	struct scheme *s;
	assert_int_equal(scheme_builtin(name, &s, &err), ST_OK);
	assert_non_null(s);
	return s;
}

/* Read text; returns the status, the messages in err. */
static enum status read_text(const char *text, struct scheme **s)
{
	return scheme_read("s.json", xstrdup(text), strlen(text), s, &err);
}

/* A scheme of one field: FIELD is the field's JSON. */
static enum status read_field(const char *field)
{
	char *text = xasprintf("{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"x\", "
			       "\"description\": \"d\", \"fields\": [%s]}", field);
	struct scheme *s;
	enum status st = read_text(text, &s);
	free(text);
	scheme_free(s);
	return st;
}

/* A scheme of the one-field JSON field is refused with exactly messages. */
static void assert_refused(const char *field, const char *messages)
{
	assert_int_equal(read_field(field), ST_INPUT);
	assert_string_equal(err.msg, messages);
}

static void test_the_built_in_schemes_are_the_task_kinds_in_order_then_pairwise(void **state)
{
	(void)state;
	assert_int_equal(scheme_builtin_count(), TASK__COUNT + 1);
	assert_string_equal(scheme_builtin_name(TASK__COUNT), "pairwise");
	for (int t = 0; t < TASK__COUNT; t++) {
		assert_string_equal(scheme_builtin_name((size_t)t), model_task_name((enum model_task)t));
		struct scheme *s = builtin(model_task_name((enum model_task)t));
		assert_string_equal(s->name, model_task_name((enum model_task)t));
		scheme_free(s);
	}
	struct scheme *s;
	assert_int_equal(scheme_builtin("likert", &s, &err), ST_OK);
	assert_null(s);
	assert_false(scheme_is_builtin("likert"));
}

/* A task file's gold intents are the values of the turn scheme's intent
 * field, in its order (the report's by-intent rows count on it). */
static void test_the_gold_intents_are_the_intent_fields_values(void **state)
{
	(void)state;
	struct scheme *s = builtin("turn");
	const struct scheme_field *f = scheme_field_find(s, "intent");
	assert_non_null(f);
	assert_int_equal(f->unit, UNIT_TURN);
	assert_int_equal(f->n_categories, 3);
	for (size_t i = 0; i < f->n_categories; i++)
		assert_int_equal(model_gold_intent_index(f->categories[i].value), (int)i);
	assert_int_equal(model_gold_intent_index("yes-no"), -1);
	scheme_free(s);
}

static void test_the_built_in_keys_are_todays(void **state)
{
	(void)state;
	struct scheme *s = builtin("turn");
	const struct scheme_field *f = scheme_field_find(s, "intent");
	assert_string_equal(f->categories[0].key, "e");
	assert_string_equal(f->categories[1].key, "a");
	assert_string_equal(f->categories[2].key, "b");
	f = scheme_field_find(s, "answer_correct");
	assert_string_equal(scheme_category_find(f, "1")->key, "c");
	assert_string_equal(scheme_category_find(f, "0")->key, "x");
	f = scheme_field_find(s, "relevant");
	assert_int_equal(f->n_rank_keys, 10);
	assert_string_equal(f->rank_keys[0], "1");
	assert_string_equal(f->rank_keys[9], "0");
	assert_string_equal(f->toggle_key, "space");
	assert_string_equal(f->rest_key, "-");
	assert_string_equal(scheme_field_find(s, "note")->edit_key, "w");
	assert_null(scheme_field_find(s, "extra_gold")->edit_key);
	scheme_free(s);
	s = builtin("plausibility");
	f = scheme_field_find(s, "plausibility");
	assert_string_equal(f->categories[0].key, "y");
	assert_string_equal(f->categories[1].key, "i");
	assert_string_equal(f->categories[2].key, "m");
	scheme_free(s);
	s = builtin("faithfulness");
	f = scheme_field_find(s, "faithfulness");
	assert_string_equal(f->categories[0].key, "f");
	assert_string_equal(f->categories[1].key, "x");
	scheme_free(s);
}

static void test_a_scheme_written_as_json_reads_back_the_same(void **state)
{
	(void)state;
	for (size_t i = 0; i < scheme_builtin_count(); i++) {
		struct scheme *s = builtin(scheme_builtin_name(i)), *again;
		char *json = scheme_to_json(s);
		assert_int_equal(read_text(json, &again), ST_OK);
		char *json2 = scheme_to_json(again);
		assert_string_equal(json, json2);
		free(json);
		free(json2);
		scheme_free(s);
		scheme_free(again);
	}
}

static void test_keys_are_unique_within_a_scheme(void **state)
{
	(void)state;
	assert_refused("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"nominal\", \"categories\": "
				    "[{\"value\": \"x\", \"key\": \"e\"}, {\"value\": \"y\", \"key\": \"e\"}]}", "s.json: $.fields[0].categories[1].key: key \"e\" is used already at "
			    "$.fields[0].categories[0].key (the categories of a field have keys of their own)");
	assert_refused("{\"name\": \"a\", \"unit\": \"response\", \"type\": \"text\", \"keys\": "
				    "{\"edit\": \"e\"}}, {\"name\": \"b\", \"unit\": \"turn\", \"type\": \"binary\", "
				    "\"categories\": [{\"value\": \"0\", \"key\": \"e\"}, {\"value\": \"1\"}]}", "s.json: $.fields[1].categories[0].key: key \"e\" is used already at "
			    "$.fields[0].keys.edit (keys are unique within a scheme, but for category keys that fields of one "
			    "unit share)");
}

/* Two ordinal fields of unit (a JSON string) with the keys 1-2, then
 * extra fields (JSON, may be empty). */
#define TWO_SCALES(unit, extra) \
	"{\"name\": \"a\", \"unit\": " unit ", \"type\": \"ordinal\", \"categories\": [{\"value\": \"lo\", " \
	"\"key\": \"1\"}, {\"value\": \"hi\", \"key\": \"2\"}]}, {\"name\": \"b\", \"unit\": " unit ", \"type\": " \
	"\"ordinal\", \"categories\": [{\"value\": \"lo\", \"key\": \"1\"}, {\"value\": \"hi\", \"key\": \"2\"}]}" extra

static void test_fields_of_one_unit_may_share_category_keys_and_take_them_in_focus(void **state)
{
	(void)state;
	char *text = xasprintf("{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"x\", "
			       "\"description\": \"d\", \"fields\": [%s]}",
			       TWO_SCALES("\"response\"", ", {\"name\": \"c\", \"unit\": \"response\", \"type\": "
					  "\"binary\", \"categories\": [{\"value\": \"0\", \"key\": \"x\"}, "
					  "{\"value\": \"1\", \"key\": \"3\"}]}"));
	struct scheme *s;
	assert_int_equal(read_text(text, &s), ST_OK);
	assert_true(scheme_field_focused(s, &s->fields[0]));
	assert_true(scheme_field_focused(s, &s->fields[1]));
	assert_false(scheme_field_focused(s, &s->fields[2]));   /* keys of its own */
	assert_true(scheme_has_focus(s));
	char *json = scheme_to_json(s), *json2;
	struct scheme *again;
	assert_int_equal(read_text(json, &again), ST_OK);
	assert_string_equal(json, json2 = scheme_to_json(again));
	free(json);
	free(json2);
	scheme_free(again);
	scheme_free(s);
	free(text);
	/* the built-in schemes have no field focus: every key is its own */
	for (size_t i = 0; i < scheme_builtin_count(); i++) {
		s = builtin(scheme_builtin_name(i));
		assert_false(scheme_has_focus(s));
		scheme_free(s);
	}
	/* fields of the turn and the answer units too */
	assert_int_equal(read_field(TWO_SCALES("\"turn\"", "")), ST_OK);
	assert_int_equal(read_field(TWO_SCALES("\"answer\"", "")), ST_OK);
	/* not across units, not passage fields */
	assert_refused("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"binary\", \"categories\": "
		       "[{\"value\": \"0\", \"key\": \"1\"}, {\"value\": \"1\"}]}, {\"name\": \"b\", \"unit\": "
		       "\"response\", \"type\": \"binary\", \"categories\": [{\"value\": \"0\", \"key\": \"1\"}, "
		       "{\"value\": \"1\"}]}",
		       "s.json: $.fields[1].categories[0].key: key \"1\" is used already at "
		       "$.fields[0].categories[0].key, by a field of unit turn (only fields of one unit share keys: "
		       "the key sets the field in focus)");
	assert_refused(TWO_SCALES("\"passage\"", ""),
		       "s.json: $.fields[1].categories[0].key: key \"1\" is used already at "
		       "$.fields[0].categories[0].key (passage fields share no keys: theirs act on the focused passage)\n"
		       "s.json: $.fields[1].categories[1].key: key \"2\" is used already at "
		       "$.fields[0].categories[1].key (passage fields share no keys: theirs act on the focused passage)");
}

static void test_navigation_and_global_keys_are_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < scheme_n_reserved_keys; i++) {
		char *field = xasprintf("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"binary\", \"categories\": "
					"[{\"value\": \"0\", \"key\": \"%s\"}, {\"value\": \"1\"}]}",
					strcmp(scheme_reserved_keys[i].key, "\\") == 0 ? "\\\\" : scheme_reserved_keys[i].key);
		assert_int_equal(read_field(field), ST_INPUT);
		char *want = xasprintf("s.json: $.fields[0].categories[0].key: key \"%s\" is reserved for %s",
				       scheme_reserved_keys[i].key, scheme_reserved_keys[i].action);
		assert_true(strncmp(err.msg, want, strlen(want)) == 0);
		free(want);
		free(field);
	}
	assert_refused("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"binary\", \"categories\": "
				    "[{\"value\": \"0\", \"key\": \"enter\"}, {\"value\": \"1\"}]}", "s.json: $.fields[0].categories[0].key: expected a key: one printable "
			    "character, or \"space\", got \"enter\"");
}

static void test_nominal_and_ordinal_fields_take_2_to_10_categories(void **state)
{
	(void)state;
	assert_refused("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"ordinal\", \"categories\": "
				    "[{\"value\": \"x\"}]}", "s.json: $.fields[0].categories: expected 2 to 10 categories for an ordinal "
			    "field, got 1");
	struct strbuf cats = STRBUF_INIT;
	for (int i = 1; i <= 11; i++)
		strbuf_addf(&cats, "%s{\"value\": \"%d\"}", i > 1 ? ", " : "", i);
	char *field = xasprintf("{\"name\": \"a\", \"unit\": \"response\", \"type\": \"nominal\", \"categories\": "
				"[%s]}", strbuf_str(&cats));
	assert_int_equal(read_field(field), ST_INPUT);
	assert_string_equal(err.msg, "s.json: $.fields[0].categories: expected 2 to 10 categories for a nominal "
			    "field, got 11");
	free(field);
	/* 10 is fine */
	strbuf_release(&cats);
	for (int i = 1; i <= 10; i++)
		strbuf_addf(&cats, "%s{\"value\": \"%d\"}", i > 1 ? ", " : "", i);
	field = xasprintf("{\"name\": \"a\", \"unit\": \"response\", \"type\": \"ordinal\", \"categories\": [%s]}",
			  strbuf_str(&cats));
	assert_int_equal(read_field(field), ST_OK);
	free(field);
	strbuf_release(&cats);
}

static void test_a_binary_field_has_exactly_2_categories(void **state)
{
	(void)state;
	assert_refused("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"binary\", \"categories\": "
				    "[{\"value\": \"0\"}, {\"value\": \"1\"}, {\"value\": \"2\"}]}", "s.json: $.fields[0].categories: expected exactly 2 categories for a binary "
			    "field, got 3");
}

static void test_unknown_units_and_types_are_named_with_what_is_expected(void **state)
{
	(void)state;
	assert_refused("{\"name\": \"a\", \"unit\": \"sentence\", \"type\": \"text\"}", "s.json: $.fields[0].unit: unknown unit \"sentence\" (expected one of: turn, "
			    "passage, response, answer, pair)");
	assert_refused("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"likert\"}", "s.json: $.fields[0].type: unknown type \"likert\" (expected one of: binary, "
			    "nominal, ordinal, text)");
}

static void test_field_names_and_category_values_are_unique(void **state)
{
	(void)state;
	assert_refused("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"text\"}, "
				    "{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"text\"}", "s.json: $.fields[1].name: field \"a\" is given twice (field names are unique)");
	assert_refused("{\"name\": \"a\", \"unit\": \"turn\", \"type\": \"nominal\", \"categories\": "
				    "[{\"value\": \"x\"}, {\"value\": \"x\"}]}", "s.json: $.fields[0].categories[1].value: value \"x\" is given twice in this "
			    "field (category values are unique)");
}

static void test_every_problem_is_reported_not_only_the_first(void **state)
{
	(void)state;
	assert_refused("{\"name\": \"a\", \"unit\": \"u\", \"type\": \"t\", \"extra\": 1}",
			    "s.json: $.fields[0].extra: unknown property (expected one of: name, unit, type, role, threshold, categories, "
			    "required, skip_when_empty, help, keys)\n"
			    "s.json: $.fields[0].unit: unknown unit \"u\" (expected one of: turn, passage, response, answer, pair)\n"
			    "s.json: $.fields[0].type: unknown type \"t\" (expected one of: binary, nominal, ordinal, text)");
}

static void test_field_keys_belong_to_text_and_binary_passage_fields(void **state)
{
	(void)state;
	assert_refused("{\"name\": \"a\", \"unit\": \"response\", \"type\": \"nominal\", \"keys\": "
				    "{\"edit\": \"z\"}, \"categories\": [{\"value\": \"x\"}, {\"value\": \"y\"}]}", "s.json: $.fields[0].keys: only text fields (edit) and binary passage fields "
			    "(ranks, toggle, rest) have keys of their own; give the keys with the categories");
	assert_refused("{\"name\": \"a\", \"unit\": \"response\", \"type\": \"text\", \"keys\": "
				    "{\"toggle\": \"z\"}}", "s.json: $.fields[0].keys.toggle: unknown property (expected one of: edit)");
}

static void test_the_pure_model_names_units_types_and_keys(void **state)
{
	(void)state;
	enum scheme_unit u;
	enum scheme_type t;
	assert_int_equal(scheme_unit_parse("passage", &u), 0);
	assert_int_equal(u, UNIT_PASSAGE);
	assert_int_equal(scheme_unit_parse("sentence", &u), -1);
	assert_int_equal(scheme_type_parse("ordinal", &t), 0);
	assert_int_equal(t, TYPE_ORDINAL);
	assert_null(scheme_key_problem("space"));
	assert_null(scheme_key_problem("é"));
	assert_non_null(scheme_key_problem("ab"));
	assert_non_null(scheme_key_problem(" "));
	assert_non_null(scheme_key_problem("\x1b"));
	assert_string_equal(scheme_key_reserved("q"), "quit");
	assert_null(scheme_key_reserved("e"));
	assert_null(scheme_name_problem("likert-4pt"));
	assert_non_null(scheme_name_problem("Likert"));
	assert_non_null(scheme_name_problem("-x"));
}

/* Changing a scheme that labels use: what keeps their meaning is allowed,
 * what would change it is refused, saying which labels and how many. */
static void test_a_change_that_labels_use_is_refused_with_the_count(void **state)
{
	(void)state;
	struct scheme *old = builtin("turn"), *new = builtin("turn");
	char buf[256];
	struct scheme_use uses[] = {
		{ "intent", "turn", "boolean", 3 }, { "intent", "turn", "extractive", 2 },
		{ "note", "response", "hello", 1 },
	};
	assert_null(scheme_change_problem(old, new, uses, 3, buf, sizeof(buf)));
	free(new->fields[0].categories[0].label);              /* labels and help may change */
	new->fields[0].categories[0].label = xstrdup("extracted");
	assert_null(scheme_change_problem(old, new, uses, 3, buf, sizeof(buf)));
	new->fields[0].unit = UNIT_RESPONSE;
	assert_string_equal(scheme_change_problem(old, new, uses, 3, buf, sizeof(buf)),
			    "field 'intent' judges the turn in 5 labels: its unit cannot become response");
	new->fields[0].unit = UNIT_TURN;
	new->fields[0].type = TYPE_ORDINAL;
	assert_string_equal(scheme_change_problem(old, new, uses, 3, buf, sizeof(buf)),
			    "field 'intent' is nominal in 5 labels: its type cannot become ordinal");
	new->fields[0].type = TYPE_NOMINAL;
	free(new->fields[0].categories[2].value);               /* boolean -> yes/no */
	new->fields[0].categories[2].value = xstrdup("yes-no");
	assert_string_equal(scheme_change_problem(old, new, uses, 3, buf, sizeof(buf)),
			    "field 'intent' has no category 'boolean' any more, which 3 labels use");
	assert_null(scheme_change_problem(old, new, uses + 1, 2, buf, sizeof(buf)));   /* unused: fine */
	free(new->fields[4].name);                               /* note, in use, removed */
	new->fields[4].name = xstrdup("comment");
	assert_string_equal(scheme_change_problem(old, new, uses + 2, 1, buf, sizeof(buf)),
			    "field 'note' is used by 1 label: it cannot be removed");
	scheme_free(old);
	scheme_free(new);
}

/* The places of an ordinal scale are part of what its labels mean: a used
 * category keeps its place; unused ones may move, new ones go last. */
static void test_used_ordinal_categories_keep_their_places(void **state)
{
	(void)state;
	const char *text = "{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"x\", \"description\": \"d\", "
			   "\"fields\": [{\"name\": \"f\", \"unit\": \"response\", \"type\": \"ordinal\", "
			   "\"categories\": [{\"value\": \"low\"}, {\"value\": \"mid\"}, {\"value\": \"high\"}]}]}";
	const char *inserted = "{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"x\", "
			       "\"description\": \"d\", \"fields\": [{\"name\": \"f\", \"unit\": \"response\", "
			       "\"type\": \"ordinal\", \"categories\": [{\"value\": \"low\"}, {\"value\": \"mid\"}, "
			       "{\"value\": \"mid-high\"}, {\"value\": \"high\"}, {\"value\": \"top\"}]}]}";
	struct scheme *old, *new, *wider;
	char buf[320];
	assert_int_equal(read_text(text, &old), ST_OK);
	assert_int_equal(read_text(text, &new), ST_OK);
	assert_int_equal(read_text(inserted, &wider), ST_OK);
	struct scheme_category *c = new->fields[0].categories, t = c[0];
	c[0] = c[2];
	c[2] = t;   /* high mid low */
	struct scheme_use mid[] = { { "f", "response", "mid", 4 } }, two[] = { { "f", "response", "low", 1 },
									     { "f", "response", "high", 2 } };
	assert_null(scheme_change_problem(old, new, mid, 1, buf, sizeof(buf)));
	assert_string_equal(scheme_change_problem(old, new, two, 2, buf, sizeof(buf)),
			    "field 'f' would move 'low' from place 1 to place 3 of its scale, which 1 label uses (the "
			    "places of an ordinal scale are part of what its labels mean: add new categories after the "
			    "last one)");
	/* mid-high between mid and high: fine while high is unused */
	assert_null(scheme_change_problem(old, wider, mid, 1, buf, sizeof(buf)));
	assert_string_equal(scheme_change_problem(old, wider, two, 2, buf, sizeof(buf)),
			    "field 'f' would move 'high' from place 3 to place 4 of its scale, which 2 labels use (the "
			    "places of an ordinal scale are part of what its labels mean: add new categories after the "
			    "last one)");
	/* low removed: mid and high move too, but what the user did is remove low */
	const char *removed = "{\"format\": \"convqa-scheme\", \"version\": 1, \"name\": \"x\", "
			      "\"description\": \"d\", \"fields\": [{\"name\": \"f\", \"unit\": \"response\", "
			      "\"type\": \"ordinal\", \"categories\": [{\"value\": \"mid\"}, {\"value\": \"high\"}]}]}";
	struct scheme *fewer;
	struct scheme_use all[] = { { "f", "response", "high", 2 }, { "f", "response", "low", 1 },
				    { "f", "response", "mid", 4 } };
	assert_int_equal(read_text(removed, &fewer), ST_OK);
	assert_string_equal(scheme_change_problem(old, fewer, all, 3, buf, sizeof(buf)),
			    "field 'f' has no category 'low' any more, which 1 label uses");
	scheme_free(fewer);
	scheme_free(old);
	scheme_free(new);
	scheme_free(wider);
}

static void test_a_verdict_field_is_found_by_role_with_its_first_category(void **state)
{
	(void)state;
	struct scheme *s = NULL;
	struct store_verdict v;
	assert_int_equal(scheme_find_role(NULL, SROLE_FAITHFULNESS, &s, &err), ST_OK);
	assert_non_null(s);
	scheme_verdict(s, SROLE_FAITHFULNESS, &v);
	assert_string_equal(v.task, s->name);
	assert_string_equal(v.field, scheme_field_by_role(s, SROLE_FAITHFULNESS)->name);
	assert_string_equal(v.yes, scheme_field_by_role(s, SROLE_FAITHFULNESS)->categories[0].value);
	scheme_verdict(s, SROLE_PLAUSIBILITY, &v);
	assert_null(v.task);   /* the faithfulness scheme has no plausibility field */
	scheme_free(s);
	assert_int_equal(scheme_find_role(NULL, SROLE_PREFERENCE, &s, &err), ST_OK);
	assert_non_null(s);   /* the built-in pairwise */
	assert_string_equal(s->name, "pairwise");
	assert_int_equal(scheme_field_by_role(s, SROLE_PREFERENCE)->unit, UNIT_PAIR);
	scheme_free(s);
	scheme_verdict(NULL, SROLE_PLAUSIBILITY, &v);
	assert_null(v.task);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_the_built_in_schemes_are_the_task_kinds_in_order_then_pairwise),
		cmocka_unit_test(test_the_gold_intents_are_the_intent_fields_values),
		cmocka_unit_test(test_the_built_in_keys_are_todays),
		cmocka_unit_test(test_a_scheme_written_as_json_reads_back_the_same),
		cmocka_unit_test(test_keys_are_unique_within_a_scheme),
		cmocka_unit_test(test_fields_of_one_unit_may_share_category_keys_and_take_them_in_focus),
		cmocka_unit_test(test_navigation_and_global_keys_are_refused),
		cmocka_unit_test(test_nominal_and_ordinal_fields_take_2_to_10_categories),
		cmocka_unit_test(test_a_binary_field_has_exactly_2_categories),
		cmocka_unit_test(test_unknown_units_and_types_are_named_with_what_is_expected),
		cmocka_unit_test(test_field_names_and_category_values_are_unique),
		cmocka_unit_test(test_every_problem_is_reported_not_only_the_first),
		cmocka_unit_test(test_field_keys_belong_to_text_and_binary_passage_fields),
		cmocka_unit_test(test_the_pure_model_names_units_types_and_keys),
		cmocka_unit_test(test_a_change_that_labels_use_is_refused_with_the_count),
		cmocka_unit_test(test_used_ordinal_categories_keep_their_places),
		cmocka_unit_test(test_a_verdict_field_is_found_by_role_with_its_first_category),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
