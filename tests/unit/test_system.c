/* Unit tests: the connector to a live system (system.h) with a fake system,
 * tests/fixtures/fake_system.py, as the child: a normal reply, a timeout, a
 * child that dies mid-reply, a reply larger than a pipe holds, and the
 * other ways a turn fails. Deadlines of the success cases are generous (the
 * machine may be busy); short ones only where a timeout is the point. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "convqa/system.h"

#define GENEROUS 30.0

static char dir[64];
static char pidfile[128];
static char script[4096];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/convqa-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(pidfile, sizeof(pidfile), "%s/pid", dir);
	const char *top = getenv("CONVQA_TOP");
	snprintf(script, sizeof(script), "%s/tests/fixtures/fake_system.py", top ? top : ".");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* A fake system in MODE (fake_system.py's modes); grace 0: the default. */
static struct system *start(const char *mode, double grace, size_t max_reply)
{
	const char *argv[] = { "python3", script, mode, pidfile, NULL };
	struct system_spec spec = { .kind = "proc", .argv = argv, .kill_grace = grace, .max_reply = max_reply };
	struct system *s = NULL;
	struct error err;
	unlink(pidfile);
	assert_int_equal(system_open(&spec, &s, &err), ST_OK);
	return s;
}

/* The fake's process id, once it runs (its interpreter started). */
static pid_t started(void)
{
	for (int i = 0; i < 2000; i++) {
		FILE *f = fopen(pidfile, "r");
		if (f) {
			long pid = 0;
			int n = fscanf(f, "%ld", &pid);
			fclose(f);
			assert_int_equal(n, 1);
			return (pid_t)pid;
		}
		nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
	}
	fail_msg("the fake system did not start within 20 s");
	return 0;
}

static int gone(pid_t pid)
{
	return kill(pid, 0) == -1 && errno == ESRCH;
}

static const struct system_turn history[] = { { "who wrote it?", "Tolstoy" } };
static const struct system_request request = { "c1", history, 1, "when?" };

static void test_a_normal_reply_has_the_answer_and_the_ranked_passages(void **state)
{
	(void)state;
	struct system *s = start("echo", 0, 0);
	struct system_reply r;
	struct error err;
	if (system_call(s, &request, GENEROUS, &r, &err) != ST_OK)
		fail_msg("%s", err.msg);
	assert_string_equal(r.answer, "you asked: when? (after 1 turns)");
	assert_int_equal(r.n_passages, 2);
	assert_string_equal(r.passages[0].id, "p1");
	assert_string_equal(r.passages[0].title, "First");
	assert_string_equal(r.passages[0].text, "one");
	assert_true(r.passages[0].has_score);
	assert_true(r.passages[0].score == 2.5);
	assert_string_equal(r.passages[1].id, "p2");
	assert_null(r.passages[1].title);
	assert_false(r.passages[1].has_score);
	system_reply_release(&r);

	/* the next turn on the same connection */
	struct system_request next = { NULL, NULL, 0, "and \"why\"?\nreally" };
	assert_int_equal(system_call(s, &next, GENEROUS, &r, &err), ST_OK);
	assert_string_equal(r.answer, "you asked: and \"why\"?\nreally (after 0 turns)");
	system_reply_release(&r);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_NONE);
	pid_t pid = started();
	system_close(s);
	assert_true(gone(pid));

	/* the turns it got are what schemas/system-turn.schema.json says */
	char cmd[8192];
	const char *top = getenv("CONVQA_TOP");
	snprintf(cmd, sizeof(cmd), "/usr/bin/python3 %s/tests/tools/validate_json_schema.py "
		 "%s/schemas/system-turn.schema.json %s.turn1.json %s.turn2.json >&2",
		 top ? top : ".", top ? top : ".", pidfile, pidfile);
	assert_int_equal(system(cmd), 0);
}

static void test_a_reply_larger_than_a_pipe_holds_is_read_whole(void **state)
{
	(void)state;
	struct system *s = start("big", 0, 0);
	struct system_reply r;
	struct error err;
	if (system_call(s, &request, GENEROUS, &r, &err) != ST_OK)
		fail_msg("%s", err.msg);
	assert_int_equal(strlen(r.answer), 1 << 20);
	assert_int_equal(r.n_passages, 2000);
	assert_string_equal(r.passages[1999].id, "p1999");
	assert_string_equal(r.passages[1999].text, "passage 1999");
	assert_true(r.passages[1999].score == -1999);
	system_reply_release(&r);
	system_close(s);
}

/* A turn with a long history does not fit in the pipe: it is written as the
 * child reads, the connection waiting until its input is writable. */
