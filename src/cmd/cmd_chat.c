/* cmd_chat.c - convqa chat: a live conversation with a system on the chat
 * screen, each exchange stored at once as a turn of a new conversation
 * live-RATER-N (live.h), then its turns judged in the turn screen of the
 * same session (tui.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/common.h"
#include "convqa/labelling.h"
#include "convqa/lock.h"
#include "convqa/model.h"
#include "convqa/store.h"
#include "convqa/store_item.h"
#include "convqa/store_live.h"
#include "convqa/store_replay.h"
#include "convqa/system.h"
#include "convqa/tui.h"

static struct chat_cmd_opts {
	const char *rater, *system, *command, *builtin, *endpoint, *first_from, *round, *timeout;
	const char *systems, *command_b, *builtin_b, *endpoint_b, *history, *seed;
} options;

static const struct cli_opt opts[] = {
	{ "rater", 'r', "NAME", "who converses and judges (default: $USER)", &options.rater, NULL },
	{ "system", 's', "NAME", "the system's name in the project (new, or one it has)", &options.system, NULL },
	{ "command", 0, "CMD", "the program to start, run by /bin/sh -c CMD (docs/systems.md)", &options.command,
	  NULL },
	{ "builtin", 0, "NAME", "a system built in: bm25 (the default: BM25 over the project's passages)",
	  &options.builtin, NULL },
	{ "endpoint", 0, "URL", "a system reached over HTTP (POST, the same JSON: docs/systems.md)",
	  &options.endpoint, NULL },
	{ "first-question-from", 0, "CONV", "fill in the first question of conversation CONV of the project",
	  &options.first_from, NULL },
	{ "round", 0, "NAME", "a live round (round create --live): start from your next first question of it",
	  &options.round, NULL },
	{ "timeout", 0, "S", "seconds the system has for one answer (default 60)", &options.timeout, NULL },
	{ "systems", 0, "A,B", "arena: two systems answer each question, side by side, names hidden (--command and "
	  "the others reach A; --command-b and the others B)", &options.systems, NULL },
	{ "command-b", 0, "CMD", "arena: the program of system B", &options.command_b, NULL },
	{ "builtin-b", 0, "NAME", "arena: system B built in: bm25", &options.builtin_b, NULL },
	{ "endpoint-b", 0, "URL", "arena: system B over HTTP", &options.endpoint_b, NULL },
	{ "history", 0, "H", "arena: preferred (default: the preferred answer is both systems' history; a tie or "
	  "both bad: each its own) or own (each system its own answers)", &options.history, NULL },
	{ "seed", 0, "N", "arena: the seed of the sides' draw, with the conversation's name (default 1)",
	  &options.seed, NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static struct tui_options o;
static struct tui_chat chat;
static char *first_question, *from;

static char *system_a, *system_b;

/* --systems A,B and the options of arena mode. */
static int check_arena(const struct chat_cmd_opts *op)
{
	const char *comma = op->systems ? strchr(op->systems, ',') : NULL;
	long seed = 1;
	if (!op->systems) {
		if (op->command_b || op->builtin_b || op->endpoint_b || op->history || op->seed) {
			cli_printf(stderr, "convqa chat: --command-b, --builtin-b, --endpoint-b, --history and --seed "
				   "go with --systems A,B\n");
			return ST_USAGE;
		}
		return ST_OK;
	}
	if (op->system || op->round) {
		cli_printf(stderr, "convqa chat: --systems A,B names both systems: leave out --%s\n",
			   op->system ? "system" : "round (a live round is chatted with one system)");
		return ST_USAGE;
	}
	if (!comma || comma == op->systems || !comma[1] || strchr(comma + 1, ',') ||
	    strncmp(op->systems, comma + 1, (size_t)(comma - op->systems)) == 0) {
		cli_printf(stderr, "convqa chat: --systems expects two different names A,B, got '%s'\n", op->systems);
		return ST_USAGE;
	}
	if ((op->command_b != NULL) + (op->builtin_b != NULL) + (op->endpoint_b != NULL) > 1 ||
	    (op->builtin_b && strcmp(op->builtin_b, "bm25") != 0)) {
		cli_printf(stderr, "convqa chat: give one of --command-b, --builtin-b bm25 and --endpoint-b\n");
		return ST_USAGE;
	}
	if (op->history && strcmp(op->history, "preferred") != 0 && strcmp(op->history, "own") != 0) {
		cli_printf(stderr, "convqa chat: --history expects preferred or own, got '%s'\n", op->history);
		return ST_USAGE;
	}
	if (op->seed && parse_long(op->seed, 0, 2147483647L, &seed) != 0) {
		cli_printf(stderr, "convqa chat: --seed expects a whole number from 0, got '%s'\n", op->seed);
		return ST_USAGE;
	}
	system_a = xstrndup(op->systems, (size_t)(comma - op->systems));
	system_b = xstrdup(comma + 1);
	chat.history_own = op->history && strcmp(op->history, "own") == 0;
	chat.seed = (uint64_t)seed;
	return ST_OK;
}

