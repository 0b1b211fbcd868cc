/* formats.c - the tables of import and export formats. `convqa import`
 * detects a file's format in the order of its table, `convqa export` and
 * `convqa formats` look formats up here, and the --format help of both
 * commands lists them.
 *
 * A new format: a file src/formats/import_NAME.c (export_NAME.c) defining
 * const struct import_format import_NAME (export_format export_NAME), its
 * declaration and a row below (see formats.h). */
#include "convqa/formats.h"

#include <string.h>

#include "convqa/strbuf.h"

extern const struct import_format import_native, import_jsonl, import_csv_gold, import_mtrag, import_qrecc,
	import_scai_truth, import_scai_run, import_trec_run, import_trec_qrels, import_cast_topics;
extern const struct export_format export_json, export_tasks, export_gold_extension, export_trec_qrels,
	export_csv, export_jsonl, export_label_studio, export_label_studio_config, export_prefs_csv;

/* Detection tries these in order; the first reads a file that none detects. */
static const struct import_format *const import_formats[] = {
	&import_native,
	&import_jsonl,
	&import_csv_gold,
	&import_mtrag,
	&import_qrecc,
	&import_scai_truth,
	&import_scai_run,
	&import_trec_run,
	&import_trec_qrels,
	&import_cast_topics,
};

/* The first is the default of `convqa export --format`. */
static const struct export_format *const export_formats[] = {
	&export_json,
	&export_tasks,
	&export_gold_extension,
	&export_trec_qrels,
	&export_csv,
	&export_jsonl,
	&export_label_studio,
	&export_label_studio_config,
	&export_prefs_csv,
};

const struct import_format *formats_import(size_t i)
{
	return i < ARRAY_SIZE(import_formats) ? import_formats[i] : NULL;
}

const struct export_format *formats_export(size_t i)
{
	return i < ARRAY_SIZE(export_formats) ? export_formats[i] : NULL;
}

static const char *import_name(size_t i)
{
	return i < ARRAY_SIZE(import_formats) ? import_formats[i]->name : NULL;
}

static const char *export_name(size_t i)
{
	return i < ARRAY_SIZE(export_formats) ? export_formats[i]->name : NULL;
}

/* "a, b, c": the names of a table, given by its name_of(i). */
static void names(struct strbuf *sb, const char *(*name_of)(size_t))
{
	for (size_t i = 0; name_of(i); i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", name_of(i));
}

/* The row of a table with this name, or -1 with the message in err. */
static long lookup(const char *name, const char *(*name_of)(size_t), struct error *err)
{
	for (size_t i = 0; name_of(i); i++)
		if (strcmp(name_of(i), name) == 0)
			return (long)i;
	struct strbuf sb = STRBUF_INIT;
	names(&sb, name_of);
	error_set(err, ST_USAGE, "unknown format '%s' (expected: %s)", name, strbuf_str(&sb));
	strbuf_release(&sb);
	return -1;
}

const struct import_format *formats_import_find(const char *name, struct error *err)
{
	long i = lookup(name, import_name, err);
	return i < 0 ? NULL : import_formats[i];
}

const struct export_format *formats_export_find(const char *name, struct error *err)
{
	long i = lookup(name, export_name, err);
	return i < 0 ? NULL : export_formats[i];
}

const struct import_format *formats_detect(const char *buf, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(import_formats); i++)
		if (import_formats[i]->detect && import_formats[i]->detect(buf, len))
			return import_formats[i];
	return import_formats[0];
}

void formats_import_names(struct strbuf *sb)
{
	names(sb, import_name);
}

void formats_export_names(struct strbuf *sb)
{
	names(sb, export_name);
}

struct import_input *import_inputs_find(const struct import_inputs *in, enum import_role r)
{
	for (size_t i = 0; i < in->n; i++)
		if (in->v[i].role == r)
			return in->v[i].in;
	return NULL;
}

const char *import_option_name(enum import_option o)
{
	switch (o) {
	case IMPORT_OPT_SYSTEM: return "--system";
	case IMPORT_OPT_COLLECTION: return "--collection";
	case IMPORT_OPT_QID_PATTERN: return "--qid-pattern";
	case IMPORT_OPT_AS_GOLD: return "--as-gold";
	case IMPORT_OPT_AS_RATER: return "--as-rater";
	case IMPORT_OPT_MIN_GRADE: return "--min-grade";
	}
	return "?";
}
