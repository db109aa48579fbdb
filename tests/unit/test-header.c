// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data writer: a header written with this host's facts, attrs,
 * ids and features reads back equal, and re-serializes byte for byte; a
 * small synthesized file (COMM, MMAP2, samples) is read by mperf's session
 * and by /usr/bin/perf (report and script) with nothing on stderr.
 */
#include "unit.h"
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "util/data.h"
#include "util/env.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/evsel.h"
#include "arch/arch.h"
#include "util/header.h"
#include "util/session.h"

#define OUT "tests/out"

static const int want_feats[] = {
	HEADER_BUILD_ID, HEADER_HOSTNAME, HEADER_OSRELEASE, HEADER_VERSION,
	HEADER_ARCH, HEADER_NRCPUS, HEADER_CPUDESC, HEADER_CPUID,
	HEADER_TOTAL_MEM, HEADER_CMDLINE, HEADER_EVENT_DESC,
	HEADER_CPU_TOPOLOGY, HEADER_NUMA_TOPOLOGY, HEADER_PMU_MAPPINGS,
	HEADER_CACHE, HEADER_SAMPLE_TIME, HEADER_CLOCKID, HEADER_COMPRESSED,
	HEADER_TRACING_DATA, HEADER_GROUP_DESC, HEADER_BPF_PROG_INFO,
	HEADER_BPF_BTF, HEADER_PMU_CAPS, HEADER_MEM_TOPOLOGY,
};

static void fill_header(struct header *h, const char *bin)
{
	const char *argv[] = { "record", "-o", "x.data", "--", "it's" };
	struct perf_event_attr a = { 0 };
	uint64_t ids0[] = { 101, 102 }, ids1[] = { 201, 202 };
	uint8_t bid[20];

	header__init(h);
	assert_int_equal(env__fill_host(&h->env, 5, argv), 0);
	if (!h->env.cpuid)
		h->env.cpuid = strdup("GenuineTest,1,2,3");
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_CPU_CLOCK;
	a.size = sizeof(a);
	a.sample_freq = 999;
	a.freq = 1;
	a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			PERF_SAMPLE_ID | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN;
	a.read_format = PERF_FORMAT_ID;
	a.sample_id_all = 1;
	a.mmap = a.mmap2 = a.comm = a.comm_exec = a.task = 1;
	a.disabled = a.inherit = a.enable_on_exec = 1;
	assert_int_equal(header__add_attr(h, &a, sizeof(a), ids0, 2, "cpu-clock:u"), 0);
	a.config = PERF_COUNT_SW_PAGE_FAULTS;
	a.mmap = a.mmap2 = a.comm = a.comm_exec = a.task = 0;
	assert_int_equal(header__add_attr(h, &a, sizeof(a), ids1, 2, "page-faults"), 0);
	for (int i = 0; i < 20; i++)
		bid[i] = 0xb8 + i;
	assert_int_equal(env__add_build_id(&h->env, -1, PERF_RECORD_MISC_USER, bid, 20, bin), 0);
	h->env.first_sample_time = 1000000000ULL;
	h->env.last_sample_time = 1500000000ULL;
	h->env.comp_ver = 1;
	h->env.comp_type = 1;
	h->env.comp_level = 3;
	h->env.comp_ratio = 7;
	h->env.comp_mmap_len = 528384;
	h->env.tracing_data = strdup("tracing0.6");	/* opaque to the header */
	h->env.tracing_data_size = 11;
	for (size_t i = 0; i < sizeof(want_feats) / sizeof(want_feats[0]); i++)
		header__set_feat(h, want_feats[i]);
}

