/* labels_label_studio.c - Label Studio's JSON export (Export > JSON: an
 * array of tasks, each with its data and annotations[]) read as labels, for
 * convqa import-labels --format label-studio. The tasks are those convqa
 * export --format label-studio wrote: their data names the item
 * (conversation, turn, system), the scheme and the round.
 *
 *   annotation          a rater's labels of one item: completed_by is the
 *                       rater (its email when the export gives one, else
 *                       "label-studio-ID"); updated_at (else created_at) the
 *                       time; lead_time the seconds, on its first label (the
 *                       report adds a rater's rows of an item); was_cancelled:
 *                       skipped, counted
 *   result[]            one label each: from_name FIELD (or FIELD_K: a
 *                       passage field at rank K, with the passage id the task
 *                       showed there), value {choices: [C]} (C a category's
 *                       value, the Choice's alias, or its label), {rating: N}
 *                       (N a category's value) or {text: [...]} (a text field)
 *
 * Values are checked against the scheme here, each problem at its JSON path
 * ("FILE: $[0].annotations[1].result[2].value: ..."); predictions and
 * drafts are not labels and are left alone. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/scheme_registry.h"
#include "convqa/strbuf.h"
#include "json_read.h"
#include "labels_internal.h"

struct known_scheme {
	char *name;
	struct scheme *sc;             /* NULL: the project has none of that name */
};

struct reader {
	struct json_reader jr;
	struct labels_read *in;
	struct store *store;
	struct known_scheme *schemes;
	size_t n_schemes, cap_schemes;
	const char *file;
};

/* The scheme named name, looked up once; NULL (a problem said) when the
 * project has none. */
static const struct scheme *scheme_of(struct reader *r, const char *name)
{
	for (size_t i = 0; i < r->n_schemes; i++)
		if (strcmp(r->schemes[i].name, name) == 0)
			return r->schemes[i].sc;
	xgrow(&r->schemes, &r->cap_schemes, r->n_schemes + 1, sizeof(*r->schemes));
	struct known_scheme *k = &r->schemes[r->n_schemes++];
	struct error e;
	k->name = xstrdup(name);
	k->sc = NULL;
	if (scheme_load(r->store, name, &k->sc, &e) != ST_OK)
		k->sc = NULL;
	return k->sc;
}

/* ---- the time: Label Studio's "2021-03-09T22:16:08.728353Z" ------------------ */

/* t (ISO 8601: a fraction of a second optional; Z, +HH:MM or none for UTC)
 * as "YYYY-MM-DDTHH:MM:SS.mmmZ" in out; 0 when it is not such a time. */
static int utc_millis(const char *t, char out[32])
{
	int y, mo, d, h, mi, s, n = 0;
	if (sscanf(t, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d, &h, &mi, &s, &n) != 6 || n != 19)
		return 0;
	char date[32];
	snprintf(date, sizeof(date), "%.19sZ", t);
	if (!iso8601_valid(date, 0))
		return 0;
	const char *p = t + 19;
	int ms = 0, digits = 0;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, digits++)
			if (digits < 3)
				ms = ms * 10 + (*p - '0');
	if (t[19] == '.' && !digits)
		return 0;
	for (; digits > 0 && digits < 3; digits++)
		ms *= 10;
	long offset = 0;
	if (*p == '+' || *p == '-') {
		int oh, om, k = 0;
		if (sscanf(p + 1, "%2d:%2d%n", &oh, &om, &k) != 2 || k != 5 || oh > 23 || om > 59)
			return 0;
		offset = (*p == '-' ? -1 : 1) * (oh * 3600L + om * 60L);
		p += 6;
	} else if (*p == 'Z') {
		p++;
	}
	if (*p)
		return 0;
	struct tm tm = { .tm_year = y - 1900, .tm_mon = mo - 1, .tm_mday = d, .tm_hour = h, .tm_min = mi, .tm_sec = s };
	time_t when = timegm(&tm) - offset;
	char buf[96];
	if (!gmtime_r(&when, &tm) || tm.tm_year + 1900 < 1 || tm.tm_year + 1900 > 9999)
		return 0;   /* an offset past year 1 or 9999 */
	int n_out = snprintf(buf, sizeof(buf), "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
			     tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms);
	if (n_out != 24)
		return 0;
	memcpy(out, buf, 25);
	return 1;
}

