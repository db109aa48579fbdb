// SPDX-License-Identifier: GPL-2.0
/*
 * parse-events: every grammar form and every error path. PMUs come from
 * the fake sysfs tree, tracepoints from its fake tracefs, so results do
 * not depend on this machine. Expected attrs are perf 6.1's (checked
 * against `perf stat -vv -e STRING true` by tests/shell/attr.sh).
 */
#include "unit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/hw_breakpoint.h>
#include "util/evlist.h"
#include "util/evsel.h"
#include "util/parse-events.h"
#include "util/pmu.h"

static struct pmus *fake;

static int setup(void **state)
{
	setenv("MPERF_TRACEFS", TEST_DATA "/sysfs/kernel/tracing", 1);
	fake = pmus__new(TEST_DATA "/sysfs");
	return fake ? 0 : -1;
}

static int teardown(void **state)
{
	pmus__delete(fake);
	return 0;
}

static struct evlist *parse_ok(const char *str)
{
	struct parse_events_error err;
	struct evlist *l = evlist__new();
	int ret = __parse_events(l, str, &err, fake);

	if (ret)
		fail_msg("'%s' failed: %s (col %d)", str, err.str, err.idx);
	return l;
}

struct want {
	const char *str;
	int nr;			/* evsels */
	uint32_t type;
	uint64_t config;
	const char *name;	/* of the first evsel */
};

