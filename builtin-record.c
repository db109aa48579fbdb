// SPDX-License-Identifier: GPL-2.0
/*
 * mperf record: sample events into a perf.data that Linux perf reads as
 * its own. Options -> parse-events -> attrs as perf record sets them
 * (util/record-config) -> open per (cpu, thread) -> one ring buffer per
 * CPU (or per thread) -> synthesize the existing world -> drain the
 * buffers into the file, a FINISHED_ROUND after each pass -> features and
 * header at the end. With --overwrite the buffers are a flight recorder
 * read only on SIGUSR2 (--switch-output=signal) and at exit.
 */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <pwd.h>
#include <dirent.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include "builtin.h"
#include "arch/arch.h"
#include "util/alloc.h"
#include "util/cpumap.h"
#include "util/debug.h"
#include "util/dso.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/mmap.h"
#include "util/parse-events.h"
#include "util/parse-options.h"
#include "util/record-config.h"
#include "util/record-dsos.h"
#include "util/record-output.h"
#include "util/record-signal.h"
#include "util/synthesize.h"
#include "util/workload.h"

#define DEFAULT_MMAP_PAGES	128	/* 512 KiB, as perf */
#define TRACK_LOG_MAX		(256u << 20)	/* --overwrite tracking records */

enum switch_mode {
	SWITCH_NONE,
	SWITCH_SIGNAL,
	SWITCH_SIZE,
	SWITCH_TIME,
};

struct record {
	struct record_opts opts;
	const char *output_name;
	const char *event_str;		/* all -e joined with ',' */
	char *events_buf;
	const char *freq_str;
	const char *mmap_str;
	const char *switch_str;
	int comp_level;
	bool no_buildid;
	bool no_buildid_cache;	/* -N: the vdso is not saved in ~/.debug */
	/* -e strings one by one, and --filter for the events of the nth */
	char **event_opts;
	int nr_event_opts;
	struct {
		int event_opt;
		char *filter;
	} *filters;
	int nr_filters;
	const char *max_size_str;	/* --max-size */
	uint64_t max_size;
	bool tail_synthesize;		/* --tail-synthesize */
	bool timestamp_filename;	/* --timestamp-filename */
	bool dry_run;			/* --dry-run */
	bool size_stopped;		/* --max-size ended the recording */
	const char *uid_str;		/* -u */
	char *uid_pids;

	enum switch_mode switch_mode;
	unsigned int switch_max_files;	/* --switch-max-files: keep N */
	char **switch_files;		/* the last ones, oldest first */
	bool last_dropped;		/* the last piece had no sample: removed */
	unsigned int nr_switch_files;
	uint64_t switch_size;		/* bytes */
	unsigned int switch_secs;
	int switch_count;

	struct evlist *evlist;
	struct mmap *maps;
	int nr_maps;
	struct mmap *track_maps;	/* --overwrite: forward tracking buffers */
	int nr_track_maps;
	struct {
		unsigned char *buf;	/* every tracking record so far */
		size_t len, cap;
		bool full;
	} track_log;
	bool synth_to_log;
	struct pollfd *pfds;
	int nr_pfds;

	struct workload wl;
	bool has_workload;
	bool workload_started;
	bool workload_done;
	int workload_status;

	struct record_output out;
	struct record_output_info info;
	struct record_dsos dsos;
	struct record_signals *sig;

	uint64_t wakeups;
	uint64_t samples_total;
	uint64_t last_round_ns;
	uint64_t paused_lost;		/* dropped while snapshots were read */
	uint64_t round_samples;		/* samples up to the last round */
	bool round_pending;		/* records since the last round */
	int argc;
	const char **argv;
	const char **cmdline;		/* argv as given, for CMDLINE */
	int pipe_fd;			/* -o -: the claimed stdout */
};

/* ---- options ------------------------------------------------------------ */

static int opt_event(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;
	size_t n = rec->events_buf ? strlen(rec->events_buf) : 0;
	char *s = realloc(rec->events_buf, n + strlen(arg) + 2);
	char **e;

	if (!s)
		return -1;
	if (n)
		s[n++] = ',';
	strcpy(s + n, arg);
	rec->events_buf = s;
	rec->event_str = s;
	e = realloc(rec->event_opts, (rec->nr_event_opts + 1) * sizeof(*e));
	if (!e)
		return -1;
	rec->event_opts = e;
	e[rec->nr_event_opts] = strdup(arg);
	if (!e[rec->nr_event_opts])
		return -1;
	rec->nr_event_opts++;
	return 0;
}

/* --filter / --exclude-perf: for the events of the preceding -e */
static int record__add_filter(struct record *rec, const char *label,
			      const char *filter)
{
	void *p;
	int i;

	if (!rec->nr_event_opts) {
		pr_err("%s must follow the -e tracepoint it filters (-e sys:name %s ...)\n",
		       label, label);
		return -1;
	}
	for (i = 0; i < rec->nr_filters; i++)
		if (rec->filters[i].event_opt == rec->nr_event_opts - 1)
			break;
	if (i < rec->nr_filters) {
		/* a second filter for the same -e: both must hold */
		char *both;

		if (asprintf(&both, "(%s) && (%s)", rec->filters[i].filter,
			     filter) < 0)
			return -1;
		free(rec->filters[i].filter);
		rec->filters[i].filter = both;
		return 0;
	}
	p = realloc(rec->filters, (rec->nr_filters + 1) * sizeof(*rec->filters));
	if (!p)
		return -1;
	rec->filters = p;
	rec->filters[i].event_opt = rec->nr_event_opts - 1;
	rec->filters[i].filter = strdup(filter);
	if (!rec->filters[i].filter)
		return -1;
	rec->nr_filters++;
	return 0;
}

static int opt_filter(const struct option *opt, const char *arg, int unset)
{
	return record__add_filter(opt->value, "--filter", arg);
}

static int opt_exclude_perf(const struct option *opt, const char *arg,
			    int unset)
{
	char f[64];

	snprintf(f, sizeof(f), "common_pid != %d", (int)getpid());
	return record__add_filter(opt->value, "--exclude-perf", f);
}

static int opt_clockid(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;

	if (unset) {
		rec->opts.use_clockid = false;
		return 0;
	}
	return record_opts__parse_clockid(&rec->opts, arg) ? -1 : 0;
}

static int opt_user_regs(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;
	int r;

	if (unset) {
		rec->opts.have_user_regs = false;
		return 0;
	}
	r = record__parse_regs(arg, &rec->opts.user_regs, "--user-regs");
	if (r == 1)
		exit(0);	/* "?": the list was the answer */
	rec->opts.have_user_regs = !r;
	return r ? -1 : 0;
}

static int opt_intr_regs(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;
	int r;

	if (unset) {
		rec->opts.intr_regs = 0;
		return 0;
	}
	r = record__parse_regs(arg, &rec->opts.intr_regs, "--intr-regs");
	if (r == 1)
		exit(0);
	return r ? -1 : 0;
}

static int opt_branch_any(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;

	rec->opts.branch_type = unset ? 0 : PERF_SAMPLE_BRANCH_ANY;
	return 0;
}

static int opt_branch_filter(const struct option *opt, const char *arg,
			     int unset)
{
	struct record *rec = opt->value;

	if (unset) {
		rec->opts.branch_type = 0;
		return 0;
	}
	return record__parse_branch_filter(arg, &rec->opts.branch_type) ? -1 : 0;
}

static int opt_delay(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;
	long v;
	char *end;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno || *end || end == arg || v < -1 || v > INT_MAX) {
		pr_err("invalid -D/--delay '%s': give milliseconds to wait before enabling the events\n",
		       arg);
		return -1;
	}
	if (v == -1) {
		pr_err("-D -1 starts with the events disabled for --control to enable, and mperf has no --control: give a delay in ms\n");
		return -1;
	}
	rec->opts.delay_ms = (int)v;
	return 0;
}

static int opt_g(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;

	rec->opts.callchain = unset ? CALLCHAIN_NONE : CALLCHAIN_FP;
	return 0;
}

static int opt_call_graph(const struct option *opt, const char *arg,
			  int unset)
{
	struct record *rec = opt->value;

	if (unset) {
		rec->opts.callchain = CALLCHAIN_NONE;
		return 0;
	}
	return record_opts__parse_callchain(&rec->opts, arg) ? -1 : 0;
}

static int opt_count(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;

	if (parse_u64(arg, &rec->opts.period)) {
		pr_err("invalid period '%s' for -c: give an event count\n", arg);
		return -1;
	}
	rec->opts.user_period = true;
	return 0;
}

static int opt_compress(const struct option *opt, const char *arg, int unset)
{
	struct record *rec = opt->value;
	uint64_t v = 1;

	if (unset) {
		rec->comp_level = 0;
		return 0;
	}
	if (arg && (parse_u64(arg, &v) || v < 1 || v > 22)) {
		pr_err("invalid compression level '%s': use 1 (fast) to 22 (small)\n",
		       arg);
		return -1;
	}
	rec->comp_level = (int)v;
	return 0;
}

