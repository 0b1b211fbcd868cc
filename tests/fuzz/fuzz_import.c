/* fuzz_import.c - libFuzzer target: any bytes through the whole import.
 *
 * Each input is imported as a task file into an in-memory project that holds
 * a small base file and nothing else (so that conflicts with the project and
 * fill-ins are reached, not only the reader): the syntax check, cJSON, the
 * native reader and the writes. Besides what ASan and UBSan catch, it aborts
 * when the import breaks its contract:
 *   - a status other than ok, bad input (2) or file error (4, the value limit),
 *     or a failure without a message;
 *   - the syntax check passing a text cJSON then refuses;
 *   - a refused file changing the project (all or nothing);
 *   - an accepted file that adds something when imported a second time;
 *   - the file read as a stream (written to f.json, imported by its path:
 *     the importer's path) faring otherwise than the same bytes read whole
 *     (another status, message or counts), in a second project kept as the
 *     first.
 *
 * Build with `make fuzz`; see docs/development.md "Fuzzing". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "convqa/importer.h"
#include "convqa/store.h"

static const char base[] =
	"{\"format\": \"convqa-tasks\", \"version\": 1,"
	" \"systems\": [{\"id\": \"s\"}],"
	" \"collection\": [{\"id\": \"p1\", \"text\": \"Paris is the capital of France.\"},"
	"                {\"id\": \"p2\", \"title\": \"Lyon\", \"text\": \"Lyon is a city.\"}],"
	" \"conversations\": [{\"id\": \"c1\", \"turns\": [{\"question\": \"capital of France?\","
	"   \"responses\": [{\"system\": \"s\", \"answer\": \"Paris\","
	"     \"passages\": [{\"rank\": 1, \"id\": \"p1\", \"score\": 1.5}, {\"rank\": 2, \"text\": \"inline\"}]}]}]}]}";

static void fail(const char *what, const struct error *err)
{
	fprintf(stderr, "fuzz_import: %s\nmessage: %s\n", what, err->msg);
	abort();
}

static enum status import(struct store *s, const void *data, size_t size, struct import_counts *c,
			  struct error *err)
{
	char *buf = malloc(size ? size : 1); /* exactly size bytes: ASan sees any read past the end */
	if (!buf)
		abort();
	memcpy(buf, data, size);
	error_clear(err);
	return importer_import_text(s, buf, size, "f.json", "/fuzz/f.json", c, err);
}

static long added(const struct import_counts *c)
{
	long n = 0;
	for (int i = 0; i < IMP__COUNT; i++)
		n += c->added[i] + c->updated[i];
	return n;
}

/* The input read as a stream: written to f.json and imported by its path. */
static enum status import_streamed(struct store *s, const void *data, size_t size, struct import_counts *c,
				   struct error *err)
{
	FILE *f = fopen("f.json", "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();
	error_clear(err);
	return importer_import_file(s, "f.json", c, err);
}

/* The stream fares as the buffer did: status st, message msg, counts c. */
static void same_as_stream(struct store *streamed, const uint8_t *data, size_t size, enum status st,
			   const char *msg, const struct import_counts *c)
{
	struct error err;
	struct import_counts sc;
	if (memchr(data, '\0', size)) /* a file is read no further than its first NUL byte, a buffer is */
		return;
	enum status sst = import_streamed(streamed, data, size, &sc, &err);
	if (sst != st || strcmp(err.msg, msg) != 0 || (st == ST_OK && memcmp(c, &sc, sizeof(sc)) != 0)) {
		fprintf(stderr, "fuzz_import: read whole: status %d\n%s\n", st, msg);
		fail("read as a stream, the file fares otherwise", &err);
	}
}

/* Import the input and check the contract; returns its status. */
static enum status check(struct store *s, struct store *streamed, const uint8_t *data, size_t size)
{
	struct error err;
	struct import_counts c;
	struct store_counts before, after;
	if (store_counts(s, &before, &err) != ST_OK)
		fail("cannot count the project", &err);
	enum status st = import(s, data, size, &c, &err);
	if (st != ST_OK && st != ST_INPUT && st != ST_IO)
		fail("unexpected status", &err);
	if (st != ST_OK && !err.msg[0])
		fail("a failure without a message", &err);
	if (strncmp(err.msg, "f.json: cannot parse JSON", 25) == 0) /* json.c's, after its syntax check */
		fail("the syntax check passed what cJSON refused", &err);
	if (store_counts(s, &after, &err) != ST_OK)
		fail("cannot count the project", &err);
	if (st != ST_OK && memcmp(&before, &after, sizeof(before)) != 0)
		fail("a refused file changed the project", &err);
	same_as_stream(streamed, data, size, st, err.msg, &c);
	if (st != ST_OK)
		return st;
	if (import(s, data, size, &c, &err) != ST_OK)
		fail("an accepted file is refused the second time", &err);
	if (added(&c))
		fail("an accepted file adds something the second time", &err);
	return st;
}

/* A new in-memory project holding the base file. */
static struct store *fresh_project(void)
{
	struct store *s;
	struct error err;
	struct import_counts c;
	if (store_open(":memory:", STORE_CREATE, &s, &err) != ST_OK)
		fail("cannot open an in-memory project", &err);
	if (import(s, base, sizeof(base) - 1, &c, &err) != ST_OK)
		fail("the base file is refused", &err);
	return s;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* a fixed value limit: the same input behaves the same on any machine,
	 * and the limit's refusal is reached by inputs of a few kB */
	setenv(IMPORTER_MAX_VALUES_ENV, "1000", 0);
	setenv("CONVQA_NOW", "2026-01-01T00:00:00.000Z", 0); /* the same message from both projects */
	char dir[] = "/tmp/fuzz_import.XXXXXX"; /* where f.json is written */
	if (!mkdtemp(dir) || chdir(dir) != 0)
		abort();
	return 0;
}

/* Every input meets the project as the base file left it: a refused input
 * leaves it so (checked above), an accepted one gets a new project after it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct store *project, *streamed;
	if (!project) {
		project = fresh_project();
		streamed = fresh_project();
	}
	if (check(project, streamed, data, size) == ST_OK) {
		store_close(project);
		store_close(streamed);
		project = streamed = NULL;
	}
	return 0;
}
