/*
 * system_http.c - the kind "http": a server that takes each turn as an
 * HTTP POST of JSON and answers with JSON (docs/systems.md "HTTP").
 *
 * libcurl's multi interface drives a request without blocking and without
 * threads: its socket callback says which descriptors to poll and for
 * what, its timer callback when it wants a call back (wake()); read()
 * polls those descriptors without waiting and hands what is ready to
 * curl_multi_socket_action(). A retry's wait is a time, no descriptor.
 * One easy handle per connection, kept from turn to turn, so that a
 * kept-alive connection serves the next turn.
 *
 * Secrets: the bearer token and the values of the extra headers are never
 * in a message or a trace line (hide() blanks them should a server echo
 * them); libcurl's own verbose output is never turned on; messages name
 * the URL without its user, password, query and fragment.
 */
#include <curl/curl.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "system_internal.h"

/* What a message shows of a body that is not a reply. */
#define BODY_SHOW 200

struct http {
	struct system base;
	CURLM *multi;
	CURL *easy;
	struct curl_slist *headers;
	char *url;                  /* as given: where requests go */
	char **secrets;             /* never shown: the token, the headers' values */
	size_t n_secrets;
	struct pollfd socks[SYSTEM_MAX_FDS];   /* what libcurl waits on */
	size_t n_socks;
	double timer;               /* when libcurl wants a call, 0: never */
	double retry_at;            /* the next attempt's time, 0: none waits */
	double started;             /* the attempt's start */
	int attempt, max_attempts;  /* attempts of the turn in flight so far, the most */
	size_t place;               /* the turn's place in its conversation (messages) */
	double backoff;
	int in_multi;               /* easy is in multi: an attempt in flight */
	int too_large;              /* the body passed max_reply */
	double retry_after;         /* the answer's Retry-After in seconds, -1: none */
	struct strbuf body;         /* the request */
	struct strbuf resp;         /* the answer's body */
	char errbuf[CURL_ERROR_SIZE];
	void (*trace)(const char *line, void *ctx);
	void *trace_ctx;
};

/* ---- secrets and names ---- */

/* Blank every secret in msg (in place) with "***". convqa never puts one
 * in a message; this guards against a server that repeats them in its
 * answer. Values shorter than SECRET_MIN are left (an "on" would blank
 * every "connection"): no key is that short. */
#define SECRET_MIN 6
static void hide(const struct http *p, char *msg)
{
	for (size_t i = 0; i < p->n_secrets; i++) {
		size_t len = strlen(p->secrets[i]);
		char *at;
		while (len >= SECRET_MIN && (at = strstr(msg, p->secrets[i]))) {
			memcpy(at, "***", 3);
			memmove(at + 3, at + len, strlen(at + len) + 1);
		}
	}
}

static void add_secret(struct http *p, const char *v)
{
	p->secrets = xrealloc(p->secrets, (p->n_secrets + 1) * sizeof(*p->secrets));
	p->secrets[p->n_secrets++] = xstrdup(v);
}

/* The URL for people: scheme://host[:port]/path, without the user and
 * password, the query and the fragment. */
static char *shown_url(const char *url)
{
	const char *sep = strstr(url, "://");
	const char *host = sep ? sep + 3 : url;
	size_t auth = strcspn(host, "/?#");
	const char *at = memchr(host, '@', auth);
	while (at && memchr(at + 1, '@', (size_t)(host + auth - at - 1)))
		at = memchr(at + 1, '@', (size_t)(host + auth - at - 1));
	const char *from = at ? at + 1 : host;
	size_t rest = strcspn(from, "?#");
	return xasprintf("%.*s%.*s", (int)(host - url), url, (int)rest, from);
}