static void test_symbols(void **state)
{
	static const struct want w[] = {
		{ "cycles", 1, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, "cycles" },
		{ "cpu-cycles", 1, PERF_TYPE_HARDWARE, 0, "cpu-cycles" },
		{ "instructions", 1, PERF_TYPE_HARDWARE, 1, "instructions" },
		{ "cache-references", 1, PERF_TYPE_HARDWARE, 2, NULL },
		{ "cache-misses", 1, PERF_TYPE_HARDWARE, 3, NULL },
		{ "branches", 1, PERF_TYPE_HARDWARE, 4, NULL },
		{ "branch-instructions", 1, PERF_TYPE_HARDWARE, 4, NULL },
		{ "branch-misses", 1, PERF_TYPE_HARDWARE, 5, NULL },
		{ "bus-cycles", 1, PERF_TYPE_HARDWARE, 6, NULL },
		{ "stalled-cycles-frontend", 1, PERF_TYPE_HARDWARE, 7, NULL },
		{ "idle-cycles-frontend", 1, PERF_TYPE_HARDWARE, 7, NULL },
		{ "stalled-cycles-backend", 1, PERF_TYPE_HARDWARE, 8, NULL },
		{ "idle-cycles-backend", 1, PERF_TYPE_HARDWARE, 8, NULL },
		{ "ref-cycles", 1, PERF_TYPE_HARDWARE, 9, NULL },
		{ "cpu-clock", 1, PERF_TYPE_SOFTWARE, 0, NULL },
		{ "task-clock", 1, PERF_TYPE_SOFTWARE, 1, NULL },
		{ "page-faults", 1, PERF_TYPE_SOFTWARE, 2, NULL },
		{ "faults", 1, PERF_TYPE_SOFTWARE, 2, "faults" },
		{ "context-switches", 1, PERF_TYPE_SOFTWARE, 3, NULL },
		{ "cs", 1, PERF_TYPE_SOFTWARE, 3, "cs" },
		{ "cpu-migrations", 1, PERF_TYPE_SOFTWARE, 4, NULL },
		{ "migrations", 1, PERF_TYPE_SOFTWARE, 4, NULL },
		{ "minor-faults", 1, PERF_TYPE_SOFTWARE, 5, NULL },
		{ "major-faults", 1, PERF_TYPE_SOFTWARE, 6, NULL },
		{ "alignment-faults", 1, PERF_TYPE_SOFTWARE, 7, NULL },
		{ "emulation-faults", 1, PERF_TYPE_SOFTWARE, 8, NULL },
		{ "dummy", 1, PERF_TYPE_SOFTWARE, 9, NULL },
		{ "bpf-output", 1, PERF_TYPE_SOFTWARE, 10, NULL },
		{ "cgroup-switches", 1, PERF_TYPE_SOFTWARE, 11, NULL },
		{ "duration_time", 1, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY, NULL },
		/* the cache matrix: type | op << 8 | result << 16 */
		{ "L1-dcache-loads", 1, PERF_TYPE_HW_CACHE, 0x0, NULL },
		{ "L1-dcache-load-misses", 1, PERF_TYPE_HW_CACHE, 0x10000, NULL },
		{ "L1-dcache-stores", 1, PERF_TYPE_HW_CACHE, 0x100, NULL },
		{ "L1-dcache-store-misses", 1, PERF_TYPE_HW_CACHE, 0x10100, NULL },
		{ "L1-dcache-prefetches", 1, PERF_TYPE_HW_CACHE, 0x200, NULL },
		{ "L1-dcache-prefetch-misses", 1, PERF_TYPE_HW_CACHE, 0x10200, NULL },
		{ "L1-dcache", 1, PERF_TYPE_HW_CACHE, 0x0, NULL },
		{ "l1d-misses", 1, PERF_TYPE_HW_CACHE, 0x10000, NULL },
		{ "L1-icache-load-misses", 1, PERF_TYPE_HW_CACHE, 0x10001, NULL },
		{ "l1-i-prefetches", 1, PERF_TYPE_HW_CACHE, 0x201, NULL },
		{ "LLC-loads", 1, PERF_TYPE_HW_CACHE, 0x2, NULL },
		{ "LLC-store-misses", 1, PERF_TYPE_HW_CACHE, 0x10102, NULL },
		{ "L2-misses-load", 1, PERF_TYPE_HW_CACHE, 0x10002, NULL },
		{ "dTLB-load-misses", 1, PERF_TYPE_HW_CACHE, 0x10003, NULL },
		{ "dTLB-misses", 1, PERF_TYPE_HW_CACHE, 0x10003, NULL },
		{ "Data-TLB-stores", 1, PERF_TYPE_HW_CACHE, 0x103, NULL },
		{ "iTLB-loads", 1, PERF_TYPE_HW_CACHE, 0x4, NULL },
		{ "iTLB-load-misses", 1, PERF_TYPE_HW_CACHE, 0x10004, NULL },
		{ "branch-loads", 1, PERF_TYPE_HW_CACHE, 0x5, NULL },
		{ "branch-load-misses", 1, PERF_TYPE_HW_CACHE, 0x10005, NULL },
		{ "bpu-read-miss", 1, PERF_TYPE_HW_CACHE, 0x10005, NULL },
		{ "node-loads", 1, PERF_TYPE_HW_CACHE, 0x6, NULL },
		{ "node-store-misses", 1, PERF_TYPE_HW_CACHE, 0x10106, NULL },
		{ "node-speculative-read-miss", 1, PERF_TYPE_HW_CACHE, 0x10206, NULL },
		/* raw */
		{ "r1a2b", 1, PERF_TYPE_RAW, 0x1a2b, "r1a2b" },
		{ "rFFFF", 1, PERF_TYPE_RAW, 0xffff, NULL },
		{ "r0123456789abcdef", 1, PERF_TYPE_RAW, 0x0123456789abcdefULL, NULL },
		/* tracepoints (fake tracefs) */
		{ "sched:sched_switch", 1, PERF_TYPE_TRACEPOINT, 316, "sched:sched_switch" },
		{ "sched:sched_switch:u", 1, PERF_TYPE_TRACEPOINT, 316, "sched:sched_switch" },
		{ "sched:*", 3, PERF_TYPE_TRACEPOINT, 305, "sched:sched_process_exit" },
		{ "syscalls:sys_enter_*", 2, PERF_TYPE_TRACEPOINT, 700, "syscalls:sys_enter_read" },
		{ "*:sys_exit_read", 1, PERF_TYPE_TRACEPOINT, 701, NULL },
		{ "sched:sched_[sw]*", 2, PERF_TYPE_TRACEPOINT, 316, NULL },
		{ "sched:sched_?witch", 1, PERF_TYPE_TRACEPOINT, 316, NULL },
		/* breakpoints */
		{ "mem:0x1000", 1, PERF_TYPE_BREAKPOINT, 0, "mem:0x1000" },
		/* pmu aliases (fake sysfs) */
		{ "tsc", 0, 0, 0, NULL },	/* not in the fake tree: error, see below */
	};

	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		struct evlist *l;
		struct evsel *e;

		if (!w[i].nr)
			continue;
		l = parse_ok(w[i].str);
		if (l->nr != w[i].nr)
			fail_msg("'%s': %d evsels, want %d", w[i].str, l->nr, w[i].nr);
		e = l->entries[0];
		/* globs expand in directory order: look for the wanted one */
		for (int k = 0; strpbrk(w[i].str, "*?[") && k < l->nr; k++)
			if (l->entries[k]->attr.config == w[i].config)
				e = l->entries[k];
		if (e->attr.type != w[i].type || e->attr.config != w[i].config)
			fail_msg("'%s': type %u config %#llx, want %u %#llx", w[i].str,
				 e->attr.type, (unsigned long long)e->attr.config,
				 w[i].type, (unsigned long long)w[i].config);
		assert_int_equal(e->attr.size, sizeof(struct perf_event_attr));
		assert_int_equal(e->attr.exclude_guest, 1);
		if (w[i].name)
			assert_string_equal(e->name, w[i].name);
		assert_ptr_equal(e->leader, e);
		evlist__delete(l);
	}
}

