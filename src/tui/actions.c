/* actions.c - the action table, default key bindings (data), key names, and
 * the help text and README key table generated from them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme.h"
#include "convqa/scheme_read.h"
#include "convqa/text.h"
#include "tui_internal.h"

const struct action_info actions[ACT__COUNT] = {
	[ACT_NONE] = { "none", "", 0, NULL, NULL, "" },
#define X(id, name, group, tasks, field, value, help) [ACT_##id] = { name, group, tasks, field, value, help },
	ACTIONS(X)
#undef X
};

#define C(c) { 0, (uint32_t)(c) }
#define F(k) { 1, (uint32_t)(k) }
#define CTRL(c) ((c) & 0x1f)

/* Default key bindings. A key may appear twice only for actions of
 * different tasks (actions_check() enforces it). Order = order in help. */
const struct binding bindings[] = {
	{ C('e'), ACT_INTENT_EXTRACTIVE, 0 },
	{ C('a'), ACT_INTENT_ABSTRACTIVE, 0 },
	{ C('b'), ACT_INTENT_BOOLEAN, 0 },
	{ C('c'), ACT_ANSWER_CORRECT, 0 },
	{ C('x'), ACT_ANSWER_INCORRECT, 0 },
	{ C('y'), ACT_PLAUSIBLE, 0 },
	{ C('i'), ACT_IMPLAUSIBLE, 0 },
	{ C('m'), ACT_MALFORMED, 0 },
	{ C('f'), ACT_FAITHFUL, 0 },
	{ C('x'), ACT_UNFAITHFUL, 0 },
	{ C('1'), ACT_TOGGLE_RANK, 1 },
	{ C('2'), ACT_TOGGLE_RANK, 2 },
	{ C('3'), ACT_TOGGLE_RANK, 3 },
	{ C('4'), ACT_TOGGLE_RANK, 4 },
	{ C('5'), ACT_TOGGLE_RANK, 5 },
	{ C('6'), ACT_TOGGLE_RANK, 6 },
	{ C('7'), ACT_TOGGLE_RANK, 7 },
	{ C('8'), ACT_TOGGLE_RANK, 8 },
	{ C('9'), ACT_TOGGLE_RANK, 9 },
	{ C('0'), ACT_TOGGLE_RANK, 10 },
	{ C(' '), ACT_TOGGLE_FOCUSED, 0 },
	{ C('-'), ACT_REST_NOT_RELEVANT, 0 },
	{ C('w'), ACT_NOTE, 0 },
	{ C('u'), ACT_UNDO, 0 },
	{ C('n'), ACT_NEXT_ITEM, 0 },
	{ F(KEY_RIGHT), ACT_NEXT_ITEM, 0 },
	{ C('p'), ACT_PREV_ITEM, 0 },
	{ F(KEY_LEFT), ACT_PREV_ITEM, 0 },
	{ C(']'), ACT_NEXT_TURN, 0 },
	{ C('['), ACT_PREV_TURN, 0 },
	{ C('\t'), ACT_NEXT_UNFINISHED, 0 },
	{ C('j'), ACT_DOWN, 0 },
	{ F(KEY_DOWN), ACT_DOWN, 0 },
	{ C('k'), ACT_UP, 0 },
	{ F(KEY_UP), ACT_UP, 0 },
	{ F(KEY_NPAGE), ACT_PAGE_DOWN, 0 },
	{ F(KEY_PPAGE), ACT_PAGE_UP, 0 },
	{ F(KEY_HOME), ACT_TOP, 0 },
	{ F(KEY_END), ACT_BOTTOM, 0 },
	{ C('\n'), ACT_OPEN, 0 },
	{ F(KEY_ENTER), ACT_OPEN, 0 },
	{ C('t'), ACT_VIEW_TURN, 0 },
	{ C('h'), ACT_HISTORY, 0 },
	{ C('r'), ACT_REWRITE, 0 },
	{ C('?'), ACT_HELP, 0 },
	{ F(KEY_F(1)), ACT_HELP, 0 },
	{ C('g'), ACT_GUIDELINES, 0 },
	{ C(27), ACT_BACK, 0 },
	{ F(KEY_BACKSPACE), ACT_BACK, 0 },
	{ C('q'), ACT_QUIT, 0 },
};
const size_t n_bindings = ARRAY_SIZE(bindings);

static int key_eq(struct key a, struct key b)
{
	return a.fkey == b.fkey && a.code == b.code;
}