static int check(struct cmd_ctx *c)
{
	const struct chat_cmd_opts *op = c->data;
	if (cli_session_check() != ST_OK)
		return ST_USAGE;
	if (check_arena(op) != ST_OK)
		return ST_USAGE;
	if (!op->systems && (!op->system || !*op->system)) {
		cli_printf(stderr, "convqa chat: say which system: --system NAME (its name in the project)\n");
		return ST_USAGE;
	}
	if ((op->command != NULL) + (op->builtin != NULL) + (op->endpoint != NULL) > 1) {
		cli_printf(stderr, "convqa chat: give one of --command, --builtin and --endpoint\n");
		return ST_USAGE;
	}
	if (op->round && op->first_from) {
		cli_printf(stderr, "convqa chat: --round gives the first question: leave out --first-question-from\n");
		return ST_USAGE;
	}
	if (op->builtin && strcmp(op->builtin, "bm25") != 0) {
		cli_printf(stderr, "convqa chat: --builtin expects bm25 (the one built in), got '%s'\n", op->builtin);
		return ST_USAGE;
	}
	chat.timeout = 60;
	if (op->timeout && parse_number(op->timeout, 0.001, 86400, &chat.timeout) != 0) {
		cli_printf(stderr, "convqa chat: --timeout expects seconds, more than 0 and at most 86400, got "
			   "'%s'\n", op->timeout);
		return ST_USAGE;
	}
	o.rater = c->rater;
	int rc = cli_session_rater("chat", "who is chatting?", o.rater);
	if (rc != ST_OK)
		return rc;
	o.project = cli_db_name();
	o.show_systems = !op->systems;   /* the evaluator chose the system; an arena is blind */
	o.started = now_monotonic();
	return CLI_RUN;
}

/* The system's row; adding one is a coordinator's change (when the project
 * has coordinators), as for convqa replay. */
static enum status system_row(struct store *s, const char *name, int64_t *id, struct error *err)
{
	enum store_put res;
	struct store_conflict conflict;
	enum status st = store_begin(s, err);
	if (st != ST_OK)
		return st;
	st = store_put_system(s, name, NULL, id, &res, &conflict, err);
	if (st == ST_OK && res == PUT_NEW)
		st = access_check_coordinator(s, "add a system", err);
	if (st == ST_OK)
		return store_commit(s, err);
	store_rollback(s);
	return st;
}

/* --first-question-from CONV: its first turn's question. */
static enum status first_of(struct store *s, const char *conv, struct error *err)
{
	struct store_replay_turn *t;
	size_t n;
	enum status st = store_replay_turns(s, &conv, 1, 0, &t, &n, err);
	if (st != ST_OK)
		return st;
	if (!*t[0].question)
		st = error_set(err, ST_INPUT, "the first turn of '%s' has no question text", conv);
	else {
		first_question = xstrdup(t[0].question);
		from = xstrdup(conv);
	}
	store_replay_turns_free(t, n);
	return st;
}

/* --round NAME: the rater's next first question of the live round (one no
 * live conversation of theirs started from yet). */
