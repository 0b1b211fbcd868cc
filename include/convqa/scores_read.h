/*
 * scores_read.h - scores of responses computed elsewhere (GPTScore,
 * BERTScore, SAS, an LLM judge), as convqa import-scores reads them: a CSV
 * file (RFC 4180, a header row) or JSON Lines (one object a line) whose
 * rows name a response by conversation, turn and system - or by id
 * "<conversation>_<turn>" and model, as SCAI's batch files do - and hold
 * one or more numeric score columns.
 *
 *   struct scores_import_request rq = { .file = "judge.csv", .columns = "gptscore" };
 *   struct scores_import_result res;
 *   if (scores_import(store, &rq, &res, &err) != ST_OK) ... err.msg: "FILE:LINE: ..."
 *
 * The file is checked whole and imported in one transaction: all of it or
 * nothing. A score already here with the same value is skipped (importing
 * twice changes nothing); another value is a conflict that refuses the file.
 * Who may change the project is the caller's to check, in a transaction
 * of its own (this one nests in it).
 */
#ifndef CONVQA_SCORES_READ_H
#define CONVQA_SCORES_READ_H

#include "convqa/common.h"

struct store;

struct scores_import_request {
	const char *file;              /* the path */
	const char *format;            /* "csv", "jsonl" or NULL: detected */
	const char *columns;           /* the score columns, comma-separated */
	const char *as;                /* the name to store the one column under, or NULL */
};

struct scores_import_result {
	long rows;                     /* data rows (lines) read */
	long added;                    /* scores added */
	long present;                  /* scores here already with that value (or repeated in the file) */
};

/* Whether name is a format scores_import() reads ("csv", "jsonl"). */
int scores_format_known(const char *name);
enum status scores_import(struct store *s, const struct scores_import_request *rq,
			  struct scores_import_result *res, struct error *err);

#endif
