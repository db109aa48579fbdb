// SPDX-License-Identifier: GPL-2.0
/* util/insn: the instruction bytes and length at a file offset of a perf
 * 6.1 test binary, as objdump -d shows them (script's insn/insnlen). */
#include <string.h>
#include "unit.h"
#include "util/insn.h"

#define LIBMWORK TEST_DATA "/perf-6.1/bin/libmwork.so"

static void test_insn_mwork_inner(void **state)
{
	/* objdump -d libmwork.so, mwork_inner at 0x1120 (.text: offset == vaddr) */
	static const struct { uint64_t off; int len; uint8_t first; } exp[] = {
		{ 0x1120, 3, 0x48 },	/* mov rax, rdi */
		{ 0x1123, 5, 0xba },	/* mov edx, 0xbb8 */
		{ 0x1128, 10, 0x48 },	/* movabs rsi, ... */
		{ 0x1140, 4, 0x48 },	/* imul rax, rsi */
		{ 0x114a, 2, 0x75 },	/* jne */
		{ 0x114c, 1, 0xc3 },	/* ret */
	};
	struct insn_reader *r = insn_reader__new();
	uint8_t buf[INSN_MAX_BYTES];

	(void)state;
	assert_non_null(r);
	for (size_t i = 0; i < sizeof(exp) / sizeof(exp[0]); i++) {
		memset(buf, 0, sizeof(buf));
		assert_int_equal(insn_reader__fetch(r, LIBMWORK, exp[i].off, buf), exp[i].len);
		assert_int_equal(buf[0], exp[i].first);
	}
	insn_reader__delete(r);
}

static void test_insn_errors(void **state)
{
	struct insn_reader *r = insn_reader__new();
	uint8_t buf[INSN_MAX_BYTES];

	(void)state;
	assert_int_equal(insn_reader__fetch(r, TEST_DATA "/perf-6.1/no-such-file", 0, buf), 0);
	/* kallsyms is text, not an object file */
	assert_int_equal(insn_reader__fetch(r, TEST_DATA "/perf-6.1/kallsyms", 0, buf), 0);
	/* past the end of the file, then the file again (reopened) */
	assert_int_equal(insn_reader__fetch(r, LIBMWORK, 1 << 30, buf), 0);
	assert_int_equal(insn_reader__fetch(r, LIBMWORK, 0x114c, buf), 1);
	assert_int_equal(insn_reader__fetch(NULL, LIBMWORK, 0x114c, buf), 0);
	assert_int_equal(insn_reader__fetch(r, NULL, 0x114c, buf), 0);
	insn_reader__delete(r);
	insn_reader__delete(NULL);
}

/* a range of code read at once, then decoded one instruction at a time
 * with its branch kind (brstackinsn) */
static void test_insn_read_decode(void **state)
{
	static const struct { uint64_t off; int len; bool branch; } exp[] = {
		{ 0x1120, 3, false }, { 0x1123, 5, false }, { 0x1128, 10, false },
		{ 0x114a, 2, true },	/* jne */
		{ 0x114c, 1, true },	/* ret */
	};
	struct insn_reader *r = insn_reader__new();
	uint8_t buf[0x40];
	bool branch = true;

	(void)state;
	assert_non_null(r);
	assert_int_equal(insn_reader__read(r, LIBMWORK, 0x1120, buf, sizeof(buf)), sizeof(buf));
	for (size_t i = 0; i < sizeof(exp) / sizeof(exp[0]); i++) {
		size_t at = exp[i].off - 0x1120;

		assert_int_equal(insn_reader__decode(r, buf + at, sizeof(buf) - at, &branch),
				 exp[i].len);
		assert_int_equal(branch, exp[i].branch);
	}
	/* too few bytes for the instruction, none, no file */
	assert_int_equal(insn_reader__decode(r, buf + 8, 4, &branch), 0);
	assert_int_equal(insn_reader__decode(r, buf, 0, &branch), 0);
	assert_int_equal(insn_reader__read(r, TEST_DATA "/perf-6.1/no-such-file", 0, buf, 8), 0);
	assert_int_equal(insn_reader__decode(r, buf, 8, &branch), 0);
	assert_int_equal(insn_reader__read(NULL, LIBMWORK, 0, buf, 8), 0);
	insn_reader__delete(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_insn_mwork_inner),
		cmocka_unit_test(test_insn_errors),
		cmocka_unit_test(test_insn_read_decode),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
