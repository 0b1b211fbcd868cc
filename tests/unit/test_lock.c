/* Unit tests: one process per key (lock.h). POSIX locks of one process never
 * conflict with each other, so the other sessions are child processes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "convqa/lock.h"

static char dir[64];
static char path[128];      /* the lock file */
static char project[128];   /* the file it guards */

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/convqa-test-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/p.db-annotate.lock", dir);
	snprintf(project, sizeof(project), "%s/p.db", dir);
	FILE *f = fopen(project, "w");
	assert_non_null(f);
	fclose(f);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd);
}

/* A session in a child process: takes the lock of key, reports the result
 * (one byte: 'T', 'B' or 'U') on the returned pipe, then holds the lock
 * until killed (or for 30 s). */
struct child {
	pid_t pid;
	int from;
};

static struct child hold(const char *key)
{
	int p[2];
	assert_int_equal(pipe(p), 0);
	pid_t pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct lock l;
		struct error err;
		enum lock_result r = lock_take(&l, path, key, project, &err);
		char c = r == LOCK_TAKEN ? 'T' : r == LOCK_BUSY ? 'B' : 'U';
		if (write(p[1], &c, 1) != 1)
			_exit(1);
		alarm(30);   /* a failed test never kills it: it ends anyway */
		for (;;)
			pause();
	}
	close(p[1]);
	return (struct child){ pid, p[0] };
}

static char result(struct child c)
{
	char r = '?';
	assert_int_equal(read(c.from, &r, 1), 1);
	return r;
}

static void end(struct child c, int sig)
{
	int status;
	kill(c.pid, sig);
	assert_int_equal(waitpid(c.pid, &status, 0), c.pid);
	close(c.from);
}

static void test_a_second_process_is_refused_and_told_who_holds_the_key(void **state)
{
	(void)state;
	struct child a = hold("alice");
	assert_int_equal(result(a), 'T');
	struct lock l;
	struct error err;
	assert_int_equal(lock_take(&l, path, "alice", project, &err), LOCK_BUSY);
	assert_int_equal(l.holder, (long)a.pid);
	assert_int_equal(l.fd, -1);
	end(a, SIGTERM);
	assert_int_equal(lock_take(&l, path, "alice", project, &err), LOCK_TAKEN);
	lock_release(&l);
	lock_release(&l);   /* twice is harmless */
}

static void test_kill_9_leaves_no_stale_lock(void **state)
{
	(void)state;
	struct child a = hold("alice");
	assert_int_equal(result(a), 'T');
	end(a, SIGKILL);
	struct lock l;
	struct error err;
	assert_int_equal(lock_take(&l, path, "alice", project, &err), LOCK_TAKEN);
	lock_release(&l);
}

static void test_sixteen_keys_are_held_at_once(void **state)
{
	(void)state;
	struct child c[16];
	char key[16][32];
	for (int i = 0; i < 16; i++) {
		snprintf(key[i], sizeof(key[i]), "rater-%02d", i);
		c[i] = hold(key[i]);
	}
	for (int i = 0; i < 16; i++)
		assert_int_equal(result(c[i]), 'T');
	/* and each of them is still refused to a seventeenth process */
	struct lock l;
	struct error err;
	for (int i = 0; i < 16; i++) {
		assert_int_equal(lock_take(&l, path, key[i], project, &err), LOCK_BUSY);
		assert_int_equal(l.holder, (long)c[i].pid);
	}
	/* names that differ only in case are two raters */
	assert_int_equal(lock_take(&l, path, "Rater-00", project, &err), LOCK_TAKEN);
	lock_release(&l);
	for (int i = 0; i < 16; i++)
		end(c[i], SIGKILL);
}

static void test_the_lock_file_takes_the_mode_of_the_project_and_stays_empty(void **state)
{
	(void)state;
	assert_int_equal(chmod(project, 0640), 0);
	struct lock l;
	struct error err;
	assert_int_equal(lock_take(&l, path, "alice", project, &err), LOCK_TAKEN);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0640);
	assert_int_equal(st.st_size, 0);
	lock_release(&l);
	assert_int_equal(stat(path, &st), 0);   /* never removed */
}

static void test_a_symbolic_link_is_not_followed(void **state)
{
	(void)state;
	char target[160];
	snprintf(target, sizeof(target), "%s/elsewhere", dir);
	assert_int_equal(symlink(target, path), 0);
	struct lock l;
	struct error err;
	assert_int_equal(lock_take(&l, path, "alice", project, &err), LOCK_UNAVAILABLE);
	assert_non_null(strstr(err.msg, "cannot open the lock file"));
	assert_int_equal(l.fd, -1);
	struct stat st;
	assert_int_equal(lstat(target, &st), -1);   /* nothing was created there */
}

static void test_a_directory_in_its_place_is_refused(void **state)
{
	(void)state;
	assert_int_equal(mkdir(path, 0755), 0);
	struct lock l;
	struct error err;
	assert_int_equal(lock_take(&l, path, "alice", project, &err), LOCK_UNAVAILABLE);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
	const struct CMUnitTest tests[] = {
		T(test_a_second_process_is_refused_and_told_who_holds_the_key),
		T(test_kill_9_leaves_no_stale_lock),
		T(test_sixteen_keys_are_held_at_once),
		T(test_the_lock_file_takes_the_mode_of_the_project_and_stays_empty),
		T(test_a_symbolic_link_is_not_followed),
		T(test_a_directory_in_its_place_is_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
