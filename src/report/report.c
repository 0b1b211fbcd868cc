/* report.c - options; the tables of sections and of writers; report_build():
 * load the project, build the label layer, then each section of the table
 * that the options select and that applies; report_write() through the
 * writers' table (see report_internal.h). */
#include "convqa/report.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme_read.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/store_report.h"
#include "convqa/strbuf.h"
#include "report_internal.h"

/* A task shown (--task names it, or it has labels) has a field of role
 * relevance, of role correctness. */
static int shows_relevance(const struct rp_ctx *c)
{
	return c->d->relevance.task >= 0;
}

/* The retrieval section: relevance labels, or gold passages to score against. */
static int shows_retrieval(const struct rp_ctx *c)
{
	return shows_relevance(c) || c->d->n_gold_passages > 0;
}

static int shows_correctness(const struct rp_ctx *c)
{
	return c->d->correctness.task >= 0;
}

/* A task shown has a field of role plausibility or faithfulness. */
static int shows_verdicts(const struct rp_ctx *c)
{
	return c->d->plausibility.task >= 0 || c->d->faithfulness.task >= 0;
}

/* The sections, in the order of the report. A new section: a file
 * src/report/report_sec_NAME.c with its build function (declared in
 * report_internal.h), a bit in enum report_section and REPORT_SEC_ALL
 * (report.h), a row here. */
static const struct rp_section sections[] = {
	{ "answers", REPORT_SEC_ANSWERS, RP_NEED_LAYER, shows_correctness, rp_answers },
	{ "retrieval", REPORT_SEC_RETRIEVAL, RP_NEED_LAYER | RP_NEED_R, shows_retrieval, rp_retrieval },
	{ "automatic", REPORT_SEC_AUTOMATIC, RP_NEED_LAYER | RP_NEED_GOLD_ANSWERS | RP_NEED_AUTO_SCORES,
	  rp_automatic_applies, rp_automatic },
	{ "verdicts", REPORT_SEC_VERDICTS, RP_NEED_LAYER, shows_verdicts, rp_verdicts },
	{ "schemes", REPORT_SEC_SCHEMES, RP_NEED_LAYER, rp_schemes_applies, rp_schemes },
	{ "agreement", REPORT_SEC_AGREEMENT, 0, NULL, rp_agreement },
	{ "controls", REPORT_SEC_CONTROLS, 0, rp_controls_applies, rp_controls },
	{ "compare", REPORT_SEC_COMPARE, RP_NEED_LAYER, rp_compare_applies, rp_compare },
	{ "time", REPORT_SEC_TIME, 0, NULL, rp_time },
	{ "preferences", REPORT_SEC_PREFERENCES, RP_NEED_LAYER, rp_preferences_applies, rp_preferences },
};

/* The writers, by enum report_format. A new format: a file
 * src/report/report_fmt_NAME.c with its write function (declared in
 * report_internal.h), a constant in enum report_format (report.h), a row here. */
static const struct rp_writer writers[] = {
	[REPORT_TEXT] = { "text", NULL, rp_write_text },
	[REPORT_JSON] = { "json", NULL, rp_write_json },
	[REPORT_CSV] = { "csv", NULL, rp_write_csv },
	[REPORT_MARKDOWN] = { "md", "markdown", rp_write_md },
	[REPORT_HTML] = { "html", NULL, rp_write_html },
};

/* the preparation (items, labels, automatic scores, layer), then a phase per section */
_Static_assert(4 + ARRAY_SIZE(sections) <= REPORT_MAX_PHASES, "REPORT_MAX_PHASES: one per section");

const char *report_section_name(size_t i)
{
	return i < ARRAY_SIZE(sections) ? sections[i].name : NULL;
}

