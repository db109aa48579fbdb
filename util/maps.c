// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "alloc.h"
#include "map.h"
#include "maps.h"

struct maps *maps__new(struct map_ids *ids)
{
	struct maps *maps = calloc(1, sizeof(*maps));

	if (maps) {
		maps->refcnt = 1;
		maps->ids = ids;
		maps->id = ++ids->maps;
	}
	return maps;
}

struct maps *maps__get(struct maps *maps)
{
	if (maps)
		maps->refcnt++;
	return maps;
}

void maps__put(struct maps *maps)
{
	size_t i;

	if (!maps || --maps->refcnt > 0)
		return;
	for (i = 0; i < maps->nr; i++)
		map__put(maps->entries[i]);
	free(maps->entries);
	free(maps);
}

static int maps__reserve(struct maps *maps, size_t extra)
{
	if (ALLOC_GROW(maps->entries, maps->nr + extra, maps->alloc, 16))
		return -ENOMEM;
	return 0;
}

struct maps *maps__clone(const struct maps *maps)
{
	struct maps *m = maps__new(maps->ids);
	size_t i;

	if (!m)
		return NULL;
	if (maps__reserve(m, maps->nr) < 0) {
		maps__put(m);
		return NULL;
	}
	for (i = 0; i < maps->nr; i++)
		m->entries[i] = map__get(maps->entries[i]);
	m->nr = maps->nr;
	return m;
}

/* first index whose end > addr */
static size_t maps__lower(const struct maps *maps, uint64_t addr)
{
	size_t lo = 0, hi = maps->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (maps->entries[mid]->end <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int maps__insert(struct maps *maps, struct map *map)
{
	size_t i = maps__lower(maps, map->start), j = i;
	struct map *left = NULL, *right = NULL;

	/* maps [i, j) overlap the new one */
	while (j < maps->nr && maps->entries[j]->start < map->end)
		j++;
	if (i < j) {
		struct map *first = maps->entries[i], *last = maps->entries[j - 1];

		if (first->start < map->start) {
			left = map__clone_range(maps->ids, first, first->start, map->start);
			if (!left)
				return -ENOMEM;
		}
		if (last->end > map->end) {
			right = map__clone_range(maps->ids, last, map->end, last->end);
			if (!right) {
				map__put(left);
				return -ENOMEM;
			}
		}
	}
	if (maps__reserve(maps, 3) < 0) {
		map__put(left);
		map__put(right);
		return -ENOMEM;
	}
	{
		size_t k, nnew = (left ? 1 : 0) + 1 + (right ? 1 : 0);

		for (k = i; k < j; k++)
			map__put(maps->entries[k]);
		memmove(maps->entries + i + nnew, maps->entries + j,
			(maps->nr - j) * sizeof(*maps->entries));
		maps->nr = maps->nr - (j - i) + nnew;
		k = i;
		if (left)
			maps->entries[k++] = left;
		maps->entries[k++] = map__get(map);
		if (right)
			maps->entries[k++] = right;
	}
	maps->last = 0;
	maps->gen++;
	return 0;
}

void maps__resize(struct maps *maps, struct map *map, uint64_t start, uint64_t end)
{
	size_t i;

	for (i = 0; i < maps->nr && maps->entries[i] != map; i++)
		;
	if (i == maps->nr || start >= end)
		return;
	if (i > 0 && start < maps->entries[i - 1]->end)
		start = maps->entries[i - 1]->end;
	if (i + 1 < maps->nr && end > maps->entries[i + 1]->start)
		end = maps->entries[i + 1]->start;
	if (start >= end)
		return;
	map->start = start;
	map->end = end;
	maps->last = 0;
	maps->gen++;
}

struct map *maps__find(struct maps *maps, uint64_t ip)
{
	size_t i;

	if (maps->last < maps->nr) {
		struct map *m = maps->entries[maps->last];

		if (ip >= m->start && ip < m->end)
			return m;
	}
	i = maps__lower(maps, ip);
	if (i < maps->nr && maps->entries[i]->start <= ip) {
		maps->last = i;
		return maps->entries[i];
	}
	return NULL;
}