static void test_tool_and_tracepoint_fields(void **state)
{
	struct evlist *l = parse_ok("duration_time,user_time,system_time,sched:sched_wakeup");

	assert_int_equal(l->entries[0]->tool_event, TOOL_DURATION_TIME);
	assert_int_equal(l->entries[1]->tool_event, TOOL_USER_TIME);
	assert_int_equal(l->entries[2]->tool_event, TOOL_SYSTEM_TIME);
	assert_true(l->entries[3]->is_tracepoint);
	assert_int_equal(l->entries[3]->tp_id_sys_len, 5);
	assert_int_equal(l->entries[3]->attr.sample_type,
			 PERF_SAMPLE_RAW | PERF_SAMPLE_TIME | PERF_SAMPLE_CPU);
	assert_int_equal(l->entries[3]->attr.sample_period, 1);
	assert_string_equal(l->entries[3]->pmu_name, "tracepoint");
	assert_string_equal(l->entries[0]->pmu_name, "software");
	for (int i = 0; i < 4; i++)
		assert_int_equal(l->entries[i]->idx, i);
	evlist__delete(l);
}

static void test_breakpoints(void **state)
{
	struct evlist *l = parse_ok("mem:0x1000:rw,mem:4096/8:w,mem:0xffff0000:x,mem:0x10:r:u");
	struct perf_event_attr *a;

	a = &l->entries[0]->attr;
	assert_int_equal(a->bp_type, HW_BREAKPOINT_RW);
	assert_int_equal(a->bp_addr, 0x1000);
	assert_int_equal(a->bp_len, 4);
	assert_int_equal(a->sample_period, 1);
	assert_string_equal(l->entries[0]->name, "mem:0x1000:rw");
	a = &l->entries[1]->attr;
	assert_int_equal(a->bp_type, HW_BREAKPOINT_W);
	assert_int_equal(a->bp_addr, 4096);
	assert_int_equal(a->bp_len, 8);
	a = &l->entries[2]->attr;
	assert_int_equal(a->bp_type, HW_BREAKPOINT_X);
	assert_int_equal(a->bp_len, sizeof(long));
	a = &l->entries[3]->attr;
	assert_int_equal(a->bp_type, HW_BREAKPOINT_R);
	assert_int_equal(a->exclude_kernel, 1);
	assert_int_equal(a->exclude_user, 0);
	assert_string_equal(l->entries[3]->name, "mem:0x10:r:u");
	evlist__delete(l);
}

struct modw {
	const char *str;
	int eu, ek, eh, eH, eG, eI, precise, pinned, exclusive;
	bool sample_read, precise_max, weak;
};

