/* app_guidelines.c - the annotation guidelines: their text (the file
 * given, the project's, then what the session's scheme asks and its keys)
 * and showing them at the start once per rater and version of the
 * project's (else once per rater, task and text), recorded as seen once
 * they are on the screen. */
#include <stdlib.h>
#include <string.h>

#include "convqa/hash.h"
#include "convqa/store.h"
#include "convqa/text.h"
#include "app_internal.h"
#include "tui_internal.h"

/* What the item screen shows besides the question, for the guidelines. */
static const char *shown_context(unsigned shows)
{
	if ((shows & SHOW_EVIDENCE) && !(shows & SHOW_PASSAGES))
		return (shows & SHOW_HISTORY) ?
			       ", with the earlier turns and the evidence from the passages the system retrieved" :
			       ", with the evidence from the passages the system retrieved";
	if ((shows & SHOW_HISTORY) && (shows & SHOW_PASSAGES))
		return ", with the earlier turns and the passages the system retrieved";
	if (shows & SHOW_HISTORY)
		return ", with the earlier turns";
	if (shows & SHOW_PASSAGES)
		return ", with the passages the system retrieved";
	return "";
}

/* The keys of f for the guidelines: " Keys: e extractive, a abstractive." */
static void guidelines_keys(const struct app *app, const struct scheme_field *f, struct strbuf *sb)
{
	size_t n = 0;
	for (size_t i = 0; i < f->n_categories; i++) {
		const struct scheme_category *c = &f->categories[category_shown(f, i)];
		if (c->key)
			strbuf_addf(sb, "%s%s %s", n++ ? ", " : f->type == TYPE_ORDINAL ? " Keys, lowest first: " :
				    " Keys: ", c->key, c->label);
	}
	if (f->n_rank_keys || f->toggle_key || f->rest_key) {
		const char *sep = " Keys: ";
		if (f->n_rank_keys) {
			strbuf_adds(sb, sep);
			field_keys(&app->keys, f, ACT_TOGGLE_RANK, sb);
			strbuf_adds(sb, " toggle the passage at that rank");
			sep = ", ";
		}
		if (f->toggle_key) {
			strbuf_addf(sb, "%s%s the focused one", sep, f->toggle_key);
			sep = ", ";
		}
		if (f->rest_key)
			strbuf_addf(sb, "%s%s marks the rest %s", sep, f->rest_key, f->categories[0].label);
	}
	if (f->edit_key)
		strbuf_addf(sb, " Key: %s", f->edit_key);
}

/* What the session's scheme asks and its keys, appended to sb (after the
 * project's guidelines, if any). */
static void builtin_guidelines(struct app *app, struct strbuf *sb)
{
	static const char *const per_unit[UNIT__COUNT] = {
		[UNIT_TURN] = ", one per turn", [UNIT_PASSAGE] = ", one per passage",
		[UNIT_ANSWER] = ", one per distinct answer", [UNIT_PAIR] = ", one per pair",
	};
	const struct scheme *sc = app->scheme;
	if (app->pairs)
		strbuf_addf(sb, "Task: %s. You see one pair at a time: two answers to one turn of a conversation, "
				"A on the left (or on top) and B, in an order drawn for you; the systems are not "
				"named. Pick the better one (the arrows left and right pick A and B), or a tie, or "
				"both bad; each change is saved at once.\n\n", app->task_name);
	else
		strbuf_addf(sb, "Task: %s. You see one item at a time: one system's answer to one turn "
				"of a conversation%s. Set every field below; each change is saved at once.\n\n",
			    app->task_name, shown_context(sc->shows));
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (!field_has_keys(f))
			continue;   /* set elsewhere (extra_gold: convqa label) */
		strbuf_addf(sb, "%s (%s%s%s)", f->name, f->required ? "required" : "optional",
			    per_unit[f->unit] ? per_unit[f->unit] : "",
			    f->skip_when_empty ? ", not asked of an empty answer" : "");
		if (f->help)
			strbuf_addf(sb, ": %s", f->help);
		strbuf_adds(sb, ".");
		guidelines_keys(app, f, sb);
		strbuf_adds(sb, ".\n\n");
	}
	if (scheme_has_focus(sc)) {
		char next[32], prev[32];
		strbuf_addf(sb, "Fields that share keys take them in turn: the keys set the field in focus (marked "
				"\xe2\x96\xb8 on the label bar); %s and %s move the focus to the next and the previous "
				"field.\n\n", action_key(ACT_NEXT_UNFINISHED, next), action_key(ACT_PREV_FIELD, prev));
	}
	strbuf_adds(sb, "An item is finished when every required field is set. Moving on from an "
			"unfinished item loses nothing. u undoes the last change, ? lists every key, "
			"q closes this screen (on the item screen q quits).");
	if (!app->guidelines_given)
		strbuf_adds(sb, "\n\nThe project has no guidelines of its own; set them with:\n"
				"convqa guidelines set FILE");
}

