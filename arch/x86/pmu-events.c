// SPDX-License-Identifier: GPL-2.0
/* x86: cpuid -> named event table, by Intel's mapfile.csv regexes. */
#include <stdio.h>
#include "../arch.h"
#include "util/pmu-events.h"

const struct pmu_events_table *x86__events_for(const char *cpuid)
{
	const struct pmu_events_map *map;
	char id[128];

	if (!cpuid)
		return NULL;
	pmu_events__x86_normalize(cpuid, id, sizeof(id));
	for (map = pmu_events_map_x86; map->cpuid; map++)
		if (pmu_events__x86_cpuid_match(map->cpuid, id))
			return map->table;
	return NULL;
}

