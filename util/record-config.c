// SPDX-License-Identifier: GPL-2.0
/* The attr bits of a recording; see record-config.h. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
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
	if (!strncmp(arg, "fp,", 3)) {
		uint64_t n;

		/* perf: the deepest callchain the kernel is to collect */
		if (parse_u64(arg + 3, &n) || !n || n > 65535) {
			pr_err("invalid --call-graph fp depth '%s': give a number of frames from 1 to 65535 (e.g. fp,32)\n",
			       arg + 3);
			return -EINVAL;
		}
		opts->callchain = CALLCHAIN_FP;
		opts->max_stack = (int)n;
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
	pr_err("unknown --call-graph mode '%s': use fp[,depth] or dwarf[,size]\n", arg);
	return -EINVAL;
}

static const struct {
	const char *name;
	int id;
} clockids[] = {
	{ "monotonic", CLOCK_MONOTONIC }, { "mono", CLOCK_MONOTONIC },
	{ "monotonic_raw", CLOCK_MONOTONIC_RAW }, { "raw", CLOCK_MONOTONIC_RAW },
	{ "realtime", CLOCK_REALTIME }, { "real", CLOCK_REALTIME },
	{ "boottime", CLOCK_BOOTTIME }, { "boot", CLOCK_BOOTTIME },
	{ "tai", CLOCK_TAI },
};

int record_opts__parse_clockid(struct record_opts *opts, const char *arg)
{
	const char *name = arg;
	uint64_t v;

	if (!strncasecmp(name, "CLOCK_", 6))
		name += 6;
	for (size_t i = 0; i < sizeof(clockids) / sizeof(clockids[0]); i++)
		if (!strcasecmp(name, clockids[i].name)) {
			opts->use_clockid = true;
			opts->clockid = clockids[i].id;
			return 0;
		}
	if (!parse_u64(arg, &v) && v < 64) {
		struct timespec ts;

		if (clock_getres((clockid_t)v, &ts)) {
			pr_err("clock %s (-k) does not exist here: use monotonic, monotonic_raw, realtime, boottime or tai\n",
			       arg);
			return -EINVAL;
		}
		opts->use_clockid = true;
		opts->clockid = (int)v;
		return 0;
	}
	pr_err("unknown clock '%s' for -k: use monotonic, monotonic_raw, realtime, boottime, tai or a clock number\n",
	       arg);
	return -EINVAL;
}

static uint64_t host_regs_user(void);

int record__parse_regs(const char *arg, uint64_t *mask, const char *opt)
{
	const struct arch_ops *arch = arch__for_host();
	uint64_t all = host_regs_user(), m = 0;
	char *copy, *tok, *save = NULL;

	if (!arch || !arch->reg_name || !all) {
		pr_err("%s: this architecture's register names are not known to mperf\n",
		       opt);
		return -EINVAL;
	}
	if (!arg || !*arg) {
		*mask = all;
		return 0;
	}
	if (!strcmp(arg, "?")) {
		printf("available registers:");
		for (int r = 0; r < 64; r++)
			if ((all >> r) & 1 && arch->reg_name(r))
				printf(" %s", arch->reg_name(r));
		printf("\n");
		return 1;
	}
	copy = strdup(arg);
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		int r;

		for (r = 0; r < 64; r++)
			if ((all >> r) & 1 && arch->reg_name(r) &&
			    !strcasecmp(tok, arch->reg_name(r)))
				break;
		if (r == 64) {
			pr_err("unknown register '%s' for %s: %s=? lists them\n",
			       tok, opt, opt);
			free(copy);
			return -EINVAL;
		}
		m |= 1ULL << r;
	}
	free(copy);
	*mask = m;
	return 0;
}

