/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_TEST_PROFILE_SYNTH_H
#define MPERF_TEST_PROFILE_SYNTH_H
/*
 * A small synthetic profile shared by test-profile.c, test-flamegraph.c and
 * test-pprof.c (header-only so each test binary stays one .c file).
 *
 *   burn/10:  main > work > leaf_a          x6  (period 1000 each)
 *   burn/10:  main > work > leaf_b          x3
 *   burn/10:  main > sys_call > [k] entry_SYSCALL_64 > [k] do_sys   x1
 *   other proc/11: start > ?? (/usr/lib/libfoo.so) > ns::f(int) [inlined
 *             into g(int) at one address; g inlined frame name "inl;x"]  x2
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/profile.h"

#define FR(n, d, k, a) { .name = (n), .dso = (d), .kind = (k), .addr = (a), \
	.build_id = (d) && !strcmp((d), "/bin/burn") ? "00112233445566778899aabbccddeeff00112233" : NULL, \
	.map_start = 0x1000, .map_end = 0x9000 }

static inline struct profile *synth_profile(int *event)
{
	struct profile *p = profile__new();
	const struct profile_frame_desc a[] = {	/* leaf first */
		FR("leaf_a", "/bin/burn", PROFILE_FRAME_USER, 0x1100),
		FR("work", "/bin/burn", PROFILE_FRAME_USER, 0x1200),
		FR("main", "/bin/burn", PROFILE_FRAME_USER, 0x1300),
	};
	const struct profile_frame_desc b[] = {
		FR("leaf_b", "/bin/burn", PROFILE_FRAME_USER, 0x1150),
		FR("work", "/bin/burn", PROFILE_FRAME_USER, 0x1210),
		FR("main", "/bin/burn", PROFILE_FRAME_USER, 0x1300),
	};
	const struct profile_frame_desc k[] = {
		FR("do_sys", "[kernel.kallsyms]", PROFILE_FRAME_KERNEL, 0xffffffff81000100ULL),
		FR("entry_SYSCALL_64", "[kernel.kallsyms]", PROFILE_FRAME_KERNEL, 0xffffffff81000200ULL),
		FR("sys_call", "/bin/burn", PROFILE_FRAME_USER, 0x1400),
		FR("main", "/bin/burn", PROFILE_FRAME_USER, 0x1310),
	};
	struct profile_frame_desc o[] = {
		FR("ns::f(int)", "/usr/lib/libfoo.so", PROFILE_FRAME_INLINED, 0x7000),
		FR("inl;x", "/usr/lib/libfoo.so", PROFILE_FRAME_USER, 0x7000),
		FR(NULL, "/usr/lib/libfoo.so", PROFILE_FRAME_USER, 0x7100),
		FR("start", "/bin/other", PROFILE_FRAME_USER, 0x2000),
	};
	int ev;

	o[0].srcfile = "foo.c";
	o[0].line = 42;
	o[1].srcfile = "foo.c";
	o[1].line = 7;
	ev = profile__event(p, "cpu-clock:ppp");
	for (int i = 0; i < 6; i++)
		profile__add_sample(p, ev, "burn", 10, a, 3, 1000);
	for (int i = 0; i < 3; i++)
		profile__add_sample(p, ev, "burn", 10, b, 3, 1000);
	profile__add_sample(p, ev, "burn", 10, k, 4, 1000);
	profile__add(p, ev, "other proc", 11, o, 4, 2, 2000);
	*event = ev;
	return p;
}

static inline char *read_file_str(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = calloc(1, n + 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}
#endif
