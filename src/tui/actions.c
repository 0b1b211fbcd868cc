/* actions.c - the action table, the fixed keys (data), the session's keys
 * (the scheme's label keys first), key names, and the requests of the item
 * screen. The help screen and the key table of docs/annotating.md are made
 * from the same tables (view_help.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme.h"
#include "convqa/text.h"
#include "tui_internal.h"

const struct action_info actions[ACT__COUNT] = {
	[ACT_NONE] = { "none", "", "" },
#define X(id, name, group, help) [ACT_##id] = { name, group, help },
	ACTIONS(X)
#undef X
};

#define C(c) { 0, (uint32_t)(c) }
#define F(k) { 1, (uint32_t)(k) }
#define CTRL(c) ((c) & 0x1f)

/* The fixed keys. A key appears once (actions_check() enforces it); the
 * printable ones are scheme_reserved_keys[] (scheme.h). Order = order in
 * help. */
const struct binding nav_bindings[] = {
	{ C('u'), ACT_UNDO, NULL, 0 },
	{ C('n'), ACT_NEXT_ITEM, NULL, 0 },
	{ F(KEY_RIGHT), ACT_NEXT_ITEM, NULL, 0 },
	{ C('p'), ACT_PREV_ITEM, NULL, 0 },
	{ F(KEY_LEFT), ACT_PREV_ITEM, NULL, 0 },
	{ C(']'), ACT_NEXT_TURN, NULL, 0 },
	{ C('['), ACT_PREV_TURN, NULL, 0 },
	{ C('\t'), ACT_NEXT_UNFINISHED, NULL, 0 },
	{ F(KEY_BTAB), ACT_PREV_FIELD, NULL, 0 },
	{ C(':'), ACT_JUMP, NULL, 0 },
	{ C('A'), ACT_AUTO_ADVANCE, NULL, 0 },
	{ C('j'), ACT_DOWN, NULL, 0 },
	{ F(KEY_DOWN), ACT_DOWN, NULL, 0 },
	{ C('k'), ACT_UP, NULL, 0 },
	{ F(KEY_UP), ACT_UP, NULL, 0 },
	{ F(KEY_NPAGE), ACT_PAGE_DOWN, NULL, 0 },
	{ F(KEY_PPAGE), ACT_PAGE_UP, NULL, 0 },
	{ F(KEY_HOME), ACT_TOP, NULL, 0 },
	{ F(KEY_END), ACT_BOTTOM, NULL, 0 },
	{ C('\n'), ACT_OPEN, NULL, 0 },
	{ F(KEY_ENTER), ACT_OPEN, NULL, 0 },
	{ C('t'), ACT_VIEW_TURN, NULL, 0 },
	{ C('l'), ACT_LIST, NULL, 0 },
	{ C('h'), ACT_HISTORY, NULL, 0 },
	{ C('r'), ACT_REWRITE, NULL, 0 },
	{ C('E'), ACT_SPANS, NULL, 0 },
	{ C('?'), ACT_HELP, NULL, 0 },
	{ F(KEY_F(1)), ACT_HELP, NULL, 0 },
	{ C('g'), ACT_GUIDELINES, NULL, 0 },
	{ C('/'), ACT_SEARCH, NULL, 0 },
	{ C('+'), ACT_MARK_FOUND, NULL, 0 },
	{ C(27), ACT_BACK, NULL, 0 },
	{ F(KEY_BACKSPACE), ACT_BACK, NULL, 0 },
	{ C('q'), ACT_QUIT, NULL, 0 },
	{ F(KEY_F(2)), ACT_END_CHAT, NULL, 0 },
};
const size_t n_nav_bindings = ARRAY_SIZE(nav_bindings);

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