unsigned rp_needs(const struct report_options *o)
{
	unsigned needs = 0;
	for (size_t i = 0; i < ARRAY_SIZE(sections); i++)
		if (o->sections & sections[i].bit)
			needs |= sections[i].needs;
	needs |= rp_compare_needs(o);
	if ((o->sections & REPORT_SEC_AUTOMATIC) && (o->variants & REPORT_VARIANT_SEED001))
		needs |= RP_NEED_R;   /* seed 001's correct retrievals: the gold passages */
	return needs;
}

void report_options_init(struct report_options *o)
{
	memset(o, 0, sizeof(*o));
	o->by = REPORT_BY_TURN | REPORT_BY_SYSTEM;
	o->sections = REPORT_SEC_ALL;
	o->k[0] = 1;
	o->k[1] = 3;
	o->k[2] = 5;
	o->k[3] = 10;
	o->n_k = 4;
	o->rouge_beta = 1.0;
	o->alpha = 0.05;
	o->resamples = 10000;
	o->seed = 1;
	o->fuzzy_threshold = 0.8;   /* METRICS_FUZZY_THRESHOLD */
	o->reader_k = 5;
}

int report_parse_k(struct report_options *o, const char *list, struct error *err)
{
	const char *p = list;
	size_t n = 0;
	while (*p) {
		char buf[32];
		size_t len = strcspn(p, ",");
		long k;
		if (len == 0 || len >= sizeof(buf) || n == REPORT_MAX_K)
			goto bad;
		memcpy(buf, p, len);
		buf[len] = '\0';
		if (parse_long(buf, 1, 1000, &k) != 0 || (n && (size_t)k <= o->k[n - 1]))
			goto bad;
		o->k[n++] = (size_t)k;
		p += len;
		if (*p == ',' && !*++p)
			goto bad;
	}
	if (n == 0)
		goto bad;
	o->n_k = n;
	return 0;
bad:
	error_set(err, ST_USAGE, "--k expects ascending cutoffs from 1 to 1000 separated by commas (at most %d), "
		  "e.g. 1,3,5,10; got '%s'", REPORT_MAX_K, list);
	return -1;
}

struct name_bit {
	const char *name;
	unsigned bit;
};

/* OR the bits of the comma-separated names in list; -1 on an unknown name. */
static int names_mask(const char *list, const struct name_bit *names, size_t n, unsigned *mask)
{
	const char *p = list;
	*mask = 0;
	do {
		size_t len = strcspn(p, ","), i;
		for (i = 0; i < n; i++)
			if (strlen(names[i].name) == len && strncmp(names[i].name, p, len) == 0)
				break;
		if (i == n)
			return -1;
		*mask |= names[i].bit;
		p += len;
	} while (*p++ == ',');
	return 0;
}

int report_parse_by(struct report_options *o, const char *list, struct error *err)
{
	static const struct name_bit names[] = {
		{ "turn", REPORT_BY_TURN }, { "conversation", REPORT_BY_CONVERSATION },
		{ "system", REPORT_BY_SYSTEM }, { "intent", REPORT_BY_INTENT }, { "rater", REPORT_BY_RATER },
		{ "system-turn", REPORT_BY_SYSTEM_TURN },
		{ "all", REPORT_BY_TURN | REPORT_BY_CONVERSATION | REPORT_BY_SYSTEM | REPORT_BY_INTENT | REPORT_BY_RATER },
		{ "none", 0 },
	};
	if (names_mask(list, names, ARRAY_SIZE(names), &o->by) != 0) {
		error_set(err, ST_USAGE, "--by expects turn, conversation, system, intent, rater, system-turn, all "
			  "or none, separated by commas; got '%s'", list);
		return -1;
	}
	return 0;
}

/* The names name(0), name(1), ... (up to NULL) joined by ", " into sb. */
static void names_list(struct strbuf *sb, const char *(*name)(size_t i))
{
	for (size_t i = 0; name(i); i++)
		strbuf_addf(sb, "%s%s", i ? ", " : "", name(i));
}

