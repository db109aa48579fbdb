// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "dso.h"
#include "hist.h"
#include "machine.h"
#include "mem-src.h"
#include "sort.h"
#include "symbol.h"
#include "thread.h"

#define CMP(a, b) ((a) < (b) ? -1 : (a) > (b) ? 1 : 0)

static int cmp_str(const char *a, const char *b)
{
	if (a == b)
		return 0;
	if (!a || !b)
		return a ? 1 : -1;
	return strcmp(a, b);
}

/* comm: compared by its text, as perf's three trees compare it; equal
 * pointers (interned) are equal, but a thread's renamed ":tid"
 * placeholder (thread.h) is another pointer with the same text */
static int comm_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		    const struct hist_entry *a, const struct hist_entry *b)
{
	return a->comm == b->comm ? 0 : cmp_str(a->comm, b->comm);
}

static uint64_t comm_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he)
{
	uint64_t h = 1469598103934665603ULL;	/* FNV-1a */
	const unsigned char *c = (const unsigned char *)he->comm;

	while (c && *c)
		h = (h ^ *c++) * 1099511628211ULL;
	return h;
}

static int comm_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", he->comm ? he->comm : "");
}

/* The thread's last comm (the one it had when the file ended), which perf
 * shows in the pid column and sizes the comm column by. */
static const char *thread_comm(const struct hist_entry *he)
{
	return he->thread && he->thread->comm ? he->thread->comm : he->comm;
}

/* perf sizes the comm column by the entry thread's last comm, not by the
 * comm of the samples: an entry of the comm before an exec is cut */
static int comm_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		      const struct hist_entry *he)
{
	const char *c = thread_comm(he);

	return c ? (int)strlen(c) : 0;
}

/* pid: perf's "pid" key is the thread (tid) with its comm */
static int pid_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		   const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->tid, b->tid);
}

static uint64_t pid_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he)
{
	return (uint64_t)(uint32_t)he->tid * 0x9e3779b97f4a7c15ULL;
}

static int pid_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he, char *buf, size_t size)
{
	const char *c = thread_comm(he);

	return snprintf(buf, size, "%7d:%s", he->tid, c ? c : "");
}

static int tgid_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		    const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->pid, b->pid);
}

static uint64_t tgid_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he)
{
	return (uint64_t)(uint32_t)he->pid * 0x9e3779b97f4a7c15ULL;
}

static int tid_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%7d", he->tid);
}

static int tgid_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%7d", he->pid);
}

/* the dso's name in the column: its path with -v (a kernel the build-id
 * list names by a vmlinux path keeps that name while it has no symbols,
 * perf's name for it until it reads kallsyms) */
static const char *dso_shown(const struct sort_ctx *ctx, const struct dso *dso)
{
	if (ctx->verbose && dso && dso->rec_name && !dso->syms.nr)
		return dso->rec_name;
	if (ctx->verbose && dso && dso->mod_path)
		return dso->mod_path;
	return ctx->verbose && dso && dso->long_name ? dso->long_name : dso__name(dso);
}

static int dso_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		   const struct hist_entry *a, const struct hist_entry *b)
{
	if (a->dso == b->dso)
		return 0;
	/* entries without a dso come after the others, as in perf */
	if (!a->dso || !b->dso)
		return a->dso ? -1 : 1;
	if (ctx->verbose)
		return strcmp(dso_shown(ctx, a->dso), dso_shown(ctx, b->dso));
	return strcmp(a->dso->short_name, b->dso->short_name);
}

static uint64_t str_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (uint8_t)*s++) * 0x100000001b3ULL;
	return h;
}

/* by name, as perf: two objects called "cpuburn" are one entry */
/* hashed once per name shown: hashing it per sample was 8% of a
 * tracepoint report's time */
static uint64_t dso_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he)
{
	const char *name = dso_shown(ctx, he->dso);

	if (!he->dso)
		return str_hash(name);
	if (he->dso->hashed_name != name) {
		he->dso->name_hash = str_hash(name);
		he->dso->hashed_name = name;
	}
	return he->dso->name_hash;
}

static int dso_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", dso_shown(ctx, he->dso));
}

/* perf subtracts addresses and takes the sign of the 64-bit difference:
 * addresses 2^63 or more apart compare the other way round */
static int addr_diff_sign(uint64_t a, uint64_t b)
{
	int64_t d = (int64_t)(a - b);

	return d < 0 ? -1 : d > 0;
}

/* merge order: by dso name first (perf compares the dso in its symbol key
 * too, when the dso is no sort key: ctx->has_dso), then by address range;
 * unresolved addresses after the symbols */
static int sym_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		   const struct hist_entry *a, const struct hist_entry *b)
{
	int r;

	if (!a->sym && !b->sym)
		return addr_diff_sign(a->addr, b->addr);
	/* perf compares the dso here only when dso is not a sort key */
	if (!ctx->has_dso) {
		r = dso_cmp(sk, ctx, a, b);
		if (r)
			return r;
	}
	if (!a->sym || !b->sym)
		return a->sym ? -1 : 1;
	if (a->sym == b->sym)
		return 0;
	if (a->sym->inlined || b->sym->inlined) {
		/* perf orders inlined names backwards; overlapping ones of
		 * one name are one entry */
		r = strcmp(b->sym->name, a->sym->name);
		if (r)
			return r;
		if (a->sym->start <= b->sym->end && a->sym->end >= b->sym->start)
			return 0;
	}
	/* by address range, as perf (same-named objects merge) */
	if (a->sym->start != b->sym->start)
		return addr_diff_sign(a->sym->start, b->sym->start);
	return addr_diff_sign(a->sym->end, b->sym->end);
}

/* output order of equal overheads: by name, unresolved addresses last and
 * among themselves in merge order */
static int sym_sort(const struct sort_key *sk, const struct sort_ctx *ctx,
		    const struct hist_entry *a, const struct hist_entry *b)
{
	if (!a->sym && !b->sym)
		return 0;
	if (!a->sym || !b->sym)
		return a->sym ? -1 : 1;
	return strcmp(a->sym->name, b->sym->name);
}

static uint64_t sym_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he)
{
	if (he->sym && he->sym->inlined)
		return str_hash(he->sym->name);
	return he->sym ? he->sym->start * 0x100000001b3ULL :
			 he->addr * 0xff51afd7ed558ccdULL;
}

/* the symbol column without the -v prefix */
static int sym_text(const struct hist_entry *he, char *buf, size_t size)
{
	if (he->sym && he->sym->inlined)
		return snprintf(buf, size, "[%c] %s (inlined)", he->level, he->sym->name);
	/* perf appends a data object's offset (see obj_ip) */
	if (he->sym && he->sym->object)
		return snprintf(buf, size, "[%c] %s+0x%" PRIx64, he->level, he->sym->name,
				he->obj_ip - (he->sym->start + he->map_delta));
	if (he->sym)
		return snprintf(buf, size, "[%c] %s", he->level, he->sym->name);
	/* perf cuts no address (-w) */
	return snprintf(buf, size, "[%c] %c%#.16" PRIx64, he->level, SORT_NO_CLIP, he->addr);
}

/* -v: the entry's address (as in its object, or a callchain entry's as
 * sampled) and where the symbols came from, before the symbol, as perf */
static int sym_verbose_prefix(const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%-#18" PRIx64 " %c ", he->obj_ip, dso__origin(he->dso));
}

static int sym_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he, char *buf, size_t size)
{
	int n = 0;

	if (ctx->verbose) {
		n = sym_verbose_prefix(he, buf, size);
		if (n < 0 || (size_t)n >= size)
			return n;
	}
	return n + sym_text(he, buf + n, size - (size_t)n);
}

static int sym_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		     const struct hist_entry *he)
{
	int n = 0;

	/* -v: perf counts the prefix for symbols only; an unresolved
	 * address's row is wider than the column perf sizes for it */
	if (ctx->verbose && he->sym) {
		char buf[64];

		n = sym_verbose_prefix(he, buf, sizeof(buf));
	}
	return n + (he->sym ? 4 + (int)strlen(he->sym->name) + he->sym->name_pad : 4 + 18);
}

