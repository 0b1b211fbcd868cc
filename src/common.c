/* common.c - allocation, error values, file reading, time. */
#include "convqa/common.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

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

char *xstrndup(const char *s, size_t n)
{
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

static enum status too_big(const char *what, size_t max, struct error *err)
{
	if (max % (1 << 20) == 0)
		return error_set(err, ST_IO, "cannot read %s: larger than %zu MiB, the most convqa reads at once", what,
				 max >> 20);
	return error_set(err, ST_IO, "cannot read %s: larger than %zu bytes, the most convqa reads at once", what,
			 max);
}

/* The size of a regular file as a first guess of the buffer; 0 when f is a
 * pipe, a terminal or a device (their size is known only at their end). */
static enum status size_hint(FILE *f, const char *what, size_t max, size_t *hint, struct error *err)
{
	struct stat st;
	*hint = 0;
	if (fstat(fileno(f), &st) != 0)
		return ST_OK;
	if (S_ISDIR(st.st_mode))
		return error_set(err, ST_IO, "cannot read %s: is a directory", what);
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		if ((uintmax_t)st.st_size > max)
			return too_big(what, max, err);
		*hint = (size_t)st.st_size;
	}
	return ST_OK;
}

enum status read_stream(FILE *f, const char *what, size_t max, char **buf, size_t *len, struct error *err)
{
	size_t hint, n = 0;
	enum status st = size_hint(f, what, max, &hint, err);
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
		n += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(b);
		return error_set(err, ST_IO, "cannot read %s: %s", what, strerror(errno));
	}
	if (n > max) {
		free(b);
		return too_big(what, max, err);
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return ST_OK;
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

void now_iso8601(char out[32])
{
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
