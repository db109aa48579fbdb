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

/* ---- record layouts (kernel records, then perf's user records) -------- */

struct perf_record_mmap {
	struct perf_event_header header;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	char filename[];
};

struct perf_record_mmap2 {
	struct perf_event_header header;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	union {
		struct {
			uint32_t maj, min;
			uint64_t ino, ino_generation;
		};
		struct {	/* PERF_RECORD_MISC_MMAP_BUILD_ID */
			uint8_t build_id_size;
			uint8_t __reserved_1;
			uint16_t __reserved_2;
			uint8_t build_id[20];
		};
	};
	uint32_t prot, flags;
	char filename[];
};

struct perf_record_comm {
	struct perf_event_header header;
	uint32_t pid, tid;
	char comm[];
};

struct perf_record_fork {	/* FORK and EXIT */
	struct perf_event_header header;
	uint32_t pid, ppid, tid, ptid;
	uint64_t time;
};

struct perf_record_lost {
	struct perf_event_header header;
	uint64_t id, lost;
};

struct perf_record_lost_samples {
	struct perf_event_header header;
	uint64_t lost;
};

struct perf_record_throttle {	/* THROTTLE and UNTHROTTLE */
	struct perf_event_header header;
	uint64_t time, id, stream_id;
};

struct perf_record_switch {	/* SWITCH_CPU_WIDE; SWITCH has no body */
	struct perf_event_header header;
	uint32_t next_prev_pid, next_prev_tid;
};

struct perf_record_aux {
	struct perf_event_header header;
	uint64_t aux_offset, aux_size, flags;
};

struct perf_record_itrace_start {
	struct perf_event_header header;
	uint32_t pid, tid;
};

struct perf_record_namespaces {
	struct perf_event_header header;
	uint32_t pid, tid;
	uint64_t nr_namespaces;
	struct { uint64_t dev, ino; } link_info[];
};

struct perf_record_ksymbol {
	struct perf_event_header header;
	uint64_t addr;
	uint32_t len;
	uint16_t ksym_type;
	uint16_t flags;
	char name[];
};

struct perf_record_bpf_event {
	struct perf_event_header header;
	uint16_t type, flags;
	uint32_t id;
	uint8_t tag[8];
};

struct perf_record_cgroup {
	struct perf_event_header header;
	uint64_t id;
	char path[];
};

struct perf_record_text_poke {
	struct perf_event_header header;
	uint64_t addr;
	uint16_t old_len, new_len;
	uint8_t bytes[];
};

struct perf_record_read {
	struct perf_event_header header;
	uint32_t pid, tid;
	uint64_t value, time_enabled, time_running, id;
};

/* HEADER_ATTR: the attr (attr.size bytes) then its ids to the end. */
struct perf_record_header_attr {
	struct perf_event_header header;
	struct perf_event_attr attr;
};

/* HEADER_TRACING_DATA: @size bytes of tracing data follow the record
 * (not counted in header.size), padded to 8. */
struct perf_record_header_tracing_data {
	struct perf_event_header header;
	uint32_t size;
	uint32_t pad;
};

struct perf_record_header_build_id {
	struct perf_event_header header;
	int32_t pid;
	union {
		uint8_t build_id[24];
		struct {
			uint8_t data[20];
			uint8_t size;
			uint8_t reserved1__;
			uint16_t reserved2__;
		};
	};
	char filename[];
};

struct perf_record_header_feature {
	struct perf_event_header header;
	uint64_t feat_id;
	char data[];
};

struct perf_record_time_conv {
	struct perf_event_header header;
	uint64_t time_shift, time_mult, time_zero;
	uint64_t time_cycles, time_mask;
	uint8_t cap_user_time_zero, cap_user_time_short, reserved[6];
};

struct id_index_entry {
	uint64_t id, idx, cpu, tid;
};

struct perf_record_id_index {
	struct perf_event_header header;
	uint64_t nr;
	struct id_index_entry entries[];
};

/* ---- stat records (perf stat record / report) --------------------------- */

struct perf_record_thread_map_entry {
	uint64_t pid;
	char comm[16];
};

struct perf_record_thread_map {
	struct perf_event_header header;
	uint64_t nr;
	struct perf_record_thread_map_entry entries[];
};

enum {
	PERF_CPU_MAP__CPUS = 0,
	PERF_CPU_MAP__MASK = 1,
	PERF_CPU_MAP__RANGE_CPUS = 2,
};

/* CPU_MAP payload after the header starts with a u16 type; see
 * event__cpu_map_decode(). */
struct perf_record_cpu_map {
	struct perf_event_header header;
	uint16_t type;
	uint8_t data[];
} __attribute__((packed));

enum {
	PERF_STAT_CONFIG_TERM__AGGR_MODE = 0,
	PERF_STAT_CONFIG_TERM__INTERVAL = 1,
	PERF_STAT_CONFIG_TERM__SCALE = 2,
	PERF_STAT_CONFIG_TERM__MAX = 3,
};

struct perf_record_stat_config_entry {
	uint64_t tag, val;
};

struct perf_record_stat_config {
	struct perf_event_header header;
	uint64_t nr;
	struct perf_record_stat_config_entry data[];
};

struct perf_record_stat {
	struct perf_event_header header;
	uint64_t id;
	uint32_t cpu, thread;
	uint64_t val, ena, run;
};

enum {
	PERF_STAT_ROUND_TYPE__INTERVAL = 0,
	PERF_STAT_ROUND_TYPE__FINAL = 1,
};

struct perf_record_stat_round {
	struct perf_event_header header;
	uint64_t type, time;
};