static void trace(struct http *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void trace(struct http *p, const char *fmt, ...)
{
	if (!p->trace)
		return;
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	hide(p, line);
	p->trace(line, p->trace_ctx);
}

/* Fail the turn (s->failure, err) with the secrets hidden. ST_IO. */
static enum status fail(struct http *p, enum system_failure why, struct error *err, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static enum status fail(struct http *p, enum system_failure why, struct error *err, const char *fmt, ...)
{
	char msg[sizeof(err->msg)];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	hide(p, msg);
	return system_fail(&p->base, why, err, "%s", msg);
}

/* ---- libcurl's callbacks ---- */

static int on_socket(CURL *e, curl_socket_t fd, int what, void *userp, void *sockp)
{
	(void)e, (void)sockp;
	struct http *p = userp;
	size_t i = 0;
	while (i < p->n_socks && p->socks[i].fd != fd)
		i++;
	if (what == CURL_POLL_REMOVE) {
		if (i < p->n_socks)
			p->socks[i] = p->socks[--p->n_socks];
		return 0;
	}
	if (i == p->n_socks) {
		if (i == SYSTEM_MAX_FDS)
			return 0;   /* more than one request needs: its timers drive it */
		p->n_socks++;
	}
	p->socks[i] = (struct pollfd){ .fd = fd,
				       .events = (short)((what & CURL_POLL_IN ? POLLIN : 0) |
							 (what & CURL_POLL_OUT ? POLLOUT : 0)) };
	return 0;
}

static int on_timer(CURLM *m, long ms, void *userp)
{
	(void)m;
	struct http *p = userp;
	p->timer = ms < 0 ? 0 : now_monotonic() + (double)ms / 1000;
	return 0;
}

static size_t on_body(char *data, size_t size, size_t n, void *userp)
{
	struct http *p = userp;
	if (p->resp.len + n > p->base.max_reply) {
		p->too_large = 1;
		return 0;
	}
	strbuf_add(&p->resp, data, n * size);
	return n * size;
}

/* Retry-After in seconds (the date form is left to the backoff). */
static size_t on_header(char *data, size_t size, size_t n, void *userp)
{
	struct http *p = userp;
	static const char name[] = "retry-after:";
	size_t len = size * n;
	if (len > sizeof(name) && strncasecmp(data, name, sizeof(name) - 1) == 0) {
		char num[32];
		size_t k = len - (sizeof(name) - 1) < sizeof(num) - 1 ? len - (sizeof(name) - 1) : sizeof(num) - 1;
		memcpy(num, data + sizeof(name) - 1, k);
		num[k] = '\0';
		char *end;
		double v = strtod(num, &end);
		if (end != num && isfinite(v) && v >= 0 && strspn(end, " \t\r\n") == strlen(end))
			p->retry_after = v;
	}
	return len;
}

/* ---- opening ---- */

static int curl_ready(void)
{
	static int done, ok;
	if (!done) {
		ok = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
		done = 1;
	}
	return ok;
}

/* The request headers: the protocol's, the caller's, the token. */
static enum status take_headers(struct http *p, const struct system_spec *spec, struct error *err)
{
	static const char *const fixed[] = { "Content-Type: application/json", "Accept: application/json",
					     "Expect:" };
	for (size_t i = 0; i < ARRAY_SIZE(fixed); i++)
		p->headers = curl_slist_append(p->headers, fixed[i]);
	for (size_t i = 0; spec->headers && spec->headers[i]; i++) {
		const char *h = spec->headers[i], *colon = strchr(h, ':');
		if (!colon || colon == h || strcspn(h, " \t\r\n") < (size_t)(colon - h) || strpbrk(h, "\r\n"))
			return error_set(err, ST_USAGE, "header %zu is not 'Name: value' (a name without spaces, "
					 "a colon, the value on the same line)", i + 1);
		const char *v = colon + 1 + strspn(colon + 1, " \t");
		if (*v)
			add_secret(p, v);
		p->headers = curl_slist_append(p->headers, h);
	}
	if (spec->token && *spec->token) {
		if (strpbrk(spec->token, "\r\n"))
			return error_set(err, ST_USAGE, "the token holds a line break: give it on one line");
		add_secret(p, spec->token);
		char *auth = xasprintf("Authorization: Bearer %s", spec->token);
		p->headers = curl_slist_append(p->headers, auth);
		free(auth);
	}
	return ST_OK;
}

static void set_options(struct http *p)
{
	CURL *e = p->easy;
	curl_easy_setopt(e, CURLOPT_URL, p->url);
	curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(e, CURLOPT_HTTPHEADER, p->headers);
	curl_easy_setopt(e, CURLOPT_USERAGENT, "convqa");
	curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "");
	curl_easy_setopt(e, CURLOPT_ERRORBUFFER, p->errbuf);
	curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
	curl_easy_setopt(e, CURLOPT_WRITEDATA, p);
	curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
	curl_easy_setopt(e, CURLOPT_HEADERDATA, p);
	curl_multi_setopt(p->multi, CURLMOPT_SOCKETFUNCTION, on_socket);
	curl_multi_setopt(p->multi, CURLMOPT_SOCKETDATA, p);
	curl_multi_setopt(p->multi, CURLMOPT_TIMERFUNCTION, on_timer);
	curl_multi_setopt(p->multi, CURLMOPT_TIMERDATA, p);
}

static void http_release(struct system *s);

static enum status http_open(struct system *s, const struct system_spec *spec, struct error *err)
{
	struct http *p = (struct http *)s;
	/* the URL, or (as convqa chat gives it) the first of argv */
	const char *u = spec->url ? spec->url : spec->argv ? spec->argv[0] : NULL;
	if (!u || (strncasecmp(u, "http://", 7) != 0 && strncasecmp(u, "https://", 8) != 0) ||
	    !u[strcspn(u, ":") + 3])
		return error_set(err, ST_USAGE, "a system of kind 'http' needs an http:// or https:// URL");
	if (!curl_ready())
		return error_set(err, ST_IO, "libcurl could not start (curl_global_init failed)");
	p->url = xstrdup(u);
	p->base.name = shown_url(u);
	p->max_attempts = spec->max_attempts > 0 ? spec->max_attempts : SYSTEM_HTTP_ATTEMPTS;
	p->backoff = spec->backoff > 0 ? spec->backoff : SYSTEM_HTTP_BACKOFF;
	p->trace = spec->trace;
	p->trace_ctx = spec->trace_ctx;
	enum status st = take_headers(p, spec, err);
	if (st == ST_OK && (!(p->multi = curl_multi_init()) || !(p->easy = curl_easy_init())))
		st = error_set(err, ST_IO, "libcurl could not make a request handle");
	if (st != ST_OK) {
		http_release(s);   /* system.c frees s->name and s */
		return st;
	}
	set_options(p);
	return ST_OK;
}

/* ---- a turn ---- */

static void detach(struct http *p)
{
	if (p->in_multi)
		curl_multi_remove_handle(p->multi, p->easy);
	p->in_multi = 0;
	p->n_socks = 0;
	p->timer = 0;
}

/* Start the next attempt of the turn in flight. */
static void attempt(struct http *p)
{
	int running;
	detach(p);
	p->attempt++;
	p->retry_at = 0;
	p->too_large = 0;
	p->retry_after = -1;
	p->errbuf[0] = '\0';
	strbuf_reset(&p->resp);
	p->started = now_monotonic();
	double left = p->base.deadline - p->started;
	curl_easy_setopt(p->easy, CURLOPT_POSTFIELDS, p->body.buf);
	curl_easy_setopt(p->easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)p->body.len);
	/* later than the turn's deadline, which system.c enforces */
	curl_easy_setopt(p->easy, CURLOPT_TIMEOUT_MS, (long)(left > 0 ? left * 1000 : 0) + 1000L);
	curl_multi_add_handle(p->multi, p->easy);
	p->in_multi = 1;
	curl_multi_socket_action(p->multi, CURL_SOCKET_TIMEOUT, 0, &running);
}