static int srcline_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		       const struct hist_entry *a, const struct hist_entry *b)
{
	return a->srcline == b->srcline ? 0 : cmp_str(a->srcline, b->srcline);
}

static uint64_t srcline_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he)
{
	return (uint64_t)(uintptr_t)he->srcline * 7;
}

static int srcline_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", he->srcline ? he->srcline : "??:0");
}

/* perf sizes the column by the lines it had computed (hist.h) and cuts
 * the others to that width */
static int srcline_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he)
{
	return he->src_counted && he->srcline ? (int)strlen(he->srcline) : 0;
}

static int cpu_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		   const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->cpu, b->cpu);
}

static uint64_t cpu_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he)
{
	return (uint64_t)(uint32_t)he->cpu * 0xc2b2ae3d27d4eb4fULL;
}

static int cpu_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%*.*d", 3, 3, he->cpu);
}

static int cpu_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		     const struct hist_entry *he)
{
	return 3;
}

static int parent_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		      const struct hist_entry *a, const struct hist_entry *b)
{
	if (a->parent == b->parent)
		return 0;
	if (!a->parent || !b->parent)	/* "[other]" after the named */
		return a->parent ? -1 : 1;
	return strcmp(a->parent->name, b->parent->name);
}

static uint64_t parent_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he)
{
	/* by name, as it compares: two objects' symbols of one name are
	 * one parent */
	return he->parent ? str_hash(he->parent->name) : 0;
}

static int parent_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", he->parent ? he->parent->name : "[other]");
}

static int trace_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		     const struct hist_entry *a, const struct hist_entry *b)
{
	return a->trace == b->trace ? 0 : cmp_str(a->trace, b->trace);
}

static uint64_t trace_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he)
{
	return (uint64_t)(uintptr_t)he->trace * 11;
}

static int trace_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", he->trace ? he->trace : "");
}

/* the texts perf has when it sizes the column (hist_entry.trace_counted);
 * the others are cut at the column */
static int trace_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		       const struct hist_entry *he)
{
	return he->trace_counted && he->trace ? (int)strlen(he->trace) : 0;
}

/* srcfile: the file of the entry's source line ("" when the line has
 * none: "??:0", or perf's "sym+off" for objects without line info) */
static size_t srcfile_len(const struct hist_entry *he)
{
	const char *s = he->srcline, *colon;
	size_t i;

	if (!s || he->srcfile_none || !strcmp(s, "??:0"))
		return 0;
	/* no line and no symbol: perf's "dso[addr]", its file what comes
	 * before a first colon ("memfd:name (deleted)[1f00]": "memfd") */
	i = strlen(s);
	if (!he->sym && i && s[i - 1] == ']') {
		colon = strchr(s, ':');
		return colon ? (size_t)(colon - s) : 0;
	}
	colon = strrchr(s, ':');
	if (!colon || !colon[1])
		return 0;
	for (i = 1; colon[i]; i++)
		if (colon[i] < '0' || colon[i] > '9')
			return 0;
	return (size_t)(colon - s);
}

static int srcfile_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		       const struct hist_entry *a, const struct hist_entry *b)
{
	size_t la = srcfile_len(a), lb = srcfile_len(b);
	int r = memcmp(a->srcline ? a->srcline : "", b->srcline ? b->srcline : "",
		       la < lb ? la : lb);

	return r ? r : CMP(la, lb);
}

static uint64_t srcfile_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	size_t i, n = srcfile_len(he);

	for (i = 0; i < n; i++)
		h = (h ^ (uint8_t)he->srcline[i]) * 0x100000001b3ULL;
	return h;
}

static int srcfile_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%.*s", (int)srcfile_len(he), he->srcline ? he->srcline : "");
}

/* as srcline's: perf sizes the column by the files it had computed */
static int srcfile_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he)
{
	return he->file_counted ? (int)srcfile_len(he) : 0;
}

/* time: perf's slots of --time-quantum (100 ms), "sec.usec" or with
 * --ns "sec.nsec", the column 12 or 16 wide */
static int time_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		    const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->time, b->time);
}

static uint64_t time_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he)
{
	return he->time * 0x9e3779b97f4a7c15ULL;
}

static int time_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he, char *buf, size_t size)
{
	uint64_t sec = he->time / 1000000000ULL, ns = he->time % 1000000000ULL;

	if (ctx->time_ns)
		return snprintf(buf, size, "%" PRIu64 ".%09" PRIu64, sec, ns);
	return snprintf(buf, size, "%" PRIu64 ".%06" PRIu64, sec, ns / 1000);
}

static int time_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		      const struct hist_entry *he)
{
	return ctx->time_ns ? 16 : 12;
}

/* socket: of the sample's CPU (CPU_TOPOLOGY), -1 without one; "%.3d" */
static int socket_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		      const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->socket, b->socket);
}

static uint64_t socket_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he)
{
	return (uint64_t)(uint32_t)he->socket * 0xc2b2ae3d27d4eb4fULL;
}

static int socket_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%*.*d", 6, 3, he->socket);
}

/* symbol_size: end - start of the entry's symbol, "unknown" without one;
 * right-aligned in a column as wide as its header (perf does not widen
 * it for longer numbers); ascending, entries without a symbol as size 0 */
static uint64_t sym_size(const struct hist_entry *he)
{
	return he->sym ? he->sym->end - he->sym->start : 0;
}

static int sym_size_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(sym_size(a), sym_size(b));
}

static uint64_t sym_size_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *he)
{
	return sym_size(he) * 0x9e3779b97f4a7c15ULL;
}

/* perf prints the size as an int */
static int sym_size_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he, char *buf, size_t size)
{
	if (!he->sym)
		return snprintf(buf, size, "unknown");
	return snprintf(buf, size, "%d", (int)sym_size(he));
}

static int header_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he)
{
	return 0;
}

/* dso_size: the size of the sample's map (not of the file), as perf's */
static int dso_size_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->map_size, b->map_size);
}

static uint64_t dso_size_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *he)
{
	return he->map_size * 0xc2b2ae3d27d4eb4fULL;
}

static int dso_size_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he, char *buf, size_t size)
{
	if (!he->map_size)
		return snprintf(buf, size, "unknown");
	return snprintf(buf, size, "%d", (int)he->map_size);
}

/* ipc_null: the IPC column perf adds to a sort order naming "symbol" when
 * the samples carry no branch stack: no value, but it compares entries
 * as the symbol key does (its merge order, also for the output) */
static int ipc_null_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%-7s%s", "-", "-");
}

/* weight, local_weight, ins_lat, local_ins_lat: entries merge by the
 * sample's value (-W); descending, as perf compares them. The local keys
 * print the value, the others the value times the entry's samples, left
 * aligned in a column at least 12 wide */
static int u64_desc(uint64_t a, uint64_t b)
{
	int64_t d = (int64_t)(b - a);	/* perf's sign of the difference */

	return d < 0 ? -1 : d > 0;
}

static int weight_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		      const struct hist_entry *a, const struct hist_entry *b)
{
	return u64_desc(a->weight, b->weight);
}

static uint64_t weight_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he)
{
	return he->weight * 0x9e3779b97f4a7c15ULL;
}

static int local_weight_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
				 const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%" PRIu64, he->weight);
}

static int weight_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%" PRIu64, he->weight * he->nr_events);
}

static int ins_lat_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		       const struct hist_entry *a, const struct hist_entry *b)
{
	return u64_desc(a->ins_lat, b->ins_lat);
}

static uint64_t ins_lat_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he)
{
	return he->ins_lat * 0xc2b2ae3d27d4eb4fULL;
}

static int local_ins_lat_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
				  const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%" PRIu64, he->ins_lat);
}

static int ins_lat_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%" PRIu64, he->ins_lat * he->nr_events);
}

static int weight_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he)
{
	return 12;
}

/* p_stage_cyc, local_p_stage_cyc: pipeline stage cycles of a weight
 * struct, which perf 6.1 reads on powerpc only: 0 on every x86 sample */