/* A few records: kernel map, COMM, MMAP2 of @bin, @n samples in it. */
static uint64_t write_records(struct data *out, const struct perf_event_attr *attr,
			      const char *bin, int n, uint64_t sym_off)
{
	char buf[512];
	uint64_t start = out->pos + out->len;
	struct perf_sample s = { 0 };
	uint64_t base = 0x560000000000ULL + 0x1000;
	struct perf_record_comm *c = (void *)buf;
	struct perf_record_mmap2 *m = (void *)buf;
	size_t len;

	s.pid = s.tid = 4242;
	s.cpu = 0;
	s.id = 101;
	s.time = 999000000ULL;

	{	/* the kernel map, as record writes it */
		struct perf_record_mmap *k = (void *)buf;
		struct perf_sample ks = s;

		memset(buf, 0, sizeof(buf));
		k->header.type = PERF_RECORD_MMAP;
		k->header.misc = PERF_RECORD_MISC_KERNEL;
		k->pid = (uint32_t)-1;
		k->start = 0xffffffff81000000ULL;
		k->len = 0x1209988;
		k->pgoff = 0xffffffff81000000ULL;
		strcpy(k->filename, "[kernel.kallsyms]_text");
		len = sizeof(*k) + 24;
		ks.pid = ks.tid = (uint32_t)-1;
		ks.time = 0;
		len += event__write_sample_id(buf + len, attr, &ks);
		k->header.size = len;
		assert_int_equal(data__write(out, buf, len), 0);
	}
	memset(buf, 0, sizeof(buf));
	c->header.type = PERF_RECORD_COMM;
	c->pid = c->tid = 4242;
	strcpy(c->comm, "cpuburn");
	len = sizeof(*c) + 8;
	len += event__write_sample_id(buf + len, attr, &s);
	c->header.size = len;
	assert_int_equal(data__write(out, buf, len), 0);

	memset(buf, 0, sizeof(buf));
	m->header.type = PERF_RECORD_MMAP2;
	m->header.misc = PERF_RECORD_MISC_USER;
	m->pid = m->tid = 4242;
	m->start = base;
	m->len = 0x4000;
	m->pgoff = 0x1000;
	m->prot = 5;
	m->flags = 2;
	strcpy(m->filename, bin);
	len = sizeof(*m) + ((strlen(bin) + 8) & ~7UL);
	len += event__write_sample_id(buf + len, attr, &s);
	m->header.size = len;
	assert_int_equal(data__write(out, buf, len), 0);

	for (int i = 0; i < n; i++) {
		uint64_t chain[4] = { 3, PERF_CONTEXT_USER, base + sym_off - 0x1000 + 4, base + 0x100 };
		int sz;

		s.ip = chain[2];
		s.time = 1000000000ULL + i * 1000000ULL;
		s.period = 1000000;
		s.callchain = (const struct ip_callchain *)chain;
		s.cpumode = PERF_RECORD_MISC_USER;
		sz = event__synthesize_sample(buf, sizeof(buf), attr, &s);
		assert_true(sz > 0);
		assert_int_equal(data__write(out, buf, sz), 0);
	}
	assert_int_equal(header__write_record(out, PERF_RECORD_FINISHED_ROUND), 0);
	return out->pos + out->len - start;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *b;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	b = malloc(n + 1);
	assert_int_equal(fread(b, 1, n, f), (size_t)n);
	fclose(f);
	*len = n;
	return b;
}

static void bin_path(char *buf, size_t size)
{
	char cwd[PATH_MAX - 64];

	assert_non_null(getcwd(cwd, sizeof(cwd)));
	snprintf(buf, size, "%s/" TEST_DATA "/perf-6.1/bin/cpuburn", cwd);
}

static void write_file(const char *path, struct header *h, const char *bin, int n)
{
	struct data out;
	uint64_t dsz;

	assert_int_equal(data__open_write(&out, path, false), 0);
	assert_int_equal(header__write_file_start(h, &out), 0);
	dsz = write_records(&out, &h->attrs[0].attr, bin, n, 0x4440);
	assert_int_equal(header__write_file_finish(h, &out, dsz), 0);
	assert_int_equal(data__close(&out), 0);
}