static int parse_mmap_pages(struct record *rec)
{
	uint64_t v;
	long ps = sysconf(_SC_PAGESIZE);

	if (!rec->mmap_str) {
		rec->opts.mmap_pages = DEFAULT_MMAP_PAGES;
		return 0;
	}
	if (parse_size(rec->mmap_str, &v) || !v) {
		pr_err("invalid -m '%s': give a number of pages (a power of 2) or a size such as 512K\n",
		       rec->mmap_str);
		return -EINVAL;
	}
	/* a plain number is pages; with a unit it is bytes */
	if (strspn(rec->mmap_str, "0123456789") != strlen(rec->mmap_str))
		v = (v + (uint64_t)ps - 1) / (uint64_t)ps;
	if (v & (v - 1)) {
		uint64_t p = 1;

		while (p < v)
			p <<= 1;
		pr_info("rounding mmap pages up to the next power of 2: %llu\n",
			(unsigned long long)p);
		v = p;
	}
	if (v > (1u << 20)) {
		pr_err("-m %s is too large\n", rec->mmap_str);
		return -EINVAL;
	}
	rec->opts.mmap_pages = (unsigned int)v;
	return 0;
}

static int parse_switch_output(struct record *rec)
{
	const char *s = rec->switch_str;
	char unit = 0;
	unsigned long long v;
	int n = 0;

	if (!s)
		return 0;
	if (!strcmp(s, "signal")) {
		rec->switch_mode = SWITCH_SIGNAL;
		return 0;
	}
	if (sscanf(s, "%llu%c%n", &v, &unit, &n) == 2 && !s[n] && v) {
		switch (unit) {
		case 'B': case 'b':
			rec->switch_mode = SWITCH_SIZE; rec->switch_size = v; return 0;
		case 'K': case 'k':
			rec->switch_mode = SWITCH_SIZE; rec->switch_size = v << 10; return 0;
		case 'M': case 'm':
			rec->switch_mode = SWITCH_SIZE; rec->switch_size = v << 20; return 0;
		case 'G': case 'g':
			rec->switch_mode = SWITCH_SIZE; rec->switch_size = v << 30; return 0;
		case 's':
			rec->switch_mode = SWITCH_TIME; rec->switch_secs = (unsigned)v; return 0;
		case 'h':
			rec->switch_mode = SWITCH_TIME; rec->switch_secs = (unsigned)v * 3600; return 0;
		case 'd':
			rec->switch_mode = SWITCH_TIME; rec->switch_secs = (unsigned)v * 86400; return 0;
		default:
			break;
		}
	}
	n = 0;
	if (sscanf(s, "%llum%n", &v, &n) == 1 && n && !s[n] && v) {
		rec->switch_mode = SWITCH_TIME;
		rec->switch_secs = (unsigned)v * 60;
		return 0;
	}
	pr_err("invalid --switch-output '%s': use signal, a size (100K, 10M, 1G) or a time (30s, 5m, 1h, 1d)\n",
	       s);
	return -EINVAL;
}

/* ---- events ------------------------------------------------------------- */

static bool record__can_profile_kernel(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int level = 2;

	if (f) {
		if (fscanf(f, "%d", &level) != 1)
			level = 2;
		fclose(f);
	}
	return level <= 1 || geteuid() == 0;
}

static int record__add_events(struct record *rec)
{
	struct parse_events_error perr;
	struct perf_event_attr attr;
	struct evsel *evsel;
	int err;

	rec->evlist = evlist__new();
	if (!rec->evlist)
		return -ENOMEM;
	for (int i = 0; i < rec->nr_event_opts; i++) {
		int before = rec->evlist->nr;

		memset(&perr, 0, sizeof(perr));
		err = parse_events(rec->evlist, rec->event_opts[i], &perr);
		if (err) {
			parse_events_error__print(&perr, rec->event_opts[i]);
			parse_events_error__exit(&perr);
			return err;
		}
		for (int f = 0; f < rec->nr_filters; f++) {
			if (rec->filters[f].event_opt != i)
				continue;
			for (int k = before; k < rec->evlist->nr; k++) {
				evsel = rec->evlist->entries[k];
				evsel->filter = strdup(rec->filters[f].filter);
				if (!evsel->filter)
					return -ENOMEM;
			}
		}
	}
	if (rec->nr_event_opts)
		return 0;
	/*
	 * perf's default: the most precise cycles the CPU offers, user space
	 * only when the kernel may not be profiled (perf_event_paranoid > 1
	 * and not root), as perf does, so it works unprivileged.
	 */
	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.size = sizeof(attr);
	attr.precise_ip = 3;
	attr.exclude_kernel = !record__can_profile_kernel();
	/* perf's attr defaults: guest samples are not wanted (but see the
	 * arch's fixup) */
	attr.exclude_guest = 1;
	if (arch__for_host() && arch__for_host()->fixup_default_cycles)
		arch__for_host()->fixup_default_cycles(&attr);
	if (rec->opts.all_user || rec->opts.all_kernel) {
		attr.exclude_kernel = rec->opts.all_user;
		attr.exclude_user = rec->opts.all_kernel;
	}
	{
		char mods[16], name[32];

		evsel__attr_modifiers(&attr, mods, sizeof(mods));
		snprintf(name, sizeof(name), "cycles%s", mods);
		evsel = evsel__new(&attr, name);
	}
	if (!evsel)
		return -ENOMEM;
	evsel->precise_max = true;
	return evlist__add(rec->evlist, evsel);
}

static int record__make_maps(struct record *rec)
{
	struct record_opts *o = &rec->opts;
	struct cpumap *cpus = NULL;
	struct threadmap *threads = NULL;

	if (o->system_wide || o->cpu_list) {
		cpus = o->cpu_list ? cpumap__new(o->cpu_list) : cpumap__online();
		if (!cpus) {
			pr_err("invalid CPU list '%s': %s (online CPUs are in /sys/devices/system/cpu/online)\n",
			       o->cpu_list ? o->cpu_list : "", strerror(errno));
			return -EINVAL;
		}
		threads = threadmap__new_any();
	} else {
		if (o->pid)
			threads = threadmap__new_by_pids(o->pid);
		else if (o->tid)
			threads = threadmap__new_by_tids(o->tid);
		else
			threads = threadmap__new_one(rec->wl.pid);
		if (!threads) {
			pr_err("no such process or thread '%s': %s\n",
			       o->pid ? o->pid : o->tid ? o->tid : "workload",
			       strerror(errno));
			return -ESRCH;
		}
		cpus = o->per_thread ? cpumap__new_any() : cpumap__online();
	}
	if (!cpus || !threads) {
		cpumap__delete(cpus);
		threadmap__delete(threads);
		return -ENOMEM;
	}
	evlist__set_maps(rec->evlist, cpus, threads);
	return 0;
}

static int record__open(struct record *rec)
{
	struct evlist *evlist = rec->evlist;
	struct evsel *evsel;
	char msg[512];
	int i, err;

	evlist__for_each(evlist, evsel, i) {
		struct perf_event_attr saved = evsel->attr;
		bool explicit = rec->event_str != NULL;

		if (verbose >= 2)
			evsel__fprintf_attr(stderr, &evsel->attr);
retry:
		err = evsel__open(evsel, evlist->cpus, evlist->threads);
		if (!err)
			continue;
		if (evsel__fallback(evsel, err, msg, sizeof(msg))) {
			char mods[16], *name;

			/*
			 * Keep what perf keeps (the precise level) and name the
			 * event from its attr as perf does: cpu-clock:pppH.
			 */
			evsel->attr.precise_ip = saved.precise_ip;
			evsel->precise_max = false;
			evsel__attr_modifiers(&evsel->attr, mods, sizeof(mods));
			if (asprintf(&name, "cpu-clock%s", mods) >= 0) {
				free(evsel->name);
				evsel->name = name;
			}
			if (explicit)
				pr_info("%s\n", msg);
			else
				pr_debug("%s\n", msg);
			goto retry;
		}
		if (evsel__fallback_user(evsel, err))
			goto retry;
		if (evsel->attr.branch_sample_type &&
		    (err == -EOPNOTSUPP || err == -EINVAL || err == -ENOENT)) {
			pr_err("%s: the kernel refuses branch stack sampling (-b/-j): it needs a PMU that records branches (Intel LBR, AMD BRS, Arm BRBE), which this machine lacks; record without -b/-j\n",
			       evsel->name);
			return err;
		}
		evsel__strerror_open(evsel, err, msg, sizeof(msg));
		pr_err("%s\n", msg);
		return err;
	}
	evlist__for_each(evlist, evsel, i) {
		int n = evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0;

		if (!evsel->filter)
			continue;
		for (int k = 0; k < n; k++) {
			if (evsel->fds[k] < 0 ||
			    !ioctl(evsel->fds[k], PERF_EVENT_IOC_SET_FILTER,
				   evsel->filter))
				continue;
			err = -errno;
			pr_err("the kernel refused the filter '%s' on %s (%s): filters are for tracepoints; check the field names in the event's format (mperf list --details %s)\n",
			       evsel->filter, evsel->name, strerror(-err),
			       evsel->name);
			return err;
		}
	}
	return 0;
}

