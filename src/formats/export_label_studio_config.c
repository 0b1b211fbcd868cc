/* export_label_studio_config.c - the labeling config of a Label Studio
 * project (its XML), the export format "label-studio-config": made from the
 * scheme of the selection (export_ls_select) for the tasks the format
 * "label-studio" writes of the same selection.
 *
 *   object tags  Text History, Question, System, Answer, Evidence, Passage1..K
 *                (names begin with a capital, so no field's name, a-z 0-9 _ -,
 *                is one of them), each after a Header
 *   a field      a category field: Choices name=FIELD (single-radio), one Choice
 *                a category, value = its label (what the rater reads), alias =
 *                its value (what the result records); a text field: TextArea
 *   per passage  one Choices per rank, name FIELD_K, toName PassageK, after
 *                the passage it judges
 *
 * Fields of the turn go to the Question, the others to the Answer. Every
 * text from the scheme is an attribute value, escaped (& < > " ' and
 * line breaks as character references; other control characters dropped). */
#include <errno.h>
#include <string.h>

#include "convqa/formats.h"
#include "convqa/scheme.h"
#include "convqa/strbuf.h"
#include "export_internal.h"

/* s as the text of an XML attribute value in double quotes. */
static void xml_attr(struct strbuf *sb, const char *s)
{
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		switch (*c) {
		case '&': strbuf_adds(sb, "&amp;"); break;
		case '<': strbuf_adds(sb, "&lt;"); break;
		case '>': strbuf_adds(sb, "&gt;"); break;
		case '"': strbuf_adds(sb, "&quot;"); break;
		case '\'': strbuf_adds(sb, "&apos;"); break;
		case '\n': strbuf_adds(sb, "&#10;"); break;
		case '\t': strbuf_adds(sb, "&#9;"); break;
		default:
			if (*c >= 0x20 && *c != 0x7f)
				strbuf_addc(sb, (char)*c);
		}
	}
}

static void header(struct strbuf *sb, const char *text)
{
	strbuf_adds(sb, "  <Header value=\"");
	xml_attr(sb, text);
	strbuf_adds(sb, "\"/>\n");
}

static void text_tag(struct strbuf *sb, const char *title, const char *name, const char *key)
{
	header(sb, title);
	strbuf_addf(sb, "  <Text name=\"%s\" value=\"$%s\"/>\n", name, key);
}

/* The control tag of field f (name: its name, or FIELD_K for rank K), on
 * the object tag to. */
static void control(struct strbuf *sb, const struct scheme_field *f, const char *name, const char *to, int required)
{
	if (f->type == TYPE_TEXT) {
		strbuf_addf(sb, "  <TextArea name=\"%s\" toName=\"%s\" rows=\"2\" maxSubmissions=\"1\" editable=\"true\"%s/>\n",
			    name, to, required ? " required=\"true\"" : "");
		return;
	}
	strbuf_addf(sb, "  <Choices name=\"%s\" toName=\"%s\" choice=\"single-radio\" showInline=\"true\"%s>\n", name,
		    to, required ? " required=\"true\"" : "");
	for (size_t i = 0; i < f->n_categories; i++) {
		const struct scheme_category *k = &f->categories[i];
		strbuf_adds(sb, "    <Choice value=\"");
		xml_attr(sb, k->label && *k->label ? k->label : k->value);
		strbuf_adds(sb, "\" alias=\"");
		xml_attr(sb, k->value);
		strbuf_adds(sb, "\"/>\n");
	}
	strbuf_adds(sb, "  </Choices>\n");
}

/* "FIELD: help", the field's header. */
static void field_header(struct strbuf *sb, const struct scheme_field *f, long rank)
{
	struct strbuf h = STRBUF_INIT;
	strbuf_adds(&h, f->name);
	if (rank)
		strbuf_addf(&h, " (passage %ld)", rank);
	if (f->help)
		strbuf_addf(&h, ": %s", f->help);
	header(sb, strbuf_str(&h));
	strbuf_release(&h);
}

/* A field named as the config names a passage field at a rank: the two
 * could not be told apart in the results. */