static const struct {
	const char *name;
	uint64_t bit;
} branch_filters[] = {
	{ "u", PERF_SAMPLE_BRANCH_USER },
	{ "k", PERF_SAMPLE_BRANCH_KERNEL },
	{ "hv", PERF_SAMPLE_BRANCH_HV },
	{ "any", PERF_SAMPLE_BRANCH_ANY },
	{ "any_call", PERF_SAMPLE_BRANCH_ANY_CALL },
	{ "any_ret", PERF_SAMPLE_BRANCH_ANY_RETURN },
	{ "ind_call", PERF_SAMPLE_BRANCH_IND_CALL },
	{ "abort_tx", PERF_SAMPLE_BRANCH_ABORT_TX },
	{ "in_tx", PERF_SAMPLE_BRANCH_IN_TX },
	{ "no_tx", PERF_SAMPLE_BRANCH_NO_TX },
	{ "cond", PERF_SAMPLE_BRANCH_COND },
	{ "call_stack", PERF_SAMPLE_BRANCH_CALL_STACK },
	{ "ind_jmp", PERF_SAMPLE_BRANCH_IND_JUMP },
	{ "call", PERF_SAMPLE_BRANCH_CALL },
	{ "save_type", PERF_SAMPLE_BRANCH_TYPE_SAVE },
	{ "stack", PERF_SAMPLE_BRANCH_CALL_STACK },
	{ "hw_index", PERF_SAMPLE_BRANCH_HW_INDEX },
};

int record__parse_branch_filter(const char *arg, uint64_t *mask)
{
	char *copy, *tok, *save = NULL;
	uint64_t m = 0;

	copy = strdup(arg ? arg : "any");
	if (!copy)
		return -ENOMEM;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		size_t i, n = sizeof(branch_filters) / sizeof(branch_filters[0]);

		for (i = 0; i < n; i++)
			if (!strcmp(tok, branch_filters[i].name))
				break;
		if (i == n) {
			pr_err("unknown branch filter '%s' for -j: use any, any_call, any_ret, ind_call, ind_jmp, call, cond, call_stack, u, k, hv, in_tx, no_tx, abort_tx, save_type\n",
			       tok);
			free(copy);
			return -EINVAL;
		}
		m |= branch_filters[i].bit;
	}
	free(copy);
	/* only privilege levels: every branch type, as perf */
	if (!(m & ~(uint64_t)(PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_KERNEL |
			      PERF_SAMPLE_BRANCH_HV)))
		m |= PERF_SAMPLE_BRANCH_ANY;
	*mask = m;
	return 0;
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

static void config_tracking(struct perf_event_attr *attr,
			    const struct record_opts *opts)
{
	attr->mmap = 1;
	attr->mmap2 = 1;
	attr->comm = 1;
	attr->comm_exec = 1;
	attr->task = 1;
	attr->ksymbol = 1;
	attr->bpf_event = !opts->no_bpf_event;
	if (opts->sample_address)
		attr->mmap_data = 1;
	if (opts->switch_events)
		attr->context_switch = 1;
	if (opts->namespaces)
		attr->namespaces = 1;
	if (opts->build_id_mmap)
		attr->build_id = 1;
}

/* the sample bits of a call graph mode (regs and stack for dwarf) */
#define CHAIN_BITS (PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER)

/*
 * An event's own record terms (-e 'ev/call-graph=dwarf,stack-size=4096/'),
 * over the options, as perf applies them: call-graph= (fp, dwarf or no),
 * stack-size=, max-stack=, [no-]inherit, time=. 0, or -EINVAL with one
 * line for a term mperf cannot honour (it never drops one silently).
 */
