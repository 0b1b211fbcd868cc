/* fuzz_labels.c - libFuzzer target: any bytes through the reader of
 * `convqa import-labels` (labels_read_text, src/formats/labels_read.c: a
 * labels export, labels as JSON Lines or a Label Studio export, read by the
 * project's schemes) and, when it reads them, the
 * import of the labels into an in-memory project that holds a small base
 * file (labelling_import: every rule a label passes).
 *
 * Besides what ASan and UBSan catch, it aborts when either breaks its
 * contract:
 *   - a status of the reader other than ok, bad input (2) or file error
 *     (4, the value limit), or of the import other than ok or bad input;
 *     a failure without a message;
 *   - a refused import that changes the project (all or nothing);
 *   - labels imported a second time that add a row ("importing twice adds
 *     nothing", labelling.h).
 *
 * Build with `make fuzz`; see docs/development.md "Fuzzing". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convqa/importer.h"
#include "convqa/labelling.h"
#include "convqa/labels_read.h"
#include "convqa/store.h"

/* two systems' answers to two turns, a passage at ranks 1 and 2 */
static const char base[] =
	"{\"format\": \"convqa-tasks\", \"version\": 1,"
	" \"systems\": [{\"id\": \"s\"}, {\"id\": \"t\"}],"
	" \"collection\": [{\"id\": \"p1\", \"text\": \"Paris is the capital of France.\"},"
	"                {\"id\": \"p2\", \"title\": \"Lyon\", \"text\": \"Lyon is a city.\"}],"
	" \"conversations\": [{\"id\": \"c1\", \"turns\": ["
	"   {\"question\": \"capital of France?\", \"responses\": ["
	"     {\"system\": \"s\", \"answer\": \"Paris\", \"passages\": [{\"rank\": 1, \"id\": \"p1\"}, {\"rank\": 2, \"id\": \"p2\"}]},"
	"     {\"system\": \"t\", \"answer\": \"paris\", \"passages\": [{\"rank\": 1, \"id\": \"p2\"}]}]},"
	"   {\"question\": \"and Lyon?\", \"responses\": ["
	"     {\"system\": \"s\", \"answer\": \"a city\", \"passages\": [{\"rank\": 1, \"id\": \"p2\"}]}]}]}]}";

static void fail(const char *what, const struct error *err)
{
	fprintf(stderr, "fuzz_labels: %s\nmessage: %s\n", what, err->msg);
	abort();
}

/* A copy of exactly size bytes (ASan sees any read past the end), which
 * the reader frees. */
static char *copy(const void *data, size_t size)
{
	char *buf = malloc(size ? size : 1);
	if (!buf)
		abort();
	memcpy(buf, data, size);
	return buf;
}

static struct store *fresh_project(void)
{
	struct store *s;
	struct error err;
	struct import_counts c;
	if (store_open(":memory:", STORE_CREATE, &s, &err) != ST_OK)
		fail("cannot open an in-memory project", &err);
	if (importer_import_text(s, copy(base, sizeof(base) - 1), sizeof(base) - 1, "base.json", "/fuzz/base.json", &c,
				 &err) != ST_OK)
		fail("the base file is refused", &err);
	return s;
}

/* Import the labels read; returns whether the project changed. */
static int import(struct store *s, const struct labels_read *in)
{
	struct error err;
	struct store_counts before, after;
	struct labelling_import_request rq = { .scheme_json = in->scheme_json };   /* as import-labels does */
	struct labelling_import_result res;
	if (store_counts(s, &before, &err) != ST_OK)
		fail("cannot count the project", &err);
	error_clear(&err);
	memset(&res, 0, sizeof(res));
	enum status st = labelling_import(s, &rq, in->labels, in->n, &res, &err);
	if (st != ST_OK && st != ST_INPUT)
		fail("unexpected status of the import", &err);
	if (st != ST_OK && !err.msg[0])
		fail("a refused import without a message", &err);
	if (store_counts(s, &after, &err) != ST_OK)
		fail("cannot count the project", &err);
	int changed = memcmp(&before, &after, sizeof(before)) != 0;
	if (st != ST_OK && changed)
		fail("a refused import changed the project", &err);
	if (st != ST_OK)
		return 0;
	/* the same labels again: nothing new */
	error_clear(&err);
	if (labelling_import(s, &rq, in->labels, in->n, &res, &err) != ST_OK)
		fail("labels imported once are refused the second time", &err);
	if (res.added)
		fail("labels imported a second time add rows", &err);
	return changed;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setenv(IMPORTER_MAX_VALUES_ENV, "1000", 0);   /* the same input behaves the same anywhere */
	setenv("CONVQA_NOW", "2026-01-02T03:04:05.000Z", 0);
	return 0;
}

/* Every input meets the project as the base file left it: one that
 * changed it gets a new project after it. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct store *project;
	struct labels_read in;
	struct error err;
	if (!project)
		project = fresh_project();
	error_clear(&err);
	enum status st = labels_read_text(project, "f.json", copy(data, size), size, &in, &err);
	if (st != ST_OK && st != ST_INPUT && st != ST_IO)
		fail("unexpected status of the reader", &err);
	if (st != ST_OK && !err.msg[0])
		fail("a refusal of the reader without a message", &err);
	if (st == ST_OK && import(project, &in)) {
		store_close(project);
		project = NULL;
	}
	labels_read_release(&in);
	return 0;
}