static enum status check_names(const struct scheme *sc, long max_rank, struct error *err)
{
	char name[SCHEME_MAX_NAME + 32];
	for (size_t i = 0; i < sc->n_fields; i++) {
		if (sc->fields[i].unit != UNIT_PASSAGE)
			continue;
		for (long k = 1; k <= max_rank; k++) {
			snprintf(name, sizeof(name), "%s_%ld", sc->fields[i].name, k);
			if (scheme_field_find(sc, name))
				return error_set(err, ST_INPUT, "scheme '%s' has a field '%s', the name the Label Studio "
						 "config gives field %s at rank %ld: rename one of them (convqa scheme add)",
						 sc->name, name, sc->fields[i].name, k);
		}
	}
	return ST_OK;
}

static void passages(struct strbuf *sb, const struct scheme *sc, long max_rank)
{
	char name[SCHEME_MAX_NAME + 32], to[32], title[48], key[48];
	for (long k = 1; k <= max_rank; k++) {
		snprintf(to, sizeof(to), "Passage%ld", k);
		snprintf(title, sizeof(title), "Passage %ld", k);
		snprintf(key, sizeof(key), "passage_%ld", k);
		text_tag(sb, title, to, key);
		for (size_t i = 0; i < sc->n_fields; i++) {
			const struct scheme_field *f = &sc->fields[i];
			if (f->unit != UNIT_PASSAGE)
				continue;
			snprintf(name, sizeof(name), "%s_%ld", f->name, k);
			field_header(sb, f, k);
			control(sb, f, name, to, 0);   /* required: a rank an item lacks could not be left */
		}
	}
}

static void config(struct strbuf *sb, const struct scheme *sc, long max_rank)
{
	unsigned shows = sc->shows;
	strbuf_adds(sb, "<View>\n");
	if (shows & SHOW_HISTORY)
		text_tag(sb, "Earlier turns", "History", "history");
	text_tag(sb, "Question", "Question", "question");
	if (shows & SHOW_SYSTEMS)
		text_tag(sb, "System", "System", "system");
	if (export_ls_shows_passages(sc))
		passages(sb, sc, max_rank);
	if (shows & SHOW_ANSWER)
		text_tag(sb, "Answer", "Answer", "answer");
	if (shows & SHOW_EVIDENCE)
		text_tag(sb, "Evidence", "Evidence", "evidence");
	for (size_t i = 0; i < sc->n_fields; i++) {
		const struct scheme_field *f = &sc->fields[i];
		if (f->unit == UNIT_PASSAGE)
			continue;
		field_header(sb, f, 0);
		control(sb, f, f->name, f->unit == UNIT_TURN || !(shows & SHOW_ANSWER) ? "Question" : "Answer",
			f->required && !f->skip_when_empty);
	}
	strbuf_adds(sb, "</View>\n");
}

static enum status write_config(struct store *s, const struct store_label_filter *f, const struct export_options *o,
				const char *project, FILE *out, struct export_counts *counts, struct error *err)
{
	(void)o;
	(void)project;
	struct export_ls_items x;
	enum status st = export_ls_select(s, f, "label-studio-config", &x, err);
	if (st == ST_OK)
		st = check_names(x.scheme, x.max_rank, err);
	if (st == ST_OK) {
		struct strbuf sb = STRBUF_INIT;
		config(&sb, x.scheme, export_ls_shows_passages(x.scheme) ? x.max_rank : 0);
		int failed = fwrite(sb.buf, 1, sb.len, out) != sb.len ? (errno ? errno : EIO) : 0;
		st = export_ls_done(out, failed, (long)x.n, "the Label Studio config", counts, err);
		strbuf_release(&sb);
	}
	export_ls_release(&x);
	return st;
}

static void written(struct store *s, const struct store_label_filter *f, const char *path,
		    const struct export_counts *counts, struct strbuf *sb)
{
	(void)s;
	(void)f;
	if (path)
		strbuf_addf(sb, "wrote the Label Studio labeling config of %ld item%s to %s", counts->n,
			    counts->n == 1 ? "" : "s", path);
}

const struct export_format export_label_studio_config = {
	.name = "label-studio-config",
	.summary = "the labeling config (XML) of those tasks, made from the scheme",
	.write = write_config, .written = written,
};
