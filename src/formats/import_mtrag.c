/* import_mtrag.c - MTRAG's files (IBM's multi-turn RAG benchmark) into
 * the model. An evaluation file (mtrag-human/evaluations: InspectorRAGet's
 * JSON): "models" are the systems, "documents" the passages, each of
 * "tasks" a turn of a conversation (task_id "CONVERSATION<::>TURN", its
 * "input" the conversation so far, its "contexts" the passages the systems
 * were given, its "targets" the reference answer), each of "evaluations"
 * one system's response to a task, with the human ratings of the metrics
 * that "metrics" declares human and categorical (mtrag.h: the labels
 * reader takes them). A generation-task file (generation_tasks, JSON
 * Lines): a task a line, its targets the response of the system
 * "reference". See docs/formats.md, "MTRAG". Members the reader does not
 * use are left alone: the format is another tool's. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "convqa/formats.h"
#include "convqa/import_sink.h"
#include "convqa/strmap.h"
#include "convqa/text.h"
#include "json_read.h"
#include "mtrag.h"
#include "scheme_mtrag.h"

static const char *const document_keys[] = { "name", "filters", "models", "metrics", "documents", "tasks",
					     "evaluations", NULL };

/* A generation-task file (the JSON Lines of generation_tasks) has a task a line. */
static const char *const task_line_keys[] = { "conversation_id", "task_id", NULL };

int mtrag_detect(const char *buf, size_t len)
{
	return jr_first_key_in(buf, len, document_keys) || jr_first_key_in(buf, len, task_line_keys);
}

const char *mtrag_scheme_json(void)
{
	return scheme_mtrag_json;
}

/* A turn as the tasks give it: one a task names, or one of the history
 * ("input") of a later task. */
struct mt_turn {
	const char *conversation;
	size_t conv_order;           /* the conversation's place in the file */
	int position;
	const char *question, *answer;  /* answer: the agent's reply (the reference) */
	const char *where;
	int is_task;
	const char *metadata;
	struct model_ranked *ranked; /* the task's contexts */
	size_t n_ranked;
	const char **gold;           /* the contexts judged relevant */
	size_t n_gold;
	struct model_response *resp;
	size_t n_resp, cap_resp;
};

/* A metric rated by people on categories: a field of the scheme. */
struct mt_field {
	const char *name;
	const cJSON *values;         /* its "values" ([{value: "1"}, ...]), or NULL */
};

struct mt_reader {
	struct json_reader jr;
	struct model_tasks *m;
	mtrag_rating_fn on_rating;
	void *ctx;
	struct mt_turn *t;
	size_t n_t, cap_t;
	struct strmap turns;         /* "CONV\x1fN" (in m's arena) -> index in t */
	struct strmap tasks;         /* task_id -> index in t */
	struct strmap convs;         /* conversation id -> its order */
	struct strmap passages;      /* id -> index in m->passages */
	struct strmap systems;       /* id -> index in m->systems */
	struct strmap responses;     /* "TASK\x1fSYSTEM" -> evaluation's index */
	struct mt_field *fields;
	size_t n_fields;
	const char **kept;           /* the other human metrics (win-rate), each twice (metadata_of) */
	size_t n_kept;
	int task_lines;              /* a generation-task file: a task a line */
};

/* ---- small helpers ---------------------------------------------------------- */

static const char *where(struct mt_reader *r)
{
	return jr_where(&r->jr, r->m);
}

/* Member key of obj, checked to be an object (NULL when absent or not). */
static const cJSON *object_member(struct mt_reader *r, const cJSON *obj, const char *key, int required)
{
	const cJSON *v = jr_member(&r->jr, obj, key, required);
	if (v && !cJSON_IsObject(v)) {
		json_path_key(&r->jr.path, key);
		jr_problem(&r->jr, "expected an object, got %s", jr_type_name(v));
		json_path_pop(&r->jr.path);
		return NULL;
	}
	return v;
}

/* The members of obj named in keep (NULL-terminated pairs: a name as the
 * file gives it, the name to keep it under), in keep's order, as JSON
 * text in m's arena; null and empty arrays left out; NULL when none is
 * left. */