static void test_modifiers(void **state)
{
	/* perf 6.1: an event's modifiers start from nothing; u/p imply
	 * exclude_guest unless G/H is given */
	static const struct modw w[] = {
		{ "cycles", 0, 0, 0, 0, 1, 0, 0, 0, 0, false, false, false },
		{ "cycles:u", 0, 1, 1, 0, 1, 0, 0, 0, 0, false, false, false },
		{ "cycles:k", 1, 0, 1, 0, 0, 0, 0, 0, 0, false, false, false },
		{ "cycles:h", 1, 1, 0, 0, 0, 0, 0, 0, 0, false, false, false },
		{ "cycles:uk", 0, 0, 1, 0, 1, 0, 0, 0, 0, false, false, false },
		{ "cycles:ku", 0, 0, 1, 0, 1, 0, 0, 0, 0, false, false, false },
		{ "cycles:ukh", 0, 0, 0, 0, 1, 0, 0, 0, 0, false, false, false },
		{ "cycles:p", 0, 0, 0, 0, 1, 0, 1, 0, 0, false, false, false },
		{ "cycles:pp", 0, 0, 0, 0, 1, 0, 2, 0, 0, false, false, false },
		{ "cycles:ppp", 0, 0, 0, 0, 1, 0, 3, 0, 0, false, false, false },
		{ "cycles:upp", 0, 1, 1, 0, 1, 0, 2, 0, 0, false, false, false },
		{ "cycles:pup", 0, 1, 1, 0, 1, 0, 2, 0, 0, false, false, false },
		{ "cycles:G", 0, 0, 0, 1, 0, 0, 0, 0, 0, false, false, false },
		{ "cycles:H", 0, 0, 0, 0, 1, 0, 0, 0, 0, false, false, false },
		{ "cycles:GH", 0, 0, 0, 0, 0, 0, 0, 0, 0, false, false, false },
		{ "cycles:Gu", 0, 1, 1, 1, 0, 0, 0, 0, 0, false, false, false },
		{ "cycles:Gp", 0, 0, 0, 1, 0, 0, 1, 0, 0, false, false, false },
		{ "cycles:I", 0, 0, 0, 0, 0, 1, 0, 0, 0, false, false, false },
		{ "cycles:S", 0, 0, 0, 0, 0, 0, 0, 0, 0, true, false, false },
		{ "cycles:D", 0, 0, 0, 0, 0, 0, 0, 1, 0, false, false, false },
		{ "cycles:e", 0, 0, 0, 0, 0, 0, 0, 0, 1, false, false, false },
		{ "cycles:P", 0, 0, 0, 0, 0, 0, 0, 0, 0, false, true, false },
		{ "cycles:W", 0, 0, 0, 0, 0, 0, 0, 0, 0, false, false, true },
		{ "cycles:b", 0, 0, 0, 0, 0, 0, 0, 0, 0, false, false, false },
		{ "cycles:ukpppGHSDIWeP", 0, 0, 1, 0, 0, 1, 3, 1, 1, true, true, true },
		{ "r1a2b:ku", 0, 0, 1, 0, 1, 0, 0, 0, 0, false, false, false },
		{ "cpu/event=1/u", 0, 1, 1, 0, 1, 0, 0, 0, 0, false, false, false },
		{ "cpu/event=1/:k", 1, 0, 1, 0, 0, 0, 0, 0, 0, false, false, false },
		{ "sched:sched_switch:k", 1, 0, 1, 0, 0, 0, 0, 0, 0, false, false, false },
		{ "L1-dcache-loads:u", 0, 1, 1, 0, 1, 0, 0, 0, 0, false, false, false },
	};

	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		struct evlist *l = parse_ok(w[i].str);
		struct evsel *e = l->entries[0];
		struct perf_event_attr *a = &e->attr;

		if (a->exclude_user != (unsigned)w[i].eu || a->exclude_kernel != (unsigned)w[i].ek ||
		    a->exclude_hv != (unsigned)w[i].eh || a->exclude_host != (unsigned)w[i].eH ||
		    a->exclude_guest != (unsigned)w[i].eG || a->exclude_idle != (unsigned)w[i].eI ||
		    a->precise_ip != (unsigned)w[i].precise || a->pinned != (unsigned)w[i].pinned ||
		    a->exclusive != (unsigned)w[i].exclusive ||
		    e->sample_read != w[i].sample_read || e->precise_max != w[i].precise_max ||
		    e->weak_group != w[i].weak)
			fail_msg("'%s': u%d k%d h%d H%d G%d I%d p%d D%d e%d S%d P%d W%d", w[i].str,
				 a->exclude_user, a->exclude_kernel, a->exclude_hv,
				 a->exclude_host, a->exclude_guest, a->exclude_idle,
				 a->precise_ip, a->pinned, a->exclusive, e->sample_read,
				 e->precise_max, e->weak_group);
		assert_string_equal(e->name, w[i].str[0] == 's' ? "sched:sched_switch" : w[i].str);
		evlist__delete(l);
	}
}

