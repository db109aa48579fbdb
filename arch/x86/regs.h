/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_ARCH_X86_REGS_H
#define MPERF_ARCH_X86_REGS_H
/* x86_64 perf register indices (asm/perf_regs.h) -> DWARF numbers and
 * names, for --call-graph dwarf. Plug into struct arch_ops. */
#include <stdint.h>

#define X86_PERF_REG_IP		8
#define X86_PERF_REG_SP		7
/* every general register of x86_64; DS/ES/FS/GS do not exist there */
#define X86_SAMPLE_REGS_USER	0xff0fffULL

int x86__perf_reg_to_dwarf(int perf_reg);
const char *x86__reg_name(int perf_reg);

#endif