static void test_file_roundtrip(void **state)
{
	char bin[PATH_MAX];
	struct header h;
	struct session *s;
	struct env *e;
	struct header *rh;

	mkdir(OUT, 0755);
	bin_path(bin, sizeof(bin));
	fill_header(&h, bin);
	write_file(OUT "/hdr-roundtrip.data", &h, bin, 50);

	s = session__new(OUT "/hdr-roundtrip.data", NULL);
	assert_non_null(s);
	rh = session__header(s);
	e = session__env(s);
	assert_string_equal(e->hostname, h.env.hostname);
	assert_string_equal(e->os_release, h.env.os_release);
	assert_string_equal(e->arch, h.env.arch);
	assert_string_equal(e->version, h.env.version);
	assert_int_equal(e->nr_cpus_online, h.env.nr_cpus_online);
	assert_int_equal(e->total_mem, h.env.total_mem);
	assert_int_equal(e->nr_cmdline, 6);
	assert_string_equal(e->cmdline_argv[5], "it's");
	assert_int_equal(e->nr_event_desc, 2);
	assert_string_equal(e->event_desc[1].name, "page-faults");
	assert_int_equal(e->event_desc[1].ids[1], 202);
	assert_int_equal(e->nr_build_ids, 1);
	assert_string_equal(e->build_ids[0].filename, bin);
	assert_int_equal(e->build_ids[0].build_id[19], 0xb8 + 19);
	assert_int_equal(e->first_sample_time, 1000000000ULL);
	assert_int_equal(e->comp_mmap_len, 528384);
	assert_int_equal(e->tracing_data_size, 11);
	assert_string_equal(session__evlist(s)->entries[0]->name, "cpu-clock:u");
	assert_ptr_equal(session__evsel_by_id(s, 202), session__evlist(s)->entries[1]);

	/* every feature the writer wrote serializes again to the same bytes */
	for (int f = 1; f < HEADER_LAST_FEATURE; f++) {
		void *a, *b;
		size_t as, bs;

		if (!header__has_feat(&h, f))
			continue;
		assert_true(header__has_feat(rh, f));
		if (f == HEADER_EVENT_DESC)
			continue;	/* the writer's attrs hold names; compared above */
		assert_int_equal(header__feature_bytes(&h, f, &a, &as), 0);
		assert_int_equal(header__feature_bytes(rh, f, &b, &bs), 0);
		assert_int_equal(as, bs);
		assert_memory_equal(a, b, as);
		free(a);
		free(b);
	}

	/* and a file written from what was read is the same file */
	{
		struct header h2;
		size_t l1, l2;
		char *b1, *b2;

		header__init(&h2);
		memcpy(h2.features, rh->features, sizeof(h2.features));
		/* move the env over; attrs again with the names read */
		h2.env = rh->env;
		memset(&rh->env, 0, sizeof(rh->env));
		for (int i = 0; i < rh->nr_attrs; i++)
			header__add_attr(&h2, &rh->attrs[i].attr, sizeof(rh->attrs[i].attr),
					 rh->attrs[i].ids, rh->attrs[i].nr_ids,
					 h2.env.event_desc[i].name);
		write_file(OUT "/hdr-roundtrip2.data", &h2, bin, 50);
		b1 = slurp(OUT "/hdr-roundtrip.data", &l1);
		b2 = slurp(OUT "/hdr-roundtrip2.data", &l2);
		assert_int_equal(l1, l2);
		assert_memory_equal(b1, b2, l1);
		free(b1);
		free(b2);
		header__exit(&h2);
	}
	session__delete(s);
	header__exit(&h);
}

struct cnt {
	struct tool tool;
	int samples, events, ordered_ok;
	uint64_t last;
};

static int cnt_sample(struct tool *t, const union perf_event *ev,
		      const struct perf_sample *s, struct evsel *evsel,
		      struct session *session)
{
	struct cnt *c = (struct cnt *)t;

	c->samples++;
	if (s->time < c->last)
		c->ordered_ok = 0;
	c->last = s->time;
	assert_int_equal(s->pid, 4242);
	assert_int_equal(s->callchain->nr, 3);
	return 0;
}

static int cnt_event(struct tool *t, const union perf_event *ev,
		     const struct perf_sample *s, struct session *session)
{
	((struct cnt *)t)->events++;
	if (ev->header.type != PERF_RECORD_MMAP)
		assert_int_equal(s->pid, 4242);
	return 0;
}

static void test_pipe_roundtrip(void **state)
{
	char bin[PATH_MAX];
	struct header h;
	struct data out;
	struct session *s;
	struct cnt c = { .tool = { .sample = cnt_sample, .event = cnt_event,
				   .ordered_events = true }, .ordered_ok = 1 };

	bin_path(bin, sizeof(bin));
	fill_header(&h, bin);
	mkdir(OUT, 0755);
	assert_int_equal(data__open_write(&out, OUT "/hdr-pipe.data", false), 0);
	assert_int_equal(header__write_pipe(&h, &out), 0);
	assert_int_equal(header__write_record(&out, PERF_RECORD_FINISHED_INIT), 0);
	write_records(&out, &h.attrs[0].attr, bin, 20, 0x4440);
	assert_int_equal(data__close(&out), 0);

	s = session__new(OUT "/hdr-pipe.data", &c.tool);
	assert_non_null(s);
	assert_true(session__is_pipe(s));
	assert_int_equal(session__process_events(s), 0);
	assert_int_equal(c.samples, 20);
	assert_int_equal(c.events, 3);
	assert_true(c.ordered_ok);
	assert_int_equal(session__evlist(s)->nr, 2);
	assert_string_equal(session__evlist(s)->entries[0]->name, "cpu-clock:u");
	assert_string_equal(session__env(s)->hostname, h.env.hostname);
	assert_int_equal(session__env(s)->nr_build_ids, 1);
	assert_int_equal(session__env(s)->tracing_data_size, 16);	/* padded */
	assert_int_equal(session__stats(s)->nr_unknown_events, 0);
	session__delete(s);
	header__exit(&h);
}

