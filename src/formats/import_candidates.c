/* import_candidates.c - a response's "candidates" of the task format: a
 * reader's ranked answer candidates (seed 001's top-k reader accuracy),
 * checked and kept as canonical JSON text ([{"text", "score"?}, ...] in
 * the order given: the first is the top candidate). */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>

#include "native.h"

/* The most candidates one response may carry. */
#define CANDIDATES_MAX 1000

/* Candidate v (at r->jr.path) appended to out; 0 if it is refused. */
static int read_candidate(struct native_reader *r, const cJSON *v, cJSON *out)
{
	static const char *const keys[] = { "text", "score", NULL };
	if (jr_object(&r->jr, v, keys, "an answer candidate") < 0)
		return 0;
	const char *text = jr_string_member(&r->jr, v, "text", 1, 0);
	const cJSON *score = jr_member(&r->jr, v, "score", 0);
	int ok = text != NULL;
	if (score) {
		json_path_key(&r->jr.path, "score");
		if (!cJSON_IsNumber(score)) {
			jr_problem(&r->jr, "expected a number, got %s", jr_type_name(score));
			ok = 0;
		} else if (!isfinite(score->valuedouble)) {
			jr_problem(&r->jr, "expected a finite number, got a number out of range");
			ok = 0;
		}
		json_path_pop(&r->jr.path);
	}
	if (!ok)
		return 0;
	cJSON *c = cJSON_CreateObject();
	cJSON_AddStringToObject(c, "text", text);
	if (score)
		cJSON_AddNumberToObject(c, "score", score->valuedouble);
	cJSON_AddItemToArray(out, c);
	return 1;
}

const char *native_read_candidates(struct native_reader *r, const cJSON *resp, const char **top)
{
	const cJSON *arr = jr_member(&r->jr, resp, "candidates", 0);
	*top = NULL;
	if (!arr)
		return NULL;
	json_path_key(&r->jr.path, "candidates");
	int n = cJSON_IsArray(arr) ? cJSON_GetArraySize(arr) : -1;
	if (n < 0)
		jr_problem(&r->jr, "expected an array of answer candidates ({\"text\": ..., \"score\": ...}), got %s",
			   jr_type_name(arr));
	else if (n == 0)
		jr_problem(&r->jr, "expected at least one answer candidate (a reader that finds no answer gives "
				   "[{\"text\": \"\"}])");
	else if (n > CANDIDATES_MAX)
		jr_problem(&r->jr, "%d answer candidates, more than the %d convqa keeps: give the best %d", n,
			   CANDIDATES_MAX, CANDIDATES_MAX);
	if (n <= 0 || n > CANDIDATES_MAX) {
		json_path_pop(&r->jr.path);
		return NULL;
	}
	cJSON *out = cJSON_CreateArray();
	int ok = 1;
	size_t i = 0;
	for (const cJSON *v = arr->child; v; v = v->next, i++) {
		json_path_index(&r->jr.path, i);
		ok &= read_candidate(r, v, out);
		json_path_pop(&r->jr.path);
	}
	json_path_pop(&r->jr.path);
	const char *kept = NULL;
	if (ok) {
		char *s = cJSON_PrintUnformatted(out);
		kept = model_strdup(r->m, s);
		cJSON_free(s);
		*top = model_strdup(r->m, cJSON_GetArrayItem(out, 0)->child->valuestring);
	}
	cJSON_Delete(out);
	return kept;
}
