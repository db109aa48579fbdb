/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_MAPS_H
#define MPERF_MAPS_H

/*
 * The maps of one address space, sorted by start, never overlapping:
 * inserting a map cuts away whatever part of older maps it covers (the
 * kernel's mmap semantics). Lookup is a binary search. Refcounted so the
 * threads of one process share one set.
 */

#include <stddef.h>
#include <stdint.h>

struct map;
struct map_ids;

struct maps {
	struct map **entries;
	size_t nr, alloc;
	int refcnt;
	size_t last;		/* lookup cache: index of the last hit */
	uint64_t gen;		/* bumped by every insertion (caches key on it) */
	/* unique per set: perf copies the maps of a forked process, so a
	 * map of two sets is two maps to it (hist entries' map identity) */
	uint64_t id;
	struct map_ids *ids;	/* @id's source, and of the maps it cuts */
};

/* An empty set with the next set id of @ids (which must outlive it). */
struct maps *maps__new(struct map_ids *ids);
struct maps *maps__get(struct maps *maps);
void maps__put(struct maps *maps);
/* A new set holding references to the same maps (fork), its id from
 * the same source. */
struct maps *maps__clone(const struct maps *maps);
/* Insert @map (the set takes its own reference), splitting overlapped
 * maps. 0 or -ENOMEM. */
int maps__insert(struct maps *maps, struct map *map);
struct map *maps__find(struct maps *maps, uint64_t ip);
/* Give @map (in @maps) the range [start, end), cut to its neighbours. */
void maps__resize(struct maps *maps, struct map *map, uint64_t start, uint64_t end);

#endif
