/*
 * common.h - allocation, error values and small helpers shared by every module.
 *
 * Errors are values: functions that can fail return an `enum status` and, on
 * failure, leave a message in a caller-owned `struct error` (or the process-wide
 * one behind error()). Only main() and cmd_*.c print messages and pick exit
 * codes. Allocation failure is not an error value: xmalloc() and friends abort.
 */
#ifndef CONVQA_COMMON_H
#define CONVQA_COMMON_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CONVQA_VERSION "0.1.0"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Statuses double as exit codes (see docs/commands.md "Exit codes"). */
enum status {
	ST_OK = 0,
	ST_USAGE = 1,   /* bad command line */
	ST_INPUT = 2,   /* bad input data: syntax, schema, conflicts */
	ST_STORE = 3,   /* project file cannot be opened, read or written */
	ST_IO = 4,      /* an input or output file cannot be read or written */
};

/* A message attached to a failed status. Fixed size so it never allocates. */
struct error {
	enum status status;
	char msg[4096];
};

/* Set err (may be NULL) to status and a printf-style message; returns status. */
enum status error_set(struct error *err, enum status status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void error_clear(struct error *err);

/* Allocation that aborts on failure; free with free(). */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
/* xstrdup(s), or NULL for NULL (an optional string). */
char *xstrdup_or_null(const char *s);
/* The first n bytes of s, or all of s when it is shorter (up to its NUL:
 * no byte past it is read), NUL-terminated. */
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow *p (array of elem-size items, capacity *cap) to hold at least n items. */
void xgrow(void *pp, size_t *cap, size_t n, size_t elem);

/* The largest file read_file() reads (a task file of this size needs about
 * three times as much memory to import). */
#define READ_FILE_MAX ((size_t)1024 * 1024 * 1024)

/* Read a whole file into a NUL-terminated buffer; *len gets its length.
 * Regular files, pipes and devices alike (/dev/stdin, a shell's <(...)).
 * Caller frees the buffer. Returns ST_IO with a message on failure (also
 * for files larger than READ_FILE_MAX). */
enum status read_file(const char *path, char **buf, size_t *len, struct error *err);

/* The same for an open stream f (read to its end, not closed) with a limit
 * of max bytes; what names it in messages: "'tasks.json'", "standard input". */
enum status read_stream(FILE *f, const char *what, size_t max, char **buf, size_t *len, struct error *err);

/* read_file() and read_stream() for a text convqa parses (JSON): at most
 * max bytes, and no further than the first NUL byte, which no text holds
 * (read up to it, so that the parser says where it is: /dev/zero ends at
 * once). why, if not NULL, ends the message of a text larger than max
 * ("cannot read 'F': larger than 1 MiB, WHY") instead of "the most convqa
 * reads at once". */
enum status read_text_file(const char *path, size_t max, const char *why, char **buf, size_t *len,
			   struct error *err);
enum status read_text_stream(FILE *f, const char *what, size_t max, const char *why, char **buf, size_t *len,
			     struct error *err);

/* Bytes of memory this process can still use: the least of MemAvailable in
 * /proc/meminfo (else the free physical pages), /sys/fs/cgroup/memory.max
 * minus memory.current (a container's cgroup v2), and RLIMIT_AS / RLIMIT_DATA minus what the process uses of
 * them. *source names the one that gave the figure; SIZE_MAX when none is
 * known. */
size_t mem_available(const char **source);

/* The one clock of every time stamp the program writes: the current time
 * as an ISO 8601 UTC string "YYYY-MM-DDTHH:MM:SS.mmmZ" into out[32]; with
 * $CONVQA_NOW set (tests, reproducible runs), that time instead. */
void now_iso8601(char out[32]);
/* 0 when $CONVQA_NOW is set but not a time (main() refuses to start). */
int clock_check(void);
/* 1 when t is a real UTC time "YYYY-MM-DDTHH:MM:SS.mmmZ" (millis > 0),
 * "YYYY-MM-DDTHH:MM:SSZ" (millis == 0) or either (millis < 0): digits where
 * they belong and a date and time that exist (no 2020-13-45T99:99:99Z). */
int iso8601_valid(const char *t, int millis);
/* Monotonic seconds (for timing). */
double now_monotonic(void);

/* Parse a decimal integer in [min, max]; returns 0 on success. */
int parse_long(const char *s, long min, long max, long *out);
/* Parse a decimal number in [min, max] (not NaN); returns 0 on success. */
int parse_number(const char *s, double min, double max, double *out);
/* The index of name in names[0..n-1] (an enum's table of names), or -1. */
int name_index(const char *const *names, int n, const char *name);

/* splitmix64 (Steele, Lea and Flood 2014; Vigna's reference code): the
 * next 64 bits of the stream that *state (any value, the seed to begin
 * with) is at; the same stream on every platform. The seeded draws of
 * rounds, samples, answer orders and comparisons all come from it
 * (inline: the bootstrap draws a billion). */
static inline uint64_t rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}
/* Uniform in [0, n), n >= 1, without modulo bias: a draw at or above the
 * last whole multiple of n is drawn again. */
size_t rng_below(uint64_t *state, size_t n);

#endif