enum {
	PERF_EVENT_UPDATE__UNIT = 0,
	PERF_EVENT_UPDATE__SCALE = 1,
	PERF_EVENT_UPDATE__NAME = 2,
	PERF_EVENT_UPDATE__CPUS = 3,
};

struct perf_record_event_update {
	struct perf_event_header header;
	uint64_t type, id;
	char data[];	/* unit/name string, double scale, or a cpu map */
};

/* ---- helpers ------------------------------------------------------------- */

/* "SAMPLE", "MMAP2", "FINISHED_ROUND", ... as perf report --stats names
 * them; "UNKNOWN" for others. */
const char *event__type_name(uint32_t type);

/* Byte size of the PERF_SAMPLE_READ payload for a read_format (non group
 * form; @nr members for PERF_FORMAT_GROUP). */
size_t event__read_size(uint64_t read_format, uint64_t nr);

/*
 * A counter's values in read_format's layout: what read(2) of a counter fd
 * returns, a sample's READ part, a READ record. Alone
 * { value, [ena], [run], [id], [lost] }; with PERF_FORMAT_GROUP
 * { nr, [ena], [run], { value, [id], [lost] } * nr }.
 */
struct read_value {
	uint64_t value, id, lost;	/* id and lost 0 when not read */
};

struct read_values {
	uint64_t fmt;
	uint64_t ena, run;		/* 0 when not read */
	uint64_t nr;			/* values held: 1 alone */
	struct read_value one;		/* the value when alone */
	const unsigned char *group;	/* the first entry of a group */
};

/* Split @size bytes at @data; -EFAULT when they are shorter than the
 * layout (a group's nr included). */
int read_values__parse(struct read_values *rv, uint64_t read_format,
		       const void *data, size_t size);
/* The @i'th value (i < rv->nr). */
struct read_value read_values__get(const struct read_values *rv, uint64_t i);

/*
 * event__parse_sample - parse a PERF_RECORD_SAMPLE according to @attr
 * (sample_type, read_format, branch_sample_type, sample_regs_*), or the
 * sample_id_all tail of any other kernel record.
 * Every field is bounds-checked against header.size; pointers in @sample
 * point into @event. Fields not present are set to -1 (pid/tid/cpu/time/id)
 * or 0.
 * Return: 0, or -EFAULT when the record is shorter than its sample_type says.
 */
int event__parse_sample(const union perf_event *event,
			const struct perf_event_attr *attr,
			struct perf_sample *sample);

/* Position of the sample id, in u64s, from the start of a SAMPLE's body
 * (-1: no id), and from the end of another record's body (-1: none). */
int event__id_pos(const struct perf_event_attr *attr);
int event__is_pos(const struct perf_event_attr *attr);

/* Bytes of the sample_id_all tail for @attr (0 without sample_id_all). */
size_t event__sample_id_size(const struct perf_event_attr *attr);

/*
 * event__synthesize_sample - write a PERF_RECORD_SAMPLE for @sample
 * as the kernel would for @attr into @buf (@size bytes).
 * Return: the record size, or -ENOSPC.
 */
int event__synthesize_sample(void *buf, size_t size,
			     const struct perf_event_attr *attr,
			     const struct perf_sample *sample);

/* Write the sample_id_all tail for @sample at @buf; returns bytes written
 * (event__sample_id_size(@attr)). */
size_t event__write_sample_id(void *buf, const struct perf_event_attr *attr,
			      const struct perf_sample *sample);

/*
 * Writers for the stat records (`stat record`) and other small records.
 * Each writes one complete record into @buf (@size bytes) and returns its
 * size (a multiple of 8), or -ENOSPC / -EINVAL.
 */
/* THREAD_MAP: @comms may be NULL (empty comms). */
int event__synthesize_thread_map(void *buf, size_t size, const int *pids,
				 const char *const *comms, int nr);
/* ID_INDEX: @nr entries (each event id with its cpu index, cpu, thread). */
int event__synthesize_id_index(void *buf, size_t size,
			       const struct id_index_entry *e, uint64_t nr);
/* CPU_MAP (and the payload of EVENT_UPDATE CPUS): -1 means "any cpu". */
int event__synthesize_cpu_map(void *buf, size_t size, const int *cpus, int nr);
/* STAT_CONFIG with perf's three terms (aggr mode, interval ms, scale). */
int event__synthesize_stat_config(void *buf, size_t size, uint64_t aggr_mode,
				  uint64_t interval, bool scale);
int event__synthesize_stat(void *buf, size_t size, uint64_t id, uint32_t cpu,
			   uint32_t thread, uint64_t val, uint64_t ena,
			   uint64_t run);
/* @type: PERF_STAT_ROUND_TYPE__INTERVAL or __FINAL; @time ns since start */
int event__synthesize_stat_round(void *buf, size_t size, uint64_t type,
				 uint64_t time);
/* EVENT_UPDATE of type PERF_EVENT_UPDATE__NAME or __UNIT */
int event__synthesize_event_update_str(void *buf, size_t size, uint64_t type,
				       uint64_t id, const char *str);
int event__synthesize_event_update_scale(void *buf, size_t size, uint64_t id,
					 double scale);
int event__synthesize_event_update_cpus(void *buf, size_t size, uint64_t id,
					const int *cpus, int nr);

/* Decode a CPU_MAP record body (or an EVENT_UPDATE cpus payload) into
 * @cpus (up to @max); returns the number of cpus, or -EINVAL. */
int event__cpu_map_decode(const void *data, size_t size, int *cpus, int max);

#endif
