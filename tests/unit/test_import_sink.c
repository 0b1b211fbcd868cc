/* Unit tests: the policy of an import's transactions (import_sink_tx_ms):
 * how long the next one writes before it commits and leaves the lock to
 * raters' saves. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "convqa/import_sink.h"

#define CALM 1e9 /* no other writer ever took a gap */

static void test_alone_each_transaction_writes_twice_as_long_as_the_last_up_to_the_cap(void **state)
{
	(void)state;
	long ms = IMPORT_SINK_TX_MS;
	long seen[8];
	for (int i = 0; i < 8; i++) {
		/* a short hold each time: the lock was not held long */
		ms = import_sink_tx_ms(ms, 10, CALM);
		seen[i] = ms;
	}
	assert_int_equal(seen[0], 2 * IMPORT_SINK_TX_MS);
	assert_int_equal(seen[1], 4 * IMPORT_SINK_TX_MS);
	assert_true(seen[1] <= IMPORT_SINK_TX_MAX_MS);
	assert_int_equal(seen[7], IMPORT_SINK_TX_MAX_MS);
	assert_int_equal(import_sink_tx_ms(IMPORT_SINK_TX_MAX_MS, 10, CALM), IMPORT_SINK_TX_MAX_MS);
}

static void test_the_cap_keeps_the_wait_of_a_save_that_comes_first_well_under_a_second(void **state)
{
	(void)state;
	/* the lock is held for the writing, the index of its passages and
	 * the commit (about three times the writing, measured) */
	assert_true(IMPORT_SINK_TX_MAX_MS * 3 <= 1000);
	assert_true(IMPORT_SINK_HOLD_MS <= 500);
	assert_true(IMPORT_SINK_TX_MS <= IMPORT_SINK_TX_MAX_MS);
}

static void test_a_long_hold_stops_the_growth_and_a_too_long_one_halves_the_length(void **state)
{
	(void)state;
	/* held more than half the bound: stays */
	assert_int_equal(import_sink_tx_ms(80, IMPORT_SINK_HOLD_MS / 2 + 1, CALM), 80);
	assert_int_equal(import_sink_tx_ms(80, IMPORT_SINK_HOLD_MS, CALM), 80);
	/* held longer than the bound: half as long, never under IMPORT_SINK_TX_MS */
	assert_int_equal(import_sink_tx_ms(320, IMPORT_SINK_HOLD_MS + 1, CALM), 160);
	assert_int_equal(import_sink_tx_ms(IMPORT_SINK_TX_MS, 5 * IMPORT_SINK_HOLD_MS, CALM), IMPORT_SINK_TX_MS);
	/* half the bound or less: grows */
	assert_int_equal(import_sink_tx_ms(80, IMPORT_SINK_HOLD_MS / 2, CALM), 160);
}

static void test_a_save_in_a_gap_brings_short_transactions_for_the_calm_time(void **state)
{
	(void)state;
	/* a save took the lock just now, or a while ago within the calm time */
	assert_int_equal(import_sink_tx_ms(IMPORT_SINK_TX_MAX_MS, 10, 0), IMPORT_SINK_TX_BUSY_MS);
	assert_int_equal(import_sink_tx_ms(IMPORT_SINK_TX_MAX_MS, 10, IMPORT_SINK_CALM_MS / 1000.0 - 0.01),
			 IMPORT_SINK_TX_BUSY_MS);
	assert_int_equal(import_sink_tx_ms(IMPORT_SINK_TX_BUSY_MS, 1, 0.5), IMPORT_SINK_TX_BUSY_MS);
	/* calm again: from IMPORT_SINK_TX_MS, growing again */
	long ms = import_sink_tx_ms(IMPORT_SINK_TX_BUSY_MS, 1, IMPORT_SINK_CALM_MS / 1000.0);
	assert_int_equal(ms, IMPORT_SINK_TX_MS);
	assert_int_equal(import_sink_tx_ms(ms, 10, IMPORT_SINK_CALM_MS / 1000.0 + 1), 2 * IMPORT_SINK_TX_MS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alone_each_transaction_writes_twice_as_long_as_the_last_up_to_the_cap),
		cmocka_unit_test(test_the_cap_keeps_the_wait_of_a_save_that_comes_first_well_under_a_second),
		cmocka_unit_test(test_a_long_hold_stops_the_growth_and_a_too_long_one_halves_the_length),
		cmocka_unit_test(test_a_save_in_a_gap_brings_short_transactions_for_the_calm_time),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