int report_parse_sections(struct report_options *o, const char *list, struct error *err)
{
	struct name_bit names[ARRAY_SIZE(sections)];
	for (size_t i = 0; i < ARRAY_SIZE(sections); i++)
		names[i] = (struct name_bit){ sections[i].name, sections[i].bit };
	if (names_mask(list, names, ARRAY_SIZE(names), &o->sections) != 0) {
		struct strbuf sb = STRBUF_INIT;
		names_list(&sb, report_section_name);
		error_set(err, ST_USAGE, "unknown section in '%s' (expected: %s)", list, strbuf_str(&sb));
		strbuf_release(&sb);
		return -1;
	}
	return 0;
}

int report_parse_tasks(struct report_options *o, const char *list, char **copy, struct error *err)
{
	char *s = xstrdup(list), *save = NULL;
	*copy = s;
	o->tasks = 0;
	o->n_schemes = 0;
	for (char *t = strtok_r(s, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		enum model_task mt;
		if (model_task_parse(t, &mt) == 0) {
			o->tasks |= 1u << mt;
			continue;
		}
		if (scheme_name_problem(t) || o->n_schemes == REPORT_MAX_SCHEMES)
			goto bad;
		o->schemes[o->n_schemes++] = t;
	}
	if (o->tasks || o->n_schemes)
		return 0;
bad:
	error_set(err, ST_USAGE, "unknown task in '%s' (expected: turn, plausibility, faithfulness or the names of "
		  "the project's schemes, at most %d, separated by commas)", list, REPORT_MAX_SCHEMES);
	return -1;
}

int report_parse_compare(struct report_options *o, const char *list, char **copy, struct error *err)
{
	char *s = xstrdup(list), *save = NULL;
	*copy = s;
	o->n_compare = 0;
	for (char *t = strtok_r(s, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (o->n_compare == REPORT_MAX_COMPARE) {
			error_set(err, ST_USAGE, "--compare takes at most %d systems", REPORT_MAX_COMPARE);
			return -1;
		}
		for (size_t i = 0; i < o->n_compare; i++)
			if (strcmp(o->compare[i], t) == 0) {
				error_set(err, ST_USAGE, "--compare names system '%s' twice", t);
				return -1;
			}
		o->compare[o->n_compare++] = t;
	}
	if (o->n_compare < 2) {
		error_set(err, ST_USAGE, "--compare expects at least two systems separated by commas, e.g. "
			  "bm25-t5,dense-llm; got '%s'", list);
		return -1;
	}
	return 0;
}

int report_parse_test(struct report_options *o, const char *name, struct error *err)
{
	static const struct { const char *name; enum report_test t; } names[] = {
		{ "permutation", REPORT_TEST_PERMUTATION }, { "bootstrap", REPORT_TEST_BOOTSTRAP },
		{ "mcnemar", REPORT_TEST_MCNEMAR },
	};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strcmp(name, names[i].name) == 0) {
			o->test = names[i].t;
			return 0;
		}
	error_set(err, ST_USAGE, "--test expects permutation, bootstrap or mcnemar, got '%s'", name);
	return -1;
}

int report_parse_correction(struct report_options *o, const char *name, struct error *err)
{
	if (strcmp(name, "holm") == 0 || strcmp(name, "none") == 0) {
		o->no_correction = strcmp(name, "none") == 0;
		return 0;
	}
	error_set(err, ST_USAGE, "--correction expects holm or none, got '%s'", name);
	return -1;
}

int report_parse_variants(struct report_options *o, const char *list, struct error *err)
{
	static const struct name_bit names[] = { { "seed001", REPORT_VARIANT_SEED001 },
						 { "seed003", REPORT_VARIANT_SEED003 } };
	if (names_mask(list, names, ARRAY_SIZE(names), &o->variants) != 0) {
		error_set(err, ST_USAGE, "--variant expects seed001 (top-1 / top-k reader accuracy, has-answer "
			  "subsets) or seed003 (modified precision, nDCG with a 1/(i+1) discount, fuzzy fact "
			  "inclusion), or both; got '%s'", list);
		return -1;
	}
	return 0;
}

int report_parse_thresholds(struct report_options *o, const char *list, char **copy, struct error *err)
{
	char *s = xstrdup(list), *save = NULL;
	*copy = s;
	o->n_thresholds = 0;
	for (char *t = strtok_r(s, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		char *eq = strrchr(t, '=');
		if (strncmp(t, "score:", 6) == 0)
			t += 6;
		if (!eq || eq == t) {
			error_set(err, ST_USAGE, "--threshold expects NAME=T (an imported score and a number, e.g. "
				  "bertscore=0.85); got '%s'", t);
			return -1;
		}
		*eq = '\0';
		if (o->n_thresholds == REPORT_MAX_THRESHOLDS) {
			error_set(err, ST_USAGE, "--threshold takes at most %d scores", REPORT_MAX_THRESHOLDS);
			return -1;
		}
		if (parse_number(eq + 1, -1e300, 1e300, &o->threshold_values[o->n_thresholds]) != 0) {
			error_set(err, ST_USAGE, "--threshold %s: '%s' is not a number (e.g. %s=0.85)", t, eq + 1, t);
			return -1;
		}
		o->threshold_names[o->n_thresholds++] = t;
	}
	if (o->n_thresholds == 0) {
		error_set(err, ST_USAGE, "--threshold expects NAME=T (e.g. bertscore=0.85; several separated by "
			  "commas)");
		return -1;
	}
	return 0;
}

int report_parse_weights(struct report_options *o, const char *name, struct error *err)
{
	static const struct { const char *name; enum agreement_weighting w; } names[] = {
		{ "none", AGREEMENT_UNWEIGHTED }, { "linear", AGREEMENT_LINEAR }, { "quadratic", AGREEMENT_QUADRATIC },
	};
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (strcmp(name, names[i].name) == 0) {
			o->weighting = names[i].w;
			o->weights_given = 1;
			return 0;
		}
	error_set(err, ST_USAGE, "--weights expects none, linear or quadratic, got '%s'", name);
	return -1;
}

int report_parse_raters(struct report_options *o, const char *list, char **copy, struct error *err)
{
	char *s = xstrdup(list), *save = NULL;
	*copy = s;
	o->n_raters = 0;
	for (char *t = strtok_r(s, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		if (o->n_raters == REPORT_MAX_RATERS) {
			error_set(err, ST_USAGE, "--raters takes at most %d names", REPORT_MAX_RATERS);
			return -1;
		}
		o->raters[o->n_raters++] = t;
	}
	if (o->n_raters == 0) {
		error_set(err, ST_USAGE, "--raters expects names separated by commas");
		return -1;
	}
	return 0;
}

int report_parse_consensus(struct report_options *o, const char *s, struct error *err)
{
	if (strcmp(s, "none") == 0) {
		o->consensus = REPORT_CONSENSUS_NONE;
	} else if (strcmp(s, "majority") == 0) {
		o->consensus = REPORT_CONSENSUS_MAJORITY;
	} else if (strcmp(s, "adjudicated") == 0) {
		o->consensus = REPORT_CONSENSUS_ADJUDICATED;
	} else if (strcmp(s, "discard") == 0) {
		o->consensus = REPORT_CONSENSUS_DISCARD;
	} else if (strncmp(s, "rater:", 6) == 0 && s[6]) {
		o->consensus = REPORT_CONSENSUS_RATER;
		o->consensus_rater = s + 6;
	} else {
		error_set(err, ST_USAGE, "--consensus expects majority, adjudicated, discard, rater:NAME or none; got '%s'", s);
		return -1;
	}
	return 0;
}

int report_format_parse(const char *name, enum report_format *f, struct error *err)
{
	for (size_t i = 0; i < ARRAY_SIZE(writers); i++)
		if (strcmp(writers[i].name, name) == 0 || (writers[i].alias && strcmp(writers[i].alias, name) == 0)) {
			*f = (enum report_format)i;
			return 0;
		}
	struct strbuf sb = STRBUF_INIT;
	names_list(&sb, report_format_name);
	error_set(err, ST_USAGE, "unknown format '%s' (expected: %s)", name, strbuf_str(&sb));
	strbuf_release(&sb);
	return -1;
}

const char *report_format_name(size_t i)
{
	return i < ARRAY_SIZE(writers) ? writers[i].name : NULL;
}

static const char *layer_text(const struct report_options *o)
{
	switch (o->consensus) {
	case REPORT_CONSENSUS_NONE:
		return "every rater's judgement (an item two raters labelled counts twice)";
	case REPORT_CONSENSUS_MAJORITY:
		return "majority: per item and field the most frequent value among the raters; a tie is no consensus";
	case REPORT_CONSENSUS_ADJUDICATED:
		return "adjudicated: an adjudicator's value where there is one, else the raters' value when they "
		       "all agree; otherwise no consensus";
	case REPORT_CONSENSUS_RATER:
		return "one rater's labels";
	case REPORT_CONSENSUS_DISCARD:
		return "discard: per item and field the raters' value when they all agree; a unit with any "
		       "disagreement is left out (counted as no consensus)";
	}
	return "";
}

static void phase(struct report *r, const char *name, double seconds)
{
	if (r->n_phases < REPORT_MAX_PHASES) {
		r->phase_name[r->n_phases] = name;
		r->phase_seconds[r->n_phases++] = seconds;
	}
}

/* The sections o selects that have something to say, in table order, each
 * timed. */
/* Sections that read only what is loaded (no SQLite connection, nothing
 * computed on first use): built in a second thread beside the others. */
static int runs_beside(const struct rp_section *sec)
{
	return sec->bit == REPORT_SEC_RETRIEVAL || sec->bit == REPORT_SEC_TIME;
}

/* The sections built beside the others: into their own parts, with their
 * own error. */
struct beside {
	struct rp_ctx c;
	struct report *part;            /* a report of one section each, by section */
	const uint8_t *build;           /* which sections to build */
	double *seconds;
	enum status *st;
	struct error err;
};

static void build_one(struct rp_ctx *c, size_t i, struct report *part, double *seconds, enum status *st)
{
	double t0 = now_monotonic();
	c->r = part;
	*st = sections[i].build(c);
	*seconds = now_monotonic() - t0;
}

static void *beside_run(void *arg)
{
	struct beside *b = arg;
	for (size_t i = 0; i < ARRAY_SIZE(sections); i++)
		if (b->build[i] && runs_beside(&sections[i]))
			build_one(&b->c, i, &b->part[i], &b->seconds[i], &b->st[i]);
	return NULL;
}

/* Each section into a part of its own (those that read only what is
 * loaded in a second thread), then the parts in the table's order; the
 * first failure in that order is the report's. */
static enum status build_sections(struct rp_ctx *c)
{
	struct report *r = c->r, part[ARRAY_SIZE(sections)];
	uint8_t build[ARRAY_SIZE(sections)] = { 0 };
	double seconds[ARRAY_SIZE(sections)] = { 0 };
	enum status st[ARRAY_SIZE(sections)] = { ST_OK };
	struct beside b = { .c = *c, .part = part, .build = build, .seconds = seconds, .st = st };
	pthread_t thread;
	memset(part, 0, sizeof(part));
	for (size_t i = 0; i < ARRAY_SIZE(sections); i++)
		build[i] = (c->o->sections & sections[i].bit) && (!sections[i].applies || sections[i].applies(c));
	b.c.err = &b.err;
	int threaded = pthread_create(&thread, NULL, beside_run, &b) == 0;
	for (size_t i = 0; i < ARRAY_SIZE(sections); i++)
		if (build[i] && (!threaded || !runs_beside(&sections[i])))
			build_one(c, i, &part[i], &seconds[i], &st[i]);
	if (threaded)
		pthread_join(thread, NULL);
	c->r = r;
	enum status ret = ST_OK;
	for (size_t i = 0; i < ARRAY_SIZE(sections); i++) {
		if (build[i] && ret == ST_OK) {
			phase(r, sections[i].name, seconds[i]);
			if ((ret = st[i]) != ST_OK && threaded && runs_beside(&sections[i]))
				*c->err = b.err;
		}
		for (size_t k = 0; k < part[i].n_sections; k++) {
			xgrow(&r->sections, &r->cap_sections, r->n_sections + 1, sizeof(*r->sections));
			r->sections[r->n_sections++] = part[i].sections[k];
		}
		free(part[i].sections);   /* the sections add no meta (header() does) */
	}
	return ret;
}

void report_timings(const struct report *r, char *out, size_t size)
{
	size_t len = 0;
	out[0] = '\0';
	for (size_t i = 0; i < r->n_phases && len < size; i++) {
		int n = snprintf(out + len, size - len, "%s%s %.3f s", i ? ", " : "", r->phase_name[i],
				 r->phase_seconds[i]);
		if (n < 0)
			break;
		len += (size_t)n;
	}
}

static void header(struct report *r, const struct report_options *o, const struct rp_data *d, uint32_t shown)
{
	struct strbuf sb = STRBUF_INIT;
	char now[32];
	report_meta(r, "command", "%s", o->command ? o->command : "report");
	report_meta(r, "project", "%s", o->project ? o->project : "");
	now_iso8601(now);
	report_meta(r, "generated_at", "%s", now);
	report_meta(r, "round", "%s", o->round ? o->round : "all (every round and labels outside rounds)");
	for (size_t t = 0; t < d->n_tasks; t++)
		if (shown & (1u << t))
			strbuf_addf(&sb, "%s%s", sb.len ? ", " : "", d->tasks[t].name);
	report_meta(r, "tasks", "%s", sb.len ? strbuf_str(&sb) : "(none labelled)");
	strbuf_reset(&sb);
	/* with --round, the raters who labelled in it; else every rater selected */
	uint8_t *seen = xcalloc(d->n_raters + 1, 1);
	for (size_t j = 0; j < d->n_judgements; j++)
		seen[d->judgements[j].rater] = 1;
	for (size_t i = 0; i < d->n_raters; i++)
		if (seen[i] || !o->round)
			strbuf_addf(&sb, "%s%s%s%s", sb.len ? ", " : "", d->raters[i].name,
				    d->raters[i].adjudicator ? " (adjudicator)" : "",
				    d->raters[i].distrusted && !d->raters[i].adjudicator && rp_is_consensus(o->consensus) ?
					    " (distrusted: left out of the consensus)" : "");
	free(seen);
	report_meta(r, "raters", "%s", sb.len ? strbuf_str(&sb) : "(none)");
	if (o->blind_for)
		report_meta(r, "blind", "as %s (the rater this account is bound to): other raters' labels of "
			    "open rounds are left out", o->blind_for);
	strbuf_reset(&sb);
	for (size_t i = 0; i < o->n_k; i++)
		strbuf_addf(&sb, "%s%zu", i ? "," : "", o->k[i]);
	if (!(rp_needs(o) & RP_NEED_LAYER)) {
		report_meta(r, "layer", "(none: agreement compares the raters' own values)");
		report_meta(r, "k", "(not used)");
	} else {
		if (o->consensus == REPORT_CONSENSUS_RATER)
			report_meta(r, "layer", "rater:%s (%s)", o->consensus_rater, layer_text(o));
		else
			report_meta(r, "layer", "%s", layer_text(o));
		report_meta(r, "k", "%s", strbuf_str(&sb));
	}
	report_meta(r, "label_rows", "%ld", d->label_rows);
	if (d->control_rows)
		report_meta(r, "control_rows", "%ld left out: judgements of control items score their rater "
			    "against the known answers (section controls), they are not the study's", d->control_rows);
	if (o->round) {   /* the items labelled in the rounds, and all of the project's */
		size_t n = 0;
		for (size_t i = 0; i < d->n_items; i++)
			n += d->items[i].in_round;
		report_meta(r, "items", "%zu", n);
		report_meta(r, "all_items", "%zu", d->n_items);
	} else {
		report_meta(r, "items", "%zu", d->n_items);
	}
	strbuf_release(&sb);
}

/* The automatic answer metrics run in a second thread while the labels
 * load (the two longest steps of a big report); without a thread they run
 * in turn. */
struct auto_job {
	const struct rp_data *d;
	const struct report_options *o;
	double *val;
	uint8_t *scored;
	double seconds;
};

static void *auto_job_run(void *arg)
{
	struct auto_job *j = arg;
	double t0 = now_monotonic();
	rp_auto_scores(j->d, j->o, j->val, j->scored);
	j->seconds = now_monotonic() - t0;
	return NULL;
}

/* The rounds of --round "A,B" (each the project's, at most
 * REPORT_MAX_ROUNDS). */
static enum status find_rounds(struct store *s, const char *list, int64_t *ids, size_t *n, struct error *err)
{
	char *copy = xstrdup(list);
	enum status st = ST_OK;
	*n = 0;
	for (char *p = copy, *next; st == ST_OK && p; p = next) {
		next = strchr(p, ',');
		if (next)
			*next++ = 0;
		if (*n == REPORT_MAX_ROUNDS)
			st = error_set(err, ST_USAGE, "--round takes at most %d rounds", REPORT_MAX_ROUNDS);
		else
			st = store_round_info(s, p, &ids[(*n)++], NULL, NULL, err);
	}
	free(copy);
	return st;
}

/* The running account's view (o->blind_for): the open rounds, whose other
 * raters' labels it does not see. */
static enum status blind(struct store *s, const struct report_options *o, struct rp_loader *loader,
			 int64_t **open_rounds, struct error *err)
{
	struct store_round_row *rows;
	size_t n, n_open = 0;
	int64_t viewer = 0;
	enum status st = store_rater_find(s, o->blind_for, &viewer, err);
	if (st == ST_OK)
		st = store_round_list(s, NULL, &rows, &n, err);
	if (st != ST_OK)
		return st;
	*open_rounds = xcalloc(n + 1, sizeof(**open_rounds));
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		if (!rows[i].status)
			st = store_damaged(store_path(s), err, "round %lld: status is NULL, which the schema does not "
					   "allow", (long long)rows[i].id);
		else if (strcmp(rows[i].status, "open") == 0)
			(*open_rounds)[n_open++] = rows[i].id;
	}
	store_round_rows_free(rows, n);
	if (st != ST_OK)
		return st;
	rp_loader_blind(loader, viewer ? viewer : -1, *open_rounds, n_open);
	return ST_OK;
}

/* The labels of the selection, as the running account may see them: of
 * one round, its rows alone; of several, the rows of those rounds. */
static enum status load_labels(struct store *s, const struct report_options *o, struct rp_loader *loader,
			       const int64_t *rounds, size_t n_rounds, struct error *err)
{
	int64_t *open_rounds = NULL;
	enum status st = o->blind_for ? blind(s, o, loader, &open_rounds, err) : ST_OK;
	if (st == ST_OK && n_rounds > 1)
		rp_loader_rounds(loader, rounds, n_rounds);
	if (st == ST_OK)
		st = rp_load_labels(loader, n_rounds == 1 ? rounds[0] : 0);
	free(open_rounds);
	return st;
}

enum status report_build(struct store *s, const struct report_options *o, struct report **out,
			 struct error *err)
{
	struct rp_data d;
	struct rp_layer layer;
	struct rp_loader *loader = NULL;
	struct store_reader *rd = NULL;
	struct report *r = NULL;
	struct auto_job job = { &d, o, NULL, NULL, 0 };
	pthread_t thread;
	int threaded = 0;
	int64_t round_id = 0;
	enum status st = ST_OK;
	unsigned needs = rp_needs(o);
	int need_auto;

	*out = NULL;
	memset(&d, 0, sizeof(d));
	memset(&layer, 0, sizeof(layer));
	int64_t rounds[REPORT_MAX_ROUNDS];
	size_t n_rounds = 0;
	if (o->round && (st = find_rounds(s, o->round, rounds, &n_rounds, err)) != ST_OK)
		return st;
	round_id = n_rounds == 1 ? rounds[0] : 0;
	st = rp_load_tasks(s, o, &d, err);
	if (st != ST_OK) {
		rp_release(&d);
		return st;
	}
	need_auto = (d.selected & (1u << TASK_TURN)) && (needs & RP_NEED_AUTO_SCORES);
	double t0 = now_monotonic(), t_items, t_labels, t_layer;
	st = store_reader_open(s, &rd, err);
	if (st == ST_OK)
		st = rp_load_items(rd, o, &d, &loader, err);
	t_items = now_monotonic();
	if (st == ST_OK && need_auto) {
		job.val = xcalloc(d.n_items * RP_N_AUTO + 1, sizeof(double));
		job.scored = xcalloc(d.n_items + 1, 1);
		threaded = pthread_create(&thread, NULL, auto_job_run, &job) == 0;
		if (!threaded)
			auto_job_run(&job);
	}
	if (st == ST_OK)
		st = load_labels(s, o, loader, rounds, n_rounds, err);
	t_labels = now_monotonic();
	rp_loader_free(loader);
	if (st == ST_OK)
		rp_find_roles(&d, rp_tasks_given(o, &d));
	/* the automatic scores read the items only: they go on beside the layer */
	if (st == ST_OK && (needs & RP_NEED_LAYER))
		st = rp_layer_build(rd, &d, o, &layer, err);
	t_layer = now_monotonic();
	if (threaded)
		pthread_join(thread, NULL);
	if (st == ST_OK) {
		r = xcalloc(1, sizeof(*r));
		/* a task's sections appear when --task names it or its labels exist */
		struct rp_ctx c = { .store = rd, .db = s, .round_id = round_id, .o = o, .d = &d, .layer = &layer,
				    .r = r, .err = err,
				    .round_given = o->round != NULL, .shown = rp_tasks_given(o, &d),
				    .auto_val = job.val, .auto_scored = job.scored };
		phase(r, "items", t_items - t0);
		phase(r, "labels", t_labels - t_items);
		if (need_auto)
			phase(r, threaded ? "automatic scores (in a 2nd thread)" : "automatic scores", job.seconds);
		phase(r, "layer", t_layer - t_labels);
		header(r, o, &d, c.shown);
		st = build_sections(&c);
	}
	store_reader_close(rd);
	free(job.val);
	free(job.scored);
	rp_layer_release(&layer);
	rp_release(&d);
	if (st != ST_OK) {
		report_free(r);
		return st;
	}
	*out = r;
	return ST_OK;
}

enum status report_write(const struct report *r, enum report_format f, FILE *out, struct error *err)
{
	const struct rp_writer *w = (unsigned)f < ARRAY_SIZE(writers) ? &writers[f] : &writers[REPORT_TEXT];
	errno = 0;
	int rc = w->write(r, out);
	if (rc != 0 || ferror(out))
		return error_set(err, ST_IO, "cannot write the report: %s", errno ? strerror(errno) : "write error");
	return ST_OK;
}
