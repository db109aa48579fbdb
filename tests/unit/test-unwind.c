// SPDX-License-Identifier: GPL-2.0
/*
 * --call-graph dwarf on this build's own arch, end to end without a PMU:
 * three calls deep, this process takes its stack pointer, frame pointer,
 * (arm64) link register and pc, and copies its stack up to main, as the
 * kernel's REGS_USER/STACK_USER sample would; it writes that as one sample
 * of a perf.data (ARCH from uname, COMM and MMAP2 from /proc via
 * synthesize), reads it back and unwinds it with libdw: f3, f2, f1,
 * write_self, the test case. Under qemu-user this is an arm64 recording, and
 * tests/arm64.sh has the x86 mperf report it too (tests/out/unwind-self.data).
 */
#include "unit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "arch/arch.h"
#include "arch/arm64/regs.h"
#include "arch/x86/regs.h"
#include "util/build-id.h"
#include "util/callchain.h"
#include "util/data.h"
#include "util/env.h"
#include "util/event.h"
#include "util/header.h"
#include "util/machine.h"
#include "util/session.h"
#include "util/synthesize.h"

#define OUT "tests/out"
#define FILE_OUT OUT "/unwind-self.data"
#define STACK_MAX 16384

static char *stack_top;			/* in main's frame: copied up to here */
static volatile int sink;

struct snap {
	uint64_t sp, fp, lr, pc;
	uint64_t stack_size;
	unsigned char stack[STACK_MAX];
};

static struct snap snap;

/*
 * noipa: no inlining, cloning (f3.constprop.0) or tail calls to hide a
 * frame. The stack is copied word by word, uninstrumented: under ASan the
 * redzones between other frames' locals must not count as overflows.
 */
static __attribute__((noipa, no_sanitize_address)) void f3(struct snap *s)
{
	const volatile uint64_t *from;
	uint64_t n;

#if defined(__x86_64__)
	__asm__ volatile("movq %%rsp, %0\n\tmovq %%rbp, %1\n\tleaq 0(%%rip), %2"
			 : "=r"(s->sp), "=r"(s->fp), "=r"(s->pc));
#elif defined(__aarch64__)
	__asm__ volatile("mov %0, sp\n\tmov %1, x29\n\tmov %2, x30\n\tadr %3, ."
			 : "=r"(s->sp), "=r"(s->fp), "=r"(s->lr), "=r"(s->pc));
#endif
	n = (uint64_t)(stack_top - (char *)(uintptr_t)s->sp);
	if (n > STACK_MAX)
		n = STACK_MAX;
	n &= ~7ULL;
	from = (const volatile uint64_t *)(uintptr_t)s->sp;
	for (uint64_t i = 0; i < n / 8; i++)
		((uint64_t *)s->stack)[i] = from[i];
	s->stack_size = n;
	sink++;
}

static __attribute__((noipa)) void f2(struct snap *s)
{
	f3(s);
	sink++;
}

static __attribute__((noipa)) void f1(struct snap *s)
{
	f2(s);
	sink++;
}

/* the user regs of @mask, in bit order (others than sp, pc, fp, lr: 0) */
static int fill_regs(const struct arch_ops *arch, uint64_t mask, const struct snap *s,
		     uint64_t *regs)
{
	int n = 0;

	for (int i = 0; i < 64; i++) {
		uint64_t v = 0;

		if (!(mask & (1ULL << i)))
			continue;
		if (i == arch->perf_reg_sp)
			v = s->sp;
		else if (i == arch->perf_reg_ip)
			v = s->pc;
		else if (arch == &arch_x86 && i == 6)		/* PERF_REG_X86_BP */
			v = s->fp;
		else if (arch == &arch_arm64 && i == 29)	/* x29 */
			v = s->fp;
		else if (arch == &arch_arm64 && i == 30)	/* lr */
			v = s->lr;
		regs[n++] = v;
	}
	return n;
}

struct writer {
	struct data *out;
	uint64_t bytes;
};

static int emit(struct synth *s, const struct perf_event_header *h)
{
	struct writer *w = s->ctx;

	w->bytes += h->size;
	return data__write(w->out, h, h->size);
}

