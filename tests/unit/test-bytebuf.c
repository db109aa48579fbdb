// SPDX-License-Identifier: GPL-2.0
/* util/bytebuf: appends grow the buffer past its first 256 bytes, NULL
 * appends zeros, and an error sticks and is what bytebuf__take returns. */
#include "unit.h"
#include <stdlib.h>
#include <string.h>
#include "util/bytebuf.h"

static void test_grow_and_take(void **state)
{
	struct bytebuf b = { 0 };
	unsigned char big[1000];
	void *data;
	size_t size;
	uint32_t u32;
	uint64_t u64;

	(void)state;
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (unsigned char)(i * 31);
	bytebuf__u32(&b, 0x11223344);
	bytebuf__put(&b, NULL, 4);
	bytebuf__u64(&b, 0x0102030405060708ULL);
	bytebuf__put(&b, big, sizeof(big));
	bytebuf__put(&b, "", 0);
	assert_int_equal(bytebuf__take(&b, &data, &size), 0);
	assert_int_equal(size, 4 + 4 + 8 + sizeof(big));
	memcpy(&u32, data, 4);
	assert_int_equal(u32, 0x11223344);
	assert_memory_equal((char *)data + 4, "\0\0\0\0", 4);
	memcpy(&u64, (char *)data + 8, 8);
	assert_true(u64 == 0x0102030405060708ULL);
	assert_memory_equal((char *)data + 16, big, sizeof(big));
	free(data);
	/* taken: the buffer is empty again */
	assert_null(b.p);
	assert_int_equal(b.len, 0);
}

static void test_sticky_error(void **state)
{
	struct bytebuf b = { 0 };
	void *data = &b;
	size_t size = 1;

	(void)state;
	bytebuf__u32(&b, 1);
	b.err = -ENOMEM;	/* as a failed realloc leaves it */
	bytebuf__u32(&b, 2);
	assert_int_equal(b.len, 4);
	assert_int_equal(bytebuf__take(&b, &data, &size), -ENOMEM);
	assert_null(data);
	assert_int_equal(size, 0);
	/* a size no allocation can hold fails the same way */
	bytebuf__put(&b, NULL, SIZE_MAX - 8);
	assert_int_equal(b.err, -ENOMEM);
	assert_int_equal(bytebuf__take(&b, &data, &size), -ENOMEM);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grow_and_take),
		cmocka_unit_test(test_sticky_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
