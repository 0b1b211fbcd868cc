/* cmd_replay.c - convqa replay: automatic evaluation; every turn of the
 * chosen conversations sent to a system started from a command or reached
 * at an HTTP endpoint, each reply stored as that system's response
 * (replay.h does the work). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "convqa/access.h"
#include "convqa/cli.h"
#include "convqa/replay.h"
#include "convqa/store.h"
#include "convqa/system.h"

#define REPLAY_MAX_PARALLEL 64

static struct replay_cmd_opts {
	const char *system, *command, *endpoint, *header, *conversations, *history, *timeout, *parallel;
	int all, verbose;
} options;
static const struct cli_opt opts[] = {
	{ "system", 's', "NAME", "the system's name in the project (new, or one it has)", &options.system, NULL },
	{ "command", 0, "CMD", "the program to start, run by /bin/sh -c CMD (docs/systems.md)", &options.command,
	  NULL },
	{ "endpoint", 0, "URL", "or the HTTP server to POST each turn to (docs/systems.md)", &options.endpoint,
	  NULL },
	{ "header", 0, "'K: V'", "with --endpoint: a request header, repeatable (values never shown); the token "
	  "comes from $CONVQA_SYSTEM_TOKEN", &options.header, NULL },
	{ "conversations", 0, "LIST", "the conversations to replay, by id, comma-separated", &options.conversations,
	  NULL },
	{ "all", 0, NULL, "replay every conversation of the project", NULL, &options.all },
	{ "history", 0, "KIND", "gold (the gold answers, default) or system (its own answers)", &options.history,
	  NULL },
	{ "timeout", 0, "S", "seconds the system has for one turn (default 60)", &options.timeout, NULL },
	{ "parallel", 0, "N", "N processes or HTTP requests at once, each on its own conversations (default 1)",
	  &options.parallel, NULL },
	{ "verbose", 'v', NULL, "with --endpoint: say each HTTP attempt on stderr (status, time, retries)", NULL,
	  &options.verbose },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static struct replay_opts ro;
static char **convs;
static const char **headers;
static struct {
	double started;
	long todo;
	int tty;
} progress_state;

/* The comma-separated ids of list into convs. 0, or -1 when one is empty. */
static int split(const char *list)
{
	size_t n = 1;
	for (const char *p = list; *p; p++)
		n += *p == ',';
	convs = xcalloc(n + 1, sizeof(*convs));
	ro.n_conversations = 0;
	for (const char *p = list;;) {
		const char *next = strchr(p, ',');
		size_t len = next ? (size_t)(next - p) : strlen(p);
		if (len == 0)
			return -1;
		convs[ro.n_conversations] = xcalloc(len + 1, 1);
		memcpy(convs[ro.n_conversations++], p, len);
		if (!next)
			return 0;
		p = next + 1;
	}
}

static int check_numbers(const struct replay_cmd_opts *o)
{
	long par = 1;
	ro.timeout = 60;
	if (o->timeout && parse_number(o->timeout, 0.001, 86400, &ro.timeout) != 0) {
		cli_printf(stderr, "convqa replay: --timeout expects seconds, more than 0 and at most 86400, got "
			   "'%s'\n", o->timeout);
		return ST_USAGE;
	}
	if (o->parallel && parse_long(o->parallel, 1, REPLAY_MAX_PARALLEL, &par) != 0) {
		cli_printf(stderr, "convqa replay: --parallel expects a whole number from 1 to %d, got '%s'\n",
			   REPLAY_MAX_PARALLEL, o->parallel);
		return ST_USAGE;
	}
	ro.parallel = (size_t)par;
	return CLI_RUN;
}

/* --endpoint's URL and --header's values (never shown: they may hold keys). */
static int check_endpoint(const struct replay_cmd_opts *o)
{
	size_t n = cli_option_values(&o->header, &headers);
	if (n && !o->endpoint) {
		cli_printf(stderr, "convqa replay: --header goes with --endpoint (a command gets no headers)\n");
		return ST_USAGE;
	}
	if (o->endpoint && strncasecmp(o->endpoint, "http://", 7) != 0 && strncasecmp(o->endpoint, "https://", 8) != 0) {
		cli_printf(stderr, "convqa replay: --endpoint expects an http:// or https:// URL\n");
		return ST_USAGE;
	}
	for (size_t i = 0; i < n; i++) {
		const char *colon = strchr(headers[i], ':');
		if (!colon || colon == headers[i] || (size_t)(colon - headers[i]) > strcspn(headers[i], " \t\r\n") ||
		    strpbrk(headers[i], "\r\n")) {
			cli_printf(stderr, "convqa replay: --header number %zu is not 'Name: value' (a name without "
				   "spaces, a colon, the value; the value is not shown)\n", i + 1);
			return ST_USAGE;
		}
	}
	return CLI_RUN;
}

static int check(struct cmd_ctx *c)
{
	const struct replay_cmd_opts *o = c->data;
	if (!o->system || !*o->system || (!o->command || !*o->command) == (!o->endpoint || !*o->endpoint)) {
		cli_printf(stderr, "convqa replay: say which system and how to reach it: --system NAME and one of "
			   "--command 'CMD' or --endpoint URL\n");
		return ST_USAGE;
	}
	int rc = check_endpoint(o);
	if (rc != CLI_RUN)
		return rc;
	if (!o->all == !o->conversations) {
		cli_printf(stderr, "convqa replay: say which conversations: --conversations c1,c2 or --all "
			   "(one of the two)\n");
		return ST_USAGE;
	}
	if (o->conversations && split(o->conversations) != 0) {
		cli_printf(stderr, "convqa replay: --conversations '%s' has an empty id\n", o->conversations);
		return ST_USAGE;
	}
	ro.history = REPLAY_HISTORY_GOLD;
	if (o->history && strcmp(o->history, "system") == 0)
		ro.history = REPLAY_HISTORY_SYSTEM;
	else if (o->history && strcmp(o->history, "gold") != 0) {
		cli_printf(stderr, "convqa replay: --history expects gold or system, got '%s'\n", o->history);
		return ST_USAGE;
	}
	return check_numbers(o);
}

