// SPDX-License-Identifier: GPL-2.0
/*
 * mperf stat: run a command (or watch CPUs, processes, threads) and count
 * events, printing them the way perf stat 6.1 does.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "builtin.h"
#include "util/cpumap.h"
#include "util/debug.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/metricgroup.h"
#include "util/parse-events.h"
#include "util/parse-options.h"
#include "util/stat.h"
#include "util/stat-display.h"
#include "util/stat-evlist.h"
#include "util/stat-record.h"
#include "util/session.h"
#include "util/header.h"
#include "util/env.h"
#include "util/event.h"
#include "util/workload.h"

/* perf 6.1's default events when -e is not given */
#define DEFAULT_EVENTS "task-clock,context-switches,cpu-migrations,page-faults," \
		       "cycles,instructions,branches,branch-misses"
/* what -d, -dd, -ddd add (perf's detailed levels) */
static const char *const detailed_events[] = {
	"L1-dcache-loads,L1-dcache-load-misses,LLC-loads,LLC-load-misses",
	"L1-icache-loads,L1-icache-load-misses,dTLB-loads,dTLB-load-misses,"
	"iTLB-loads,iTLB-load-misses",
	"L1-dcache-prefetches,L1-dcache-prefetch-misses",
};

struct stat_opts {
	char *events;		/* every -e joined by ',' */
	int nr_events_opts;
	bool no_inherit;
	bool system_wide;
	bool no_aggr;
	bool per_core;
	bool per_socket;
	bool per_die;
	bool per_thread;
	const char *pid;
	const char *tid;
	const char *cpu_list;
	int run_count;
	bool null_run;
	bool scale;
	bool big_num;
	const char *csv_sep;
	bool json;
	bool json_doc;
	const char *output_name;
	bool append;
	int log_fd;
	unsigned int interval;
	unsigned int interval_count;
	bool interval_clear;
	unsigned int timeout;
	int initial_delay;
	bool metric_only;
	const char *metrics;	/* -M (vendor metrics, util/metricgroup.h) */
	bool topdown;		/* --topdown: -M TopdownL1 */
	const char *control;
	int detailed;
	const char *pre_cmd;
	const char *post_cmd;
	bool sync;
	bool no_csv_summary;
	bool record;		/* `stat record`: -o is the data file */
	const char *input;	/* `stat report -i` */
	int full_argc;		/* the command line, for the CMDLINE feature */
	const char **full_argv;
};

struct stat_run {
	struct stat_opts *o;
	struct stat_config config;
	struct evlist *evlist;
	struct stat_evlist se;
	bool se_ready;
	struct metric_list ml;	/* -M / --topdown */
	const char **argv;	/* the workload, NULL-terminated */
	int argc;
	char *target;		/* "'ls -l'", "'system wide'", ... */
	int ctl_fd, ack_fd;
	bool ctl_close;		/* we opened the fifos */
	bool forks;
	bool exec_enables;	/* enable_on_exec on a workload's task counters */
	bool enabled;
	int workload_status;	/* exit code of the last run */
	bool interrupted;	/* SIGINT/SIGTERM in -a/-p mode */
	int signr;		/* that signal: re-raised at exit, as perf */
	struct timespec ref_time;	/* counting started (interval stamps) */
	uint64_t t0;
	unsigned int nr_intervals;
	struct stat_record rec;
	bool recording;
};

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int stat__add_event_opt(const struct option *opt, const char *arg, int unset)
{
	struct stat_opts *o = opt->value;
	size_t old = o->events ? strlen(o->events) : 0;
	char *n;

	if (unset || !arg)
		return 0;
	n = realloc(o->events, old + strlen(arg) + 2);
	if (!n)
		return -1;
	if (old)
		n[old++] = ',';
	strcpy(n + old, arg);
	o->events = n;
	o->nr_events_opts++;
	return 0;
}

/* ---- the control fifo -------------------------------------------------- */

static int stat__open_control(struct stat_run *s, const char *spec)
{
	char *copy, *ctl, *ack;
	int ret = 0;

	s->ctl_fd = s->ack_fd = -1;
	if (!spec)
		return 0;
	copy = strdup(spec);
	if (!copy)
		return -ENOMEM;
	if (!strncmp(copy, "fifo:", 5)) {
		ctl = copy + 5;
		ack = strchr(ctl, ',');
		if (ack)
			*ack++ = 0;
		/* O_RDWR: never see EOF when the writer closes between commands */
		s->ctl_fd = open(ctl, O_RDWR | O_NONBLOCK | O_CLOEXEC);
		if (s->ctl_fd < 0) {
			pr_err("cannot open control fifo '%s': %s (create it with `mkfifo %s`)\n",
			       ctl, strerror(errno), ctl);
			ret = -1;
			goto out;
		}
		if (ack) {
			s->ack_fd = open(ack, O_RDWR | O_CLOEXEC);
			if (s->ack_fd < 0) {
				pr_err("cannot open ack fifo '%s': %s (create it with `mkfifo %s`)\n",
				       ack, strerror(errno), ack);
				ret = -1;
				goto out;
			}
		}
		s->ctl_close = true;
	} else if (!strncmp(copy, "fd:", 3)) {
		char *end;

		ctl = copy + 3;
		s->ctl_fd = (int)strtol(ctl, &end, 10);
		if (end == ctl || (*end && *end != ',') || s->ctl_fd < 0) {
			pr_err("--control: bad fd in '%s' (expected fd:ctl-fd[,ack-fd])\n", spec);
			ret = -1;
			goto out;
		}
		if (*end == ',') {
			ack = end + 1;
			s->ack_fd = (int)strtol(ack, &end, 10);
			if (end == ack || *end || s->ack_fd < 0) {
				pr_err("--control: bad ack fd in '%s'\n", spec);
				ret = -1;
				goto out;
			}
		}
		if (fcntl(s->ctl_fd, F_GETFL) < 0) {
			pr_err("--control: fd %d is not open\n", s->ctl_fd);
			ret = -1;
			goto out;
		}
		fcntl(s->ctl_fd, F_SETFL, fcntl(s->ctl_fd, F_GETFL) | O_NONBLOCK);
	} else {
		pr_err("--control: expected fifo:ctl-fifo[,ack-fifo] or fd:ctl-fd[,ack-fd], not '%s'\n",
		       spec);
		ret = -1;
	}
out:
	free(copy);
	return ret;
}

static void stat__close_control(struct stat_run *s)
{
	if (s->ctl_close) {
		if (s->ctl_fd >= 0)
			close(s->ctl_fd);
		if (s->ack_fd >= 0)
			close(s->ack_fd);
	}
	s->ctl_fd = s->ack_fd = -1;
}