static void test_a_turn_larger_than_a_pipe_holds_is_written_whole(void **state)
{
	(void)state;
	enum { TURNS = 2000 };
	static char answer[2048];
	memset(answer, 'x', sizeof(answer) - 1);
	struct system_turn *h = calloc(TURNS, sizeof(*h));
	assert_non_null(h);
	for (size_t i = 0; i < TURNS; i++)
		h[i] = (struct system_turn){ "and then?", answer };
	struct system_request big = { "c1", h, TURNS, "is that all?" };
	struct system *s = start("echo", 0, 0);
	struct error err;
	assert_int_equal(system_send(s, &big, GENEROUS, &err), ST_OK);
	struct pollfd fds[SYSTEM_MAX_FDS];
	double deadline;
	size_t n = system_pollfds(s, fds, SYSTEM_MAX_FDS, &deadline);
	int writable = 0;
	for (size_t i = 0; i < n; i++)
		writable |= fds[i].events & POLLOUT;
	assert_true(writable);
	struct system_reply r;
	enum system_result res;
	while ((res = system_read(s, &r, &err)) == SYSTEM_PENDING) {
		n = system_pollfds(s, fds, SYSTEM_MAX_FDS, &deadline);
		assert_true(poll(fds, n, 1000) >= 0);
	}
	if (res != SYSTEM_READY)
		fail_msg("%s", err.msg);
	assert_string_equal(r.answer, "you asked: is that all? (after 2000 turns)");
	system_reply_release(&r);
	system_close(s);
	free(h);
}

static void test_a_reply_past_the_limit_is_refused(void **state)
{
	(void)state;
	struct system *s = start("big", 0, 100000);
	struct system_reply r;
	struct error err;
	assert_int_equal(system_call(s, &request, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_TOO_LARGE);
	assert_non_null(strstr(err.msg, "a reply longer than 100000 bytes"));
	system_close(s);
}

/* The child sleeps past the deadline: the call fails in about the deadline
 * and the child is killed (and reaped: no zombie left). */
static void test_a_timeout_fails_in_about_the_deadline_and_kills_the_child(void **state)
{
	(void)state;
	struct system *s = start("sleep", 0, 0);
	pid_t pid = started();
	struct system_reply r;
	struct error err;
	double t0 = now_monotonic();
	assert_int_equal(system_call(s, &request, 0.5, &r, &err), ST_IO);
	double took = now_monotonic() - t0;
	assert_true(took >= 0.5);
	assert_true(took < 0.5 + 3.0);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_TIMEOUT);
	assert_non_null(strstr(err.msg, "no reply within 0.5 s"));
	assert_true(gone(pid));
	/* the connection is stopped */
	assert_int_equal(system_send(s, &request, GENEROUS, &err), ST_IO);
	assert_non_null(strstr(err.msg, "open it again"));
	system_close(s);
}

static void test_a_child_that_ignores_sigterm_is_killed_after_the_grace(void **state)
{
	(void)state;
	struct system *s = start("stubborn", 0.2, 0);
	pid_t pid = started();
	struct system_reply r;
	struct error err;
	double t0 = now_monotonic();
	assert_int_equal(system_call(s, &request, 0.3, &r, &err), ST_IO);
	assert_true(now_monotonic() - t0 < 0.5 + 3.0);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_TIMEOUT);
	assert_true(gone(pid));
	system_close(s);
}

