/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_PROFILE_H
#define MPERF_PROFILE_H

/*
 * An in-memory stack profile: for each event, the distinct stacks seen
 * (per comm and pid), each a list of frames with a sample count and the
 * sum of the sample periods. It is the common input of every "profile
 * for people or fleets" writer: folded stacks, the SVG flame graph,
 * pprof, the JSON document and the diff. It knows nothing about
 * perf.data; profile__add_sample() is fed by whoever resolved the
 * callchain (report) or by tests with synthetic stacks.
 *
 * Strings are interned: frame names, dsos and comms compare by pointer.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum profile_frame_kind {
	PROFILE_FRAME_USER,
	PROFILE_FRAME_KERNEL,
	PROFILE_FRAME_INLINED,	/* inlined into the next frame toward the root */
	PROFILE_FRAME__MAX,
};

/* A frame as given to profile__add_sample(); every pointer may be NULL. */
struct profile_frame_desc {
	const char *name;	/* symbol, NULL = unresolved */
	const char *sym;	/* inlined frames: the symbol containing addr (or NULL) */
	const char *dso;	/* long name of the mapped file or [kernel.kallsyms] */
	enum profile_frame_kind kind;
	uint64_t addr;		/* sampled address (absolute) */
	const char *srcfile;	/* source file when known */
	unsigned int line;	/* source line, 0 = unknown */
	const char *build_id;	/* hex build-id of the mapping's file */
	uint64_t map_start, map_end, map_pgoff;	/* the mapping, 0s = unknown */
};

/* An interned frame (same fields, strings owned by the profile). */
struct profile_frame {
	const char *name;	/* never NULL: unresolved -> "[unknown]" */
	bool unresolved;	/* name was NULL */
	const char *display;	/* name, or "[dso basename]" when unresolved */
	const char *sym;	/* inlined frames: containing symbol, may be NULL */
	const char *dso;	/* never NULL: "[unknown]" */
	enum profile_frame_kind kind;
	uint64_t addr;
	const char *srcfile;	/* may be NULL */
	unsigned int line;
	const char *build_id;	/* may be NULL */
	uint64_t map_start, map_end, map_pgoff;
	uint32_t idx;		/* index in profile->frames */
};

struct profile_stack {
	uint32_t event;		/* index in profile->events */
	const char *comm;	/* interned */
	int32_t pid;
	uint32_t nr;		/* frames, leaf first */
	struct profile_frame **frames;
	uint64_t samples;
	uint64_t period;
};

struct profile_event {
	char *name;		/* e.g. "cpu-clock:ppp" */
	bool time_based;	/* period in nanoseconds (cpu-clock, task-clock) */
	uint64_t samples;
	uint64_t period;
};

struct profile_hash {
	void **slots;
	size_t size;		/* power of two */
	size_t used;
};

struct profile {
	struct profile_event *events;
	unsigned int nr_events;
	struct profile_frame **frames;
	uint32_t nr_frames, alloc_frames;
	struct profile_stack **stacks;
	uint32_t nr_stacks, alloc_stacks;
	struct profile_hash strings, frame_hash, stack_hash;
	char *title;		/* e.g. the input file name, may be NULL */
	uint64_t first_time, last_time;	/* sample timestamps (ns), 0 = unknown */
	int first_sampled;	/* event of the first sample, -1 before any */
};

struct profile *profile__new(void);
void profile__delete(struct profile *p);

/* Set the title (input file name) shown by the writers. 0 or -ENOMEM. */
int profile__set_title(struct profile *p, const char *title);

/*
 * Find or add an event by name. Returns its index (>= 0) or -ENOMEM.
 * Events whose name starts with cpu-clock or task-clock count time.
 */
int profile__event(struct profile *p, const char *name);

/*
 * Account one sample (or @samples merged samples) of @period to the stack
 * @frames[0..nr) (leaf first, as callchains are) of @comm/@pid for @event.
 * nr may be 0 (no callchain, no ip). Returns 0 or -ENOMEM / -EINVAL.
 */
