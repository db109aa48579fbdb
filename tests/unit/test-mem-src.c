// SPDX-License-Identifier: GPL-2.0
/* util/mem-src: data_src decodings as perf script 6.1 printed them for
 * these values (-F data_src on a file given them by craft-perfdata.py). */
#include <string.h>
#include "unit.h"
#include "util/mem-src.h"

static void test_mem_src_values(void **state)
{
	static const struct { uint64_t v; const char *s; } exp[] = {
		{ 0, "|OP No|LVL N/A|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
		/* the kernel's "not available" value */
		{ 0x1e05080021, "|OP N/A|LVL N/A or N/A|SNP N/A|TLB N/A|LCK N/A|BLK  N/A" },
		{ 0x2, "|OP LOAD|LVL N/A|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
		{ 0x40, "|OP No|LVL N/A hit|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
		{ 0x11e050801e1,
		  "|OP N/A|LVL N/A or L1 or N/A hit miss|SNP N/A|TLB N/A|LCK N/A|BLK  N/A" },
		{ 0x11805080021, "|OP N/A|LVL N/A or LFB/MAB|SNP N/A|TLB N/A|LCK N/A|BLK  N/A" },
		{ 0x1000000000, "|OP No|LVL L8|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
		{ 0x2000000000, "|OP No|LVL Remote |SNP N/A|TLB N/A|LCK No|BLK  N/A" },
		{ 0x13e05080021,
		  "|OP N/A|LVL Remote N/A or N/A|SNP N/A|TLB N/A|LCK N/A|BLK  N/A" },
		{ 0x1de05080021,
		  "|OP N/A|LVL N/A or N/A|SNP N/A or Fwd or Peer|TLB N/A|LCK N/A|BLK  N/A" },
		{ 0x61e05080021, "|OP N/A|LVL N/A or N/A|SNP N/A|TLB N/A|LCK N/A|BLK  Data Addr" },
		{ 0x91e05080021,
		  "|OP N/A|LVL core, same node N/A|SNP N/A|TLB N/A|LCK N/A|BLK  N/A" },
		{ 0x291e05080021, "|OP N/A|LVL (null) N/A|SNP N/A|TLB N/A|LCK N/A|BLK  N/A" },
		{ 0x11f05080021,
		  "|OP N/A|LVL N/A or N/A|SNP N/A|TLB N/A or Fault|LCK N/A|BLK  N/A" },
		{ 0x8000000, "|OP No|LVL N/A|SNP N/A|TLB N/A hit|LCK No|BLK  N/A" },
		{ 0x2000000, "|OP No|LVL N/A|SNP N/A|TLB N/A|LCK Yes|BLK  N/A" },
	};
	char buf[MEM_SRC_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(exp) / sizeof(exp[0]); i++) {
		size_t n = mem_src__snprintf(buf, sizeof(buf), exp[i].v);

		assert_string_equal(buf, exp[i].s);
		assert_int_equal(n, strlen(exp[i].s));
	}
}

/* every bit set: the whole decoding fits MEM_SRC_MAX; a small buffer
 * holds its start, terminated, and the full length is returned */
static void test_mem_src_bounds(void **state)
{
	char big[MEM_SRC_MAX], small[16];
	size_t n = mem_src__snprintf(big, sizeof(big), ~0ULL);

	(void)state;
	assert_true(n < sizeof(big));
	assert_int_equal(strlen(big), n);
	assert_int_equal(mem_src__snprintf(small, sizeof(small), ~0ULL), n);
	assert_int_equal(strlen(small), sizeof(small) - 1);
	assert_memory_equal(small, big, sizeof(small) - 1);
	assert_int_equal(mem_src__snprintf(NULL, 0, 0), strlen("|OP No|LVL N/A|SNP N/A|TLB N/A|LCK No|BLK  N/A"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mem_src_values),
		cmocka_unit_test(test_mem_src_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
