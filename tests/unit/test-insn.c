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

/* VEX/EVEX instructions capstone 4 does not decode (their lengths as
 * objdump -d shows them): the length comes from the encoding itself */
static void test_insn_vex_len(void **state)
{
	static const struct { uint8_t b[16]; int len; } exp[] = {
		{ { 0xc5, 0xfb, 0x93, 0xc0 }, 4 },			/* kmovd %k0,%eax */
		{ { 0x62, 0xf1, 0x7d, 0x40, 0x74, 0x4f, 0x01 }, 7 },	/* vpcmpeqb 0x40(%rdi),%zmm16,%k1 */
		{ { 0x62, 0xf3, 0x6d, 0x48, 0x25, 0xd9, 0xff }, 7 },	/* vpternlogd $0xff */
		{ { 0xc4, 0xe1, 0xf8, 0x90, 0x15, 0x78, 0x56, 0x34, 0x12 }, 9 },	/* kmovq rip+disp32 */
		{ { 0xc4, 0xe2, 0x78, 0x49, 0xc0 }, 5 },		/* tilerelease */
		{ { 0xc5, 0xf8, 0x77 }, 3 },				/* vzeroupper */
		{ { 0x62, 0xe1, 0xfe, 0xc9, 0x6f, 0x4c, 0xc4, 0x04 }, 8 },	/* SIB, disp8 */
		{ { 0x62, 0xf3, 0x75, 0x48, 0x3e, 0x18, 0x04 }, 7 },	/* vpcmpub $4 */
		{ { 0x62, 0xf5, 0x6c, 0x48, 0x58, 0xd9 }, 6 },		/* vaddph: map 5 */
		{ { 0x62, 0xf3, 0x6c, 0x48, 0xc2, 0xc9, 0x03 }, 7 },	/* vcmpph $3 */
		{ { 0x67, 0x62, 0xf1, 0x7d, 0x48, 0x6f, 0x28 }, 7 },	/* addr32 vmovdqa32 */
		{ { 0xc5, 0xf9, 0x70, 0xd1, 0x01 }, 5 },		/* vpshufd $1 */
		{ { 0xc4, 0xe3, 0xfd, 0x00, 0xc8, 0x4e }, 6 },		/* vpermq $0x4e */
		{ { 0x62, 0xf1, 0x7d, 0x48, 0x6f, 0x04, 0x25, 0x00, 0x10, 0, 0 }, 11 },	/* SIB, no base */
		{ { 0x48, 0x89, 0xe5 }, 0 },				/* not VEX */
		{ { 0x62, 0xf1, 0x7d, 0x40, 0x74 }, 0 },		/* cut: no ModRM */
		{ { 0xc4, 0xe7, 0x78, 0x49, 0xc0 }, 0 },		/* map 7 */
		{ { 0x62, 0xf1, 0x79, 0x40, 0x74, 0xc0 }, 0 },		/* EVEX's fixed bit clear */
	};
	static const uint8_t kmovd[] = { 0xc5, 0xfb, 0x93, 0xc0 };
	struct insn_reader *r = insn_reader__new();
	uint8_t buf[8];
	bool branch = true;

	(void)state;
	for (size_t i = 0; i < sizeof(exp) / sizeof(exp[0]); i++) {
		size_t n = exp[i].len ? (size_t)exp[i].len : 5;

		assert_int_equal(insn__x86_vex_len(exp[i].b, n), exp[i].len);
		/* and one byte short of the whole instruction */
		if (exp[i].len)
			assert_int_equal(insn__x86_vex_len(exp[i].b, n - 1), 0);
	}
	assert_int_equal(insn__x86_vex_len(kmovd, 0), 0);
	/* the decoder of an x86-64 file knows them */
	assert_int_equal(insn_reader__read(r, LIBMWORK, 0x1120, buf, sizeof(buf)), sizeof(buf));
	assert_int_equal(insn_reader__decode(r, kmovd, sizeof(kmovd), &branch), 4);
	assert_false(branch);
	insn_reader__delete(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_insn_mwork_inner),
		cmocka_unit_test(test_insn_errors),
		cmocka_unit_test(test_insn_read_decode),
		cmocka_unit_test(test_insn_vex_len),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
