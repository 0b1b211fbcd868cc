/*
 * system_json.c - the JSON lines of the protocol (docs/systems.md): the
 * turn convqa writes, the hello, reply and error lines a system writes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "convqa/json.h"
#include "system_internal.h"

/* The most JSON values of one reply line (its bytes are bounded apart). */
static const struct json_limits reply_limits = { 4 * 1000 * 1000, "the most values of one reply" };

void system_json_turn(struct strbuf *sb, unsigned long id, const struct system_request *req)
{
	strbuf_addf(sb, "{\"type\":\"turn\",\"id\":%lu", id);
	json_member(sb, ",\"conversation\":", req->conversation);
	strbuf_adds(sb, ",\"history\":[");
	for (size_t i = 0; i < req->n_history; i++) {
		json_member(sb, i ? ",{\"question\":" : "{\"question\":", req->history[i].question);
		json_member(sb, ",\"answer\":", req->history[i].answer);
		strbuf_addc(sb, '}');
	}
	json_member(sb, "],\"question\":", req->question);
	strbuf_adds(sb, "}\n");
}

/* Where a line is, for messages: "output of 'NAME':LINE". */
struct where {
	struct system *s;
	const char *name;
	size_t line;
	struct error *err;
};

static enum system_line bad(const struct where *w, const char *path, const char *what)
{
	system_fail(w->s, SYSTEM_FAIL_PROTOCOL, w->err, "%s:%zu: %s: %s (docs/systems.md)", w->name, w->line,
		    path, what);
	return SYSTEM_LINE_BAD;
}

/* The string member key of o into *out (a copy); NULL or absent is allowed
 * when optional. Returns 0, or -1 after bad(). */
static int take_string(const struct where *w, const cJSON *o, const char *key, int optional,
		       struct json_path *p, char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	*out = NULL;
	if ((!v || cJSON_IsNull(v)) && optional)
		return 0;
	if (cJSON_IsString(v)) {
		*out = xstrdup(v->valuestring);
		return 0;
	}
	json_path_key(p, key);
	bad(w, json_path_str(p), v ? "expected a string" : "missing");
	json_path_pop(p);
	return -1;
}

static int take_passage(const struct where *w, const cJSON *o, struct json_path *p, struct system_passage *ps)
{
	if (!cJSON_IsObject(o))
		return bad(w, json_path_str(p), "expected a passage object"), -1;
	if (take_string(w, o, "id", 0, p, &ps->id) || take_string(w, o, "text", 0, p, &ps->text) ||
	    take_string(w, o, "title", 1, p, &ps->title))
		return -1;
	const cJSON *score = cJSON_GetObjectItemCaseSensitive(o, "score");
	if (score && !cJSON_IsNull(score)) {
		if (!cJSON_IsNumber(score) || !isfinite(score->valuedouble)) {
			json_path_key(p, "score");
			bad(w, json_path_str(p), "expected a number");
			return -1;
		}
		ps->score = score->valuedouble;
		ps->has_score = 1;
	}
	return 0;
}

static enum system_line take_reply(const struct where *w, const cJSON *root, struct system_reply *r)
{
	struct json_path p;
	json_path_init(&p);
	enum system_line out = SYSTEM_LINE_BAD;
	if (take_string(w, root, "answer", 0, &p, &r->answer) || take_string(w, root, "rewrite", 1, &p, &r->rewrite))
		goto out;
	const cJSON *ps = cJSON_GetObjectItemCaseSensitive(root, "passages");
	if (ps && !cJSON_IsNull(ps) && !cJSON_IsArray(ps)) {
		bad(w, "$.passages", "expected an array of passages");
		goto out;
	}
	size_t n = ps ? (size_t)cJSON_GetArraySize(ps) : 0;
	r->passages = n ? xcalloc(n, sizeof(*r->passages)) : NULL;
	const cJSON *it;
	json_path_key(&p, "passages");
	cJSON_ArrayForEach(it, ps) {
		json_path_index(&p, r->n_passages);
		if (take_passage(w, it, &p, &r->passages[r->n_passages++]))
			goto out;
		json_path_pop(&p);
	}
	out = SYSTEM_LINE_REPLY;
out:
	json_path_release(&p);
	if (out != SYSTEM_LINE_REPLY)
		system_reply_release(r);
	return out;
}

