/*
 * cli.h - the subcommand table, option parsing and the setup every command
 * shares.
 *
 * Adding a subcommand: write src/cmd/cmd_<name>.c defining
 *   const struct cmd_entry cmd_<name>_entry = { spec, flags, rater_opt, check, run,
 *                                               release, data, prepare };
 * with its options in a struct cli_opt table (their values in a struct of
 * the command's, given to check/run as ctx->data) and, for a command of
 * sub-actions (round create, rater list), a struct cli_action table in its
 * spec, which cli_run_command() dispatches; add its row to COMMANDS in
 * main.c (the one list of commands), cmd_<name>.o to CMD_OBJS
 * in the Makefile, a CLI test in tests/cli/ and its sections in
 * docs/commands.md and docs/convqa.1. The setup flags say what
 * cli_run_command() does before run(): open the project (CMD_PROJECT),
 * create a new one (CMD_NEW_PROJECT), take a rater (CMD_RATER).
 * tests/cli/usage.sh checks every command's --help against its parser,
 * tests/cli/manual.sh its options against the manual. A command that
 * records labels or checks a rater's name does it through the labelling
 * module (labelling.h).
 *
 * Each command describes its options in a struct cli_opt table; cli_parse()
 * parses argv with it and prints --help generated from the same table, so
 * the help text cannot drift from what the parser accepts.
 *
 * Ownership: option values and positional arguments point into argv; the
 * project path is borrowed (argv or the environment); a struct cli_output
 * owns its file names until cli_output_close(); ctx->store is opened and
 * closed by cli_run_command().
 */
#ifndef CONVQA_CLI_H
#define CONVQA_CLI_H

#include <stdio.h>

#include "convqa/common.h"

struct cli_opt {
	const char *name;        /* long name without "--" */
	char short_name;         /* 0 if none */
	const char *arg;         /* argument name for help, NULL for a flag */
	const char *help;
	const char **value;      /* where the argument goes (options with arg) */
	int *flag;               /* set to 1 (flags) */
};

struct cmd_ctx;

/* A command's sub-action (scheme list, round create, ...): a command whose
 * spec has actions takes an action's name as its first argument, and
 * cli_run_command() dispatches: an unknown name is "convqa CMD: unknown
 * action 'X' (expected: A, B, C)" (the table's order), a wrong number of
 * arguments "convqa CMD: usage: convqa CMD USAGE"; both exit ST_USAGE
 * before the command's check(). Then ctx->action is the action, and it
 * runs in the entry's place (the entry's run is NULL). */
struct cli_action {
	const char *name;
	const char *usage;       /* what the action takes after the command's name: "show NAME" */
	int nargs;               /* arguments after the action's name */
	int (*run)(struct cmd_ctx *c);   /* c->args[0] is the action's name, args[1..nargs] its own */
	unsigned flags;          /* added to the entry's (enum cmd_flags): CMD_READONLY */
};

struct cli_spec {
	const char *name;        /* subcommand */
	const char *usage;       /* e.g. "[options] FILE..." */
	const char *summary;     /* one line */
	const char *description; /* paragraphs after the usage, may be NULL */
	const struct cli_opt *opts;  /* terminated by an entry with name NULL; NULL: none */
	int min_args, max_args;  /* positional arguments; max -1 = unbounded */
	const struct cli_action *actions;  /* terminated by an entry with name NULL; NULL: none */
};

enum { CLI_RUN = -1 };

/* The project path: --db, else $CONVQA_DB, else ./convqa.db. */
const char *cli_db_path(void);
void cli_set_db_path(const char *path);
/* err set to "no project at PATH" with what to do next (ST_STORE): with
 * the default path (no --db, no $CONVQA_DB), also how to name another. */
enum status cli_no_project(struct error *err);
/* The project file's name without its directory (a UI's header). */
const char *cli_db_name(void);
/* The rater of a UI session (annotate, adjudicate): given, else what is
 * missing (who: "who is labelling?") is asked for, ST_USAGE; a name that
 * is no rater's name, ST_INPUT; both said on stderr as "CMD: ...". */
int cli_session_rater(const char *cmd, const char *who, const char *rater);

struct store;

/* Print "convqa: " + message to stderr; text from task files in it is made
 * inert (controls and escape sequences shown as ^[ ...). */
void report_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print a message (lines as they are, made inert) to stderr. */
void cli_print_message(const char *msg);
/* The one way a command prints text for a person (messages, summaries) to
 * f: formatted, then made inert (text_sanitize: escape sequences, C1 and
 * bidi controls shown as visible text), so a hostile file name, argument or
 * id can never act on the terminal. */
void cli_printf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Print a command's help to stdout. */
void cli_print_help(const struct cli_spec *spec);

/* Where a command writes its document (-o FILE), as shell redirection would
 * but never half-written:
 *   NULL or "-"                standard output
 *   a device, FIFO, terminal   written in place (never replaced)
 *   a directory                refused (ST_IO)
 *   a regular file or new name a temporary file created exclusively beside it
 *                              (mkstemp), renamed over it by cli_output_close()
 *                              with the old file's mode (new: 0666 & ~umask)
 *   a symbolic link            followed: its final target is written as above
 *   a SQLite database, or a    refused (ST_IO): the project, another database,
 *   file beside one            their -wal, -shm and -journal files and the
 *                              project's -annotate.lock (replacing a live WAL
 *                              loses labels; a new lock lets a second session in)
 * Messages name path, never the temporary file. */
struct cli_output {
	FILE *fp;                /* write here */
	const char *path;        /* borrowed; NULL for standard output */
	char *target;            /* owned: path with its links followed */
	char *tmp;               /* owned: the temporary file, NULL if written in place */
};
/* ST_OK, or ST_IO with "cannot write 'PATH': reason" or "-o PATH would
 * replace WHAT: give the output another name" in err. */