static void test_groups(void **state)
{
	struct evlist *l = parse_ok("cpu-clock,{cycles:k,instructions,cs}:u,{task-clock,faults}:S,dummy");
	struct evsel **e = l->entries;

	assert_int_equal(l->nr, 7);
	assert_int_equal(evlist__nr_groups(l), 2);
	assert_ptr_equal(e[0]->leader, e[0]);
	assert_int_equal(e[0]->nr_members, 1);
	assert_ptr_equal(e[1]->leader, e[1]);
	assert_int_equal(e[1]->nr_members, 3);
	assert_ptr_equal(e[2]->leader, e[1]);
	assert_ptr_equal(e[3]->leader, e[1]);
	assert_int_equal(evsel__group_idx(e[3]), 2);
	assert_string_equal(e[1]->group_name, "{cycles:k,instructions,cs}:u");
	/* group :u on top of cycles:k -> user and kernel, no hv */
	assert_int_equal(e[1]->attr.exclude_user, 0);
	assert_int_equal(e[1]->attr.exclude_kernel, 0);
	assert_int_equal(e[1]->attr.exclude_hv, 1);
	assert_int_equal(e[1]->attr.exclude_guest, 1);
	assert_int_equal(e[2]->attr.exclude_kernel, 1);
	assert_int_equal(e[2]->attr.exclude_hv, 1);
	assert_int_equal(e[2]->attr.exclude_user, 0);
	/* names are the members' own, without the group modifiers */
	assert_string_equal(e[1]->name, "cycles:k");
	assert_string_equal(e[2]->name, "instructions");
	assert_true(e[4]->sample_read);
	assert_true(e[5]->sample_read);
	assert_ptr_equal(e[5]->leader, e[4]);
	assert_ptr_equal(e[6]->leader, e[6]);
	evlist__delete(l);

	/* a tracepoint glob inside a group: all members */
	l = parse_ok("{sched:*,cpu-clock}");
	assert_int_equal(l->nr, 4);
	assert_int_equal(l->entries[0]->nr_members, 4);
	assert_ptr_equal(l->entries[3]->leader, l->entries[0]);
	evlist__delete(l);

	/* :D pins only the leader */
	l = parse_ok("{cs,faults}:D");
	assert_int_equal(l->entries[0]->attr.pinned, 1);
	assert_int_equal(l->entries[1]->attr.pinned, 0);
	evlist__delete(l);
}

/* perf skips blanks between tokens; errors still point into the original */
static void test_blanks(void **state)
{
	struct evlist *l = parse_ok(" cpu-clock , { cs, faults } : u ,cpu/event=1, umask=2/ ");
	struct parse_events_error err;
	int ret;

	assert_int_equal(l->nr, 4);
	assert_string_equal(l->entries[0]->name, "cpu-clock");
	assert_int_equal(l->entries[1]->nr_members, 2);
	assert_int_equal(l->entries[2]->attr.exclude_kernel, 1);
	assert_int_equal(l->entries[3]->attr.config, 0x201);
	evlist__delete(l);

	l = evlist__new();
	ret = __parse_events(l, "cs,   cyclse", &err, fake);
	assert_int_equal(ret, -EINVAL);
	assert_int_equal(err.idx, 6);
	parse_events_error__exit(&err);
	ret = __parse_events(l, "cpu clock", &err, fake);
	assert_int_equal(ret, -EINVAL);
	assert_int_equal(err.idx, 3);
	parse_events_error__exit(&err);
	evlist__delete(l);
}

static void test_legacy_terms(void **state)
{
	struct evlist *l = parse_ok("cycles/period=1000/,instructions/config=5,name=ins/u,cs/freq=99/");
	struct evsel **e = l->entries;

	assert_int_equal(e[0]->attr.sample_period, 1000);
	assert_true(e[0]->user_period);
	assert_string_equal(e[0]->name, "cycles/period=1000/");
	assert_int_equal(e[1]->attr.config, 5);
	assert_int_equal(e[1]->attr.exclude_kernel, 1);
	assert_string_equal(e[1]->name, "ins");
	assert_int_equal(e[2]->attr.sample_freq, 99);
	assert_int_equal(e[2]->attr.freq, 1);
	evlist__delete(l);
}

