// SPDX-License-Identifier: GPL-2.0
/* The attr bits of a recording; see record-config.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include "arch/arch.h"
#include "debug.h"
#include "evlist.h"
#include "evsel.h"
#include "parse-options.h"
#include "record-config.h"

unsigned int record__max_sample_rate(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_max_sample_rate", "r");
	unsigned int v = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%u", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

int record_opts__config_freq(struct record_opts *opts, const char *freq_arg)
{
	unsigned int max = record__max_sample_rate();
	uint64_t v;

	if (freq_arg) {
		if (!strcmp(freq_arg, "max")) {
			if (!max) {
				pr_err("cannot read /proc/sys/kernel/perf_event_max_sample_rate for -F max\n");
				return -EINVAL;
			}
			opts->freq = max;
			pr_info("info: Using a maximum frequency rate of %u Hz\n", max);
		} else if (parse_u64(freq_arg, &v) || !v || v > UINT32_MAX) {
			pr_err("invalid frequency '%s': give a positive number of samples per second or 'max'\n",
			       freq_arg);
			return -EINVAL;
		} else {
			opts->freq = (unsigned int)v;
		}
		opts->user_freq = true;
	}
	if (opts->user_period) {
		if (opts->user_freq) {
			pr_err("-c and -F both given: use a fixed period (-c) or a frequency (-F), not both\n");
			return -EINVAL;
		}
		if (!opts->period) {
			pr_err("invalid period 0 for -c: give a positive event count\n");
			return -EINVAL;
		}
		opts->freq = 0;
		return 0;
	}
	if (!opts->freq)
		opts->freq = RECORD_DEFAULT_FREQ;
	if (max && opts->freq > max) {
		if (opts->strict_freq) {
			pr_err("frequency %u Hz is above the kernel's limit of %u Hz (/proc/sys/kernel/perf_event_max_sample_rate); raise it with 'sysctl kernel.perf_event_max_sample_rate=%u' or use a lower -F\n",
			       opts->freq, max, opts->freq);
			return -EINVAL;
		}
		pr_warning("frequency %u Hz exceeds the kernel's limit of %u Hz, lowering to %u Hz; the limit is /proc/sys/kernel/perf_event_max_sample_rate (the kernel lowers it itself when sampling interrupts take too long); raise it with 'sysctl kernel.perf_event_max_sample_rate=%u', or pass --strict-freq to fail instead\n",
			   opts->freq, max, max, opts->freq);
		opts->freq = max;
	}
	return 0;
}

int record_opts__parse_callchain(struct record_opts *opts, const char *arg)
{
	const char *comma;
	uint64_t size;

	if (!arg || !strcmp(arg, "fp")) {
		opts->callchain = CALLCHAIN_FP;
		return 0;
	}
	if (!strncmp(arg, "dwarf", 5) && (arg[5] == '\0' || arg[5] == ',')) {
		opts->callchain = CALLCHAIN_DWARF;
		opts->stack_size = 8192;
		comma = strchr(arg, ',');
		if (!comma)
			return 0;
		if (parse_size(comma + 1, &size) || !size || size > 65528) {
			pr_err("invalid dwarf stack size '%s': give bytes up to 65528 (e.g. dwarf,16384)\n",
			       comma + 1);
			return -EINVAL;
		}
		/* the kernel wants a multiple of 8 */
		opts->stack_size = (uint32_t)((size + 7) & ~7ULL);
		return 0;
	}
	if (!strcmp(arg, "lbr")) {
		pr_err("--call-graph lbr needs an Intel PMU with LBR, which this machine does not have; use fp or dwarf\n");
		return -EINVAL;
	}
	pr_err("unknown --call-graph mode '%s': use fp or dwarf[,size]\n", arg);
	return -EINVAL;
}

size_t record__id_hdr_size(uint64_t t)
{
	size_t n = 0;

	if (t & PERF_SAMPLE_TID)
		n += 8;
	if (t & PERF_SAMPLE_TIME)
		n += 8;
	if (t & PERF_SAMPLE_ID)
		n += 8;
	if (t & PERF_SAMPLE_STREAM_ID)
		n += 8;
	if (t & PERF_SAMPLE_CPU)
		n += 8;
	if (t & PERF_SAMPLE_IDENTIFIER)
		n += 8;
	return n;
}

struct evsel *record__first_evsel(struct evlist *evlist)
{
	return evlist->nr ? evlist->entries[0] : NULL;
}

static uint64_t host_regs_user(void)
{
	const struct arch_ops *arch = arch__for_host();
	struct utsname u;

	if (arch && arch->sample_regs_user)
		return arch->sample_regs_user;
	if (uname(&u))
		return 0;
	if (!strcmp(u.machine, "x86_64"))
		return 0xff0fffULL;	/* AX..SS without segments, R8..R15 */
	if (!strcmp(u.machine, "aarch64"))
		return 0x1ffffffffULL;	/* x0..x30, sp, pc */
	return 0;
}

static bool is_dummy(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE &&
	       evsel->attr.config == PERF_COUNT_SW_DUMMY;
}