/*
 * The one stderr line perf prints when the file's arch (this build's, from
 * uname) is not the one perf was built for and it has no unwinder for it:
 * the arm64 build under qemu-user runs the host's x86 /usr/bin/perf.
 */
static char foreign_warning[128];

/* perf itself must read what we write, with nothing on stderr. */
static void run_perf(const char *args, const char *expect)
{
	char cmd[1024], *err, *outp;
	size_t n, m;

	snprintf(cmd, sizeof(cmd), "/usr/bin/perf %s >" OUT "/perf.out 2>" OUT "/perf.err",
		 args);
	assert_int_equal(system(cmd), 0);
	err = slurp(OUT "/perf.err", &n);
	if (foreign_warning[0] && n == strlen(foreign_warning) &&
	    !memcmp(err, foreign_warning, n))
		n = 0;
	if (n)
		fprintf(stderr, "perf %s stderr: %.*s\n", args, (int)n, err);
	assert_int_equal(n, 0);
	outp = slurp(OUT "/perf.out", &m);
	outp[m] = '\0';
	if (!strstr(outp, expect))
		fprintf(stderr, "perf %s: '%s' not in:\n%s\n", args, expect, outp);
	assert_non_null(strstr(outp, expect));
	free(err);
	free(outp);
}

static void test_perf_reads_our_files(void **state)
{
	char bin[PATH_MAX];
	struct header h;
	unsigned char ehdr[20] = { 0 };
	FILE *f;

	if (access("/usr/bin/perf", X_OK)) {
		skip();
		return;
	}
	f = fopen("/usr/bin/perf", "rb");
	assert_non_null(f);
	assert_int_equal(fread(ehdr, 1, sizeof(ehdr), f), sizeof(ehdr));
	fclose(f);
	/* an ELF file whose e_machine (little-endian here) is not ours */
	if (!memcmp(ehdr, "\177ELF", 4) &&
	    ehdr[18] + 256 * ehdr[19] != arch__for_host()->e_machine)
		snprintf(foreign_warning, sizeof(foreign_warning),
			 "unwind: target platform=%s is not supported\n",
			 arch__for_host()->name);
	bin_path(bin, sizeof(bin));
	fill_header(&h, bin);
	/* build-ids of the dsos are unknown here: no BUILD_ID feature */
	header__clear_feat(&h, HEADER_BUILD_ID);
	header__clear_feat(&h, HEADER_TRACING_DATA);
	header__clear_feat(&h, HEADER_COMPRESSED);
	write_file(OUT "/hdr-perf.data", &h, bin, 40);
	run_perf("report -i " OUT "/hdr-perf.data --stdio --no-children --sort comm,dso,sym",
		 "100.00%  cpuburn  cpuburn        [.] cb_alpha_a_l0");
	run_perf("script -i " OUT "/hdr-perf.data", "cb_alpha_a_l0+0x4 (");
	run_perf("report -i " OUT "/hdr-perf.data --header-only", "# event : name = cpu-clock:u");
	run_perf("report -i " OUT "/hdr-perf.data --header-only", "# cmdline : ");
	header__exit(&h);
}

struct stat_cnt {
	struct tool tool;
	int stat, round, config, tmap, cmap, update;
	uint64_t val0;
};

static int stat_user(struct tool *t, const union perf_event *ev, struct session *session)
{
	struct stat_cnt *c = (struct stat_cnt *)t;
	int cpus[4];

	switch (ev->header.type) {
	case PERF_RECORD_STAT:
		if (!c->stat++)
			c->val0 = ((const struct perf_record_stat *)ev)->val;
		break;
	case PERF_RECORD_STAT_ROUND: c->round++; break;
	case PERF_RECORD_STAT_CONFIG: c->config++; break;
	case PERF_RECORD_THREAD_MAP: c->tmap++; break;
	case PERF_RECORD_CPU_MAP:
		c->cmap++;
		assert_int_equal(event__cpu_map_decode(ev->raw + 8, ev->header.size - 8, cpus, 4), 1);
		assert_int_equal(cpus[0], -1);
		break;
	case PERF_RECORD_EVENT_UPDATE: c->update++; break;
	}
	return 0;
}