static void stat__enable(struct stat_run *s)
{
	if (s->enabled)
		return;
	evlist__enable(s->evlist);
	s->enabled = true;
}

static void stat__disable(struct stat_run *s)
{
	if (!s->enabled)
		return;
	evlist__disable(s->evlist);
	s->enabled = false;
}

/* Handle the commands waiting on the control fd. Return true on "stop". */
static bool stat__process_control(struct stat_run *s)
{
	char buf[256];
	ssize_t n;
	bool stop = false;

	for (;;) {
		char *line, *save = NULL;

		n = read(s->ctl_fd, buf, sizeof(buf) - 1);
		if (n <= 0)
			break;
		buf[n] = 0;
		for (line = strtok_r(buf, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			bool ack = true;

			/* perf's fd protocol may carry a trailing NUL */
			line[strcspn(line, "\r")] = 0;
			if (!strcmp(line, "enable")) {
				stat__enable(s);
				pr_info("Events enabled\n");
			} else if (!strcmp(line, "disable")) {
				stat__disable(s);
				pr_info("Events disabled\n");
			} else if (!strcmp(line, "ping")) {
				/* just the ack */
			} else if (!strcmp(line, "stop")) {
				stop = true;
			} else if (line[0]) {
				pr_warning("--control: unknown command '%s' (enable, disable, ping, stop)\n",
					   line);
				ack = false;
			}
			if (ack && s->ack_fd >= 0 && write(s->ack_fd, "ack\n", 4) < 0)
				pr_debug("--control: ack write failed: %s\n", strerror(errno));
		}
	}
	return stop;
}

/* ---- reading and printing ------------------------------------------------- */

static void stat__read(struct stat_run *s, bool interval, const struct rusage *ru,
		       uint64_t when)
{
	uint64_t elapsed = when - s->t0;	/* duration_time */
	int err;

	err = stat_evlist__read(&s->se, s->evlist, s->config.scale, interval,
				elapsed, ru);
	if (err)
		pr_debug("reading counters: %s\n", strerror(-err));
}

static void stat__print_interval(struct stat_run *s, uint64_t when)
{
	struct timespec ts;
	uint64_t d = when - ((uint64_t)s->ref_time.tv_sec * 1000000000ULL +
			     s->ref_time.tv_nsec);

	ts.tv_sec = d / 1000000000ULL;
	ts.tv_nsec = d % 1000000000ULL;
	s->config.interval_ns = s->config.interval * 1000000.0;
	if (s->o->interval_clear && !s->config.json_doc && isatty(fileno(s->config.output)))
		fputs("\033[H\033[2J", s->config.output);
	stat__read(s, true, NULL, when);
	if (s->recording)
		stat_record__round(&s->rec, false, d);
	stat_display__counters(&s->config, &s->se.view, &ts);
	fflush(s->config.output);
	s->nr_intervals++;
}

/* ---- one run -------------------------------------------------------------- */

static void stat__print_open_error(struct stat_run *s, struct evsel *evsel, int err)
{
	char buf[512];

	evsel__strerror_open(evsel, err, buf, sizeof(buf));
	pr_err("%s\n", buf);
}

static int read_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v = 2;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = 2;
		fclose(f);
	}
	return v;
}

/*
 * As perf: when perf_event_paranoid forbids counting the kernel, count the
 * user-space part instead and say so with a ":u" name.
 */
static bool stat__fallback_user(struct evsel *evsel, int err)
{
	char *name;

	if (err != -EACCES && err != -EPERM)
		return false;
	/* :k asks for the kernel alone: nothing is left to fall back to */
	if (geteuid() == 0 || evsel->attr.exclude_kernel ||
	    evsel->attr.exclude_user || read_paranoid() <= 1)
		return false;
	evsel->attr.exclude_kernel = 1;
	evsel->attr.exclude_hv = 1;
	if (!strchr(evsel->name, ':') && asprintf(&name, "%s:u", evsel->name) >= 0) {
		free(evsel->name);
		evsel->name = name;
	}
	pr_debug("%s: kernel.perf_event_paranoid forbids counting the kernel: counting user space only\n",
		 evsel->name);
	return true;
}

/* Is any of the monitored tasks (-p/-t) still there (and not a zombie)? */
static bool stat__targets_alive(struct evlist *evlist)
{
	struct threadmap *threads = evlist->threads;

	for (int i = 0; threads && i < threads->nr; i++) {
		char path[64], buf[256];
		FILE *f;
		char *p;

		if (threads->map[i] <= 0)
			return true;
		snprintf(path, sizeof(path), "/proc/%d/stat", threads->map[i]);
		f = fopen(path, "r");
		if (!f)
			continue;
		p = fgets(buf, sizeof(buf), f);
		fclose(f);
		/* "pid (comm) S ...": the state follows the last ')' */
		if (p)
			p = strrchr(buf, ')');
		if (!p || (p[1] == ' ' && p[2] != 'Z' && p[2] != 'X'))
			return true;
	}
	return false;
}

/*
 * Wait for the end of counting: the workload exits, --timeout, -I
 * --interval-count intervals, a "stop" on the control fd, or SIGINT when
 * there is no workload. Prints intervals on the way.
 */