/* Terminals send different codes for some keys: fold them. */
static struct key key_fold(struct key k)
{
	if (!k.fkey && k.code == '\r')
		k.code = '\n';
	if (!k.fkey && (k.code == 127 || k.code == 8))
		return (struct key){ 1, KEY_BACKSPACE };
	return k;
}

const struct binding *binding_find(struct key k, enum model_task task)
{
	k = key_fold(k);
	for (size_t i = 0; i < n_bindings; i++)
		if (key_eq(bindings[i].key, k) && (actions[bindings[i].action].tasks & (1u << task)))
			return &bindings[i];
	return NULL;
}

static const struct {
	const char *name;
	struct key key;
} key_names[] = {
	{ "space", C(' ') }, { "enter", C('\n') }, { "tab", C('\t') }, { "esc", C(27) },
	{ "backspace", F(KEY_BACKSPACE) }, { "up", F(KEY_UP) }, { "down", F(KEY_DOWN) },
	{ "left", F(KEY_LEFT) }, { "right", F(KEY_RIGHT) }, { "pgup", F(KEY_PPAGE) },
	{ "pgdn", F(KEY_NPAGE) }, { "home", F(KEY_HOME) }, { "end", F(KEY_END) },
	{ "delete", F(KEY_DC) }, { "resize", F(KEY_RESIZE) },
	/* curses spellings, accepted in scripts */
	{ "KEY_UP", F(KEY_UP) }, { "KEY_DOWN", F(KEY_DOWN) }, { "KEY_LEFT", F(KEY_LEFT) },
	{ "KEY_RIGHT", F(KEY_RIGHT) }, { "KEY_PPAGE", F(KEY_PPAGE) }, { "KEY_NPAGE", F(KEY_NPAGE) },
	{ "KEY_HOME", F(KEY_HOME) }, { "KEY_END", F(KEY_END) }, { "KEY_ENTER", F(KEY_ENTER) },
	{ "KEY_BACKSPACE", F(KEY_BACKSPACE) }, { "KEY_DC", F(KEY_DC) }, { "KEY_RESIZE", F(KEY_RESIZE) },
	{ "return", C('\n') }, { "escape", C(27) },
};

const char *key_to_name(struct key k, char buf[32])
{
	if (k.fkey && k.code == KEY_ENTER)
		return strcpy(buf, "enter");
	for (size_t i = 0; i < ARRAY_SIZE(key_names); i++)
		if (key_eq(key_names[i].key, k))
			return strcpy(buf, key_names[i].name);
	if (k.fkey && k.code >= (uint32_t)KEY_F(1) && k.code <= (uint32_t)KEY_F(12)) {
		snprintf(buf, 32, "F%u", (unsigned)(k.code - (uint32_t)KEY_F(0)));
		return buf;
	}
	if (k.fkey) {
		snprintf(buf, 32, "key-%u", (unsigned)k.code);
		return buf;
	}
	if (k.code < 0x20) {
		snprintf(buf, 32, "C-%c", (char)(k.code + 0x60));
		return buf;
	}
	size_t n = text_utf8_encode(k.code, buf);
	buf[n] = '\0';
	return buf;
}

int key_from_name(const char *name, struct key *k)
{
	for (size_t i = 0; i < ARRAY_SIZE(key_names); i++)
		if (strcmp(key_names[i].name, name) == 0) {
			*k = key_names[i].key;
			return 0;
		}
	if ((name[0] == 'F' || name[0] == 'f') && name[1] >= '1' && name[1] <= '9') {
		long n;
		if (parse_long(name + 1, 1, 12, &n) == 0) {
			*k = (struct key){ 1, (uint32_t)KEY_F(n) };
			return 0;
		}
	}
	if ((strncmp(name, "C-", 2) == 0 || name[0] == '^') && name[1 + (name[0] == 'C')] &&
	    !name[2 + (name[0] == 'C')]) {
		char c = name[1 + (name[0] == 'C')];
		if ((c >= 'a' && c <= 'z') || (c >= '@' && c <= '_')) {
			*k = (struct key){ 0, (uint32_t)CTRL(c) };
			return 0;
		}
	}
	uint32_t cp;
	size_t len = strlen(name);
	size_t n = text_utf8_decode(name, len, &cp);
	if (n && n == len && cp >= 0x20 && cp != 0x7f) {
		*k = (struct key){ 0, cp };
		return 0;
	}
	return -1;
}

