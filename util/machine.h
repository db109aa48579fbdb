/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_MACHINE_H
#define MPERF_MACHINE_H

/*
 * The recorded system rebuilt from a perf.data stream: threads (COMM, FORK,
 * EXIT), their maps (MMAP, MMAP2), the kernel map and dsos keyed by name
 * with the build-ids of the BUILD_ID feature. Samples resolve here to
 * (thread, map, dso, symbol, address).
 *
 *   struct machine *m = machine__new(&symopts);
 *   machine__set_build_id(m, "/usr/bin/foo", &bid);	   (from the header)
 *   for each non-sample record: machine__process_event(m, event, sample);
 *   for each sample:
 *	 struct addr_location al;
 *	 machine__resolve(m, sample, &al);
 *	 machine__resolve_callchain(m, al.thread, sample, &cursor, ...);
 */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "callchain.h"
#include "event.h"
#include "map.h"
#include "symbol.h"

struct build_id;
struct dso;
struct env;
struct map;
struct maps;
struct thread;
struct callchain_cursor;
struct callchain_cursor_node;

/* What a sample ip (or a callchain entry) resolved to. */
struct addr_location {
	struct thread *thread;
	struct map *map;	/* NULL: no map covers ip */
	struct dso *dso;	/* map->dso or NULL */
	struct symbol *sym;	/* NULL: unresolved */
	uint64_t ip;		/* as sampled */
	uint64_t addr;		/* in the dso's space (map__map_ip) */
	uint8_t cpumode;	/* PERF_RECORD_MISC_USER/KERNEL/... */
	char level;		/* 'k' kernel, '.' user, 'H' hypervisor, 'g' guest */
	const char *comm;	/* the thread's comm (interned) */
	int32_t cpu;
};

/* The callchain frame at @ip, where @al resolved it (no srcline). */
static inline struct callchain_cursor_node frame__from_al(uint64_t ip,
							  const struct addr_location *al)
{
	return (struct callchain_cursor_node){
		.ip = ip, .addr = al->addr, .map = al->map, .dso = al->dso,
		.sym = al->sym, .level = al->level,
	};
}

struct machine_stats {
	uint64_t nr_samples, nr_unresolved, nr_no_map;
	uint64_t nr_mmap, nr_comm, nr_fork, nr_exit;
	uint64_t nr_malformed;	/* records too short for their type: skipped */
};

struct machine {
	struct symbol_opts opts;
	struct thread **threads;	/* hash by tid, chained */
	uint32_t threads_size, nr_threads;
	struct dso **dsos;		/* hash by long_name, chained */
	uint32_t dsos_size, nr_dsos;
	struct dso **dso_list;		/* creation order */
	struct maps *kmaps;		/* kernel + modules, identity mapped */
	struct map_ids map_ids;		/* of this session's maps and sets */
	struct dso *kernel;
	uint64_t kernel_start;
	char **strings;			/* interned strings (comm), hash */
	uint32_t strings_size, nr_strings;
	struct bid_entry *bids;		/* BUILD_ID feature: name -> build-id */
	uint32_t nr_bids;
	/* the kernel's name in the build-id list when it is no
	 * "[kernel.kallsyms]" (a vmlinux path); kernel_named: the list's
	 * first kernel object (perf's kernel dso) was seen */
	char *kernel_name;
	bool kernel_named;
	struct thread *last_thread;	/* lookup cache */
	/* threads a FORK replaced (machine__retire_thread): out of the
	 * hash, kept for the hist entries and callchains that point to them */
	struct thread *retired;
	/* the parent the last FORK replaced as stale (its pid was another
	 * than the FORK's ppid); NULL when it replaced none */
	const struct thread *stale_parent;
	struct machine_stats stats;
	void *unwind;			/* unwind.c state */
	/* samples unwound through perf 6.1's misplaced CFI (unwind.c) */
	uint64_t nr_misplaced_cfi;
	uint64_t nr_unmapped_cfi;	/* DWARF stacks ended there, as perf (unwind.c) */
	/* the recording's header (its ARCH decides how user regs unwind;
	 * pipe mode fills it as the features come); NULL: guess from the
	 * sample's register mask */
	const struct env *env;
	bool frame_srclines;		/* fill callchain_cursor_node.srcline */
	/* samples resolve to their map alone (machine__resolve): no symbol
	 * table or kernel symbols are read for them, nor unresolved ones
	 * counted (a report that shows neither objects nor symbols) */
	bool maps_only;
	struct symbol **inl_syms;	/* "name (inlined)" symbols, hash */
	uint32_t inl_size, inl_nr;
	/* kernel samples with no kernel map yet: said once, at the end
	 * (the map may come later: record --tail-synthesize) */
	uint64_t nr_no_kmap;
	/* the kernel's map spans its MMAP until a lookup lands in it, then
	 * its symbols (perf fixes the map up when it loads them) */
	struct map *kmap;
	bool kmap_fixed;
	bool kmap_fix_next;	/* at the next kernel lookup, whatever it finds */
};

