// SPDX-License-Identifier: GPL-2.0
/*
 * One event: attr + fds per (cpu, thread), open/enable/read/close, and the
 * one place where open errors become advice.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <inttypes.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include "evsel.h"
#include "cpumap.h"
#include "event.h"
#include "debug.h"
#include "parse-events.h"
#include "../arch/arch.h"

#ifndef PERF_FLAG_FD_CLOEXEC
#define PERF_FLAG_FD_CLOEXEC (1UL << 3)
#endif

void evsel__terms_init(struct evsel_terms *t)
{
	memset(t, 0, sizeof(*t));
	t->stack_size = -1;
	t->max_stack = -1;
	t->inherit = -1;
	t->overwrite = -1;
	t->time = -1;
	t->max_events = -1;
}

struct evsel *evsel__new(const struct perf_event_attr *attr, const char *name)
{
	struct evsel *evsel = calloc(1, sizeof(*evsel));

	if (!evsel)
		return NULL;
	evsel->attr = *attr;
	if (!evsel->attr.size)
		evsel->attr.size = sizeof(evsel->attr);
	evsel->name = strdup(name ? name : "");
	if (!evsel->name) {
		free(evsel);
		return NULL;
	}
	evsel->leader = evsel;
	evsel->nr_members = 1;
	evsel->supported = true;
	evsel->scale = 1.0;
	evsel__terms_init(&evsel->terms);
	evsel->is_tracepoint = attr->type == PERF_TYPE_TRACEPOINT;
	return evsel;
}

void evsel__delete(struct evsel *evsel)
{
	if (!evsel)
		return;
	evsel__close(evsel);
	free(evsel->name);
	free(evsel->pmu_name);
	free(evsel->group_name);
	free(evsel->unit);
	free(evsel->own_cpus);
	free(evsel->filter);
	free(evsel->terms.call_graph);
	free(evsel->terms.branch_type);
	free(evsel);
}

static int sys_perf_event_open(struct perf_event_attr *attr, pid_t pid,
			       int cpu, int group_fd, unsigned long flags)
{
	return (int)syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);
}

static int evsel__alloc(struct evsel *evsel, int n)
{
	evsel->fds = malloc(n * sizeof(*evsel->fds));
	evsel->ids = calloc(n, sizeof(*evsel->ids));
	evsel->counts = calloc(n, sizeof(*evsel->counts));
	if (!evsel->fds || !evsel->ids || !evsel->counts) {
		free(evsel->fds);
		free(evsel->ids);
		free(evsel->counts);
		evsel->fds = NULL;
		evsel->ids = NULL;
		evsel->counts = NULL;
		return -ENOMEM;
	}
	for (int i = 0; i < n; i++)
		evsel->fds[i] = -1;
	return 0;
}

static bool is_unsupported_errno(int err)
{
	return err == ENOENT || err == EOPNOTSUPP || err == ENODEV ||
	       err == ENXIO;
}

/* Raise the soft RLIMIT_NOFILE to the hard one; true when it grew. */
static bool nofile_raise(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur >= rl.rlim_max)
		return false;
	pr_debug("raising the open files limit from %llu to %llu\n",
		 (unsigned long long)rl.rlim_cur, (unsigned long long)rl.rlim_max);
	rl.rlim_cur = rl.rlim_max;
	return setrlimit(RLIMIT_NOFILE, &rl) == 0;
}

int evsel__open(struct evsel *evsel, struct cpumap *cpus,
		struct threadmap *threads)
{
	const struct arch_ops *arch = arch__for_host();
	struct evsel *leader = evsel->leader;
	int n, err = 0;

	if (evsel->fds)
		evsel__close(evsel);
	evsel->cpus = cpus;
	evsel->threads = threads;
	n = cpus->nr * threads->nr;
	err = evsel__alloc(evsel, n);
	if (err)
		return err;
	if (arch->fixup_attr)
		arch->fixup_attr(&evsel->attr);