static enum status next_of_round(struct store *s, const char *round, struct error *err)
{
	struct store_live_start *v;
	struct store_round_row *rows;
	size_t n, i = 0;
	enum status st = store_round_list(s, round, &rows, &n, err);
	int live = st == ST_OK && n && rows[0].live;
	if (st == ST_OK)
		store_round_rows_free(rows, n);
	if (st == ST_OK && !live)
		st = error_set(err, ST_INPUT, "round '%s' is not a live round: its raters judge with convqa annotate "
			       "--round %s (a live round: convqa round create NAME --swap-from ROUND --live)", round, round);
	if (st != ST_OK)
		return st;
	st = store_live_starts(s, round, o.rater_id, &v, &n, err);
	if (st != ST_OK)
		return st;
	while (i < n && v[i].started)
		i++;
	if (!n)
		st = error_set(err, ST_INPUT, "round '%s' gives rater '%s' no first questions (a live round: convqa "
			       "round create NAME --swap-from ROUND --live)", round, o.rater);
	else if (i == n)
		st = error_set(err, ST_INPUT, "rater '%s' has a live conversation from each of the %zu first "
			       "questions of round '%s': the round is done", o.rater, n, round);
	else {
		first_question = xstrdup(v[i].question);
		from = xstrdup(v[i].conversation);
	}
	store_live_starts_free(v, n);
	return st;
}

/* The labelling session the judging writes through (the turn task: outside
 * rounds, or in the live round of --round, whose items the conversation's
 * turns become), and the rater's row. */
static enum status open_session(struct labelling *l, struct store *s, struct error *err)
{
	struct labelling_request rq = { .rater = o.rater, .round = options.round,
					.task_rule = LABELLING_TASK_OF_ROUND };
	enum status st = labelling_open(l, s, &rq, err);
	if (st == ST_OK)
		st = labelling_rater_add(l, err);
	if (st != ST_OK)
		return st;
	o.rater_id = l->rater_id;
	o.round = options.round;
	o.round_id = l->round_id;
	o.scheme = l->scheme;
	o.labelling = l;
	return ST_OK;
}

/* Arena mode: the session of the built-in pairwise task (outside rounds)
 * the preferences are stored through. */
static enum status open_prefs(struct labelling *l, struct store *s, struct error *err)
{
	struct labelling_request rq = { .rater = o.rater, .task = "pairwise", .task_given = 1,
					.task_rule = LABELLING_TASK_MUST_MATCH };
	enum status st = labelling_open(l, s, &rq, err);
	return st == ST_OK ? labelling_rater_add(l, err) : st;
}

static enum status chat_session(struct store *s, const struct system_spec *spec, const struct system_spec *spec_b,
				struct error *err)
{
	const char *db = cli_db_path();
	struct lock lock = { -1, 0 };
	struct labelling l = { 0 }, prefs = { 0 };
	enum status st = ST_OK;
	if (store_item_read_only(s))
		st = error_set(err, ST_STORE, "chat: the project '%s' is read-only: nothing could be stored "
			       "(check the file's permissions)", db);
	if (st == ST_OK)
		st = cli_lock_rater(&lock, db, o.rater, "chat", err);
	if (st == ST_OK)
		st = open_session(&l, s, err);
	if (st == ST_OK)
		st = system_row(s, system_a ? system_a : options.system, &chat.system_id, err);
	if (st == ST_OK && system_b)
		st = system_row(s, system_b, &chat.system_b_id, err);
	if (st == ST_OK && system_b)
		st = open_prefs(&prefs, s, err);
	if (st == ST_OK && options.first_from)
		st = first_of(s, options.first_from, err);
	if (st == ST_OK && options.round)
		st = next_of_round(s, options.round, err);
	if (st == ST_OK) {
		chat.spec = spec;
		chat.system = system_a ? system_a : options.system;
		chat.system_b = system_b;
		chat.spec_b = spec_b;
		chat.prefs = &prefs;
		chat.first_question = first_question;
		chat.round = options.round;
		chat.from = from;
		o.chat = &chat;
		st = tui_run(s, &o, err);
	}
	o.labelling = NULL;
	labelling_release(&l);
	labelling_release(&prefs);
	lock_release(&lock);
	return st;
}