void action_keys(enum action a, enum model_task task, struct strbuf *out)
{
	char buf[32], prev[32] = "";
	int first = 1;
	for (size_t i = 0; i < n_bindings; i++) {
		if (bindings[i].action != a)
			continue;
		if (strcmp(key_to_name(bindings[i].key, buf), prev) == 0)
			continue;   /* two codes of one key (enter) */
		strcpy(prev, buf);
		/* a shared key belongs to the action of this task */
		const struct binding *b = binding_find(bindings[i].key, task);
		if (b && b->action != a)
			continue;
		/* runs of 3+ consecutive characters: "1-9" */
		size_t j = i;
		while (j + 1 < n_bindings && bindings[j + 1].action == a && !bindings[j + 1].key.fkey &&
		       !bindings[j].key.fkey && bindings[j + 1].key.code == bindings[j].key.code + 1)
			j++;
		if (!first)
			strbuf_addc(out, ' ');
		first = 0;
		strbuf_adds(out, key_to_name(bindings[i].key, buf));
		if (j >= i + 2) {
			strbuf_addc(out, '-');
			strbuf_adds(out, key_to_name(bindings[j].key, buf));
			i = j;
		}
	}
}

const char *action_key(enum action a, enum model_task task, char buf[32])
{
	for (size_t i = 0; i < n_bindings; i++) {
		if (bindings[i].action != a)
			continue;
		const struct binding *b = binding_find(bindings[i].key, task);
		if (b && b->action == a)
			return key_to_name(bindings[i].key, buf);
	}
	return strcpy(buf, "?");
}

int actions_check(struct error *err)
{
	for (int a = 1; a < ACT__COUNT; a++) {
		const struct action_info *ai = &actions[a];
		if (!ai->field)
			continue;
		for (int t = 0; t < TASK__COUNT; t++) {
			if (!(ai->tasks & (1u << t)))
				continue;
			const struct model_field *f = model_field_find((enum model_task)t, ai->field);
			if (!f || !model_value_valid(f, ai->value)) {
				error_set(err, ST_USAGE, "action %s: no field %s with value %s in task %s",
					  ai->name, ai->field, ai->value, model_task_name((enum model_task)t));
				return -1;
			}
		}
	}
	for (size_t i = 0; i < n_bindings; i++)
		for (size_t j = i + 1; j < n_bindings; j++)
			if (key_eq(bindings[i].key, bindings[j].key) &&
			    (actions[bindings[i].action].tasks & actions[bindings[j].action].tasks)) {
				char buf[32];
				error_set(err, ST_USAGE, "key %s is bound to both %s and %s",
					  key_to_name(bindings[i].key, buf), actions[bindings[i].action].name,
					  actions[bindings[j].action].name);
				return -1;
			}
	return 0;
}

/* The key a built-in scheme gives for what binding b does in task t (its
 * field and value, the rank keys, toggle, rest, the note's edit), or "" for
 * an action of no field: NULL when the scheme has none. */
static const char *scheme_key_of(const struct scheme *s, const struct binding *b)
{
	const struct action_info *ai = &actions[b->action];
	const struct scheme_field *f = scheme_field_find(s, ai->field ? ai->field : b->action == ACT_NOTE ? "note"
							 : "relevant");
	const struct scheme_category *c;
	switch (b->action) {
	case ACT_TOGGLE_RANK:
		return f && b->arg >= 1 && (size_t)b->arg <= f->n_rank_keys ? f->rank_keys[b->arg - 1] : NULL;
	case ACT_TOGGLE_FOCUSED: return f ? f->toggle_key : NULL;
	case ACT_REST_NOT_RELEVANT: return f ? f->rest_key : NULL;
	case ACT_NOTE: return f ? f->edit_key : NULL;
	default:
		if (!ai->field)
			return "";
		c = f ? scheme_category_find(f, ai->value) : NULL;
		return c ? c->key : NULL;
	}
}

/* The bindings against the built-in schemes of task t (scheme.h): each
 * label key is the scheme's key for it, each other printable key one of
 * scheme_reserved_keys[] with its action; and each key of the scheme is
 * bound so. */