	for (int c = 0; c < cpus->nr; c++) {
		for (int t = 0; t < threads->nr; t++) {
			int group_fd = -1, fd;

			if (leader != evsel && leader->fds &&
			    leader->cpus == cpus && leader->threads == threads)
				group_fd = EVSEL_FD(leader, c, t);
retry:
			fd = sys_perf_event_open(&evsel->attr, threads->map[t],
						 cpus->map[c], group_fd,
						 PERF_FLAG_FD_CLOEXEC);
			if (fd < 0) {
				err = errno;
				/* :P asks for the highest precise level that works */
				if (evsel->precise_max && evsel->attr.precise_ip &&
				    (err == EOPNOTSUPP || err == EINVAL)) {
					evsel->attr.precise_ip--;
					goto retry;
				}
				/*
				 * PMUs without guest/host filtering (msr, some
				 * uncores) refuse the exclude_guest that every
				 * event carries by default: retry without it,
				 * as perf does.
				 */
				if ((err == EINVAL || err == EOPNOTSUPP) &&
				    (evsel->attr.exclude_guest || evsel->attr.exclude_host)) {
					pr_debug2("%s: switching off exclude_guest, exclude_host\n",
						  evsel->name);
					evsel->attr.exclude_guest = 0;
					evsel->attr.exclude_host = 0;
					goto retry;
				}
				/* out of fds under a soft limit: take what the
				 * hard limit allows, as perf does */
				if (err == EMFILE && nofile_raise())
					goto retry;
				/* a thread that exited meanwhile is not an error */
				if (err == ESRCH && threads->nr > 1)
					continue;
				pr_debug("perf_event_open %s: pid %d cpu %d group_fd %d: %s\n",
					 evsel->name, threads->map[t], cpus->map[c],
					 group_fd, strerror(err));
				goto out_fail;
			}
			EVSEL_FD(evsel, c, t) = fd;
			if (evsel->attr.read_format & PERF_FORMAT_ID ||
			    evsel->attr.sample_type &
			    (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER)) {
				uint64_t id = 0;

				if (ioctl(fd, PERF_EVENT_IOC_ID, &id) < 0) {
					err = errno;
					goto out_fail;
				}
				evsel->ids[c * threads->nr + t] = id;
			}
		}
	}
	evsel->open_errno = 0;
	evsel->supported = true;
	return 0;

out_fail:
	evsel->open_errno = err;
	if (is_unsupported_errno(err))
		evsel->supported = false;
	evsel__close(evsel);
	evsel->cpus = cpus;
	evsel->threads = threads;
	return -err;
}

void evsel__close(struct evsel *evsel)
{
	int n;

	if (!evsel->fds)
		return;
	n = evsel->cpus->nr * evsel->threads->nr;
	for (int i = 0; i < n; i++)
		if (evsel->fds[i] >= 0)
			close(evsel->fds[i]);
	free(evsel->fds);
	free(evsel->ids);
	free(evsel->counts);
	evsel->fds = NULL;
	evsel->ids = NULL;
	evsel->counts = NULL;
}

static int evsel__ioctl(struct evsel *evsel, unsigned long req)
{
	int n;

	if (!evsel->fds)
		return 0;
	n = evsel->cpus->nr * evsel->threads->nr;
	for (int i = 0; i < n; i++) {
		if (evsel->fds[i] < 0)
			continue;
		if (ioctl(evsel->fds[i], req, 0) < 0)
			return -errno;
	}
	return 0;
}

int evsel__enable(struct evsel *evsel)
{
	return evsel__ioctl(evsel, PERF_EVENT_IOC_ENABLE);
}

int evsel__disable(struct evsel *evsel)
{
	return evsel__ioctl(evsel, PERF_EVENT_IOC_DISABLE);
}

bool evsel__is_clock(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE &&
	       (evsel->attr.config == PERF_COUNT_SW_TASK_CLOCK ||
		evsel->attr.config == PERF_COUNT_SW_CPU_CLOCK) &&
	       evsel->tool_event == TOOL_NONE;
}

double evsel__count_scale(const struct evsel *evsel)
{
	if (evsel__is_clock(evsel))
		return 1e-6;
	if (evsel->tool_event != TOOL_NONE)
		return 1.0;
	return evsel->scale;
}

int evsel__ctx(const struct evsel *evsel)
{
	const struct perf_event_attr *a = &evsel->attr;

	return a->exclude_kernel | a->exclude_user << 1 | a->exclude_hv << 2 |
	       a->exclude_host << 3 | a->exclude_idle << 4;
}

size_t evsel__read_size(const struct evsel *evsel)
{
	return event__read_size(evsel->attr.read_format,
				evsel->leader->nr_members);
}

/*
 * Decode one read(2) buffer into @out for @evsel. With PERF_FORMAT_GROUP
 * the buffer holds the whole group; pick our value by id when ids are
 * read, else by position in the group.
 */