static int stat__wait(struct stat_run *s, struct workload *w, int sfd,
		      int *status, struct rusage *ru)
{
	struct stat_opts *o = s->o;
	uint64_t next_interval = 0, deadline = 0, enable_at = 0, next_check = 0;
	bool child_done = !s->forks;
	/* -p/-t: stop when the tasks are gone (perf checks every second) */
	bool watch_tasks = !s->forks && (o->pid || o->tid);

	if (o->interval)
		next_interval = s->t0 + o->interval * 1000000ULL;
	if (o->timeout)
		deadline = s->t0 + o->timeout * 1000000ULL;
	if (o->initial_delay > 0 && !s->enabled)
		enable_at = now_ns() + o->initial_delay * 1000000ULL;

	for (;;) {
		struct pollfd pfd[2];
		int nfds = 0, r;
		struct timespec tmo, *tp = NULL;
		uint64_t now = now_ns(), first = 0;

		if (s->forks && child_done)
			break;
		if (s->interrupted && !s->forks)
			break;
		if (enable_at && now >= enable_at) {
			stat__enable(s);
			pr_info("Events enabled\n");
			enable_at = 0;
			/* perf counts elapsed time from here */
			s->t0 = now_ns();
			clock_gettime(CLOCK_MONOTONIC, &s->ref_time);
			if (o->interval)
				next_interval = s->t0 + o->interval * 1000000ULL;
		}
		if (o->interval && now >= next_interval && !enable_at) {
			stat__print_interval(s, now);
			next_interval += o->interval * 1000000ULL;
			if (next_interval <= now)
				next_interval = now + o->interval * 1000000ULL;
			if (o->interval_count && s->nr_intervals >= o->interval_count)
				break;
		}
		if (deadline && now >= deadline) {
			if (s->forks && w->pid > 0)
				kill(w->pid, SIGTERM);
			break;
		}
		if (watch_tasks && now >= next_check) {
			if (!stat__targets_alive(s->evlist))
				break;
			next_check = now + 100000000ULL;
		}
		if (enable_at)
			first = enable_at;
		if (o->interval && !enable_at)
			first = next_interval;
		if (deadline && (!first || deadline < first))
			first = deadline;
		if (watch_tasks && (!first || next_check < first))
			first = next_check;
		if (first) {
			uint64_t d = first > now ? first - now : 0;

			tmo.tv_sec = d / 1000000000ULL;
			tmo.tv_nsec = d % 1000000000ULL;
			tp = &tmo;
		}

		pfd[nfds].fd = sfd;
		pfd[nfds++].events = POLLIN;
		if (s->ctl_fd >= 0) {
			pfd[nfds].fd = s->ctl_fd;
			pfd[nfds++].events = POLLIN;
		}
		r = ppoll(pfd, nfds, tp, NULL);
		if (r < 0 && errno != EINTR)
			return -errno;
		if (r <= 0)
			continue;
		if (pfd[0].revents & POLLIN) {
			struct signalfd_siginfo si;

			while (read(sfd, &si, sizeof(si)) == sizeof(si)) {
				if (si.ssi_signo == SIGCHLD && s->forks) {
					pid_t p = wait4(w->pid, status, WNOHANG, ru);

					if (p == w->pid)
						child_done = true;
				} else if (si.ssi_signo == SIGINT || si.ssi_signo == SIGTERM ||
					   si.ssi_signo == SIGHUP) {
					/*
					 * With a workload the terminal's Ctrl-C reaches
					 * it too: wait for it to end, as perf does.
					 */
					if (!s->forks) {
						s->interrupted = true;
						s->signr = (int)si.ssi_signo;
					}
				}
			}
		}
		if (nfds > 1 && (pfd[1].revents & POLLIN) && stat__process_control(s)) {
			if (s->forks && w->pid > 0 && !child_done)
				kill(w->pid, SIGTERM);
			if (!s->forks)
				break;
		}
	}
	return 0;
}

static int stat__run_once(struct stat_run *s, int run_idx)
{
	struct stat_opts *o = s->o;
	struct workload w = { .pid = -1, .go_fd = -1, .err_fd = -1 };
	struct evsel *failed = NULL;
	struct rusage ru;
	sigset_t mask, oldmask;
	int sfd = -1, err, status = 0, ret = 0;
	uint64_t t1;

	memset(&ru, 0, sizeof(ru));
	if (o->pre_cmd && system(o->pre_cmd) != 0)
		pr_warning("--pre command '%s' failed\n", o->pre_cmd);
	if (s->forks) {
		err = workload__prepare(&w, s->argv);
		if (err) {
			pr_err("cannot start '%s': %s\n", s->argv[0], strerror(-err));
			return -1;
		}
		evlist__set_maps(s->evlist, cpumap__new_any(),
				 threadmap__new_one(w.pid));
		if (o->system_wide || o->cpu_list) {
			/* counting CPUs while a workload runs: maps stay CPU-wide */
			evlist__set_maps(s->evlist,
					 o->cpu_list ? cpumap__new(o->cpu_list) : cpumap__online(),
					 threadmap__new_any());
		}
		if (!s->evlist->cpus || !s->evlist->threads) {
			workload__cancel(&w);
			pr_err("out of memory\n");
			return -1;
		}
	}

	sigemptyset(&mask);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGHUP);
	sigprocmask(SIG_BLOCK, &mask, &oldmask);
	sfd = signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
	if (sfd < 0) {
		ret = -1;
		pr_err("signalfd: %s\n", strerror(errno));
		goto out_cancel;
	}

	if (!o->null_run) {
		if (verbose >= 2) {
			struct evsel *evsel;
			int i;

			evlist__for_each(s->evlist, evsel, i)
				evsel__fprintf_attr(stderr, &evsel->attr);
		}
		err = evlist__open(s->evlist, true, &failed);
		while (err && failed && stat__fallback_user(failed, err)) {
			evlist__close(s->evlist);
			err = evlist__open(s->evlist, true, &failed);
		}
		if (err) {
			if (failed)
				stat__print_open_error(s, failed, err);
			else
				pr_err("cannot open the counters: %s\n", strerror(-err));
			ret = -1;
			goto out_cancel;
		}
		if (verbose && run_idx == 0) {
			struct evsel *evsel;
			int i;

			evlist__for_each(s->evlist, evsel, i) {
				char buf[512];

				if (evsel->supported)
					continue;
				evsel__strerror_open(evsel, -evsel->open_errno, buf, sizeof(buf));
				pr_warning("%s: %s\n", evsel->name, buf);
			}
		}
	}
	if (!s->se_ready) {
		err = stat_evlist__init(&s->se, s->evlist, s->config.aggr_mode);
		if (err) {
			if (err == -EINVAL)
				pr_err("per-CPU, per-core and per-socket output needs CPUs: add -a or -C\n");
			else
				pr_err("cannot set up the counters: %s\n", strerror(-err));
			ret = -1;
			goto out_close;
		}
		s->se_ready = true;
		if (o->record) {
			err = stat_record__begin(&s->rec, s->evlist, s->config.aggr_mode,
						 o->interval, o->scale);
			if (err) {
				pr_err("cannot write the stat data header: %s\n", strerror(-err));
				ret = -1;
				goto out_close;
			}
			s->se.rec = &s->rec;
			s->recording = true;
		}
	}
	stat_evlist__update_support(&s->se, s->evlist);

	s->enabled = false;
	s->t0 = now_ns();
	clock_gettime(CLOCK_MONOTONIC, &s->ref_time);
	/* CPU-wide counters run from before the workload's exec, as perf */
	if (s->forks && !s->exec_enables && !o->initial_delay)
		stat__enable(s);
	if (s->forks) {
		err = workload__start(&w);
		if (err) {
			/* the shell's answer to a command it cannot run */
			pr_err("cannot run '%s': %s\n", s->argv[0], strerror(-err));
			workload__wait(&w, &status, 0);
			ret = -127;
			goto out_close;
		}
		/* enable_on_exec did it, unless the start is delayed */
		if (!o->initial_delay && s->exec_enables)
			s->enabled = true;
	}
	if (o->initial_delay)
		pr_info("Events disabled\n");
	else if (!s->enabled)
		stat__enable(s);

	err = stat__wait(s, &w, sfd, &status, &ru);
	t1 = now_ns();
	if (err) {
		pr_err("waiting for the workload: %s\n", strerror(-err));
		ret = -1;
	}
	if (!o->null_run && s->enabled)
		evlist__disable(s->evlist);
	if (s->forks) {
		/* still running after --interval-count/--timeout/stop: wait for it */
		while (wait4(w.pid, &status, 0, &ru) < 0 && errno == EINTR)
			;
		s->workload_status = workload__exit_code(status);
		if (WIFSIGNALED(status)) {
			/* as perf: name the signal like a shell would */
			fprintf(stderr, "%s: %s\n", s->argv[0], strsignal(WTERMSIG(status)));
		}
		s->config.ru_data = ru;
	}
	stats__update(&s->config.walltime_nsecs_stats, t1 - s->t0);

	if (o->interval) {
		/* the last, partial interval (the workload ended within it) */
		if (!(o->interval_count && s->nr_intervals >= o->interval_count))
			stat__print_interval(s, t1);
	} else {
		stat__read(s, false, s->forks ? &ru : NULL, t1);
	}
	/* as perf: -I recordings end with their last INTERVAL round */
	if (s->recording && !o->interval)
		stat_record__round(&s->rec, true, t1 - s->t0);