static const char *metadata_of(struct mt_reader *r, const cJSON *obj, const char *const *keep)
{
	cJSON *copy = cJSON_CreateObject();
	for (size_t i = 0; obj && keep && keep[i]; i += 2) {
		const cJSON *c = cJSON_GetObjectItemCaseSensitive(obj, keep[i]);
		if (c && !cJSON_IsNull(c) && !(cJSON_IsArray(c) && !c->child) &&
		    !cJSON_GetObjectItemCaseSensitive(copy, keep[i + 1]))
			cJSON_AddItemToObject(copy, keep[i + 1], cJSON_Duplicate(c, 1));
	}
	const char *out = NULL;
	if (copy->child) {
		char *s = cJSON_PrintUnformatted(copy);
		out = model_strdup(r->m, s);
		cJSON_free(s);
	}
	cJSON_Delete(copy);
	return out;
}

/* ---- models, metrics, documents --------------------------------------------- */

static int add_system(struct mt_reader *r, const char *id, const char *description)
{
	const char *why = model_system_name_problem(id);
	if (why) {
		jr_problem(&r->jr, "%s", why);
		return 0;
	}
	if (!strmap_put(&r->systems, id, r->m->n_systems, NULL))
		return 1;
	struct model_tasks *m = r->m;
	xgrow(&m->systems, &m->cap_systems, m->n_systems + 1, sizeof(*m->systems));
	m->systems[m->n_systems++] = (struct model_system){ id, description, where(r) };
	return 1;
}

