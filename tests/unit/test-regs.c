// SPDX-License-Identifier: GPL-2.0
/*
 * The --call-graph dwarf register maps of arch/x86 and arch/arm64 against
 * the kernel's UAPI <asm/perf_regs.h> (perf's register indices: the bits
 * of sample_regs_user) and the psABI DWARF register numbers.
 */
#include "unit.h"
#include <stdio.h>
#include <string.h>
#include "arch/arch.h"
#include "arch/x86/regs.h"
#include "arch/arm64/regs.h"

/*
 * This build's own arch has its UAPI header as <asm/perf_regs.h>; the other
 * arch's is there when its multiarch linux-libc-dev is installed (Debian:
 * /usr/include/<triplet>/asm/). Both define PERF_REG_EXTENDED_MASK.
 */
#if defined(__x86_64__)
#include <asm/perf_regs.h>
#define HAVE_X86_UAPI 1
#undef PERF_REG_EXTENDED_MASK
#if __has_include(<aarch64-linux-gnu/asm/perf_regs.h>)
#include <aarch64-linux-gnu/asm/perf_regs.h>
#define HAVE_ARM64_UAPI 1
#endif
#elif defined(__aarch64__)
#include <asm/perf_regs.h>
#define HAVE_ARM64_UAPI 1
#undef PERF_REG_EXTENDED_MASK
#if __has_include(<x86_64-linux-gnu/asm/perf_regs.h>)
#include <x86_64-linux-gnu/asm/perf_regs.h>
#define HAVE_X86_UAPI 1
#endif
#endif

struct reg_want {
	int perf;		/* UAPI index */
	int dwarf;		/* -1: not a DWARF register the unwinder takes */
	const char *name;	/* as perf script -F uregs names it */
};

static void test_x86(void **state)
{
#ifdef HAVE_X86_UAPI
	/* DWARF numbers: SysV x86-64 psABI, figure "DWARF Register Number
	 * Mapping" (rax 0, rdx 1, rcx 2, rbx 3, rsi 4, rdi 5, rbp 6, rsp 7,
	 * r8-r15 8-15, return address (rip) 16) */
	static const struct reg_want want[] = {
		{ PERF_REG_X86_AX, 0, "AX" },	{ PERF_REG_X86_DX, 1, "DX" },
		{ PERF_REG_X86_CX, 2, "CX" },	{ PERF_REG_X86_BX, 3, "BX" },
		{ PERF_REG_X86_SI, 4, "SI" },	{ PERF_REG_X86_DI, 5, "DI" },
		{ PERF_REG_X86_BP, 6, "BP" },	{ PERF_REG_X86_SP, 7, "SP" },
		{ PERF_REG_X86_R8, 8, "R8" },	{ PERF_REG_X86_R9, 9, "R9" },
		{ PERF_REG_X86_R10, 10, "R10" }, { PERF_REG_X86_R11, 11, "R11" },
		{ PERF_REG_X86_R12, 12, "R12" }, { PERF_REG_X86_R13, 13, "R13" },
		{ PERF_REG_X86_R14, 14, "R14" }, { PERF_REG_X86_R15, 15, "R15" },
		{ PERF_REG_X86_IP, 16, "IP" },
		{ PERF_REG_X86_FLAGS, -1, "FLAGS" }, { PERF_REG_X86_CS, -1, "CS" },
		{ PERF_REG_X86_SS, -1, "SS" },	{ PERF_REG_X86_DS, -1, "DS" },
		{ PERF_REG_X86_ES, -1, "ES" },	{ PERF_REG_X86_FS, -1, "FS" },
		{ PERF_REG_X86_GS, -1, "GS" },
	};
	/* x86_64 has no DS/ES/FS/GS in its user regs: the kernel refuses them */
	uint64_t mask = ((1ULL << PERF_REG_X86_64_MAX) - 1) &
		~(1ULL << PERF_REG_X86_DS | 1ULL << PERF_REG_X86_ES |
		  1ULL << PERF_REG_X86_FS | 1ULL << PERF_REG_X86_GS);
	uint64_t seen = 0;

	assert_int_equal(sizeof(want) / sizeof(want[0]), PERF_REG_X86_64_MAX);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		assert_int_equal(x86__perf_reg_to_dwarf(want[i].perf), want[i].dwarf);
		assert_string_equal(x86__reg_name(want[i].perf), want[i].name);
		seen |= 1ULL << want[i].perf;
	}
	assert_int_equal(seen, (1ULL << PERF_REG_X86_64_MAX) - 1);	/* each once */
	assert_int_equal(x86__perf_reg_to_dwarf(PERF_REG_X86_64_MAX), -1);
	assert_int_equal(x86__perf_reg_to_dwarf(PERF_REG_X86_XMM0), -1);
	assert_int_equal(x86__perf_reg_to_dwarf(-1), -1);
	assert_null(x86__reg_name(PERF_REG_X86_64_MAX));
	assert_int_equal(X86_SAMPLE_REGS_USER, mask);
	assert_int_equal(X86_PERF_REG_IP, PERF_REG_X86_IP);
	assert_int_equal(X86_PERF_REG_SP, PERF_REG_X86_SP);
	assert_int_equal(arch_x86.sample_regs_user, mask);
	assert_int_equal(arch_x86.perf_reg_ip, PERF_REG_X86_IP);
	assert_int_equal(arch_x86.perf_reg_sp, PERF_REG_X86_SP);
	assert_ptr_equal(arch_x86.perf_reg_to_dwarf, x86__perf_reg_to_dwarf);
	assert_ptr_equal(arch_x86.reg_name, x86__reg_name);