/* stat record: counting attrs, then THREAD_MAP, CPU_MAP, STAT_CONFIG,
 * STAT per counter, STAT_ROUND; perf stat report must read it. */
static void test_stat_file(void **state)
{
	struct header h;
	struct data out;
	struct perf_event_attr a = { 0 };
	uint64_t id0 = 501, id1 = 502;
	const char *argv[] = { "stat", "record", "-e", "task-clock,page-faults", "--", "true" };
	int pid = 4242, anycpu = -1;
	char buf[512];
	uint64_t start;
	struct session *s;
	struct stat_cnt c = { .tool = { .user_event = stat_user } };

	header__init(&h);
	assert_int_equal(env__fill_host(&h.env, 6, argv), 0);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_TASK_CLOCK;
	a.size = sizeof(a);
	a.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	a.disabled = a.inherit = a.enable_on_exec = a.exclude_guest = 1;
	assert_int_equal(header__add_attr(&h, &a, sizeof(a), &id0, 1, "task-clock"), 0);
	a.config = PERF_COUNT_SW_PAGE_FAULTS;
	assert_int_equal(header__add_attr(&h, &a, sizeof(a), &id1, 1, "page-faults"), 0);
	for (int f = HEADER_HOSTNAME; f <= HEADER_CPU_TOPOLOGY; f++)
		header__set_feat(&h, f);
	header__set_feat(&h, HEADER_STAT);
	mkdir(OUT, 0755);
	assert_int_equal(data__open_write(&out, OUT "/stat.data", false), 0);
	assert_int_equal(header__write_file_start(&h, &out), 0);
	start = data__offset(&out);
#define PUT(expr) do { int n_ = (expr); assert_true(n_ > 0); \
		assert_int_equal(data__write(&out, buf, n_), 0); } while (0)
	PUT(event__synthesize_event_update_str(buf, sizeof(buf), PERF_EVENT_UPDATE__UNIT, id0, "msec"));
	PUT(event__synthesize_event_update_scale(buf, sizeof(buf), id0, 1e-6));
	PUT(event__synthesize_thread_map(buf, sizeof(buf), &pid, NULL, 1));
	PUT(event__synthesize_cpu_map(buf, sizeof(buf), &anycpu, 1));
	PUT(event__synthesize_stat_config(buf, sizeof(buf), 1, 0, true));
	PUT(event__synthesize_stat(buf, sizeof(buf), id0, (uint32_t)-1, 0, 1234567, 2000000, 2000000));
	PUT(event__synthesize_stat(buf, sizeof(buf), id1, (uint32_t)-1, 0, 77, 2000000, 2000000));
	PUT(event__synthesize_stat_round(buf, sizeof(buf), PERF_STAT_ROUND_TYPE__FINAL, 3000000));
#undef PUT
	assert_int_equal(header__write_file_finish(&h, &out, data__offset(&out) - start), 0);
	assert_int_equal(data__close(&out), 0);

	s = session__new(OUT "/stat.data", &c.tool);
	assert_non_null(s);
	assert_int_equal(session__process_events(s), 0);
	assert_int_equal(c.stat, 2);
	assert_int_equal(c.val0, 1234567);
	assert_int_equal(c.round, 1);
	assert_int_equal(c.config, 1);
	assert_int_equal(c.tmap, 1);
	assert_int_equal(c.cmap, 1);
	assert_int_equal(c.update, 2);
	assert_true(header__has_feat(session__header(s), HEADER_STAT));
	session__delete(s);
	header__exit(&h);

	if (access("/usr/bin/perf", X_OK)) {
		skip();
		return;
	}
	/* perf stat prints on stderr: the counts, and nothing else
	 * (no warning); 1234567 ns of task-clock is 1.23 msec */
	{
		size_t n;
		char *o;

		assert_int_equal(system("/usr/bin/perf stat report -i " OUT "/stat.data >"
					OUT "/perf.out 2>&1"), 0);
		o = slurp(OUT "/perf.out", &n);
		o[n] = '\0';
		assert_non_null(strstr(o, "1.23 msec task-clock"));
		assert_non_null(strstr(o, "77      page-faults"));
		assert_null(strcasestr(o, "warning"));
		assert_null(strcasestr(o, "error"));
		free(o);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_file_roundtrip),
		cmocka_unit_test(test_pipe_roundtrip),
		cmocka_unit_test(test_perf_reads_our_files),
		cmocka_unit_test(test_stat_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
