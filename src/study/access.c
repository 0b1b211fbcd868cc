/* access.c - the running account and what it may do: write a bound
 * rater's labels, manage raters and rounds. See access.h. */
#include "convqa/access.h"

#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "convqa/store.h"
#include "convqa/strbuf.h"

#define ACCOUNT_NAME_MAX 256

char *access_account(void)
{
	uid_t uid = geteuid();
	struct passwd *pw = getpwuid(uid);
	if (pw && pw->pw_name && *pw->pw_name)
		return xstrdup(pw->pw_name);
	return xasprintf("uid %lu", (unsigned long)uid);
}

int access_account_known(const char *name)
{
	return getpwnam(name) != NULL;
}

/* Whether convqa runs as account: the user id the system gives the name is
 * ours (so every name of one user id is the same account). */
static int is_running_as(const char *account)
{
	struct passwd *pw = getpwnam(account);
	return pw && pw->pw_uid == geteuid();
}

const char *access_account_name_problem(const char *name)
{
	size_t len = strlen(name), digits = 0;
	if (len == 0)
		return "the account name is empty";
	if (len > ACCOUNT_NAME_MAX)
		return "the account name is longer than 256 bytes";
	if (name[0] == '-')
		return "the account name begins with '-'";
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];
		if (c <= ' ' || c >= 0x7f)
			return "the account name holds a space, a control character or a character that is not "
			       "ASCII";
		if (c == ':' || c == ',' || c == '/')
			return "the account name holds ':', ',' or '/'";
		digits += c >= '0' && c <= '9';
	}
	if (digits == len)
		return "the account name is a number (give the account's name, not its user id)";
	return NULL;
}

enum status access_check_write(struct store *s, const char *rater, struct error *err)
{
	struct store_rater r;
	int found;
	enum status st = store_rater_get(s, rater, &r, &found, err);
	if (st == ST_OK && found && r.os_user && !is_running_as(r.os_user)) {
		char *me = access_account();
		st = error_set(err, ST_INPUT, "rater '%s' is bound to the account '%s'; you are '%s' (labels of a "
			       "bound rater are written from their account)", rater, r.os_user, me);
		free(me);
	}
	store_rater_release(&r);
	return st;
}

/* The bound coordinators, described into who; *allowed: the running
 * account is one of theirs. */
static enum status coordinators(struct store *s, struct strbuf *who, int *allowed, struct error *err)
{
	struct store_rater *rows;
	size_t n;
	enum status st = store_rater_list(s, &rows, &n, err);
	*allowed = 0;
	for (size_t i = 0; st == ST_OK && i < n; i++) {
		if (rows[i].role != ROLE_COORDINATOR || !rows[i].os_user)
			continue;
		strbuf_addf(who, "%s%s (account %s)", who->len ? ", " : "", rows[i].name, rows[i].os_user);
		*allowed |= is_running_as(rows[i].os_user);
	}
	if (st == ST_OK)
		store_rater_rows_free(rows, n);
	return st;
}

enum status access_coordinators(struct store *s, char **who, struct error *err)
{
	struct strbuf sb = STRBUF_INIT;
	int allowed;
	enum status st = coordinators(s, &sb, &allowed, err);
	*who = st == ST_OK && sb.len ? xstrdup(strbuf_str(&sb)) : NULL;
	strbuf_release(&sb);
	return st;
}

enum status access_check_coordinator(struct store *s, const char *action, struct error *err)
{
	struct strbuf who = STRBUF_INIT;
	int allowed;
	enum status st = coordinators(s, &who, &allowed, err);
	if (st == ST_OK && who.len && !allowed) {
		char *me = access_account();
		st = error_set(err, ST_INPUT, "only a coordinator may %s (coordinators: %s); you are '%s'", action,
			       strbuf_str(&who), me);
		free(me);
	}
	strbuf_release(&who);
	return st;
}

enum status access_blind_rater(struct store *s, char **rater, struct error *err)
{
	struct store_rater *rows;
	size_t n;
	int coordinator = 0;
	*rater = NULL;
	enum status st = store_rater_list(s, &rows, &n, err);
	if (st != ST_OK)
		return st;
	for (size_t i = 0; i < n; i++) {
		if (!rows[i].os_user || !is_running_as(rows[i].os_user))
			continue;
		if (rows[i].role == ROLE_COORDINATOR)
			coordinator = 1;
		else if (!*rater)
			*rater = xstrdup(rows[i].name);
	}
	store_rater_rows_free(rows, n);
	if (coordinator) {
		free(*rater);
		*rater = NULL;
	}
	return ST_OK;
}

/* Whether the round's raters include one named name. */
static int in_round(const struct store_round_rater *rows, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(rows[i].name, name) == 0)
			return 1;
	return 0;
}

enum status access_check_act_as(struct store *s, const char *rater, int64_t round_id, const char *round,
				 struct error *err)
{
	struct store_rater *rows;
	struct store_round_rater *rr;
	size_t n, nr;
	enum status st = store_rater_list(s, &rows, &n, err);
	if (st != ST_OK)
		return st;
	if ((st = store_round_rater_names(s, round_id, &rr, &nr, err)) != ST_OK) {
		store_rater_rows_free(rows, n);
		return st;
	}
	const char *mine = NULL;   /* the account's rater in the round */
	int coordinator = 0, is_rater = 0;
	for (size_t i = 0; i < n; i++) {
		if (!rows[i].os_user || !is_running_as(rows[i].os_user))
			continue;
		coordinator |= rows[i].role == ROLE_COORDINATOR;
		is_rater |= strcmp(rows[i].name, rater) == 0;
		if (!mine && in_round(rr, nr, rows[i].name))
			mine = rows[i].name;
	}
	if (mine && !coordinator && !is_rater)
		st = error_set(err, ST_INPUT, "this account is bound to rater %s, a rater of round '%s', which is open: "
			       "from it, act as %s only, not as %s (a coordinator binds %s to the account that acts as "
			       "them: convqa rater add %s --os-user ACCOUNT)", mine, round, mine, rater, rater, rater);
	store_round_raters_free(rr, nr);
	store_rater_rows_free(rows, n);
	return st;
}
