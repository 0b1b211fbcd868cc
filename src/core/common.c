/* common.c - allocation, error values, file reading, time. */
#include "convqa/common.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum status error_set(struct error *err, enum status status, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
		va_end(ap);
		err->status = status;
	}
	return status;
}

void error_clear(struct error *err)
{
	if (err) {
		err->status = ST_OK;
		err->msg[0] = '\0';
	}
}

static void oom(size_t size)
{
	fprintf(stderr, "convqa: out of memory (%zu bytes)\n", size);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		oom(size);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		oom(size);
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrdup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

char *xstrndup(const char *s, size_t n)
{
	n = strnlen(s, n);   /* s may be shorter than n: read no further than its NUL */
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		oom(0);
	char *p = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void xgrow(void *pp, size_t *cap, size_t n, size_t elem)
{
	void **p = pp;
	if (n <= *cap)
		return;
	size_t c = *cap ? *cap : 8;
	while (c < n)
		c *= 2;
	*p = xrealloc(*p, c * elem);
	*cap = c;
}

/* why: what ends the message, NULL: the general limit */
static enum status too_big(const char *what, size_t max, const char *why, struct error *err)
{
	if (!why)
		why = "the most convqa reads at once";
	if (max % (1 << 20) == 0)
		return error_set(err, ST_IO, "cannot read %s: larger than %zu MiB, %s", what, max >> 20, why);
	return error_set(err, ST_IO, "cannot read %s: larger than %zu bytes, %s", what, max, why);
}

/* The size of a regular file as a first guess of the buffer; 0 when f is a
 * pipe, a terminal or a device (their size is known only at their end). */
static enum status size_hint(FILE *f, const char *what, size_t max, const char *why, size_t *hint,
			     struct error *err)
{
	struct stat st;
	*hint = 0;
	if (fstat(fileno(f), &st) != 0)
		return ST_OK;
	if (S_ISDIR(st.st_mode))
		return error_set(err, ST_IO, "cannot read %s: is a directory", what);
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		if ((uintmax_t)st.st_size > max)
			return too_big(what, max, why, err);
		*hint = (size_t)st.st_size;
	}
	return ST_OK;
}

/* read_stream(), and with text set no further than the chunk holding the
 * first NUL byte (kept up to that byte); why as for too_big(). */
static enum status read_all(FILE *f, const char *what, size_t max, int text, const char *why, char **buf,
			    size_t *len, struct error *err)
{
	size_t hint, n = 0;
	enum status st = size_hint(f, what, max, why, &hint, err);
	if (st != ST_OK)
		return st;
	/* room for max + 1 bytes at most: one byte more than allowed tells "too big" */
	size_t cap = hint + 1 > 4096 ? hint + 1 : 4096;
	if (cap > max + 2)
		cap = max + 2;
	char *b = xmalloc(cap);
	for (;;) {
		if (n + 1 == cap) {
			if (n > max)
				break;
			cap = cap > (max + 2) / 2 ? max + 2 : cap * 2;
			b = xrealloc(b, cap);
		}
		size_t got = fread(b + n, 1, cap - 1 - n, f);
		const char *nul = text ? memchr(b + n, '\0', got) : NULL;
		n += got;
		if (nul) {   /* no text holds one: the parser says where it is */
			n = (size_t)(nul - b) + 1;
			break;
		}
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(b);
		return error_set(err, ST_IO, "cannot read %s: %s", what, strerror(errno));
	}
	if (n > max) {
		free(b);
		return too_big(what, max, why, err);
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return ST_OK;
}

enum status read_stream(FILE *f, const char *what, size_t max, char **buf, size_t *len, struct error *err)
{
	return read_all(f, what, max, 0, NULL, buf, len, err);
}

enum status read_text_stream(FILE *f, const char *what, size_t max, const char *why, char **buf, size_t *len,
			     struct error *err)
{
	return read_all(f, what, max, 1, why, buf, len, err);
}

enum status read_text_file(const char *path, size_t max, const char *why, char **buf, size_t *len,
			   struct error *err)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return error_set(err, ST_IO, "cannot open '%s': %s", path, strerror(errno));
	char *what = xasprintf("'%s'", path);
	enum status st = read_all(f, what, max, 1, why, buf, len, err);
	free(what);
	fclose(f);
	return st;
}

enum status read_file(const char *path, char **buf, size_t *len, struct error *err)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return error_set(err, ST_IO, "cannot open '%s': %s", path, strerror(errno));
	char *what = xasprintf("'%s'", path);
	enum status st = read_stream(f, what, READ_FILE_MAX, buf, len, err);
	free(what);
	fclose(f);
	return st;
}

/* ---- memory left to this process -------------------------------------- */

/* A number of bytes from a file holding one ("max" or unreadable: SIZE_MAX). */
static size_t file_number(const char *path, const char *key, size_t unit)
{
	FILE *f = fopen(path, "r");
	char line[256];
	unsigned long long v;
	size_t found = SIZE_MAX;
	if (!f)
		return SIZE_MAX;
	while (found == SIZE_MAX && fgets(line, sizeof(line), f)) {
		size_t k = strlen(key);
		if (strncmp(line, key, k) == 0 && sscanf(line + k, "%llu", &v) == 1 && v < SIZE_MAX / unit)
			found = (size_t)v * unit;
	}
	fclose(f);
	return found;
}

