// SPDX-License-Identifier: GPL-2.0
/*
 * report -D: perf 6.1's raw record dump, laid out as perf prints it (the
 * layout is matched against perf's output on the files of tests/data).
 */
#include <inttypes.h>
#include <string.h>
#include "event-dump.h"
#include "dso.h"
#include "evlist.h"
#include "evsel.h"
#include "machine.h"
#include "thread.h"

void event_dump__hex(FILE *fp, const void *data, size_t size)
{
	const unsigned char *p = data;
	size_t i, j;

	fprintf(fp, ".\n. ... raw event: size %zu bytes\n", size);
	for (i = 0; i < size; i += 16) {
		fprintf(fp, ".  %04zx: ", i);
		for (j = 0; j < 16; j++) {
			if (i + j < size)
				fprintf(fp, " %02x", p[i + j]);
			else
				fputs("   ", fp);
		}
		fputs("  ", fp);
		for (j = 0; j < 16; j++) {
			if (i + j < size) {
				unsigned char c = p[i + j];

				fputc(c >= 0x20 && c < 0x7f ? c : '.', fp);
			} else {
				fputc(' ', fp);
			}
		}
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

void event_dump__raw(const struct event_dump *d, const union perf_event *ev,
		     uint64_t offset)
{
	fprintf(d->fp, "\n%#" PRIx64 "@%s [%#x]: event: %u\n", offset - d->base, d->path,
		ev->header.size, ev->header.type);
	event_dump__hex(d->fp, ev, ev->header.size);
}

void event_dump__line(const struct event_dump *d, const union perf_event *ev,
		      const struct perf_sample *sample, uint64_t offset)
{
	uint64_t cpu = sample ? sample->cpu : 0, time = sample ? sample->time : 0;

	if (ev->header.type != PERF_RECORD_SAMPLE && (!d->have_attrs || !d->sample_id_all)) {
		fputs("-1 -1 ", d->fp);
	} else {
		if (d->sample_type & PERF_SAMPLE_CPU)
			fprintf(d->fp, "%" PRIu64 " ", cpu);
		if (d->sample_type & PERF_SAMPLE_TIME)
			fprintf(d->fp, "%" PRIu64 " ", time);
	}
	fprintf(d->fp, "%#" PRIx64 " [%#x]: PERF_RECORD_%s", offset - d->base, ev->header.size,
		event__type_name(ev->header.type));
}

static void dump_regs(const struct event_dump *d, const char *what, uint64_t abi, uint64_t mask,
		      const uint64_t *regs)
{
	static const char *const abis[] = { "none", "32-bit", "64-bit" };
	int bit, i = 0;

	fprintf(d->fp, "... %s regs: mask %#" PRIx64 " ABI %s\n", what, mask,
		abi < 3 ? abis[abi] : "unknown");
	for (bit = 0; bit < 64; bit++) {
		const char *name = NULL;
		char buf[16];

		if (!(mask & (1ULL << bit)))
			continue;
		if (d->reg_name)
			name = d->reg_name(bit);
		if (!name) {
			snprintf(buf, sizeof(buf), "r%d", bit);
			name = buf;
		}
		fprintf(d->fp, ".... %-5s 0x%016" PRIx64 "\n", name, regs[i++]);
	}
}

/* A PERF_SAMPLE_READ payload (sized by the sample parser): the times,
 * then each value with its id (and lost count) */
static void dump_read(FILE *fp, const void *data, size_t size, uint64_t fmt)
{
	struct read_values rv;

	fprintf(fp, "... sample_read:\n");
	if (read_values__parse(&rv, fmt, data, size))
		return;
	if (fmt & PERF_FORMAT_TOTAL_TIME_ENABLED)
		fprintf(fp, "...... time enabled %016" PRIx64 "\n", rv.ena);
	if (fmt & PERF_FORMAT_TOTAL_TIME_RUNNING)
		fprintf(fp, "...... time running %016" PRIx64 "\n", rv.run);
	if (fmt & PERF_FORMAT_GROUP)
		fprintf(fp, ".... group nr %" PRIu64 "\n", rv.nr);
	for (uint64_t i = 0; i < rv.nr; i++) {
		struct read_value v = read_values__get(&rv, i);

		fprintf(fp, "..... id %016" PRIx64 ", value %016" PRIx64, v.id, v.value);
		if (fmt & PERF_FORMAT_LOST)
			fprintf(fp, ", lost %" PRIu64, v.lost);
		fputc('\n', fp);
	}
}

/* a page size as perf's dump prints it: "4K", "2M", "N/A" for none
 * (divided by 1024 while more than 1024 is left, up to G) */
static void dump_page_size(FILE *fp, const char *what, uint64_t n)
{
	static const char units[] = "BKMG";
	int u = 0;

	if (!n) {
		fprintf(fp, " .. %s page size: N/A\n", what);
		return;
	}
	while (n / 1024 > 1 && u < 3) {
		n /= 1024;
		u++;
	}
	fprintf(fp, " .. %s page size: %" PRIu64 "%c\n", what, n, units[u]);
}

static void dump_sample(const struct event_dump *d, const union perf_event *ev,
			const struct perf_sample *s, uint64_t type)
{
	FILE *fp = d->fp;

	fprintf(fp, "(IP, 0x%x): %d/%d: %#" PRIx64 " period: %" PRIu64 " addr: %#" PRIx64 "\n",
		ev->header.misc, (int)s->pid, (int)s->tid, s->ip, s->period, s->addr);
	if ((type & PERF_SAMPLE_CALLCHAIN) && s->callchain) {
		fprintf(fp, "... FP chain: nr:%" PRIu64 "\n", (uint64_t)s->callchain->nr);
		for (uint64_t i = 0; i < s->callchain->nr; i++)
			fprintf(fp, "..... %2d: %016" PRIx64 "\n", (int)i, s->callchain->ips[i]);
	}
	if ((type & PERF_SAMPLE_REGS_USER) && s->user_regs.regs)
		dump_regs(d, "user", s->user_regs.abi, s->user_regs.mask, s->user_regs.regs);
	if ((type & PERF_SAMPLE_REGS_INTR) && s->intr_regs.regs)
		dump_regs(d, "intr", s->intr_regs.abi, s->intr_regs.mask, s->intr_regs.regs);
	/* perf prints the valid (dynamic) size, and the offset of the
	 * stack's size field */
	if ((type & PERF_SAMPLE_STACK_USER) && s->user_stack.data)
		fprintf(fp, "... ustack: size %" PRIu64 ", offset 0x%x\n", s->user_stack.dyn_size,
			(unsigned int)(s->user_stack.data - (const char *)ev - 8));
	if (type & PERF_SAMPLE_WEIGHT)
		fprintf(fp, "... weight: %" PRIu64 "\n", s->weight);
	/* a weight struct: the weight (low 32 bits), the instruction latency
	 * (16 above) and the pipeline stage cycles, which perf 6.1 reads on
	 * powerpc only (0 elsewhere) */
	else if (type & PERF_SAMPLE_WEIGHT_STRUCT)
		fprintf(fp, "... weight: %u,0x%x,0x0\n", (uint32_t)s->weight,
			(unsigned int)(uint16_t)(s->weight >> 32));
	if (type & PERF_SAMPLE_DATA_SRC)
		fprintf(fp, " . data_src: 0x%" PRIx64 "\n", s->data_src);
	if (type & PERF_SAMPLE_PHYS_ADDR)
		fprintf(fp, " .. phys_addr: 0x%" PRIx64 "\n", s->phys_addr);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		dump_page_size(fp, "data", s->data_page_size);
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		dump_page_size(fp, "code", s->code_page_size);
	if (type & PERF_SAMPLE_TRANSACTION)
		fprintf(fp, "... transaction: %" PRIx64 "\n", s->transaction);
	if ((type & PERF_SAMPLE_READ) && s->read_data)
		dump_read(fp, s->read_data, s->read_size, d->read_format);
}

/* "0-1", "0,2-3", "-1": a CPU_MAP's CPUs as ranges */
static void dump_cpus(FILE *fp, const void *data, size_t size)
{
	int cpus[4096], n = event__cpu_map_decode(data, size, cpus, 4096), i = 0;

	while (i < n) {
		int j = i;

		while (j + 1 < n && cpus[j + 1] == cpus[j] + 1 && cpus[i] >= 0)
			j++;
		fprintf(fp, "%s%d", i ? "," : "", cpus[i]);
		if (j > i)
			fprintf(fp, "-%d", cpus[j]);
		i = j + 1;
	}
}

static void dump_mmap2(FILE *fp, const struct perf_record_mmap2 *m, uint16_t misc)
{
	char perm[5] = {
		m->prot & 1 ? 'r' : '-', m->prot & 2 ? 'w' : '-',
		m->prot & 4 ? 'x' : '-', m->flags & 1 ? 's' : 'p', 0 };

	fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64, (int)m->pid, (int)m->tid,
		m->start, m->len, m->pgoff);
	if (misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		int n = m->build_id_size <= 20 ? m->build_id_size : 20;

		fputs(" <", fp);
		for (int i = 0; i < n; i++)
			fprintf(fp, "%02x", m->build_id[i]);
		fputc('>', fp);
	} else {
		fprintf(fp, " %02x:%02x %" PRIu64 " %" PRIu64, m->maj, m->min, m->ino,
			m->ino_generation);
	}
	fprintf(fp, "]: %s %s\n", perm, m->filename);
}

/* perf report's dump of the stat records (it has no handler for them) */
static void dump_stat(const struct event_dump *d, const union perf_event *ev)
{
	FILE *fp = d->fp;
	size_t size = ev->header.size;
	const void *e = ev;

	switch (ev->header.type) {
	case PERF_RECORD_STAT_CONFIG: {
		const struct perf_record_stat_config *c = e;
		uint64_t v[PERF_STAT_CONFIG_TERM__MAX] = { 0 };
		uint64_t nr = size >= sizeof(*c) ? c->nr : 0;

		if (nr > (size - sizeof(*c)) / sizeof(c->data[0]))
			nr = (size - sizeof(*c)) / sizeof(c->data[0]);
		for (uint64_t i = 0; i < nr; i++)
			if (c->data[i].tag < PERF_STAT_CONFIG_TERM__MAX)
				v[c->data[i].tag] = c->data[i].val;
		fprintf(fp, "\n... aggr_mode %" PRIu64 "\n... scale     %" PRIu64
			"\n... interval  %" PRIu64 "\n: unhandled!\n",
			v[PERF_STAT_CONFIG_TERM__AGGR_MODE], v[PERF_STAT_CONFIG_TERM__SCALE],
			v[PERF_STAT_CONFIG_TERM__INTERVAL]);
		break;
	}
	case PERF_RECORD_STAT: {
		const struct perf_record_stat *st = e;

		if (size < sizeof(*st))
			break;
		fprintf(fp, "\n... id %" PRIu64 ", cpu %d, thread %d\n... value %" PRIu64
			", enabled %" PRIu64 ", running %" PRIu64 "\n: unhandled!\n",
			st->id, (int)st->cpu, (int)st->thread, st->val, st->ena, st->run);
		break;
	}
	case PERF_RECORD_STAT_ROUND: {
		const struct perf_record_stat_round *r = e;

		if (size < sizeof(*r))
			break;
		fprintf(fp, "\n... time %" PRIu64 ", type %s\n: unhandled!\n", r->time,
			r->type == PERF_STAT_ROUND_TYPE__FINAL ? "FINAL" : "INTERVAL");
		break;
	}
	default:
		break;
	}
}

static void dump_user(const struct event_dump *d, const union perf_event *ev)
{
	FILE *fp = d->fp;
	size_t size = ev->header.size;
	const void *e = ev;

	switch (ev->header.type) {
	case PERF_RECORD_FINISHED_ROUND:
		if (d->round == DUMP_ROUND_ORDERED)
			fputc('\n', fp);
		else if (d->round == DUMP_ROUND_UNHANDLED)
			fputs(": unhandled!\n", fp);
		break;
	case PERF_RECORD_FINISHED_INIT:
		fputs(": unhandled!\n", fp);
		break;
	case PERF_RECORD_ID_INDEX: {
		const struct perf_record_id_index *x = e;
		uint64_t nr = size >= sizeof(*x) ? x->nr : 0;

		if (nr > (size - sizeof(*x)) / sizeof(x->entries[0]))
			nr = (size - sizeof(*x)) / sizeof(x->entries[0]);
		fprintf(fp, " nr: %" PRIu64 "\n", x->nr);
		for (uint64_t i = 0; i < nr; i++)
			fprintf(fp, " ... id: %" PRIu64 "  idx: %" PRIu64 "  cpu: %" PRId64
				"  tid: %" PRId64 "\n", x->entries[i].id, x->entries[i].idx,
				(int64_t)x->entries[i].cpu, (int64_t)x->entries[i].tid);
		break;
	}
	case PERF_RECORD_THREAD_MAP: {
		const struct perf_record_thread_map *t = e;
		uint64_t nr = size >= sizeof(*t) ? t->nr : 0;

		if (nr > (size - sizeof(*t)) / sizeof(t->entries[0]))
			nr = (size - sizeof(*t)) / sizeof(t->entries[0]);
		fprintf(fp, " nr: %" PRIu64 " thread%s:", nr, nr > 1 ? "s" : "");
		for (uint64_t i = 0; i < nr; i++)
			fprintf(fp, "%s %" PRId64, i ? "," : "", (int64_t)t->entries[i].pid);
		fputs(d->script ? "\n" : "\n: unhandled!\n", fp);
		break;
	}
	case PERF_RECORD_CPU_MAP:
		fputs(": ", fp);
		dump_cpus(fp, (const char *)ev + sizeof(ev->header), size - sizeof(ev->header));
		fputs(d->script ? "\n" : "\n: unhandled!\n", fp);
		break;
	case PERF_RECORD_EVENT_UPDATE: {
		const struct perf_record_event_update *u = e;
		size_t dlen = size >= sizeof(*u) ? size - sizeof(*u) : 0;

		if (!dlen && size < sizeof(*u))
			break;
		fprintf(fp, "\n... id:    %" PRIu64 "\n", u->id);
		if (u->type == PERF_EVENT_UPDATE__UNIT)
			fprintf(fp, "... unit:  %.*s\n", (int)strnlen(u->data, dlen), u->data);
		else if (u->type == PERF_EVENT_UPDATE__NAME)
			fprintf(fp, "... name:  %.*s\n", (int)strnlen(u->data, dlen), u->data);
		else if (u->type == PERF_EVENT_UPDATE__SCALE && dlen >= sizeof(double)) {
			double v;

			memcpy(&v, u->data, sizeof(v));
			fprintf(fp, "... scale: %f\n", v);
		} else if (u->type == PERF_EVENT_UPDATE__CPUS) {
			fputs("... cpus:  ", fp);
			dump_cpus(fp, u->data, dlen);
			fputc('\n', fp);
		}
		break;
	}
	case PERF_RECORD_STAT_CONFIG:
	case PERF_RECORD_STAT:
	case PERF_RECORD_STAT_ROUND:
		/* perf script's handlers of these print nothing here */
		if (d->script)
			break;
		dump_stat(d, ev);
		break;
	default:	/* ATTR, FEATURE, TRACING_DATA, BUILD_ID: the line alone */
		break;
	}
}

void event__fprintf_switch(FILE *fp, const union perf_event *ev)
{
	bool out = ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT;
	const char *io = !out ? "IN         " :
		!(ev->header.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT) ?
		"OUT        " : "OUT preempt";
	const struct perf_record_switch *sw = (const void *)ev;

	if (ev->header.type == PERF_RECORD_SWITCH)
		fprintf(fp, " %s\n", io);
	else if (ev->header.size >= sizeof(*sw))
		fprintf(fp, " %s  %s pid/tid: %5d/%-5d\n", io, out ? "next" : "prev",
			(int)sw->next_prev_pid, (int)sw->next_prev_tid);
}

void event_dump__body(const struct event_dump *d, const union perf_event *ev,
		      const struct perf_sample *sample, uint64_t sample_type)
{
	FILE *fp = d->fp;
	size_t size = ev->header.size;
	const void *e = ev;

	/* script handles the counts of a stat file: the line alone (the
	 * next record's dump starts a line; the STAT_ROUND's table follows
	 * on its line) */
	if (d->script && (ev->header.type == PERF_RECORD_STAT_CONFIG ||
			  ev->header.type == PERF_RECORD_STAT ||
			  ev->header.type == PERF_RECORD_STAT_ROUND))
		return;
	if (ev->header.type >= PERF_RECORD_USER_TYPE_START) {
		bool unhandled = ev->header.type - PERF_RECORD_USER_TYPE_START < 64 &&
			d->unhandled_user & (1ULL << (ev->header.type - PERF_RECORD_USER_TYPE_START));

		/* the session prints an EVENT_UPDATE's fields itself */
		if (!unhandled || ev->header.type == PERF_RECORD_EVENT_UPDATE)
			dump_user(d, ev);
		if (unhandled)
			fputs(": unhandled!\n", fp);
		return;
	}
	if (ev->header.type < 64 && d->unhandled & (1ULL << ev->header.type) &&
	    ev->header.type != PERF_RECORD_SAMPLE && ev->header.type != PERF_RECORD_READ) {
		fputs(": unhandled!\n", fp);
		return;
	}
	switch (ev->header.type) {
	case PERF_RECORD_SAMPLE:
		dump_sample(d, ev, sample, sample_type);
		if (d->unhandled & (1ULL << PERF_RECORD_SAMPLE))
			fputs(": unhandled!\n", fp);
		break;
	case PERF_RECORD_COMM: {
		const struct perf_record_comm *c = e;

		if (size <= sizeof(*c))
			break;
		fprintf(fp, "%s: %.*s:%d/%d\n",
			ev->header.misc & PERF_RECORD_MISC_COMM_EXEC ? " exec" : "",
			(int)strnlen(c->comm, size - sizeof(*c)), c->comm, (int)c->pid, (int)c->tid);
		break;
	}
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT: {
		const struct perf_record_fork *f = e;

		if (size < sizeof(*f))
			break;
		fprintf(fp, "(%d:%d):(%d:%d)\n", (int)f->pid, (int)f->tid, (int)f->ppid,
			(int)f->ptid);
		break;
	}
	case PERF_RECORD_MMAP: {
		const struct perf_record_mmap *m = e;

		if (size <= sizeof(*m))
			break;
		fprintf(fp, " %d/%d: [%#" PRIx64 "(%#" PRIx64 ") @ %#" PRIx64 "]: %c %.*s\n",
			(int)m->pid, (int)m->tid, m->start, m->len, m->pgoff,
			ev->header.misc & PERF_RECORD_MISC_MMAP_DATA ? 'r' : 'x',
			(int)strnlen(m->filename, size - sizeof(*m)), m->filename);
		break;
	}
	case PERF_RECORD_MMAP2:
		if (size > sizeof(struct perf_record_mmap2) &&
		    memchr(((const struct perf_record_mmap2 *)e)->filename, 0,
			   size - sizeof(struct perf_record_mmap2)))
			dump_mmap2(fp, e, ev->header.misc);
		break;
	case PERF_RECORD_LOST: {
		const struct perf_record_lost *l = e;

		if (size >= sizeof(*l))
			fprintf(fp, ": id:%" PRIu64 ": lost:%" PRIu64 "\n", l->id, l->lost);
		break;
	}
	case PERF_RECORD_LOST_SAMPLES: {
		const struct perf_record_lost_samples *l = e;

		if (size >= sizeof(*l))
			fprintf(fp, ": id:%" PRIu64 ": lost samples :%" PRIu64 "\n",
				sample ? sample->id : 0, l->lost);
		break;
	}
	case PERF_RECORD_KSYMBOL: {
		const struct perf_record_ksymbol *k = e;

		if (size > sizeof(*k))
			fprintf(fp, " addr %" PRIx64 " len %u type %u flags 0x%x name %.*s\n",
				k->addr, k->len, k->ksym_type, k->flags,
				(int)strnlen(k->name, size - sizeof(*k)), k->name);
		break;
	}
	case PERF_RECORD_BPF_EVENT: {
		const struct perf_record_bpf_event *b = e;

		if (size >= sizeof(*b))
			fprintf(fp, " type %u, flags %u, id %u\n", b->type, b->flags, b->id);
		break;
	}
	case PERF_RECORD_SWITCH:
	case PERF_RECORD_SWITCH_CPU_WIDE:
		event__fprintf_switch(fp, ev);
		break;
	case PERF_RECORD_CGROUP: {
		const struct perf_record_cgroup *cg = e;

		if (size > sizeof(*cg))
			fprintf(fp, " cgroup: %" PRIu64 " %.*s\n", cg->id,
				(int)strnlen(cg->path, size - sizeof(*cg)), cg->path);
		break;
	}
	case PERF_RECORD_NAMESPACES: {
		static const char *const names[] = {
			"net", "uts", "ipc", "pid", "user", "mnt", "cgroup",
		};
		const struct perf_record_namespaces *ns = e;
		uint64_t nr, i;

		if (size < sizeof(*ns))
			break;
		nr = ns->nr_namespaces;
		if (nr > (size - sizeof(*ns)) / sizeof(ns->link_info[0]))
			nr = (size - sizeof(*ns)) / sizeof(ns->link_info[0]);
		fprintf(fp, " %d/%d - nr_namespaces: %" PRIu64 "\n\t\t[", (int)ns->pid,
			(int)ns->tid, ns->nr_namespaces);
		/* four to a line, as perf */
		for (i = 0; i < nr; i++)
			fprintf(fp, "%" PRIu64 "/%s: %" PRIu64 "/%#" PRIx64 "%s", i,
				i < 7 ? names[i] : "unknown", ns->link_info[i].dev,
				ns->link_info[i].ino,
				i + 1 == nr ? "" : (i + 1) % 4 == 0 ? ", \n\t\t " : ", ");
		fputs("]\n", fp);
		break;
	}
	case PERF_RECORD_READ: {
		/* perf reads the values at the offsets of a read_format
		 * with all of TOTAL_TIME_ENABLED, _RUNNING, ID and LOST
		 * (record -s writes that one), whatever the attr's is */
		uint64_t v[5] = { 0 };
		uint32_t pt[2];
		static const uint64_t bits[5] = { 0, PERF_FORMAT_TOTAL_TIME_ENABLED,
			PERF_FORMAT_TOTAL_TIME_RUNNING, PERF_FORMAT_ID, PERF_FORMAT_LOST };
		static const char *const names[5] = { NULL, "time enabled", "time running",
			"id          ", "lost        " };

		if (size < sizeof(ev->header) + 16) {
			fputs(": unhandled!\n", fp);
			break;
		}
		memcpy(pt, (const char *)e + sizeof(ev->header), 8);
		for (int i = 0; i < 5 && sizeof(ev->header) + 16 + i * 8 <= size; i++)
			memcpy(&v[i], (const char *)e + sizeof(ev->header) + 8 + i * 8, 8);
		fprintf(fp, ": %d %d %s %" PRIu64 "\n", (int)pt[0], (int)pt[1],
			d->evsel_name ? d->evsel_name : "unknown", v[0]);
		for (int i = 1; i < 5 && d->evsel_name; i++)
			if (d->read_format & bits[i])
				fprintf(fp, "... %s : %" PRIu64 "\n", names[i], v[i]);
		/* script has no handler of its own for them */
		if (d->script || d->unhandled & (1ULL << PERF_RECORD_READ))
			fputs(": unhandled!\n", fp);
		break;
	}
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
		/* perf script's handler prints nothing, not even the newline
		 * (the next record's dump starts with one) */
		if (!d->script)
			fputs(": unhandled!\n", fp);
		break;
	default:	/* records perf report has no handler for */
		fputs(": unhandled!\n", fp);
		break;
	}
}

void event_dump__head(struct event_dump *d, const struct evlist *el,
		      const union perf_event *ev, const struct perf_sample *sample,
		      uint64_t offset)
{
	d->have_attrs = el && el->nr;
	d->sample_type = 0;
	for (int i = 0; el && i < el->nr; i++)
		d->sample_type |= el->entries[i]->attr.sample_type;
	d->sample_id_all = d->have_attrs && el->entries[0]->attr.sample_id_all;
	event_dump__raw(d, ev, offset);
	event_dump__line(d, ev, sample, offset);
}

void event_dump__record(struct event_dump *d, const struct evlist *el,
			const struct evsel *evsel, const union perf_event *ev,
			const struct perf_sample *sample, uint64_t offset)
{
	event_dump__head(d, el, ev, sample, offset);
	d->read_format = evsel ? evsel->attr.read_format : 0;
	d->evsel_name = evsel ? evsel->name : NULL;
	event_dump__body(d, ev, sample, evsel ? evsel->attr.sample_type : 0);
}

void event_dump__location(const struct event_dump *d, const struct addr_location *al)
{
	if (!al->thread)
		return;
	fprintf(d->fp, " ... thread: %s:%d\n", al->comm ? al->comm : "", (int)al->thread->tid);
	fprintf(d->fp, " ...... dso: %s\n", al->dso ? al->dso->long_name :
		al->level == 'H' ? "[hypervisor]" : "<not found>");
}
