// SPDX-License-Identifier: GPL-2.0
/* ui/annotate: in-process disassembly of a symbol of a perf 6.1 test
 * binary, compared with what objdump -d prints for the same bytes. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "unit.h"
#include "ui/annotate.h"

#define LIBMWORK TEST_DATA "/perf-6.1/bin/libmwork.so"

static const struct annotate_style intel = { .intel = true };

static void test_disasm_mwork_inner(void **state)
{
	/* objdump -d libmwork.so, mwork_inner at 0x1120 (size 0x2d) */
	static const struct { uint64_t vaddr; uint16_t size; const char *text; } exp[] = {
		{ 0x1120, 3, "mov     rax, rdi" },
		{ 0x1123, 5, "mov     edx, 0xbb8" },
		{ 0x1128, 10, "movabs  rsi, 0x5851f42d4c957f2d" },
		{ 0x1132, 10, "movabs  rcx, 0x14057b7ef767814f" },
		{ 0x113c, 4, "nop     dword ptr [rax]" },
		{ 0x1140, 4, "imul    rax, rsi" },
		{ 0x1144, 3, "add     rax, rcx" },
		{ 0x1147, 3, "sub     edx, 1" },
		{ 0x114a, 2, "jne     0x1140" },
		{ 0x114c, 1, "ret" },
	};
	struct annotate_insn *v;
	int n, i;

	(void)state;
	n = annotate__disasm(LIBMWORK, 0x1120, 0x2d, &intel, &v);
	assert_int_equal(n, 10);
	for (i = 0; i < n; i++) {
		assert_int_equal(v[i].vaddr, exp[i].vaddr);
		assert_int_equal(v[i].off, exp[i].vaddr);	/* offset == vaddr in .text here */
		assert_int_equal(v[i].size, exp[i].size);
		assert_string_equal(v[i].text, exp[i].text);
	}
	free(v);
}

/* perf's default syntax is objdump's, AT&T (capstone adds size suffixes);
 * -M intel,... and --asm-raw (the bytes in a 7-byte column first) */
static void test_disasm_styles(void **state)
{
	struct annotate_style st = { .intel = true };
	struct annotate_insn *v;
	int n;

	(void)state;
	n = annotate__disasm(LIBMWORK, 0x1120, 0x2d, NULL, &v);
	assert_int_equal(n, 10);
	assert_string_equal(v[0].text, "movq    %rdi, %rax");
	assert_string_equal(v[6].text, "addq    %rcx, %rax");
	free(v);
	annotate_style__parse(&st, "x86-64,att");
	assert_false(st.intel);
	annotate_style__parse(&st, "att,intel-mnemonic");
	assert_false(st.intel);
	annotate_style__parse(&st, "att,intel");
	assert_true(st.intel);
	st.raw = true;
	n = annotate__disasm(LIBMWORK, 0x1120, 0x2d, &st, &v);
	assert_int_equal(n, 10);
	assert_string_equal(v[0].text, "48 89 f8             mov     rax, rdi");
	assert_string_equal(v[2].text, "48 be 2d 7f 95 4c 2d f4 51 58 movabs  rsi, 0x5851f42d4c957f2d");
	free(v);
}

static void test_disasm_errors(void **state)
{
	struct annotate_insn *v = (void *)1;

	(void)state;
	assert_int_equal(annotate__disasm(TEST_DATA "/perf-6.1/no-such-file", 0, 16, NULL, &v), -ENOENT);
	assert_null(v);
	/* kallsyms is text, not an object file */
	assert_int_equal(annotate__disasm(TEST_DATA "/perf-6.1/kallsyms", 0, 16, NULL, &v), -ENOEXEC);
	assert_int_equal(annotate__disasm(LIBMWORK, 0x1120, 0, NULL, &v), -ENODATA);
	/* past the end of the file */
	assert_int_equal(annotate__disasm(LIBMWORK, 1 << 30, 16, NULL, &v), -ENODATA);
}