out_close:
	evlist__close(s->evlist);
out_cancel:
	if (w.pid > 0 && ret == -1)
		workload__cancel(&w);
	if (sfd >= 0)
		close(sfd);
	sigprocmask(SIG_SETMASK, &oldmask, NULL);
	if (o->post_cmd && system(o->post_cmd) != 0)
		pr_warning("--post command '%s' failed\n", o->post_cmd);
	return ret;
}

/* ---- setup ------------------------------------------------------------- */

static char *stat__target_string(struct stat_run *s)
{
	struct stat_opts *o = s->o;
	size_t len = 64;
	char *t, *p;

	for (int i = 0; i < s->argc; i++)
		len += strlen(s->argv[i]) + 1;
	if (o->pid)
		len += strlen(o->pid);
	if (o->tid)
		len += strlen(o->tid);
	if (o->cpu_list)
		len += strlen(o->cpu_list);
	t = malloc(len);
	if (!t)
		return NULL;
	if (o->system_wide)
		snprintf(t, len, "'system wide'");
	else if (o->cpu_list)
		snprintf(t, len, "'CPU(s) %s'", o->cpu_list);
	else if (o->pid)
		snprintf(t, len, "process id '%s'", o->pid);
	else if (o->tid)
		snprintf(t, len, "thread id '%s'", o->tid);
	else {
		p = t;
		*p++ = '\'';
		for (int i = 0; i < s->argc; i++)
			p += sprintf(p, "%s%s", i ? " " : "", s->argv[i]);
		*p++ = '\'';
		*p = 0;
	}
	return t;
}

static int stat__setup_maps(struct stat_run *s)
{
	struct stat_opts *o = s->o;
	struct cpumap *cpus = NULL;
	struct threadmap *threads = NULL;

	if (s->forks && !o->cpu_list)
		return 0;	/* per run, around the fork */
	if (s->forks) {
		/* the maps are made per run; check the CPU list once, here */
		cpus = cpumap__new(o->cpu_list);
		if (!cpus)
			goto bad_cpus;
		cpumap__delete(cpus);
		return 0;
	}
	if (o->pid || o->tid) {
		threads = o->pid ? threadmap__new_by_pids(o->pid) :
				   threadmap__new_by_tids(o->tid);
		if (!threads) {
			if (errno == EINVAL)
				pr_err("bad %s list '%s': expected numbers separated by commas\n",
				       o->pid ? "pid" : "tid", o->pid ? o->pid : o->tid);
			else
				pr_err("no such %s: %s (check the id with `ps -e%s`)\n",
				       o->pid ? "process" : "thread", o->pid ? o->pid : o->tid,
				       o->pid ? "" : "L");
			return -1;
		}
		cpus = cpumap__new_any();
	} else {
		cpus = o->cpu_list ? cpumap__new(o->cpu_list) : cpumap__online();
		if (!cpus) {
bad_cpus:
			if (errno == ENODEV)
				pr_err("CPU list '%s' names a CPU that is not online (online: see /sys/devices/system/cpu/online)\n",
				       o->cpu_list);
			else
				pr_err("bad CPU list '%s': expected e.g. 0-3,6\n", o->cpu_list);
			return -1;
		}
		threads = threadmap__new_any();
	}
	if (!cpus || !threads) {
		cpumap__delete(cpus);
		threadmap__delete(threads);
		pr_err("out of memory\n");
		return -1;
	}
	evlist__set_maps(s->evlist, cpus, threads);
	return 0;
}

static int stat__parse_events(struct stat_run *s)
{
	struct stat_opts *o = s->o;
	struct parse_events_error perr;
	char *all = NULL;
	int err;

	if (o->null_run)
		return 0;
	if ((o->metrics || o->topdown) &&
	    metricgroup__stat_setup(o->metrics, o->topdown, &s->ml, &o->events))
		return -1;
	if (!o->events || o->detailed) {
		size_t len = strlen(DEFAULT_EVENTS) + 2;

		for (int i = 0; i < o->detailed && i < 3; i++)
			len += strlen(detailed_events[i]) + 1;
		all = malloc(len + (o->events ? strlen(o->events) + 1 : 0));
		if (!all)
			return -1;
		strcpy(all, o->events ? o->events : DEFAULT_EVENTS);
		for (int i = 0; i < o->detailed && i < 3; i++) {
			strcat(all, ",");
			strcat(all, detailed_events[i]);
		}
	}
	memset(&perr, 0, sizeof(perr));
	err = parse_events(s->evlist, all ? all : o->events, &perr);
	if (err) {
		parse_events_error__print(&perr, all ? all : o->events);
		parse_events_error__exit(&perr);
		free(all);
		return -1;
	}
	free(all);
	if (!s->evlist->nr) {
		pr_err("no event in '%s': see `mperf list`\n", o->events ? o->events : "");
		return -1;
	}
	return 0;
}

