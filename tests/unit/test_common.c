/* Unit tests: reading files and pipes whole, within a size limit; copying
 * strings. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "convqa/common.h"

static struct error err;
static char *buf;
static size_t len;

/* A pipe holding n bytes of 'x' (n < the pipe's buffer), its writer closed. */
static FILE *pipe_of(size_t n)
{
	int fd[2];
	char data[4096];
	assert_true(n <= sizeof(data));
	assert_int_equal(pipe(fd), 0);
	memset(data, 'x', n);
	assert_int_equal(write(fd[1], data, n), (ssize_t)n);
	close(fd[1]);
	FILE *f = fdopen(fd[0], "rb");
	assert_non_null(f);
	return f;
}

static enum status read_pipe(size_t n, size_t max)
{
	FILE *f = pipe_of(n);
	buf = NULL;
	error_clear(&err);
	enum status st = read_stream(f, "standard input", max, &buf, &len, &err);
	fclose(f);
	return st;
}

static void test_a_pipe_within_the_limit_is_read_whole(void **state)
{
	(void)state;
	assert_int_equal(read_pipe(100, 100), ST_OK);
	assert_int_equal(len, 100);
	assert_int_equal(buf[99], 'x');
	assert_int_equal(buf[100], '\0');
	free(buf);
	assert_int_equal(read_pipe(0, 100), ST_OK);
	assert_int_equal(len, 0);
	free(buf);
}

static void test_a_pipe_one_byte_over_the_limit_is_refused(void **state)
{
	(void)state;
	assert_int_equal(read_pipe(101, 100), ST_IO);
	assert_null(buf);
	assert_string_equal(err.msg, "cannot read standard input: larger than 100 bytes, the most convqa reads at once");
	/* growing past the first buffer does not overshoot the limit either */
	assert_int_equal(read_pipe(3000, 2999), ST_IO);
	assert_int_equal(read_pipe(3000, 3000), ST_OK);
	assert_int_equal(len, 3000);
	free(buf);
}

/* A new file under /tmp (its name into path) holding text, then made size
 * bytes long (sparse). */
static void temp_file(char path[32], const char *text, off_t size)
{
	strcpy(path, "/tmp/convqa-test-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	assert_int_equal(ftruncate(fd, size), 0);
	close(fd);
}

static void test_a_file_larger_than_the_limit_is_refused_before_reading(void **state)
{
	(void)state;
	char path[32];
	temp_file(path, "0123456789", 10);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	assert_int_equal(read_stream(f, "'big.json'", 9, &buf, &len, &err), ST_IO);
	assert_string_equal(err.msg, "cannot read 'big.json': larger than 9 bytes, the most convqa reads at once");
	assert_int_equal(ftell(f), 0);
	fclose(f);
	assert_int_equal(read_file(path, &buf, &len, &err), ST_OK);
	assert_string_equal(buf, "0123456789");
	free(buf);
	unlink(path);
}

static void test_the_default_limit_is_stated_in_mib(void **state)
{
	(void)state;
	char path[32];
	temp_file(path, "", (off_t)READ_FILE_MAX + 1); /* one byte over the limit: refused by its size */
	assert_int_equal(read_file(path, &buf, &len, &err), ST_IO);
	unlink(path);
	char expected[256];
	snprintf(expected, sizeof(expected), "cannot read '%s': larger than 1024 MiB, the most convqa reads at once",
		 path);
	assert_string_equal(err.msg, expected);
}

static void test_xstrndup_of_a_string_shorter_than_n_copies_the_string_only(void **state)
{
	(void)state;
	char *s = xmalloc(3);   /* exactly "ab" and its NUL: a byte more is past the end */
	memcpy(s, "ab", 3);
	char *copy = xstrndup(s, 10);
	assert_string_equal(copy, "ab");
	free(copy);
	free(s);
}

static void test_xstrndup_copies_n_bytes_of_a_longer_string_and_terminates_them(void **state)
{
	(void)state;
	char *s = xmalloc(4);   /* "abcd" unterminated: nothing past n is read */
	memcpy(s, "abcd", 4);
	char *copy = xstrndup(s, 4);
	assert_string_equal(copy, "abcd");
	free(copy);
	copy = xstrndup(s, 2);
	assert_string_equal(copy, "ab");
	free(copy);
	copy = xstrndup(s, 0);
	assert_string_equal(copy, "");
	free(copy);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_a_pipe_within_the_limit_is_read_whole),
		cmocka_unit_test(test_a_pipe_one_byte_over_the_limit_is_refused),
		cmocka_unit_test(test_a_file_larger_than_the_limit_is_refused_before_reading),
		cmocka_unit_test(test_the_default_limit_is_stated_in_mib),
		cmocka_unit_test(test_xstrndup_of_a_string_shorter_than_n_copies_the_string_only),
		cmocka_unit_test(test_xstrndup_copies_n_bytes_of_a_longer_string_and_terminates_them),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