/* record's per-event config terms, on events and on tracepoints */
static void test_config_terms(void **state)
{
	struct evlist *l = parse_ok("cpu-clock/call-graph=dwarf,stack-size=4096,no-inherit,max-stack=3,"
				    "time=0,nr=5,overwrite,branch_type=any/,cs,"
				    "sched:sched_switch/call-graph=fp,inherit,name=sw/:u,"
				    "sched:sched_w*/max-stack=2/");
	struct evsel **e = l->entries;

	assert_int_equal(l->nr, 4);
	assert_string_equal(e[0]->terms.call_graph, "dwarf");
	assert_int_equal(e[0]->terms.stack_size, 4096);
	assert_int_equal(e[0]->terms.inherit, 0);
	assert_int_equal(e[0]->terms.max_stack, 3);
	assert_int_equal(e[0]->terms.time, 0);
	assert_int_equal(e[0]->terms.max_events, 5);
	assert_int_equal(e[0]->terms.overwrite, 1);
	assert_string_equal(e[0]->terms.branch_type, "any");
	/* not given: -1 / NULL */
	assert_null(e[1]->terms.call_graph);
	assert_int_equal(e[1]->terms.inherit, -1);
	assert_int_equal(e[1]->terms.stack_size, -1);
	assert_int_equal(e[1]->terms.max_stack, -1);
	assert_int_equal(e[1]->terms.time, -1);
	assert_string_equal(e[2]->terms.call_graph, "fp");
	assert_int_equal(e[2]->terms.inherit, 1);
	assert_string_equal(e[2]->name, "sw");
	assert_int_equal(e[2]->attr.exclude_kernel, 1);
	assert_int_equal(e[2]->attr.config, 316);
	assert_int_equal(e[3]->terms.max_stack, 2);
	assert_int_equal(e[3]->attr.config, 318);
	evlist__delete(l);
	/* =N as perf takes them: inherit=0 is no-inherit, no-inherit=0
	 * inherit, overwrite=0 no-overwrite */
	l = parse_ok("cs/inherit=0/,cs/no-inherit=0/,cs/overwrite=0/,cs/inherit=1/");
	e = l->entries;
	assert_int_equal(e[0]->terms.inherit, 0);
	assert_int_equal(e[1]->terms.inherit, 1);
	assert_int_equal(e[2]->terms.overwrite, 0);
	assert_int_equal(e[3]->terms.inherit, 1);
	evlist__delete(l);
}

static void test_append(void **state)
{
	struct parse_events_error err;
	struct evlist *l = evlist__new();

	/* two -e options append; a failing one appends nothing */
	assert_int_equal(__parse_events(l, "cs,{faults,dummy}", &err, fake), 0);
	assert_int_equal(__parse_events(l, "task-clock", &err, fake), 0);
	assert_int_equal(__parse_events(l, "cpu-clock,bogus", &err, fake), -EINVAL);
	parse_events_error__exit(&err);
	assert_int_equal(l->nr, 4);
	assert_int_equal(l->entries[3]->idx, 3);
	assert_ptr_equal(l->entries[2]->leader, l->entries[1]);
	evlist__delete(l);
}

static void expect_error(const char *str, int col, const char *msg, const char *help)
{
	struct parse_events_error err;
	struct evlist *l = evlist__new();
	int ret = __parse_events(l, str, &err, fake);

	if (ret != -EINVAL)
		fail_msg("'%s': ret %d, want -EINVAL", str, ret);
	assert_int_equal(l->nr, 0);
	assert_non_null(err.str);
	if (!strstr(err.str, msg))
		fail_msg("'%s': error '%s' lacks '%s'", str, err.str, msg);
	if (col != err.idx)
		fail_msg("'%s': column %d, expected %d (%s)", str, err.idx, col, err.str);
	if (help) {
		if (!err.help || !strstr(err.help, help))
			fail_msg("'%s': help '%s' lacks '%s'", str, err.help, help);
	}
	parse_events_error__exit(&err);
	evlist__delete(l);
}