/* The guidelines' text: --guidelines FILE, else the project's for the
 * session's task (its own, else those for every task), else the project
 * setting "guidelines" (before convqa guidelines set); made inert and
 * followed by what the scheme asks. */
enum status app_init_guidelines(struct app *app, struct error *err)
{
	char *text = NULL;
	struct store_guidelines g;
	if (app->opt->guidelines) {
		text = xstrdup(app->opt->guidelines);
	} else if (store_guidelines_get(app->store, app->task_name, 0, &g, err) != ST_OK) {
		return err->status;
	} else if (g.id) {
		app->guidelines_id = g.id;
		text = g.text;
		g.text = NULL;
		store_guidelines_release(&g);
	} else if (store_setting_get(app->store, "guidelines", &text, err) != ST_OK) {
		return err->status;
	}
	struct strbuf sb = STRBUF_INIT;
	app->guidelines_given = text != NULL;
	if (text) {
		text_sanitize(&sb, text, strlen(text), TEXT_NEWLINES);
		while (sb.len && (sb.buf[sb.len - 1] == '\n' || sb.buf[sb.len - 1] == ' '))
			sb.buf[--sb.len] = '\0';
		strbuf_adds(&sb, "\n\n");
	}
	builtin_guidelines(app, &sb);
	free(text);
	app->guidelines = strbuf_detach(&sb);
	if (!app->guidelines)
		app->guidelines = xstrdup("");
	return ST_OK;
}

/* The project setting that holds the hash of the guidelines text the rater
 * was last shown in the session's task (a task name has no '.'); caller
 * frees. */
static char *seen_key(const struct app *app)
{
	return xasprintf("guidelines_seen.%s.%s", app->task_name, app->opt->rater);
}

/* Show the project's guidelines once per rater and version (in any task
 * or round), others (--guidelines FILE, the built-in ones, the project
 * setting) once per rater, task and text: find out whether this rater has
 * seen them (app_shown() records it once they are on the screen, so a
 * start that fails before it shows nothing does not count as seen). *notice: what the screen says
 * first (GUIDELINES_NEW, GUIDELINES_CHANGED: a version of the project's
 * they have not seen). */
enum status app_guidelines_first_start(struct app *app, int *show, int *notice, struct error *err)
{
	char *seen = NULL;
	int version_seen = 1, before = 0;
	hash_sha256_hex(app->guidelines, strlen(app->guidelines), app->guidelines_hash);
	char *key = seen_key(app);
	enum status st = store_setting_get(app->store, key, &seen, err);
	if (st == ST_OK && app->guidelines_id)
		st = store_guidelines_seen(app->store, app->opt->rater_id, app->task_name, app->guidelines_id,
					   &version_seen, &before, err);
	/* a version of the project's: once per rater (docs/annotating.md "Guidelines"),
	 * whichever task or round they annotate; else once per text */
	if (app->guidelines_id)
		*show = st == ST_OK && !version_seen;
	else
		*show = st == ST_OK && (!seen || strcmp(seen, app->guidelines_hash) != 0);
	*notice = version_seen ? GUIDELINES_PLAIN : before || seen ? GUIDELINES_CHANGED : GUIDELINES_NEW;
	free(seen);
	free(key);
	return st;
}

void app_shown(struct app *app)
{
	struct error err;
	if (!app->guidelines_unseen)
		return;
	app->guidelines_unseen = 0;
	char *key = seen_key(app);
	if (store_setting_set(app->store, key, app->guidelines_hash, &err) != ST_OK ||
	    (app->guidelines_id && store_guidelines_mark_seen(app->store, app->opt->rater_id, app->guidelines_id,
							      &err) != ST_OK))
		app_message(app, MSG_ERROR, "NOT SAVED: %s", err.msg);
	free(key);
}