/* ---- one result: a label --------------------------------------------------------- */

/* The field of from_name in sc, and the rank for FIELD_K (0 otherwise). */
static const struct scheme_field *field_of(const struct scheme *sc, const char *from_name, long *rank)
{
	const struct scheme_field *f = scheme_field_find(sc, from_name);
	*rank = 0;
	if (f)
		return f->unit == UNIT_PASSAGE ? NULL : f;
	const char *us = strrchr(from_name, '_');
	if (!us || parse_long(us + 1, 1, MODEL_RANK_MAX, rank) != 0 || us[1] == '0' || us[1] == '+')
		return NULL;
	char name[SCHEME_MAX_NAME + 1];
	size_t len = (size_t)(us - from_name);
	if (len > SCHEME_MAX_NAME)
		return NULL;
	memcpy(name, from_name, len);
	name[len] = '\0';
	f = scheme_field_find(sc, name);
	return f && f->unit == UNIT_PASSAGE ? f : NULL;
}

/* "0 (not relevant), 1 (relevant)": what field f takes, for messages. */
static void expected(struct strbuf *sb, const struct scheme_field *f)
{
	for (size_t i = 0; i < f->n_categories; i++) {
		const struct scheme_category *k = &f->categories[i];
		strbuf_addf(sb, "%s\"%s\"", i ? ", " : "", k->value);
		if (k->label && *k->label && strcmp(k->label, k->value) != 0)
			strbuf_addf(sb, " (%s)", k->label);
	}
}

/* The category of f a Choice gave: its value (the alias the config
 * writes), else its label. */
static const struct scheme_category *category_of(const struct scheme_field *f, const char *given)
{
	const struct scheme_category *k = scheme_category_find(f, given);
	for (size_t i = 0; !k && i < f->n_categories; i++)
		if (f->categories[i].label && strcmp(f->categories[i].label, given) == 0)
			k = &f->categories[i];
	return k;
}

/* The text of a TextArea's result (its lines joined by line breaks), kept;
 * NULL with a problem said. */
static const char *text_of(struct reader *r, const cJSON *text, const struct scheme_field *f)
{
	if (cJSON_IsString(text))
		return labels_keep(r->in, text->valuestring);
	if (!cJSON_IsArray(text)) {
		jr_problem(&r->jr, "field %s takes text: expected {\"text\": [...]} (a TextArea's result)", f->name);
		return NULL;
	}
	struct strbuf sb = STRBUF_INIT;
	const char *out = NULL;
	const cJSON *t;
	for (t = text->child; t && cJSON_IsString(t); t = t->next)
		strbuf_addf(&sb, "%s%s", t == text->child ? "" : "\n", t->valuestring);
	if (t)
		jr_problem(&r->jr, "expected text lines (strings), got %s", jr_type_name(t));
	else
		out = labels_keep(r->in, strbuf_str(&sb));
	strbuf_release(&sb);
	return out;
}

/* The value of result value for field f (at the reader's path ".value"),
 * kept; NULL with a problem said. */