static enum status http_send(struct system *s, const struct system_request *req, struct error *err)
{
	struct http *p = (struct http *)s;
	(void)err;
	strbuf_reset(&p->body);
	system_json_http_request(&p->body, req);
	p->place = req->n_history + 1;
	p->attempt = 0;
	attempt(p);
	return ST_OK;
}

static size_t http_pollfds(struct system *s, struct pollfd *fds, size_t max)
{
	struct http *p = (struct http *)s;
	size_t n = 0;
	for (size_t i = 0; p->in_multi && i < p->n_socks && n < max; i++)
		fds[n++] = p->socks[i];
	return n;
}

static double http_wake(struct system *s)
{
	struct http *p = (struct http *)s;
	return p->retry_at > 0 ? p->retry_at : p->in_multi ? p->timer : 0;
}

/* Hand libcurl what is ready now, and its timer when it is due. */
static void drive(struct http *p)
{
	struct pollfd fds[SYSTEM_MAX_FDS];
	size_t n = p->n_socks;
	int running;
	memcpy(fds, p->socks, n * sizeof(*fds));
	if (n && poll(fds, (nfds_t)n, 0) > 0)
		for (size_t i = 0; i < n; i++) {
			short r = fds[i].revents;
			int mask = (r & (POLLIN | POLLHUP) ? CURL_CSELECT_IN : 0) | (r & POLLOUT ? CURL_CSELECT_OUT : 0) |
				   (r & (POLLERR | POLLNVAL) ? CURL_CSELECT_ERR : 0);
			if (mask)
				curl_multi_socket_action(p->multi, fds[i].fd, mask, &running);
		}
	for (int i = 0; i < 4 && p->timer > 0 && now_monotonic() >= p->timer; i++) {
		p->timer = 0;
		curl_multi_socket_action(p->multi, CURL_SOCKET_TIMEOUT, 0, &running);
	}
}

