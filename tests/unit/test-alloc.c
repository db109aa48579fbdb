// SPDX-License-Identifier: GPL-2.0
/* util/alloc.h: ALLOC_GROW starts at its first count, doubles until the
 * need fits, keeps the elements, leaves a big enough array alone, and
 * refuses (-ENOMEM, nothing changed) a count its counter cannot hold or
 * whose bytes overflow. */
#include "unit.h"
#include <stdint.h>
#include <stdlib.h>
#include "util/alloc.h"

static void test_grow(void **state)
{
	uint64_t *v = NULL, *before;
	uint32_t nr = 0, alloc = 0;

	(void)state;
	assert_int_equal(ALLOC_GROW(v, nr + 1, alloc, 4), 0);
	assert_non_null(v);
	assert_int_equal(alloc, 4);
	for (nr = 0; nr < 1000; nr++) {
		assert_int_equal(ALLOC_GROW(v, nr + 1, alloc, 4), 0);
		v[nr] = nr * 7;
	}
	assert_int_equal(alloc, 1024);
	for (uint32_t i = 0; i < nr; i++)
		assert_int_equal(v[i], i * 7);
	/* room already: nothing moves */
	before = v;
	assert_int_equal(ALLOC_GROW(v, 1024, alloc, 4), 0);
	assert_ptr_equal(v, before);
	assert_int_equal(alloc, 1024);
	/* a need far past twice the count: doubled until it fits */
	assert_int_equal(ALLOC_GROW(v, 5000, alloc, 4), 0);
	assert_int_equal(alloc, 8192);
	assert_int_equal(v[999], 999 * 7);
	free(v);
}

static void test_refused(void **state)
{
	char *c = NULL;
	uint8_t small = 0;
	int *w = NULL;
	int walloc = 0;
	uint64_t *big = NULL;
	size_t balloc = 0;

	(void)state;
	/* 256 elements do not fit a uint8_t counter: refused, unchanged */
	assert_int_equal(ALLOC_GROW(c, 200, small, 16), -ENOMEM);
	assert_null(c);
	assert_int_equal(small, 0);
	assert_int_equal(ALLOC_GROW(c, 100, small, 16), 0);
	assert_int_equal(small, 128);
	assert_int_equal(ALLOC_GROW(c, 129, small, 16), -ENOMEM);
	assert_int_equal(small, 128);
	assert_non_null(c);
	free(c);
	/* a signed counter past INT_MAX */
	walloc = 1 << 30;
	assert_int_equal(ALLOC_GROW(w, (size_t)1 << 31, walloc, 16), -ENOMEM);
	assert_null(w);
	assert_int_equal(walloc, 1 << 30);
	/* a byte count past SIZE_MAX */
	assert_int_equal(ALLOC_GROW(big, SIZE_MAX / 4, balloc, 16), -ENOMEM);
	assert_null(big);
	assert_int_equal(balloc, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grow),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