static int stat__check_opts(struct stat_run *s)
{
	struct stat_opts *o = s->o;
	int aggr = o->no_aggr + o->per_core + o->per_socket + o->per_thread + o->per_die;

	if (o->record && o->run_count > 1) {
		pr_err("stat record writes one run: drop -r %d\n", o->run_count);
		return -1;
	}
	if (o->record && o->output_name && !strcmp(o->output_name, "-") &&
	    !o->csv_sep && !o->json && 0)
		return -1;
	if (o->csv_sep && o->json) {
		pr_err("-x and -j cannot be used together: pick CSV or JSON\n");
		return -1;
	}
	if (o->csv_sep && !o->csv_sep[0]) {
		pr_err("-x needs a separator, e.g. -x, or -x ';'\n");
		return -1;
	}
	if (o->json_doc && (o->csv_sep || o->json)) {
		pr_err("--json-doc cannot be combined with -x or -j\n");
		return -1;
	}
	if (o->run_count < 1) {
		pr_err("-r/--repeat needs a count of at least 1, not %d\n", o->run_count);
		return -1;
	}
	if (o->run_count > 1 && o->interval) {
		pr_err("-r and -I cannot be used together: repeat or print intervals\n");
		return -1;
	}
	if (aggr > 1) {
		pr_err("choose one of -A, --per-core, --per-die, --per-socket, --per-thread\n");
		return -1;
	}
	if ((o->no_aggr || o->per_core || o->per_socket || o->per_die) && !o->system_wide &&
	    !o->cpu_list) {
		pr_err("%s needs system-wide counting: add -a (or -C cpu-list)\n",
		       o->no_aggr ? "-A/--no-aggr" : o->per_core ? "--per-core" :
		       o->per_die ? "--per-die" : "--per-socket");
		return -1;
	}
	if (o->per_thread && !o->pid && !o->tid) {
		pr_err("--per-thread needs the threads to count: add -p PID or -t TID\n");
		return -1;
	}
	if ((o->pid || o->tid) && (o->system_wide || o->cpu_list)) {
		pr_err("-p/-t and -a/-C cannot be used together\n");
		return -1;
	}
	if ((o->pid || o->tid) && s->argc) {
		pr_err("-p/-t count existing tasks: drop the command '%s' or the -p/-t\n",
		       s->argv[0]);
		return -1;
	}
	if (!s->argc && !o->system_wide && !o->cpu_list && !o->pid && !o->tid) {
		pr_err("nothing to count: give a command (mperf stat -- CMD), -a, -C, -p or -t\n");
		return -2;
	}
	if (o->interval && o->interval < 10) {
		pr_err("-I %u: the print interval must be at least 10 ms\n", o->interval);
		return -1;
	}
	if (o->interval_count && !o->interval) {
		pr_err("--interval-count needs -I\n");
		return -1;
	}
	if (o->metric_only && o->run_count > 1 && 0)
		return -1;
	if (o->initial_delay < -1) {
		pr_err("-D %d: the delay is in ms, or -1 to start disabled\n", o->initial_delay);
		return -1;
	}
	if (o->initial_delay == -1 && !o->control)
		pr_warning("-D -1 without --control: the counters are never enabled\n");
	if (o->csv_sep && o->output_name == NULL && o->log_fd > 0 && 0)
		return -1;
	return 0;
}

static FILE *stat__open_output(struct stat_opts *o)
{
	FILE *f;
	time_t t;

	if (o->output_name && o->log_fd) {
		pr_err("-o and --log-fd cannot be used together\n");
		return NULL;
	}
	if (o->record)
		return stderr;	/* -o named the data file */
	if (o->log_fd) {
		f = fdopen(o->log_fd, o->append ? "a" : "w");
		if (!f)
			pr_err("--log-fd %d: %s\n", o->log_fd, strerror(errno));
		return f;
	}
	if (!o->output_name)
		return stderr;
	if (!strcmp(o->output_name, "-"))
		return stdout;
	f = fopen(o->output_name, o->append ? "a" : "w");
	if (!f) {
		pr_err("cannot open output file '%s': %s\n", o->output_name, strerror(errno));
		return NULL;
	}
	if (!o->json_doc) {
		t = time(NULL);
		fprintf(f, "# started on %s\n", ctime(&t));
	}
	return f;
}

static int stat__main(int argc, const char **argv, struct stat_opts *o)
{
	struct stat_run s;
	int ret = 0, err;

	memset(&s, 0, sizeof(s));
	s.o = o;
	s.argv = argv;
	s.argc = argc;
	s.forks = argc > 0;
	s.ctl_fd = s.ack_fd = -1;

	err = stat__check_opts(&s);
	if (err)
		return err == -2 ? 129 : 1;

	stat_config__init(&s.config);
	s.config.run_count = o->run_count;
	s.config.scale = o->scale;
	s.config.interval = o->interval;
	s.config.metric_only = o->metric_only;
	s.config.big_num = o->big_num;
	s.config.json_doc = o->json_doc;
	s.config.null_run = o->null_run;
	if (o->csv_sep) {
		s.config.csv_output = true;
		s.config.csv_sep = strcmp(o->csv_sep, "\\t") ? o->csv_sep : "\t";
		s.config.big_num = false;
	}
	if (o->json) {
		s.config.json_output = true;
		s.config.big_num = false;
	}
	if (o->no_aggr)
		s.config.aggr_mode = AGGR_NONE;
	else if (o->per_core)
		s.config.aggr_mode = AGGR_CORE;
	else if (o->per_socket)
		s.config.aggr_mode = AGGR_SOCKET;
	else if (o->per_die)
		s.config.aggr_mode = AGGR_DIE;
	else if (o->per_thread)
		s.config.aggr_mode = AGGR_THREAD;
	s.config.ru_display = s.forks && o->run_count == 1 && !o->interval &&
			      !o->system_wide && !o->cpu_list;
	stat__locale_numeric(s.config.thousands, sizeof(s.config.thousands),
			     s.config.point, sizeof(s.config.point));

	s.evlist = evlist__new();
	if (!s.evlist)
		return 1;
	if (stat__parse_events(&s)) {
		ret = 129;
		goto out;
	}
	for (int i = 0; i < s.evlist->nr; i++) {
		const struct evsel *e = s.evlist->entries[i];
		int ul = e->unit ? (int)strlen(e->unit) : 0;

		if (ul > s.config.unit_width)
			s.config.unit_width = ul;
	}
	s.exec_enables = s.forks && !o->system_wide && !o->cpu_list;
	evlist__config_stat(s.evlist, s.exec_enables && !o->initial_delay, o->no_inherit);
	if (stat__setup_maps(&s)) {
		ret = 1;
		goto out;
	}
	if (stat__open_control(&s, o->control)) {
		ret = 129;
		goto out;
	}
	if (o->record) {
		err = stat_record__open(&s.rec, o->output_name ? o->output_name : "perf.data",
					o->full_argc, o->full_argv);
		if (err) {
			ret = 1;
			goto out;
		}
		s.recording = false;
	}
	s.target = stat__target_string(&s);
	s.config.output = stat__open_output(o);
	if (!s.config.output || !s.target) {
		ret = 1;
		goto out;
	}
	if (o->json_doc)
		stat_doc__begin(&s.config, s.target, argv, argc, o->events);
	if (o->sync)
		sync();

	for (int run = 0; run < o->run_count; run++) {
		if (o->run_count > 1 && verbose)
			pr_info("[ mperf stat: executing run #%d ... ]\n", run + 1);
		err = stat__run_once(&s, run);
		if (err) {
			ret = err == -127 ? 127 : 1;
			goto out;
		}
		if (s.interrupted)
			break;
	}

	if (!o->interval) {
		stat_display__header(&s.config, s.target);
		stat_display__counters(&s.config, &s.se.view, NULL);
		metricgroup__stat_print(&s.ml, &s.config, &s.se.view);
		stat_display__footer(&s.config);
	}
	if (o->json_doc)
		stat_doc__end(&s.config, s.forks ? s.workload_status : -1);
	ret = s.forks ? s.workload_status : 0;
	if (s.signr)
		ret = -s.signr;
out:
	if (s.config.output && s.config.output != stderr && s.config.output != stdout)
		fclose(s.config.output);
	else if (s.config.output)
		fflush(s.config.output);
	stat__close_control(&s);
	if (o->record && stat_record__close(&s.rec) && !ret)
		ret = 1;
	if (s.se_ready)
		stat_evlist__exit(&s.se);
	evlist__delete(s.evlist);
	metric_list__exit(&s.ml);
	free(s.target);
	return ret;
}