/* @copied false: the kernel copied no stack (dyn_size 0) */
static void write_self(const char *path, bool copied)
{
	const struct arch_ops *arch = arch__for_host();
	const char *argv[] = { "record", "--call-graph", "dwarf" };
	struct perf_event_attr attr = { 0 };
	struct perf_sample s = { 0 };
	struct header h;
	struct data out;
	struct writer w = { .out = &out };
	/* data maps too, as record (perf's and mperf's) has them for dwarf
	 * callchains: perf finds a file's .eh_frame_hdr from its lowest map,
	 * the one at offset 0, and mperf unwinds as perf does */
	struct synth sy = { .id_hdr_size = 0, .mmap_data = true, .emit = emit, .ctx = &w };
	uint64_t id = 1, regs[64], chain0 = 0;
	static unsigned char buf[STACK_MAX + 1024];
	int sz;

	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.size = sizeof(attr);
	attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			   PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_PERIOD |
			   PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
	/* arm64: perf 6.1 adds VG (bit 46) where the kernel takes it (SVE):
	 * the unwinder must go by the file's ARCH, not by a known mask */
	attr.sample_regs_user = arch->sample_regs_user |
				(arch == &arch_arm64 ? 1ULL << 46 : 0);
	attr.sample_stack_user = STACK_MAX;
	attr.exclude_kernel = attr.exclude_hv = 1;
	attr.exclude_callchain_user = 1;
	attr.mmap = attr.mmap2 = attr.comm = attr.mmap_data = 1;

	header__init(&h);
	assert_int_equal(env__fill_host(&h.env, 3, argv), 0);
	assert_int_equal(header__add_attr(&h, &attr, sizeof(attr), &id, 1, "cpu-clock:u"), 0);
	header__set_feat(&h, HEADER_ARCH);
	header__set_feat(&h, HEADER_HOSTNAME);
	header__set_feat(&h, HEADER_OSRELEASE);
	header__set_feat(&h, HEADER_EVENT_DESC);
	mkdir(OUT, 0755);
	assert_int_equal(data__open_write(&out, path, false), 0);
	assert_int_equal(header__write_file_start(&h, &out), 0);
	assert_int_equal(synthesize__process(&sy, getpid(), false), 0);
	synth__exit(&sy);

	f1(&snap);
	assert_true(snap.stack_size >= 64);
	s.ip = snap.pc;
	s.pid = (uint32_t)getpid();
	s.tid = (uint32_t)gettid();
	s.time = 1000;
	s.period = 1;
	s.cpumode = PERF_RECORD_MISC_USER;
	s.callchain = (const struct ip_callchain *)&chain0;	/* nr 0: user part excluded */
	s.user_regs.abi = PERF_SAMPLE_REGS_ABI_64;
	s.user_regs.mask = attr.sample_regs_user;
	s.user_regs.regs = regs;
	fill_regs(arch, attr.sample_regs_user, &snap, regs);
	s.user_stack.size = STACK_MAX;
	s.user_stack.data = (const char *)snap.stack;
	s.user_stack.dyn_size = copied ? snap.stack_size : 0;
	sz = event__synthesize_sample(buf, sizeof(buf), &attr, &s);
	assert_true(sz > 0);
	assert_int_equal(data__write(&out, buf, sz), 0);
	w.bytes += sz;
	assert_int_equal(header__write_file_finish(&h, &out, w.bytes), 0);
	assert_int_equal(data__close(&out), 0);
	header__exit(&h);
}

struct reader {
	struct tool tool;
	struct machine *m;
	struct callchain_cursor cursor;
	char frames[8][64];		/* callee first */
	int nr_frames, samples;
};

static int rd_event(struct tool *t, const union perf_event *ev,
		    const struct perf_sample *s, struct session *session)
{
	return machine__process_event(((struct reader *)t)->m, ev, s);
}

static int rd_sample(struct tool *t, const union perf_event *ev,
		     const struct perf_sample *s, struct evsel *evsel,
		     struct session *session)
{
	struct reader *r = (struct reader *)t;
	struct addr_location al;

	r->samples++;
	assert_int_equal(machine__resolve(r->m, s, &al), 0);
	assert_non_null(al.thread);
	assert_int_equal(machine__resolve_callchain(r->m, al.thread, s, &r->cursor, 16), 0);
	for (uint32_t i = 0; i < r->cursor.nr && r->nr_frames < 8; i++) {
		const struct symbol *sym = r->cursor.nodes[i].sym;

		snprintf(r->frames[r->nr_frames++], sizeof(r->frames[0]), "%s",
			 sym ? sym->name : "?");
	}
	return 0;
}

static void test_unwind_self(void **state)
{
	struct reader r = { .tool = { .sample = rd_sample, .event = rd_event } };
	struct session *session;

	write_self(FILE_OUT, true);
	session = session__new(FILE_OUT, &r.tool);
	assert_non_null(session);
	r.m = machine__new(NULL);
	assert_non_null(r.m);
	r.m->env = session__env(session);
	assert_ptr_equal(arch__by_name(session__env(session)->arch), arch__for_host());
	assert_int_equal(session__process_events(session), 0);
	assert_int_equal(r.samples, 1);
	for (int i = 0; i < r.nr_frames; i++)
		print_message("# frame %d: %s\n", i, r.frames[i]);
	assert_true(r.nr_frames >= 5);
	assert_string_equal(r.frames[0], "f3");
	assert_string_equal(r.frames[1], "f2");
	assert_string_equal(r.frames[2], "f1");
	assert_string_equal(r.frames[3], "write_self");
	assert_string_equal(r.frames[4], "test_unwind_self");
	callchain_cursor__exit(&r.cursor);
	machine__delete(r.m);
	session__delete(session);
}

/* A stack dump the kernel could not fill (dyn_size 0, as in a page fault
 * at exec): perf unwinds nothing, not the stale bytes of the dump. */
static void test_unwind_nothing_copied(void **state)
{
	struct reader r = { .tool = { .sample = rd_sample, .event = rd_event } };
	struct session *session;

	write_self(OUT "/unwind-empty.data", false);
	session = session__new(OUT "/unwind-empty.data", &r.tool);
	assert_non_null(session);
	r.m = machine__new(NULL);
	assert_non_null(r.m);
	r.m->env = session__env(session);
	assert_int_equal(session__process_events(session), 0);
	assert_int_equal(r.samples, 1);
	assert_int_equal(r.nr_frames, 0);
	callchain_cursor__exit(&r.cursor);
	machine__delete(r.m);
	session__delete(session);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unwind_self),
		cmocka_unit_test(test_unwind_nothing_copied),
	};
	char top;

	stack_top = &top;
	return cmocka_run_group_tests(tests, NULL, NULL);
}