/* What to do about an answer that is no reply, for a message. */
static const char *advice(long status)
{
	if (status == 401 || status == 403)
		return "check the token ($CONVQA_SYSTEM_TOKEN) and the --header options";
	if (status == 404 || status == 405)
		return "check the URL's path";
	if (status == 429 || status == 503)
		return "the server is busy: try again later, or with a smaller --parallel";
	if (status >= 500)
		return "see the server's log";
	return "the server refused the request (docs/systems.md has the protocol)";
}

/* The start of the answer's body for a message: on one line, cut at a
 * character's start. */
static void body_start(const struct http *p, char *out, size_t size)
{
	size_t n = p->resp.len < BODY_SHOW ? p->resp.len : BODY_SHOW;
	if (n >= size)
		n = size - 1;
	while (n < p->resp.len && n && ((unsigned char)p->resp.buf[n] & 0xC0) == 0x80)
		n--;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)p->resp.buf[i];
		out[i] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
	}
	strcpy(out + n, n < p->resp.len ? "..." : "");
}

/* An answer came: the reply, or the error its status says; 1 when the
 * status asks for a retry. */
static int answered(struct http *p, long status, struct system_reply *reply, enum system_result *r,
		    struct error *err)
{
	if (status == 429 || status == 503)
		return 1;
	if (status >= 200 && status < 300) {
		char *name = xasprintf("reply of '%s'", p->base.name);
		int bad = system_json_http_reply(&p->base, name, p->resp.buf ? p->resp.buf : "", p->resp.len, reply, err);
		free(name);
		if (bad && err)
			hide(p, err->msg);
		*r = bad ? SYSTEM_ERROR : SYSTEM_READY;
		return 0;
	}
	char body[BODY_SHOW + 8];
	body_start(p, body, sizeof(body));
	fail(p, SYSTEM_FAIL_REMOTE, err, "the system at '%s' answered turn %zu with HTTP %ld%s%s; %s", p->base.name,
	     p->place, status, body[0] ? ": " : "", body, advice(status));
	*r = SYSTEM_ERROR;
	return 0;
}

static int retryable(CURLcode c)
{
	return c == CURLE_COULDNT_CONNECT || c == CURLE_GOT_NOTHING || c == CURLE_SEND_ERROR ||
	       c == CURLE_RECV_ERROR || c == CURLE_PARTIAL_FILE;
}

/* A turn that may be tried again (why: what went wrong): the next attempt
 * after its wait, or the failure once the attempts or the time run out. */
static enum system_result again(struct http *p, const char *why, struct error *err)
{
	double wait = p->backoff * ldexp(1.0, p->attempt - 1);
	if (p->retry_after >= 0)
		wait = p->retry_after < SYSTEM_HTTP_RETRY_AFTER_MAX ? p->retry_after : SYSTEM_HTTP_RETRY_AFTER_MAX;
	double now = now_monotonic();
	if (p->attempt >= p->max_attempts || now + wait >= p->base.deadline) {
		const char *what = p->attempt >= p->max_attempts ? "after" : "with no time left (--timeout) after";
		fail(p, SYSTEM_FAIL_START, err, "cannot get a reply from the system at '%s' to turn %zu %s %d attempt%s: "
		     "%s; check that the server runs at that URL%s", p->base.name, p->place, what, p->attempt,
		     p->attempt == 1 ? "" : "s", why, strstr(why, "HTTP") ? " and is not overloaded" : "");
		return SYSTEM_ERROR;
	}
	p->retry_at = now + wait;
	trace(p, "POST %s (request %lu, attempt %d of %d): %s; trying again in %g s", p->base.name, p->base.turn,
	      p->attempt, p->max_attempts, why, wait);
	return SYSTEM_PENDING;
}