/* ---- stat report ---------------------------------------------------------- */

struct stat_report {
	struct tool tool;		/* first: the callbacks get &tool */
	struct stat_opts *o;
	struct stat_config config;
	struct session *session;
	struct stat_evlist se;
	bool se_ready;
	int *cpus;			/* CPU_MAP */
	int nr_cpus;
	int *pids;			/* THREAD_MAP */
	int nr_pids;
	enum aggr_mode file_mode;	/* STAT_CONFIG */
	unsigned int interval;
	bool scale;
	bool user_mode;			/* -A/--per-* given on the report line */
	bool final_done;
	int err;
	struct cpumap *cpumap;		/* set on the session's evlist, ours */
	struct threadmap *threadmap;
};

static int stat_report__setup(struct stat_report *r)
{
	struct evlist *evlist = session__evlist(r->session);
	struct cpumap *cpus;
	struct threadmap *threads;
	int err;

	if (r->se_ready)
		return 0;
	if (!r->nr_cpus || !r->nr_pids) {
		pr_err("%s: STAT records before the THREAD_MAP and CPU_MAP records: not a stat file?\n",
		       session__path(r->session));
		return -EINVAL;
	}
	cpus = malloc(sizeof(*cpus) + r->nr_cpus * sizeof(int));
	threads = malloc(sizeof(*threads) + r->nr_pids * sizeof(pid_t));
	if (!cpus || !threads) {
		free(cpus);
		free(threads);
		return -ENOMEM;
	}
	cpus->nr = r->nr_cpus;
	memcpy(cpus->map, r->cpus, r->nr_cpus * sizeof(int));
	threads->nr = r->nr_pids;
	for (int i = 0; i < r->nr_pids; i++)
		threads->map[i] = r->pids[i];
	/* the session does not free an evlist's maps: we keep them */
	evlist->cpus = r->cpumap = cpus;
	evlist->threads = r->threadmap = threads;
	if (!r->user_mode)
		r->config.aggr_mode = r->file_mode;
	if ((r->config.aggr_mode == AGGR_NONE || r->config.aggr_mode == AGGR_CORE ||
	     r->config.aggr_mode == AGGR_SOCKET || r->config.aggr_mode == AGGR_DIE) &&
	    cpus->map[0] < 0)
		r->config.aggr_mode = AGGR_GLOBAL;
	err = stat_evlist__init(&r->se, evlist, r->config.aggr_mode);
	if (err)
		return err;
	/* what perf shows for counters without STAT records: not supported */
	for (int i = 0; i < r->se.view.nr_counters; i++)
		r->se.view.counters[i].supported = false;
	r->se_ready = true;
	stat_evlist__reset(&r->se);
	return 0;
}

static int stat_report__user_event(struct tool *tool, const union perf_event *event,
				   struct session *session)
{
	struct stat_report *r = (struct stat_report *)tool;
	const void *body = (const char *)event + sizeof(event->header);
	size_t size = event->header.size;