static int zero_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		    const struct hist_entry *a, const struct hist_entry *b)
{
	return 0;
}

static uint64_t zero_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he)
{
	return 0;
}

static int zero_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "0");
}

/* cgroup: the sample's cgroup id (record --all-cgroups), shown by the path
 * of the file's CGROUP record for it: "N/A" for id 0, "unknown" without a
 * record; ascending by id. The column is as wide as the paths shown. */
static const char *cgroup_text(const struct sort_ctx *ctx, const struct hist_entry *he)
{
	const char *n;

	if (!he->cgroup)
		return "N/A";
	n = ctx->cgroup_name ? ctx->cgroup_name(ctx->cgroup_name_arg, he->cgroup) : NULL;
	return n ? n : "unknown";
}

static int cgroup_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		      const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->cgroup, b->cgroup);
}

static uint64_t cgroup_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he)
{
	return he->cgroup * 0x9e3779b97f4a7c15ULL;
}

static int cgroup_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", cgroup_text(ctx, he));
}

/* perf sizes the column by the entries that have a cgroup */
static int cgroup_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he)
{
	return he->cgroup ? (int)strlen(cgroup_text(ctx, he)) : 0;
}

/* cgroup_id: the thread's cgroup namespace, "dev/0xinode", by device then
 * inode, both descending as perf compares them */
static int cgroup_id_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *a, const struct hist_entry *b)
{
	if (a->cgns_dev != b->cgns_dev)
		return CMP(b->cgns_dev, a->cgns_dev);
	return CMP(b->cgns_ino, a->cgns_ino);
}

static uint64_t cgroup_id_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			       const struct hist_entry *he)
{
	return (he->cgns_dev * 0x9e3779b97f4a7c15ULL) ^ (he->cgns_ino * 0xc2b2ae3d27d4eb4fULL);
}

static int cgroup_id_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%" PRIu64 "/0x%" PRIx64, he->cgns_dev, he->cgns_ino);
}

/* transaction: the transaction flags of the sample (record --transaction,
 * on a PMU with TSX) in perf's words, then ":" and the abort code in hex;
 * a column 27 wide as perf's, empty for samples without them */
static int transaction_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->transaction, b->transaction);
}

static uint64_t transaction_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
				 const struct hist_entry *he)
{
	return he->transaction * 0x9e3779b97f4a7c15ULL;
}

static int transaction_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
				const struct hist_entry *he, char *buf, size_t size)
{
	static const struct { uint64_t bit; const char *word; } words[] = {
		{ PERF_TXN_ELISION, "EL " }, { PERF_TXN_TRANSACTION, "TX " },
		{ PERF_TXN_SYNC, "SYNC " }, { PERF_TXN_ASYNC, "ASYNC " },
		{ PERF_TXN_RETRY, "RETRY " }, { PERF_TXN_CONFLICT, "CON " },
		{ PERF_TXN_CAPACITY_WRITE, "CAP-WRITE " }, { PERF_TXN_CAPACITY_READ, "CAP-READ " },
	};
	uint64_t t = he->transaction;
	size_t n = 0;

	if (!size)
		return 0;
	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if ((t & words[i].bit) && n < size)
			n += (size_t)snprintf(buf + n, size - n, "%s", words[i].word);
	if (t && !(t & (PERF_TXN_SYNC | PERF_TXN_ASYNC)) && n < size)
		n += (size_t)snprintf(buf + n, size - n, "NEITHER ");
	if ((t & PERF_TXN_ABORT_MASK) && n < size)
		n += (size_t)snprintf(buf + n, size - n, ":%" PRIx64,
				      (t & PERF_TXN_ABORT_MASK) >> PERF_TXN_ABORT_SHIFT);
	return (int)(n < size ? n : size - 1);
}

static int transaction_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he)
{
	return 27;
}

/* code_page_size: the page size of the sample's ip (record
 * --code-page-size) in perf's units, "4K", "2M" ("N/A": none); a column
 * as wide as its header */
static int page_size_text(uint64_t n, char *buf, size_t size);

static int code_page_size_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->code_page_size, b->code_page_size);
}

static uint64_t code_page_size_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
				    const struct hist_entry *he)
{
	return he->code_page_size * 0xff51afd7ed558ccdULL;
}

/* perf divides by 1024 while more than 1024 is left (so 1024 stays
 * "1024B"), up to G */
static int code_page_size_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
				   const struct hist_entry *he, char *buf, size_t size)
{
	return page_size_text(he->code_page_size, buf, size);
}

static int page_size_text(uint64_t n, char *buf, size_t size)
{
	static const char units[] = "BKMG";
	int u = 0;

	if (!n)
		return snprintf(buf, size, "N/A");
	while (n / 1024 > 1 && u < 3) {
		n /= 1024;
		u++;
	}
	return snprintf(buf, size, "%" PRIu64 "%c", n, units[u]);
}

/* addr: the sample's address (a callchain entry's, for children), by the
 * sign of the 64-bit difference as perf, "%#llx" in 18 columns */
static int ip_cmp(const struct sort_key *sk, const struct sort_ctx *ctx, const struct hist_entry *a,
		  const struct hist_entry *b)
{
	return addr_diff_sign(a->ip, b->ip);
}

static uint64_t ip_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he)
{
	return he->ip * 0xff51afd7ed558ccdULL;
}

static int ip_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
		       const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%#" PRIx64, he->ip);
}

static int ip_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		    const struct hist_entry *he)
{
	return 18;
}

/* ---- memory keys (report --mem-mode) ------------------------------------
 * Each resolves or decodes a field of the sample perf keeps for memory
 * samples. perf compares the data-source keys by their own bit field
 * alone (entries that differ elsewhere in data_src merge, showing the
 * first one's text) and sizes their columns by a fixed width per entry,
 * not by the text (without entries, by the header); the address keys by
 * the address as sampled. */
static uint64_t bits(uint64_t v, int shift, int width)
{
	return (v >> shift) & ((1ULL << width) - 1);
}

/* perf pads these texts to the column and never cuts them (-w) */
static int mem_field_text(char *buf, size_t size, uint64_t data_src, enum mem_src_field fld)
{
	if (size < 2)
		return (int)mem_src__field(buf, size, data_src, fld);
	buf[0] = SORT_NO_CLIP;
	return 1 + (int)mem_src__field(buf + 1, size - 1, data_src, fld);
}

#define MEM_FIELD(name, shift, width, fld, colw)				\
static uint64_t name##_of(const struct hist_entry *he)				\
{ return bits(he->data_src, shift, width); }					\
static int name##_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,	\
		      const struct hist_entry *a, const struct hist_entry *b)	\
{ return CMP(name##_of(a), name##_of(b)); }					\
static uint64_t name##_hash(const struct sort_key *sk, const struct sort_ctx *ctx, \
			    const struct hist_entry *he)			\
{ return (name##_of(he) + 1) * 0x9e3779b97f4a7c15ULL; }			\
static int name##_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx, \
			   const struct hist_entry *he, char *buf, size_t size)	\
{ return mem_field_text(buf, size, he->data_src, fld); }			\
static int name##_width(const struct sort_key *sk, const struct sort_ctx *ctx,	\
			const struct hist_entry *he)				\
{ return colw; }
MEM_FIELD(mem_lvl, PERF_MEM_LVL_SHIFT, 14, MEM_SRC_LVL, 24)
MEM_FIELD(mem_snoop, PERF_MEM_SNOOP_SHIFT, 5, MEM_SRC_SNOOP, 12)
MEM_FIELD(mem_tlb, PERF_MEM_TLB_SHIFT, 7, MEM_SRC_TLB, 22)
MEM_FIELD(mem_lock, PERF_MEM_LOCK_SHIFT, 2, MEM_SRC_LOCK, 6)
MEM_FIELD(mem_blk, PERF_MEM_BLK_SHIFT, 3, MEM_SRC_BLK, 10)

/* symbol_daddr: the data symbol, by the address as sampled */
static int daddr_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		     const struct hist_entry *a, const struct hist_entry *b)
{
	return addr_diff_sign(a->daddr, b->daddr);
}