static const struct {
	const char *name;
	struct key key;
} key_names[] = {
	{ "space", C(' ') }, { "enter", C('\n') }, { "tab", C('\t') }, { "esc", C(27) },
	{ "backspace", F(KEY_BACKSPACE) }, { "up", F(KEY_UP) }, { "down", F(KEY_DOWN) },
	{ "left", F(KEY_LEFT) }, { "right", F(KEY_RIGHT) }, { "pgup", F(KEY_PPAGE) },
	{ "pgdn", F(KEY_NPAGE) }, { "home", F(KEY_HOME) }, { "end", F(KEY_END) }, { "shift-tab", F(KEY_BTAB) },
	{ "delete", F(KEY_DC) }, { "resize", F(KEY_RESIZE) },
	/* curses spellings, accepted in scripts */
	{ "KEY_UP", F(KEY_UP) }, { "KEY_DOWN", F(KEY_DOWN) }, { "KEY_LEFT", F(KEY_LEFT) },
	{ "KEY_RIGHT", F(KEY_RIGHT) }, { "KEY_PPAGE", F(KEY_PPAGE) }, { "KEY_NPAGE", F(KEY_NPAGE) },
	{ "KEY_HOME", F(KEY_HOME) }, { "KEY_END", F(KEY_END) }, { "KEY_ENTER", F(KEY_ENTER) },
	{ "KEY_BACKSPACE", F(KEY_BACKSPACE) }, { "KEY_DC", F(KEY_DC) }, { "KEY_RESIZE", F(KEY_RESIZE) },
	{ "KEY_BTAB", F(KEY_BTAB) },
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

/* ---- the session's keys ---------------------------------------------- */

/* Add the binding of the key called name (NULL: none) to km. */
static void keymap_add(struct keymap *km, size_t *cap, const char *name, enum action a,
		       const struct scheme_field *f, int arg)
{
	struct key k;
	if (!name || key_from_name(name, &k) != 0)
		return;   /* scheme.h's key names always parse */
	xgrow(&km->v, cap, km->n + 1, sizeof(*km->v));
	km->v[km->n++] = (struct binding){ k, a, f, arg };
}

void keymap_init(struct keymap *km, const struct scheme *sc)
{
	size_t cap = 0;
	*km = (struct keymap){ NULL, 0, sc };
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		for (size_t j = 0; j < f->n_categories; j++) {
			size_t c = category_shown(f, j);
			keymap_add(km, &cap, f->categories[c].key, ACT_SET_VALUE, f, (int)c);
		}
		for (size_t r = 0; r < f->n_rank_keys; r++)
			keymap_add(km, &cap, f->rank_keys[r], ACT_TOGGLE_RANK, f, (int)r + 1);
		keymap_add(km, &cap, f->toggle_key, ACT_TOGGLE_FOCUSED, f, 0);
		keymap_add(km, &cap, f->rest_key, ACT_SET_REST, f, 0);
		keymap_add(km, &cap, f->edit_key, ACT_EDIT_TEXT, f, 0);
	}
}

void keymap_release(struct keymap *km)
{
	free(km->v);
	*km = (struct keymap){ NULL, 0, NULL };
}

const struct binding *keymap_find(const struct keymap *km, struct key k)
{
	k = key_fold(k);
	for (size_t i = 0; i < km->n; i++)
		if (key_eq(km->v[i].key, k))
			return &km->v[i];
	for (size_t i = 0; i < n_nav_bindings; i++)
		if (key_eq(nav_bindings[i].key, k))
			return &nav_bindings[i];
	return NULL;
}

const struct binding *keymap_for_field(const struct keymap *km, const struct binding *b,
				       const struct scheme_field *f)
{
	if (b->action != ACT_SET_VALUE || !scheme_field_focused(km->scheme, b->field))
		return b;
	for (size_t i = 0; f && i < km->n; i++)
		if (km->v[i].field == f && km->v[i].action == ACT_SET_VALUE && key_eq(km->v[i].key, b->key))
			return &km->v[i];
	return NULL;
}

void keys_names(const struct binding *b, size_t n, struct strbuf *out)
{
	char buf[32];
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		while (j + 1 < n && !b[j].key.fkey && !b[j + 1].key.fkey && b[j + 1].key.code == b[j].key.code + 1)
			j++;
		if (i)
			strbuf_addc(out, ' ');
		strbuf_adds(out, key_to_name(b[i].key, buf));
		if (j >= i + 2) {
			strbuf_addf(out, "-%s", key_to_name(b[j].key, buf));
			i = j;
		}
	}
}

