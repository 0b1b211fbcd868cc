/*
 * golden.h - the golden-file runner shared by the unit tests whose cases live
 * in tests/golden/MODULE/NAME.txt (test_metrics.c, test_agreement.c).
 *
 * A golden file is a header comment, then cases: a line "case NAME" starts
 * one (NAME is the test name and reads as a spec), the lines up to the next
 * "case" are its body. Each test file defines
 *
 *   static int eval_case(const char *name, const char *body, int *n_expect);
 *
 * returning the number of failed checks (reported through mismatch()) and
 * setting *n_expect to the number of expectations seen, and then runs
 *
 *   return golden_run("metrics", fixed, ARRAY_SIZE(fixed), files, n_files);
 *
 * which adds one cmocka test per case to the written-out tests in fixed[].
 * Header-only (static functions) so that each unit test stays one .c file;
 * include it after <cmocka.h>. Tests run from the repository root.
 */
#ifndef CONVQA_TEST_GOLDEN_H
#define CONVQA_TEST_GOLDEN_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int eval_case(const char *name, const char *body, int *n_expect);

/* assert_close(got, want, tol): cmocka's assert_float_equal() converts to
 * float (about 7 digits) whatever the tolerance; this compares doubles. */
#define assert_close(got, want, tol)                                                         \
	do {                                                                                 \
		double got_ = (got), want_ = (want), tol_ = (tol);                           \
		if (!(fabs(got_ - want_) <= tol_))                                           \
			fail_msg("%s = %.17g, expected %.17g (within %g)", #got, got_, want_, tol_); \
	} while (0)

static int quiet;   /* set while a runner tests itself */

/* Report one failed check (unless quiet); returns 1 to add to a count. */
static int mismatch(const char *name, const char *line, const char *why)
{
	if (!quiet)
		print_error("case %s: %s: %s\n", name, line, why);
	return 1;
}

/* Does got match the expected token? Plain numbers within 1e-9; with
 * "rounded", within half a unit of the token's last decimal. */
static int number_matches(double got, const char *want, int rounded)
{
	double w = strtod(want, NULL), tol = 1e-9;
	const char *dot = strchr(want, '.');

	if (rounded) {
		int decimals = dot ? (int)strspn(dot + 1, "0123456789") : 0;
		tol = 0.5 * pow(10.0, -decimals) + 1e-12;
	}
	return !isnan(got) && fabs(got - w) <= tol;
}

/* Split line into at most max whitespace-separated tokens, in place. */
static size_t split(char *line, char **tok, size_t max)
{
	size_t n = 0;
	char *save = NULL, *t;

	for (t = strtok_r(line, " \t\r", &save); t && n < max;
	     t = strtok_r(NULL, " \t\r", &save))
		tok[n++] = t;
	return n;
}

struct golden_case {
	char name[160];
	char file[96];
	char *body;     /* NULL: the file could not be read */
};

static void run_golden_case(void **state)
{
	const struct golden_case *c = *state;
	int n_expect, failures;

	quiet = 0;   /* a failed runner self-test may have left it set */
	if (!c->body)
		fail_msg("cannot read %s (tests run from the repository root)", c->file);
	failures = eval_case(c->name, c->body, &n_expect);
	assert_true(n_expect > 0);
	assert_int_equal(failures, 0);
}

static struct golden_case *golden_add(struct golden_case **cases, size_t *n)
{
	*cases = realloc(*cases, (*n + 1) * sizeof(**cases));
	return &(*cases)[(*n)++];
}

/* Append the cases of one golden file to *cases (count *n). */
static void load_golden(const char *path, struct golden_case **cases, size_t *n)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	struct golden_case *cur = NULL;
	size_t len = 0, cap = 0;

	if (!f) {
		cur = golden_add(cases, n);
		snprintf(cur->name, sizeof(cur->name), "golden file %s is readable", path);
		snprintf(cur->file, sizeof(cur->file), "%s", path);
		cur->body = NULL;
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		size_t l = strlen(line);
		if (!strncmp(line, "case ", 5)) {
			cur = golden_add(cases, n);
			line[strcspn(line, "\r\n")] = '\0';
			snprintf(cur->name, sizeof(cur->name), "%.159s", line + 5);
			snprintf(cur->file, sizeof(cur->file), "%s", path);
			cur->body = calloc(1, 1);
			len = cap = 0;
			continue;
		}
		if (!cur)
			continue;   /* the file's header comment */
		if (len + l + 1 > cap) {
			cap = (len + l + 1) * 2;
			cur->body = realloc(cur->body, cap);
		}
		memcpy(cur->body + len, line, l + 1);
		len += l;
	}
	fclose(f);
}

/* Run the written-out tests fixed[0..n_fixed) and one test per case of the
 * golden files, as one cmocka group; returns the group's result. */
static int golden_run(const char *group, const struct CMUnitTest *fixed, size_t n_fixed,
		      const char *const *files, size_t n_files)
{
	struct golden_case *cases = NULL;
	struct CMUnitTest *tests;
	size_t n_cases = 0, i;
	int rc;

	for (i = 0; i < n_files; i++)
		load_golden(files[i], &cases, &n_cases);
	tests = calloc(n_fixed + n_cases, sizeof(*tests));
	memcpy(tests, fixed, n_fixed * sizeof(*tests));
	for (i = 0; i < n_cases; i++) {
		tests[n_fixed + i].name = cases[i].name;
		tests[n_fixed + i].test_func = run_golden_case;
		tests[n_fixed + i].initial_state = &cases[i];
	}
	rc = _cmocka_run_group_tests(group, tests, n_fixed + n_cases, NULL, NULL);
	for (i = 0; i < n_cases; i++)
		free(cases[i].body);
	free(cases);
	free(tests);
	return rc;
}

#endif