static void test_errors(void **state)
{
	expect_error("", 0, "empty event list", NULL);
	expect_error("cyclse", 0, "unknown event 'cyclse'", "did you mean 'cycles'?");
	expect_error("cpu-clock,instrutcions", 10, "unknown event", "did you mean 'instructions'?");
	expect_error("L1-dcache-lod-misses", 0, "unknown event", "did you mean 'L1-dcache-load-misses'?");
	expect_error("cyclse:u", 0, "unknown event 'cyclse'", "did you mean 'cycles'?");
	expect_error("cycles,,cs", 7, "empty event", NULL);
	expect_error(",cycles", 0, "empty event", NULL);
	expect_error("cycles,", 6, "trailing ','", NULL);
	expect_error("cycles:", 7, "empty modifier", NULL);
	expect_error("cycles:x", 7, "unknown modifier 'x'", NULL);
	expect_error("cycles:ukx", 9, "unknown modifier 'x'", NULL);
	expect_error("cycles:uu", 8, "modifier 'u' given twice", NULL);
	expect_error("cycles:pppp", 10, "too many 'p'", NULL);
	expect_error("cycles:u:k", 8, "unknown modifier ':'", NULL);
	expect_error("{cycles,cs", 0, "missing '}'", NULL);
	expect_error("{}", 1, "empty group", NULL);
	expect_error("{cycles,{cs}}", 8, "groups cannot be nested", NULL);
	expect_error("cycles}", 6, "unexpected '}'", NULL);
	expect_error("}", 0, "'}' without '{'", NULL);
	expect_error("{cs}:x", 5, "unknown modifier 'x'", NULL);
	expect_error("{cs}x", 4, "unexpected 'x' after group", NULL);
	expect_error("cycles instructions", 6, "unexpected blank", NULL);
	expect_error("r", 0, "unknown event 'r'", NULL);
	expect_error("r12345678901234567", 0, "unknown event", NULL);
	expect_error("rxyz", 0, "unknown event 'rxyz'", NULL);
	expect_error("L1-icache-stores", 0, "L1-icache has no stores", NULL);
	expect_error("iTLB-prefetches", 0, "iTLB has no prefetches", NULL);
	expect_error("branch-store-misses", 0, "branch has no stores", NULL);
	expect_error("sched:sched_switc", 6, "unknown tracepoint 'sched:sched_switc'",
		     "did you mean 'sched:sched_switch'?");
	expect_error("schde:sched_switch", 0, "unknown tracepoint system 'schde'",
		     "did you mean 'sched'?");
	expect_error("sched:nope*", 0, "no tracepoint matches 'sched:nope*'", NULL);
	expect_error("sched:", 6, "expected a tracepoint name", NULL);
	expect_error("ftrace:bprint", 7, "unknown tracepoint", NULL);
	expect_error("mem:", 4, "needs an address", NULL);
	expect_error("mem:0x1000/3", 11, "length must be 1, 2, 4 or 8", NULL);
	expect_error("mem:0x1000:rr", 12, "access 'r' given twice", NULL);
	expect_error("mem:0x1000:rx", 0, "either x or r/w", NULL);
	expect_error("nopmu/event=1/", 0, "unknown PMU 'nopmu'", NULL);
	expect_error("cpu/event=1/,cpuu/event=1/", 13, "unknown PMU 'cpuu'", "did you mean 'cpu'?");
	expect_error("duration_time/period=1/", 0, "unknown PMU 'duration_time'", NULL);
	expect_error("cycles/bogus=1/", 7, "unknown term 'bogus'", NULL);
	expect_error("cycles/perod=1/", 7, "unknown term 'perod'", "did you mean 'period'?");
	expect_error("cycles/period=abc/", 14, "needs a number", NULL);
	expect_error("cpu/cmask=0x100/", 10, "too big for 'cmask'", NULL);
	expect_error("tsc", 0, "unknown event 'tsc'", NULL);
	expect_error("cs/call-graph=xyz/", 14, "unknown call-graph mode 'xyz'", "fp, dwarf, lbr or no");
	expect_error("cs/call-graph=/", 14, "call-graph= needs a value", NULL);
	expect_error("cs/no-inherit=x/", 14, "term 'no-inherit' needs a number", NULL);
	expect_error("sched:sched_switch/period=1/", 19, "not valid for a tracepoint", NULL);
	expect_error("sched:sched_switch/bogus/", 19, "unknown term 'bogus'", NULL);
	expect_error("sched:sched_switch/max-stack=2", 18, "missing closing '/'", NULL);

	/* without tracefs: the mount command, no caret (not the string's fault) */
	setenv("MPERF_TRACEFS", "/nonexistent", 1);
	expect_error("sched:sched_switch", -1, "needs tracefs", "mount -t tracefs nodev /sys/kernel/tracing");
	setenv("MPERF_TRACEFS", TEST_DATA "/sysfs/kernel/tracing", 1);
}