static int config_terms(struct evsel *evsel, const struct record_opts *opts)
{
	const struct evsel_terms *t = &evsel->terms;
	struct perf_event_attr *attr = &evsel->attr;
	const char *cg = t->call_graph;

	if (cg && !strcmp(cg, "lbr")) {
		pr_err("%s: call-graph=lbr needs an Intel PMU with LBR, which this machine does not "
		       "have; use call-graph=fp or call-graph=dwarf\n", evsel->name);
		return -EINVAL;
	}
	if (t->overwrite >= 0 && t->overwrite != (int)opts->overwrite) {
		pr_err("%s: a per-event [no-]overwrite is not supported (all events share one kind "
		       "of buffer): use --overwrite for all, or none\n", evsel->name);
		return -EINVAL;
	}
	if (t->max_events >= 0) {
		pr_err("%s: nr= (stop after N samples of the event) is not supported by mperf "
		       "record; drop it\n", evsel->name);
		return -EINVAL;
	}
	if (t->branch_type) {
		pr_err("%s: a per-event branch_type= is not supported; use -j for all events\n",
		       evsel->name);
		return -EINVAL;
	}
	if (cg && !strcmp(cg, "no")) {
		attr->sample_type &= ~(uint64_t)CHAIN_BITS;
		attr->exclude_callchain_user = 0;
		attr->sample_stack_user = 0;
	} else if (cg && !strcmp(cg, "fp")) {
		attr->sample_type &= ~(uint64_t)(PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER);
		attr->sample_type |= PERF_SAMPLE_CALLCHAIN;
		attr->exclude_callchain_user = opts->kernel_callchains;
		attr->sample_stack_user = 0;
	} else if (cg) {	/* dwarf */
		attr->sample_type |= CHAIN_BITS | PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
		attr->sample_regs_user = host_regs_user();
		attr->sample_stack_user = opts->callchain == CALLCHAIN_DWARF ? opts->stack_size : 8192;
		attr->exclude_callchain_user = 1;
	}
	if (t->stack_size >= 0 && (attr->sample_type & PERF_SAMPLE_STACK_USER)) {
		if (!t->stack_size || t->stack_size > 65528) {
			pr_err("%s: stack-size=%" PRId64 ": give bytes up to 65528 (e.g. 16384)\n",
			       evsel->name, t->stack_size);
			return -EINVAL;
		}
		/* the kernel wants a multiple of 8 */
		attr->sample_stack_user = (uint32_t)((t->stack_size + 7) & ~7LL);
	}
	if (t->max_stack >= 0 && (attr->sample_type & PERF_SAMPLE_CALLCHAIN))
		attr->sample_max_stack = (uint16_t)t->max_stack;
	if (t->inherit >= 0)
		attr->inherit = t->inherit && !opts->per_thread;
	if (t->time == 0)
		attr->sample_type &= ~(uint64_t)PERF_SAMPLE_TIME;
	else if (t->time == 1)
		attr->sample_type |= PERF_SAMPLE_TIME;
	return 0;
}

/* :P: the highest precise level, lowered at open until one works */
static void config_modifiers(struct evsel *evsel)
{
	struct perf_event_attr *attr = &evsel->attr;

	if (evsel->precise_max)
		attr->precise_ip = 3;
	/* :S: samples carry the counts read (the group's, a member's
	 * own; no inherit then, as the kernel reads no child's) */
	if (evsel->sample_read) {
		attr->sample_type |= PERF_SAMPLE_READ;
		if (evsel->leader && evsel->leader->nr_members > 1) {
			attr->read_format |= PERF_FORMAT_GROUP;
			attr->inherit = 0;
		}
	}
}

/* @side_band: the tracking dummy record__config added (an -e dummy of the
 * user's samples as any event, as in perf) */
