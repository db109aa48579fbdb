/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_RECORD_CONFIG_H
#define MPERF_RECORD_CONFIG_H

/*
 * What `mperf record` asks of its events, and the perf_event_attr bits
 * that follow from it, matching what perf 6.1 record writes into its
 * files (compare `perf evlist -v`). Owned by the record helper (issue 4).
 */

#include <stdbool.h>
#include <stdint.h>
#include <linux/perf_event.h>

struct evlist;
struct evsel;

enum record_callchain {
	CALLCHAIN_NONE,
	CALLCHAIN_FP,
	CALLCHAIN_DWARF,
};

struct record_opts {
	/* target */
	bool system_wide;		/* -a */
	const char *cpu_list;		/* -C */
	const char *pid;		/* -p */
	const char *tid;		/* -t */
	bool no_inherit;		/* --no-inherit */
	bool pipe_output;		/* -o -: one event's samples carry its id too */
	bool per_thread;		/* --per-thread: one buffer per thread */
	bool workload;			/* a command was given */
	/* sampling */
	unsigned int freq;		/* -F, 0 when -c */
	uint64_t period;		/* -c */
	bool user_freq, user_period;	/* given on the command line */
	bool strict_freq;		/* --strict-freq: fail instead of lowering */
	enum record_callchain callchain;
	uint32_t stack_size;		/* dwarf: user stack bytes per sample */
	bool sample_time;		/* -T (TIME is always on, as in perf) */
	bool sample_address;		/* -d */
	bool sample_cpu;		/* --sample-cpu */
	bool sample_period;		/* -P */
	bool overwrite;			/* --overwrite: write_backward */
	unsigned int mmap_pages;	/* -m: data pages per buffer */
	/* perf record's attr options */
	int max_stack;			/* --call-graph fp,N: sample_max_stack */
	bool sample_weight;		/* -W: WEIGHT_STRUCT */
	bool sample_phys_addr;		/* --phys-data */
	bool sample_data_page_size;	/* --data-page-size */
	bool sample_code_page_size;	/* --code-page-size */
	bool raw_samples;		/* -R: RAW (and CPU) */
	bool sample_identifier;		/* --sample-identifier */
	bool running_time;		/* --running-time: TOTAL_TIME_* */
	bool inherit_stat;		/* -s: inherit_stat, READ records */
	bool switch_events;		/* --switch-events: context_switch */
	bool namespaces;		/* --namespaces */
	bool all_kernel, all_user;	/* --all-kernel / --all-user */
	bool user_callchains;		/* exclude_callchain_kernel */
	bool kernel_callchains;		/* exclude_callchain_user */
	bool use_clockid;		/* -k */
	int clockid;
	bool no_bpf_event;		/* --no-bpf-event */
	bool no_buffering;		/* --no-buffering: wakeup per record */
	bool no_samples;		/* --no-samples: side-band only */
	bool build_id_mmap;		/* --buildid-mmap: MMAP2 with build-ids */
	bool buildid_all;		/* --buildid-all */
	int delay_ms;			/* -D: enable this long after start */
	uint64_t branch_type;		/* -b / -j: branch_sample_type */
	bool have_user_regs;		/* --user-regs given */
	uint64_t user_regs;
	uint64_t intr_regs;		/* --intr-regs */
};

/* The default period when neither -F nor -c (perf: 4000 Hz). */
#define RECORD_DEFAULT_FREQ	4000

/*
 * record_opts__config_freq - clamp -F to
 * /proc/sys/kernel/perf_event_max_sample_rate as perf does: "-F max" takes
 * the limit; above it the frequency is lowered with a warning that says
 * why and how to raise the limit (or fails with --strict-freq).
 * Return: 0 or -EINVAL.
 */
int record_opts__config_freq(struct record_opts *opts, const char *freq_arg);

/* perf_event_max_sample_rate, or 0 when unreadable. */
unsigned int record__max_sample_rate(void);

/*
 * record__config - set every evsel's attr for recording: sampling period
 * or frequency, sample_type (ID or IDENTIFIER when there are several
 * events, as perf picks), read_format ID|LOST, the tracking bits (mmap,
 * comm, task, ...) on the first event or on a dummy event added for
 * system-wide recording, disabled/enable_on_exec/inherit, callchains,
 * write_backward. Return 0 or -errno.
 */
int record__config(struct evlist *evlist, const struct record_opts *opts);

/* Bytes of the sample_id_all tail every non-sample record carries. */
size_t record__id_hdr_size(uint64_t sample_type);

/* The evsel whose attr decides how non-sample records are parsed. */
struct evsel *record__first_evsel(struct evlist *evlist);

/* Parse "fp", "fp,N", "dwarf", "dwarf,16384" into @opts. 0 or -EINVAL. */
int record_opts__parse_callchain(struct record_opts *opts, const char *arg);

/* -k NAME|NUMBER: the clock id (mono, raw, realtime, boot, tai, with or
 * without CLOCK_, any case). 0 or -EINVAL. */
int record_opts__parse_clockid(struct record_opts *opts, const char *arg);

/*
 * --user-regs / --intr-regs "ip,sp,...": the sample_regs mask from the
 * host's register names; NULL (no value) is every register; "?" prints
 * the names. 0, 1 after "?" was printed, or -EINVAL.
 */
int record__parse_regs(const char *arg, uint64_t *mask, const char *opt);

/* -j any,u,...: the branch_sample_type mask. 0 or -EINVAL. */
int record__parse_branch_filter(const char *arg, uint64_t *mask);

#endif