static int evsel__decode_read(const struct evsel *evsel, const uint64_t *buf,
			      size_t len, uint64_t want_id, struct counts *out)
{
	struct read_values rv;
	bool by_id = (evsel->attr.read_format & PERF_FORMAT_ID) && want_id;

	memset(out, 0, sizeof(*out));
	if (read_values__parse(&rv, evsel->attr.read_format, buf, len))
		return -EIO;
	out->ena = rv.ena;
	out->run = rv.run;
	for (uint64_t k = 0; k < rv.nr; k++) {
		struct read_value v = read_values__get(&rv, k);

		if (rv.group && (by_id ? v.id != want_id :
				 (int)k != evsel__group_idx(evsel)))
			continue;
		out->val = v.value;
		out->lost = v.lost;
		return 0;
	}
	return -ENOENT;
}

int evsel__read_lost(const struct evsel *evsel, int idx, uint64_t *lost)
{
	uint64_t buf[64];
	size_t len = evsel__read_size(evsel);
	struct counts c;
	ssize_t r;
	int err;

	*lost = 0;
	if (!(evsel->attr.read_format & PERF_FORMAT_LOST) || !evsel->fds ||
	    evsel->fds[idx] < 0)
		return 0;
	if (len > sizeof(buf))
		return -E2BIG;
	r = read(evsel->fds[idx], buf, len);
	if (r < 0)
		return -errno;
	err = evsel__decode_read(evsel, buf, (size_t)r,
				 evsel->ids ? evsel->ids[idx] : 0, &c);
	*lost = c.lost;
	return err;
}

int evsel__read_counts(struct evsel *evsel)
{
	size_t len = evsel__read_size(evsel);
	uint64_t *buf;
	int n, err = 0;

	if (!evsel->fds)
		return -EBADF;
	buf = malloc(len);
	if (!buf)
		return -ENOMEM;
	n = evsel->cpus->nr * evsel->threads->nr;
	for (int i = 0; i < n; i++) {
		ssize_t r;

		memset(&evsel->counts[i], 0, sizeof(evsel->counts[i]));
		if (evsel->fds[i] < 0)
			continue;
		r = read(evsel->fds[i], buf, len);
		if (r < 0) {
			err = -errno;
			break;
		}
		err = evsel__decode_read(evsel, buf, (size_t)r, evsel->ids[i],
					 &evsel->counts[i]);
		if (err)
			break;
	}
	free(buf);
	return err;
}

void evsel__sum_counts(const struct evsel *evsel, struct counts *sum)
{
	int n;

	memset(sum, 0, sizeof(*sum));
	if (!evsel->counts)
		return;
	n = evsel->cpus->nr * evsel->threads->nr;
	for (int i = 0; i < n; i++) {
		sum->val += evsel->counts[i].val;
		sum->ena += evsel->counts[i].ena;
		sum->run += evsel->counts[i].run;
		sum->lost += evsel->counts[i].lost;
	}
}

size_t evsel__sample_size(const struct evsel *evsel)
{
	uint64_t fixed = evsel->attr.sample_type &
		(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
		 PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID |
		 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_IDENTIFIER);

	return (size_t)__builtin_popcountll(fixed) * 8;
}

/* ---- fallback and error advice ------------------------------------------ */

bool evsel__fallback(struct evsel *evsel, int err, char *msg, size_t size)
{
	bool cycles_like = (evsel->attr.type == PERF_TYPE_HARDWARE &&
			    evsel->attr.config == PERF_COUNT_HW_CPU_CYCLES);

	if (err < 0)
		err = -err;
	if (!cycles_like || !(err == ENOENT || err == EOPNOTSUPP || err == ENODEV))
		return false;
	if (msg && size)
		snprintf(msg, size,
			 "The cycles event is not supported, trying to fall back to cpu-clock");
	evsel->attr.type = PERF_TYPE_SOFTWARE;
	evsel->attr.config = PERF_COUNT_SW_CPU_CLOCK;
	evsel->attr.precise_ip = 0;
	evsel->auto_fallback = true;
	evsel->supported = true;
	evsel->open_errno = 0;
	return true;
}

/*
 * The modifier suffix perf derives from an attr when an event has no name
 * of its own (after the cycles fallback, say): the privilege levels that
 * are counted once any is excluded (k, u, h), the precise level, and the
 * guest/host letters (H, G) unless exclude_guest has its default, which is
 * "excluded" once a privilege level or precise level was asked for.
 */