static uint64_t daddr_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he)
{
	return he->daddr * 0xff51afd7ed558ccdULL;
}

/* "[l] name", a data object's "[l] name+0x<off>", or the address as
 * sampled, 16 hex digits; -v: the address and the origin of @dso's
 * symbols before. perf cuts a function's name at the column's width
 * (-v, -w), never an object's nor an address: those start with
 * SORT_NO_CLIP (ui/stdio-hist.c) */
static int addr_sym_text(const struct sort_ctx *ctx, char level, const struct symbol *sym,
			 uint64_t addr, uint64_t al_addr,
			 const struct dso *dso, char *buf, size_t size)
{
	int n = 0;

	if (!sym || sym->object)
		n = snprintf(buf, size, "%c", SORT_NO_CLIP);
	if (ctx->verbose)
		n += snprintf(buf + n, size - (size_t)n, "%-#18" PRIx64 " %c ", addr,
			      dso__origin(dso));
	if (n < 0 || (size_t)n >= size)
		return n;
	buf += n;
	size -= (size_t)n;
	if (sym && sym->object)
		return n + snprintf(buf, size, "[%c] %s+0x%" PRIx64, level, sym->name,
				    al_addr - sym->start);
	if (sym)
		return n + snprintf(buf, size, "[%c] %s", level, sym->name);
	return n + snprintf(buf, size, "[%c] %#.16" PRIx64, level, addr);
}

static int daddr_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he, char *buf, size_t size)
{
	return addr_sym_text(ctx, he->dlevel, he->dsym, he->daddr, he->daddr_al, he->ddso, buf,
			     size);
}

/* perf's column: the name, the level and room for an address */
static int daddr_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		       const struct hist_entry *he)
{
	return (he->dsym ? (int)strlen(he->dsym->name) : 0) + 4 + 16 + 2;
}

/* dso_daddr: the data's object, by name (ties in the reverse order of
 * the dso key's, as perf compares them); memory that is no file by the
 * base of its name, as perf: "//anon" is "anon" */
static const char *ddso_shown(const struct sort_ctx *ctx, const struct dso *dso)
{
	const char *n = dso_shown(ctx, dso), *slash = strrchr(n, '/');

	return !ctx->verbose && slash ? slash + 1 : n;
}

static int dso_daddr_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *a, const struct hist_entry *b)
{
	if (a->ddso == b->ddso)
		return 0;
	if (!a->ddso || !b->ddso)
		return a->ddso ? 1 : -1;
	return strcmp(ddso_shown(ctx, b->ddso), ddso_shown(ctx, a->ddso));
}

static uint64_t dso_daddr_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			       const struct hist_entry *he)
{
	return he->ddso ? str_hash(ddso_shown(ctx, he->ddso)) : 0;
}

static int dso_daddr_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", he->ddso ? ddso_shown(ctx, he->ddso) : "[unknown]");
}

static int dso_daddr_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he)
{
	return he->ddso ? (int)strlen(ddso_shown(ctx, he->ddso)) : 0;
}

/* symbol_iaddr: the code symbol, by the ip as sampled */
static int iaddr_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		     const struct hist_entry *a, const struct hist_entry *b)
{
	return addr_diff_sign(a->iaddr, b->iaddr);
}

static uint64_t iaddr_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he)
{
	return he->iaddr * 0xc2b2ae3d27d4eb4fULL;
}

static int iaddr_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he, char *buf, size_t size)
{
	return addr_sym_text(ctx, he->level, he->sym, he->iaddr, he->addr, he->dso, buf, size);
}

static int iaddr_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		       const struct hist_entry *he)
{
	return (he->sym ? (int)strlen(he->sym->name) : 0) + 4 + 16 + 2;
}

/* dcacheline: the 64-byte line of the data address in its object (the
 * address itself where no map holds it), grouped as perf groups them: by
 * the sample's cpumode, mapped before unmapped, by device and inode, user
 * memory that is no file by process; "[s]" marks shared file mappings,
 * "[X]" addresses without a map; a symbol's name as the data symbol's
 * (an object's offset from the line, as perf computes it) */
#define CACHELINE(a) ((a) & ~63ULL)

static bool dcl_anon(const struct hist_entry *he)
{
	return he->cpumode != PERF_RECORD_MISC_KERNEL && !(he->dmap.flags & 1 /* MAP_SHARED */) &&
	       !he->dmap.maj && !he->dmap.min && !he->dmap.ino && !he->dmap.ino_gen;
}

static int dcacheline_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *a, const struct hist_entry *b)
{
	if (a->cpumode != b->cpumode)
		return CMP(a->cpumode, b->cpumode);
	if (a->dmap.mapped || b->dmap.mapped) {
		if (!a->dmap.mapped || !b->dmap.mapped)
			return a->dmap.mapped ? -1 : 1;
		if (a->dmap.maj != b->dmap.maj)
			return CMP(a->dmap.maj, b->dmap.maj);
		if (a->dmap.min != b->dmap.min)
			return CMP(a->dmap.min, b->dmap.min);
		if (a->dmap.ino != b->dmap.ino)
			return CMP(a->dmap.ino, b->dmap.ino);
		if (a->dmap.ino_gen != b->dmap.ino_gen)
			return CMP(a->dmap.ino_gen, b->dmap.ino_gen);
		/* perf looks at the entry in its tree (@b) alone here */
		if (dcl_anon(b) && a->pid != b->pid)
			return CMP(a->pid, b->pid);
	}
	return CMP(CACHELINE(a->daddr_al), CACHELINE(b->daddr_al));
}

static uint64_t dcacheline_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
				const struct hist_entry *he)
{
	return CACHELINE(he->daddr_al) * 0x9e3779b97f4a7c15ULL + he->cpumode;
}

static int dcacheline_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			       const struct hist_entry *he, char *buf, size_t size)
{
	uint64_t cl = CACHELINE(he->daddr_al);
	char level = he->level;
	int n = 0;

	if (!he->dmap.mapped)
		level = 'X';
	else if (he->cpumode != PERF_RECORD_MISC_KERNEL && !(he->dmap.prot & 4 /* EXEC */) &&
		 (he->dmap.flags & 1) &&
		 (he->dmap.maj || he->dmap.min || he->dmap.ino || he->dmap.ino_gen))
		level = 's';
	/* as addr_sym_text's, at the line's address */
	if (!he->dsym || he->dsym->object)
		n = snprintf(buf, size, "%c", SORT_NO_CLIP);
	if (ctx->verbose)
		n += snprintf(buf + n, size - (size_t)n, "%-#18" PRIx64 " %c ", cl,
			      dso__origin(he->ddso));
	if (n < 0 || (size_t)n >= size)
		return n;
	if (he->dsym && he->dsym->object)
		return n + snprintf(buf + n, size - (size_t)n, "[%c] %s+0x%" PRIx64, level,
				    he->dsym->name, cl - (he->dsym->start + he->dmap.delta));
	if (he->dsym)
		return n + snprintf(buf + n, size - (size_t)n, "[%c] %s", level, he->dsym->name);
	return n + snprintf(buf + n, size - (size_t)n, "[%c] %#.16" PRIx64, level, cl);
}

static int dcacheline_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he)
{
	return he->dsym ? (int)strlen(he->dsym->name) + 4 + 16 + 2 + 1 : 4 + 16 + 2;
}

/* phys_daddr: "[l] " (the sample's level) and the physical address */
static int phys_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		    const struct hist_entry *a, const struct hist_entry *b)
{
	return addr_diff_sign(a->phys_addr, b->phys_addr);
}

static uint64_t phys_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he)
{
	return he->phys_addr * 0x9e3779b97f4a7c15ULL;
}

static int phys_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "[%c] %#.16" PRIx64, he->level, he->phys_addr);
}

static int mem_addr_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he)
{
	return 4 + 16 + 2;
}

/* data_page_size: as code_page_size's */
static int data_page_size_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *a, const struct hist_entry *b)
{
	return CMP(a->data_page_size, b->data_page_size);
}