static int schemes_check_task(enum model_task t, const struct scheme *s, struct error *err)
{
	char buf[32];
	for (size_t i = 0; i < n_bindings; i++) {
		const struct binding *b = &bindings[i];
		if (!(actions[b->action].tasks & (1u << t)))
			continue;
		const char *name = key_to_name(b->key, buf), *want = scheme_key_of(s, b);
		const char *reserved = scheme_key_reserved(name);
		int bad;
		if (!want)          /* a label action the scheme has no key for */
			bad = 1;
		else if (*want)     /* a label action: the scheme's key */
			bad = strcmp(want, name) != 0;
		else                /* another action: a key a scheme could take is reserved for it */
			bad = !scheme_key_problem(name) && !(reserved && strcmp(reserved, actions[b->action].name) == 0);
		if (bad) {
			error_set(err, ST_USAGE, "key %s (%s) disagrees with the built-in scheme %s", name,
				  actions[b->action].name, s->name);
			return -1;
		}
	}
	for (size_t i = 0; i < s->n_fields; i++)
		for (size_t j = 0; j < s->fields[i].n_categories; j++) {
			const char *key = s->fields[i].categories[j].key;
			struct key k;
			const struct binding *b = key && key_from_name(key, &k) == 0 ? binding_find(k, t) : NULL;
			if (key && !(b && actions[b->action].field &&
				     strcmp(actions[b->action].value, s->fields[i].categories[j].value) == 0)) {
				error_set(err, ST_USAGE, "key %s of scheme %s is not bound to %s %s", key, s->name,
					  s->fields[i].name, s->fields[i].categories[j].value);
				return -1;
			}
		}
	return 0;
}

/* The reserved keys of scheme.h are bound to their actions. */
static int reserved_check(struct error *err)
{
	for (size_t i = 0; i < scheme_n_reserved_keys; i++) {
		struct key k;
		const struct binding *b = key_from_name(scheme_reserved_keys[i].key, &k) == 0
						  ? binding_find(k, TASK_TURN) : NULL;
		if (!b || strcmp(actions[b->action].name, scheme_reserved_keys[i].action) != 0) {
			error_set(err, ST_USAGE, "reserved key %s is not bound to %s", scheme_reserved_keys[i].key,
				  scheme_reserved_keys[i].action);
			return -1;
		}
	}
	return 0;
}

int tui_check_tables(struct error *err)
{
	if (actions_check(err) != 0 || reserved_check(err) != 0)
		return -1;
	for (int t = 0; t < TASK__COUNT; t++) {
		struct scheme *s;
		if (scheme_builtin(model_task_name((enum model_task)t), &s, err) != ST_OK)
			return -1;
		int rc = s ? schemes_check_task((enum model_task)t, s, err) : -1;
		if (!s)
			error_set(err, ST_USAGE, "no built-in scheme %s", model_task_name((enum model_task)t));
		scheme_free(s);
		if (rc != 0)
			return -1;
	}
	return 0;
}

/* Help lines for task: group titles, then "  KEYS  help" per action. */
size_t help_lines(enum model_task task, int narrow, struct strbuf *out)
{
	const char *group = NULL;
	size_t n = 0;
	for (int a = 1; a < ACT__COUNT; a++) {
		if (!(actions[a].tasks & (1u << task)))
			continue;
		if (!group || strcmp(group, actions[a].group) != 0) {
			group = actions[a].group;
			strbuf_addf(out, "%s%s\n", n ? "\n" : "", group);
			n += n ? 2 : 1;
		}
		struct strbuf keys = STRBUF_INIT;
		action_keys((enum action)a, task, &keys);
		if (narrow)
			strbuf_addf(out, "  %s: %s\n", strbuf_str(&keys), actions[a].help);
		else
			strbuf_addf(out, "  %-14s %s\n", strbuf_str(&keys), actions[a].help);
		strbuf_release(&keys);
		n++;
	}
	return n;
}

void tui_print_keys(FILE *out)
{
	fprintf(out, "| keys | action | does | tasks |\n| --- | --- | --- | --- |\n");
	for (int a = 1; a < ACT__COUNT; a++) {
		struct strbuf keys = STRBUF_INIT;
		const char *tasks = actions[a].tasks == T_ALL ? "all" : NULL;
		enum model_task t = TASK_TURN;
		for (int i = 0; i < TASK__COUNT; i++)
			if (actions[a].tasks & (1u << i)) {
				t = (enum model_task)i;
				if (!tasks)
					tasks = model_task_name(t);
				break;
			}
		action_keys((enum action)a, t, &keys);
		fprintf(out, "| `%s` | %s | %s | %s |\n", strbuf_str(&keys), actions[a].name,
			actions[a].help, tasks);
		strbuf_release(&keys);
	}
}

/* ---- requests --------------------------------------------------------- */

