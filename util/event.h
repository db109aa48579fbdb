/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_EVENT_H
#define MPERF_EVENT_H

/*
 * perf.data records and the parsed form of a sample. Owned by the perf.data
 * helper (issue 5 reader / issue 4 writer). The record layouts are the
 * kernel's (<linux/perf_event.h>) plus perf's user records (64..).
 * Fields may be added; keep existing names stable.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/perf_event.h>

/* perf's user-space record types (perf.data-file-format) */
enum perf_user_event_type {
	PERF_RECORD_USER_TYPE_START	= 64,
	PERF_RECORD_HEADER_ATTR		= 64,
	PERF_RECORD_HEADER_EVENT_TYPE	= 65,
	PERF_RECORD_HEADER_TRACING_DATA	= 66,
	PERF_RECORD_HEADER_BUILD_ID	= 67,
	PERF_RECORD_FINISHED_ROUND	= 68,
	PERF_RECORD_ID_INDEX		= 69,
	PERF_RECORD_AUXTRACE_INFO	= 70,
	PERF_RECORD_AUXTRACE		= 71,
	PERF_RECORD_AUXTRACE_ERROR	= 72,
	PERF_RECORD_THREAD_MAP		= 73,
	PERF_RECORD_CPU_MAP		= 74,
	PERF_RECORD_STAT_CONFIG		= 75,
	PERF_RECORD_STAT		= 76,
	PERF_RECORD_STAT_ROUND		= 77,
	PERF_RECORD_EVENT_UPDATE	= 78,
	PERF_RECORD_TIME_CONV		= 79,
	PERF_RECORD_HEADER_FEATURE	= 80,
	PERF_RECORD_COMPRESSED		= 81,
	PERF_RECORD_FINISHED_INIT	= 82,
	PERF_RECORD_HEADER_MAX
};

#define PERF_RECORD_MISC_CPUMODE_MASK	(7 << 0)

/* One record as it sits in the file: header then payload. */
union perf_event {
	struct perf_event_header header;
	unsigned char raw[8];
};

struct ip_callchain {
	uint64_t nr;
	uint64_t ips[];
};

struct branch_stack_entry {
	uint64_t from, to, flags;
};

/* A PERF_RECORD_SAMPLE (and the sample_id_all tail of other records),
 * parsed according to the attr's sample_type. Pointers point into the
 * record; they live as long as the record's buffer. */
struct perf_sample {
	uint64_t ip;
	uint32_t pid, tid;
	uint64_t time;
	uint64_t addr;
	uint64_t id;
	uint64_t stream_id;
	uint64_t period;
	uint64_t weight;
	uint64_t data_src;
	uint64_t transaction;
	uint64_t phys_addr;
	uint64_t cgroup;
	uint64_t data_page_size, code_page_size;
	uint32_t cpu;
	uint32_t raw_size;
	uint16_t cpumode;	/* header.misc & PERF_RECORD_MISC_CPUMODE_MASK */
	uint16_t misc;
	const struct ip_callchain *callchain;	/* NULL when absent */
	const void *raw_data;
	uint64_t branch_nr;
	const struct branch_stack_entry *branch_stack;
	struct {
		uint64_t abi, mask;
		const uint64_t *regs;	/* popcount(mask) values */
	} user_regs, intr_regs;
	struct {
		uint64_t size;		/* bytes captured */
		const char *data;
		uint64_t dyn_size;	/* bytes valid */
	} user_stack;
	const void *read_data;	/* PERF_SAMPLE_READ payload, raw */
	uint64_t read_size;
};

#endif
