/* store_label_import.h - part of store.h: labels from another copy of the
 * project (store_label_import.c).
 * Include convqa/store.h, which includes the parts in order (each relies
 * on what comes before it), not this file. */
#ifndef CONVQA_STORE_LABEL_IMPORT_H
#define CONVQA_STORE_LABEL_IMPORT_H

/* ---- labels from another copy of the project (store_label_import.c) --- */

/* Open the project at path only to read it (convqa import-labels reading
 * another copy): read-only, never migrated, never written. Its schema must
 * be this convqa's: an older one is ST_STORE, saying to export its labels
 * with convqa export instead. The file may come from anyone: the tables
 * store_labels_each() reads must be tables (a view or virtual table is
 * ST_STORE "not a project as convqa writes it"), its schema is untrusted
 * (SQLITE_DBCONFIG_TRUSTED_SCHEMA off, DEFENSIVE on), and its statements
 * get as much work as its size allows (file and -wal: 64 VM steps a byte
 * and a million), past which they fail with ST_STORE "takes more work to
 * read than a project of its size can". Close with store_close(). */
enum status store_open_read_only(const char *path, struct store **out, struct error *err);

/* The name of the first system (by name) whose response to turn position
 * of conversation (an ext id) retrieved passage (an ext id) into *system
 * (caller frees; NULL when none did): where a judgement from elsewhere
 * (TREC qrels imported as a rater's) is a label of the pooled passage. */
enum status store_pooled_system(struct store *s, const char *conversation, int position, const char *passage,
				char **system, struct error *err);

/* Adding labels as another copy recorded them, inside store_begin/commit:
 *
 *   store_label_importer_open(s, &imp, &err);
 *   store_label_importer_add(imp, &key, value, seconds, created_at, &res, &c, &err);  (oldest first)
 *   store_label_importer_finish(imp, &copies, &err);
 *   store_label_importer_free(imp);
 *
 * The project's own labels are those it held when the importer opened. */
struct store_label_importer;

enum store_label_added {
	LABEL_ADDED,     /* a new row */
	LABEL_PRESENT,   /* a row of the same rater, round, response, task, field, rank, value and
			  * time is there already: nothing added */
	LABEL_CONFLICT,  /* one of the project's own rows of the same rater, round, task, field and
			  * unit has the same time and another value: nothing added */
};

/* The project's value that a label conflicts with. */
struct store_label_conflict {
	int cleared;                      /* the project's row cleared the label */
	char value[512];                  /* else its value (cut) */
};

enum status store_label_importer_open(struct store *s, struct store_label_importer **out, struct error *err);
void store_label_importer_free(struct store_label_importer *imp);

/* A passage of a response: with *rank > 0 the ext id of the passage it
 * retrieved at that rank into *at_rank (caller frees; NULL when none); with
 * *rank 0 the rank at which it retrieved passage (ext id) into *rank (0
 * when it did not). */
enum status store_label_importer_passage(struct store_label_importer *imp, int64_t response_id, long *rank,
					 const char *passage, char **at_rank, struct error *err);

/* Add a row for key with value (NULL = cleared), seconds and created_at
 * (an ISO 8601 UTC time as now_iso8601() writes it) as given; *res says
 * what happened (c is filled for LABEL_CONFLICT). Rows are added in the
 * order of the calls. ST_INPUT when key's passage rank names no passage of
 * its response. */
enum status store_label_importer_add(struct store_label_importer *imp, const struct store_label_key *key,
				     const char *value, double seconds, const char *created_at,
				     enum store_label_added *res, struct store_label_conflict *c,
				     struct error *err);

/* After the adds: in every unit that got a row, the latest label by time
 * (created_at, then id) must be current (the unit's highest id). Where one
 * of the project's own labels is newer than every row added to its unit,
 * a copy of it (same value and time, 0 seconds) is added after them;
 * *copies counts them. */
enum status store_label_importer_finish(struct store_label_importer *imp, long *copies, struct error *err);

#endif
