// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include "dso.h"
#include "map.h"

struct map *map__new(struct map_ids *ids, uint64_t start, uint64_t len, uint64_t pgoff,
		     struct dso *dso)
{
	struct map *map = calloc(1, sizeof(*map));

	if (!map)
		return NULL;
	map->start = start;
	map->end = start + len < start ? UINT64_MAX : start + len;
	map->pgoff = pgoff;
	map->dso = dso;
	map->refcnt = 1;
	map->id = ++ids->map;
	return map;
}

struct map *map__get(struct map *map)
{
	if (map)
		map->refcnt++;
	return map;
}

void map__put(struct map *map)
{
	if (map && --map->refcnt == 0)
		free(map);
}

struct map *map__clone_range(struct map_ids *ids, const struct map *map, uint64_t start,
			     uint64_t end)
{
	struct map *m = malloc(sizeof(*m));

	if (!m)
		return NULL;
	*m = *map;
	m->refcnt = 1;
	m->id = ++ids->map;
	m->start = start;
	m->end = end;
	/* what perf keeps of the part a new map leaves (--mmaps shows it,
	 * anonymous memory's too) */
	m->pgoff = map->pgoff + (start - map->start);
	return m;
}

uint64_t map__size(const struct map *map)
{
	if (map->dso && map->dso->kind == DSO_KIND_KERNEL && map->dso->ksym_end > map->dso->ksym_start)
		return map->dso->ksym_end - map->dso->ksym_start;
	return map->end - map->start;
}
