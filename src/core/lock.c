/* lock.c - at most one process per key: a POSIX record lock on one byte of
 * a lock file, at a hash of the key (see lock.h). */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "convqa/hash.h"
#include "convqa/lock.h"

/* The byte of key: 62 bits of its SHA-256, far below the largest offset
 * fcntl takes (2^63 - 1); with a 32-bit off_t, 30 bits. Two keys share a
 * byte with a chance of 2^-62: no two raters of a project ever do. */
static off_t key_offset(const char *key)
{
	uint8_t h[32];
	uint64_t v = 0;
	hash_sha256(key, strlen(key), h);
	for (int i = 0; i < 8; i++)
		v = v << 8 | h[i];
	return (off_t)(v >> (sizeof(off_t) >= 8 ? 2 : 34));
}

/* A new lock file takes the owner and permissions of the file it guards. */
static void like(int fd, const char *like_path)
{
	struct stat st;
	if (!like_path || stat(like_path, &st) != 0)
		return;
	int done = geteuid() != 0 || fchown(fd, st.st_uid, st.st_gid) == 0;
	done &= fchmod(fd, st.st_mode & 0666) == 0;
	/* not fatal when refused: this process can lock in any case, and the
	 * file keeps its owner and 0666 less the umask */
	(void)done;
}

/* Open the lock file for writing (a write lock needs it), creating it if
 * need be; -1 with err set on failure. */
static int open_lock_file(const char *path, const char *like_path, struct error *err)
{
	int fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (fd >= 0)
		like(fd, like_path);
	else if (errno == EEXIST)   /* O_EXCL: also a symbolic link, refused here */
		fd = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		error_set(err, ST_IO, "cannot open the lock file '%s': %s", path, strerror(errno));
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		error_set(err, ST_IO, "the lock file '%s' is not a regular file", path);
		close(fd);
		return -1;
	}
	return fd;
}

enum lock_result lock_take(struct lock *l, const char *path, const char *key, const char *like_path,
			   struct error *err)
{
	l->fd = -1;
	l->holder = 0;
	int fd = open_lock_file(path, like_path, err);
	if (fd < 0)
		return LOCK_UNAVAILABLE;
	off_t at = key_offset(key);
	/* a few tries: the holder may end between F_SETLK and F_GETLK */
	for (int tries = 0; tries < 3; tries++) {
		struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET, .l_start = at, .l_len = 1 };
		if (fcntl(fd, F_SETLK, &fl) == 0) {
			l->fd = fd;
			return LOCK_TAKEN;
		}
		if (errno != EACCES && errno != EAGAIN) {
			error_set(err, ST_IO, "cannot lock '%s': %s", path, strerror(errno));
			close(fd);
			return LOCK_UNAVAILABLE;
		}
		if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK) {
			l->holder = fl.l_pid > 0 ? (long)fl.l_pid : 0;   /* OFD locks have no pid */
			break;
		}
	}
	close(fd);
	return LOCK_BUSY;
}

void lock_release(struct lock *l)
{
	if (l->fd >= 0)
		close(l->fd);   /* drops the process's locks on the file */
	l->fd = -1;
}
