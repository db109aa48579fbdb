// SPDX-License-Identifier: GPL-2.0
/* x86: CPUID string and the arch ops table. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <elf.h>
#include "../arch.h"
#include "regs.h"
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/*
 * perf's CPUID feature for x86: "<vendor>-<family>-<model>-<stepping>",
 * family in decimal, model and stepping in upper-case hex, with the
 * extended family/model folded in as the SDM describes.
 */
/* vendor, family and model with the extended fields folded in (SDM). */
static int x86__cpuid_fields(char vendor[13], unsigned int *family,
			     unsigned int *model, unsigned int *step)
{
#if defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d;

	if (!__get_cpuid(0, &a, &b, &c, &d))
		return -ENOTSUP;
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return -ENOTSUP;
	*family = (a >> 8) & 0xf;
	*model = (a >> 4) & 0xf;
	*step = a & 0xf;
	if (*family == 0xf)
		*family += (a >> 20) & 0xff;
	if (*family >= 0x6)
		*model += ((a >> 16) & 0xf) << 4;
	return 0;
#else
	(void)vendor; (void)family; (void)model; (void)step;
	return -ENOTSUP;	/* not running on x86 */
#endif
}

/*
 * The cpuid string the vendor event tables are matched with (mapfile.csv):
 * "<vendor>-<family>-<model>-<stepping>", family in decimal, model and
 * stepping in upper-case hex.
 */
static int x86__cpuid(char *buf, size_t size)
{
	unsigned int family, model, step;
	char vendor[13];
	int err = x86__cpuid_fields(vendor, &family, &model, &step);

	if (err)
		return err;
	if ((size_t)snprintf(buf, size, "%s-%u-%X-%X", vendor, family, model,
			     step) >= size)
		return -ENAMETOOLONG;
	return 0;
}

/*
 * The CPUID feature of perf.data is a different spelling of the same facts:
 * "<vendor>,<family>,<model>,<stepping>", all decimal (perf 6.1 files from
 * this kind of machine say "AuthenticAMD,26,2,1").
 */
static int x86__header_cpuid(char *buf, size_t size)
{
	unsigned int family, model, step;
	char vendor[13];
	int err = x86__cpuid_fields(vendor, &family, &model, &step);

	if (err)
		return err;
	if ((size_t)snprintf(buf, size, "%s,%u,%u,%u", vendor, family, model,
			     step) >= size)
		return -ENAMETOOLONG;
	return 0;
}

/*
 * On AMD, precise cycles sample through IBS, which cannot tell guest from
 * host: perf clears the default cycles event's exclude_guest there (and so
 * the cpu-clock it falls back to has none either).
 */
static void x86__fixup_default_cycles(struct perf_event_attr *attr)
{
	unsigned int family, model, step;
	char vendor[13];

	if (!x86__cpuid_fields(vendor, &family, &model, &step) &&
	    !strcmp(vendor, "AuthenticAMD"))
		attr->exclude_guest = 0;
}

const struct arch_ops arch_x86 = {
	.name		= "x86",
	.uname_names	= { "x86_64", "i386", "i686", "x86" },
	.e_machine	= EM_X86_64,
	.cpuid		= x86__cpuid,
	.header_cpuid	= x86__header_cpuid,
	.fixup_default_cycles = x86__fixup_default_cycles,
	.events_for	= x86__events_for,
	/* events_for: issue 8 (arch helper); register hooks: report helper */
	.sample_regs_user = X86_SAMPLE_REGS_USER,
	.perf_reg_to_dwarf = x86__perf_reg_to_dwarf,
	.reg_name	= x86__reg_name,
	.perf_reg_ip	= 8,	/* PERF_REG_X86_IP */
	.perf_reg_sp	= 7,	/* PERF_REG_X86_SP */
};
