// SPDX-License-Identifier: GPL-2.0
/* arm64: MIDR_EL1 CPUID string and the arch ops table. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <elf.h>
#include "../arch.h"
#include "regs.h"

#ifndef EM_AARCH64
#define EM_AARCH64 183
#endif

/*
 * perf writes the MIDR_EL1 value of the first CPU as sysfs shows it:
 * "0x00000000410fd0c0" (16 hex digits).
 */
static int arm64__cpuid(char *buf, size_t size)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/regs/identification/midr_el1", "r");
	unsigned long long midr;
	int ret = 0;

	if (!f)
		return -errno;
	if (fscanf(f, "%llx", &midr) != 1)
		ret = -EINVAL;
	fclose(f);
	if (ret)
		return ret;
	if ((size_t)snprintf(buf, size, "0x%016llx", midr) >= size)
		return -ENAMETOOLONG;
	return 0;
}

const struct arch_ops arch_arm64 = {
	.name		= "arm64",
	.uname_names	= { "aarch64", "arm64", "armv8l", NULL },
	.e_machine	= EM_AARCH64,
	.cpuid		= arm64__cpuid,
	.events_for	= arm64__events_for,
	.sample_regs_user = ARM64_SAMPLE_REGS_USER,
	.perf_reg_to_dwarf = arm64__perf_reg_to_dwarf,
	.reg_name	= arm64__reg_name,
	.perf_reg_ip	= 32,	/* PERF_REG_ARM64_PC */
	.perf_reg_sp	= 31,	/* PERF_REG_ARM64_SP */
};
