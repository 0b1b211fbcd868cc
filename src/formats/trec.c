/* trec.c - what the TREC readers share (trec.h): lines split into fields,
 * numbers, and query ids mapped to a conversation and a turn. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/text.h"
#include "json_read.h"
#include "trec.h"

#define CONV "{conv}"
#define TURN "{turn}"

static size_t occurrences(const char *s, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

enum status trec_qid_pattern_init(struct trec_qid_pattern *p, const char *pattern, struct error *err)
{
	p->text = pattern ? pattern : TREC_DEFAULT_QID_PATTERN;
	if (occurrences(p->text, CONV) != 1 || occurrences(p->text, TURN) != 1)
		return error_set(err, ST_USAGE,
				 "--qid-pattern '%s' must hold {conv} once and {turn} once (e.g. '{conv}_{turn}', "
				 "'{conv}-{turn}', 'q{conv}t{turn}')", p->text);
	for (const char *s = p->text; *s; s++)
		if (isspace((unsigned char)*s))
			return error_set(err, ST_USAGE, "--qid-pattern '%s' has white space, which no qid has",
					 p->text);
	return ST_OK;
}

struct qid_match {
	const char *conv;
	size_t conv_len;
	const char *turn;
	size_t turn_len;
};

/* Match pattern pat against s, trying the longest {conv} and {turn} first. */
static int match(const char *pat, const char *s, struct qid_match *m)
{
	if (!*pat)
		return !*s;
	if (strncmp(pat, CONV, strlen(CONV)) == 0) {
		for (size_t n = strlen(s); n >= 1; n--)
			if (match(pat + strlen(CONV), s + n, m)) {
				m->conv = s;
				m->conv_len = n;
				return 1;
			}
		return 0;
	}
	if (strncmp(pat, TURN, strlen(TURN)) == 0) {
		size_t d = 0;
		while (isdigit((unsigned char)s[d]))
			d++;
		for (size_t n = d; n >= 1; n--)
			if (match(pat + strlen(TURN), s + n, m)) {
				m->turn = s;
				m->turn_len = n;
				return 1;
			}
		return 0;
	}
	return *pat == *s && match(pat + 1, s + 1, m);
}

int trec_qid_match(const struct trec_qid_pattern *p, const char *qid, const char **conv, size_t *conv_len,
		   long *turn)
{
	struct qid_match m = { 0 };
	if (!match(p->text, qid, &m))
		return 0;
	long t = 0;
	for (size_t i = 0; i < m.turn_len; i++) {
		t = t * 10 + (m.turn[i] - '0');
		if (t > MODEL_TURN_MAX)
			return 0;
	}
	if (t < 1)
		return 0;
	*conv = m.conv;
	*conv_len = m.conv_len;
	*turn = t;
	return 1;
}

void trec_lines_init(struct trec_lines *l, struct import_input *in)
{
	*l = (struct trec_lines){ .buf = in->buf };
	text_lines_init(&l->it, in->buf, in->len);
	in->buf = NULL;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Split s[0..n) in place (a NUL after each field). */
static void split(struct trec_lines *l, char *s, size_t n)
{
	size_t i = 0;
	l->n_fields = 0;
	while (i < n) {
		while (i < n && is_space(s[i]))
			s[i++] = '\0';
		if (i == n)
			break;
		if (l->n_fields < TREC_MAX_FIELDS)
			l->field[l->n_fields] = s + i;
		l->n_fields++;
		while (i < n && !is_space(s[i]))
			i++;
	}
}

int trec_lines_next(struct trec_lines *l)
{
	const char *s;
	size_t n;
	if (!text_lines_next(&l->it, &s, &n))
		return 0;
	char *line = l->buf + (s - l->buf);   /* ours to cut into fields */
	line[n] = '\0';                      /* the newline, or the buffer's final NUL */
	l->line = l->it.line;
	split(l, line, n);
	return 1;
}

int trec_lines_refuse_json(const struct trec_lines *l, const char *name, const char *kind, const char *layout,
			   const char *hint, struct json_reader *jr)
{
	size_t i = l->it.at;
	while (i < l->it.len && (is_space(l->it.buf[i]) || l->it.buf[i] == '\n'))
		i++;
	if (i >= l->it.len || (l->it.buf[i] != '{' && l->it.buf[i] != '['))
		return 0;
	char msg[512];
	snprintf(msg, sizeof(msg), "%s: this is JSON (it begins with '%c'), not TREC %s lines (%s): %s; convqa "
		 "formats lists the formats convqa reads", name, l->it.buf[i], kind, layout, hint);
	jr_message(jr, msg);
	return 1;
}

void trec_lines_release(struct trec_lines *l)
{
	free(l->buf);
	l->buf = NULL;
}

int trec_parse_long(const char *s, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (end == s || *end || errno)
		return -1;
	*out = v;
	return 0;
}

int trec_parse_score(const char *s, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || *end || !isfinite(v))
		return -1;
	*out = v;
	return 0;
}

