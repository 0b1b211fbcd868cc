/*
 * lock.h - at most one process per key: an advisory lock that the kernel
 * drops when its process ends, however it ends (quit, crash, kill -9), so
 * no lock outlives its session and none needs cleaning up.
 *
 * `convqa annotate` takes one per rater and project, so that a rater's
 * second session is refused instead of both showing stale labels:
 *
 *   struct lock l;
 *   switch (lock_take(&l, "/data/p.db-annotate.lock", "alice", "/data/p.db", &err)) {
 *   case LOCK_TAKEN: ... lock_release(&l); break;
 *   case LOCK_BUSY: printf("held by pid %ld", l.holder); break;
 *   case LOCK_UNAVAILABLE: printf("%s", err.msg); break;   // e.g. no lock file
 *   }
 *
 * The lock is a one-byte POSIX record lock (fcntl F_SETLK, so that F_GETLK
 * can name the process holding it) in the lock file at an offset given by a
 * 62-bit hash of the key: other keys lock other bytes and never wait for
 * each other. The file stays empty and is never removed (removing a lock
 * file races with a process that has just opened it). A POSIX lock belongs
 * to the process: closing any descriptor of the lock file in this process
 * drops it, so nothing else in the process may open that file.
 */
#ifndef CONVQA_LOCK_H
#define CONVQA_LOCK_H

#include "convqa/common.h"

struct lock {
	int fd;          /* the lock file while the lock is held, else -1 */
	long holder;     /* LOCK_BUSY: the pid holding the lock, 0 if unknown */
};

enum lock_result {
	LOCK_TAKEN,        /* held until lock_release() or the process ends */
	LOCK_BUSY,         /* another process holds it (l->holder) */
	LOCK_UNAVAILABLE,  /* the lock file cannot be made, opened or locked: err says why */
};

/* Take the lock of key in the file at path, without waiting. A lock file
 * this call creates gets the permissions (read and write bits) and, when
 * run as root, the owner of like_path, the file it guards, as SQLite does
 * with its -wal and -shm files: whoever may write that file may lock (with
 * like_path NULL: mode 0666 less the umask). A symbolic link or anything
 * but a regular file at path is refused (LOCK_UNAVAILABLE). */
enum lock_result lock_take(struct lock *l, const char *path, const char *key, const char *like_path,
			   struct error *err);
/* Drop the lock (if held); safe to call twice. */
void lock_release(struct lock *l);

#endif