#else
	skip();
#endif
}

/* the mask perf 6.1 asked for in its own x86 --call-graph dwarf recording */
static void test_x86_perf61_mask(void **state)
{
	FILE *f = fopen(TEST_DATA "/perf-6.1/cpuburn-dwarf.header.txt", "r");
	char line[512], *p;
	unsigned long long m = 0;

	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		if ((p = strstr(line, "sample_regs_user = ")))
			assert_int_equal(sscanf(p, "sample_regs_user = %llx", &m), 1);
	fclose(f);
	assert_int_equal(m, X86_SAMPLE_REGS_USER);
}

static void test_arm64(void **state)
{
#ifdef HAVE_ARM64_UAPI
	/* DWARF numbers: "DWARF for the Arm 64-bit Architecture" (AADWARF64):
	 * X0-X30 are 0-30 (x30 = lr), SP 31. The PC is handed to elfutils on
	 * its own (dwfl_thread_state_register_pc), not among the 32 DWARF
	 * registers the unwinder's initial frame takes. */
	char name[8];

	for (int i = 0; i <= 28; i++) {
		assert_int_equal(arm64__perf_reg_to_dwarf(PERF_REG_ARM64_X0 + i), i);
		snprintf(name, sizeof(name), "x%d", i);
		assert_string_equal(arm64__reg_name(PERF_REG_ARM64_X0 + i), name);
	}
	assert_int_equal(arm64__perf_reg_to_dwarf(PERF_REG_ARM64_X29), 29);
	assert_string_equal(arm64__reg_name(PERF_REG_ARM64_X29), "x29");
	assert_int_equal(arm64__perf_reg_to_dwarf(PERF_REG_ARM64_LR), 30);
	assert_string_equal(arm64__reg_name(PERF_REG_ARM64_LR), "lr");
	assert_int_equal(arm64__perf_reg_to_dwarf(PERF_REG_ARM64_SP), 31);
	assert_string_equal(arm64__reg_name(PERF_REG_ARM64_SP), "sp");
	assert_int_equal(arm64__perf_reg_to_dwarf(PERF_REG_ARM64_PC), -1);
	assert_string_equal(arm64__reg_name(PERF_REG_ARM64_PC), "pc");
	assert_int_equal(arm64__perf_reg_to_dwarf(PERF_REG_ARM64_MAX), -1);
	assert_null(arm64__reg_name(PERF_REG_ARM64_MAX));
	assert_int_equal(arm64__perf_reg_to_dwarf(-1), -1);
	/* every general register, as perf asks for on arm64 */
	assert_int_equal(ARM64_SAMPLE_REGS_USER, (1ULL << PERF_REG_ARM64_MAX) - 1);
	assert_int_equal(ARM64_PERF_REG_SP, PERF_REG_ARM64_SP);
	assert_int_equal(ARM64_PERF_REG_PC, PERF_REG_ARM64_PC);
	assert_int_equal(arch_arm64.sample_regs_user, (1ULL << PERF_REG_ARM64_MAX) - 1);
	assert_int_equal(arch_arm64.perf_reg_ip, PERF_REG_ARM64_PC);
	assert_int_equal(arch_arm64.perf_reg_sp, PERF_REG_ARM64_SP);
	assert_ptr_equal(arch_arm64.perf_reg_to_dwarf, arm64__perf_reg_to_dwarf);
	assert_ptr_equal(arch_arm64.reg_name, arm64__reg_name);
#else
	skip();
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_x86),
		cmocka_unit_test(test_x86_perf61_mask),
		cmocka_unit_test(test_arm64),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