static void config_tracking(struct perf_event_attr *attr,
			    const struct record_opts *opts)
{
	attr->mmap = 1;
	attr->mmap2 = 1;
	attr->comm = 1;
	attr->comm_exec = 1;
	attr->task = 1;
	attr->ksymbol = 1;
	attr->bpf_event = 1;
	if (opts->sample_address)
		attr->mmap_data = 1;
}

static void config_one(struct evsel *evsel, const struct record_opts *opts,
		       bool tracking, bool cpu_target)
{
	struct perf_event_attr *attr = &evsel->attr;
	bool tp = attr->type == PERF_TYPE_TRACEPOINT;
	bool dummy = is_dummy(evsel);
	bool dwarf = opts->callchain == CALLCHAIN_DWARF;

	attr->size = sizeof(*attr);
	attr->sample_type |= PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			     PERF_SAMPLE_TIME;
	attr->read_format = PERF_FORMAT_ID | PERF_FORMAT_LOST;
	attr->sample_id_all = 1;
	attr->inherit = !opts->no_inherit && !opts->per_thread;

	if (dummy) {
		/* side-band only: every record, never a real sample */
		attr->freq = 0;
		attr->sample_period = 1;
		attr->disabled = 0;
	} else {
		/*
		 * Events that come with their own period (tracepoints: 1)
		 * keep it unless -c or -F was given, as in perf.
		 */
		if (!attr->sample_period || opts->user_freq ||
		    opts->user_period) {
			if (opts->freq) {
				attr->freq = 1;
				attr->sample_freq = opts->freq;
			} else {
				attr->freq = 0;
				attr->sample_period = opts->period;
			}
		}
		if (attr->freq || tp || opts->sample_period)
			attr->sample_type |= PERF_SAMPLE_PERIOD;
		attr->disabled = 1;
		attr->enable_on_exec = opts->workload && !cpu_target &&
				       !opts->pid && !opts->tid;
	}
	if (tp && !dummy)
		attr->sample_type |= PERF_SAMPLE_RAW | PERF_SAMPLE_CPU;
	if (cpu_target || opts->sample_cpu)
		attr->sample_type |= PERF_SAMPLE_CPU;
	if (opts->callchain != CALLCHAIN_NONE)
		attr->sample_type |= PERF_SAMPLE_CALLCHAIN;
	if (dwarf && !dummy) {
		attr->sample_type |= PERF_SAMPLE_REGS_USER |
				     PERF_SAMPLE_STACK_USER;
		attr->sample_regs_user = host_regs_user();
		attr->sample_stack_user = opts->stack_size;
		/* the user part comes from unwinding the stack copy */
		attr->exclude_callchain_user = 1;
	}
	if ((opts->sample_address || dwarf) && !dummy)
		attr->sample_type |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
	if (tracking)
		config_tracking(attr, opts);
	if (opts->sample_address && tracking)
		attr->mmap_data = 1;
	if (dwarf && tracking)
		attr->mmap_data = 1;
	/* the tracking dummy of --overwrite stays a forward buffer */
	attr->write_backward = opts->overwrite && !(dummy && tracking);
}

int record__config(struct evlist *evlist, const struct record_opts *opts)
{
	bool cpu_target = opts->system_wide || opts->cpu_list;
	struct evsel *evsel, *track = NULL;
	bool same = true;
	int i;

	if (!evlist->nr)
		return -EINVAL;
	/*
	 * Recording the whole system (or some CPUs) tracks mmap/comm/task
	 * with a separate dummy event on every CPU, as perf does; so does
	 * --overwrite, unlike perf: the tracking records then live in a
	 * forward buffer that is never overwritten, so every snapshot can
	 * name the tasks and maps of its samples, even of exited tasks.
	 * Otherwise the first event carries the tracking bits.
	 */
	if (cpu_target || opts->overwrite) {
		struct perf_event_attr attr;

		memset(&attr, 0, sizeof(attr));
		attr.type = PERF_TYPE_SOFTWARE;
		attr.config = PERF_COUNT_SW_DUMMY;
		attr.size = sizeof(attr);
		track = evsel__new(&attr, cpu_target ? "dummy:HG" : "dummy:u");
		if (!track || evlist__add(evlist, track)) {
			evsel__delete(track);
			return -ENOMEM;
		}
	} else {
		track = evlist->entries[0];
	}
	evlist__for_each(evlist, evsel, i)
		config_one(evsel, opts, evsel == track, cpu_target);

	/* several events: samples carry an id; IDENTIFIER when their
	 * layouts differ so any record can be matched first */
	if (evlist->nr > 1) {
		uint64_t t0 = evlist->entries[0]->attr.sample_type;

		evlist__for_each(evlist, evsel, i)
			if (evsel->attr.sample_type != t0)
				same = false;
		evlist__for_each(evlist, evsel, i)
			evsel->attr.sample_type |= same ? PERF_SAMPLE_ID :
					PERF_SAMPLE_IDENTIFIER;
	}
	return 0;
}