void field_keys(const struct keymap *km, const struct scheme_field *f, enum action a, struct strbuf *out)
{
	size_t i = 0, n = 0;
	while (i < km->n && !(km->v[i].field == f && km->v[i].action == a))
		i++;
	while (i + n < km->n && km->v[i + n].field == f && km->v[i + n].action == a)
		n++;
	keys_names(km->v + i, n, out);
}

/* ---- the fixed keys --------------------------------------------------- */

/* Whether the session's scheme takes fixed key i (a scheme stored before
 * the key was reserved). */
static int nav_shadowed(const struct keymap *km, size_t i)
{
	return keymap_find(km, nav_bindings[i].key) != &nav_bindings[i];
}

void keymap_action_keys(const struct keymap *km, enum action a, struct strbuf *out)
{
	char buf[32], prev[32] = "";
	for (size_t i = 0; i < n_nav_bindings; i++) {
		if (nav_bindings[i].action != a || nav_shadowed(km, i) ||
		    strcmp(key_to_name(nav_bindings[i].key, buf), prev) == 0)
			continue;
		strcpy(prev, buf);
		if (out->len)
			strbuf_addc(out, ' ');
		strbuf_adds(out, buf);
	}
}

size_t keymap_shadowed(const struct keymap *km, struct strbuf *out)
{
	char buf[32];
	size_t n = 0;
	for (size_t i = 0; i < n_nav_bindings; i++)
		if (nav_shadowed(km, i))
			strbuf_addf(out, "%s%s (%s)", n++ ? ", " : "", key_to_name(nav_bindings[i].key, buf),
				    actions[nav_bindings[i].action].name);
	return n;
}

const char *action_key(enum action a, char buf[32])
{
	for (size_t i = 0; i < n_nav_bindings; i++)
		if (nav_bindings[i].action == a)
			return key_to_name(nav_bindings[i].key, buf);
	return strcpy(buf, "?");
}

/* Fixed key i means one thing, and is reserved for it when a scheme could
 * take it. */
static int nav_key_check(size_t i, struct error *err)
{
	char buf[32];
	const struct binding *b = &nav_bindings[i];
	const char *name = key_to_name(b->key, buf), *reserved = scheme_key_reserved(name);
	for (size_t j = i + 1; j < n_nav_bindings; j++)
		if (key_eq(b->key, nav_bindings[j].key)) {
			error_set(err, ST_USAGE, "key %s is bound to both %s and %s", name, actions[b->action].name,
				  actions[nav_bindings[j].action].name);
			return -1;
		}
	if (!scheme_key_problem(name) && !(reserved && strcmp(reserved, actions[b->action].name) == 0)) {
		error_set(err, ST_USAGE, "key %s (%s) is not reserved for it in scheme.h", name,
			  actions[b->action].name);
		return -1;
	}
	return 0;
}