static uint64_t data_page_size_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
				    const struct hist_entry *he)
{
	return he->data_page_size * 0xff51afd7ed558ccdULL;
}

static int data_page_size_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
				   const struct hist_entry *he, char *buf, size_t size)
{
	return page_size_text(he->data_page_size, buf, size);
}

/* ---- branch keys (report's branch mode, -b) -------------------------------
 * Each compares one end of the entries' branch, or its flags. They are
 * written as perf's own comparison of an entry @l already in its tree with
 * a new one @r (pc_*), which the callbacks turn around: cmp(a, b) is
 * pc(b, a), sort(a, b) is -pc(a, b) (perf's output puts a new entry left
 * of one its comparison finds smaller). Some are no total order (perf's
 * mispredict key tells only equal from different): the branch mode's
 * hists walk perf's tree to find entries (hists_opts.walk). */
static int sign64(int64_t v)
{
	return v < 0 ? -1 : v > 0;
}

/* perf's order of a missing and a present thing */
static int cmp_null(const void *l, const void *r)
{
	if (!l && !r)
		return 0;
	return l ? 1 : -1;
}

static int pc_dso(const struct sort_ctx *ctx, const struct dso *l, const struct dso *r)
{
	if (!l || !r)
		return cmp_null(r, l);
	if (ctx->verbose)
		return sign64(strcmp(dso_shown(ctx, l), dso_shown(ctx, r)));
	return sign64(strcmp(l->short_name, r->short_name));
}

static int pc_sym(const struct hist_branch_end *l, const struct hist_branch_end *r)
{
	int c;

	if (!l->sym && !r->sym)
		return addr_diff_sign(r->addr, l->addr);
	if (!l->sym || !r->sym)
		return cmp_null(l->sym, r->sym);
	if (l->sym == r->sym)
		return 0;
	if (l->sym->inlined || r->sym->inlined) {
		c = strcmp(l->sym->name, r->sym->name);
		if (c)
			return sign64(c);
		if (l->sym->start <= r->sym->end && l->sym->end >= r->sym->start)
			return 0;
	}
	if (l->sym->start != r->sym->start)
		return addr_diff_sign(r->sym->start, l->sym->start);
	return addr_diff_sign(r->sym->end, l->sym->end);
}

/* addr_from/addr_to: the object, then the address as sampled */
static int pc_addr(const struct sort_ctx *ctx, const struct hist_branch_end *l,
		   const struct hist_branch_end *r)
{
	int c = pc_dso(ctx, l->dso, r->dso);

	return c ? c : addr_diff_sign(r->addr, l->addr);
}

static int pc_srcline(const struct hist_branch_end *l, const struct hist_branch_end *r)
{
	return sign64(strcmp(r->srcline ? r->srcline : "", l->srcline ? l->srcline : ""));
}

#define BR_FLAG(fl, shift, width) (((fl) >> (shift)) & ((1ULL << (width)) - 1))
#define BR_MISPRED(fl) BR_FLAG(fl, 0, 1)
#define BR_PRED(fl) BR_FLAG(fl, 1, 1)
#define BR_IN_TX(fl) BR_FLAG(fl, 2, 1)
#define BR_ABORT(fl) BR_FLAG(fl, 3, 1)
#define BR_CYCLES(fl) BR_FLAG(fl, 4, 16)

/* the entries' branches; an entry without one (none in branch mode) is
 * ordered as perf orders a missing one */
#define PC_BRANCH(name, expr)							\
static int pc_##name(const struct sort_ctx *ctx, const struct hist_entry *le,	\
		     const struct hist_entry *re)				\
{										\
	const struct hist_branch *l = le->br, *r = re->br;			\
										\
	if (!l || !r)								\
		return cmp_null(l, r);						\
	return (expr);								\
}										\
static int name##_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,	\
		      const struct hist_entry *a, const struct hist_entry *b)	\
{ return pc_##name(ctx, b, a); }						\
static int name##_sort(const struct sort_key *sk, const struct sort_ctx *ctx,	\
		       const struct hist_entry *a, const struct hist_entry *b)	\
{ return -pc_##name(ctx, a, b); }
PC_BRANCH(dso_from, pc_dso(ctx, l->from.dso, r->from.dso))
PC_BRANCH(dso_to, pc_dso(ctx, l->to.dso, r->to.dso))
PC_BRANCH(sym_from, pc_sym(&l->from, &r->from))
PC_BRANCH(sym_to, pc_sym(&l->to, &r->to))
PC_BRANCH(addr_from, pc_addr(ctx, &l->from, &r->from))
PC_BRANCH(addr_to, pc_addr(ctx, &l->to, &r->to))
PC_BRANCH(srcline_from, pc_srcline(&l->from, &r->from))
PC_BRANCH(srcline_to, pc_srcline(&l->to, &r->to))
/* perf's mispredict key says different (1) or equal (0), never less */
PC_BRANCH(mispredict, BR_MISPRED(l->flags) != BR_MISPRED(r->flags) ||
		      BR_PRED(l->flags) != BR_PRED(r->flags))
/* in_tx and abort too */
PC_BRANCH(in_tx, BR_IN_TX(l->flags) != BR_IN_TX(r->flags))
PC_BRANCH(abort, BR_ABORT(l->flags) != BR_ABORT(r->flags))
PC_BRANCH(cycles, CMP(BR_CYCLES(l->flags), BR_CYCLES(r->flags)))

static const struct hist_branch_end *br_from(const struct hist_entry *he)
{
	return he->br ? &he->br->from : NULL;
}

static const struct hist_branch_end *br_to(const struct hist_entry *he)
{
	return he->br ? &he->br->to : NULL;
}

static uint64_t br_end_hash(const struct hist_branch_end *e, bool sym)
{
	if (!e)
		return 0;
	if (sym && e->sym)
		return e->sym->start * 0x100000001b3ULL;
	if (sym)
		return e->addr * 0xff51afd7ed558ccdULL;
	return e->dso ? str_hash(e->dso->short_name) : 0;
}

static uint64_t dso_from_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *he)
{
	return br_end_hash(br_from(he), false);
}

static uint64_t dso_to_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he)
{
	return br_end_hash(br_to(he), false);
}

static uint64_t sym_from_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *he)
{
	return br_end_hash(br_from(he), true);
}

static uint64_t sym_to_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he)
{
	return br_end_hash(br_to(he), true);
}

/* (the walk finds the entries: hashes need only be equal for equal keys) */
static uint64_t br_flat_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he)
{
	return 0;
}

static int br_dso_text(const struct sort_ctx *ctx, const struct hist_branch_end *e, char *buf,
		       size_t size)
{
	return snprintf(buf, size, "%s", e && e->dso ? dso_shown(ctx, e->dso) : "[unknown]");
}

/* perf widens the column by the object of a resolved end, and for an
 * unresolved one to an address's 16 digits */
static int br_dso_width(const struct sort_ctx *ctx, const struct hist_branch_end *e)
{
	if (!e)
		return 0;
	if (e->sym && e->dso)
		return (int)strlen(dso_shown(ctx, e->dso));
	return 16;
}

static int dso_from_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he, char *buf, size_t size)
{
	return br_dso_text(ctx, br_from(he), buf, size);
}

static int dso_to_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he, char *buf, size_t size)
{
	return br_dso_text(ctx, br_to(he), buf, size);
}

static int dso_from_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he)
{
	return br_dso_width(ctx, br_from(he));
}

static int dso_to_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he)
{
	return br_dso_width(ctx, br_to(he));
}

/* symbol_from/to: "[l] name" (l: the sample's level, as perf), or the
 * address as sampled; -v: the address in the object and the symbols'
 * origin first */