static const char *value_of(struct reader *r, const cJSON *value, const struct scheme_field *f)
{
	if (f->type == TYPE_TEXT)
		return text_of(r, cJSON_GetObjectItemCaseSensitive(value, "text"), f);
	const cJSON *choices = cJSON_GetObjectItemCaseSensitive(value, "choices");
	const cJSON *rating = cJSON_GetObjectItemCaseSensitive(value, "rating");
	const struct scheme_category *k = NULL;
	char num[32] = "";
	const char *given = NULL;
	if (cJSON_IsArray(choices) && cJSON_GetArraySize(choices) == 1 && cJSON_IsString(choices->child)) {
		given = choices->child->valuestring;
		k = category_of(f, given);
	} else if (cJSON_IsNumber(rating) && rating->valuedouble == floor(rating->valuedouble) &&
		   fabs(rating->valuedouble) < 1e9) {
		snprintf(num, sizeof(num), "%.0f", rating->valuedouble);
		given = num;
		k = scheme_category_find(f, num);
	}
	if (k)
		return labels_keep(r->in, k->value);
	struct strbuf sb = STRBUF_INIT;
	expected(&sb, f);
	if (given && *num)
		jr_problem(&r->jr, "rating %s is not a value of %s (expected one of: %s)", num, f->name, strbuf_str(&sb));
	else if (given)
		jr_problem(&r->jr, "\"%s\" is not a value of %s (expected one of: %s)", given, f->name, strbuf_str(&sb));
	else
		jr_problem(&r->jr, "expected {\"choices\": [one category]} or {\"rating\": N} for %s (one of: %s)",
			   f->name, strbuf_str(&sb));
	strbuf_release(&sb);
	return NULL;
}

/* The passage id the task showed at rank k (data.passage_K_id), or NULL. */
static const char *passage_id(const cJSON *data, long k)
{
	char key[48];
	snprintf(key, sizeof(key), "passage_%ld_id", k);
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(data, key);
	return cJSON_IsString(v) && v->valuestring[0] ? v->valuestring : NULL;
}

/* Result v of annotation A (whose fields are set but for field, value,
 * rank, passage and where) as a label. first: it takes the seconds. */
static void read_result(struct reader *r, const cJSON *v, const cJSON *data, const struct scheme *sc,
			const struct labelling_import_label *A, int *first)
{
	int before = r->jr.n_errors;
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected a result (an object), got %s", jr_type_name(v));
		return;
	}
	const char *from = jr_string_member(&r->jr, v, "from_name", 1, 1);
	const cJSON *value = jr_member(&r->jr, v, "value", 1);
	if (!from || !value)
		return;
	long rank;
	const struct scheme_field *f = field_of(sc, from, &rank);
	if (!f) {
		json_path_key(&r->jr.path, "from_name");
		jr_problem(&r->jr, "scheme '%s' has no field '%s' (a field's name, or FIELD_K for a passage field at "
			   "rank K, as the config of convqa export --format label-studio-config names them)", sc->name, from);
		json_path_pop(&r->jr.path);
		return;
	}
	json_path_key(&r->jr.path, "value");
	const char *val = cJSON_IsObject(value) ? value_of(r, value, f) : NULL;
	if (!cJSON_IsObject(value))
		jr_problem(&r->jr, "expected an object, got %s", jr_type_name(value));
	json_path_pop(&r->jr.path);
	if (r->jr.n_errors != before)
		return;
	struct labelling_import_label *L = labels_new(r->in);
	*L = *A;
	L->field = labels_keep(r->in, f->name);
	L->value = val;
	L->rank = rank;
	L->passage = rank ? labels_keep(r->in, passage_id(data, rank)) : NULL;
	L->seconds = *first ? A->seconds : 0;
	L->where = labels_keepf(r->in, "%s: %s", r->file, json_path_str(&r->jr.path));
	*first = 0;
}

/* ---- an annotation, a task, the file ---------------------------------------------- */

