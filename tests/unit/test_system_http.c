/* Unit tests: the HTTP connector (system.h, kind "http") against the fake
 * server tests/fixtures/fake_http.py on 127.0.0.1 (started once for the
 * group, on a port it picks): the request's JSON and the reply read
 * blocking and through the event-loop calls, a retry's wait given as the
 * deadline with no descriptor, a refused connection (the attempts, the
 * message without credentials or token), a timeout, a reply over the
 * limit, cancel, and the refusals of open. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "convqa/system.h"

#define GENEROUS 30.0

static char dir[64], portfile[128], logfile[128], base[128];
static pid_t server;

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/convqa-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(portfile, sizeof(portfile), "%s/port", dir);
	snprintf(logfile, sizeof(logfile), "%s/log", dir);
	const char *top = getenv("CONVQA_TOP");
	char script[4096];
	snprintf(script, sizeof(script), "%s/tests/fixtures/fake_http.py", top ? top : ".");
	server = fork();
	assert_true(server >= 0);
	if (server == 0) {
		execlp("python3", "python3", script, portfile, logfile, (char *)NULL);
		_exit(127);
	}
	for (int i = 0; i < 2000; i++) {
		FILE *f = fopen(portfile, "r");
		int port = 0;
		if (f && fscanf(f, "%d", &port) == 1) {
			fclose(f);
			snprintf(base, sizeof(base), "http://127.0.0.1:%d", port);
			return 0;
		}
		if (f)
			fclose(f);
		nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
	}
	return -1;
}

static int teardown(void **state)
{
	(void)state;
	kill(server, SIGTERM);
	waitpid(server, NULL, 0);
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

static struct system *open_at(const char *path, const char *token, const char *const *headers, size_t max_reply)
{
	char url[256];
	snprintf(url, sizeof(url), "%s%s", base, path);
	struct system_spec spec = { .kind = "http", .url = url, .token = token, .headers = headers,
				    .max_reply = max_reply, .backoff = 0.05 };
	struct system *s = NULL;
	struct error err;
	assert_int_equal(system_open(&spec, &s, &err), ST_OK);
	return s;
}

static const struct system_turn history[] = { { "Where is Cordouan?", "in the Gironde" } };
static const struct system_request req = { "c1", history, 1, "Who finished it?" };

/* The last line the fake server logged. */
static void last_logged(char *line, size_t size)
{
	FILE *f = fopen(logfile, "r");
	assert_non_null(f);
	line[0] = '\0';
	while (fgets(line, (int)size, f))
		;
	fclose(f);
}

static void test_call(void **state)
{
	(void)state;
	const char *headers[] = { "X-Api-Key: k-1", NULL };
	struct system *s = open_at("/echo", "t-1", headers, 0);
	struct system_reply r;
	struct error err;
	assert_int_equal(system_call(s, &req, GENEROUS, &r, &err), ST_OK);
	assert_string_equal(r.answer, "A(Who finished it?) after 1");
	assert_string_equal(r.rewrite, "R(Who finished it?)");
	assert_int_equal(r.n_passages, 2);
	assert_string_equal(r.passages[0].id, "p-light");
	assert_true(r.passages[0].has_score && r.passages[0].score == 2.5);
	assert_string_equal(r.passages[1].id, "new-c1-2");
	assert_string_equal(r.passages[1].title, "New");
	assert_false(r.passages[1].has_score);
	system_reply_release(&r);
	char line[4096];
	last_logged(line, sizeof(line));
	assert_non_null(strstr(line, "\"conversation\": \"c1\", \"turn\": 2, \"question\": \"Who finished it?\", "
				     "\"history\": [{\"question\": \"Where is Cordouan?\", \"answer\": \"in the Gironde\"}]"));
	assert_non_null(strstr(line, "\"authorization\": \"Bearer t-1\", \"x-api-key\": \"k-1\""));
	/* the connection serves the next turn */
	assert_int_equal(system_call(s, &req, GENEROUS, &r, &err), ST_OK);
	system_reply_release(&r);
	system_close(s);
}

/* The event-loop calls: a 503 first, then the retry's wait is a deadline
 * before the turn's own, with no descriptor to wait on. */