static void read_models(struct mt_reader *r, const cJSON *root)
{
	const cJSON *arr = jr_array_member(&r->jr, root, "models", 0, 0);
	size_t i = 0;
	json_path_key(&r->jr.path, "models");
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		if (!cJSON_IsObject(v)) {
			jr_problem(&r->jr, "expected a model (an object), got %s", jr_type_name(v));
		} else {
			const char *id = jr_string_member(&r->jr, v, "model_id", 1, 1);
			const char *name = jr_string_member(&r->jr, v, "name", 0, 0);
			json_path_key(&r->jr.path, "model_id");
			if (id && strmap_get(&r->systems, id))
				jr_problem(&r->jr, "model \"%s\" is listed twice", id);
			else if (id)
				add_system(r, id, name);
			json_path_pop(&r->jr.path);
		}
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

/* The metrics people rated on categories (author "human", type
 * "categorical"): the fields of the ratings. */
static void read_metrics(struct mt_reader *r, const cJSON *root)
{
	const cJSON *arr = jr_array_member(&r->jr, root, "metrics", 0, 0);
	size_t i = 0;
	json_path_key(&r->jr.path, "metrics");
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		if (!cJSON_IsObject(v)) {
			jr_problem(&r->jr, "expected a metric (an object), got %s", jr_type_name(v));
		} else {
			const char *name = jr_string_member(&r->jr, v, "name", 1, 1);
			const char *author = jr_string_member(&r->jr, v, "author", 0, 0);
			const char *type = jr_string_member(&r->jr, v, "type", 0, 0);
			const cJSON *values = jr_array_member(&r->jr, v, "values", 0, 0);
			int human = name && author && strcmp(author, "human") == 0;
			if (human && type && strcmp(type, "categorical") == 0) {
				r->fields = xrealloc(r->fields, (r->n_fields + 1) * sizeof(*r->fields));
				r->fields[r->n_fields++] = (struct mt_field){ name, values };
			} else if (human) {
				r->kept = xrealloc(r->kept, (r->n_kept + 3) * sizeof(*r->kept));
				r->kept[r->n_kept++] = name;
				r->kept[r->n_kept++] = name;
				r->kept[r->n_kept] = NULL;
			}
		}
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

/* Passage id of v, with its text (a context may give none: a passage
 * known by its id only, unless the file gives its text elsewhere); one
 * given before with a text must have the same. */
static const char *add_passage(struct mt_reader *r, const cJSON *v, const char *id)
{
	const char *text = jr_string_member(&r->jr, v, "text", 0, 1);
	const char *title = jr_string_member(&r->jr, v, "title", 0, 0);
	const char *url = jr_string_member(&r->jr, v, "url", 0, 0);
	struct model_tasks *m = r->m;
	size_t *old;
	if (!strmap_put(&r->passages, id, m->n_passages, &old)) {
		struct model_passage *p = &m->passages[*old];
		if (text && p->text && strcmp(p->text, text) != 0)
			jr_problem(&r->jr, "passage \"%s\" has a different text at %s", id, p->where);
		else if (text && !p->text)   /* known by id so far: this context gives the text */
			*p = (struct model_passage){ id, title && title[0] ? title : NULL, url && url[0] ? url : NULL,
						     text, where(r), 0 };
		return id;
	}
	xgrow(&m->passages, &m->cap_passages, m->n_passages + 1, sizeof(*m->passages));
	m->passages[m->n_passages++] =
		(struct model_passage){ id, title && title[0] ? title : NULL, url && url[0] ? url : NULL, text, where(r), 0 };
	return id;
}

static void read_documents(struct mt_reader *r, const cJSON *root)
{
	const cJSON *arr = jr_array_member(&r->jr, root, "documents", 0, 0);
	size_t i = 0;
	json_path_key(&r->jr.path, "documents");
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		if (!cJSON_IsObject(v)) {
			jr_problem(&r->jr, "expected a document (an object), got %s", jr_type_name(v));
		} else {
			const char *id = jr_string_member(&r->jr, v, "document_id", 1, 1);
			if (id && !jr_member(&r->jr, v, "text", 1))
				id = NULL;
			else if (id && strmap_get(&r->passages, id))
				jr_problem(&r->jr, "document \"%s\" is listed twice", id);
			else if (id)
				add_passage(r, v, id);
		}
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

/* ---- tasks ------------------------------------------------------------------ */

/* The turn of conversation conv at position: the one read before, whose
 * question (and reference answer, when both give one) must be the same,
 * else a new one. NULL after a problem. */
static struct mt_turn *turn_at(struct mt_reader *r, const char *conv, int position, const char *question,
			       const char *answer)
{
	char *key = model_printf(r->m, "%s\x1f%d", conv, position);
	size_t *at, order = r->convs.n;
	strmap_put(&r->convs, conv, order, &at);
	order = *at;
	if (!strmap_put(&r->turns, key, r->n_t, &at)) {
		struct mt_turn *t = &r->t[*at];
		if (strcmp(t->question, question) != 0)
			jr_problem(&r->jr, "turn %d of conversation \"%s\" has another question at %s", position, conv,
				   t->where);
		else if (answer && t->answer && strcmp(t->answer, answer) != 0)
			jr_problem(&r->jr, "turn %d of conversation \"%s\" has another reference answer at %s", position,
				   conv, t->where);
		else {
			if (!t->answer)
				t->answer = answer;
			return t;
		}
		return NULL;
	}
	xgrow(&r->t, &r->cap_t, r->n_t + 1, sizeof(*r->t));
	struct mt_turn *t = &r->t[r->n_t++];
	*t = (struct mt_turn){ .conversation = conv, .conv_order = order, .position = position,
			       .question = question, .answer = answer, .where = where(r) };
	return t;
}

/* The turn number of member "turn": an integer from 1, or its digits. */
static int turn_member(struct mt_reader *r, const cJSON *v, int *turn)
{
	const cJSON *x = cJSON_GetObjectItemCaseSensitive(v, "turn");
	char *end = NULL;
	double d = cJSON_IsNumber(x) ? x->valuedouble : cJSON_IsString(x) ? strtod(x->valuestring, &end) : -1;
	if ((end && (end == x->valuestring || *end)) || d != floor(d) || d < 1 || d > MODEL_TURN_MAX) {
		json_path_key(&r->jr.path, "turn");
		jr_problem(&r->jr, "expected a turn number from 1, got %s", jr_type_name(x));
		json_path_pop(&r->jr.path);
		return 0;
	}
	*turn = (int)d;
	return 1;
}

/* The conversation and turn of task v: its members conversation_id and
 * turn (generation tasks), else its id, "CONVERSATION<::>TURN". */
static int task_place(struct mt_reader *r, const cJSON *v, const char *id, const char **conv, int *turn)
{
	if (cJSON_GetObjectItemCaseSensitive(v, "conversation_id")) {
		*conv = jr_string_member(&r->jr, v, "conversation_id", 1, 1);
		return turn_member(r, v, turn) && *conv;
	}
	const char *sep = strstr(id, "<::>");
	char *end;
	long n = sep ? strtol(sep + 4, &end, 10) : 0;
	if (!sep || sep == id || !sep[4] || *end || n < 1 || n > MODEL_TURN_MAX) {
		json_path_key(&r->jr.path, "task_id");
		jr_problem(&r->jr, "expected CONVERSATION<::>TURN (a turn number from 1), got \"%s\"", id);
		json_path_pop(&r->jr.path);
		return 0;
	}
	char *c = model_alloc(r->m, (size_t)(sep - id) + 1);
	memcpy(c, id, (size_t)(sep - id));
	c[sep - id] = '\0';
	*conv = c;
	*turn = (int)n;
	return 1;
}

/* input[i]: an utterance of speaker; its text (NULL after a problem). */
static const char *utterance(struct mt_reader *r, const cJSON *u, size_t i, const char *speaker)
{
	const char *text = NULL;
	json_path_index(&r->jr.path, i);
	if (!cJSON_IsObject(u)) {
		jr_problem(&r->jr, "expected an utterance (an object), got %s", jr_type_name(u));
	} else {
		const char *who = jr_string_member(&r->jr, u, "speaker", 1, 1);
		text = jr_string_member(&r->jr, u, "text", 1, strcmp(speaker, "user") == 0);
		if (who && strcmp(who, speaker) != 0) {
			json_path_key(&r->jr.path, "speaker");
			jr_problem(&r->jr, "expected \"%s\" (turns alternate: user, agent, ..., user), got \"%s\"", speaker,
				   who);
			json_path_pop(&r->jr.path);
			text = NULL;
		}
	}
	json_path_pop(&r->jr.path);
	return text;
}

/* The conversation so far: turn - 1 questions with their answers, then the
 * question of the task. Returns the task's turn, or NULL. */
static struct mt_turn *read_input(struct mt_reader *r, const cJSON *task, const char *conv, int turn,
				  const char *answer)
{
	const cJSON *input = jr_array_member(&r->jr, task, "input", 1, 1);
	if (!input)
		return NULL;
	int n = cJSON_GetArraySize(input);
	json_path_key(&r->jr.path, "input");
	struct mt_turn *t = NULL;
	if (n != 2 * turn - 1) {
		jr_problem(&r->jr, "expected %d utterances for turn %d (user, agent, ..., user), got %d", 2 * turn - 1,
			   turn, n);
	} else {
		const cJSON *u = input->child;
		for (int k = 1; k < turn; k++, u = u->next->next) {
			const char *q = utterance(r, u, (size_t)(2 * k - 2), "user");
			const char *a = utterance(r, u->next, (size_t)(2 * k - 1), "agent");
			json_path_index(&r->jr.path, (size_t)(2 * k - 2));
			if (q && a)
				turn_at(r, conv, k, q, a);
			json_path_pop(&r->jr.path);
		}
		const char *q = utterance(r, u, (size_t)(n - 1), "user");
		json_path_index(&r->jr.path, (size_t)(n - 1));
		t = q ? turn_at(r, conv, turn, q, answer) : NULL;
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
	return t;
}

/* The reference answer: the first target's text. */
static const char *read_targets(struct mt_reader *r, const cJSON *task)
{
	const cJSON *targets = jr_array_member(&r->jr, task, "targets", 0, 0);
	if (!targets || !targets->child)
		return NULL;
	json_path_key(&r->jr.path, "targets");
	json_path_index(&r->jr.path, 0);
	const char *text = NULL;
	if (!cJSON_IsObject(targets->child))
		jr_problem(&r->jr, "expected a target (an object), got %s", jr_type_name(targets->child));
	else
		text = jr_string_member(&r->jr, targets->child, "text", 1, 0);
	json_path_pop(&r->jr.path);
	json_path_pop(&r->jr.path);
	return text;
}

/* Passage id is one of the turn's gold passages (once). */
static void add_gold(struct mt_turn *t, const char *id)
{
	size_t j = 0;
	while (j < t->n_gold && strcmp(t->gold[j], id) != 0)
		j++;
	if (j == t->n_gold)
		t->gold[t->n_gold++] = id;
}

/* Did someone judge context v relevant ("feedback": {"relevant": {WHO:
 * {"value": "yes"}}}, as the generation tasks give it)? */
static int judged_relevant(const cJSON *v)
{
	const cJSON *f = cJSON_GetObjectItemCaseSensitive(v, "feedback");
	const cJSON *rel = cJSON_IsObject(f) ? cJSON_GetObjectItemCaseSensitive(f, "relevant") : NULL;
	for (const cJSON *who = cJSON_IsObject(rel) ? rel->child : NULL; who; who = who->next) {
		const cJSON *x = cJSON_IsObject(who) ? cJSON_GetObjectItemCaseSensitive(who, "value") : NULL;
		if (cJSON_IsString(x) && strcmp(x->valuestring, "yes") == 0)
			return 1;
	}
	return 0;
}

/* The passages the systems were given, in order: ranks 1, 2, ...; those
 * judged relevant are gold. */
static void read_contexts(struct mt_reader *r, const cJSON *task, struct mt_turn *t)
{
	const cJSON *arr = jr_array_member(&r->jr, task, "contexts", 0, 0);
	size_t n = arr ? (size_t)cJSON_GetArraySize(arr) : 0, i = 0;
	t->ranked = xcalloc(n ? n : 1, sizeof(*t->ranked));
	t->gold = xcalloc(n ? n : 1, sizeof(*t->gold));
	json_path_key(&r->jr.path, "contexts");
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		const char *id = NULL;
		if (!cJSON_IsObject(v))
			jr_problem(&r->jr, "expected a context (an object), got %s", jr_type_name(v));
		else if ((id = jr_string_member(&r->jr, v, "document_id", 1, 1)) != NULL)
			add_passage(r, v, id);
		for (size_t j = 0; id && j < t->n_ranked; j++)
			if (strcmp(t->ranked[j].passage_id, id) == 0) {
				jr_problem(&r->jr, "passage \"%s\" is given twice in this task (also at contexts[%zu])", id,
					   j);
				id = NULL;
			}
		if (id)
			t->ranked[t->n_ranked++] = (struct model_ranked){ (long)i + 1, 0, 0, id, where(r), 0 };
		if (id && judged_relevant(v))
			add_gold(t, id);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

/* The contexts judged relevant (annotations.context_relevance: per
 * annotator, the contexts' indices): the turn's gold passages. */
static void read_relevance(struct mt_reader *r, const cJSON *task, struct mt_turn *t, size_t n_contexts)
{
	const cJSON *ann = object_member(r, task, "annotations", 0);
	json_path_key(&r->jr.path, "annotations");
	const cJSON *rel = ann ? object_member(r, ann, "context_relevance", 0) : NULL;
	json_path_key(&r->jr.path, "context_relevance");
	for (const cJSON *who = rel ? rel->child : NULL; who; who = who->next) {
		json_path_key(&r->jr.path, who->string);
		size_t i = 0;
		if (!cJSON_IsArray(who))
			jr_problem(&r->jr, "expected an array of the contexts' indices, got %s", jr_type_name(who));
		for (const cJSON *x = cJSON_IsArray(who) ? who->child : NULL; x; x = x->next, i++) {
			json_path_index(&r->jr.path, i);
			double d = cJSON_IsNumber(x) ? x->valuedouble : -1;
			if (d != floor(d) || d < 0 || d >= (double)n_contexts)
				jr_problem(&r->jr, "expected the index of one of the task's %zu contexts", n_contexts);
			else if (t->n_ranked == n_contexts)
				add_gold(t, t->ranked[(size_t)d].passage_id);
			json_path_pop(&r->jr.path);
		}
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
	json_path_pop(&r->jr.path);
}

/* A response of system s to turn t, ranked over its contexts. */
static void put_response(struct mt_reader *r, struct mt_turn *t, const char *system, const char *answer,
			 const char *metadata)
{
	struct model_response resp = { .system = system, .answer = answer, .metadata = metadata,
				       .n_ranked = t->n_ranked, .where = where(r) };
	resp.ranked = xcalloc(t->n_ranked ? t->n_ranked : 1, sizeof(*resp.ranked));
	if (t->n_ranked)
		memcpy(resp.ranked, t->ranked, t->n_ranked * sizeof(*resp.ranked));
	xgrow(&t->resp, &t->cap_resp, t->n_resp + 1, sizeof(*t->resp));
	t->resp[t->n_resp++] = resp;
}

/* A generation task's reference answer (targets[0]) is the response of the
 * system "reference" over the task's contexts, as the evaluation files
 * have it. */
static void reference_response(struct mt_reader *r, struct mt_turn *t, const char *answer)
{
	json_path_key(&r->jr.path, "targets");
	if (add_system(r, "reference", NULL))
		put_response(r, t, "reference", answer, NULL);
	json_path_pop(&r->jr.path);
}

static void read_task(struct mt_reader *r, const cJSON *v)
{
	/* a turn's enrichments, under one name whichever file gives them (the
	 * evaluation files and the generation tasks spell some differently) */
	static const char *const enrichments[] = {
		"Answerability", "answerability", "answerability", "answerability",
		"Question Type", "question_type", "Multi-Turn", "multi_turn",
		"Collection", "collection", "collection", "collection", NULL,
	};
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected a task (an object), got %s", jr_type_name(v));
		return;
	}
	const char *id = jr_string_member(&r->jr, v, "task_id", 1, 1), *conv;
	int turn;
	if (!id || !task_place(r, v, id, &conv, &turn))
		return;
	if (strmap_get(&r->tasks, id)) {
		json_path_key(&r->jr.path, "task_id");
		jr_problem(&r->jr, "task \"%s\" is listed twice", id);
		json_path_pop(&r->jr.path);
		return;
	}
	const char *answer = read_targets(r, v);
	struct mt_turn *t = read_input(r, v, conv, turn, answer);
	if (!t)
		return;
	size_t index = (size_t)(t - r->t);
	if (t->is_task) {
		jr_problem(&r->jr, "turn %d of conversation \"%s\" is another task's too (at %s)", turn, conv, t->where);
		return;
	}
	strmap_put(&r->tasks, id, index, NULL);
	t->is_task = 1;
	t->metadata = metadata_of(r, v, enrichments);
	const cJSON *contexts = cJSON_GetObjectItemCaseSensitive(v, "contexts");
	read_contexts(r, v, t);
	read_relevance(r, v, &r->t[index], cJSON_IsArray(contexts) ? (size_t)cJSON_GetArraySize(contexts) : 0);
	if (r->task_lines && answer)
		reference_response(r, &r->t[index], answer);
}

static void read_tasks(struct mt_reader *r, const cJSON *root)
{
	const cJSON *arr = jr_array_member(&r->jr, root, "tasks", 1, 0);
	size_t i = 0;
	json_path_key(&r->jr.path, "tasks");
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		read_task(r, v);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

/* ---- evaluations ------------------------------------------------------------ */

/* "YYYY-MM-DDTHH:MM:SS.mmmZ" of t seconds since 1970 (UTC). */
static const char *iso_time(struct mt_reader *r, double t)
{
	double whole = floor(t);
	time_t sec = (time_t)whole;
	int ms = (int)((t - whole) * 1000 + 0.5);
	struct tm tm;
	gmtime_r(&sec, &tm);
	return model_printf(r->m, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
			    tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ms > 999 ? 999 : ms);
}

/* Is s one of a metric's values ([{"value": "1", ...}, ...])? */
static int value_listed(const cJSON *values, const char *s)
{
	for (const cJSON *v = values->child; v; v = v->next) {
		const cJSON *x = cJSON_IsObject(v) ? cJSON_GetObjectItemCaseSensitive(v, "value") : v;
		if (cJSON_IsString(x) && strcmp(x->valuestring, s) == 0)
			return 1;
	}
	return 0;
}

/* A rating's value: a string or an integer, one of the metric's values
 * when the metric lists them; NULL after a problem. */
static const char *rating_value(struct mt_reader *r, const struct mt_field *f, const cJSON *v)
{
	const cJSON *x = jr_member(&r->jr, v, "value", 1);
	const char *s = NULL;
	if (!x)
		return NULL;
	json_path_key(&r->jr.path, "value");
	if (cJSON_IsString(x) && x->valuestring[0])
		s = x->valuestring;
	else if (cJSON_IsNumber(x) && x->valuedouble == floor(x->valuedouble) && fabs(x->valuedouble) < 1e9)
		s = model_printf(r->m, "%.0f", x->valuedouble);
	else
		jr_problem(&r->jr, "expected a category (a string or an integer), got %s", jr_type_name(x));
	if (s && f->values && !value_listed(f->values, s)) {
		jr_problem(&r->jr, "\"%s\" is not one of the values $.metrics gives %s", s, f->name);
		s = NULL;
	}
	json_path_pop(&r->jr.path);
	return s;
}

/* Member key of obj, a number from 0 (seconds), into *out; 0 when absent. */
static void seconds_member(struct mt_reader *r, const cJSON *obj, const char *key, double *out)
{
	const cJSON *x = jr_member(&r->jr, obj, key, 0);
	*out = 0;
	if (!x || (cJSON_IsNumber(x) && x->valuedouble >= 0 && x->valuedouble < 1e11)) {
		if (x)
			*out = x->valuedouble;
		return;
	}
	json_path_key(&r->jr.path, key);
	jr_problem(&r->jr, "expected a number of seconds from 0, got %s", cJSON_IsNumber(x) ? "another number" :
		   jr_type_name(x));
	json_path_pop(&r->jr.path);
}

/* One evaluator's rating of response (turn t, system) on metric f: v,
 * {"value": ..., "timestamp": ..., "duration": ...}. timed: the evaluators
 * whose duration was given with an earlier rating of the response. */
static void read_rating(struct mt_reader *r, const cJSON *v, const struct mt_field *f, const struct mt_turn *t,
			const char *system, struct strmap *timed)
{
	const char *why = model_rater_name_problem(v->string);
	if (why) {
		jr_problem(&r->jr, "an evaluator's id must be a rater's name: %s", why);
		return;
	}
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected a rating (an object with \"value\"), got %s", jr_type_name(v));
		return;
	}
	const char *value = rating_value(r, f, v);
	double at, duration;
	seconds_member(r, v, "timestamp", &at);
	seconds_member(r, v, "duration", &duration);
	if (!value || !r->on_rating || r->jr.n_errors)
		return;
	int first = strmap_put(timed, v->string, 0, NULL);
	struct mtrag_rating x = { t->conversation, t->position, system, f->name, v->string, value,
				  first ? duration : 0, iso_time(r, at),
				  model_printf(r->m, "%s: %s", r->jr.name, json_path_str(&r->jr.path)) };
	r->on_rating(r->ctx, &x);
}

static void read_ratings(struct mt_reader *r, const cJSON *ann, const struct mt_turn *t, const char *system)
{
	struct strmap timed = STRMAP_INIT;
	json_path_key(&r->jr.path, "annotations");
	for (size_t i = 0; ann && i < r->n_fields; i++) {
		const cJSON *per = object_member(r, ann, r->fields[i].name, 0);
		json_path_key(&r->jr.path, r->fields[i].name);
		for (const cJSON *v = per ? per->child : NULL; v; v = v->next) {
			json_path_key(&r->jr.path, v->string);
			read_rating(r, v, &r->fields[i], t, system, &timed);
			json_path_pop(&r->jr.path);
		}
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
	strmap_release(&timed);
}

/* The response of evaluation v (its i-th) to its task's turn t. */
static void add_response(struct mt_reader *r, const cJSON *v, struct mt_turn *t, const char *system,
			 const char *answer)
{
	const cJSON *ann = object_member(r, v, "annotations", 0);
	put_response(r, t, system, answer, metadata_of(r, ann, r->kept));
	read_ratings(r, ann, t, system);
}

static void read_evaluation(struct mt_reader *r, const cJSON *v, size_t i)
{
	if (!cJSON_IsObject(v)) {
		jr_problem(&r->jr, "expected an evaluation (an object), got %s", jr_type_name(v));
		return;
	}
	const char *task = jr_string_member(&r->jr, v, "task_id", 1, 1);
	const char *model = jr_string_member(&r->jr, v, "model_id", 1, 1);
	const char *answer = jr_string_member(&r->jr, v, "model_response", 1, 0);
	size_t *at = task ? strmap_get(&r->tasks, task) : NULL, *old;
	int known = model != NULL;
	json_path_key(&r->jr.path, "task_id");
	if (task && !at)
		jr_problem(&r->jr, "no task \"%s\" in $.tasks", task);
	json_path_pop(&r->jr.path);
	json_path_key(&r->jr.path, "model_id");
	if (model)
		known = add_system(r, model, NULL);
	json_path_pop(&r->jr.path);
	if (!at || !known || !answer)
		return;
	if (!strmap_put(&r->responses, model_printf(r->m, "%s\x1f%s", task, model), i, &old)) {
		jr_problem(&r->jr, "a second evaluation of model \"%s\" on task \"%s\" (also at evaluations[%zu])", model,
			   task, *old);
		return;
	}
	add_response(r, v, &r->t[*at], model, answer);
}

static void read_evaluations(struct mt_reader *r, const cJSON *root)
{
	const cJSON *arr = jr_array_member(&r->jr, root, "evaluations", 0, 0);
	size_t i = 0;
	json_path_key(&r->jr.path, "evaluations");
	for (const cJSON *v = arr ? arr->child : NULL; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		read_evaluation(r, v, i);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
}

/* ---- the model ---------------------------------------------------------------- */

static int by_place(const void *a, const void *b)
{
	const struct mt_turn *x = a, *y = b;
	if (x->conv_order != y->conv_order)
		return (x->conv_order > y->conv_order) - (x->conv_order < y->conv_order);
	return (x->position > y->position) - (x->position < y->position);
}

/* Turn t into the model's turn mt: its arrays change hands. */
static void give_turn(struct mt_turn *t, struct model_turn *mt)
{
	*mt = (struct model_turn){ .position = t->position, .question = t->question, .metadata = t->metadata,
				   .responses = t->resp, .n_responses = t->n_resp, .where = t->where };
	if (t->answer) {
		mt->gold_answers = xmalloc(sizeof(*mt->gold_answers));
		mt->gold_answers[0] = t->answer;
		mt->n_gold_answers = 1;
	}
	if (t->n_gold) {
		mt->gold_passages = t->gold;
		mt->n_gold_passages = t->n_gold;
		t->gold = NULL;
	}
	mt->has_gold = t->answer || mt->n_gold_passages;
	t->resp = NULL;
	t->n_resp = 0;
}

/* The turns read, grouped into conversations in the order of the file,
 * each in the order of its turns. */
static void build(struct mt_reader *r)
{
	struct model_tasks *m = r->m;
	qsort(r->t, r->n_t, sizeof(*r->t), by_place);
	m->conversations = xcalloc(r->convs.n ? r->convs.n : 1, sizeof(*m->conversations));
	m->cap_conversations = r->convs.n;
	for (size_t i = 0, j; i < r->n_t; i = j) {
		for (j = i; j < r->n_t && r->t[j].conv_order == r->t[i].conv_order; j++)
			;
		struct model_conversation *c = &m->conversations[m->n_conversations++];
		*c = (struct model_conversation){ .id = r->t[i].conversation, .where = r->t[i].where,
						  .turns = xcalloc(j - i, sizeof(*c->turns)), .n_turns = j - i };
		for (size_t k = i; k < j; k++)
			give_turn(&r->t[k], &c->turns[k - i]);
	}
}

static void release(struct mt_reader *r)
{
	for (size_t i = 0; i < r->n_t; i++) {
		for (size_t k = 0; k < r->t[i].n_resp; k++)
			free(r->t[i].resp[k].ranked);
		free(r->t[i].resp);
		free(r->t[i].ranked);
		free(r->t[i].gold);
	}
	free(r->t);
	free(r->fields);
	free(r->kept);
	strmap_release(&r->turns);
	strmap_release(&r->tasks);
	strmap_release(&r->convs);
	strmap_release(&r->passages);
	strmap_release(&r->systems);
	strmap_release(&r->responses);
}

/* A generation-task file: each line a task (blank lines skipped), its
 * messages "FILE:LINE: $.path". ST_IO for the value limit. */
static enum status read_task_lines(struct mt_reader *r, struct import_input *in)
{
	char why[256];
	struct json_limits lim;
	enum status st = jr_limits(in->len, &lim, why, sizeof(why), r->jr.err);
	struct text_lines it;
	const char *s;
	size_t n, values = 0;
	r->task_lines = 1;
	r->m->where_names_file = 1;
	text_lines_init(&it, in->buf, in->len);
	while (st == ST_OK && text_lines_next(&it, &s, &n)) {
		struct error e;
		cJSON *root;
		st = json_parse_line(r->jr.name, it.line, s, n, &lim, &values, &root, &e);
		if (st == ST_IO) {
			*r->jr.err = e;   /* the value limit ends the file, its message alone */
			r->jr.n_errors = 0;
		} else if (st != ST_OK) {
			jr_message(&r->jr, e.msg);
			st = ST_OK;
		} else {
			jr_keep(r->m, root);
			r->jr.line = it.line;
			read_task(r, root);
			r->jr.line = 0;
		}
	}
	free(in->buf);
	in->buf = NULL;
	return st;
}

static void read_document(struct mt_reader *r, const cJSON *root)
{
	if (!cJSON_IsObject(root)) {
		jr_problem(&r->jr, "expected an MTRAG evaluation file (an object with models, documents, tasks and "
			   "evaluations), got %s", jr_type_name(root));
		return;
	}
	read_models(r, root);
	read_metrics(r, root);
	read_documents(r, root);
	read_tasks(r, root);
	read_evaluations(r, root);
}

enum status mtrag_read(struct import_input *in, struct model_tasks *m, mtrag_rating_fn on_rating, void *ctx,
		       struct error *err)
{
	cJSON *root = NULL;
	struct mt_reader r = { .m = m, .on_rating = on_rating, .ctx = ctx, .turns = STRMAP_INIT,
			       .tasks = STRMAP_INIT, .convs = STRMAP_INIT, .passages = STRMAP_INIT,
			       .systems = STRMAP_INIT, .responses = STRMAP_INIT };
	enum status st;
	jr_init(&r.jr, in->name, err);
	if (jr_first_key_in(in->buf, in->len, task_line_keys)) {
		st = read_task_lines(&r, in);
	} else if ((st = jr_parse(in, &root, err)) == ST_OK) {
		jr_keep(m, root);
		read_document(&r, root);
	}
	if (st == ST_OK && !r.jr.n_errors)
		build(&r);
	release(&r);
	enum status finished = jr_finish(&r.jr);
	return st != ST_OK ? st : finished;
}

/* ---- the format ---------------------------------------------------------------- */

static enum status read_mtrag(struct import_input *in, struct model_tasks *m, struct error *err)
{
	return mtrag_read(in, m, NULL, NULL, err);
}

const struct import_format import_mtrag = {
	"mtrag", "MTRAG's evaluation files (InspectorRAGet JSON): conversations, passages, responses, human ratings",
	mtrag_detect, read_mtrag, NULL, 0,   /* read whole: its documents and tasks come before the evaluations */
};