/* ---- ring buffers -------------------------------------------------------- */

static int record__add_pollfd(struct record *rec, int fd)
{
	struct pollfd *p = realloc(rec->pfds, (rec->nr_pfds + 1) * sizeof(*p));

	if (!p)
		return -ENOMEM;
	rec->pfds = p;
	p[rec->nr_pfds].fd = fd;
	p[rec->nr_pfds].events = POLLIN;
	p[rec->nr_pfds].revents = 0;
	rec->nr_pfds++;
	return 0;
}

/*
 * One buffer per CPU (every event and thread of that CPU redirected into
 * it with SET_OUTPUT), or per thread when the events are per-thread. The
 * kernel does not mix directions in one buffer: @backward selects the
 * write_backward events (--overwrite) or the forward ones.
 */
static int record__mmap_set(struct record *rec, struct mmap **out, int *nr,
			    bool backward)
{
	struct evlist *evlist = rec->evlist;
	int ncpu = evlist->cpus->nr, nthr = evlist->threads->nr;
	bool per_thread = ncpu == 1 && evlist->cpus->map[0] == -1;
	int nbuf = per_thread ? nthr : ncpu;
	/* the tracking buffers of --overwrite carry little */
	unsigned int pages = backward || !rec->opts.overwrite ?
			     rec->opts.mmap_pages : 16;
	struct mmap *maps;

	maps = calloc((size_t)nbuf, sizeof(*maps));
	if (!maps)
		return -ENOMEM;
	*out = maps;
	*nr = 0;
	for (int b = 0; b < nbuf; b++) {
		struct evsel *evsel;
		int i, owner = -1, err;

		maps[b].fd = -1;
		evlist__for_each(evlist, evsel, i) {
			int t0 = per_thread ? b : 0, t1 = per_thread ? b + 1 : nthr;
			int c = per_thread ? 0 : b;

			if (!evsel->fds || evsel->attr.write_backward != backward)
				continue;
			for (int t = t0; t < t1; t++) {
				int fd = EVSEL_FD(evsel, c, t);

				if (fd < 0)
					continue;
				if (owner < 0) {
					err = mmap__map(&maps[b], fd, pages, backward,
							evlist->cpus->map[c]);
					if (err) {
						pr_err("cannot mmap the ring buffer (%u pages): %s%s\n",
						       pages, strerror(-err),
						       err == -EPERM ?
						       "; lower -m or raise /proc/sys/kernel/perf_event_mlock_kb" : "");
						return err;
					}
					owner = fd;
				} else {
					err = mmap__set_output(fd, owner);
					if (err) {
						pr_err("cannot redirect %s into the ring buffer: %s\n",
						       evsel->name, strerror(-err));
						return err;
					}
				}
				/* backward buffers are read on demand only */
				if (!backward) {
					err = record__add_pollfd(rec, fd);
					if (err)
						return err;
				}
			}
		}
		*nr = b + 1;
	}
	return 0;
}

static int record__mmap(struct record *rec)
{
	int err = record__mmap_set(rec, &rec->maps, &rec->nr_maps,
				   rec->opts.overwrite);

	if (!err && rec->opts.overwrite)
		err = record__mmap_set(rec, &rec->track_maps,
				       &rec->nr_track_maps, false);
	return err;
}

static void record__munmap(struct record *rec)
{
	for (int i = 0; i < rec->nr_maps; i++)
		mmap__unmap(&rec->maps[i]);
	for (int i = 0; i < rec->nr_track_maps; i++)
		mmap__unmap(&rec->track_maps[i]);
	free(rec->track_maps);
	rec->track_maps = NULL;
	rec->nr_track_maps = 0;
	free(rec->track_log.buf);
	free(rec->maps);
	rec->maps = NULL;
	rec->nr_maps = 0;
	free(rec->pfds);
	rec->pfds = NULL;
	rec->nr_pfds = 0;
}

static int record__log_push(void *ctx, const void *buf, size_t size)
{
	struct record *rec = ctx;

	/* a bound for days-long flight recordings of busy systems */
	if (rec->track_log.len + size > TRACK_LOG_MAX) {
		if (!rec->track_log.full)
			pr_warning("--overwrite: %u MiB of mmap/comm/task records kept; newer ones are dropped, so snapshots may not name newer tasks\n",
				   TRACK_LOG_MAX >> 20);
		rec->track_log.full = true;
		return 0;
	}
	if (ALLOC_GROW(rec->track_log.buf, rec->track_log.len + size, rec->track_log.cap, 65536))
		return -ENOMEM;
	memcpy(rec->track_log.buf + rec->track_log.len, buf, size);
	rec->track_log.len += size;
	return 0;
}

/* --overwrite: keep what the tracking buffers bring, for every snapshot */
static int record__drain_tracking(struct record *rec)
{
	for (int i = 0; i < rec->nr_track_maps; i++) {
		ssize_t n = mmap__push(&rec->track_maps[i], rec,
				       record__log_push);

		if (n < 0)
			return (int)n;
	}
	return 0;
}

/* Write the tracking log into the current file, accounting each record. */
static int record__write_log(struct record *rec)
{
	size_t off = 0;

	while (off + sizeof(struct perf_event_header) <= rec->track_log.len) {
		const struct perf_event_header *h =
			(const void *)(rec->track_log.buf + off);

		if (h->size < sizeof(*h) || off + h->size > rec->track_log.len)
			break;
		record_dsos__event(&rec->dsos, h);
		off += h->size;
	}
	return record_output__write(&rec->out, rec->track_log.buf, off);
}

static int record__push(void *ctx, const void *buf, size_t size)
{
	struct record *rec = ctx;

	return record_output__write(&rec->out, buf, size);
}

static void record__sample_time(struct record *rec,
				const struct perf_event_header *h)
{
	const uint64_t *u = (const void *)(h + 1);
	uint64_t t = rec->evlist->entries[0]->attr.sample_type, time;

	if (!(t & PERF_SAMPLE_TIME))
		return;
	if (t & PERF_SAMPLE_IDENTIFIER)
		u++;
	if (t & PERF_SAMPLE_IP)
		u++;
	if (t & PERF_SAMPLE_TID)
		u++;
	time = *u;
	if (!rec->info.first_sample_time || time < rec->info.first_sample_time)
		rec->info.first_sample_time = time;
	if (time > rec->info.last_sample_time)
		rec->info.last_sample_time = time;
}

/* Walk the range for accounting, then write it as is. */
/*
 * A write_backward buffer, newest record first. The kernel never runs out
 * of room in it; its only LOST records count what it dropped while we
 * paused it for an earlier snapshot, a gap before this snapshot's data.
 * They are counted, not written: a reader would take them for an
 * overloaded recorder.
 */
static ssize_t record__drain_backward(struct record *rec, struct mmap *map)
{
	struct perf_event_header *h;
	ssize_t total = 0;
	int err;

	while ((h = mmap__read_event(map))) {
		if (h->type == PERF_RECORD_LOST) {
			rec->paused_lost += ((const uint64_t *)(h + 1))[1];
			continue;
		}
		record_dsos__event(&rec->dsos, h);
		if (h->type == PERF_RECORD_SAMPLE)
			record__sample_time(rec, h);
		err = record_output__write(&rec->out, h, h->size);
		if (err)
			return err;
		total += h->size;
	}
	mmap__consume(map);
	return total;
}

static ssize_t record__drain_map(struct record *rec, struct mmap *map)
{
	struct perf_event_header *h;
	uint64_t start;

	if (mmap__read_init(map))
		return 0;
	if (map->overwrite)
		return record__drain_backward(rec, map);
	start = map->start;
	while ((h = mmap__read_event(map))) {
		record_dsos__event(&rec->dsos, h);
		if (h->type == PERF_RECORD_SAMPLE)
			record__sample_time(rec, h);
	}
	map->start = start;
	return mmap__push_range(map, rec, record__push);
}

/* One pass over every buffer; a FINISHED_ROUND when anything came. */
static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * The round a reader may sort and flush. A record is written a moment
 * after its timestamp (longer when a busy or virtual CPU is preempted in
 * between), so a pass can bring records older than the previous pass's
 * newest: rounds at most every 100 ms keep such stragglers inside a
 * round, where perf's reader sorts them, instead of "out of order".
 */
#define ROUND_MIN_NS	100000000ULL