	switch (event->header.type) {
	case PERF_RECORD_THREAD_MAP: {
		const struct perf_record_thread_map *tm = (const void *)event;
		uint64_t n;

		if (size < sizeof(*tm))
			return 0;
		n = (size - sizeof(*tm)) / sizeof(tm->entries[0]);
		if (tm->nr < n)
			n = tm->nr;
		free(r->pids);
		r->pids = calloc(n ? n : 1, sizeof(int));
		if (!r->pids)
			return -ENOMEM;
		for (uint64_t i = 0; i < n; i++)
			r->pids[i] = (int)tm->entries[i].pid;
		r->nr_pids = (int)n;
		break;
	}
	case PERF_RECORD_CPU_MAP: {
		int max = 4096, n;

		free(r->cpus);
		r->cpus = calloc(max, sizeof(int));
		if (!r->cpus)
			return -ENOMEM;
		n = event__cpu_map_decode(body, size - sizeof(event->header), r->cpus, max);
		if (n <= 0) {
			pr_err("%s: bad CPU_MAP record\n", session__path(session));
			return -EINVAL;
		}
		r->nr_cpus = n;
		break;
	}
	case PERF_RECORD_STAT_CONFIG: {
		const struct perf_record_stat_config *sc = (const void *)event;
		uint64_t n;

		if (size < sizeof(*sc))
			return 0;
		n = (size - sizeof(*sc)) / sizeof(sc->data[0]);
		for (uint64_t i = 0; i < n && i < sc->nr; i++) {
			bool known;

			switch (sc->data[i].tag) {
			case PERF_STAT_CONFIG_TERM__AGGR_MODE:
				r->file_mode = stat__aggr_mode_from_perf(sc->data[i].val, &known);
				break;
			case PERF_STAT_CONFIG_TERM__INTERVAL:
				r->interval = (unsigned int)sc->data[i].val;
				break;
			case PERF_STAT_CONFIG_TERM__SCALE:
				r->scale = sc->data[i].val != 0;
				break;
			default:
				break;
			}
		}
		break;
	}
	case PERF_RECORD_STAT: {
		const struct perf_record_stat *st = (const void *)event;
		struct evsel *evsel;
		struct stat_count c;
		int cpu_idx = -1, err;

		if (size < sizeof(*st))
			return 0;
		err = stat_report__setup(r);
		if (err)
			return err;
		evsel = session__evsel_by_id(session, st->id);
		if (!evsel) {
			pr_debug("STAT record for unknown id %llu\n", (unsigned long long)st->id);
			return 0;
		}
		for (int i = 0; i < r->nr_cpus; i++)
			if (r->cpus[i] == (int)st->cpu)
				cpu_idx = i;
		if (cpu_idx < 0 || (int)st->thread >= r->nr_pids) {
			pr_err("%s: STAT record for cpu %d thread %u outside the maps\n",
			       session__path(session), (int)st->cpu, st->thread);
			return -EINVAL;
		}
		c.val = st->val;
		c.ena = st->ena;
		c.run = st->run;
		stat_evlist__add_raw(&r->se, evsel->idx, cpu_idx * r->nr_pids + (int)st->thread, &c);
		break;
	}
	case PERF_RECORD_STAT_ROUND: {
		const struct perf_record_stat_round *sr = (const void *)event;
		bool final = sr->type == PERF_STAT_ROUND_TYPE__FINAL;
		int err;

		if (size < sizeof(*sr))
			return 0;
		err = stat_report__setup(r);
		if (err)
			return err;
		if (r->interval && !final) {
			struct timespec ts = { (time_t)(sr->time / 1000000000ULL),
					       (long)(sr->time % 1000000000ULL) };

			r->config.interval = r->interval;
			/* as perf's report: no wall time for the interval metrics */
			r->config.interval_ns = 0;
			stat_evlist__process(&r->se, r->scale, true);
			stat_display__counters(&r->config, &r->se.view, &ts);
			stat_evlist__reset(&r->se);
		} else if (final) {
			if (!r->interval)
				stat_evlist__process(&r->se, r->scale, false);
			stats__update(&r->config.walltime_nsecs_stats, sr->time);
			r->final_done = true;
		}
		break;
	}
	default:
		break;
	}
	return 0;
}

static char *stat_report__target(struct session *session)
{
	struct env *env = session__env(session);
	size_t len = 3;
	char *t;

	for (int i = 0; i < env->nr_cmdline; i++)
		len += strlen(env->cmdline_argv[i]) + 1;
	t = malloc(len);
	if (!t)
		return NULL;
	t[0] = '\'';
	t[1] = 0;
	for (int i = 0; i < env->nr_cmdline; i++) {
		if (i)
			strcat(t, " ");
		strcat(t, env->cmdline_argv[i]);
	}
	strcat(t, "'");
	return t;
}

