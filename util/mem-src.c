// SPDX-License-Identifier: GPL-2.0
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include "mem-src.h"

/* a bounded string being built */
struct out {
	char *buf;
	size_t size, len;
};

static void put(struct out *o, const char *s)
{
	size_t n = strlen(s);

	if (o->len < o->size) {
		size_t room = o->size - o->len - 1;

		memcpy(o->buf + o->len, s, n < room ? n : room);
		o->buf[o->len + (n < room ? n : room)] = '\0';
	}
	o->len += n;
}

static uint64_t field(uint64_t v, int shift, int width)
{
	return (v >> shift) & ((1ULL << width) - 1);
}

/*
 * The names of the set bits of @bits, "A or B", bit 0 first; @skip: bits
 * told apart elsewhere (hit, miss). Returns how many were named.
 */
static int put_bits(struct out *o, uint64_t bits, uint64_t skip,
		    const char *const *names, size_t nr, int named)
{
	for (size_t i = 0; i < nr; i++) {
		if (!(bits & (1ULL << i)) || (skip & (1ULL << i)))
			continue;
		if (named++)
			put(o, " or ");
		put(o, names[i]);
	}
	return named;
}

/* the memory level: old-style level bits, or the hop count; then the
 * level number; "hit"/"miss" last */
static void put_lvl(struct out *o, uint64_t v)
{
	static const char *const lvl[] = {
		"N/A", "HIT", "MISS", "L1", "LFB/MAB", "L2", "L3", "Local RAM",
		"Remote RAM (1 hop)", "Remote RAM (2 hops)", "Remote Cache (1 hop)",
		"Remote Cache (2 hops)", "I/O", "Uncached",
	};
	/* 5..7 have no name: perf 6.1 prints "(null)" for them */
	static const char *const hops[8] = {
		"N/A", "core, same node", "node, same socket", "socket, same board",
		"board", "(null)", "(null)", "(null)",
	};
	static const char *const lvlnum[16] = {
		[PERF_MEM_LVLNUM_CXL] = "CXL", [PERF_MEM_LVLNUM_IO] = "I/O",
		[PERF_MEM_LVLNUM_ANY_CACHE] = "Any cache", [PERF_MEM_LVLNUM_LFB] = "LFB/MAB",
		[PERF_MEM_LVLNUM_RAM] = "RAM", [PERF_MEM_LVLNUM_PMEM] = "PMEM",
		[PERF_MEM_LVLNUM_NA] = "N/A",
	};
	uint64_t bits = field(v, PERF_MEM_LVL_SHIFT, 14);
	uint64_t num = field(v, PERF_MEM_LVLNUM_SHIFT, 4);
	uint64_t hop = field(v, PERF_MEM_HOPS_SHIFT, 3);
	size_t start = o->len;
	int named = 0;

	if (field(v, PERF_MEM_REMOTE_SHIFT, 1))
		put(o, "Remote ");
	if (hop) {
		put(o, hops[hop]);
		put(o, " ");
	} else {
		named = put_bits(o, bits, PERF_MEM_LVL_HIT | PERF_MEM_LVL_MISS, lvl,
				 sizeof(lvl) / sizeof(lvl[0]), 0);
	}
	if (num) {
		char buf[8];

		if (named)
			put(o, " or ");
		if (lvlnum[num]) {
			put(o, lvlnum[num]);
		} else {
			snprintf(buf, sizeof(buf), "L%d", (int)num);
			put(o, buf);
		}
	}
	if (o->len == start)
		put(o, "N/A");
	if (bits & PERF_MEM_LVL_HIT)
		put(o, " hit");
	if (bits & PERF_MEM_LVL_MISS)
		put(o, " miss");
}

static const char *const snoop_names[] = { "N/A", "None", "Hit", "Miss", "HitM" };
static const char *const snoopx_names[] = { "Fwd", "Peer" };
static const char *const tlb_names[] = { "N/A", "HIT", "MISS", "L1", "L2", "Walker", "Fault" };

static void put_snoop(struct out *o, uint64_t v)
{
	int named;

	named = put_bits(o, field(v, PERF_MEM_SNOOP_SHIFT, 5), 0, snoop_names, 5, 0);
	named = put_bits(o, field(v, PERF_MEM_SNOOPX_SHIFT, 2), 0, snoopx_names, 2, named);
	if (!named)
		put(o, "N/A");
}

static void put_tlb(struct out *o, uint64_t v)
{
	uint64_t dtlb = field(v, PERF_MEM_TLB_SHIFT, 7);

	if (!put_bits(o, dtlb, PERF_MEM_TLB_HIT | PERF_MEM_TLB_MISS, tlb_names, 7, 0))
		put(o, "N/A");
	if (dtlb & PERF_MEM_TLB_HIT)
		put(o, " hit");
	if (dtlb & PERF_MEM_TLB_MISS)
		put(o, " miss");
}

static void put_lock(struct out *o, uint64_t v)
{
	uint64_t lock = field(v, PERF_MEM_LOCK_SHIFT, 2);

	put(o, lock & PERF_MEM_LOCK_NA ? "N/A" : lock & PERF_MEM_LOCK_LOCKED ? "Yes" : "No");
}

/* the block reasons, each after a space */
static void put_blk(struct out *o, uint64_t v)
{
	uint64_t blk = field(v, PERF_MEM_BLK_SHIFT, 3);

	if (!blk || (blk & PERF_MEM_BLK_NA)) {
		put(o, " N/A");
		return;
	}
	if (blk & PERF_MEM_BLK_DATA)
		put(o, " Data");
	if (blk & PERF_MEM_BLK_ADDR)
		put(o, " Addr");
}

size_t mem_src__snprintf(char *buf, size_t size, uint64_t v)
{
	struct out o = { .buf = buf, .size = size };
	uint64_t op = field(v, PERF_MEM_OP_SHIFT, 5);

	if (size)
		buf[0] = '\0';
	/* one operation, the first of these that is set */
	put(&o, "|OP ");
	put(&o, op & PERF_MEM_OP_NA ? "N/A" : op & PERF_MEM_OP_LOAD ? "LOAD" :
		op & PERF_MEM_OP_STORE ? "STORE" : op & PERF_MEM_OP_PFETCH ? "PFETCH" :
		op & PERF_MEM_OP_EXEC ? "EXEC" : "No");
	put(&o, "|LVL ");
	put_lvl(&o, v);
	put(&o, "|SNP ");
	put_snoop(&o, v);
	put(&o, "|TLB ");
	put_tlb(&o, v);
	put(&o, "|LCK ");
	put_lock(&o, v);
	put(&o, "|BLK ");
	put_blk(&o, v);
	return o.len;
}

size_t mem_src__field(char *buf, size_t size, uint64_t data_src, enum mem_src_field f)
{
	static void (*const put_field[])(struct out *, uint64_t) = {
		[MEM_SRC_LVL] = put_lvl, [MEM_SRC_SNOOP] = put_snoop, [MEM_SRC_TLB] = put_tlb,
		[MEM_SRC_LOCK] = put_lock, [MEM_SRC_BLK] = put_blk,
	};
	struct out o = { .buf = buf, .size = size };

	if (size)
		buf[0] = '\0';
	put_field[f](&o, data_src);
	return o.len;
}
