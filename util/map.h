/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_MAP_H
#define MPERF_MAP_H

/*
 * A map: [start, end) of an address space backed by a dso at file offset
 * pgoff. Refcounted: maps are shared by the threads of a process and
 * copied (by reference) on fork.
 */

#include <stdint.h>

struct dso;

/*
 * The ids of one session's maps and map sets, the last one given of each
 * (the machine owns them; zero-initialized). A hist entry tells maps
 * apart by their ids, as perf by its map objects: unique within one
 * session is all they need to be.
 */
struct map_ids {
	uint64_t map, maps;
};

struct map {
	uint64_t start, end;	/* [start, end) */
	uint64_t pgoff;		/* file offset of start */
	struct dso *dso;	/* owned by the machine */
	uint32_t prot, flags;
	uint64_t ino;		/* MMAP2's inode (0: MMAP, or a build-id MMAP2) */
	uint32_t maj, min;	/* MMAP2's device (0 likewise) */
	uint64_t ino_gen;	/* and inode generation */
	int refcnt;
	int identity;		/* kernel-space maps: dso address == ip */
	uint64_t id;		/* unique per map object, clones too (perf's
				 * map identity: a hist entry's map) */
};

/* A map with the next id of @ids. */
struct map *map__new(struct map_ids *ids, uint64_t start, uint64_t len, uint64_t pgoff,
		     struct dso *dso);
struct map *map__get(struct map *map);
void map__put(struct map *map);
/* A copy of @map limited to [start, end), with the next id of @ids;
 * pgoff adjusted. */
struct map *map__clone_range(struct map_ids *ids, const struct map *map, uint64_t start,
			     uint64_t end);

/* The size perf gives the map (sort key dso_size): end - start, but the
 * kernel's map from kallsyms spans its symbols. */
uint64_t map__size(const struct map *map);

/* ip -> address in the dso's space (file offset, or ip for the kernel). */
static inline uint64_t map__map_ip(const struct map *map, uint64_t ip)
{
	return map->identity ? ip : ip - map->start + map->pgoff;
}

/* dso address -> ip, the inverse of map__map_ip(). */
static inline uint64_t map__unmap_ip(const struct map *map, uint64_t addr)
{
	return map->identity ? addr : addr + map->start - map->pgoff;
}

#endif