size_t evsel__attr_modifiers(const struct perf_event_attr *a, char *buf, size_t size)
{
	char m[16];
	size_t n = 0;
	bool guest_default = false;

	if (a->exclude_kernel || a->exclude_user || a->exclude_hv) {
		if (!a->exclude_kernel)
			m[n++] = 'k';
		if (!a->exclude_user)
			m[n++] = 'u';
		if (!a->exclude_hv)
			m[n++] = 'h';
		guest_default = true;
	}
	for (unsigned int i = 0; i < a->precise_ip && i < 3; i++)
		m[n++] = 'p';
	if (a->precise_ip)
		guest_default = true;
	if (a->exclude_host || (bool)a->exclude_guest == guest_default) {
		if (!a->exclude_host)
			m[n++] = 'H';
		if (!a->exclude_guest)
			m[n++] = 'G';
	}
	m[n] = '\0';
	return (size_t)snprintf(buf, size, "%s%s", n ? ":" : "", m);
}

static int read_paranoid(void)
{
	FILE *f = fopen("/proc/sys/kernel/perf_event_paranoid", "r");
	int v = 2;

	if (!f)
		return 2;
	if (fscanf(f, "%d", &v) != 1)
		v = 2;
	fclose(f);
	return v;
}

static bool path_exists(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0;
}

static bool has_hw_pmu(void)
{
	return path_exists("/sys/bus/event_source/devices/cpu") ||
	       path_exists("/sys/bus/event_source/devices/cpu_core") ||
	       path_exists("/sys/bus/event_source/devices/armv8_pmuv3_0") ||
	       path_exists("/sys/bus/event_source/devices/armv8_pmuv3");
}

static bool tracefs_mounted(void)
{
	return path_exists("/sys/kernel/tracing/events") ||
	       path_exists("/sys/kernel/debug/tracing/events");
}

bool evsel__fallback_user(struct evsel *evsel, int err)
{
	char *name;

	if (err != -EACCES && err != -EPERM)
		return false;
	/* :k asks for the kernel alone; CPU-wide needs a lower level anyway */
	if (geteuid() == 0 || evsel->attr.exclude_kernel || evsel->attr.exclude_user ||
	    !evsel->threads || evsel->threads->map[0] == -1 || read_paranoid() <= 1)
		return false;
	evsel->attr.exclude_kernel = 1;
	evsel->attr.exclude_hv = 1;
	if (evsel->name && !strchr(evsel->name, ':') &&
	    asprintf(&name, "%s:u", evsel->name) >= 0) {
		free(evsel->name);
		evsel->name = name;
	}
	pr_debug("%s: kernel.perf_event_paranoid forbids the kernel part: user space only\n",
		 evsel->name ? evsel->name : "event");
	return true;
}

/* The perf_event_paranoid level this open needs (perf_event_open(2)). */
static int paranoid_needed(const struct evsel *evsel)
{
	bool system_wide = evsel->cpus && evsel->cpus->map[0] != -1 &&
			   evsel->threads && evsel->threads->map[0] == -1;

	if (system_wide && evsel->attr.type == PERF_TYPE_TRACEPOINT &&
	    (evsel->attr.sample_type & PERF_SAMPLE_RAW))
		return -1;
	if (system_wide)
		return 0;
	if (!evsel->attr.exclude_kernel || !evsel->attr.exclude_hv)
		return 1;
	return 2;
}

