/* import_stream.c - a file to import read as a stream (formats.h): the
 * first bytes kept for detecting its format, then the rest a chunk at a
 * time, hashed as read, with the rules of a file read whole (common.h's
 * read_text_file(): its size, a directory, the first NUL byte). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "convqa/formats.h"
#include "convqa/hash.h"
#include "import_stream.h"

struct import_stream {
	FILE *f;
	int close;               /* f was opened here */
	char *what;              /* in messages: "'PATH'" or "standard input" */
	size_t total;            /* bytes read */
	long long size;          /* a regular file's size, else -1 */
	struct hash_sha256 h;
	char *sha;               /* where the digest goes at the end (65 bytes) */
	char *head;              /* the first bytes, handed out first */
	size_t head_len, head_at;
	int done;
	enum status st;          /* a failure that ended it */
	struct error err;
};

static void finish(struct import_stream *s)
{
	uint8_t d[32];
	if (s->done)
		return;
	s->done = 1;
	hash_sha256_final(&s->h, d);
	hash_hex(d, s->sha);
}

static enum status failed(struct import_stream *s, enum status st)
{
	s->done = 1;
	s->st = st;
	return st;
}

/* Read into buf[0..n) from the file, hashed; 0 at the end. */
static size_t from_file(struct import_stream *s, char *buf, size_t n)
{
	if (s->done)
		return 0;
	size_t got = fread(buf, 1, n, s->f);
	if (!got) {
		if (ferror(s->f))
			return failed(s, error_set(&s->err, ST_IO, "cannot read %s: %s", s->what, strerror(errno))), 0;
		finish(s);
		return 0;
	}
	const char *nul = memchr(buf, '\0', got);
	if (nul) /* no text holds one: the reader says where it is, and reads no further */
		got = (size_t)(nul - buf) + 1;
	if (got > READ_FILE_MAX - s->total)
		return failed(s, error_set(&s->err, ST_IO, "cannot read %s: larger than %zu MiB, the most convqa "
					   "reads at once", s->what, READ_FILE_MAX >> 20)), 0;
	s->total += got;
	hash_sha256_update(&s->h, buf, got);
	if (nul)
		finish(s);
	return got;
}

size_t import_stream_read(void *stream, char *buf, size_t n)
{
	struct import_stream *s = stream;
	if (s->head_at < s->head_len) {
		size_t k = s->head_len - s->head_at < n ? s->head_len - s->head_at : n;
		memcpy(buf, s->head + s->head_at, k);
		s->head_at += k;
		return k;
	}
	return from_file(s, buf, n);
}

enum status import_stream_failed(const struct import_stream *s, struct error *err)
{
	if (s->st != ST_OK)
		*err = s->err;
	return s->st;
}

enum status import_stream_open(const char *path, const char *name, char sha[65], struct import_stream **out,
			       struct error *err)
{
	struct stat st;
	int std = strcmp(path, "-") == 0;
	FILE *f = std ? stdin : fopen(path, "rb");
	*out = NULL;
	if (!f)
		return error_set(err, ST_IO, "cannot open '%s': %s", path, strerror(errno));
	char *what = std ? xstrdup(name) : xasprintf("'%s'", path);
	if (fstat(fileno(f), &st) == 0 && (S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) &&
								    (uintmax_t)st.st_size > READ_FILE_MAX))) {
		if (S_ISDIR(st.st_mode))
			error_set(err, ST_IO, "cannot read %s: is a directory", what);
		else
			error_set(err, ST_IO, "cannot read %s: larger than %zu MiB, the most convqa reads at once", what,
				  READ_FILE_MAX >> 20);
		free(what);
		if (!std)
			fclose(f);
		return ST_IO;
	}
	struct import_stream *s = xcalloc(1, sizeof(*s));
	*s = (struct import_stream){ .f = f, .close = !std, .what = what, .sha = sha, .size = -1 };
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
		s->size = (long long)st.st_size;
	hash_sha256_init(&s->h);
	sha[0] = '\0';
	s->head = xmalloc(IMPORT_STREAM_HEAD);
	while (s->head_len < IMPORT_STREAM_HEAD) {
		size_t got = from_file(s, s->head + s->head_len, IMPORT_STREAM_HEAD - s->head_len);
		if (!got)
			break;
		s->head_len += got;
	}
	*out = s;
	if (s->st != ST_OK) {
		*err = s->err;
		return s->st;
	}
	return ST_OK;
}

long long import_stream_size(const struct import_stream *s)
{
	return s ? s->size : -1;
}

void import_stream_head(const struct import_stream *s, const char **buf, size_t *len)
{
	*buf = s->head;
	*len = s->head_len;
}

enum status import_stream_slurp(struct import_stream *s, char **buf, size_t *len, struct error *err)
{
	return import_stream_slurp_rest(s, buf, len, err);
}

enum status import_stream_slurp_rest(struct import_stream *s, char **buf, size_t *len, struct error *err)
{
	size_t cap = s->head_len + IMPORT_STREAM_HEAD, n = 0;
	char *b = xmalloc(cap + 1);
	for (;;) {
		if (n == cap)
			b = xrealloc(b, (cap *= 2) + 1);
		size_t got = import_stream_read(s, b + n, cap - n);
		if (!got)
			break;
		n += got;
	}
	if (s->st != ST_OK) {
		free(b);
		*err = s->err;
		return s->st;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return ST_OK;
}

void import_stream_close(struct import_stream *s)
{
	if (!s)
		return;
	if (s->close)
		fclose(s->f);
	free(s->what);
	free(s->head);
	free(s);
}
