// SPDX-License-Identifier: GPL-2.0
/* arm64: MIDR -> named event table (Arm's PMU data per core). */
#include <errno.h>
#include <stdlib.h>
#include "../arch.h"
#include "util/pmu-events.h"

/* MIDR: implementer[31:24] variant[23:20] arch[19:16] part[15:4] rev[3:0] */
#define MIDR_IGNORE_MASK 0x00f0000fULL

const struct pmu_events_table *arm64__events_for(const char *cpuid)
{
	const struct pmu_events_map *map;
	unsigned long long midr;
	char *end;

	if (!cpuid)
		return NULL;
	errno = 0;
	midr = strtoull(cpuid, &end, 16);
	if (errno || end == cpuid || *end)
		return NULL;
	midr &= ~MIDR_IGNORE_MASK;
	for (map = pmu_events_map_arm64; map->cpuid; map++)
		if ((strtoull(map->cpuid, NULL, 16) & ~MIDR_IGNORE_MASK) == midr)
			return map->table;
	return NULL;
}