struct request request_default(const struct app *app, const struct view *view, const struct input *in)
{
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key };
	if (!in->binding) {
		r.kind = REQ_UNKNOWN_KEY;
		return r;
	}
	enum action a = in->binding->action;
	r.action = a;
	if (actions[a].field) {
		r.kind = REQ_SET_VALUE;
		return r;
	}
	switch (a) {
	case ACT_TOGGLE_RANK: r.kind = REQ_TOGGLE_RANK; r.arg = in->binding->arg; break;
	case ACT_TOGGLE_FOCUSED: r.kind = REQ_TOGGLE_FOCUSED; r.arg = app->focus; break;
	case ACT_REST_NOT_RELEVANT: r.kind = REQ_REST_NOT_RELEVANT; break;
	case ACT_NOTE: r.kind = REQ_NOTE_BEGIN; break;
	case ACT_UNDO: r.kind = REQ_UNDO; break;
	case ACT_NEXT_ITEM: r.kind = REQ_ITEM; r.arg = 1; break;
	case ACT_PREV_ITEM: r.kind = REQ_ITEM; r.arg = -1; break;
	case ACT_NEXT_TURN: r.kind = REQ_TURN; r.arg = 1; break;
	case ACT_PREV_TURN: r.kind = REQ_TURN; r.arg = -1; break;
	case ACT_NEXT_UNFINISHED: r.kind = REQ_NEXT_UNFINISHED; break;
	case ACT_DOWN: r.kind = REQ_FOCUS; r.arg = 1; break;
	case ACT_UP: r.kind = REQ_FOCUS; r.arg = -1; break;
	case ACT_PAGE_DOWN: r.kind = REQ_FOCUS; r.arg = 5; break;
	case ACT_PAGE_UP: r.kind = REQ_FOCUS; r.arg = -5; break;
	case ACT_TOP: r.kind = REQ_FOCUS; r.arg = -SCROLL_END; break;
	case ACT_BOTTOM: r.kind = REQ_FOCUS; r.arg = SCROLL_END; break;
	case ACT_OPEN: r.kind = REQ_OPEN_PASSAGE; break;
	case ACT_VIEW_TURN: r.kind = REQ_OPEN_TURN; break;
	case ACT_HISTORY: r.kind = REQ_TOGGLE_HISTORY; break;
	case ACT_REWRITE: r.kind = REQ_TOGGLE_REWRITE; break;
	case ACT_HELP: r.kind = REQ_PUSH; r.view = &view_help; break;
	case ACT_GUIDELINES: r.kind = REQ_PUSH; r.view = &view_guidelines; break;
	case ACT_BACK: r.kind = REQ_NONE; break;
	case ACT_QUIT: r.kind = REQ_QUIT; break;
	default: r.kind = REQ_UNKNOWN_KEY; break;
	}
	return r;
}

struct request request_scroll(int scroll, long delta, size_t total, int page)
{
	struct request r = { REQ_SCROLL, 0, ACT_NONE, NULL, { 0, 0 } };
	if (page < 1)
		page = 1;
	long max = (long)total - page;
	if (delta == SCROLL_PAGE)
		delta = page > 1 ? page - 1 : 1;
	else if (delta == -SCROLL_PAGE)
		delta = -(page > 1 ? page - 1 : 1);
	else if (delta == SCROLL_END || delta == -SCROLL_END)
		delta = delta > 0 ? (max > 0 ? max : 0) - scroll : -scroll;
	long s = scroll + delta;
	if (s > max)
		s = max;
	if (s < 0)
		s = 0;
	r.arg = s;
	return r;
}

long scroll_delta(enum action a)
{
	switch (a) {
	case ACT_DOWN: return 1;
	case ACT_UP: return -1;
	case ACT_PAGE_DOWN: return SCROLL_PAGE;
	case ACT_PAGE_UP: return -SCROLL_PAGE;
	case ACT_TOP: return -SCROLL_END;
	case ACT_BOTTOM: return SCROLL_END;
	default: return 0;
	}
}

struct request pager_act(struct app *app, struct view *view, const struct request *r)
{
	struct pager *p = view->private;
	switch (r->kind) {
	case REQ_SCROLL:
		p->scroll = r->arg < 0 ? 0 : (int)r->arg;
		return (struct request){ .kind = REQ_NONE };
	case REQ_UNCOVERED:
		/* back at the top, as when one scroll position served every
		 * screen */
		p->scroll = 0;
		return (struct request){ .kind = REQ_NONE };
	default:
		return *r;
	}
}
