// SPDX-License-Identifier: GPL-2.0
#include <stddef.h>
#include "arch/arm64/regs.h"

static const char *const arm64_names[33] = {
	"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10",
	"x11", "x12", "x13", "x14", "x15", "x16", "x17", "x18", "x19", "x20",
	"x21", "x22", "x23", "x24", "x25", "x26", "x27", "x28", "x29", "lr",
	"sp", "pc",
};

/* AArch64 DWARF: x0..x30 = 0..30, sp = 31; the pc has no DWARF number
 * (elfutils takes it separately): -1. */
int arm64__perf_reg_to_dwarf(int perf_reg)
{
	if (perf_reg < 0 || perf_reg > 31)
		return -1;
	return perf_reg;
}

const char *arm64__reg_name(int perf_reg)
{
	if (perf_reg < 0 || perf_reg > 32)
		return NULL;
	return arm64_names[perf_reg];
}
