/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_ARCH_ARM64_REGS_H
#define MPERF_ARCH_ARM64_REGS_H
/* arm64 perf register indices (x0..x30, sp, pc) -> DWARF numbers and
 * names, for --call-graph dwarf. Plug into struct arch_ops. */
#include <stdint.h>

#define ARM64_PERF_REG_SP	31
#define ARM64_PERF_REG_PC	32
#define ARM64_SAMPLE_REGS_USER	((1ULL << 33) - 1)

int arm64__perf_reg_to_dwarf(int perf_reg);
const char *arm64__reg_name(int perf_reg);

#endif