static void show_progress(const struct replay_counts *c, void *ctx)
{
	(void)ctx;
	if (!progress_state.tty)
		return;
	double secs = now_monotonic() - progress_state.started;
	long done = c->stored, todo = progress_state.todo ? progress_state.todo : c->total - c->skipped;
	if (!progress_state.todo)
		progress_state.todo = todo;
	double rate = secs > 0 ? done / secs : 0;
	fprintf(stderr, "\rreplay: %ld/%ld turns, %.1f turns/s", done, todo, rate);
	if (rate > 0)
		fprintf(stderr, ", about %.0f s left  ", (double)(todo - done) / rate);
	fflush(stderr);
}

/* --verbose: a line for each HTTP attempt (the system hides the secrets). */
static void show_trace(const char *line, void *ctx)
{
	(void)ctx;
	if (progress_state.tty)
		fputc('\n', stderr);
	cli_printf(stderr, "convqa replay: %s\n", line);
}

static void show_message(const char *msg, void *ctx)
{
	(void)ctx;
	if (progress_state.tty)
		fputc('\n', stderr);
	cli_printf(stderr, "convqa replay: %s\n", msg);
}

/* The system's row, added when the project lacks it (a coordinator's
 * change when the project has one). */
static enum status system_row(struct cmd_ctx *c, const char *name, int64_t *id)
{
	enum store_put res;
	struct store_conflict conflict;
	enum status st = store_begin(c->store, &c->err);
	if (st != ST_OK)
		return st;
	st = access_check_coordinator(c->store, "replay conversations", &c->err);
	if (st == ST_OK)
		st = store_put_system(c->store, name, NULL, id, &res, &conflict, &c->err);
	if (st == ST_OK)
		return store_commit(c->store, &c->err);
	store_rollback(c->store);
	return st;
}

static int run(struct cmd_ctx *c)
{
	const struct replay_cmd_opts *o = c->data;
	const char *argv[] = { "/bin/sh", "-c", o->command, NULL };
	struct system_spec spec = { .kind = "proc", .argv = argv };
	if (o->endpoint)
		spec = (struct system_spec){ .kind = "http", .url = o->endpoint, .headers = headers,
					     .token = getenv("CONVQA_SYSTEM_TOKEN"),
					     .trace = o->verbose ? show_trace : NULL };
	struct replay_counts counts;
	enum status st = system_row(c, o->system, &ro.system_id);
	if (st != ST_OK)
		return st;
	ro.spec = &spec;
	ro.conversations = (const char *const *)convs;
	ro.progress = show_progress;
	ro.message = show_message;
	progress_state.started = now_monotonic();
	progress_state.tty = isatty(STDERR_FILENO);
	st = replay_run(c->store, &ro, &counts, &c->err);
	if (progress_state.tty)
		fputc('\n', stderr);
	cli_printf(stdout, "replay: %ld turn%s sent, %ld stored, %ld skipped as already answered, %ld failed\n",
		   counts.sent, counts.sent == 1 ? "" : "s", counts.stored, counts.skipped, counts.failed);
	return st;
}

static void release(struct cmd_ctx *c)
{
	(void)c;
	for (size_t i = 0; convs && convs[i]; i++)
		free(convs[i]);
	free(convs);
	convs = NULL;
	free(headers);
	headers = NULL;
}

const struct cmd_entry cmd_replay_entry = {
	{ "replay",
	  "[--db PATH] --system NAME (--command 'CMD' | --endpoint URL [--header 'K: V']... [-v]) "
	  "(--conversations LIST | --all) [--history gold|system] [--timeout S] [--parallel N]",
	  "send gold conversations to a live system turn by turn and store its answers",
	  "Automatic evaluation: every turn of the chosen conversations is sent, in\n"
	  "order, to the system started by /bin/sh -c CMD (a child speaking JSON\n"
	  "lines) or to the HTTP server at URL (a POST of JSON per turn, the bearer\n"
	  "token from $CONVQA_SYSTEM_TOKEN; docs/systems.md has both protocols),\n"
	  "with as history the earlier questions and their first gold answers\n"
	  "(--history gold) or the system's own answers (--history system). Each\n"
	  "reply is stored at once, in its own transaction, as system NAME's\n"
	  "response: its answer, its ranked passages (passages the project lacks\n"
	  "are added) and its rewrite. A turn NAME answered already is not sent\n"
	  "again: run the same command again to resume. A turn that fails or times\n"
	  "out is said and sent once more to a new process (or connection); a\n"
	  "second failure stops the replay (exit 4), keeping what was stored. Over\n"
	  "HTTP, refused connections, 429 and 503 are retried within the turn (4\n"
	  "attempts, waits from 0.25 s doubling, Retry-After honoured up to 30 s).\n"
	  "--parallel N runs N processes or requests at once, each taking whole\n"
	  "conversations. Then convqa report --system NAME --by turn gives the\n"
	  "answer and retrieval metrics by turn depth. The command runs with your\n"
	  "rights: never pass one from an untrusted source.",
	  opts, 0, 0, NULL },
	CMD_PROJECT, NULL, check, run, release, &options, NULL,
};