static int config_one(struct evsel *evsel, const struct record_opts *opts,
		      bool tracking, bool side_band, bool cpu_target)
{
	struct perf_event_attr *attr = &evsel->attr;
	bool tp = attr->type == PERF_TYPE_TRACEPOINT;
	bool dummy = side_band;
	/* perf's system-wide tracking dummy takes the sample options as any
	 * event (it never samples: its attr only, as perf's) */
	bool hg = side_band && cpu_target;
	bool dwarf = opts->callchain == CALLCHAIN_DWARF;

	attr->size = sizeof(*attr);
	attr->sample_type |= PERF_SAMPLE_IP | PERF_SAMPLE_TID;
	/* --per-thread: no timestamps unless -T, as perf (nothing is
	 * inherited, nothing to order across CPUs) */
	if (!opts->per_thread || opts->sample_time)
		attr->sample_type |= PERF_SAMPLE_TIME;
	attr->read_format = PERF_FORMAT_ID | PERF_FORMAT_LOST;
	attr->sample_id_all = 1;
	attr->inherit = !opts->no_inherit && !opts->per_thread;

	if (dummy) {
		/* side-band only: every record, never a real sample */
		attr->freq = 0;
		attr->sample_period = hg && opts->user_period ? opts->period :
				      hg && opts->no_samples ? 0 : 1;
		if (hg && opts->user_freq) {
			attr->freq = 1;
			attr->sample_freq = opts->no_samples ? 0 : opts->freq;
		}
		attr->disabled = 0;
		if (hg && (opts->sample_period || attr->freq))
			attr->sample_type |= PERF_SAMPLE_PERIOD;
		if (opts->delay_ms && tracking && !cpu_target) {
			/* -D: side-band from the exec on, as perf */
			attr->disabled = 1;
			attr->enable_on_exec = opts->workload && !cpu_target &&
					       !opts->pid && !opts->tid;
		}
	} else {
		/*
		 * Events that come with their own period (tracepoints: 1)
		 * keep it unless -c or -F was given, as in perf; a period=
		 * or freq= term is kept whatever -c or -F say (freq=0 too:
		 * perf's event then never samples).
		 */
		if (!evsel->user_period && !evsel->user_freq &&
		    (!attr->sample_period || opts->user_freq || opts->user_period)) {
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
		/* group members follow their leader, as in perf */
		attr->disabled = evsel->leader == evsel || !evsel->leader;
		/* -D: enabled by the recorder once the delay is over */
		attr->enable_on_exec = attr->disabled && opts->workload &&
				       !cpu_target && !opts->pid && !opts->tid &&
				       !opts->delay_ms;
	}
	if (tp && !dummy)
		attr->sample_type |= PERF_SAMPLE_RAW | PERF_SAMPLE_CPU;
	if (cpu_target || opts->sample_cpu)
		attr->sample_type |= PERF_SAMPLE_CPU;
	if (opts->callchain != CALLCHAIN_NONE)
		attr->sample_type |= PERF_SAMPLE_CALLCHAIN;
	if (dwarf && (!dummy || hg)) {
		attr->sample_type |= PERF_SAMPLE_REGS_USER |
				     PERF_SAMPLE_STACK_USER;
		attr->sample_regs_user = host_regs_user();
		attr->sample_stack_user = opts->stack_size;
		/* the user part comes from unwinding the stack copy */
		attr->exclude_callchain_user = 1;
	}
	if ((opts->sample_address || dwarf) && (!dummy || hg))
		attr->sample_type |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
	if (tracking)
		config_tracking(attr, opts);
	if (opts->sample_address && tracking)
		attr->mmap_data = 1;
	if (dwarf && tracking)
		attr->mmap_data = 1;
	/* the tracking dummy of --overwrite stays a forward buffer */
	attr->write_backward = opts->overwrite && !(dummy && tracking);
	if (opts->use_clockid) {
		attr->use_clockid = 1;
		attr->clockid = opts->clockid;
	}
	if (opts->no_buffering) {
		attr->watermark = 0;
		attr->wakeup_events = 1;
	}
	if (opts->running_time || opts->inherit_stat)
		attr->read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED |
				     PERF_FORMAT_TOTAL_TIME_RUNNING;
	if (opts->inherit_stat && (!dummy || hg))
		attr->inherit_stat = 1;
	/* these replace the event's own :u/:k, as in perf */
	if (opts->all_kernel && (!dummy || hg)) {
		attr->exclude_user = 1;
		attr->exclude_kernel = 0;
	}
	if (opts->all_user && (!dummy || hg)) {
		attr->exclude_kernel = 1;
		attr->exclude_user = 0;
	}
	if (dummy && !hg)
		return 0;
	/* the rest are sample contents: not on the side-band dummy (but
	 * on perf's system-wide one, no branch stack) */
	if (opts->callchain != CALLCHAIN_NONE) {
		if (opts->max_stack)
			attr->sample_max_stack = (uint16_t)opts->max_stack;
		if (opts->user_callchains)
			attr->exclude_callchain_kernel = 1;
		if (opts->kernel_callchains)
			attr->exclude_callchain_user = 1;
	}
	if (opts->sample_weight)
		attr->sample_type |= PERF_SAMPLE_WEIGHT_STRUCT;
	if (opts->sample_phys_addr)
		attr->sample_type |= PERF_SAMPLE_PHYS_ADDR;
	if (opts->sample_data_page_size)
		attr->sample_type |= PERF_SAMPLE_DATA_PAGE_SIZE;
	if (opts->sample_code_page_size)
		attr->sample_type |= PERF_SAMPLE_CODE_PAGE_SIZE;
	if (opts->raw_samples)
		attr->sample_type |= PERF_SAMPLE_RAW | PERF_SAMPLE_CPU;
	if (opts->have_user_regs && !dummy) {
		attr->sample_type |= PERF_SAMPLE_REGS_USER;
		attr->sample_regs_user = opts->user_regs;
	}
	if (opts->intr_regs && !dummy) {
		attr->sample_type |= PERF_SAMPLE_REGS_INTR;
		attr->sample_regs_intr = opts->intr_regs;
	}
	if (opts->branch_type && !dummy) {
		attr->sample_type |= PERF_SAMPLE_BRANCH_STACK;
		attr->branch_sample_type = opts->branch_type;
	}
	if (opts->no_samples) {
		/* perf keeps freq and zeroes the value */
		attr->sample_freq = 0;
	}
	config_modifiers(evsel);
	return config_terms(evsel, opts);
}

int record__config(struct evlist *evlist, const struct record_opts *opts)
{
	bool cpu_target = opts->system_wide || opts->cpu_list;
	struct evsel *evsel, *track = NULL, *added = NULL;
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
	if (cpu_target || opts->overwrite || opts->delay_ms) {
		struct perf_event_attr attr;

		memset(&attr, 0, sizeof(attr));
		attr.type = PERF_TYPE_SOFTWARE;
		attr.config = PERF_COUNT_SW_DUMMY;
		attr.size = sizeof(attr);
		/* (perf's names: from the attr with --all-user/--all-kernel) */
		track = evsel__new(&attr, !(cpu_target || opts->delay_ms) ? "dummy:u" :
				   !cpu_target ? "dummy:HG" : opts->all_user ? "dummy:uh" :
				   opts->all_kernel ? "dummy:kh" : "dummy:HG");
		if (!track || evlist__add(evlist, track)) {
			evsel__delete(track);
			return -ENOMEM;
		}
		added = track;
	} else {
		track = evlist->entries[0];
	}
	evlist__for_each(evlist, evsel, i)
		if (config_one(evsel, opts, evsel == track, evsel == added, cpu_target))
			return -EINVAL;
	evlist__for_each(evlist, evsel, i) {
		const struct evsel *leader = evsel->leader;

		/* an event's own call-graph=dwarf: the data maps too, where
		 * the objects' CFI tables are (perf 6.1 records them only when
		 * its first event unwinds, and cuts those stacks short) */
		if (track && (evsel->attr.sample_type & PERF_SAMPLE_STACK_USER))
			track->attr.mmap_data = 1;
		/* a :S group's members sample nothing: the leader's sample
		 * reads them, and they take its sample layout (perf's) */
		if (leader && leader != evsel && leader->sample_read) {
			evsel->attr.freq = 0;
			evsel->attr.sample_period = 0;
			evsel->attr.write_backward = 0;
			evsel->attr.sample_type = leader->attr.sample_type;
		}
	}

	/* several events: samples carry an id; IDENTIFIER when their
	 * layouts differ so any record can be matched first (one event
	 * read by its samples (:S) too: its counts are by id);
	 * --sample-identifier: IDENTIFIER in place of ID, as perf */
	if (opts->sample_identifier) {
		evlist__for_each(evlist, evsel, i)
			evsel->attr.sample_type = (evsel->attr.sample_type & ~(uint64_t)PERF_SAMPLE_ID) |
						  PERF_SAMPLE_IDENTIFIER;
	} else if (evlist->nr > 1 || evlist->entries[0]->sample_read) {
		uint64_t t0 = evlist->entries[0]->attr.sample_type;

		evlist__for_each(evlist, evsel, i)
			if (evsel->attr.sample_type != t0)
				same = false;
		evlist__for_each(evlist, evsel, i)
			evsel->attr.sample_type |= same ? PERF_SAMPLE_ID :
					PERF_SAMPLE_IDENTIFIER;
	} else if (opts->pipe_output) {
		/* a pipe's one event too, as perf */
		evlist->entries[0]->attr.sample_type |= PERF_SAMPLE_ID;
	}
	return 0;
}