/* The rater of completed_by: an email, else "label-studio-ID". */
static const char *rater_of(struct reader *r, const cJSON *by)
{
	const cJSON *id = by;
	if (cJSON_IsString(by) && by->valuestring[0])   /* a tool that names the annotator */
		return labels_keep(r->in, by->valuestring);
	if (cJSON_IsObject(by)) {
		const cJSON *email = cJSON_GetObjectItemCaseSensitive(by, "email");
		if (cJSON_IsString(email) && email->valuestring[0])
			return labels_keep(r->in, email->valuestring);
		id = cJSON_GetObjectItemCaseSensitive(by, "id");
	}
	if (cJSON_IsNumber(id) && id->valuedouble == floor(id->valuedouble) && fabs(id->valuedouble) < 1e15)
		return labels_keepf(r->in, "label-studio-%.0f", id->valuedouble);
	json_path_key(&r->jr.path, "completed_by");
	jr_problem(&r->jr, "expected the annotator: a user id, {\"id\": ..., \"email\": ...} or a name, got %s",
		   by ? jr_type_name(by) : "nothing");
	json_path_pop(&r->jr.path);
	return NULL;
}

/* The time and seconds of annotation v into A; 0 when wrong (said). */
static int annotation_time(struct reader *r, const cJSON *v, struct labelling_import_label *A)
{
	char when[32] = "";
	const char *key = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(v, "updated_at")) ? "updated_at" : "created_at";
	const char *t = jr_string_member(&r->jr, v, key, 1, 1);
	int ok = t && utc_millis(t, when);
	json_path_key(&r->jr.path, key);
	if (t && !ok)
		jr_problem(&r->jr, "expected a time such as \"2026-03-09T22:16:08.728353Z\", got \"%s\"", t);
	json_path_pop(&r->jr.path);
	if (!ok)
		return 0;
	A->created_at = labels_keep(r->in, when);
	const cJSON *lead = cJSON_GetObjectItemCaseSensitive(v, "lead_time");
	if (lead && !cJSON_IsNull(lead)) {
		if (!cJSON_IsNumber(lead) || !(lead->valuedouble >= 0 && lead->valuedouble < 1e9)) {
			json_path_key(&r->jr.path, "lead_time");
			jr_problem(&r->jr, "expected a number of seconds from 0 to 1e9, got %s",
				   cJSON_IsNumber(lead) ? "another number" : jr_type_name(lead));
			json_path_pop(&r->jr.path);
			return 0;
		}
		A->seconds = lead->valuedouble;
	}
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(v, "id");
	if (cJSON_IsNumber(id) && id->valuedouble >= 1 && id->valuedouble < 9007199254740991.0)
		A->source_id = (int64_t)id->valuedouble;
	return 1;
}