static void test_event_loop_retry(void **state)
{
	(void)state;
	struct system *s = open_at("/busy503", NULL, NULL, 0);
	struct error err;
	struct system_reply r;
	const struct system_request q = { "c9", NULL, 0, "once busy" };
	assert_int_equal(system_send(s, &q, GENEROUS, &err), ST_OK);
	double turn_deadline = now_monotonic() + GENEROUS - 1;
	int waited_without_fds = 0;
	enum system_result res;
	while ((res = system_read(s, &r, &err)) == SYSTEM_PENDING) {
		struct pollfd fds[SYSTEM_MAX_FDS];
		double deadline;
		size_t n = system_pollfds(s, fds, SYSTEM_MAX_FDS, &deadline);
		assert_true(deadline > 0);
		if (n == 0 && deadline < turn_deadline)
			waited_without_fds = 1;
		double left = deadline - now_monotonic();
		poll(fds, n, left <= 0 ? 0 : (int)ceil(left * 1000));
	}
	assert_int_equal(res, SYSTEM_READY);
	assert_string_equal(r.answer, "A(once busy) after 0");
	assert_true(waited_without_fds);
	system_reply_release(&r);
	system_close(s);
}

static void test_refused(void **state)
{
	(void)state;
	struct system_spec spec = { .kind = "http", .url = "http://me:pw-x@127.0.0.1:1/ask?key=q-x", .token = "t-x",
				    .max_attempts = 3, .backoff = 0.02 };
	struct system *s = NULL;
	struct error err;
	struct system_reply r;
	assert_int_equal(system_open(&spec, &s, &err), ST_OK);
	assert_int_equal(system_call(s, &req, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_START);
	assert_non_null(strstr(err.msg, "cannot get a reply from the system at 'http://127.0.0.1:1/ask' to turn 2 "
					"after 3 attempts: "));
	assert_null(strstr(err.msg, "pw-x"));
	assert_null(strstr(err.msg, "q-x"));
	assert_null(strstr(err.msg, "t-x"));
	assert_int_equal(system_send(s, &req, GENEROUS, &err), ST_IO);
	assert_non_null(strstr(err.msg, "was stopped (it could not be reached): open it again"));
	system_close(s);
}

static void test_timeout_and_cancel(void **state)
{
	(void)state;
	struct system *s = open_at("/sleep", NULL, NULL, 0);
	struct error err;
	struct system_reply r;
	double t0 = now_monotonic();
	assert_int_equal(system_call(s, &req, 0.3, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_TIMEOUT);
	assert_true(now_monotonic() - t0 < 5);
	assert_non_null(strstr(err.msg, "/sleep' sent no reply within 0.3 s"));
	system_close(s);

	s = open_at("/sleep", NULL, NULL, 0);
	assert_int_equal(system_send(s, &req, GENEROUS, &err), ST_OK);
	assert_int_equal(system_read(s, &r, &err), SYSTEM_PENDING);
	system_cancel(s);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_CANCELLED);
	assert_int_equal(system_read(s, &r, &err), SYSTEM_ERROR);
	system_close(s);
}

static void test_too_large_and_malformed(void **state)
{
	(void)state;
	struct system *s = open_at("/echo", NULL, NULL, 40);
	struct error err;
	struct system_reply r;
	assert_int_equal(system_call(s, &req, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_TOO_LARGE);
	assert_non_null(strstr(err.msg, "sent a reply longer than 40 bytes"));
	system_close(s);
	s = open_at("/malformed", NULL, NULL, 0);
	assert_int_equal(system_call(s, &req, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_PROTOCOL);
	assert_non_null(strstr(err.msg, "/malformed':1:16: syntax error"));
	system_close(s);
}

static void test_open_refusals(void **state)
{
	(void)state;
	struct system *s = NULL;
	struct error err;
	struct system_spec spec = { .kind = "http", .url = "ftp://example.org/" };
	assert_int_equal(system_open(&spec, &s, &err), ST_USAGE);
	assert_string_equal(err.msg, "a system of kind 'http' needs an http:// or https:// URL");
	const char *headers[] = { "Good: yes", "secret-value", NULL };
	spec = (struct system_spec){ .kind = "http", .url = "http://127.0.0.1:1/", .headers = headers };
	assert_int_equal(system_open(&spec, &s, &err), ST_USAGE);
	assert_non_null(strstr(err.msg, "header 2 is not 'Name: value'"));
	assert_null(strstr(err.msg, "secret-value"));
	assert_null(s);
	/* the URL may come as argv[0] (convqa chat gives it so) */
	const char *argv[] = { "http://127.0.0.1:1/", NULL };
	spec = (struct system_spec){ .kind = "http", .argv = argv };
	assert_int_equal(system_open(&spec, &s, &err), ST_OK);
	system_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_call),
		cmocka_unit_test(test_event_loop_retry),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_timeout_and_cancel),
		cmocka_unit_test(test_too_large_and_malformed),
		cmocka_unit_test(test_open_refusals),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