static int br_sym_text(const struct sort_ctx *ctx, const struct hist_entry *he,
		       const struct hist_branch_end *e, bool offset, char *buf, size_t size)
{
	char level = he->level;
	int n = 0;

	if (!e)
		return snprintf(buf, size, "N/A");
	if (ctx->verbose) {
		n = snprintf(buf, size, "%-#18" PRIx64 " %c ", e->al_addr, dso__origin(e->dso));
		if (n < 0 || (size_t)n >= size)
			return n;
	}
	/* perf shows the level of the end in the symbol keys, of the
	 * sample in the address keys */
	if (!offset)
		level = e->level;
	if (!e->sym)
		return n + snprintf(buf + n, size - (size_t)n, "[%c] %c%#.16" PRIx64, level,
				    SORT_NO_CLIP, e->al_addr);
	/* addr_from/to: perf cuts the name at its column's width and adds
	 * the offset */
	if (offset) {
		int cut = ctx->col_width > 4 ? ctx->col_width - 4 : INT_MAX;

		if (e->al_addr != e->sym->start)
			return n + snprintf(buf + n, size - (size_t)n, "[%c] %c%.*s+0x%" PRIx64,
					    he->level, SORT_NO_CLIP, cut, e->sym->name,
					    e->al_addr - e->sym->start);
		return n + snprintf(buf + n, size - (size_t)n, "[%c] %c%.*s", he->level,
				    SORT_NO_CLIP, cut, e->sym->name);
	}
	return n + snprintf(buf + n, size - (size_t)n, "[%c] %s", level, e->sym->name);
}

static int br_sym_width(const struct sort_ctx *ctx, const struct hist_branch_end *e)
{
	if (!e)
		return 0;
	if (!e->sym)
		return 4 + 16 + 2;
	return 4 + (int)strlen(e->sym->name) + (ctx->verbose ? 16 + 2 + 3 : 0);
}

static int sym_from_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			     const struct hist_entry *he, char *buf, size_t size)
{
	return br_sym_text(ctx, he, br_from(he), false, buf, size);
}

static int sym_to_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he, char *buf, size_t size)
{
	return br_sym_text(ctx, he, br_to(he), false, buf, size);
}

static int sym_from_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he)
{
	return br_sym_width(ctx, br_from(he));
}

static int sym_to_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he)
{
	return br_sym_width(ctx, br_to(he));
}

static int addr_from_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			      const struct hist_entry *he, char *buf, size_t size)
{
	return br_sym_text(ctx, he, br_from(he), true, buf, size);
}

static int addr_to_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			    const struct hist_entry *he, char *buf, size_t size)
{
	return br_sym_text(ctx, he, br_to(he), true, buf, size);
}

/* perf widens an address column for unresolved addresses alone (to
 * their 16 digits) */
static int addr_from_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he)
{
	return he->br && !he->br->from.sym ? 4 + 16 + 2 : 0;
}

static int addr_to_width(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he)
{
	return he->br && !he->br->to.sym ? 4 + 16 + 2 : 0;
}

static int srcline_from_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
				 const struct hist_entry *he, char *buf, size_t size)
{
	const struct hist_branch_end *e = br_from(he);

	return snprintf(buf, size, "%s", e && e->srcline ? e->srcline : "??:0");
}

static int srcline_to_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			       const struct hist_entry *he, char *buf, size_t size)
{
	const struct hist_branch_end *e = br_to(he);

	return snprintf(buf, size, "%s", e && e->srcline ? e->srcline : "??:0");
}

/* perf 6.1 keeps the text of the mispredict column from one row to the
 * next (a static in its printer): a branch neither predicted nor
 * mispredicted shows the row before it ("N/A" before the first row that
 * says N or Y) */
static const char *mispredict_last = "N/A";

static int mispredict_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			       const struct hist_entry *he, char *buf, size_t size)
{
	if (he->br && BR_PRED(he->br->flags))
		mispredict_last = "N";
	else if (he->br && BR_MISPRED(he->br->flags))
		mispredict_last = "Y";
	return snprintf(buf, size, "%s", mispredict_last);
}

static int in_tx_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", he->br && BR_IN_TX(he->br->flags) ? "T" : ".");
}

static int abort_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%s", he->br && BR_ABORT(he->br->flags) ? "A" : ".");
}

/* "-" for no count; perf prints the 16-bit count as a signed short */
static int cycles_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			   const struct hist_entry *he, char *buf, size_t size)
{
	if (!he->br)
		return snprintf(buf, size, "N/A");
	if (!BR_CYCLES(he->br->flags))
		return snprintf(buf, size, "-");
	return snprintf(buf, size, "%d", (int16_t)BR_CYCLES(he->br->flags));
}