static int record__round(struct record *rec, bool force)
{
	uint64_t now = now_ns();
	int err;

	if (!force && now - rec->last_round_ns < ROUND_MIN_NS)
		return 0;
	err = record_output__round(&rec->out);
	if (!err) {
		rec->last_round_ns = now;
		rec->round_pending = false;
		rec->round_samples = rec->dsos.nr_samples;
	}
	return err;
}

/* One pass over every buffer. */
static ssize_t record__mmap_read_all(struct record *rec)
{
	ssize_t total = 0;

	for (int i = 0; i < rec->nr_maps; i++) {
		ssize_t n = record__drain_map(rec, &rec->maps[i]);

		if (n < 0)
			return n;
		total += n;
	}
	if (total > 0)
		rec->round_pending = true;
	if (rec->round_pending) {
		int err = record__round(rec, false);

		if (err)
			return err;
	}
	return total;
}

/*
 * Flight recorder: stop the kernel writing, read every buffer from its
 * head, add the tracking records kept since the start (the MMAP/COMM of
 * the samples' tasks, long overwritten in the sample buffers), all in one
 * round so a reader sorts them by time.
 */
static ssize_t record__snapshot_read(struct record *rec)
{
	ssize_t total = 0;
	int err;

	for (int i = 0; i < rec->nr_maps; i++)
		mmap__pause(&rec->maps[i], true);
	for (int i = 0; i < rec->nr_maps; i++) {
		ssize_t n = record__drain_map(rec, &rec->maps[i]);

		if (n < 0) {
			total = n;
			break;
		}
		total += n;
	}
	for (int i = 0; i < rec->nr_maps; i++)
		mmap__pause(&rec->maps[i], false);
	if (total < 0)
		return total;
	err = record__drain_tracking(rec);
	if (!err)
		err = record__write_log(rec);
	if (!err)
		err = record_output__round(&rec->out);
	return err ? err : total;
}

/* ---- output --------------------------------------------------------------- */

static int synth_emit(struct synth *s, const struct perf_event_header *h)
{
	struct record *rec = s->ctx;

	if (rec->opts.overwrite)
		return record__log_push(rec, h, h->size);
	record_dsos__event(&rec->dsos, h);
	return record_output__write(&rec->out, h, h->size);
}

static bool record__samples_kernel(struct evlist *evlist)
{
	struct evsel *evsel;
	int i;

	evlist__for_each(evlist, evsel, i)
		if (!evsel->attr.exclude_kernel)
			return true;
	return false;
}

static int record__synthesize(struct record *rec, bool round)
{
	struct evsel *first = record__first_evsel(rec->evlist);
	struct synth s = {
		.id_hdr_size = record__id_hdr_size(first->attr.sample_type),
		.mmap_data = rec->opts.sample_address ||
			     rec->opts.callchain == CALLCHAIN_DWARF,
		.namespaces = rec->opts.namespaces,
		.build_id_mmap = rec->opts.build_id_mmap,
		.emit = synth_emit,
		.ctx = rec,
	};
	struct perf_event_header fin = {
		.type = PERF_RECORD_FINISHED_INIT, .size = sizeof(fin),
	};
	bool kernel = record__samples_kernel(rec->evlist);
	int err;

	err = synthesize__id_index(&s, rec->evlist);
	/* the kernel's maps, unless every event excludes the kernel (as
	 * perf: then there are none) */
	if (!err && kernel)
		err = synthesize__kernel_mmap(&s);
	if (err == -ENOENT || err == -EACCES) {
		char why[256];

		kallsyms__hidden_advice(why, sizeof(why));
		pr_warning("no kernel map recorded, kernel symbols will not resolve: %s\n", why);
		err = 0;
	}
	if (!err && kernel)
		err = synthesize__modules(&s);
	if (!err)
		err = synthesize__event_maps(&s, rec->evlist, rec->opts.pipe_output);
	if (!err) {
		if (rec->opts.system_wide || rec->opts.cpu_list)
			err = synthesize__all(&s);
		else if (rec->opts.pid || rec->opts.tid || rec->workload_started)
			err = synthesize__threadmap(&s, rec->evlist->threads);
		/* the held workload: its maps die with the exec (and,
		 * as perf, its name too beside the other targets: the
		 * scan may have read it before its child renamed it) */
		if (!err && rec->has_workload && !rec->workload_started)
			err = synthesize__comm(&s, rec->wl.pid, rec->wl.pid,
					       "mperf-exec");
	}
	synth__exit(&s);
	if (!err)	/* (into the tracking log under --overwrite) */
		err = synth_emit(&s, &fin);
	if (!err && round && !rec->opts.overwrite)
		err = record_output__round(&rec->out);
	return err;
}

/*
 * The samples the kernel dropped for each event fd (PERF_FORMAT_LOST), as
 * perf writes them at the end: a LOST_SAMPLES record per fd that lost
 * some, its id in the sample_id_all fields ("# Total Lost Samples").
 */
static int record__lost_samples(struct record *rec)
{
	struct evsel *evsel;
	int i, err = 0;

	evlist__for_each(rec->evlist, evsel, i) {
		int n = evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0;
		uint64_t t = evsel->attr.sample_type;

		for (int k = 0; k < n && !err; k++) {
			uint64_t rec_buf[2 + 8] = { 0 }, lost, *w = rec_buf + 2;
			struct perf_event_header *h = (void *)rec_buf;

			if (evsel__read_lost(evsel, k, &lost) || !lost)
				continue;
			rec_buf[1] = lost;
			/* pid/tid, time: 0; the fd's id; stream id, cpu: 0 */
			w += !!(t & PERF_SAMPLE_TID) + !!(t & PERF_SAMPLE_TIME);
			if (t & PERF_SAMPLE_ID)
				*w++ = evsel->ids[k];
			w += !!(t & PERF_SAMPLE_STREAM_ID) + !!(t & PERF_SAMPLE_CPU);
			if (t & PERF_SAMPLE_IDENTIFIER)
				*w++ = evsel->ids[k];
			h->type = PERF_RECORD_LOST_SAMPLES;
			h->size = (uint16_t)(16 + record__id_hdr_size(t));
			record_dsos__event(&rec->dsos, h);
			err = record_output__write(&rec->out, h, h->size);
		}
	}
	return err;
}

/* What to do when the output file cannot be created. */
static const char *record__create_hint(int err)
{
	switch (-err) {
	case EACCES:
	case EPERM:
		return ": no write permission there; record elsewhere with -o DIR/perf.data";
	case EROFS:
		return ": record elsewhere with -o DIR/perf.data";
	case ENOSPC:
	case EDQUOT:
		return ": free some space or record elsewhere with -o DIR/perf.data";
	case ENOENT:
		return ": create the directory first or fix the path given to -o";
	default:
		return "";
	}
}

static int record__start_output(struct record *rec, const char *path)
{
	int err;

	err = record_output__open(&rec->out, path, rec->comp_level,
				  rec->pipe_fd);
	rec->pipe_fd = -1;
	if (err) {
		if (err != -EINVAL)
			pr_err("cannot create '%s': %s%s\n", path, strerror(-err),
			       record__create_hint(err));
		return err;
	}
	record_dsos__exit(&rec->dsos);
	rec->round_samples = 0;
	record_dsos__init(&rec->dsos,
			  record__first_evsel(rec->evlist)->attr.sample_type);
	rec->dsos.all = rec->opts.buildid_all;
	rec->info.dsos = &rec->dsos;
	rec->info.output = &rec->out;
	rec->info.first_sample_time = 0;
	rec->info.last_sample_time = 0;
	rec->info.mmap_len = ((uint64_t)rec->opts.mmap_pages + 1) *
			     (uint64_t)sysconf(_SC_PAGESIZE);
	err = record_output__begin(&rec->out, rec->evlist, &rec->info);
	/* overwrite: synthesized once into the tracking log */
	if (!err && (!rec->opts.overwrite || !rec->track_log.len) &&
	    !(rec->tail_synthesize && !rec->opts.overwrite))
		err = record__synthesize(rec, true);
	return err;
}

static void record__report_write_error(struct record *rec, int err)
{
	if (err == -ENOSPC || err == -EDQUOT)
		pr_err("writing '%s' failed: %s; recording stopped, the file keeps the data up to the last complete round (%.3f MB)\n",
		       rec->out.path, strerror(-err),
		       (double)rec->out.round_size / 1024 / 1024);
	else
		pr_err("writing '%s' failed: %s\n", rec->out.path,
		       strerror(-err));
}