static int cmd_stat_report(int argc, const char **argv)
{
	struct stat_opts o = { .input = NULL };
	struct stat_report r;
	const struct option opts[] = {
		OPT_STRING('i', "input", &o.input, "file", "input file name (\"-\": stdin)"),
		OPT_STRING('x', "field-separator", &o.csv_sep, "separator",
			   "print counts with custom separator"),
		OPT_BOOLEAN('j', "json-output", &o.json, "print counts in JSON format"),
		OPT_BOOLEAN(0, "json-doc", &o.json_doc, "print one JSON document"),
		OPT_BOOLEAN('A', "no-aggr", &o.no_aggr, "disable CPU count aggregation"),
		OPT_BOOLEAN(0, "per-socket", &o.per_socket, "aggregate counts per processor socket"),
		OPT_BOOLEAN(0, "per-die", &o.per_die, "aggregate counts per processor die"),
		OPT_BOOLEAN(0, "per-core", &o.per_core, "aggregate counts per physical processor core"),
		OPT_BOOLEAN(0, "per-thread", &o.per_thread, "aggregate counts per thread"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose"),
		OPT_END()
	};
	static const char *const usage[] = { "mperf stat report [-i FILE] [<options>]", NULL };
	char *target = NULL;
	int ret = 1, err;

	argc = parse_options(argc, argv, opts, usage, 0);
	if (argc < 0)
		return parse_options_exit(argc);
	if (argc > 0) {
		pr_err("stat report: unexpected argument '%s' (the file goes after -i)\n", argv[0]);
		return 129;
	}
	if (o.csv_sep && o.json) {
		pr_err("-x and -j cannot be used together: pick CSV or JSON\n");
		return 1;
	}
	memset(&r, 0, sizeof(r));
	r.o = &o;
	r.scale = true;
	r.tool.user_event = stat_report__user_event;
	stat_config__init(&r.config);
	if (o.csv_sep) {
		r.config.csv_output = true;
		r.config.csv_sep = strcmp(o.csv_sep, "\\t") ? o.csv_sep : "\t";
		r.config.big_num = false;
	}
	r.config.json_output = o.json;
	r.config.json_doc = o.json_doc;
	r.user_mode = o.no_aggr || o.per_core || o.per_socket || o.per_thread || o.per_die;
	r.config.aggr_mode = o.no_aggr ? AGGR_NONE : o.per_core ? AGGR_CORE :
			     o.per_socket ? AGGR_SOCKET : o.per_die ? AGGR_DIE :
			     o.per_thread ? AGGR_THREAD : AGGR_GLOBAL;
	stat__locale_numeric(r.config.thousands, sizeof(r.config.thousands),
			     r.config.point, sizeof(r.config.point));

	r.session = session__new(o.input ? o.input : "perf.data", &r.tool);
	if (!r.session)
		return 1;	/* session__new printed why */
	if (!session__is_pipe(r.session) &&
	    !header__has_feat(session__header(r.session), HEADER_STAT)) {
		pr_err("%s is not a stat data file (no HEADER_STAT): record it with `mperf stat record`\n",
		       session__path(r.session));
		goto out;
	}
	/* perf names a piped recording 'pipe' */
	target = session__is_pipe(r.session) ? strdup("'pipe'") :
		 stat_report__target(r.session);
	if (o.json_doc)
		stat_doc__begin(&r.config, target, NULL, 0, NULL);
	err = session__process_events(r.session);
	if (err) {
		pr_err("%s: reading the records failed: %s\n", session__path(r.session),
		       strerror(-err));
		goto out;
	}
	if (!r.se_ready) {
		pr_err("%s: no counts in the file\n", session__path(r.session));
		goto out;
	}
	if (!r.interval) {
		stat_display__header(&r.config, target ? target : "'?'");
		stat_display__counters(&r.config, &r.se.view, NULL);
		stat_display__footer(&r.config);
	}
	if (o.json_doc)
		stat_doc__end(&r.config, -1);
	ret = 0;
out:
	fflush(r.config.output);
	free(target);
	if (r.se_ready)
		stat_evlist__exit(&r.se);
	session__delete(r.session);
	cpumap__delete(r.cpumap);
	threadmap__delete(r.threadmap);
	free(r.cpus);
	free(r.pids);
	return ret;
}

int cmd_stat(int argc, const char **argv)
{
	struct stat_opts o = {
		.run_count = 1,
		.scale = true,
		.big_num = true,
	};
	const struct option opts[] = {
		OPT_CALLBACK('e', "event", &o, "event",
			     "event selector. use 'mperf list' to list available events",
			     stat__add_event_opt),
		OPT_BOOLEAN('i', "no-inherit", &o.no_inherit,
			    "child tasks do not inherit counters"),
		OPT_STRING('p', "pid", &o.pid, "pid", "stat events on existing process id"),
		OPT_STRING('t', "tid", &o.tid, "tid", "stat events on existing thread id"),
		OPT_BOOLEAN('a', "all-cpus", &o.system_wide,
			    "system-wide collection from all CPUs"),
		OPT_BOOLEAN('c', "scale", &o.scale,
			    "scale counts of multiplexed counters (default; --no-scale keeps them raw)"),
		OPT_INCR('v', "verbose", &verbose,
			 "be more verbose (show counter open errors, -vv the attrs)"),
		OPT_INTEGER('r', "repeat", &o.run_count,
			    "repeat command and print average + stddev (max: 100)"),
		OPT_BOOLEAN('n', "null", &o.null_run,
			    "null run - dont start any counters"),
		OPT_INCR('d', "detailed", &o.detailed,
			 "detailed run - start a lot of events"),
		OPT_BOOLEAN('S', "sync", &o.sync, "call sync() before starting a run"),
		OPT_BOOLEAN('B', "big-num", &o.big_num,
			    "print large numbers with thousands' separators"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu",
			   "list of cpus to monitor in system-wide"),
		OPT_BOOLEAN('A', "no-aggr", &o.no_aggr, "disable CPU count aggregation"),
		OPT_STRING('x', "field-separator", &o.csv_sep, "separator",
			   "print counts with custom separator"),
		OPT_BOOLEAN('j', "json-output", &o.json, "print counts in JSON format"),
		OPT_BOOLEAN(0, "json-doc", &o.json_doc,
			    "print one JSON document: numbers as numbers, null + reason when not counted"),
		OPT_STRING('o', "output", &o.output_name, "file", "output file name"),
		OPT_BOOLEAN(0, "append", &o.append, "append to the output file"),
		OPT_INTEGER(0, "log-fd", &o.log_fd, "log output to fd, instead of stderr"),
		OPT_STRING(0, "pre", &o.pre_cmd, "command",
			   "command to run prior to the measured command"),
		OPT_STRING(0, "post", &o.post_cmd, "command",
			   "command to run after to the measured command"),
		OPT_UINTEGER('I', "interval-print", &o.interval,
			     "print counts at regular interval in ms (overhead is possible for values <= 100ms)"),
		OPT_UINTEGER(0, "interval-count", &o.interval_count,
			     "print counts for fixed number of times"),
		OPT_BOOLEAN(0, "interval-clear", &o.interval_clear,
			    "clear screen in between new interval"),
		OPT_UINTEGER(0, "timeout", &o.timeout,
			     "stop workload and print counts after a timeout period in ms (>= 10ms)"),
		OPT_BOOLEAN(0, "per-socket", &o.per_socket, "aggregate counts per processor socket"),
		OPT_BOOLEAN(0, "per-die", &o.per_die, "aggregate counts per processor die"),
		OPT_BOOLEAN(0, "per-core", &o.per_core, "aggregate counts per physical processor core"),
		OPT_BOOLEAN(0, "per-thread", &o.per_thread, "aggregate counts per thread"),
		OPT_INTEGER('D', "delay", &o.initial_delay,
			    "ms to wait before starting measurement after program start (-1: start with events disabled)"),
		OPT_BOOLEAN(0, "metric-only", &o.metric_only, "Only print computed metrics. No raw values"),
		OPT_STRING('M', "metrics", &o.metrics, "metric/metric group list",
			   "monitor specified metrics or metric groups (separated by ,)"),
		OPT_BOOLEAN(0, "topdown", &o.topdown, "measure top-down statistics (the TopdownL1 metrics)"),
		OPT_INCR('q', "quiet", &quiet, "don't print anything but the counts (no warnings)"),
		OPT_STRING(0, "control", &o.control, "fifo:ctl-fifo[,ack-fifo] or fd:ctl-fd[,ack-fd]",
			   "listen on a fifo or fd for 'enable'/'disable' commands; optionally write 'ack\\n' after each"),
		OPT_END()
	};
	static const char *const usage[] = {
		"mperf stat [<options>] [<command>]",
		"mperf stat record [-o FILE] [<options>] [<command>]",
		"mperf stat report [-i FILE]",
		NULL
	};
	const char **full_argv;
	int ret, full_argc = argc;

	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_stat_report(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "record")) {
		o.record = true;
		argc--;
		argv++;
	}
	/* parse_options reorders argv: keep the command line for CMDLINE */
	full_argv = calloc(full_argc + 1, sizeof(*full_argv));
	if (!full_argv)
		return 1;
	memcpy(full_argv, argv - o.record, full_argc * sizeof(*full_argv));
	o.full_argc = full_argc;
	o.full_argv = full_argv;
	argc = parse_options(argc, argv, opts, usage, PARSE_OPT_STOP_AT_NON_OPTION);
	if (argc < 0) {
		free(full_argv);
		return parse_options_exit(argc);
	}
	ret = stat__main(argc, argv, &o);
	free(o.events);
	free(full_argv);
	if (ret < 0) {
		/* ended by SIGINT/SIGTERM: die of it like perf, so callers see it */
		fflush(stdout);
		fflush(stderr);
		signal(-ret, SIG_DFL);
		raise(-ret);
		return 128 - ret;
	}
	return ret;
}