/* The "id" of a reply or error line: the turn that waits. */
static int check_id(const struct where *w, const cJSON *root, unsigned long id)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "id");
	if (!cJSON_IsNumber(v))
		return bad(w, "$.id", v ? "expected the number of the turn" : "missing"), -1;
	if (id == 0 || v->valuedouble != (double)id) {
		char msg[128];
		if (id)
			snprintf(msg, sizeof(msg), "a reply to turn %.0f while turn %lu waits", v->valuedouble, id);
		else
			snprintf(msg, sizeof(msg), "a reply to turn %.0f while no turn waits", v->valuedouble);
		return bad(w, "$.id", msg), -1;
	}
	return 0;
}

static enum system_line take_line(const struct where *w, const cJSON *root, unsigned long id,
				  struct system_reply *reply)
{
	if (!cJSON_IsObject(root))
		return bad(w, "$", "expected an object");
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(root, "type");
	if (!cJSON_IsString(type))
		return bad(w, "$.type", type ? "expected \"hello\", \"reply\" or \"error\"" : "missing");
	if (strcmp(type->valuestring, "hello") == 0) {
		const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "protocol");
		if (!cJSON_IsNumber(v) || v->valuedouble != SYSTEM_PROTOCOL)
			return bad(w, "$.protocol", "this convqa speaks protocol 1 only");
		return SYSTEM_LINE_SKIP;
	}
	if (strcmp(type->valuestring, "reply") != 0 && strcmp(type->valuestring, "error") != 0)
		return bad(w, "$.type", "expected \"hello\", \"reply\" or \"error\"");
	if (check_id(w, root, id))
		return SYSTEM_LINE_BAD;
	if (strcmp(type->valuestring, "reply") == 0)
		return take_reply(w, root, reply);
	const cJSON *m = cJSON_GetObjectItemCaseSensitive(root, "message");
	system_fail(w->s, SYSTEM_FAIL_REMOTE, w->err, "the system '%s' failed turn %lu: %s", w->s->name, id,
		    cJSON_IsString(m) ? m->valuestring : "(no message)");
	return SYSTEM_LINE_BAD;
}

enum system_line system_json_line(struct system *s, const char *name, size_t line_no, const char *buf,
				  size_t len, unsigned long id, struct system_reply *reply, struct error *err)
{
	struct where w = { s, name, line_no, err };
	size_t values = 0;
	cJSON *root = NULL;
	if (json_parse_line(name, line_no, buf, len, &reply_limits, &values, &root, err) != ST_OK) {
		s->failure = SYSTEM_FAIL_PROTOCOL;
		if (err)
			err->status = ST_IO;
		return SYSTEM_LINE_BAD;
	}
	enum system_line r = take_line(&w, root, id, reply);
	cJSON_Delete(root);
	if (r == SYSTEM_LINE_REPLY)
		reply->raw = xstrndup(buf, len);
	return r;
}

void system_json_http_request(struct strbuf *sb, const struct system_request *req)
{
	json_member(sb, "{\"conversation_id\":", req->conversation);
	strbuf_addf(sb, ",\"turn\":%zu", req->n_history + 1);
	json_member(sb, ",\"question\":", req->question);
	strbuf_adds(sb, ",\"history\":[");
	for (size_t i = 0; i < req->n_history; i++) {
		json_member(sb, i ? ",{\"question\":" : "{\"question\":", req->history[i].question);
		json_member(sb, ",\"answer\":", req->history[i].answer);
		strbuf_addc(sb, '}');
	}
	strbuf_adds(sb, "]}");
}

int system_json_http_reply(struct system *s, const char *name, const char *buf, size_t len,
			   struct system_reply *reply, struct error *err)
{
	struct where w = { s, name, 1, err };
	size_t values = 0;
	cJSON *root = NULL;
	memset(reply, 0, sizeof(*reply));
	if (json_parse_line(name, 1, buf, len, &reply_limits, &values, &root, err) != ST_OK) {
		s->failure = SYSTEM_FAIL_PROTOCOL;
		if (err)
			err->status = ST_IO;
		return -1;
	}
	enum system_line r = cJSON_IsObject(root) ? take_reply(&w, root, reply) : bad(&w, "$", "expected an object");
	cJSON_Delete(root);
	if (r == SYSTEM_LINE_REPLY)
		reply->raw = xstrndup(buf, len);   /* kept with a live turn (convqa chat) */
	return r == SYSTEM_LINE_REPLY ? 0 : -1;
}