static int run(struct cmd_ctx *c)
{
	const struct chat_cmd_opts *op = c->data;
	const char *argv[] = { "/bin/sh", "-c", op->command, NULL };
	struct system_spec spec = { .kind = "bm25", .store = c->store };
	if (op->command)
		spec = (struct system_spec){ .kind = "proc", .argv = argv };
	else if (op->endpoint)
		spec = (struct system_spec){ .kind = "http", .url = op->endpoint,
					     .token = getenv("CONVQA_SYSTEM_TOKEN") };
	const char *argv_b[] = { "/bin/sh", "-c", op->command_b, NULL };
	struct system_spec spec_b = { .kind = "bm25", .store = c->store };
	if (op->command_b)
		spec_b = (struct system_spec){ .kind = "proc", .argv = argv_b };
	else if (op->endpoint_b)
		spec_b = (struct system_spec){ .kind = "http", .url = op->endpoint_b,
					       .token = getenv("CONVQA_SYSTEM_TOKEN") };
	enum status st = chat_session(c->store, &spec, system_b ? &spec_b : NULL, &c->err);
	if (st == ST_OK && chat.conversation)
		cli_printf(stdout, "chat: %zu turn%s stored as conversation %s\n", chat.turns,
			   chat.turns == 1 ? "" : "s", chat.conversation);
	if (st == ST_OK && chat.conversation && system_b)
		cli_printf(stdout, "chat: %zu preference%s between %s and %s stored (convqa report, convqa export "
			   "--format prefs-csv)\n", chat.preferences, chat.preferences == 1 ? "" : "s", system_a, system_b);
	return cli_session_end(c, st, tui_caught_signal());
}

static void release(struct cmd_ctx *c)
{
	free(first_question);
	first_question = NULL;
	free(from);
	from = NULL;
	free(chat.conversation);
	chat.conversation = NULL;
	free(system_a);
	free(system_b);
	system_a = system_b = NULL;
}

const struct cmd_entry cmd_chat_entry = {
	{ "chat",
	  "[--db PATH] [--rater NAME] (--system NAME | --systems A,B) [--command 'CMD' | --builtin bm25 | "
	  "--endpoint URL] [--command-b 'CMD' | --builtin-b bm25 | --endpoint-b URL] [--first-question-from CONV | "
	  "--round NAME] [--timeout S] [--history preferred|own] [--seed N]",
	  "converse with a live system, then judge the conversation's turns",
	  "The chat screen: type a question and press enter; it goes to the system with\n"
	  "the conversation so far, and its answer and passages show as the turn screen\n"
	  "shows them. Each exchange is stored at once, in its own transaction, as a turn\n"
	  "of a new conversation live-RATER-N and system NAME's response to it (the\n"
	  "latency and the raw reply in its metadata). A system that fails, times out or\n"
	  "answers what convqa cannot read leaves the conversation as it was; the\n"
	  "question stays typed and enter sends it again (a new process). Esc cancels a\n"
	  "question waiting for its answer; up and down recall earlier questions. F2\n"
	  "ends the conversation and opens its turns in the turn screen to be judged (F2\n"
	  "before any turn quits). The system: --command (a child speaking JSON lines),\n"
	  "--endpoint (HTTP), or built in, --builtin bm25 (the default). The command runs\n"
	  "with your rights: never pass one from an untrusted source. --round NAME (a\n"
	  "round made with --live) fills in your next first question of that round;\n"
	  "the conversation's turns become your items of the round, judged in it.\n"
	  "Arena: --systems A,B sends each question to both systems at once (--command\n"
	  "and the others reach A, --command-b and the others B) and shows the answers\n"
	  "side by side as A and B, the sides drawn per turn and balanced, the names\n"
	  "hidden; a (or left), b (or right), e (tie) or x (both bad) stores your\n"
	  "preference as a label of the pairwise task, and the next question goes with\n"
	  "the preferred answer as both systems' history (--history own: each its own).\n"
	  "One system failing keeps the other's answer; enter re-sends to it alone.\n"
	  "Scripted runs: CONVQA_SCRIPT=FILE, as for annotate (docs/annotating.md).",
	  opts, 0, 0, NULL },
	CMD_PROJECT | CMD_RATER, &options.rater, check, run, release, &options, NULL,
};