const char *trec_looks_like(const char *buf, size_t len)
{
	struct text_lines it;
	const char *s;
	size_t n;
	char line[512];
	long v;
	text_lines_init(&it, buf, len);
	if (!text_lines_next(&it, &s, &n))
		return NULL;
	if (n >= sizeof(line))
		n = sizeof(line) - 1;
	memcpy(line, s, n);
	struct trec_lines l = { .buf = line };
	split(&l, line, n);
	line[n] = '\0';
	if (l.n_fields == 6 && strcmp(l.field[1], "Q0") == 0)
		return "trec-run";
	if (l.n_fields == 4 && trec_parse_long(l.field[1], &v) == 0 && trec_parse_long(l.field[3], &v) == 0)
		return "trec-qrels";
	return NULL;
}

int trec_entry_read(struct trec_entry *e, const struct trec_lines *l, size_t n_fields, const char *layout,
		    const struct trec_qid_pattern *p, const char *name, struct model_tasks *keep,
		    struct json_reader *jr)
{
	char msg[1024];
	const char *conv;
	size_t conv_len;
	*e = (struct trec_entry){ .line = l->line };
	if (l->n_fields != n_fields) {
		snprintf(msg, sizeof(msg), "%s:%zu: expected %zu fields (%s), got %zu", name, l->line, n_fields, layout,
			 l->n_fields);
		jr_message(jr, msg);
		return -1;
	}
	if (!trec_qid_match(p, l->field[0], &conv, &conv_len, &e->turn)) {
		snprintf(msg, sizeof(msg), "%s:%zu: field 1 (qid): '%.200s' does not match the qid pattern '%s' "
			 "({turn}: a number from 1; give the pattern with --qid-pattern)", name, l->line,
			 l->field[0], p->text);
		jr_message(jr, msg);
		return -1;
	}
	e->qid = l->field[0];
	e->docid = l->field[2];
	e->conv = model_printf(keep, "%.*s", (int)conv_len, conv);
	return 0;
}

int trec_by_turn(const struct trec_entry *a, const struct trec_entry *b)
{
	int c = strcmp(a->conv, b->conv);
	return c ? c : (a->turn > b->turn) - (a->turn < b->turn);
}

/* Per turn, by docid (duplicates side by side), then line. */
static int by_docid(const void *x, const void *y)
{
	const struct trec_entry *a = x, *b = y;
	int c = trec_by_turn(a, b);
	if (!c)
		c = strcmp(a->docid, b->docid);
	return c ? c : (a->line > b->line) - (a->line < b->line);
}

void trec_check_turns(struct trec_entry *v, size_t n, const char *name, const char *verb, const char *file,
		      struct json_reader *jr)
{
	char msg[1024];
	if (n < 2)
		return;
	qsort(v, n, sizeof(*v), by_docid);
	for (size_t i = 1; i < n; i++) {
		const struct trec_entry *a = &v[i - 1], *b = &v[i];
		if (trec_by_turn(a, b) != 0)
			continue;
		if (strcmp(a->qid, b->qid) != 0)
			snprintf(msg, sizeof(msg), "%s:%zu: qid '%.200s' names turn %ld of conversation '%.200s', as "
				 "'%.200s' does on line %zu: one qid per turn", name, b->line, b->qid, b->turn,
				 b->conv, a->qid, a->line);
		else if (strcmp(a->docid, b->docid) == 0)
			snprintf(msg, sizeof(msg), "%s:%zu: docid '%.200s' is %s for qid '%.200s' on line %zu "
				 "already (trec_eval refuses %s with a document twice for one query)", name,
				 b->line, b->docid, verb, b->qid, a->line, file);
		else
			continue;
		jr_message(jr, msg);
	}
}

struct model_conversation trec_conversation(struct model_tasks *m, const char *name, const struct trec_entry *v,
					    size_t n)
{
	size_t n_turns = 0;
	for (size_t i = 0; i < n; i++)
		n_turns += i == 0 || v[i].turn != v[i - 1].turn;
	struct model_conversation c = { .id = v[0].conv, .where = model_printf(m, "%s:%zu", name, v[0].line) };
	c.turns = model_alloc(m, n_turns * sizeof(*c.turns));
	return c;
}

size_t trec_turn_end(const struct trec_entry *v, size_t n, size_t i)
{
	size_t j = i;
	while (j < n && v[j].turn == v[i].turn)
		j++;
	return j;
}