static int record__finish_output(struct record *rec)
{
	int err;

	if (rec->round_pending && !rec->out.error)
		record__round(rec, true);
	/* --tail-synthesize: the tasks and maps as they are now */
	if (rec->tail_synthesize && !rec->opts.overwrite && !rec->out.error)
		record__synthesize(rec, true);
	/* after a write error the file ends at the last complete round */
	rec->samples_total += rec->out.error ? rec->round_samples :
				rec->dsos.nr_samples;
	if (rec->no_buildid)
		rec->info.dsos = NULL;
	/* the [vdso] the file lists is read from perf's build-id cache:
	 * saved there as perf record saves it (not the other objects: they
	 * are files of this machine already) */
	else if (!rec->no_buildid_cache && record_dsos__has(&rec->dsos, "[vdso]"))
		build_id_cache__add_vdso();
	err = record_output__end(&rec->out, rec->evlist, &rec->info);
	record_output__close(&rec->out);
	return err;
}

/* perf.data.<YYYYmmddHHMMSScc> as perf names the switched-out files */
static void record__timestamp_name(const char *base, char *buf, size_t size)
{
	struct timeval tv;
	struct tm tm;

	gettimeofday(&tv, NULL);
	localtime_r(&tv.tv_sec, &tm);
	snprintf(buf, size, "%s.%04d%02d%02d%02d%02d%02d%02d", base,
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, (int)(tv.tv_usec / 10000));
}

/* --switch-max-files N: remove the oldest once there are more than N */
static void record__keep_file(struct record *rec, const char *name)
{
	unsigned int n = rec->switch_max_files;
	char *copy;

	if (!n)
		return;
	if (rec->nr_switch_files == n) {
		if (unlink(rec->switch_files[0]) && errno != ENOENT)
			pr_warning("--switch-max-files: cannot remove '%s': %s\n",
				   rec->switch_files[0], strerror(errno));
		free(rec->switch_files[0]);
		memmove(rec->switch_files, rec->switch_files + 1,
			(n - 1) * sizeof(*rec->switch_files));
		rec->nr_switch_files--;
	}
	copy = strdup(name);
	if (copy)
		rec->switch_files[rec->nr_switch_files++] = copy;
}

/*
 * --switch-output: finish the current file under a timestamped name and
 * start a new one. @at_exit: the last one, no new file.
 */
static int record__switch_output(struct record *rec, bool at_exit)
{
	char name[PATH_MAX];
	int err;

	if (rec->opts.overwrite) {
		ssize_t n = record__snapshot_read(rec);

		if (n < 0)
			return (int)n;
	}
	err = record__finish_output(rec);
	if (at_exit && !err && rec->switch_count && !rec->dsos.nr_samples) {
		/* nothing came after the last switch: no empty piece */
		unlink(rec->output_name);
		rec->last_dropped = true;
		return 0;
	}
	record__timestamp_name(rec->output_name, name, sizeof(name));
	if (rename(rec->output_name, name)) {
		pr_err("cannot rename '%s' to '%s': %s\n", rec->output_name,
		       name, strerror(errno));
		return -errno;
	}
	rec->switch_count++;
	record__keep_file(rec, name);
	if (!quiet) {
		if (!at_exit)
			fprintf(stderr, "[ mperf record: dump data: Woken up %llu times ]\n",
				(unsigned long long)rec->wakeups);
		fprintf(stderr, "[ mperf record: Dump %s ]\n", name);
	}
	if (err || at_exit)
		return err;
	rec->wakeups = 0;
	return record__start_output(rec, rec->output_name);
}

/* ---- the loop ------------------------------------------------------------ */

static void record__check_workload(struct record *rec)
{
	int status;
	pid_t r;

	if (!rec->has_workload || rec->workload_done)
		return;
	r = waitpid(rec->wl.pid, &status, WNOHANG);
	if (r == rec->wl.pid) {
		rec->workload_done = true;
		rec->workload_status = status;
	}
}

/*
 * Stop polling fds that hung up (their task is gone); true when none is
 * left: the monitored tasks are all gone (-p/-t).
 */
static bool record__filter_hup(struct record *rec)
{
	int live = 0;

	for (int i = 0; i < rec->nr_pfds; i++) {
		if (rec->pfds[i].fd >= 0 &&
		    (rec->pfds[i].revents & (POLLHUP | POLLERR)))
			rec->pfds[i].fd = -1;
		if (rec->pfds[i].fd >= 0)
			live++;
	}
	return rec->nr_pfds && !live;
}

static int record__loop(struct record *rec)
{
	struct record_signals *sig = rec->sig;
	bool draining = false;
	int err = 0;

	for (;;) {
		ssize_t n = 0;

		if (!rec->opts.overwrite) {
			n = record__mmap_read_all(rec);
			if (n < 0) {
				err = (int)n;
				break;
			}
		} else {
			size_t before = rec->track_log.len;

			err = record__drain_tracking(rec);
			if (err)
				break;
			n = (ssize_t)(rec->track_log.len - before);
		}
		if (sig->snapshot) {
			sig->snapshot = 0;
			if (rec->switch_mode != SWITCH_NONE) {
				err = record__switch_output(rec, false);
				if (err)
					break;
			}
		}
		if (sig->alarm) {
			sig->alarm = 0;
			if (rec->switch_mode == SWITCH_TIME) {
				err = record__switch_output(rec, false);
				if (err)
					break;
				alarm(rec->switch_secs);
			}
		}
		if (rec->switch_mode == SWITCH_SIZE &&
		    rec->out.data_size >= rec->switch_size) {
			err = record__switch_output(rec, false);
			if (err)
				break;
		}
		if (rec->max_size && !sig->done &&
		    rec->out.data_size >= rec->max_size) {
			if (!quiet)
				fprintf(stderr, "[ mperf record: the size limit of --max-size was reached (%llu KB), stopping ]\n",
					(unsigned long long)(rec->out.data_size >> 10));
			sig->done = 1;
			rec->size_stopped = true;
		}
		if (sig->child) {
			sig->child = 0;
			record__check_workload(rec);
		}
		if (sig->done || rec->workload_done) {
			if (draining)
				break;
			draining = true;
			/* one more pass for what came meanwhile */
			continue;
		}
		if (n == 0) {
			int r;

			/* idle: close the round before sleeping */
			if (rec->round_pending) {
				err = record__round(rec, true);
				if (err)
					break;
			}
			r = poll(rec->pfds, (nfds_t)rec->nr_pfds,
				     rec->has_workload ? 500 : -1);

			if (r > 0) {
				rec->wakeups++;
				if (record__filter_hup(rec) && !rec->has_workload)
					sig->done = 1;
			} else if (r < 0 && errno != EINTR) {
				err = -errno;
				break;
			}
		}
	}
	return err;
}

/* ---- command -------------------------------------------------------------- */

/* -u USER: the processes of that user now, as a -p list */
static int record__uid_pids(struct record *rec)
{
	struct passwd *pw = getpwnam(rec->uid_str);
	uint64_t v;
	uid_t uid;
	DIR *d;
	struct dirent *de;
	size_t len = 0, cap = 0;
	char *list = NULL;

	if (pw) {
		uid = pw->pw_uid;
	} else if (!parse_u64(rec->uid_str, &v) && v < UINT32_MAX) {
		uid = (uid_t)v;
	} else {
		pr_err("unknown user '%s' for -u: give a user name or a numeric uid\n",
		       rec->uid_str);
		return -EINVAL;
	}
	d = opendir("/proc");
	if (!d) {
		pr_err("cannot read /proc for -u: %s\n", strerror(errno));
		return -errno;
	}
	while ((de = readdir(d))) {
		char path[300];
		struct stat st;
		size_t n;

		if (!strspn(de->d_name, "0123456789") ||
		    de->d_name[strspn(de->d_name, "0123456789")])
			continue;
		/* not ourselves: our own events would feed back */
		if (atoi(de->d_name) == (int)getpid())
			continue;
		snprintf(path, sizeof(path), "/proc/%s", de->d_name);
		if (stat(path, &st) || st.st_uid != uid)
			continue;
		n = strlen(de->d_name);
		if (ALLOC_GROW(list, len + n + 2, cap, 1024)) {
			free(list);
			closedir(d);
			return -ENOMEM;
		}
		if (len)
			list[len++] = ',';
		memcpy(list + len, de->d_name, n + 1);
		len += n;
	}
	closedir(d);
	if (!list) {
		pr_err("user '%s' (-u) has no processes to record\n", rec->uid_str);
		return -ESRCH;
	}
	rec->uid_pids = list;
	rec->opts.pid = list;
	return 0;
}

/* --group: every event in one group led by the first, as {a,b,...} */
static void record__group(struct evlist *evlist)
{
	struct evsel *leader = record__first_evsel(evlist), *evsel;
	int i;

	if (!leader || evlist->nr < 2 || evlist__nr_groups(evlist) > 0)
		return;
	evlist__for_each(evlist, evsel, i)
		evsel->leader = leader;
	leader->nr_members = evlist->nr;
}

/*
 * -D: the side-band runs from the start, the events after the delay; the
 * buffers are drained meanwhile. False when the recording ended first.
 */