static void test_samples_add(void **state)
{
	struct annotate_samples *as = annotate_samples__new();
	char symbuf[64] = { 0 };
	int i;

	(void)state;
	assert_non_null(as);
	/* enough distinct addresses to grow the table several times */
	for (i = 0; i < 5000; i++)
		assert_int_equal(annotate_samples__add(as, i & 1, (void *)symbuf, (uint64_t)i, 1), 0);
	/* no symbol: in the event's totals only */
	assert_int_equal(annotate_samples__add(as, 0, NULL, 1, 1), 0);
	annotate_samples__delete(as);
	annotate_samples__delete(NULL);
}

/* --percent-type: the symbol's or the event's period or sample count */
static void test_percent_types(void **state)
{
	struct annotate_samples *as = annotate_samples__new();
	struct annotate_insn insns[3] = {
		{ .off = 0x10, .size = 4 }, { .off = 0x14, .size = 2 }, { .off = 0x16, .size = 1 },
	};
	char sym[8] = { 0 }, other[8] = { 0 };
	double pct[3];
	bool hit[3];

	(void)state;
	assert_non_null(as);
	/* in the symbol: 3 samples of period 10 at 0x11, 1 of 20 at 0x14 */
	for (int i = 0; i < 3; i++)
		assert_int_equal(annotate_samples__add(as, 0, (void *)sym, 0x11, 10), 0);
	assert_int_equal(annotate_samples__add(as, 0, (void *)sym, 0x14, 20), 0);
	/* elsewhere: another symbol, no symbol, another event */
	assert_int_equal(annotate_samples__add(as, 0, (void *)other, 0x11, 30), 0);
	assert_int_equal(annotate_samples__add(as, 0, NULL, 0, 20), 0);
	assert_int_equal(annotate_samples__add(as, 1, (void *)sym, 0x11, 1000), 0);

	assert_int_equal(annotate_samples__percents(as, 0, (void *)sym, insns, 3, pct, hit), 2);
	assert_true(hit[0] && hit[1] && !hit[2]);
	assert_float_equal(pct[0], 60.0, 1e-9);	/* 30 of the symbol's 50 */
	assert_float_equal(pct[1], 40.0, 1e-9);
	assert_float_equal(pct[2], 0.0, 1e-9);
	annotate_samples__set_percent(as, ANNOTATE_GLOBAL_PERIOD);
	annotate_samples__percents(as, 0, (void *)sym, insns, 3, pct, hit);
	assert_float_equal(pct[0], 30.0, 1e-9);	/* of the event's 100 */
	assert_float_equal(pct[1], 20.0, 1e-9);
	annotate_samples__set_percent(as, ANNOTATE_LOCAL_HITS);
	annotate_samples__percents(as, 0, (void *)sym, insns, 3, pct, hit);
	assert_float_equal(pct[0], 75.0, 1e-9);	/* 3 of the symbol's 4 */
	assert_float_equal(pct[1], 25.0, 1e-9);
	annotate_samples__set_percent(as, ANNOTATE_GLOBAL_HITS);
	annotate_samples__percents(as, 0, (void *)sym, insns, 3, pct, hit);
	assert_float_equal(pct[0], 50.0, 1e-9);	/* of the event's 6 */
	assert_float_equal(pct[1], 100.0 / 6, 1e-9);

	assert_int_equal(annotate_percent__parse("global-hits"), ANNOTATE_GLOBAL_HITS);
	assert_int_equal(annotate_percent__parse("local-period"), ANNOTATE_LOCAL_PERIOD);
	assert_int_equal(annotate_percent__parse("hits"), -1);
	assert_int_equal(annotate_percent__parse(NULL), -1);
	annotate_samples__delete(as);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_disasm_mwork_inner),
		cmocka_unit_test(test_disasm_errors),
		cmocka_unit_test(test_samples_add),
		cmocka_unit_test(test_percent_types),
		cmocka_unit_test(test_disasm_styles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
