/*
 * strbuf.h - a growable NUL-terminated byte buffer.
 *
 *   struct strbuf sb = STRBUF_INIT;
 *   strbuf_addf(&sb, "%d", 42);
 *   ... sb.buf ...
 *   strbuf_release(&sb);      // or: char *s = strbuf_detach(&sb); free(s);
 *
 * sb.buf is always a valid C string (never NULL after the first add; "" when
 * empty via strbuf_str()).
 */
#ifndef CONVQA_STRBUF_H
#define CONVQA_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};

#define STRBUF_INIT { NULL, 0, 0 }

void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_adds(struct strbuf *sb, const char *s);
void strbuf_addc(struct strbuf *sb, char c);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void strbuf_setlen(struct strbuf *sb, size_t len);
/* s as one CSV field (RFC 4180): quoted, its quotes doubled, when it holds
 * a comma, a quote, CR or LF; as it is otherwise; nothing for NULL. */
void strbuf_add_csv(struct strbuf *sb, const char *s);
void strbuf_reset(struct strbuf *sb);
/* The contents, "" if nothing was ever added. Borrowed. */
const char *strbuf_str(const struct strbuf *sb);
/* Hand the buffer to the caller (free with free()); sb becomes empty. */
char *strbuf_detach(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);

#endif