/* The attempt ended with code: the reply, a retry, or the failure. */
static enum system_result finished(struct http *p, CURLcode code, struct system_reply *reply, struct error *err)
{
	long status = 0;
	double took = now_monotonic() - p->started;
	enum system_result r = SYSTEM_PENDING;
	char why[CURL_ERROR_SIZE + 64];
	detach(p);
	if (code == CURLE_OK) {
		curl_easy_getinfo(p->easy, CURLINFO_RESPONSE_CODE, &status);
		if (!answered(p, status, reply, &r, err)) {
			trace(p, "POST %s (request %lu, attempt %d of %d): HTTP %ld in %.3f s", p->base.name, p->base.turn,
			      p->attempt, p->max_attempts, status, took);
			return r;
		}
		if (p->retry_after >= 0)
			snprintf(why, sizeof(why), "HTTP %ld (Retry-After: %g s)", status, p->retry_after);
		else
			snprintf(why, sizeof(why), "HTTP %ld", status);
		return again(p, why, err);
	}
	snprintf(why, sizeof(why), "%s", p->errbuf[0] ? p->errbuf : curl_easy_strerror(code));
	if (code == CURLE_WRITE_ERROR && p->too_large) {
		fail(p, SYSTEM_FAIL_TOO_LARGE, err, "the system at '%s' sent a reply longer than %zu bytes, the most "
		     "convqa reads: have it send fewer or shorter passages", p->base.name, p->base.max_reply);
		return SYSTEM_ERROR;
	}
	if (retryable(code))
		return again(p, why, err);
	fail(p, code == CURLE_OPERATION_TIMEDOUT ? SYSTEM_FAIL_TIMEOUT : SYSTEM_FAIL_START, err,
	     "cannot get a reply from the system at '%s' to turn %zu: %s; check the URL%s", p->base.name,
	     p->place, why, strncasecmp(p->url, "https", 5) == 0 ? " and the server's certificate" : "");
	return SYSTEM_ERROR;
}

static enum system_result http_read(struct system *s, struct system_reply *reply, struct error *err)
{
	struct http *p = (struct http *)s;
	if (p->retry_at > 0) {
		if (now_monotonic() < p->retry_at)
			return SYSTEM_PENDING;
		attempt(p);
	}
	drive(p);
	CURLMsg *m;
	int left;
	while ((m = curl_multi_info_read(p->multi, &left)))
		if (m->msg == CURLMSG_DONE)
			return finished(p, m->data.result, reply, err);
	return SYSTEM_PENDING;
}

static void http_stop(struct system *s)
{
	struct http *p = (struct http *)s;
	detach(p);
	p->retry_at = 0;
}

static void http_release(struct system *s)
{
	struct http *p = (struct http *)s;
	detach(p);
	if (p->easy)
		curl_easy_cleanup(p->easy);
	if (p->multi)
		curl_multi_cleanup(p->multi);
	curl_slist_free_all(p->headers);
	for (size_t i = 0; i < p->n_secrets; i++) {
		memset(p->secrets[i], 0, strlen(p->secrets[i]));
		free(p->secrets[i]);
	}
	free(p->secrets);
	free(p->url);
	strbuf_release(&p->body);
	strbuf_release(&p->resp);
	p->easy = NULL;
	p->multi = NULL;
	p->headers = NULL;
	p->secrets = NULL;
	p->n_secrets = 0;
	p->url = NULL;
}

const struct system_ops system_http_ops = {
	.kind = "http",
	.size = sizeof(struct http),
	.open = http_open,
	.send = http_send,
	.pollfds = http_pollfds,
	.read = http_read,
	.stop = http_stop,
	.release = http_release,
	.wake = http_wake,
};