static bool record__wait_delay(struct record *rec)
{
	uint64_t end = now_ns() + (uint64_t)rec->opts.delay_ms * 1000000ULL;

	while (now_ns() < end) {
		uint64_t left = end - now_ns();
		struct timespec ts = { 0, (long)(left < 10000000 ? left : 10000000) };

		if (rec->sig->done || rec->workload_done)
			return false;
		if (record__mmap_read_all(rec) < 0)
			return false;
		nanosleep(&ts, NULL);
		if (rec->sig->child) {
			rec->sig->child = 0;
			record__check_workload(rec);
		}
	}
	return true;
}

static int record__check_target(struct record *rec, int argc)
{
	struct record_opts *o = &rec->opts;
	int targets = !!o->pid + !!o->tid + !!(o->system_wide || o->cpu_list);

	if (o->pid && o->tid) {
		pr_err("-p and -t both given: use one of them\n");
		return -EINVAL;
	}
	if ((o->pid || o->tid) && (o->system_wide || o->cpu_list)) {
		pr_err("-p/-t cannot be combined with -a/-C: record a process or CPUs\n");
		return -EINVAL;
	}
	if (!targets && !argc) {
		pr_err("nothing to record: give a command (mperf record -- CMD), -p PID, -t TID or -a\n");
		return -EINVAL;
	}
	o->workload = argc > 0;
	if (o->overwrite && rec->output_name && !strcmp(rec->output_name, "-")) {
		pr_err("--overwrite cannot write to a pipe: snapshots are complete files\n");
		return -EINVAL;
	}
	if (rec->switch_mode != SWITCH_NONE && !strcmp(rec->output_name, "-")) {
		pr_err("--switch-output needs a file, not -o -\n");
		return -EINVAL;
	}
	return 0;
}

static void record__print_summary(struct record *rec, int err)
{
	double mb = (double)rec->out.bytes / 1024 / 1024;
	uint64_t lost = rec->dsos.nr_lost;

	if (lost)
		pr_warning("lost %llu events in %llu chunks: the ring buffers filled up; use a bigger -m, a lower -F or fewer events\n",
			   (unsigned long long)lost,
			   (unsigned long long)rec->dsos.nr_lost_records);
	if (rec->paused_lost)
		pr_debug("%llu samples were dropped while the buffers were paused for snapshots\n",
			 (unsigned long long)rec->paused_lost);
	if (rec->dsos.nr_lost_samples)
		pr_warning("the kernel dropped %llu samples (PERF_RECORD_LOST_SAMPLES)\n",
			   (unsigned long long)rec->dsos.nr_lost_samples);
	if (quiet)
		return;
	fprintf(stderr, "[ mperf record: Woken up %llu times to write data ]\n",
		(unsigned long long)rec->wakeups);
	if (rec->switch_mode != SWITCH_NONE) {
		if (rec->last_dropped)
			fprintf(stderr, "[ mperf record: no sample after the last switch: no last file (the samples are in the files above) ]\n");
		else
			fprintf(stderr, "[ mperf record: Captured and wrote %.3f MB %s.<timestamp> ]\n",
				mb, rec->output_name);
		return;
	}
	if (!strcmp(rec->output_name, "-")) {
		/* perf's pipe-mode line */
		fprintf(stderr, "[ mperf record: Captured and wrote %.3f MB - ]\n", mb);
		return;
	}
	fprintf(stderr, "[ mperf record: Captured and wrote %.3f MB %s (%llu samples) ]\n",
		mb, rec->output_name, (unsigned long long)rec->samples_total);
}

