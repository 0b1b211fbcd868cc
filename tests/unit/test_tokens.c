/*
 * test_tokens.c - tokens.c against known tokens.
 *
 * Golden cases live in tests/golden/tokens/tokens.txt (format at its top);
 * every "case NAME" there becomes one test named NAME. The normalisation
 * itself is also checked through the metrics' name for it
 * (tests/golden/metrics/answers.txt). Run from the repository root.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/tokens.h"
#include "golden.h"

#define MAX_TEXT 512
#define MAX_TOKENS 64

/* Copy src to dst (size MAX_TEXT) turning \xHH into the byte HH. */
static void unescape(char *dst, const char *src)
{
	size_t o = 0;

	while (*src && o + 1 < MAX_TEXT) {
		unsigned int byte;
		if (src[0] == '\\' && src[1] == 'x' && sscanf(src + 2, "%2x", &byte) == 1) {
			dst[o++] = (char)byte;
			src += 4;
		} else {
			dst[o++] = *src++;
		}
	}
	dst[o] = '\0';
}

/* Check "expect tokens T..." (tok[2..n)) against t. */
static int check_tokens(const char *name, const char *raw, const struct tokens *t, char **tok, size_t n)
{
	char want[MAX_TEXT];

	if (t->n != n - 2)
		return mismatch(name, raw, "another number of tokens");
	for (size_t i = 2; i < n; i++) {
		unescape(want, tok[i]);
		if (strcmp(t->tok[i - 2], want))
			return mismatch(name, raw, t->tok[i - 2]);
	}
	return 0;
}

static int eval_case(const char *name, const char *body, int *n_expect)
{
	char *text = strdup(body), *save = NULL, *line;
	char input[MAX_TEXT] = "";
	int failures = 0;

	*n_expect = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char raw[MAX_TEXT], copy[MAX_TEXT], *tok[MAX_TOKENS + 2];
		struct tokens t;
		size_t n;

		snprintf(raw, sizeof(raw), "%s", line);
		snprintf(copy, sizeof(copy), "%s", line);
		n = split(copy, tok, MAX_TOKENS + 2);
		if (n == 0 || tok[0][0] == '#')
			continue;
		if (!strcmp(tok[0], "text")) {
			unescape(input, raw[4] ? raw + 5 : "");
			continue;
		}
		if (strcmp(tok[0], "expect") || n < 2) {
			failures += mismatch(name, raw, "unknown line");
			continue;
		}
		(*n_expect)++;
		tokens_init(&t, input);
		if (!strcmp(tok[1], "tokens"))
			failures += check_tokens(name, raw, &t, tok, n);
		else if (!strcmp(tok[1], "count") && n == 3)
			failures += number_matches((double)t.n, tok[2], 0) ? 0 : mismatch(name, raw, "another count");
		else
			failures += mismatch(name, raw, "unknown expectation");
		tokens_release(&t);
	}
	free(text);
	return failures;
}

static void test_tokens_are_the_normalised_text_split_at_its_spaces(void **state)
{
	const char *texts[] = { "  An  (apple)\ta DAY\n", "The Cordouan lighthouse, in 1823", "", "x" };

	(void)state;
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		char *norm = tokens_normalize(texts[i]), joined[MAX_TEXT] = "";
		struct tokens t;
		tokens_init(&t, texts[i]);
		for (size_t k = 0; k < t.n; k++) {
			assert_true(t.tok[k][0] != '\0');
			strcat(joined, k ? " " : "");
			strcat(joined, t.tok[k]);
		}
		assert_string_equal(joined, norm);
		tokens_release(&t);
		free(norm);
	}
}

static void test_every_whitespace_of_python_split_has_its_length(void **state)
{
	/* str.split() whitespace, as UTF-8 */
	static const char *const spaces[] = {
		" ", "\t", "\n", "\v", "\f", "\r", "\x1c", "\x1d", "\x1e", "\x1f",
		"\xc2\x85", "\xc2\xa0", "\xe1\x9a\x80", "\xe2\x80\x80", "\xe2\x80\x85", "\xe2\x80\x8a",
		"\xe2\x80\xa8", "\xe2\x80\xa9", "\xe2\x80\xaf", "\xe2\x81\x9f", "\xe3\x80\x80",
	};
	/* not whitespace: letters, U+200B ZERO WIDTH SPACE, U+180E, U+FEFF, U+0080 */
	static const char *const others[] = { "a", "", "\xe2\x80\x8b", "\xe1\xa0\x8e", "\xef\xbb\xbf", "\xc2\x80" };

	(void)state;
	for (size_t i = 0; i < sizeof(spaces) / sizeof(spaces[0]); i++)
		assert_int_equal(tokens_space_len(spaces[i]), strlen(spaces[i]));
	for (size_t i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		assert_int_equal(tokens_space_len(others[i]), 0);
}

static void test_punctuation_is_the_32_ascii_marks_only(void **state)
{
	int n = 0;

	(void)state;
	for (int c = -1; c < 256; c++)
		n += tokens_is_punct(c);
	assert_int_equal(n, 32);
	assert_true(tokens_is_punct('\'') && tokens_is_punct('~') && tokens_is_punct('\\'));
	assert_false(tokens_is_punct(' ') || tokens_is_punct('a') || tokens_is_punct(0) || tokens_is_punct(0xab));
}

int main(void)
{
	static const struct CMUnitTest fixed[] = {
		cmocka_unit_test(test_tokens_are_the_normalised_text_split_at_its_spaces),
		cmocka_unit_test(test_every_whitespace_of_python_split_has_its_length),
		cmocka_unit_test(test_punctuation_is_the_32_ascii_marks_only),
	};
	static const char *const files[] = {
		"tests/golden/tokens/tokens.txt",
	};
	return golden_run("tokens", fixed, sizeof(fixed) / sizeof(fixed[0]), files,
			  sizeof(files) / sizeof(files[0]));
}
