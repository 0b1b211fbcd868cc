/* fuzz_scheme.c - libFuzzer target: any bytes through the reader of
 * `convqa scheme add` (scheme_read, src/formats/scheme_read.c).
 *
 * Besides what ASan and UBSan catch, it aborts when the reader breaks its
 * contract:
 *   - a status other than ok or bad input (2), or a refusal without a
 *     message;
 *   - an accepted scheme that does not write back (scheme_to_json) to a
 *     text that reads again, as a new file and as the project keeps it
 *     (scheme_parse_stored), to the very same text: "what scheme_read()
 *     reads back into an equal scheme" (scheme_read.h).
 *
 * Build with `make fuzz`; see docs/development.md "Fuzzing". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/scheme_read.h"

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_scheme: %s\n%s\n", what, detail);
	abort();
}

/* A copy of exactly size bytes (ASan sees any read past the end), which
 * scheme_read() frees. */
static char *copy(const void *data, size_t size)
{
	char *buf = malloc(size ? size : 1);
	if (!buf)
		abort();
	memcpy(buf, data, size);
	return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct error err;
	struct scheme *s = NULL, *again = NULL, *kept = NULL;
	error_clear(&err);
	enum status st = scheme_read("f.json", copy(data, size), size, &s, &err);
	if (st != ST_OK && st != ST_INPUT)
		fail("unexpected status", err.msg);
	if (st != ST_OK) {
		if (!err.msg[0])
			fail("a refusal without a message", "");
		return 0;
	}
	char *json = scheme_to_json(s);
	error_clear(&err);
	if (scheme_read("again.json", copy(json, strlen(json)), strlen(json), &again, &err) != ST_OK)
		fail("an accepted scheme, written back, is refused", err.msg);
	char *json2 = scheme_to_json(again);
	if (strcmp(json, json2) != 0)
		fail("an accepted scheme does not write back to the same text", json);
	if (scheme_parse_stored(s->name, json, &kept, &err) != ST_OK)
		fail("an accepted scheme, as the project keeps it, is refused", err.msg);
	free(json);
	free(json2);
	scheme_free(s);
	scheme_free(again);
	scheme_free(kept);
	return 0;
}