struct machine *machine__new(const struct symbol_opts *opts);
void machine__delete(struct machine *machine);
struct evlist;
/* A file whose events may have sampled the kernel (@evlist NULL or empty:
 * not known yet, a pipe): start reading kallsyms on another thread now, as
 * the kernel's symbols are likely to be looked up (kallsyms__prefetch):
 * the file the kernel's dso will read (kernel__kallsyms_file), none when
 * it will read none (another kernel's file, a --symfs tree). */
void machine__prefetch_kernel(struct machine *machine, const struct evlist *evlist);
/* How much of the data to look at for a kernel sample before that
 * (session__kernel_samples_likely): hopping over headers, 64 MB is a few
 * milliseconds, and a dwarf recording's first kernel-mode sample can be
 * past its first 1000 samples (8 KB each) */
#define PREFETCH_WINDOW	(64u << 20)
/* Source lines or inlined frames will be looked up: open the DWARF of the
 * user files in the build-id list on another thread now (srcline__prefetch). */
void machine__prefetch_dwarf(struct machine *machine);
/* Every thread, in no order (a malloc'd array, *@nr of them; NULL when
 * out of memory). */
struct thread **machine__threads(struct machine *machine, size_t *nr);
/* perf script loads the kernel's symbols after its first sample, so its
 * map spans them from the next lookup on (see machine__find_kmap). */
void machine__fix_kernel_map_next(struct machine *machine);

/* Apply a non-sample kernel record (MMAP, MMAP2, COMM, FORK, EXIT; others
 * are ignored; a malformed one is skipped with a warning at the first).
 * @sample may be NULL (no time). 0 or -errno. */
int machine__process_event(struct machine *machine, const union perf_event *event,
			   const struct perf_sample *sample);

/* After a FORK: the line perf's -D dump has when the FORK replaced a
 * stale parent (machine->stale_parent), on @fp; nothing otherwise. */
void machine__fprintf_fork_note(const struct machine *machine, FILE *fp);

/* Record a build-id for a path (from the BUILD_ID feature or
 * PERF_RECORD_HEADER_BUILD_ID; @misc its cpumode); "[kernel.kallsyms]" for
 * the kernel, which may also be named by the path of a vmlinux. */
int machine__set_build_id(struct machine *machine, const char *name, uint16_t misc,
			  const struct build_id *bid);
struct env;
/* Every build-id of the file's BUILD_ID feature (machine__set_build_id). */
void machine__set_env_build_ids(struct machine *machine, const struct env *env);

struct thread *machine__findnew_thread(struct machine *machine, int32_t pid, int32_t tid);
struct thread *machine__find_thread(struct machine *machine, int32_t tid);
struct dso *machine__findnew_dso(struct machine *machine, const char *name);
/* Intern a string: equal strings give the same pointer. NULL on ENOMEM. */
const char *machine__intern(struct machine *machine, const char *s);

/* Resolve sample->ip in the thread of the sample. 0 or -ENOMEM. */
/*
 * machine__kernel_symbol - the name of the kernel (or module) symbol that
 * holds *@addr, with *@addr set to the symbol's start and *@mod to the
 * module's name (NULL for the kernel); NULL when none does. Counts nothing
 * and warns of nothing (for tracepoint fields, not samples).
 */
const char *machine__kernel_symbol(struct machine *m, uint64_t *addr, const char **mod);

int machine__resolve(struct machine *machine, const struct perf_sample *sample,
		     struct addr_location *al);
/* Resolve one address of @thread in the address space of @cpumode. */
void thread__resolve_ip(struct machine *machine, struct thread *thread,
			uint8_t cpumode, uint64_t ip, struct addr_location *al);

/* The sample's callchain (fp callchain; with @unwind_regs and user stack,
 * the DWARF-unwound user part), callee first, context markers removed, at
 * most @max_stack entries. Fills @cursor (reset first). 0 or -errno. */
int machine__resolve_callchain(struct machine *machine, struct thread *thread,
			       const struct perf_sample *sample,
			       struct callchain_cursor *cursor, int max_stack);
/* The same; @from_root: the chain is shown caller first, and max_stack
 * keeps its outermost frame-pointer/kernel entries, as perf's walk in that
 * order does (the DWARF-unwound part keeps max_stack from the leaf). */
int machine__resolve_callchain_ordered(struct machine *machine, struct thread *thread,
				       const struct perf_sample *sample,
				       struct callchain_cursor *cursor, int max_stack,
				       bool from_root);

/* Append one resolved frame to @cursor, expanded into its inlined
 * functions when the dso has DWARF (unless opts.no_inline). */
int machine__append_frame(struct machine *machine, struct callchain_cursor *cursor,
			  struct callchain_cursor_node *node);

/* for_each over dsos in creation order */
#define machine__for_each_dso(m, i, d) \
	for ((i) = 0; (i) < (m)->nr_dsos && ((d) = (m)->dso_list[i]); (i)++)

/* The dso's printed name: "[kernel.kallsyms]", "libc.so.6", "[unknown]". */
const char *dso__name(const struct dso *dso);

#endif
