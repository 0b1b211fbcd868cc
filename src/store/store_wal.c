/* store_wal.c - checkpoints deferred to idle time (store.h): a session's
 * commits sync the write-ahead log only, and the log is copied into the
 * project file when the session is idle, not in the commit that happens to
 * pass SQLite's automatic threshold (1,000 pages: one key in about a
 * hundred saves paid the copy and the file's fsync). */
#include "store_internal.h"

/* After each commit of this connection: the log's length in pages. */
static int wal_committed(void *ctx, sqlite3 *db, const char *schema, int frames)
{
	struct store *s = ctx;
	(void)schema;
	s->wal_frames = frames;
	if (frames >= STORE_WAL_DEFER_MAX) {   /* never idle: bounded all the same */
		int log = 0, copied = 0;
		if (sqlite3_wal_checkpoint_v2(db, "main", SQLITE_CHECKPOINT_PASSIVE, &log, &copied) == SQLITE_OK &&
		    copied >= log)
			s->wal_frames = 0;
	}
	return SQLITE_OK;
}

void store_wal_defer(struct store *s)
{
	s->wal_deferred = 1;
	sqlite3_wal_hook(s->db, wal_committed, s);   /* replaces the automatic checkpoint */
}

int store_wal_pending(const struct store *s)
{
	return s->wal_deferred ? s->wal_frames : 0;
}

enum status store_wal_checkpoint(struct store *s, struct error *err)
{
	int log = 0, copied = 0;
	int rc = sqlite3_wal_checkpoint_v2(s->db, "main", SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
	if (rc == SQLITE_BUSY)
		return ST_OK;   /* another connection is checkpointing: it copies ours too */
	if (rc != SQLITE_OK)
		return store_fail(s, err, "cannot copy the write-ahead log into the project");
	if (copied >= log)
		s->wal_frames = 0;
	return ST_OK;
}