static size_t meminfo_left(void)
{
	size_t v = file_number("/proc/meminfo", "MemAvailable:", 1024);
	long pages = sysconf(_SC_AVPHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	if (v == SIZE_MAX && pages > 0 && size > 0)
		v = (size_t)pages * (size_t)size;
	return v;
}

static size_t cgroup_left(void)
{
	size_t max = file_number("/sys/fs/cgroup/memory.max", "", 1);
	size_t used = file_number("/sys/fs/cgroup/memory.current", "", 1);
	if (max == SIZE_MAX || used == SIZE_MAX)
		return SIZE_MAX;
	return max > used ? max - used : 0;
}

/* A resource limit minus what the process uses of it: field of /proc/self/statm in pages. */
static size_t rlimit_left(int resource, int field)
{
	struct rlimit rl;
	unsigned long v[7];
	if (getrlimit(resource, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return SIZE_MAX;
	FILE *f = fopen("/proc/self/statm", "r");
	int n = f ? fscanf(f, "%lu %lu %lu %lu %lu %lu %lu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6]) : 0;
	if (f)
		fclose(f);
	size_t used = n == 7 ? (size_t)v[field] * (size_t)sysconf(_SC_PAGESIZE) : 0;
	return rl.rlim_cur > used ? (size_t)(rl.rlim_cur - used) : 0;
}

static size_t as_left(void)
{
	return rlimit_left(RLIMIT_AS, 0);
}

static size_t data_left(void)
{
	return rlimit_left(RLIMIT_DATA, 5);
}

size_t mem_available(const char **source)
{
	static const struct {
		const char *name;
		size_t (*left)(void);
	} probes[] = {
		{ "MemAvailable", meminfo_left },
		{ "cgroup memory.max", cgroup_left },
		{ "RLIMIT_AS", as_left },
		{ "RLIMIT_DATA", data_left },
	};
	size_t least = SIZE_MAX;
	*source = "unknown";
	for (size_t i = 0; i < ARRAY_SIZE(probes); i++) {
		size_t v = probes[i].left();
		if (v < least) {
			least = v;
			*source = probes[i].name;
		}
	}
	return least;
}

static int leap(int y)
{
	return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int iso8601_valid(const char *t, int millis)
{
	static const char with_ms[] = "dddd-dd-ddTdd:dd:dd.dddZ";
	static const char without[] = "dddd-dd-ddTdd:dd:ddZ";
	const char *pattern = millis > 0 ? with_ms : millis == 0 ? without : strlen(t) == 20 ? without : with_ms;
	if (!t || strlen(t) != strlen(pattern))
		return 0;
	for (size_t i = 0; pattern[i]; i++)
		if (pattern[i] == 'd' ? !isdigit((unsigned char)t[i]) : t[i] != pattern[i])
			return 0;
	int y = atoi(t), mo = atoi(t + 5), d = atoi(t + 8), h = atoi(t + 11), mi = atoi(t + 14), se = atoi(t + 17);
	static const int days[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > days[mo - 1] + (mo == 2 && leap(y)))
		return 0;
	return h <= 23 && mi <= 59 && se <= 59;
}

/* CONVQA_NOW as now_iso8601() writes times, or NULL when unset or empty. */
static const char *clock_fixed(void)
{
	static char fixed[32];
	const char *v = getenv("CONVQA_NOW");
	if (!v || !*v || !iso8601_valid(v, -1))
		return NULL;
	if (strlen(v) == 20)   /* no milliseconds: .000 */
		snprintf(fixed, sizeof(fixed), "%.19s.000Z", v);
	else
		snprintf(fixed, sizeof(fixed), "%s", v);
	return fixed;
}

int clock_check(void)
{
	const char *v = getenv("CONVQA_NOW");
	return !v || !*v || iso8601_valid(v, -1);
}

void now_iso8601(char out[32])
{
	const char *fixed = clock_fixed();
	if (fixed) {
		memcpy(out, fixed, strlen(fixed) + 1);
		return;
	}
	struct timespec ts;
	struct tm tm;
	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out + n, 32 - n, ".%03dZ", (int)(ts.tv_nsec / 1000000) % 1000);
}

double now_monotonic(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int name_index(const char *const *names, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

int parse_long(const char *s, long min, long max, long *out)
{
	char *end;
	if (!s || !*s)
		return -1;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int parse_number(const char *s, double min, double max, double *out)
{
	char *end;
	if (!s || !*s)
		return -1;
	double v = strtod(s, &end);
	if (*end || !(v >= min && v <= max))
		return -1;
	*out = v;
	return 0;
}

size_t rng_below(uint64_t *state, size_t n)
{
	uint64_t b = n, limit = UINT64_MAX - UINT64_MAX % b, r;
	do
		r = rng_next(state);
	while (r >= limit);
	return (size_t)(r % b);
}