enum status cli_output_open(struct cli_output *o, const char *path, struct error *err);
/* Finish the output. With st ST_OK: flush (standard output) or close and
 * rename (a file); ST_IO with a message when that fails. With any other st
 * the temporary file is removed. Returns the final status. */
enum status cli_output_close(struct cli_output *o, enum status st, struct error *err);

struct lock;
/* A rater's session on the project at db (annotate, adjudicate): at most
 * one per rater and project at a time (lock.h). ST_OK with the lock in l
 * (lock_release() it), also when no lock can be had (a warning printed:
 * the session goes on unguarded); ST_STORE "COMMAND: rater 'R' is already
 * annotating the project 'P' in another session (pid N); close it first". */
enum status cli_lock_rater(struct lock *l, const char *db, const char *rater, const char *command,
			   struct error *err);

/* The start of a UI session's check() (annotate, adjudicate): ST_OK, or
 * ST_USAGE with the UI's tables found inconsistent (tui_check_tables())
 * said on stderr. */
int cli_session_check(void);

struct cmd_ctx;
/* For a command reading files named by its arguments (import,
 * import-labels): CLI_RUN, or ST_USAGE with "convqa CMD: '-' (standard
 * input) is given N times: it can be read once" on stderr. */
int cli_check_stdin_once(const struct cmd_ctx *c);

/* Every value given to the option whose value pointer is value, in the
 * order given: an option given again keeps its last value in *value, and a
 * repeatable one (replay --header) reads them all here. *out, NULL-ended,
 * is the caller's to free; its strings point into argv. Returns how many. */
size_t cli_option_values(const char *const *value, const char ***out);

/* The end of a UI session's run() (annotate, adjudicate), with st the
 * session's status and sig the signal that stopped the UI (tui_caught_signal(),
 * 0 for none): the project closed; on a signal, the command released and
 * the process killed by the same signal, now that the terminal is restored,
 * so that the shell sees how it ended. Returns what run() returns. */
int cli_session_end(struct cmd_ctx *c, enum status st, int sig);

/* ---- commands ---------------------------------------------------------- */

enum cmd_flags {
	CMD_PROJECT = 1 << 0,     /* open the project at cli_db_path() into ctx->store */
	CMD_NEW_PROJECT = 1 << 1, /* with CMD_PROJECT: create it; refuse a file that holds one */
	CMD_PROJECT_IF_ANY = 1 << 3, /* with CMD_PROJECT: no file at the path is no error:
				      * ctx->store stays NULL (built-ins need no project) */
	CMD_RATER = 1 << 2,       /* ctx->rater: the command's --rater value, else $USER (may be
				   * NULL or unchecked: the command says what it needs) */
	CMD_READONLY = 1 << 4,    /* with CMD_PROJECT: the command only reads: the project is opened
				   * read-only (STORE_READ_ONLY: a read-only file or directory is
				   * read all the same, nothing is written to it) */
};

/* What a command gets from cli_run_command(). */
struct cmd_entry;
struct cmd_ctx {
	const struct cmd_entry *entry; /* the command being run */
	const struct cli_action *action; /* the sub-action given, if the command has actions */
	char **args;              /* positional arguments (into argv) */
	int nargs;
	struct store *store;      /* CMD_PROJECT: open until run() returns (run may close it
				   * early: store_close(), then NULL) */
	const char *rater;        /* CMD_RATER */
	void *data;               /* the entry's data: the command's own state */
	struct error err;         /* run() may leave its failure here instead of printing
				   * it: cli_run_command() prints it ("convqa: MESSAGE") */
};

struct cmd_entry {
	struct cli_spec spec;     /* name, usage, summary (for the command list and
				   * --help), description, options, arguments */
	unsigned flags;           /* enum cmd_flags */
	const char *const *rater_opt; /* CMD_RATER: where the --rater option's value is */
	/* Check the options (no project yet; ctx->rater is set): usage errors
	 * come before project errors. Returns CLI_RUN to go on, else an exit
	 * code (message printed). May be NULL. */
	int (*check)(struct cmd_ctx *c);
	/* Do the work; returns the exit code, with its message printed or left
	 * in c->err. NULL for a command with actions: the action's run. */
	int (*run)(struct cmd_ctx *c);
	/* Free what check() kept; called after check(), whatever it returned. May be NULL. */
	void (*release)(struct cmd_ctx *c);
	void *data;               /* state of the command's own, passed as ctx->data; may be NULL */
	/* Fill in help text built from tables (e.g. --format's list of formats);
	 * called before the command's help can be printed. May be NULL. */
	void (*prepare)(void);
};

/* Parse argv[1..] (argv[0] is the command's name) with e's options: they
 * may come before or after positional arguments; "--" ends options; --db
 * and --help are accepted by every command (--help prints the help and
 * returns 0, a usage error prints it and returns 1). Then check them, set up what e's flags ask for,
 * run e and tear the setup down. Returns the exit code. */
int cli_run_command(const struct cmd_entry *e, int argc, char **argv);

struct report_options;
/* report and agreement: one state, one run and release (cmd_report.c). */
struct report_cmd {
	const char *name;            /* "report" or "agreement" */
	const char *const *output;   /* the -o option's value */
	struct report_options *o;    /* filled by the command's check() */
	int fmt;                     /* enum report_format, set by check() */
	char *rater_copy;            /* owned (report_parse_raters), freed by release */
};
/* Build the report of state->o from the project and write it in state->fmt
 * to *state->output (NULL: stdout); c->data is the struct report_cmd. */
int cmd_report_run(struct cmd_ctx *c);
void cmd_report_release(struct cmd_ctx *c);

#endif