int actions_check(struct error *err)
{
	for (size_t i = 0; i < n_nav_bindings; i++)
		if (nav_key_check(i, err) != 0)
			return -1;
	/* the reserved keys of scheme.h are bound to their actions */
	for (size_t i = 0; i < scheme_n_reserved_keys; i++) {
		struct key k;
		const struct binding *b = NULL;
		for (size_t j = 0; key_from_name(scheme_reserved_keys[i].key, &k) == 0 && j < n_nav_bindings; j++)
			if (key_eq(nav_bindings[j].key, k))
				b = &nav_bindings[j];
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
	return actions_check(err);
}

/* ---- requests --------------------------------------------------------- */

/* The request of a label key: its field, and what it sets. A key that
 * focused fields share sets the field in focus. */
static struct request label_request(const struct app *app, const struct binding *b, struct request r)
{
	const struct turn_view *tv = app_turn(app);
	const struct binding *mine = keymap_for_field(&app->keys, b, app->field_focus);
	if (!mine) {
		r.kind = REQ_KEY_UNFOCUSED;
		r.field = b->field;
		return r;
	}
	b = mine;
	r.field = b->field;
	switch (b->action) {
	case ACT_SET_VALUE: r.kind = REQ_SET_VALUE; r.arg = b->arg; break;
	case ACT_TOGGLE_RANK: r.kind = REQ_TOGGLE_RANK; r.arg = b->arg; break;
	case ACT_TOGGLE_FOCUSED: r.kind = REQ_TOGGLE_FOCUSED; r.arg = tv->focus; break;
	case ACT_SET_REST: r.kind = REQ_SET_REST; break;
	default: r.kind = REQ_EDIT_BEGIN; break;
	}
	return r;
}

struct request request_default(const struct app *app, const struct view *view, const struct input *in)
{
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key, NULL };
	if (!in->binding) {
		r.kind = REQ_UNKNOWN_KEY;
		return r;
	}
	enum action a = in->binding->action;
	r.action = a;
	if (a < ACT_FIRST_NAV)
		return label_request(app, in->binding, r);
	switch (a) {
	case ACT_UNDO: r.kind = REQ_UNDO; break;
	case ACT_NEXT_ITEM: r.kind = REQ_ITEM; r.arg = 1; break;
	case ACT_PREV_ITEM: r.kind = REQ_ITEM; r.arg = -1; break;
	case ACT_NEXT_TURN: r.kind = REQ_TURN; r.arg = 1; break;
	case ACT_PREV_TURN: r.kind = REQ_TURN; r.arg = -1; break;
	case ACT_NEXT_UNFINISHED: r.kind = REQ_NEXT_UNFINISHED; break;
	case ACT_PREV_FIELD:
		r.kind = scheme_has_focus(app->scheme) ? REQ_FIELD_FOCUS : REQ_UNKNOWN_KEY;
		r.arg = -1;
		break;
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
	case ACT_SPANS: r.kind = REQ_TOGGLE_SPANS; break;
	case ACT_HELP: r.kind = REQ_PUSH; r.view = &view_help; break;
	case ACT_GUIDELINES: r.kind = REQ_PUSH; r.view = &view_guidelines; break;
	case ACT_LIST: r.kind = REQ_PUSH; r.view = &view_list; break;
	case ACT_JUMP: r.kind = REQ_PUSH; r.view = &view_jump; break;
	case ACT_SEARCH:   /* from the turn screen only (its + marks a passage of the turn shown) */
		r.kind = view == &app->views[0] && !app->pairs ? REQ_PUSH : REQ_UNKNOWN_KEY;
		r.view = &view_search;
		break;
	case ACT_AUTO_ADVANCE: r.kind = REQ_AUTO_ADVANCE; break;
	case ACT_BACK: r.kind = REQ_NONE; break;
	case ACT_QUIT: r.kind = REQ_QUIT; break;
	default: r.kind = REQ_UNKNOWN_KEY; break;
	}
	return r;
}

struct request request_typing(const struct input *in)
{
	struct request r = { REQ_NONE, 0, ACT_NONE, NULL, in->key, NULL };
	struct key k = in->key;
	if ((!k.fkey && (k.code == '\n' || k.code == '\r')) || (k.fkey && k.code == KEY_ENTER))
		r.kind = REQ_TEXT_ENTER;
	else if (!k.fkey && k.code == 27)
		r.kind = REQ_POP;
	else if (line_edit_takes(k))
		r.kind = REQ_TEXT_EDIT;
	return r;
}

int edit_typed_text(struct line_edit *e, const struct request *r, size_t max)
{
	if (r->kind != REQ_TEXT_EDIT)
		return 0;
	line_edit_key(e, r->key, max);
	return 1;
}

struct request request_scroll(int scroll, long delta, size_t total, int page)
{
	struct request r = { REQ_SCROLL, 0, ACT_NONE, NULL, { 0, 0 }, NULL };
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