static void test_a_child_that_dies_mid_reply_names_its_status_and_stderr(void **state)
{
	(void)state;
	struct system *s = start("die", 0, 0);
	pid_t pid = started();
	struct system_reply r;
	struct error err;
	assert_int_equal(system_call(s, &request, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_EXITED);
	assert_non_null(strstr(err.msg, "exited with status 3"));
	assert_non_null(strstr(err.msg, "unfinished line"));
	assert_non_null(strstr(err.msg, "fake: out of memory"));
	assert_true(gone(pid));
	system_close(s);
}

/* A child that writes more to its standard error than a pipe holds does not
 * block on it; a message shows only its end. */
static void test_a_flood_on_stderr_is_drained_and_only_its_end_shown(void **state)
{
	(void)state;
	struct system *s = start("noisy", 0, 0);
	struct system_reply r;
	struct error err;
	assert_int_equal(system_call(s, &request, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_EXITED);
	assert_non_null(strstr(err.msg, "ended its output before its reply to turn 1 and exited with status 1"));
	assert_non_null(strstr(err.msg, "its standard error ends: ..."));
	assert_non_null(strstr(err.msg, "fake: log line 19999"));
	assert_null(strstr(err.msg, "fake: log line 0 "));
	assert_true(strlen(err.msg) < 1000);
	system_close(s);
}

static void test_a_program_that_cannot_run_fails_to_open(void **state)
{
	(void)state;
	const char *argv[] = { "/nonexistent/convqa-no-such-system", NULL };
	struct system_spec spec = { .kind = "proc", .argv = argv };
	struct system *s = NULL;
	struct error err;
	assert_int_equal(system_open(&spec, &s, &err), ST_IO);
	assert_null(s);
	assert_string_equal(err.msg, "cannot run '/nonexistent/convqa-no-such-system': No such file or directory");

	spec.kind = "carrier-pigeon";
	assert_int_equal(system_open(&spec, &s, &err), ST_USAGE);
	assert_non_null(strstr(err.msg, "unknown kind of system 'carrier-pigeon'"));
}

static void test_malformed_json_from_the_child_says_where(void **state)
{
	(void)state;
	struct system *s = start("malformed", 0, 0);
	struct system_reply r;
	struct error err;
	assert_int_equal(system_call(s, &request, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_PROTOCOL);
	/* line 2: the hello is line 1 */
	assert_non_null(strstr(err.msg, "output of 'python3 fake_system.py':2:42: syntax error: expected a string key, found '}'"));
	system_close(s);
}

static void test_a_reply_to_another_turn_is_refused(void **state)
{
	(void)state;
	struct system *s = start("wrongid", 0, 0);
	struct system_reply r;
	struct error err;
	assert_int_equal(system_call(s, &request, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_PROTOCOL);
	assert_non_null(strstr(err.msg, "a reply to turn 2 while turn 1 waits"));
	system_close(s);
}

static void test_an_error_reply_is_the_systems_message(void **state)
{
	(void)state;
	struct system *s = start("error", 0, 0);
	struct system_reply r;
	struct error err;
	assert_int_equal(system_call(s, &request, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_REMOTE);
	assert_non_null(strstr(err.msg, "index not loaded"));
	system_close(s);
}

static void test_a_child_that_closed_its_input_is_a_write_error(void **state)
{
	(void)state;
	struct system *s = start("closed", 0, 0);
	pid_t pid = started();   /* it closed its input before */
	struct system_reply r;
	struct error err;
	assert_int_equal(system_call(s, &request, GENEROUS, &r, &err), ST_IO);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_CLOSED);
	assert_non_null(strstr(err.msg, "closed its input: turn 1 could not be sent"));
	assert_true(gone(pid));
	system_close(s);
}

/* Cancel with a turn in flight: at once, the child killed, the turn failed. */
static void test_cancel_stops_the_turn_and_the_child(void **state)
{
	(void)state;
	struct system *s = start("sleep", 0, 0);
	pid_t pid = started();
	struct system_reply r;
	struct error err;
	assert_int_equal(system_send(s, &request, GENEROUS, &err), ST_OK);
	struct pollfd fds[SYSTEM_MAX_FDS];
	double deadline = 0;
	assert_true(system_pollfds(s, fds, SYSTEM_MAX_FDS, &deadline) >= 1);
	assert_true(deadline > now_monotonic());
	assert_int_equal(system_read(s, &r, &err), SYSTEM_PENDING);
	double t0 = now_monotonic();
	system_cancel(s);
	assert_true(now_monotonic() - t0 < 3.0);
	assert_true(gone(pid));
	assert_int_equal(system_read(s, &r, &err), SYSTEM_ERROR);
	assert_int_equal(system_failure(s), SYSTEM_FAIL_CANCELLED);
	assert_non_null(strstr(err.msg, "cancelled"));
	assert_int_equal(system_pollfds(s, fds, SYSTEM_MAX_FDS, &deadline), 0);
	system_close(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_normal_reply_has_the_answer_and_the_ranked_passages),
		cmocka_unit_test(test_a_reply_larger_than_a_pipe_holds_is_read_whole),
		cmocka_unit_test(test_a_turn_larger_than_a_pipe_holds_is_written_whole),
		cmocka_unit_test(test_a_reply_past_the_limit_is_refused),
		cmocka_unit_test(test_a_timeout_fails_in_about_the_deadline_and_kills_the_child),
		cmocka_unit_test(test_a_child_that_ignores_sigterm_is_killed_after_the_grace),
		cmocka_unit_test(test_a_child_that_dies_mid_reply_names_its_status_and_stderr),
		cmocka_unit_test(test_a_flood_on_stderr_is_drained_and_only_its_end_shown),
		cmocka_unit_test(test_a_program_that_cannot_run_fails_to_open),
		cmocka_unit_test(test_malformed_json_from_the_child_says_where),
		cmocka_unit_test(test_a_reply_to_another_turn_is_refused),
		cmocka_unit_test(test_an_error_reply_is_the_systems_message),
		cmocka_unit_test(test_a_child_that_closed_its_input_is_a_write_error),
		cmocka_unit_test(test_cancel_stops_the_turn_and_the_child),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
