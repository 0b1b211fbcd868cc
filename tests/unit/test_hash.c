/* Unit tests: SHA-256 against the FIPS 180-4 example vectors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "convqa/hash.h"

static void check(const char *in, size_t len, const char *expected)
{
	char hex[65];
	hash_sha256_hex(in, len, hex);
	assert_string_equal(hex, expected);
}

static void test_sha256_of_empty_input(void **state)
{
	(void)state;
	check("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

static void test_sha256_of_abc(void **state)
{
	(void)state;
	check("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

static void test_sha256_of_two_block_message(void **state)
{
	(void)state;
	const char *s = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
	check(s, strlen(s), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

static void test_sha256_of_55_and_56_byte_padding_boundaries(void **state)
{
	(void)state;
	char a[64];
	memset(a, 'a', sizeof(a));
	check(a, 55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
	check(a, 56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
	check(a, 64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

/* A file hashed as it is read, in pieces of every size from 1 to 130
 * bytes, has the digest of the whole. */
static void test_sha256_in_pieces_is_the_digest_of_the_whole(void **state)
{
	(void)state;
	char text[1000], whole[65], hex[65];
	uint8_t d[32];
	for (size_t i = 0; i < sizeof(text); i++)
		text[i] = (char)('a' + i * 7 % 26);
	hash_sha256_hex(text, sizeof(text), whole);
	for (size_t piece = 1; piece <= 130; piece++) {
		struct hash_sha256 c;
		hash_sha256_init(&c);
		for (size_t at = 0; at < sizeof(text); at += piece)
			hash_sha256_update(&c, text + at, at + piece <= sizeof(text) ? piece : sizeof(text) - at);
		hash_sha256_final(&c, d);
		hash_hex(d, hex);
		assert_string_equal(hex, whole);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sha256_of_empty_input),
		cmocka_unit_test(test_sha256_of_abc),
		cmocka_unit_test(test_sha256_of_two_block_message),
		cmocka_unit_test(test_sha256_of_55_and_56_byte_padding_boundaries),
		cmocka_unit_test(test_sha256_in_pieces_is_the_digest_of_the_whole),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