/* Annotation v of the task whose item is in T. */
static void read_annotation(struct reader *r, const cJSON *v, const cJSON *data, const struct scheme *sc,
			    const struct labelling_import_label *T)
{
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected an annotation (an object), got %s", jr_type_name(v));
		return;
	}
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "was_cancelled"))) {
		r->in->skipped++;
		return;
	}
	struct labelling_import_label A = *T;
	A.rater = rater_of(r, cJSON_GetObjectItemCaseSensitive(v, "completed_by"));
	int timed = annotation_time(r, v, &A);
	const cJSON *results = jr_array_member(&r->jr, v, "result", 1, 0);
	if (!A.rater || !timed || !results)
		return;
	json_path_key(&r->jr.path, "result");
	int first = 1;
	size_t k = 0;
	for (const cJSON *res = results->child; res; res = res->next, k++) {
		json_path_index(&r->jr.path, k);
		read_result(r, res, data, sc, &A, &first);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

/* The item of task v (its data, as convqa export --format label-studio
 * wrote it) into T, and its scheme; NULL when wrong (said). */
static const struct scheme *read_item(struct reader *r, const cJSON *data, struct labelling_import_label *T)
{
	int before = r->jr.n_errors;
	json_path_key(&r->jr.path, "data");
	T->conversation = labels_keep(r->in, jr_string_member(&r->jr, data, "conversation", 1, 1));
	const cJSON *turn = jr_member(&r->jr, data, "turn", 1);
	if (cJSON_IsNumber(turn) && turn->valuedouble == floor(turn->valuedouble) && turn->valuedouble >= 1 &&
	    turn->valuedouble <= 2147483647.0) {
		T->turn = (int)turn->valuedouble;
	} else if (turn) {
		json_path_key(&r->jr.path, "turn");
		jr_problem(&r->jr, "expected a turn number from 1, got %s", jr_type_name(turn));
		json_path_pop(&r->jr.path);
	}
	T->system = labels_keep(r->in, jr_string_member(&r->jr, data, "system", 1, 1));
	const char *scheme = jr_string_member(&r->jr, data, "scheme", 1, 1);
	const cJSON *round = cJSON_GetObjectItemCaseSensitive(data, "round");
	if (round && !cJSON_IsNull(round))
		T->round = labels_keep(r->in, jr_string_member(&r->jr, data, "round", 0, 1));
	const struct scheme *sc = scheme ? scheme_of(r, scheme) : NULL;
	if (scheme && !sc) {
		struct strbuf names = STRBUF_INIT;
		struct error e;
		if (scheme_all_names(r->store, &names, &e) != ST_OK)
			strbuf_reset(&names);
		json_path_key(&r->jr.path, "scheme");
		jr_problem(&r->jr, "no task or scheme '%s' in this project (schemes: %s)", scheme, strbuf_str(&names));
		json_path_pop(&r->jr.path);
		strbuf_release(&names);
	}
	json_path_pop(&r->jr.path);
	T->task = sc ? labels_keep(r->in, sc->name) : NULL;
	return r->jr.n_errors == before ? sc : NULL;
}

static void read_task(struct reader *r, const cJSON *v)
{
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected a task (an object), got %s", jr_type_name(v));
		return;
	}
	const cJSON *data = jr_member(&r->jr, v, "data", 1);
	if (data && !cJSON_IsObject(data)) {
		json_path_key(&r->jr.path, "data");
		jr_problem(&r->jr, "expected an object, got %s", jr_type_name(data));
		json_path_pop(&r->jr.path);
	}
	const cJSON *annotations = cJSON_GetObjectItemCaseSensitive(v, "annotations");
	if (!cJSON_IsObject(data) || !annotations || cJSON_IsNull(annotations))
		return;   /* a task nobody labelled (download_all_tasks) */
	struct labelling_import_label T = { 0 };
	const struct scheme *sc = read_item(r, data, &T);
	annotations = jr_array_member(&r->jr, v, "annotations", 1, 0);
	if (!sc || !annotations)
		return;
	json_path_key(&r->jr.path, "annotations");
	size_t j = 0;
	for (const cJSON *a = annotations->child; a; a = a->next, j++) {
		json_path_index(&r->jr.path, j);
		read_annotation(r, a, data, sc, &T);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

enum status labels_read_label_studio(struct import_input *src, struct store *s, struct labels_read *in,
				     struct error *err)
{
	cJSON *root = NULL;
	in->kind = "Label Studio export";
	enum status st = jr_parse(src, &root, err);
	if (st != ST_OK)
		return st;
	struct reader r = { .in = in, .store = s, .file = src->name };
	jr_init(&r.jr, src->name, err);
	if (!s)
		jr_problem(&r.jr, "a Label Studio export is read by the schemes of a project: import it with convqa "
			   "import-labels --format label-studio");
	else if (!cJSON_IsArray(root))
		jr_problem(&r.jr, "expected a Label Studio JSON export (an array of tasks: Export > JSON in Label "
			   "Studio), got %s", jr_type_name(root));
	size_t i = 0;
	for (const cJSON *t = s && cJSON_IsArray(root) ? root->child : NULL; t; t = t->next, i++) {
		json_path_index(&r.jr.path, i);
		read_task(&r, t);
		json_path_pop(&r.jr.path);
	}
	cJSON_Delete(root);
	for (size_t k = 0; k < r.n_schemes; k++) {
		free(r.schemes[k].name);
		scheme_free(r.schemes[k].sc);
	}
	free(r.schemes);
	return jr_finish(&r.jr);
}