int cmd_record(int argc, const char **argv)
{
	struct record rec;
	bool no_buildid_cache = false, transaction = false;
	int no_inherit = -1;		/* -1: neither --no-inherit nor --inherit */
	bool group = false, timestamp_boundary = false;
	unsigned int proc_map_timeout = 500, num_synth_threads = 1;
	int rt_prio = 0;
	const struct option opts[] = {
		OPT_CALLBACK('e', "event", &rec, "event",
			     "event selector (perf list shows them); may repeat",
			     opt_event),
		OPT_STRING('p', "pid", &rec.opts.pid, "pid",
			   "record events on existing process ids (comma list)"),
		OPT_STRING('t', "tid", &rec.opts.tid, "tid",
			   "record events on existing thread ids (comma list)"),
		OPT_BOOLEAN('a', "all-cpus", &rec.opts.system_wide,
			    "system-wide collection from all CPUs"),
		OPT_STRING('C', "cpu", &rec.opts.cpu_list, "cpu",
			   "list of CPUs to monitor (0-3,6)"),
		OPT_SET_INT(0, "no-inherit", &no_inherit,
			    "child tasks do not inherit counters (--inherit: they do, also with -t)", 1),
		OPT_BOOLEAN(0, "per-thread", &rec.opts.per_thread,
			    "one ring buffer per thread instead of per CPU (no inherit)"),
		OPT_STRING('F', "freq", &rec.freq_str, "freq",
			   "profile at this frequency (Hz, or 'max'); default 4000"),
		OPT_BOOLEAN(0, "strict-freq", &rec.opts.strict_freq,
			    "fail instead of lowering -F above the kernel's limit"),
		OPT_CALLBACK('c', "count", &rec, "n",
			     "event period to sample", opt_count),
		OPT_CALLBACK_NOOPT('g', NULL, &rec,
				   "record call graphs (frame pointers)", opt_g),
		OPT_CALLBACK(0, "call-graph", &rec, "fp[,depth]|dwarf[,size]",
			     "record call graphs: fp (frame pointers, at most depth frames) or dwarf (user stack copy, default 8192 bytes)",
			     opt_call_graph),
		OPT_BOOLEAN(0, "user-callchains", &rec.opts.user_callchains,
			    "only the user space part of the call graphs"),
		OPT_BOOLEAN(0, "kernel-callchains", &rec.opts.kernel_callchains,
			    "only the kernel part of the call graphs"),
		OPT_BOOLEAN('T', "timestamp", &rec.opts.sample_time,
			    "record the sample timestamps"),
		OPT_BOOLEAN('d', "data", &rec.opts.sample_address,
			    "record the sample data addresses"),
		OPT_BOOLEAN(0, "sample-cpu", &rec.opts.sample_cpu,
			    "record the sample cpu"),
		OPT_BOOLEAN('P', "period", &rec.opts.sample_period,
			    "record the sample period"),
		OPT_STRING('m', "mmap-pages", &rec.mmap_str, "pages",
			   "ring buffer size per CPU: pages (a power of 2) or a size (512K)"),
		OPT_CALLBACK_DEFAULT('z', "compression-level", &rec, "n",
				     "compress the records with zstd (level 1-22, default 1)",
				     opt_compress, "1"),
		OPT_STRING('o', "output", &rec.output_name, "file",
			   "output file name (default perf.data; - for stdout)"),
		OPT_BOOLEAN(0, "overwrite", &rec.opts.overwrite,
			    "flight recorder: overwrite the oldest data; written at exit (and on SIGUSR2 with --switch-output)"),
		OPT_STRING_OPTARG(0, "switch-output", &rec.switch_str, "signal|size|time",
				  "start a new file on SIGUSR2 (signal), after SIZE (100M) or TIME (30s)",
				  "signal"),
		OPT_BOOLEAN('B', "no-buildid", &rec.no_buildid,
			    "do not collect build-ids"),
		OPT_BOOLEAN('N', "no-buildid-cache", &no_buildid_cache,
			    "do not save the vdso in the build-id cache (~/.debug)"),
		OPT_BOOLEAN(0, "buildid-all", &rec.opts.buildid_all,
			    "build-ids of every mapped DSO, not only of those with samples"),
		OPT_BOOLEAN(0, "buildid-mmap", &rec.opts.build_id_mmap,
			    "ask the kernel for build-ids in MMAP2 records"),
		OPT_BOOLEAN('W', "weight", &rec.opts.sample_weight,
			    "record the sample weight"),
		OPT_BOOLEAN(0, "phys-data", &rec.opts.sample_phys_addr,
			    "record the sample physical data addresses"),
		OPT_BOOLEAN(0, "data-page-size", &rec.opts.sample_data_page_size,
			    "record the page size of the sample data addresses"),
		OPT_BOOLEAN(0, "code-page-size", &rec.opts.sample_code_page_size,
			    "record the page size of the sample code addresses"),
		OPT_BOOLEAN('R', "raw-samples", &rec.opts.raw_samples,
			    "record the raw sample data (and the cpu)"),
		OPT_BOOLEAN(0, "transaction", &transaction,
			    "record the sample transaction flags (perf 6.1 sets no attr bit for it)"),
		OPT_BOOLEAN(0, "sample-identifier", &rec.opts.sample_identifier,
			    "record the sample identifier (PERF_SAMPLE_IDENTIFIER)"),
		OPT_BOOLEAN(0, "running-time", &rec.opts.running_time,
			    "record the time enabled and running in read values"),
		OPT_BOOLEAN('s', "stat", &rec.opts.inherit_stat,
			    "per-thread counts (READ records at thread exit)"),
		OPT_BOOLEAN(0, "switch-events", &rec.opts.switch_events,
			    "record context switch events"),
		OPT_BOOLEAN(0, "namespaces", &rec.opts.namespaces,
			    "record the namespaces of new tasks"),
		OPT_BOOLEAN(0, "all-kernel", &rec.opts.all_kernel,
			    "every event counts in kernel space only"),
		OPT_BOOLEAN(0, "all-user", &rec.opts.all_user,
			    "every event counts in user space only"),
		OPT_CALLBACK('k', "clockid", &rec, "clockid",
			     "timestamps from this clock: monotonic, monotonic_raw, realtime, boottime, tai or a number",
			     opt_clockid),
		OPT_BOOLEAN(0, "no-bpf-event", &rec.opts.no_bpf_event,
			    "do not record BPF program events"),
		OPT_BOOLEAN(0, "no-buffering", &rec.opts.no_buffering,
			    "wake up the recorder for every record"),
		OPT_BOOLEAN(0, "no-samples", &rec.opts.no_samples,
			    "side-band records only, no samples"),
		OPT_CALLBACK('D', "delay", &rec, "ms",
			     "enable the events this many ms after the start", opt_delay),
		OPT_STRING(0, "max-size", &rec.max_size_str, "size",
			   "stop recording when the data reach this size (100K, 10M, 1G)"),
		OPT_CALLBACK(0, "filter", &rec, "filter",
			     "tracepoint filter for the events of the preceding -e", opt_filter),
		OPT_CALLBACK_NOOPT(0, "exclude-perf", &rec,
				   "leave out mperf's own records from the preceding -e tracepoint",
				   opt_exclude_perf),
		OPT_BOOLEAN(0, "group", &group,
			    "put the events into one group"),
		OPT_BOOLEAN(0, "tail-synthesize", &rec.tail_synthesize,
			    "write the existing tasks and maps at the end, not at the start"),
		OPT_BOOLEAN(0, "timestamp-boundary", &timestamp_boundary,
			    "record the first and last sample times (mperf always does)"),
		OPT_BOOLEAN(0, "timestamp-filename", &rec.timestamp_filename,
			    "append a timestamp to the output file name"),
		OPT_CALLBACK_DEFAULT(0, "user-regs", &rec, "regs",
				     "sample these user registers (ip,sp,...; ? lists them; default all)",
				     opt_user_regs, ""),
		OPT_CALLBACK_DEFAULT('I', "intr-regs", &rec, "regs",
				     "sample these registers at the interrupt (ip,sp,...; ? lists them; default all)",
				     opt_intr_regs, ""),
		OPT_STRING('u', "uid", &rec.uid_str, "user",
			   "record the processes of this user (name or uid)"),
		OPT_CALLBACK_NOOPT('b', "branch-any", &rec,
				   "sample any taken branch (needs a branch-recording PMU)",
				   opt_branch_any),
		OPT_CALLBACK('j', "branch-filter", &rec, "filter",
			     "sample branches of these types (any,u,k,call,...; needs a branch-recording PMU)",
			     opt_branch_filter),
		OPT_INTEGER('r', "realtime", &rt_prio,
			    "run the recorder with this SCHED_FIFO priority"),
		OPT_BOOLEAN(0, "dry-run", &rec.dry_run,
			    "parse the options and the events, then exit"),
		OPT_UINTEGER(0, "proc-map-timeout", &proc_map_timeout,
			     "accepted for perf: mperf reads /proc/PID/maps without a time limit"),
		OPT_UINTEGER(0, "num-thread-synthesize", &num_synth_threads,
			     "accepted for perf: mperf synthesizes from one thread"),
		OPT_UNSUPPORTED('G', "cgroup", "per-cgroup recording is not implemented; record -a and filter the report by --pid or --comm"),
		OPT_UNSUPPORTED(0, "all-cgroups", "CGROUP records are not written; record -a and filter the report by --pid or --comm"),
		OPT_UNSUPPORTED('S', "snapshot", "AUX area snapshots need an AUX tracer (intel_pt, arm_spe) mperf does not record; for a flight recorder use --overwrite"),
		OPT_UNSUPPORTED(0, "aux-sample", "AUX area sampling needs an AUX tracer (intel_pt, arm_spe) mperf does not record"),
		OPT_UNSUPPORTED(0, "kcore", "mperf does not copy /proc/kcore; report resolves the kernel from kallsyms or --vmlinux"),
		OPT_UNSUPPORTED(0, "affinity", "mperf reads every ring buffer from one thread that does not migrate; drop the option"),
		OPT_UNSUPPORTED(0, "aio", "asynchronous writes are not implemented; mperf writes through a buffer, drop the option"),
		OPT_UNSUPPORTED(0, "mmap-flush", "mperf drains whatever is in a ring buffer; drop the option or lower -m"),
		OPT_UNSUPPORTED(0, "threads", "parallel trace streaming is not implemented; mperf writes one file from one thread"),
		OPT_UNSUPPORTED(0, "control", "there is no control fifo; use -D to delay and SIGUSR2 with --switch-output to cut files"),
		OPT_UNSUPPORTED(0, "debuginfod", "mperf does not query debuginfod; give report the binaries or --symfs"),
		OPT_UINTEGER(0, "switch-max-files", &rec.switch_max_files,
			     "with --switch-output, keep only the newest N files"),
		OPT_UNSUPPORTED(0, "switch-output-event", "switching on an event is not implemented; use --switch-output=signal and send SIGUSR2"),
		OPT_UNSUPPORTED(0, "synth", "the synthesized records cannot be chosen; mperf writes tasks and maps always"),
		OPT_UNSUPPORTED(0, "off-cpu", "off-CPU profiling needs BPF; record -e sched:sched_switch -g instead"),
		OPT_UNSUPPORTED(0, "clang-path", "BPF C source events are not supported"),
		OPT_UNSUPPORTED(0, "clang-opt", "BPF C source events are not supported"),
		OPT_UNSUPPORTED(0, "vmlinux", "record does not read vmlinux; give it to mperf report --vmlinux"),
		OPT_INCR('q', "quiet", &quiet, "no messages but errors"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (-vv: the attrs)"),
		OPT_END()
	};
	static const char *const usage[] = {
		"mperf record [<options>] [-- <command> [<args>]]",
		"mperf record [<options>] -a|-p PID|-t TID",
		NULL
	};
	int err, ret = 0, die_signo = 0;

	memset(&rec, 0, sizeof(rec));
	rec.pipe_fd = -1;
	rec.output_name = "perf.data";
	/* parse_options reorders argv: keep the command line as given */
	rec.cmdline = calloc((size_t)argc + 1, sizeof(*rec.cmdline));
	if (!rec.cmdline)
		return 1;
	memcpy(rec.cmdline, argv, (size_t)argc * sizeof(*argv));
	rec.info.argc = argc;
	rec.info.argv = rec.cmdline;
	argc = parse_options(argc, argv, opts, usage,
			     PARSE_OPT_STOP_AT_NON_OPTION);
	if (argc < 0) {
		free(rec.events_buf);
		free(rec.cmdline);
		return parse_options_exit(argc);
	}
	/* as perf: a CPU target records per CPU */
	if (rec.opts.per_thread && (rec.opts.system_wide || rec.opts.cpu_list)) {
		pr_warning("--per-thread with -a/-C: recording per CPU (the CPU target wins, as in perf)\n");
		rec.opts.per_thread = false;
	}
	/* -t TID: no inherit unless --inherit says so, as perf */
	rec.opts.no_inherit = no_inherit < 0 ? rec.opts.tid != NULL : no_inherit;
	rec.no_buildid_cache = no_buildid_cache;
	/* --buildid-mmap: the build-ids are in the MMAP2 records; as perf,
	 * no BUILD_ID feature and no build-id cache then */
	if (rec.opts.build_id_mmap)
		rec.no_buildid = rec.no_buildid_cache = true;
	(void)transaction;		/* perf 6.1 sets no bit for it either */
	(void)timestamp_boundary;	/* SAMPLE_TIME is always written */
	(void)proc_map_timeout;
	(void)num_synth_threads;
	if (rec.max_size_str) {
		if (parse_size(rec.max_size_str, &rec.max_size) || !rec.max_size) {
			pr_err("invalid --max-size '%s': give a size such as 100K, 10M or 1G\n",
			       rec.max_size_str);
			ret = 129;
			goto out;
		}
	}
	if (rec.uid_str) {
		if (rec.opts.pid || rec.opts.tid) {
			pr_err("-u cannot be combined with -p/-t: give one target\n");
			ret = 129;
			goto out;
		}
		if (record__uid_pids(&rec)) {
			ret = 129;
			goto out;
		}
	}
	if (rec.opts.all_user && rec.opts.all_kernel) {
		pr_err("--all-user and --all-kernel exclude each other: give one\n");
		ret = 129;
		goto out;
	}
	if (rec.timestamp_filename && (!strcmp(rec.output_name, "-") ||
				       rec.switch_str)) {
		pr_err("--timestamp-filename needs a file and no --switch-output (which names its files so already)\n");
		ret = 129;
		goto out;
	}
	if (rt_prio) {
		struct sched_param sp = { .sched_priority = rt_prio };

		if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
			pr_err("cannot run with SCHED_FIFO priority %d (-r): %s; it needs root or CAP_SYS_NICE and a priority from 1 to 99\n",
			       rt_prio, strerror(errno));
			ret = 1;
			goto out;
		}
	}
	rec.argc = argc;
	rec.argv = argv;
	if (record_opts__config_freq(&rec.opts, rec.freq_str) ||
	    parse_mmap_pages(&rec) || parse_switch_output(&rec) ||
	    record__check_target(&rec, argc)) {
		ret = 129;
		goto out;
	}
	if (rec.switch_max_files) {
		if (rec.switch_mode == SWITCH_NONE) {
			pr_err("--switch-max-files needs --switch-output: it limits the files that makes\n");
			ret = 129;
			goto out;
		}
		rec.switch_files = calloc(rec.switch_max_files,
					  sizeof(*rec.switch_files));
		if (!rec.switch_files) {
			ret = 1;
			goto out;
		}
	}
	/* early: a SIGUSR2 sent right after start must not kill us; it
	 * cuts a file with --switch-output and is ignored otherwise, as by
	 * perf (the workload, once exec'ed, has the default action again) */
	rec.sig = record_signals__install(true);
	rec.opts.pipe_output = !strcmp(rec.output_name, "-");
	if (rec.opts.pipe_output) {
		/* before the workload forks: it must not inherit the pipe */
		rec.pipe_fd = record_output__claim_stdout();
		if (rec.pipe_fd < 0) {
			ret = 1;
			goto out;
		}
	}
	if (record__add_events(&rec)) {
		ret = 129;
		goto out;
	}
	if (group)
		record__group(rec.evlist);
	if (rec.dry_run)
		goto out;
	rec.info.use_clockid = rec.opts.use_clockid;
	rec.info.clockid = rec.opts.clockid;
	if (rec.opts.use_clockid) {
		struct timespec tod, clk;

		clock_gettime(CLOCK_REALTIME, &tod);
		clock_gettime((clockid_t)rec.opts.clockid, &clk);
		rec.info.clock_tod_ns = (uint64_t)tod.tv_sec * 1000000000ULL +
					(uint64_t)tod.tv_nsec;
		rec.info.clock_clockid_ns = (uint64_t)clk.tv_sec * 1000000000ULL +
					    (uint64_t)clk.tv_nsec;
	}
	if (rec.opts.workload) {
		err = workload__prepare(&rec.wl, argv);
		if (err) {
			pr_err("cannot start '%s': %s\n", argv[0], strerror(-err));
			ret = 127;
			goto out;
		}
		rec.has_workload = true;
	}
	if (record__make_maps(&rec) || record__config(rec.evlist, &rec.opts) ||
	    record__open(&rec) || record__mmap(&rec)) {
		ret = 1;
		goto out_cancel;
	}
	err = record__start_output(&rec, rec.output_name);
	if (err) {
		if (rec.out.error)
			record__report_write_error(&rec, rec.out.error);
		ret = 1;
		goto out_cancel;
	}

	/* go: events on CPUs/tasks now; a workload's with its exec; with
	 * -D the side-band dummy now and the events after the delay */
	if (rec.opts.delay_ms) {
		struct evsel *evsel;
		int i;

		if (!quiet)
			fprintf(stderr, "Events disabled\n");
		evlist__for_each(rec.evlist, evsel, i)
			if (evsel->attr.type == PERF_TYPE_SOFTWARE &&
			    evsel->attr.config == PERF_COUNT_SW_DUMMY &&
			    !evsel->attr.enable_on_exec)
				evsel__enable(evsel);
	} else if (!rec.opts.workload || rec.opts.system_wide ||
		   rec.opts.cpu_list || rec.opts.pid || rec.opts.tid) {
		evlist__enable(rec.evlist);
	}
	if (rec.has_workload) {
		err = workload__start(&rec.wl);
		if (err) {
			pr_err("cannot run '%s': %s\n", argv[0], strerror(-err));
			workload__wait(&rec.wl, &rec.workload_status, 0);
			rec.workload_done = true;
			record__finish_output(&rec);
			ret = 127;
			goto out_unmap;
		}
		rec.workload_started = true;
	}
	if (rec.switch_mode == SWITCH_TIME)
		alarm(rec.switch_secs);
	if (rec.opts.delay_ms && record__wait_delay(&rec)) {
		evlist__enable(rec.evlist);
		if (!quiet)
			fprintf(stderr, "Events enabled\n");
	}

	err = record__loop(&rec);
	evlist__disable(rec.evlist);
	if (!err && !rec.opts.overwrite) {
		ssize_t n = record__mmap_read_all(&rec);

		if (n < 0)
			err = (int)n;
		if (!err)
			err = record__lost_samples(&rec);
	}
	if (rec.has_workload && !rec.workload_done) {
		/* ended by a signal: stop the workload too, as perf does */
		kill(rec.wl.pid, SIGTERM);
		workload__wait(&rec.wl, &rec.workload_status, 0);
		rec.workload_done = true;
	}
	if (err && err == rec.out.error)
		record__report_write_error(&rec, err);
	else if (err)
		pr_err("recording failed: %s\n", strerror(-err));

	if (rec.switch_mode != SWITCH_NONE && !rec.out.error) {
		int e = record__switch_output(&rec, true);

		if (e && !err)
			err = e;
	} else {
		if (rec.opts.overwrite && !err) {
			ssize_t n = record__snapshot_read(&rec);

			if (n < 0)
				err = (int)n;
		}
		{
			int e = record__finish_output(&rec);

			if (e && !err) {
				record__report_write_error(&rec, e);
				err = e;
			}
		}
		if (rec.timestamp_filename && !err) {
			char name[PATH_MAX];

			record__timestamp_name(rec.output_name, name, sizeof(name));
			if (rename(rec.output_name, name)) {
				pr_err("cannot rename '%s' to '%s': %s\n",
				       rec.output_name, name, strerror(errno));
				err = -errno;
			} else if (!quiet) {
				fprintf(stderr, "[ mperf record: Dump %s ]\n", name);
			}
		}
	}
	record__print_summary(&rec, err);
	if (err)
		ret = 1;
	else if (rec.has_workload && !(rec.size_stopped &&
					 WIFSIGNALED(rec.workload_status) &&
					 WTERMSIG(rec.workload_status) == SIGTERM))
		ret = workload__exit_code(rec.workload_status);
	/*
	 * Ended by our own SIGINT/SIGTERM/SIGHUP (the file is written): die
	 * of it once everything is closed, as perf does, so a caller sees
	 * the signal. A workload's own status comes first (it got SIGTERM).
	 */
	if (!err && rec.sig->signo &&
	    !(rec.has_workload && WIFSIGNALED(rec.workload_status)))
		die_signo = rec.sig->signo;
	if (rec.has_workload && WIFSIGNALED(rec.workload_status) &&
	    WTERMSIG(rec.workload_status) != SIGTERM && !quiet)
		pr_warning("the workload was killed by signal %d (%s)\n",
			   WTERMSIG(rec.workload_status),
			   strsignal(WTERMSIG(rec.workload_status)));
	goto out_unmap;

out_cancel:
	if (rec.has_workload && !rec.workload_done)
		workload__cancel(&rec.wl);
out_unmap:
	record__munmap(&rec);
	record_dsos__exit(&rec.dsos);
	if (rec.out.buf)
		record_output__close(&rec.out);
out:
	record_signals__restore();
	evlist__delete(rec.evlist);
	free(rec.events_buf);
	for (int i = 0; i < rec.nr_event_opts; i++)
		free(rec.event_opts[i]);
	free(rec.event_opts);
	for (int i = 0; i < rec.nr_filters; i++)
		free(rec.filters[i].filter);
	free(rec.filters);
	free(rec.uid_pids);
	for (unsigned int i = 0; i < rec.nr_switch_files; i++)
		free(rec.switch_files[i]);
	free(rec.switch_files);
	free(rec.cmdline);
	if (rec.pipe_fd >= 0)
		close(rec.pipe_fd);
	if (die_signo) {
		fflush(stdout);
		fflush(stderr);
		signal(die_signo, SIG_DFL);
		raise(die_signo);
		ret = 128 + die_signo;
	}
	return ret;
}