static const struct sort_key sort_keys[] = {
	{ "comm", "Command", comm_cmp, comm_cmp, comm_hash, comm_snprintf, .width = comm_width,
	  .pad_last = true, .clip = true, .collapse = true, .perf_pads = true },
	{ "pid", "    Pid:Command", pid_cmp, pid_cmp, pid_hash, pid_snprintf, .pad_last = true,
	  .perf_pads = true },
	{ "tid", "    Tid", pid_cmp, pid_cmp, pid_hash, tid_snprintf, .pad_last = true,
	  .perf_pads = true },
	{ "tgid", "   Tgid", tgid_cmp, tgid_cmp, tgid_hash, tgid_snprintf, .pad_last = true,
	  .perf_pads = true },
	{ "dso", "Shared Object", dso_cmp, dso_cmp, dso_hash, dso_snprintf, .pad_last = true,
	  .perf_pads = true },
	{ "sym", "Symbol", sym_cmp, sym_sort, sym_hash, sym_snprintf, .width = sym_width,
	  .addr_sign = true, .marked = true },
	{ "srcline", "Source:Line", srcline_cmp, srcline_cmp, srcline_hash, srcline_snprintf,
	  .width = srcline_width, .need_srcline = true, .clip = true },
	{ "cpu", "CPU", cpu_cmp, cpu_cmp, cpu_hash, cpu_snprintf, .width = cpu_width,
	  .pad_last = true },
	{ "trace", "Trace output", trace_cmp, trace_cmp, trace_hash, trace_snprintf,
	  .width = trace_width, .need_trace = true, .clip = true },
	{ "parent", "Parent symbol", parent_cmp, parent_cmp, parent_hash, parent_snprintf,
	  .need_callchain = true, .pad_last = true, .perf_pads = true },
	{ "time", "Time", time_cmp, time_cmp, time_hash, time_snprintf, .width = time_width,
	  .clip = true, .sample_only = true },
	{ "srcfile", "Source File", srcfile_cmp, srcfile_cmp, srcfile_hash, srcfile_snprintf,
	  .width = srcfile_width, .need_srcline = true, .clip = true },
	{ "socket", "Socket", socket_cmp, socket_cmp, socket_hash, socket_snprintf,
	  .right = true, .sample_only = true },
	{ "symbol_size", "Symbol size", sym_size_cmp, sym_size_cmp, sym_size_hash,
	  sym_size_snprintf, .width = header_width, .right = true, .perf_pads = true },
	{ "dso_size", "DSO size", dso_size_cmp, dso_size_cmp, dso_size_hash, dso_size_snprintf,
	  .width = header_width, .right = true, .perf_pads = true },
	{ "local_weight", "Local Weight", weight_cmp, weight_cmp, weight_hash,
	  local_weight_snprintf, .width = weight_width, .pad_last = true, .sample_only = true,
	  .perf_pads = true },
	{ "weight", "Weight", weight_cmp, weight_cmp, weight_hash, weight_snprintf,
	  .width = weight_width, .pad_last = true, .sample_only = true, .perf_pads = true },
	{ "local_ins_lat", "Local INSTR Latency", ins_lat_cmp, ins_lat_cmp, ins_lat_hash,
	  local_ins_lat_snprintf, .width = weight_width, .pad_last = true, .sample_only = true,
	  .perf_pads = true },
	{ "ins_lat", "INSTR Latency", ins_lat_cmp, ins_lat_cmp, ins_lat_hash, ins_lat_snprintf,
	  .width = weight_width, .pad_last = true, .sample_only = true, .perf_pads = true },
	{ "cgroup", "Cgroup", cgroup_cmp, cgroup_cmp, cgroup_hash, cgroup_snprintf,
	  .width = cgroup_width, .sample_only = true },
	{ "cgroup_id", "cgroup id (dev/inode)", cgroup_id_cmp, cgroup_id_cmp, cgroup_id_hash,
	  cgroup_id_snprintf, .width = header_width, .sample_only = true },
	{ "transaction", "Transaction", transaction_cmp, transaction_cmp, transaction_hash,
	  transaction_snprintf, .width = transaction_width, .min_width = 27, .pad_last = true,
	  .sample_only = true, .perf_pads = true },
	{ "code_page_size", "Code Page Size", code_page_size_cmp, code_page_size_cmp,
	  code_page_size_hash, code_page_size_snprintf, .width = header_width,
	  .pad_last = true, .sample_only = true, .perf_pads = true },
	{ "addr", "Address", ip_cmp, ip_cmp, ip_hash, ip_snprintf, .width = ip_width,
	  .pad_last = true, .addr_sign = true, .perf_pads = true },
	{ "p_stage_cyc", "Pipeline Stage Cycle", zero_cmp, zero_cmp, zero_hash, zero_snprintf,
	  .width = header_width, .pad_last = true },
	{ "local_p_stage_cyc", "Local Pipeline Stage Cycle", zero_cmp, zero_cmp, zero_hash,
	  zero_snprintf, .width = header_width, .pad_last = true },
	{ "symbol_daddr", "Data Symbol", daddr_cmp, daddr_cmp, daddr_hash, daddr_snprintf,
	  .width = daddr_width, .clip = true, .mem = true, .addr_sign = true, .marked = true },
	{ "dso_daddr", "Data Object", dso_daddr_cmp, dso_daddr_cmp, dso_daddr_hash,
	  dso_daddr_snprintf, .width = dso_daddr_width, .pad_last = true, .mem = true,
	  .perf_pads = true },
	{ "mem", "Memory access", mem_lvl_cmp, mem_lvl_cmp, mem_lvl_hash, mem_lvl_snprintf,
	  .width = mem_lvl_width, .pad_last = true, .mem = true, .perf_pads = true, .marked = true },
	{ "snoop", "Snoop", mem_snoop_cmp, mem_snoop_cmp, mem_snoop_hash, mem_snoop_snprintf,
	  .width = mem_snoop_width, .pad_last = true, .mem = true, .perf_pads = true, .marked = true },
	{ "tlb", "TLB access", mem_tlb_cmp, mem_tlb_cmp, mem_tlb_hash, mem_tlb_snprintf,
	  .width = mem_tlb_width, .pad_last = true, .mem = true, .perf_pads = true, .marked = true },
	{ "locked", "Locked", mem_lock_cmp, mem_lock_cmp, mem_lock_hash, mem_lock_snprintf,
	  .width = mem_lock_width, .mem = true, .marked = true },
	{ "blocked", "Blocked", mem_blk_cmp, mem_blk_cmp, mem_blk_hash, mem_blk_snprintf,
	  .width = mem_blk_width, .mem = true, .marked = true },
	{ "dcacheline", "Data Cacheline", dcacheline_cmp, dcacheline_cmp, dcacheline_hash,
	  dcacheline_snprintf, .width = dcacheline_width, .clip = true, .mem = true,
	  .marked = true },
	{ "phys_daddr", "Data Physical Address", phys_cmp, phys_cmp, phys_hash, phys_snprintf,
	  .width = mem_addr_width, .pad_last = true, .mem = true, .addr_sign = true,
	  .perf_pads = true },
	{ "data_page_size", "Data Page Size", data_page_size_cmp, data_page_size_cmp,
	  data_page_size_hash, data_page_size_snprintf, .width = mem_addr_width,
	  .pad_last = true, .mem = true, .perf_pads = true },
	{ "symbol_iaddr", "Code Symbol", iaddr_cmp, iaddr_cmp, iaddr_hash, iaddr_snprintf,
	  .width = iaddr_width, .clip = true, .mem = true, .addr_sign = true, .marked = true },
	{ "dso_from", "Source Shared Object", dso_from_cmp, dso_from_sort, dso_from_hash,
	  dso_from_snprintf, .width = dso_from_width, .pad_last = true, .branch = true,
	  .perf_pads = true },
	{ "dso_to", "Target Shared Object", dso_to_cmp, dso_to_sort, dso_to_hash,
	  dso_to_snprintf, .width = dso_to_width, .pad_last = true, .branch = true,
	  .perf_pads = true },
	{ "symbol_from", "Source Symbol", sym_from_cmp, sym_from_sort, sym_from_hash,
	  sym_from_snprintf, .width = sym_from_width, .branch = true, .marked = true },
	{ "symbol_to", "Target Symbol", sym_to_cmp, sym_to_sort, sym_to_hash, sym_to_snprintf,
	  .width = sym_to_width, .branch = true, .marked = true },
	{ "mispredict", "Branch Mispredicted", mispredict_cmp, mispredict_sort, br_flat_hash,
	  mispredict_snprintf, .width = header_width, .pad_last = true, .branch = true },
	{ "abort", "Transaction abort", abort_cmp, abort_sort, br_flat_hash, abort_snprintf,
	  .width = header_width, .pad_last = true, .branch = true },
	{ "in_tx", "Branch in transaction", in_tx_cmp, in_tx_sort, br_flat_hash,
	  in_tx_snprintf, .width = header_width, .pad_last = true, .branch = true },
	{ "cycles", "Basic Block Cycles", cycles_cmp, cycles_sort, br_flat_hash,
	  cycles_snprintf, .width = header_width, .pad_last = true, .branch = true },
	{ "srcline_from", "From Source:Line", srcline_from_cmp, srcline_from_sort, br_flat_hash,
	  srcline_from_snprintf, .pad_last = true, .clip = true, .branch = true },
	{ "srcline_to", "To Source:Line", srcline_to_cmp, srcline_to_sort, br_flat_hash,
	  srcline_to_snprintf, .pad_last = true, .clip = true, .branch = true },
	{ "addr_from", "Source Address", addr_from_cmp, addr_from_sort, sym_from_hash,
	  addr_from_snprintf, .width = addr_from_width, .branch = true, .marked = true },
	{ "addr_to", "Target Address", addr_to_cmp, addr_to_sort, sym_to_hash,
	  addr_to_snprintf, .width = addr_to_width, .branch = true, .marked = true },
	{ "ipc_null", "IPC   [IPC Coverage]", sym_cmp, sym_cmp, sym_hash, ipc_null_snprintf,
	  .width = header_width, .pad_last = true, .addr_sign = true, .perf_pads = true },
};

/* ---- dynamic keys: tracepoint fields ----------------------------------- */

static const struct dyn_cell *dyn_cell_of(const struct hist_entry *he, int i)
{
	const struct dyn_row *r = he->dyn;

	return r && i >= r->lo && i < r->lo + r->n ? &r->c[i - r->lo] : NULL;
}

/* perf compares the field's bytes (a, b) and places a greater new entry
 * first, in its merge tree and in the output alike. An entry of an event
 * without the field (no key) equals any other: perf skips a field key
 * in the hists of an event that lacks it, and its group view pairs a
 * member's entries with the leader's by the member's keys (a foreign
 * cell: the same, but where the view places a member's entry among the
 * leader's). */
static int dyn_cmp(const struct sort_key *sk, const struct sort_ctx *ctx,
		   const struct hist_entry *a, const struct hist_entry *b)
{
	const int i = sk->dyn_idx;
	const struct dyn_cell *ca = dyn_cell_of(a, i), *cb = dyn_cell_of(b, i);
	const struct dyn_bytes *ka = ca ? ca->key : NULL, *kb = cb ? cb->key : NULL;

	if (ctx->dyn_only && !ctx->dyn_only[i])
		return 0;
	if (ctx->dyn_side != DYN_SIDE_ANY) {
		const struct dyn_cell *own = ctx->dyn_side == DYN_SIDE_A ? ca : cb;

		if (!own || own->foreign)
			return 0;
	}
	if (ka == kb || !ka || !kb)
		return 0;
	if (!ctx->dyn_only && (ca->foreign || cb->foreign))
		return 0;
	/* a walk's: perf reads both records where the tree's entry (b)
	 * has its bytes (a __data_loc field: its own place), b's length */
	if (ctx->dyn_only && cb->loc && a->dyn->rec) {
		const struct dyn_row *ra = a->dyn;
		uint32_t n = ra->rec_len > cb->off ? ra->rec_len - cb->off : 0;
		int r;

		if (n > kb->len)
			n = kb->len;
		r = n ? memcmp(kb->b, ra->rec + cb->off, n) : 0;
		if (r)
			return r < 0 ? -1 : 1;
		return n < kb->len;
	}
	return -dyn_bytes__cmp(ka, kb);
}

