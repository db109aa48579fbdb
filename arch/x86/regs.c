// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>
#include "arch/x86/regs.h"

/* perf index order: ax bx cx dx si di bp sp ip flags cs ss ds es fs gs
 * r8..r15. DWARF (SysV x86_64 psABI): rax rdx rcx rbx rsi rdi rbp rsp
 * r8..r15 rip. */
static const signed char x86_dwarf[24] = {
	0, 3, 2, 1, 4, 5, 6, 7, 16, -1, -1, -1, -1, -1, -1, -1,
	8, 9, 10, 11, 12, 13, 14, 15,
};

static const char *const x86_names[24] = {
	"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS",
	"CS", "SS", "DS", "ES", "FS", "GS",
	"R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
};

int x86__perf_reg_to_dwarf(int perf_reg)
{
	if (perf_reg < 0 || perf_reg >= 24)
		return -1;
	return x86_dwarf[perf_reg];
}

const char *x86__reg_name(int perf_reg)
{
	if (perf_reg < 0 || perf_reg >= 24)
		return NULL;
	return x86_names[perf_reg];
}