int evsel__strerror_open(const struct evsel *evsel, int err, char *buf,
			 size_t size)
{
	const struct arch_ops *arch = arch__for_host();
	const char *name = evsel->name && *evsel->name ? evsel->name : "event";
	int n;

	if (err < 0)
		err = -err;
	switch (err) {
	case EACCES:
	case EPERM: {
		int cur = read_paranoid(), need = paranoid_needed(evsel);

		if (geteuid() == 0 || cur <= need)
			return snprintf(buf, size,
				"no permission to open '%s' (%s) although kernel.perf_event_paranoid=%d: "
				"a security module (lockdown, seccomp, SELinux) may forbid perf_event_open",
				name, strerror(err), cur);
		return snprintf(buf, size,
			"no permission to open '%s': kernel.perf_event_paranoid is %d, it needs %d or lower: "
			"run `sysctl -w kernel.perf_event_paranoid=%d`, or give mperf CAP_PERFMON%s",
			name, cur, need, need,
			need == 1 ? ", or count user space only with :u" : "");
	}
	case ENOENT:
	case EOPNOTSUPP:
	case ENODEV:
	case ENXIO:
		if (evsel->attr.type == PERF_TYPE_TRACEPOINT && !tracefs_mounted())
			return snprintf(buf, size,
				"tracepoint '%s' not found: tracefs is not mounted: run `mount -t tracefs nodev /sys/kernel/tracing`",
				name);
		if (err == ENODEV && evsel->cpus && evsel->cpus->map[0] != -1 &&
		    evsel->attr.type != PERF_TYPE_HARDWARE &&
		    evsel->attr.type != PERF_TYPE_HW_CACHE &&
		    evsel->attr.type != PERF_TYPE_RAW)
			return snprintf(buf, size,
				"'%s' cannot be opened on the requested CPUs (%s): check the CPU list and the PMU's cpumask",
				name, strerror(err));
		if ((evsel->attr.type == PERF_TYPE_HARDWARE ||
		     evsel->attr.type == PERF_TYPE_HW_CACHE ||
		     evsel->attr.type == PERF_TYPE_RAW) && !has_hw_pmu())
			return snprintf(buf, size,
				"the '%s' event is not supported by this machine: no hardware PMU "
				"(a VM without PMU passthrough?); software events such as cpu-clock work",
				name);
		if (evsel->attr.precise_ip)
			return snprintf(buf, size,
				"the '%s' event is not supported with precise level %u (:%.*s): try fewer 'p' modifiers",
				name, evsel->attr.precise_ip, (int)evsel->attr.precise_ip, "ppp");
		return snprintf(buf, size,
			"the '%s' event is not supported by this machine (%s): its PMU is missing or does not know this encoding",
			name, strerror(err));
	case EMFILE: {
		struct rlimit rl;
		unsigned long cur = 0;

		if (getrlimit(RLIMIT_NOFILE, &rl) == 0)
			cur = (unsigned long)rl.rlim_cur;
		/* the soft limit was already raised to the hard one */
		return snprintf(buf, size,
			"too many open files (limit %lu) opening '%s': one fd is needed per event per CPU per thread: "
			"raise it with `ulimit -n %lu`%s, or use fewer events/CPUs",
			cur, name, cur < 1024 ? 65536UL : cur * 4,
			geteuid() ? " (the hard limit: as root, or in /etc/security/limits.conf)" : "");
	}
	case ESRCH:
		return snprintf(buf, size,
			"cannot open '%s': the process to monitor does not exist (any more)", name);
	case ENOSYS:
		return snprintf(buf, size,
			"cannot open '%s': this system has no perf_event_open (ENOSYS): a kernel built "
			"without CONFIG_PERF_EVENTS, or an emulator such as qemu-user; run on a kernel that has it",
			name);
	case EBUSY:
		return snprintf(buf, size,
			"the PMU for '%s' is busy (used by another tool or the NMI watchdog: `sysctl -w kernel.nmi_watchdog=0`)",
			name);
	case EINVAL:
		if (arch->open_strerror) {
			n = arch->open_strerror(err, &evsel->attr, buf, size);
			if (n > 0)
				return n;
		}
		if (evsel->attr.precise_ip)
			return snprintf(buf, size,
				"invalid attr for '%s' with precise level %u: this PMU may not support :p; try without it",
				name, evsel->attr.precise_ip);
		return snprintf(buf, size,
			"the kernel rejected the attr of '%s' (EINVAL): a modifier, term or sample setting is not valid for this PMU (-vv shows the attr)",
			name);
	default:
		break;
	}
	if (arch->open_strerror) {
		n = arch->open_strerror(err, &evsel->attr, buf, size);
		if (n > 0)
			return n;
	}
	return snprintf(buf, size, "cannot open '%s': %s (errno %d)", name,
			strerror(err), err);
}

/* ---- -vv attr printing ------------------------------------------------- */

struct bit_name {
	uint64_t bit;
	const char *name;
};