int profile__add(struct profile *p, int event, const char *comm, int pid,
		 const struct profile_frame_desc *frames, unsigned int nr,
		 uint64_t samples, uint64_t period);

static inline int profile__add_sample(struct profile *p, int event,
				      const char *comm, int pid,
				      const struct profile_frame_desc *frames,
				      unsigned int nr, uint64_t period)
{
	return profile__add(p, event, comm, pid, frames, nr, 1, period);
}

/* Intern a string in the profile (NULL on ENOMEM). */
const char *profile__intern(struct profile *p, const char *s);

/* ---- the merged frame tree (flame graphs) ------------------------------ */

enum profile_node_kind {
	PROFILE_NODE_ROOT = PROFILE_FRAME__MAX,	/* "all" */
	PROFILE_NODE_COMM,			/* the process name level */
};

struct profile_node {
	const char *name;	/* interned; frame name, comm or "all" */
	int kind;		/* enum profile_frame_kind or profile_node_kind */
	const char *dso;	/* NULL for root/comm */
	uint64_t samples, period;		/* total (self + descendants) */
	uint64_t self_samples, self_period;
	/* a second profile's numbers for diff graphs (see profile__tree_diff) */
	uint64_t base_samples, base_period;
	struct profile_node **children;	/* sorted by name */
	unsigned int nr_children, alloc_children;
	unsigned int depth;
};

enum {
	PROFILE_TREE_COMM	= 1 << 0,	/* a comm level under the root */
	PROFILE_TREE_CALLERS	= 1 << 1,	/* leaf at the root (caller graph) */
};

/*
 * Merge the stacks of @event into a tree rooted at "all": children are
 * merged by (name, kind), ordered by name. NULL on ENOMEM.
 */
struct profile_node *profile__tree(struct profile *p, int event, unsigned int flags);
/* Add @base's stacks for the event of the same name as base_* numbers. */
int profile__tree_add_base(struct profile *p, struct profile_node *root,
			   const struct profile *base, unsigned int flags);
void profile_node__delete(struct profile_node *n);
unsigned int profile_node__max_depth(const struct profile_node *n);

/* "[kernel.kallsyms]" -> true; used to classify frames by dso name */
bool profile__dso_is_kernel(const char *dso);
const char *profile_frame_kind__name(int kind);

/* ---- the flat table (perf report's comm,dso,sym lines) -------------------- */

struct profile_entry {
	const char *comm;	/* NULL when PROFILE_ENTRY_NO_COMM */
	const char *dso;	/* interned long name */
	const char *sym;	/* display name */
	int kind;		/* PROFILE_FRAME_USER or _KERNEL */
	uint64_t self_samples, self_period;
	uint64_t children_samples, children_period;	/* self + callees */
};

enum {
	PROFILE_ENTRY_NO_COMM = 1 << 0,	/* key (dso, sym) instead of (comm, dso, sym) */
};

/*
 * The entries of @event, sorted by self period (descending), then by
 * children period, then by name. The self entry of a stack is its leaf's
 * physical frame (inlined frames count for the function they sit in, as
 * perf report shows without --inline); children count each entry once per
 * stack. Returns the number of entries (*out malloc'd) or -ENOMEM.
 */
int profile__entries(struct profile *p, int event, unsigned int flags,
		     struct profile_entry **out);

/*
 * @s with invalid UTF-8 replaced by '?' (names come from binaries, comms
 * are arbitrary bytes; JSON, XML and protobuf strings must be UTF-8):
 * @s itself when clean, else @buf (truncated to @size).
 */
const char *profile__utf8_clean(const char *s, char *buf, size_t size);

/* basename of a dso long name, as perf's Shared Object column shows it */
const char *profile__dso_short(const char *dso);

/* Comparison of stacks for a stable output order: event, comm, frames */
void profile__sort_stacks(struct profile *p);

#endif
