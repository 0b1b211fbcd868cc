/* Unit tests: who may write a rater's labels and who may manage raters and
 * rounds (access.h). The tests run as whatever account runs them (root in
 * the container): "our" account is the one access_account() names, and
 * another is `nobody` (or any name the system lacks: the rule refuses both
 * alike). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "convqa/access.h"
#include "convqa/store.h"

struct fixture {
	char path[64];
	struct store *s;
	char *me;          /* the running account's name */
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	struct error err;
	snprintf(fx->path, sizeof(fx->path), "/tmp/test_access_%d.db", (int)getpid());
	unlink(fx->path);
	assert_int_equal(store_open(fx->path, STORE_CREATE, &fx->s, &err), ST_OK);
	fx->me = access_account();
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char aux[80];
	store_close(fx->s);
	unlink(fx->path);
	snprintf(aux, sizeof(aux), "%s-wal", fx->path);
	unlink(aux);
	snprintf(aux, sizeof(aux), "%s-shm", fx->path);
	unlink(aux);
	free(fx->me);
	free(fx);
	return 0;
}

static void put(struct fixture *fx, const char *name, enum model_role role, const char *os_user)
{
	struct error err;
	assert_int_equal(store_rater_put(fx->s, name, role, os_user, NULL, &err), ST_OK);
}

static void test_account_names_are_printable_ascii_names_not_numbers_or_options(void **state)
{
	(void)state;
	static const char *const good[] = { "alice", "svc.bot-1", "MACHINE$", "a_b", "ann@example.org", "x" };
	for (size_t i = 0; i < sizeof(good) / sizeof(*good); i++)
		assert_null(access_account_name_problem(good[i]));
	assert_string_equal(access_account_name_problem(""), "the account name is empty");
	assert_string_equal(access_account_name_problem("-alice"), "the account name begins with '-'");
	assert_string_equal(access_account_name_problem("1000"),
			    "the account name is a number (give the account's name, not its user id)");
	static const char *const spaced[] = { "a b", "a\tb", "a\x1b[31m", "\xc3\xa4nne", "a\x7f" };
	for (size_t i = 0; i < sizeof(spaced) / sizeof(*spaced); i++)
		assert_string_equal(access_account_name_problem(spaced[i]),
				    "the account name holds a space, a control character or a character that is "
				    "not ASCII");
	static const char *const separators[] = { "a:b", "a,b", "a/b" };
	for (size_t i = 0; i < sizeof(separators) / sizeof(*separators); i++)
		assert_string_equal(access_account_name_problem(separators[i]),
				    "the account name holds ':', ',' or '/'");
	char long_name[258];
	memset(long_name, 'a', 257);
	long_name[257] = '\0';
	assert_string_equal(access_account_name_problem(long_name), "the account name is longer than 256 bytes");
	long_name[256] = '\0';
	assert_null(access_account_name_problem(long_name));
}

static void test_the_running_account_is_named_by_the_system(void **state)
{
	struct fixture *fx = *state;
	assert_true(strlen(fx->me) > 0);
	if (strncmp(fx->me, "uid ", 4) != 0)
		assert_true(access_account_known(fx->me));
	assert_false(access_account_known("no-such-account-convqa"));
}

static void test_an_unbound_or_unknown_rater_is_written_from_any_account(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	assert_int_equal(access_check_write(fx->s, "alice", &err), ST_OK);   /* not in the project */
	put(fx, "alice", ROLE_RATER, NULL);
	assert_int_equal(access_check_write(fx->s, "alice", &err), ST_OK);
}

static void test_a_bound_rater_is_written_from_their_account_only(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	char want[512];
	put(fx, "alice", ROLE_RATER, fx->me);
	assert_int_equal(access_check_write(fx->s, "alice", &err), ST_OK);
	put(fx, "bob", ROLE_ADJUDICATOR, "nobody");
	assert_int_equal(access_check_write(fx->s, "bob", &err), ST_INPUT);
	snprintf(want, sizeof(want), "rater 'bob' is bound to the account 'nobody'; you are '%s' (labels of a bound "
		 "rater are written from their account)", fx->me);
	assert_string_equal(err.msg, want);
	/* an account this system lacks is no one's */
	put(fx, "carl", ROLE_RATER, "no-such-account-convqa");
	assert_int_equal(access_check_write(fx->s, "carl", &err), ST_INPUT);
}

static void test_without_a_bound_coordinator_every_account_may_manage(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	char *who;
	assert_int_equal(access_check_coordinator(fx->s, "create rounds", &err), ST_OK);
	put(fx, "carol", ROLE_COORDINATOR, NULL);            /* a coordinator, but bound to no account */
	put(fx, "bob", ROLE_ADJUDICATOR, "nobody");          /* bound, but no coordinator */
	assert_int_equal(access_check_coordinator(fx->s, "create rounds", &err), ST_OK);
	assert_int_equal(access_coordinators(fx->s, &who, &err), ST_OK);
	assert_null(who);
}

static void test_with_a_bound_coordinator_only_the_coordinators_accounts_may_manage(void **state)
{
	struct fixture *fx = *state;
	struct error err;
	char want[512], *who;
	put(fx, "carol", ROLE_COORDINATOR, "nobody");
	put(fx, "dave", ROLE_COORDINATOR, NULL);
	assert_int_equal(access_check_coordinator(fx->s, "create rounds", &err), ST_INPUT);
	snprintf(want, sizeof(want), "only a coordinator may create rounds (coordinators: carol (account nobody)); "
		 "you are '%s'", fx->me);
	assert_string_equal(err.msg, want);
	put(fx, "erin", ROLE_COORDINATOR, "no-such-account-convqa");
	assert_int_equal(access_coordinators(fx->s, &who, &err), ST_OK);
	assert_string_equal(who, "carol (account nobody), erin (account no-such-account-convqa)");
	free(who);
	/* a second coordinator bound to our account lets us */
	put(fx, "frank", ROLE_COORDINATOR, fx->me);
	assert_int_equal(access_check_coordinator(fx->s, "create rounds", &err), ST_OK);
	/* an adjudicator bound to our account does not */
	put(fx, "frank", ROLE_ADJUDICATOR, fx->me);
	assert_int_equal(access_check_coordinator(fx->s, "trust or distrust raters", &err), ST_INPUT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_account_names_are_printable_ascii_names_not_numbers_or_options),
		cmocka_unit_test_setup_teardown(test_the_running_account_is_named_by_the_system, setup, teardown),
		cmocka_unit_test_setup_teardown(test_an_unbound_or_unknown_rater_is_written_from_any_account, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_a_bound_rater_is_written_from_their_account_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_without_a_bound_coordinator_every_account_may_manage, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_with_a_bound_coordinator_only_the_coordinators_accounts_may_manage,
						setup, teardown),
	};
	return cmocka_run_group_tests_name("access", tests, NULL, NULL);
}
