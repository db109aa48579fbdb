// SPDX-License-Identifier: GPL-2.0
/*
 * report -D's record dump (util/event-dump.c): the hex rows with their
 * padding, the timestamp prefix with and without sample_id_all, a CPU_MAP
 * as ranges, and a sample's callchain, user registers and stack offset.
 */
#include "unit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/event.h"
#include "util/event-dump.h"

struct out {
	char *buf;
	size_t len;
	FILE *fp;
};

static void out__open(struct out *o)
{
	o->buf = NULL;
	o->fp = open_memstream(&o->buf, &o->len);
	assert_non_null(o->fp);
}

static const char *out__str(struct out *o)
{
	fflush(o->fp);
	return o->buf;
}

static void out__close(struct out *o)
{
	fclose(o->fp);
	free(o->buf);
}

static void test_hex_rows(void **state)
{
	unsigned char b[20];
	struct out o;

	for (int i = 0; i < 20; i++)
		b[i] = (unsigned char)(0x3e + i);	/* '>' .. 'Q' */
	b[0] = 0;				/* not printable: '.' */
	out__open(&o);
	event_dump__hex(o.fp, b, sizeof(b));
	assert_string_equal(out__str(&o),
		".\n"
		". ... raw event: size 20 bytes\n"
		".  0000:  00 3f 40 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d  .?@ABCDEFGHIJKLM\n"
		".  0010:  4e 4f 50 51                                      NOPQ            \n"
		"\n");
	out__close(&o);
}

static void test_line_timestamps(void **state)
{
	struct perf_event_header h = { .type = PERF_RECORD_FINISHED_ROUND, .size = 8 };
	struct perf_sample s = { .cpu = 3, .time = 1234 };
	struct event_dump d = { .path = "x.data" };
	struct out o;

	out__open(&o);
	d.fp = o.fp;
	/* no attr yet (pipe mode before ATTR) */
	event_dump__line(&d, (const void *)&h, NULL, 0x98);
	fputc('|', o.fp);
	/* sample_id_all with CPU and TIME: "cpu time " */
	d.have_attrs = d.sample_id_all = true;
	d.sample_type = PERF_SAMPLE_CPU | PERF_SAMPLE_TIME;
	h.type = PERF_RECORD_COMM;
	event_dump__line(&d, (const void *)&h, &s, 0x1a8);
	fputc('|', o.fp);
	/* pipe mode: offsets after the 16-byte header */
	d.base = 16;
	d.sample_type = PERF_SAMPLE_TIME;
	event_dump__line(&d, (const void *)&h, NULL, 16);
	assert_string_equal(out__str(&o),
		"-1 -1 0x98 [0x8]: PERF_RECORD_FINISHED_ROUND|"
		"3 1234 0x1a8 [0x8]: PERF_RECORD_COMM|"
		"0 0 [0x8]: PERF_RECORD_COMM");
	out__close(&o);
}

static void test_cpu_map_ranges(void **state)
{
	uint64_t buf[16];
	int cpus[] = { 0, 1, 2, 5, 7, 8 };
	struct event_dump d = { 0 };
	struct out o;

	assert_true(event__synthesize_cpu_map(buf, sizeof(buf), cpus, 6) > 0);
	out__open(&o);
	d.fp = o.fp;
	event_dump__body(&d, (const void *)buf, NULL, 0);
	assert_string_equal(out__str(&o), ": 0-2,5,7-8\n: unhandled!\n");
	out__close(&o);
}

/* ID_INDEX as perf -D prints it: one line per id; too many for one
 * record refused */
static void test_id_index(void **state)
{
	uint64_t buf[32];
	struct id_index_entry e[] = {
		{ 11, 0, 0, 4242 }, { 12, 1, 1, (uint64_t)-1 },
	};
	struct event_dump d = { 0 };
	struct perf_event_header h;
	struct out o;

	assert_int_equal(event__synthesize_id_index(buf, sizeof(buf), e, 2), 80);
	memcpy(&h, buf, sizeof(h));
	assert_int_equal(h.type, PERF_RECORD_ID_INDEX);
	out__open(&o);
	d.fp = o.fp;
	event_dump__body(&d, (const void *)buf, NULL, 0);
	assert_string_equal(out__str(&o),
		" nr: 2\n"
		" ... id: 11  idx: 0  cpu: 0  tid: 4242\n"
		" ... id: 12  idx: 1  cpu: 1  tid: -1\n");
	out__close(&o);
	assert_int_equal(event__synthesize_id_index(buf, sizeof(buf), e, 4096), -EINVAL);
	assert_int_equal(event__synthesize_id_index(buf, 64, e, 2), -ENOSPC);
}

static const char *regname(int i)
{
	static const char *const n[] = { "AX", "BX", "CX" };

	return i < 3 ? n[i] : NULL;
}

static void test_sample_body(void **state)
{
	struct perf_event_attr a = { 0 };
	struct perf_sample in = { 0 }, s;
	uint64_t chain[] = { 2, 0xfffffffffffffe00ULL, 0x401000 };
	uint64_t uregs[] = { 1, 0xabc };
	char stack[32] = { 0 }, buf[512];
	struct event_dump d = { .reg_name = regname };
	struct out o;
	int n;

	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_PERIOD |
			PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
	a.sample_regs_user = 0x5;	/* AX, CX */
	in.ip = 0x401000; in.pid = 10; in.tid = 11; in.period = 250000;
	in.callchain = (const void *)chain;
	in.user_regs.abi = 2; in.user_regs.mask = 0x5; in.user_regs.regs = uregs;
	in.user_stack.size = 32; in.user_stack.data = stack; in.user_stack.dyn_size = 24;
	n = event__synthesize_sample(buf, sizeof(buf), &a, &in);
	assert_true(n > 0);
	((struct perf_event_header *)buf)->misc = PERF_RECORD_MISC_USER;
	assert_int_equal(event__parse_sample((const void *)buf, &a, &s), 0);
	out__open(&o);
	d.fp = o.fp;
	event_dump__body(&d, (const void *)buf, &s, a.sample_type);
	/* the stack's size field: header 8, ip, tid, period 24, chain 24,
	 * abi 8, 2 regs 16: at 0x50 */
	assert_string_equal(out__str(&o),
		"(IP, 0x2): 10/11: 0x401000 period: 250000 addr: 0\n"
		"... FP chain: nr:2\n"
		".....  0: fffffffffffffe00\n"
		".....  1: 0000000000401000\n"
		"... user regs: mask 0x5 ABI 64-bit\n"
		".... AX    0x0000000000000001\n"
		".... CX    0x0000000000000abc\n"
		"... ustack: size 24, offset 0x50\n");
	out__close(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hex_rows),
		cmocka_unit_test(test_line_timestamps),
		cmocka_unit_test(test_cpu_map_ranges),
		cmocka_unit_test(test_id_index),
		cmocka_unit_test(test_sample_body),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