static void test_error_print(void **state)
{
	struct parse_events_error err;
	struct evlist *l = evlist__new();
	const char *str = "cpu-clock,cyclse:u";
	char *buf = NULL;
	size_t len = 0;
	FILE *f, *saved = stderr;

	assert_int_equal(__parse_events(l, str, &err, fake), -EINVAL);
	f = open_memstream(&buf, &len);
	stderr = f;
	parse_events_error__print(&err, str);
	stderr = saved;
	fclose(f);
	assert_string_equal(buf,
		"mperf: invalid event 'cpu-clock,cyclse:u': unknown event 'cyclse'; did you mean 'cycles'?\n"
		"                                ^\n");
	free(buf);
	parse_events_error__exit(&err);
	assert_null(err.str);
	evlist__delete(l);
}

/*
 * Random strings over the grammar's alphabet and fragments: never a crash
 * (run under `make sanitize` too), 0 or -EINVAL, and every error has a
 * message and a column inside the string.
 */
#define ARRAY_SIZE_FRAG (sizeof(frag) / sizeof(frag[0]))
static void test_random_strings(void **state)
{
	static const char *const frag[] = {
		"cycles", "cs", "sched", "sched_switch", "cpu", "event", "umask",
		"r1a", "mem", "0x10", "L1-dcache", "load", "misses", "name", "period",
		"*", "?", "[", "]", ":", ",", "{", "}", "/", "=", "-", "u", "k", "p",
		"G", "H", " ", "uncore_imc_0", "cas_count_read", "call-graph", "dwarf",
	};
	unsigned int seed = 12345;

	for (int iter = 0; iter < 4000; iter++) {
		char str[128] = "";
		struct parse_events_error err;
		struct evlist *l = evlist__new();
		int n, ret;

		seed = seed * 1103515245 + 12345;
		n = 1 + (seed >> 16) % 10;
		for (int i = 0; i < n; i++) {
			seed = seed * 1103515245 + 12345;
			strncat(str, frag[(seed >> 16) % ARRAY_SIZE_FRAG], sizeof(str) - strlen(str) - 1);
		}
		ret = __parse_events(l, str, &err, fake);
		if (ret) {
			if (ret != -EINVAL)
				fail_msg("'%s': ret %d", str, ret);
			assert_non_null(err.str);
			if (err.idx < -1 || err.idx > (int)strlen(str))
				fail_msg("'%s': column %d out of range", str, err.idx);
			parse_events_error__exit(&err);
			assert_int_equal(l->nr, 0);
		} else {
			assert_true(l->nr > 0);
		}
		evlist__delete(l);
	}
}

static void test_names(void **state)
{
	char b[64];
	size_t n = 0;
	char **names = parse_events__known_names(fake, &n);
	bool found = false;

	hw_cache__name(b, sizeof(b), 0, 0, 0);
	assert_string_equal(b, "L1-dcache-loads");
	hw_cache__name(b, sizeof(b), 3, 1, 1);
	assert_string_equal(b, "dTLB-store-misses");
	assert_false(hw_cache__op_valid(1, 1));
	assert_true(hw_cache__op_valid(6, 2));
	for (size_t i = 0; i < n; i++)
		found |= !strcmp(names[i], "cas_count_read");
	assert_true(found);
	/* 10 hw + 4 aliases, 12 sw + 3 aliases, 3 tool, 16 valid cache ops x 2 results, 13 sysfs aliases */
	assert_int_equal(n, 14 + 15 + 3 + 32 + 13);
	parse_events__free_names(names, n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_symbols),
		cmocka_unit_test(test_tool_and_tracepoint_fields),
		cmocka_unit_test(test_breakpoints),
		cmocka_unit_test(test_modifiers),
		cmocka_unit_test(test_groups),
		cmocka_unit_test(test_blanks),
		cmocka_unit_test(test_legacy_terms),
		cmocka_unit_test(test_config_terms),
		cmocka_unit_test(test_append),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_error_print),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_random_strings),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
