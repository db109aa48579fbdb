// SPDX-License-Identifier: GPL-2.0
/* util/mem-src: data_src decodings as perf script 6.1 printed them for
 * these values (-F data_src on a file given them by craft-perfdata.py). */
#include <stdio.h>
#include <string.h>
#include "unit.h"
#include "util/mem-src.h"

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

static void test_mem_src_values(void **state)
{
	char buf[MEM_SRC_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(exp) / sizeof(exp[0]); i++) {
		size_t n = mem_src__snprintf(buf, sizeof(buf), exp[i].v);

		assert_string_equal(buf, exp[i].s);
		assert_int_equal(n, strlen(exp[i].s));
	}
}

/* report's memory keys: each field alone is its part of the decoding
 * ("|LVL <mem>|SNP <snoop>|TLB <tlb>|LCK <locked>|BLK <blocked>") */
static void test_mem_src_fields(void **state)
{
	static const char *const tag[] = { "|LVL ", "|SNP ", "|TLB ", "|LCK ", "|BLK " };
	char buf[MEM_SRC_MAX], parts[MEM_SRC_MAX], one[MEM_SRC_MAX];

	(void)state;
	for (size_t i = 0; i < sizeof(exp) / sizeof(exp[0]); i++) {
		size_t len = 0;

		mem_src__snprintf(buf, sizeof(buf), exp[i].v);
		parts[0] = '\0';
		for (int f = MEM_SRC_LVL; f <= MEM_SRC_BLK; f++) {
			size_t n = mem_src__field(one, sizeof(one), exp[i].v, (enum mem_src_field)f);

			assert_int_equal(n, strlen(one));
			len += (size_t)snprintf(parts + len, sizeof(parts) - len, "%s%s", tag[f], one);
		}
		assert_non_null(strstr(buf, parts));
		assert_string_equal(strstr(buf, parts), parts);	/* the suffix */
	}
	/* cut to a small buffer, the whole length returned */
	assert_int_equal(mem_src__field(one, 4, 0x1e05080021, MEM_SRC_LVL), strlen("N/A or N/A"));
	assert_string_equal(one, "N/A");
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
		cmocka_unit_test(test_mem_src_fields),
		cmocka_unit_test(test_mem_src_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