static uint64_t dyn_hash(const struct sort_key *sk, const struct sort_ctx *ctx,
			 const struct hist_entry *he)
{
	const struct dyn_cell *c = dyn_cell_of(he, sk->dyn_idx);

	/* a foreign cell equals any value: it cannot take part */
	return c && !c->foreign ? (uint64_t)(uintptr_t)c->key * 0x9e3779b97f4a7c15ULL : 0;
}

static int dyn_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			const struct hist_entry *he, char *buf, size_t size)
{
	const struct dyn_cell *c = dyn_cell_of(he, sk->dyn_idx);

	if (c && !c->val && c->key && ctx->dyn_text && size)
		return ctx->dyn_text(ctx->dyn_text_arg, sk->dyn_idx, c->key, buf, size);
	return snprintf(buf, size, "%s", c && c->val ? c->val : "");
}

/* perf widens the column by the values it found in the formatted record */
static int dyn_width(const struct sort_key *sk, const struct sort_ctx *ctx,
		     const struct hist_entry *he)
{
	const struct dyn_cell *c = dyn_cell_of(he, sk->dyn_idx);
	bool narrow = ctx->dyn_narrow && ctx->dyn_narrow[sk->dyn_idx];
	int w = c && c->val && c->pretty && !narrow ? (int)strlen(c->val) : 0;

	/* and by the length perf's comparisons read (sort_key.dyn_loc);
	 * not once narrow: perf's last look at the formatted text, after
	 * every comparison, set its length to -1 */
	if (c && c->len_seen && c->key && !narrow && (int)c->key->len > w)
		w = (int)c->key->len;
	return w;
}

bool sort_key__perf_pads(const struct sort_key *key)
{
	return !key->dynamic && key->perf_pads;
}

bool sort_key__dyn_native(const struct sort_key *key, const struct hist_entry *he)
{
	const struct dyn_cell *c;

	if (!key->dynamic)
		return true;
	c = dyn_cell_of(he, key->dyn_idx);
	return c && c->key && !c->foreign;
}

void sort_key__dyn_len_seen(const struct sort_key *key, struct hist_entry *he)
{
	struct dyn_cell *c = (struct dyn_cell *)dyn_cell_of(he, key->dyn_idx);

	if (key->dyn_var && c && !c->foreign)
		c->len_seen = true;
}

static const struct sort_key dyn_template = {
	"", "", dyn_cmp, dyn_cmp, dyn_hash, dyn_snprintf, .width = dyn_width, .right = true,
	.clip = true, .pad_last = true, .dynamic = true
};

struct sort_key *sort_key__dynamic_new(int idx, const char *header, int min_width)
{
	struct sort_key *k;
	char *name;

	if (idx < 0)
		return NULL;
	k = malloc(sizeof(*k));
	name = strdup(header);
	if (!k || !name) {
		free(k);
		free(name);
		return NULL;
	}
	*k = dyn_template;
	k->name = k->header = name;
	k->dyn_idx = idx;
	k->min_width = min_width;
	return k;
}

void sort_key__dynamic_delete(struct sort_key *key)
{
	if (key)
		free((char *)key->name);
	free(key);
}

/*
 * --hierarchy's levels of -s sample and -s period: perf makes a level of
 * such a name where the flat table has a column. It parts no entries (one
 * node under each parent) and a node shows its samples or period (the
 * hierarchy prints them from the node's sums: sort_key.node_value).
 */
static int value_snprintf(const struct sort_key *sk, const struct sort_ctx *ctx,
			  const struct hist_entry *he, char *buf, size_t size)
{
	return snprintf(buf, size, "%" PRIu64,
			sk->node_value == FIELD_SAMPLE ? he->nr_events : he->period);
}

static const struct sort_key value_keys[] = {
	{ .name = "sample", .header = "Samples", .cmp = zero_cmp, .sort = zero_cmp,
	  .hash = zero_hash, .snprintf = value_snprintf, .node_value = FIELD_SAMPLE,
	  .min_width = 12 },
	{ .name = "period", .header = "Period", .cmp = zero_cmp, .sort = zero_cmp,
	  .hash = zero_hash, .snprintf = value_snprintf, .node_value = FIELD_PERIOD,
	  .min_width = 12 },
};

const struct sort_key *sort_key__value_level(enum sort_field_kind kind)
{
	return kind == FIELD_SAMPLE ? &value_keys[0] : kind == FIELD_PERIOD ? &value_keys[1] : NULL;
}

bool sort_fields__have_key(const struct sort_field *fields, int nr, int level, const bool *own)
{
	for (int k = 0; k < nr; k++) {
		const struct sort_field *f = &fields[k];

		if (f->kind == FIELD_KEY && (level < 0 || f->level == level) &&
		    (!own || !f->key->dynamic || own[f->key->dyn_idx]))
			return true;
	}
	return false;
}

/*
 * perf's names of its sort dimensions in the order it tries them: the
 * common keys, the overhead/sample/period columns, the branch keys, the
 * memory keys. A -s or -F name is the first of these it is a prefix of,
 * whatever its case ("sy", "SYM": symbol; "s": symbol, not sample).
 */
static const char *const perf_dimensions[] = {
	"pid", "comm", "dso", "symbol", "parent", "cpu", "socket", "srcline", "srcfile",
	"local_weight", "weight", "transaction", "trace", "symbol_size", "dso_size",
	"cgroup", "cgroup_id", "ipc_null", "time", "code_page_size", "local_ins_lat",
	"ins_lat", "local_p_stage_cyc", "p_stage_cyc", "addr",
	"overhead", "overhead_sys", "overhead_us", "overhead_guest_sys", "overhead_guest_us",
	"overhead_children", "sample", "period",
	"dso_from", "dso_to", "symbol_from", "symbol_to", "mispredict", "in_tx", "abort",
	"cycles", "srcline_from", "srcline_to", "ipc_lbr", "addr_from", "addr_to",
	"symbol_daddr", "dso_daddr", "locked", "tlb", "mem", "snoop", "dcacheline",
	"symbol_iaddr", "phys_daddr", "data_page_size", "blocked",
};

const char *sort__dimension_name(const char *tok)
{
	size_t n = strlen(tok);

	for (size_t i = 0; n && i < sizeof(perf_dimensions) / sizeof(perf_dimensions[0]); i++)
		if (!strncasecmp(tok, perf_dimensions[i], n))
			return perf_dimensions[i];
	return tok;
}

const struct sort_key *sort_key__find(const char *name)
{
	size_t i;

	name = sort__dimension_name(name);
	if (!strcmp(name, "symbol"))
		name = "sym";
	for (i = 0; i < sizeof(sort_keys) / sizeof(sort_keys[0]); i++)
		if (!strcmp(sort_keys[i].name, name))
			return &sort_keys[i];
	return NULL;
}

const char *sort_key__names(void)
{
	return "comm, pid, tid, tgid, dso, sym (symbol), srcline, cpu, parent, trace, time, "
	       "socket, srcfile, symbol_size, dso_size, weight, local_weight, ins_lat, "
	       "local_ins_lat, p_stage_cyc, local_p_stage_cyc, cgroup, cgroup_id, transaction, "
	       "code_page_size, addr; with -b (branch mode): dso_from, dso_to, symbol_from, "
	       "symbol_to, addr_from, addr_to, srcline_from, srcline_to, mispredict, in_tx, "
	       "abort, cycles; with --mem-mode: symbol_daddr, dso_daddr, mem, snoop, "
	       "tlb, locked, blocked, dcacheline, phys_daddr, data_page_size, symbol_iaddr";
}
