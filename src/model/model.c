/* model.c - task kinds, rater names and roles, and the in-memory task model. */
#include "convqa/model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/common.h"
#include "convqa/hash.h"
#include "convqa/text.h"

/* the values of the built-in turn scheme's intent field (schemas/builtin/turn.json) */
static const char *const intents[] = { "extractive", "abstractive", "boolean" };
static const char *const task_names[TASK__COUNT] = { MODEL_DEFAULT_TASK, "plausibility", "faithfulness" };

const char *model_task_name(enum model_task t)
{
	return (unsigned)t < TASK__COUNT ? task_names[t] : "?";
}

int model_task_parse(const char *name, enum model_task *t)
{
	int i = name_index(task_names, TASK__COUNT, name);
	if (i < 0)
		return -1;
	*t = (enum model_task)i;
	return 0;
}

/* printf into buf (size bytes), returned */
static const char *model_fmt(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static const char *model_fmt(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return buf;
}

static const char *const role_names[ROLE__COUNT] = { "rater", "adjudicator", "coordinator" };

const char *model_role_name(enum model_role r)
{
	return (unsigned)r < ROLE__COUNT ? role_names[r] : "?";
}

int model_role_parse(const char *name, enum model_role *r)
{
	int i = name_index(role_names, ROLE__COUNT, name);
	if (i < 0)
		return -1;
	*r = (enum model_role)i;
	return 0;
}

const char *model_gold_intent_name(int i)
{
	return i >= 0 && (size_t)i < ARRAY_SIZE(intents) ? intents[i] : "";
}

int model_gold_intent_index(const char *intent)
{
	return name_index(intents, (int)ARRAY_SIZE(intents), intent);
}

/* What is wrong with a rater's (kind 0), a round's (1) or a system's (2)
 * name; NULL: nothing. Every character must be seen: two names that look
 * the same must be the same name. A round's name is besides one word (it
 * is given to --round, listed with commas and printed in commands); a
 * rater's and a round's hold no comma (lists such as --raters a,b). The
 * message is in a static buffer, valid until the next call. */
static const char *name_problem(const char *name, int kind)
{
	static const char *const nouns[] = { "rater", "round", "system" };
	static const char *const comma[] = {
		"commas separate names in lists such as report --raters",
		"commas separate names in lists such as report --round r1,r2",
	};
	static char msg[320];
	const char *noun = nouns[kind];
	size_t len = strlen(name), i, pos;
	if (text_utf8_check(name, len) != len)
		return model_fmt(msg, sizeof(msg), "the %s name is not UTF-8 text", noun);
	for (i = 0; i < len && name[i] == ' '; i++)
		;
	if (i == len)
		return model_fmt(msg, sizeof(msg), "the %s name is blank", noun);
	if (kind != 1 && (name[0] == ' ' || name[len - 1] == ' '))
		return model_fmt(msg, sizeof(msg), "the %s name begins or ends with a space", noun);
	enum text_look prev = TEXT_LOOK_SPACE;
	int after_letter = 0;   /* the last character but marks was a letter */
	for (i = 0, pos = 1; i < len; pos++) {
		uint32_t cp;
		i += text_utf8_decode(name + i, len - i, &cp);
		enum text_look look = text_cp_look(cp);
		if (look == TEXT_LOOK_CONTROL)
			return model_fmt(msg, sizeof(msg), "the %s name holds a control character, U+%04X, at "
					 "character %zu", noun, (unsigned)cp, pos);
		if (look == TEXT_LOOK_INVISIBLE)
			return model_fmt(msg, sizeof(msg), "the %s name holds a character that is not visible, U+%04X, "
					 "at character %zu (a name takes letters, digits, punctuation, symbols and "
					 "single spaces between words)", noun, (unsigned)cp, pos);
		if (cp == ',' && kind != 2)
			return model_fmt(msg, sizeof(msg), "the %s name holds a comma (%s)", noun, comma[kind]);
		if (kind == 1 && (look == TEXT_LOOK_SPACE || look == TEXT_LOOK_OTHER_SPACE))
			return "the round name holds a space (a round's name is one word, such as r1 or pilot-2)";
		if (look == TEXT_LOOK_OTHER_SPACE)
			return model_fmt(msg, sizeof(msg), "the %s name holds a space other than the plain space, "
					 "U+%04X, at character %zu (one plain space separates words; none begins or "
					 "ends a name)", noun, (unsigned)cp, pos);
		if (look == TEXT_LOOK_SPACE && prev == TEXT_LOOK_SPACE)
			return model_fmt(msg, sizeof(msg), "the %s name holds two spaces in a row at character %zu "
					 "(one plain space separates words)", noun, pos);
		if (look == TEXT_LOOK_MARK && !after_letter)
			return model_fmt(msg, sizeof(msg), "the %s name holds a combining mark, U+%04X, at character "
					 "%zu that follows no letter", noun, (unsigned)cp, pos);
		if (look != TEXT_LOOK_MARK)
			after_letter = look == TEXT_LOOK_LETTER;
		prev = look;
	}
	return NULL;
}

const char *model_rater_name_problem(const char *name)
{
	return name_problem(name, 0);
}

const char *model_round_name_problem(const char *name)
{
	return name_problem(name, 1);
}

const char *model_system_name_problem(const char *name)
{
	return name_problem(name, 2);
}

/* ---- arena -------------------------------------------------------- */

struct model_arena_block {
	struct model_arena_block *next;
	size_t used, cap;
	max_align_t data[];
};

struct model_kept {
	struct model_kept *next;
	void *p;
	void (*free_fn)(void *);
};

void model_tasks_init(struct model_tasks *m)
{
	memset(m, 0, sizeof(*m));
}

void *model_alloc(struct model_tasks *m, size_t size)
{
	size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
	struct model_arena_block *b = m->arena;
	if (!b || b->cap - b->used < size) {
		size_t cap = size > 65536 ? size : 65536;
		b = xmalloc(sizeof(*b) + cap);
		b->cap = cap;
		b->used = 0;
		b->next = m->arena;
		m->arena = b;
	}
	void *p = (char *)b->data + b->used;
	b->used += size;
	return p;
}

void model_tasks_keep(struct model_tasks *m, void *p, void (*free_fn)(void *))
{
	struct model_kept *k = model_alloc(m, sizeof(*k));
	*k = (struct model_kept){ m->kept, p, free_fn };
	m->kept = k;
}

char *model_strdup(struct model_tasks *m, const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(model_alloc(m, n), s, n);
}

char *model_printf(struct model_tasks *m, const char *fmt, ...)
{
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	char *p = model_alloc(m, (size_t)n + 1);
	if ((size_t)n < sizeof(small)) {
		memcpy(p, small, (size_t)n + 1);
	} else {
		va_start(ap, fmt);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	return p;
}

char *model_passage_hash_id(struct model_tasks *m, const char *text)
{
	char hex[65];
	hash_sha256_hex(text, strlen(text), hex);
	return model_printf(m, "sha256:%.16s", hex);
}

void model_tasks_release(struct model_tasks *m)
{
	for (size_t i = 0; i < m->n_conversations; i++) {
		struct model_conversation *c = &m->conversations[i];
		for (size_t j = 0; j < c->n_turns; j++) {
			struct model_turn *t = &c->turns[j];
			for (size_t k = 0; k < t->n_responses; k++)
				free(t->responses[k].ranked);
			free(t->responses);
			free(t->gold_answers);
			free(t->gold_passages);
			free(t->gold_grades);
		}
		free(c->turns);
	}
	free(m->conversations);
	free(m->passages);
	free(m->systems);
	for (struct model_kept *k = m->kept; k; k = k->next) /* in the arena: before it goes */
		k->free_fn(k->p);
	while (m->arena) {
		struct model_arena_block *b = m->arena;
		m->arena = b->next;
		free(b);
	}
	memset(m, 0, sizeof(*m));
}