static const struct bit_name sample_type_names[] = {
	{ PERF_SAMPLE_IP, "IP" }, { PERF_SAMPLE_TID, "TID" },
	{ PERF_SAMPLE_TIME, "TIME" }, { PERF_SAMPLE_ADDR, "ADDR" },
	{ PERF_SAMPLE_READ, "READ" }, { PERF_SAMPLE_CALLCHAIN, "CALLCHAIN" },
	{ PERF_SAMPLE_ID, "ID" }, { PERF_SAMPLE_CPU, "CPU" },
	{ PERF_SAMPLE_PERIOD, "PERIOD" }, { PERF_SAMPLE_STREAM_ID, "STREAM_ID" },
	{ PERF_SAMPLE_RAW, "RAW" }, { PERF_SAMPLE_BRANCH_STACK, "BRANCH_STACK" },
	{ PERF_SAMPLE_REGS_USER, "REGS_USER" },
	{ PERF_SAMPLE_STACK_USER, "STACK_USER" },
	{ PERF_SAMPLE_WEIGHT, "WEIGHT" }, { PERF_SAMPLE_DATA_SRC, "DATA_SRC" },
	{ PERF_SAMPLE_IDENTIFIER, "IDENTIFIER" },
	{ PERF_SAMPLE_TRANSACTION, "TRANSACTION" },
	{ PERF_SAMPLE_REGS_INTR, "REGS_INTR" },
	{ PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR" }, { PERF_SAMPLE_AUX, "AUX" },
	{ PERF_SAMPLE_CGROUP, "CGROUP" },
	{ PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE" },
	{ PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE" },
	{ PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT" },
	{ 0, NULL }
};

static const struct bit_name read_format_names[] = {
	{ PERF_FORMAT_TOTAL_TIME_ENABLED, "TOTAL_TIME_ENABLED" },
	{ PERF_FORMAT_TOTAL_TIME_RUNNING, "TOTAL_TIME_RUNNING" },
	{ PERF_FORMAT_ID, "ID" }, { PERF_FORMAT_GROUP, "GROUP" },
	{ PERF_FORMAT_LOST, "LOST" },
	{ 0, NULL }
};

static const struct bit_name branch_names[] = {
	{ PERF_SAMPLE_BRANCH_USER, "USER" },
	{ PERF_SAMPLE_BRANCH_KERNEL, "KERNEL" },
	{ PERF_SAMPLE_BRANCH_HV, "HV" }, { PERF_SAMPLE_BRANCH_ANY, "ANY" },
	{ PERF_SAMPLE_BRANCH_ANY_CALL, "ANY_CALL" },
	{ PERF_SAMPLE_BRANCH_ANY_RETURN, "ANY_RETURN" },
	{ PERF_SAMPLE_BRANCH_IND_CALL, "IND_CALL" },
	{ PERF_SAMPLE_BRANCH_ABORT_TX, "ABORT_TX" },
	{ PERF_SAMPLE_BRANCH_IN_TX, "IN_TX" },
	{ PERF_SAMPLE_BRANCH_NO_TX, "NO_TX" },
	{ PERF_SAMPLE_BRANCH_COND, "COND" },
	{ PERF_SAMPLE_BRANCH_CALL_STACK, "CALL_STACK" },
	{ PERF_SAMPLE_BRANCH_IND_JUMP, "IND_JUMP" },
	{ PERF_SAMPLE_BRANCH_CALL, "CALL" },
	{ PERF_SAMPLE_BRANCH_NO_FLAGS, "NO_FLAGS" },
	{ PERF_SAMPLE_BRANCH_NO_CYCLES, "NO_CYCLES" },
	{ PERF_SAMPLE_BRANCH_TYPE_SAVE, "TYPE_SAVE" },
	{ PERF_SAMPLE_BRANCH_HW_INDEX, "HW_INDEX" },
	{ 0, NULL }
};

static int snprintf_bits(char *buf, size_t size, uint64_t v,
			 const struct bit_name *names)
{
	size_t len = 0;
	bool first = true;

	buf[0] = '\0';
	for (int i = 0; names[i].name; i++) {
		if (!(v & names[i].bit))
			continue;
		len += snprintf(buf + len, len < size ? size - len : 0, "%s%s",
				first ? "" : "|", names[i].name);
		v &= ~names[i].bit;
		first = false;
	}
	if (v)
		len += snprintf(buf + len, len < size ? size - len : 0,
				"%s%#llx", first ? "" : "|", (unsigned long long)v);
	return (int)len;
}

int evsel__snprintf_sample_type(char *buf, size_t size, uint64_t v)
{
	return snprintf_bits(buf, size, v, sample_type_names);
}

int evsel__snprintf_read_format(char *buf, size_t size, uint64_t v)
{
	return snprintf_bits(buf, size, v, read_format_names);
}

#define ATTR_U(fp, n, label, val) \
	do { if (val) n += fprintf(fp, "  %-32s %llu\n", label, \
				   (unsigned long long)(val)); } while (0)
#define ATTR_X(fp, n, label, val) \
	do { if (val) n += fprintf(fp, "  %-32s %#llx\n", label, \
				   (unsigned long long)(val)); } while (0)
#define ATTR_F(fp, n, field)	ATTR_U(fp, n, #field, attr->field)

int evsel__fprintf_attr(FILE *fp, const struct perf_event_attr *attr)
{
	char bits[512];
	int n = 0;

	n += fprintf(fp, "%.60s\n", "------------------------------------------------------------");
	n += fprintf(fp, "perf_event_attr:\n");
	ATTR_U(fp, n, "type", attr->type);
	ATTR_F(fp, n, size);
	ATTR_X(fp, n, "config", attr->config);
	ATTR_U(fp, n, "{ sample_period, sample_freq }", attr->sample_period);
	if (attr->sample_type) {
		evsel__snprintf_sample_type(bits, sizeof(bits), attr->sample_type);
		n += fprintf(fp, "  %-32s %s\n", "sample_type", bits);
	}
	if (attr->read_format) {
		evsel__snprintf_read_format(bits, sizeof(bits), attr->read_format);
		n += fprintf(fp, "  %-32s %s\n", "read_format", bits);
	}
	ATTR_F(fp, n, disabled);
	ATTR_F(fp, n, inherit);
	ATTR_F(fp, n, pinned);
	ATTR_F(fp, n, exclusive);
	ATTR_F(fp, n, exclude_user);
	ATTR_F(fp, n, exclude_kernel);
	ATTR_F(fp, n, exclude_hv);
	ATTR_F(fp, n, exclude_idle);
	ATTR_F(fp, n, mmap);
	ATTR_F(fp, n, comm);
	ATTR_F(fp, n, freq);
	ATTR_F(fp, n, inherit_stat);
	ATTR_F(fp, n, enable_on_exec);
	ATTR_F(fp, n, task);
	ATTR_F(fp, n, watermark);
	ATTR_F(fp, n, precise_ip);
	ATTR_F(fp, n, mmap_data);
	ATTR_F(fp, n, sample_id_all);
	ATTR_F(fp, n, exclude_host);
	ATTR_F(fp, n, exclude_guest);
	ATTR_F(fp, n, exclude_callchain_kernel);
	ATTR_F(fp, n, exclude_callchain_user);
	ATTR_F(fp, n, mmap2);
	ATTR_F(fp, n, comm_exec);
	ATTR_F(fp, n, use_clockid);
	ATTR_F(fp, n, context_switch);
	ATTR_F(fp, n, write_backward);
	ATTR_F(fp, n, namespaces);
	ATTR_F(fp, n, ksymbol);
	ATTR_F(fp, n, bpf_event);
	ATTR_F(fp, n, aux_output);
	ATTR_F(fp, n, cgroup);
	ATTR_F(fp, n, text_poke);
	ATTR_F(fp, n, build_id);
	ATTR_F(fp, n, inherit_thread);
	ATTR_F(fp, n, remove_on_exec);
	ATTR_F(fp, n, sigtrap);
	ATTR_U(fp, n, "{ wakeup_events, wakeup_watermark }", attr->wakeup_events);
	ATTR_F(fp, n, bp_type);
	ATTR_X(fp, n, "{ bp_addr, config1 }", attr->bp_addr);
	ATTR_X(fp, n, "{ bp_len, config2 }", attr->bp_len);
	if (attr->branch_sample_type) {
		snprintf_bits(bits, sizeof(bits), attr->branch_sample_type,
			      branch_names);
		n += fprintf(fp, "  %-32s %s\n", "branch_sample_type", bits);
	}
	ATTR_X(fp, n, "sample_regs_user", attr->sample_regs_user);
	ATTR_F(fp, n, sample_stack_user);
	if (attr->clockid)
		n += fprintf(fp, "  %-32s %d\n", "clockid", attr->clockid);
	ATTR_X(fp, n, "sample_regs_intr", attr->sample_regs_intr);
	ATTR_F(fp, n, aux_watermark);
	ATTR_F(fp, n, sample_max_stack);
	ATTR_F(fp, n, aux_sample_size);
	ATTR_F(fp, n, sig_data);
	n += fprintf(fp, "%.60s\n", "------------------------------------------------------------");
	return n;
}

void evsel__update_unit_scale(const struct evsel *evsel, const char **unit, double *scale)
{
	/* (the cycles fallback keeps the unit of the event asked for: none) */
	bool clock = evsel->attr.type == PERF_TYPE_SOFTWARE && !evsel->tool_event &&
		     !evsel->auto_fallback &&
		     (evsel->attr.config == PERF_COUNT_SW_TASK_CLOCK ||
		      evsel->attr.config == PERF_COUNT_SW_CPU_CLOCK);

	*unit = evsel->unit && evsel->unit[0] ? evsel->unit : clock ? "msec" : NULL;
	*scale = evsel->scale != 1.0 && evsel->scale != 0.0 ? evsel->scale : clock ? 1e-6 : 0.0;
}

static const char *const hw_names[] = {
	"cycles", "instructions", "cache-references", "cache-misses",
	"branches", "branch-misses", "bus-cycles", "stalled-cycles-frontend",
	"stalled-cycles-backend", "ref-cycles",
};

/* (perf 6.1 names no software event past dummy from its attr:
 * bpf-output's is "unknown-software") */
static const char *const sw_names[] = {
	"cpu-clock", "task-clock", "page-faults", "context-switches",
	"cpu-migrations", "minor-faults", "major-faults", "alignment-faults",
	"emulation-faults", "dummy",
};

/* a cache event's name from its config (type, op, result bytes), as perf
 * names one, or perf's word for the part it does not know */
static void cache_name(char *buf, size_t size, uint64_t config)
{
	unsigned int type = config & 0xff, op = (config >> 8) & 0xff, res = (config >> 16) & 0xff;

	if (type >= HW_CACHE_TYPES)
		snprintf(buf, size, "unknown-ext-hardware-cache-type");
	else if (op >= HW_CACHE_OPS)
		snprintf(buf, size, "unknown-ext-hardware-cache-op");
	else if (res >= HW_CACHE_RESULTS)
		snprintf(buf, size, "unknown-ext-hardware-cache-result");
	else if (!hw_cache__op_valid((int)type, (int)op))
		snprintf(buf, size, "invalid-cache");
	else
		hw_cache__name(buf, size, (int)type, (int)op, (int)res);
}

void evsel__set_name(struct evsel *evsel, const char *name)
{
	char *n;

	if (!name || !*name)
		return;
	n = strdup(name);
	if (!n)
		return;
	free(evsel->name);
	evsel->name = n;
	evsel->attr_named = false;
	if (evsel->is_tracepoint) {
		const char *colon = strchr(n, ':');

		evsel->tp_id_sys_len = colon ? (int)(colon - n) : 0;
	}
}

/*
 * A name for an attr the file does not name (no EVENT_DESC: a recording
 * cut short, a pipe without names), as perf derives one: the event's,
 * and the modifiers its exclude bits and precise level make
 * ("cpu-clock:ppp", "page-faults:k"); a tracepoint's comes from the
 * file's formats later.
 */
char *evsel__attr_name(const struct perf_event_attr *a)
{
	char buf[160];
	int n;

	switch (a->type) {
	case PERF_TYPE_HARDWARE:
		n = snprintf(buf, sizeof(buf), "%s", a->config < ARRAY_SIZE(hw_names) ?
			     hw_names[a->config] : "unknown-hardware");
		break;
	case PERF_TYPE_SOFTWARE:
		n = snprintf(buf, sizeof(buf), "%s", a->config < ARRAY_SIZE(sw_names) ?
			     sw_names[a->config] : "unknown-software");
		break;
	case PERF_TYPE_HW_CACHE:
		cache_name(buf, sizeof(buf), a->config);
		n = (int)strlen(buf);
		break;
	case PERF_TYPE_RAW:
		n = snprintf(buf, sizeof(buf), "raw 0x%" PRIx64, (uint64_t)a->config);
		break;
	case PERF_TYPE_BREAKPOINT:
		n = snprintf(buf, sizeof(buf), "mem:0x%" PRIx64 ":%s%s%s", (uint64_t)a->bp_addr,
			     a->bp_type & HW_BREAKPOINT_R ? "r" : "", a->bp_type & HW_BREAKPOINT_W ? "w" : "",
			     a->bp_type & HW_BREAKPOINT_X ? "x" : "");
		break;
	case PERF_TYPE_TRACEPOINT:
		snprintf(buf, sizeof(buf), "unknown tracepoint");
		return strdup(buf);
	default:
		snprintf(buf, sizeof(buf), "unknown attr type: %u", a->type);
		return strdup(buf);
	}
	if (n > 0 && (size_t)n < sizeof(buf))
		evsel__attr_modifiers(a, buf + n, sizeof(buf) - (size_t)n);
	return strdup(buf);
}
