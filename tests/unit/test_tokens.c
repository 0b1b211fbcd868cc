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

static void test_the_iterator_gives_each_token_with_the_bytes_it_came_from(void **state)
{
	/* "(Paris), the\u2014end  \u00c9COLE a" */
	const char *text = "(Paris), the\xe2\x80\x94" "end  \xc3\x89" "COLE a";
	static const struct { const char *tok; size_t start, end; } want[] = {
		{ "paris", 1, 6 }, { "\xe2\x80\x94" "end", 12, 18 }, { "\xc3\xa9" "cole", 20, 26 },
	};
	struct tokens_iter it;
	size_t n = 0;

	(void)state;
	tokens_iter_init(&it, text, strlen(text));
	while (tokens_iter_next(&it)) {
		assert_true(n < sizeof(want) / sizeof(want[0]));
		assert_string_equal(it.tok, want[n].tok);
		assert_int_equal(it.tok_len, strlen(want[n].tok));
		assert_int_equal(it.start, want[n].start);
		assert_int_equal(it.end, want[n].end);
		assert_int_equal(it.tok_hash, tokens_hash(want[n].tok, strlen(want[n].tok)));   /* ASCII or not */
		n++;
	}
	assert_int_equal(n, 3);
	assert_false(tokens_iter_next(&it));   /* stays at the end */
	tokens_iter_release(&it);
}

static void test_the_iterator_reads_only_the_length_given(void **state)
{
	struct tokens_iter it;

	(void)state;
	tokens_iter_init(&it, "kiwi fruit", 6);
	assert_true(tokens_iter_next(&it));
	assert_string_equal(it.tok, "kiwi");
	assert_true(tokens_iter_next(&it));
	assert_string_equal(it.tok, "f");
	assert_false(tokens_iter_next(&it));
	tokens_iter_release(&it);
}

static void test_every_ascii_character_splits_joins_or_stays_as_its_class_says(void **state)
{
	(void)state;
	for (int c = 1; c < 128; c++) {
		char text[4] = { 'x', (char)c, 'y', 0 }, want[4] = { 'x', (char)c, 'y', 0 };
		char *norm = tokens_normalize(text);
		if (tokens_space_len(text + 1))
			assert_string_equal(norm, "x y");
		else if (tokens_is_punct(c))
			assert_string_equal(norm, "xy");
		else {
			if (c >= 'A' && c <= 'Z')
				want[1] = (char)(c + 32);
			assert_string_equal(norm, want);
		}
		assert_int_equal(tokens_is_space((uint32_t)c), tokens_space_len(text + 1) > 0);
		free(norm);
	}
}

/* Random text from pieces that exercise every rule, seeded. */
static char *random_text(unsigned long long *rng)
{
	static const char *const pieces[] = {
		"a", "n", "t", "h", "e", "A", "The", " ", "  ", "\t", "\n", ".", "-", "(", ")", "x", "\xe2\x80\x94",
		"\xc2\xa0", "\xe3\x80\x80", "\xc3\x89", "\xce\xa3", "\xff", "\xe2\x80", "\x01", "_", "3",
		"\xe2\x80\x8b", "\xc4\xb0", "\xe1\x9a\x80", "\xc2\x85", "'", "an", "the", "\x1c", "\x7f",
		"\xf0\x9f\x98\x80",
	};
	char *out = calloc(1, 256);
	*rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
	unsigned n = (unsigned)(*rng >> 33) % 14;
	for (unsigned i = 0; i < n; i++) {
		*rng = *rng * 6364136223846793005ull + 1442695040888963407ull;
		strcat(out, pieces[(*rng >> 33) % (sizeof(pieces) / sizeof(pieces[0]))]);
	}
	return out;
}

static void test_each_token_normalises_back_to_itself_and_together_they_are_the_normalisation(void **state)
{
	unsigned long long rng = 42;

	(void)state;
	for (int round = 0; round < 20000; round++) {
		char *text = random_text(&rng), *norm = tokens_normalize(text), joined[1024] = "";
		struct tokens_iter it;
		size_t last_end = 0;
		tokens_iter_init(&it, text, strlen(text));
		while (tokens_iter_next(&it)) {
			char *slice = strndup(text + it.start, it.end - it.start), *back = tokens_normalize(slice);
			assert_string_equal(back, it.tok);
			assert_true(it.start >= last_end && it.start < it.end);
			last_end = it.end;
			strcat(joined, joined[0] ? " " : "");
			strcat(joined, it.tok);
			free(back);
			free(slice);
		}
		tokens_iter_release(&it);
		assert_string_equal(joined, norm);
		free(norm);
		free(text);
	}
}

int main(void)
{
	static const struct CMUnitTest fixed[] = {
		cmocka_unit_test(test_tokens_are_the_normalised_text_split_at_its_spaces),
		cmocka_unit_test(test_every_whitespace_of_python_split_has_its_length),
		cmocka_unit_test(test_punctuation_is_the_32_ascii_marks_only),
		cmocka_unit_test(test_the_iterator_gives_each_token_with_the_bytes_it_came_from),
		cmocka_unit_test(test_the_iterator_reads_only_the_length_given),
		cmocka_unit_test(test_every_ascii_character_splits_joins_or_stays_as_its_class_says),
		cmocka_unit_test(test_each_token_normalises_back_to_itself_and_together_they_are_the_normalisation),
	};
	static const char *const files[] = {
		"tests/golden/tokens/tokens.txt",
	};
	return golden_run("tokens", fixed, sizeof(fixed) / sizeof(fixed[0]), files,
			  sizeof(files) / sizeof(files[0]));
}
