// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data records: sample parsing per sample_type (with the sample_id_all
 * tail of non-sample records), sample synthesis for writers and tests, and
 * record type names.
 */
#include <errno.h>
#include <string.h>
#include "event.h"
#include "mem-src.h"

static const char *const kernel_names[] = {
	[0]				= "TOTAL",
	[PERF_RECORD_MMAP]		= "MMAP",
	[PERF_RECORD_LOST]		= "LOST",
	[PERF_RECORD_COMM]		= "COMM",
	[PERF_RECORD_EXIT]		= "EXIT",
	[PERF_RECORD_THROTTLE]		= "THROTTLE",
	[PERF_RECORD_UNTHROTTLE]	= "UNTHROTTLE",
	[PERF_RECORD_FORK]		= "FORK",
	[PERF_RECORD_READ]		= "READ",
	[PERF_RECORD_SAMPLE]		= "SAMPLE",
	[PERF_RECORD_MMAP2]		= "MMAP2",
	[PERF_RECORD_AUX]		= "AUX",
	[PERF_RECORD_ITRACE_START]	= "ITRACE_START",
	[PERF_RECORD_LOST_SAMPLES]	= "LOST_SAMPLES",
	[PERF_RECORD_SWITCH]		= "SWITCH",
	[PERF_RECORD_SWITCH_CPU_WIDE]	= "SWITCH_CPU_WIDE",
	[PERF_RECORD_NAMESPACES]	= "NAMESPACES",
	[PERF_RECORD_KSYMBOL]		= "KSYMBOL",
	[PERF_RECORD_BPF_EVENT]		= "BPF_EVENT",
	[PERF_RECORD_CGROUP]		= "CGROUP",
	[PERF_RECORD_TEXT_POKE]		= "TEXT_POKE",
	[PERF_RECORD_AUX_OUTPUT_HW_ID]	= "AUX_OUTPUT_HW_ID",
};

static const char *const user_names[] = {
	[PERF_RECORD_HEADER_ATTR - 64]		= "ATTR",
	[PERF_RECORD_HEADER_EVENT_TYPE - 64]	= "EVENT_TYPE",
	[PERF_RECORD_HEADER_TRACING_DATA - 64]	= "TRACING_DATA",
	[PERF_RECORD_HEADER_BUILD_ID - 64]	= "BUILD_ID",
	[PERF_RECORD_FINISHED_ROUND - 64]	= "FINISHED_ROUND",
	[PERF_RECORD_ID_INDEX - 64]		= "ID_INDEX",
	[PERF_RECORD_AUXTRACE_INFO - 64]	= "AUXTRACE_INFO",
	[PERF_RECORD_AUXTRACE - 64]		= "AUXTRACE",
	[PERF_RECORD_AUXTRACE_ERROR - 64]	= "AUXTRACE_ERROR",
	[PERF_RECORD_THREAD_MAP - 64]		= "THREAD_MAP",
	[PERF_RECORD_CPU_MAP - 64]		= "CPU_MAP",
	[PERF_RECORD_STAT_CONFIG - 64]		= "STAT_CONFIG",
	[PERF_RECORD_STAT - 64]			= "STAT",
	[PERF_RECORD_STAT_ROUND - 64]		= "STAT_ROUND",
	[PERF_RECORD_EVENT_UPDATE - 64]		= "EVENT_UPDATE",
	[PERF_RECORD_TIME_CONV - 64]		= "TIME_CONV",
	[PERF_RECORD_HEADER_FEATURE - 64]	= "FEATURE",
	[PERF_RECORD_COMPRESSED - 64]		= "COMPRESSED",
	[PERF_RECORD_FINISHED_INIT - 64]	= "FINISHED_INIT",
};

const char *event__type_name(uint32_t type)
{
	if (type < sizeof(kernel_names) / sizeof(kernel_names[0]) &&
	    kernel_names[type])
		return kernel_names[type];
	if (type >= 64 && type - 64 < sizeof(user_names) / sizeof(user_names[0]) &&
	    user_names[type - 64])
		return user_names[type - 64];
	return "UNKNOWN";
}

static size_t read_entry_size(uint64_t fmt)
{
	return 8 + 8 * !!(fmt & PERF_FORMAT_ID) + 8 * !!(fmt & PERF_FORMAT_LOST);
}

size_t event__read_size(uint64_t read_format, uint64_t nr)
{
	size_t size = 8 * !!(read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) +
		      8 * !!(read_format & PERF_FORMAT_TOTAL_TIME_RUNNING);

	if (read_format & PERF_FORMAT_GROUP)
		return 8 + size + nr * read_entry_size(read_format);
	return size + read_entry_size(read_format);
}

/* an entry's id and lost, which follow its value */
static void read_entry_tail(const unsigned char *p, uint64_t fmt,
			    struct read_value *v)
{
	if (fmt & PERF_FORMAT_ID) {
		memcpy(&v->id, p, 8);
		p += 8;
	}
	if (fmt & PERF_FORMAT_LOST)
		memcpy(&v->lost, p, 8);
}

int read_values__parse(struct read_values *rv, uint64_t read_format,
		       const void *data, size_t size)
{
	const unsigned char *p = data;
	size_t words = size / 8, i = 1, entry = read_entry_size(read_format);
	bool group = read_format & PERF_FORMAT_GROUP;

	memset(rv, 0, sizeof(*rv));
	rv->fmt = read_format;
	rv->nr = 1;
	if (words < 1)
		return -EFAULT;
	/* a group's nr or the single value */
	memcpy(group ? &rv->nr : &rv->one.value, p, 8);
	if (read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) {
		if (i >= words)
			return -EFAULT;
		memcpy(&rv->ena, p + 8 * i++, 8);
	}
	if (read_format & PERF_FORMAT_TOTAL_TIME_RUNNING) {
		if (i >= words)
			return -EFAULT;
		memcpy(&rv->run, p + 8 * i++, 8);
	}
	if (group) {
		if (rv->nr > (words - i) * 8 / entry)
			return -EFAULT;
		rv->group = p + 8 * i;
		return 0;
	}
	if ((words - i) * 8 < entry - 8)
		return -EFAULT;
	read_entry_tail(p + 8 * i, read_format, &rv->one);
	return 0;
}

struct read_value read_values__get(const struct read_values *rv, uint64_t i)
{
	struct read_value v = { 0, 0, 0 };
	const unsigned char *p;

	if (!rv->group)
		return rv->one;
	p = rv->group + i * read_entry_size(rv->fmt);
	memcpy(&v.value, p, 8);
	read_entry_tail(p + 8, rv->fmt, &v);
	return v;
}

/* A bounded cursor over a record body. */
struct cursor {
	const unsigned char *p, *end;
};

static int cur_u64(struct cursor *c, uint64_t *v)
{
	if ((size_t)(c->end - c->p) < 8)
		return -EFAULT;
	memcpy(v, c->p, 8);
	c->p += 8;
	return 0;
}

static int cur_skip(struct cursor *c, uint64_t n)
{
	if ((uint64_t)(c->end - c->p) < n)
		return -EFAULT;
	c->p += n;
	return 0;
}

static int cur_u32x2(struct cursor *c, uint32_t *a, uint32_t *b)
{
	if ((size_t)(c->end - c->p) < 8)
		return -EFAULT;
	memcpy(a, c->p, 4);
	memcpy(b, c->p + 4, 4);
	c->p += 8;
	return 0;
}

static void sample__init(struct perf_sample *s, const union perf_event *event)
{
	memset(s, 0, sizeof(*s));
	s->pid = s->tid = (uint32_t)-1;
	s->cpu = (uint32_t)-1;
	s->time = (uint64_t)-1;
	s->id = (uint64_t)-1;
	s->stream_id = (uint64_t)-1;
	s->period = 1;
	s->data_src = MEM_SRC_NONE;
	s->misc = event->header.misc;
	s->cpumode = event->header.misc & PERF_RECORD_MISC_CPUMODE_MASK;
}

static size_t sample_id_size(uint64_t type)
{
	size_t n = 0;

	if (type & PERF_SAMPLE_TID)
		n += 8;
	if (type & PERF_SAMPLE_TIME)
		n += 8;
	if (type & PERF_SAMPLE_ID)
		n += 8;
	if (type & PERF_SAMPLE_STREAM_ID)
		n += 8;
	if (type & PERF_SAMPLE_CPU)
		n += 8;
	if (type & PERF_SAMPLE_IDENTIFIER)
		n += 8;
	return n;
}

size_t event__sample_id_size(const struct perf_event_attr *attr)
{
	return attr->sample_id_all ? sample_id_size(attr->sample_type) : 0;
}

static int parse_id_tail(const union perf_event *event,
			 const struct perf_event_attr *attr,
			 struct perf_sample *s)
{
	uint64_t type = attr->sample_type;
	size_t n = sample_id_size(type);
	struct cursor c;
	uint64_t v = 0;

	if (!attr->sample_id_all || !n)
		return 0;
	if (event->header.size < sizeof(event->header) + n)
		return -EFAULT;
	c.end = (const unsigned char *)event + event->header.size;
	c.p = c.end - n;
	if (type & PERF_SAMPLE_TID)
		cur_u32x2(&c, &s->pid, &s->tid);
	if (type & PERF_SAMPLE_TIME)
		cur_u64(&c, &s->time);
	if (type & PERF_SAMPLE_ID)
		cur_u64(&c, &s->id);
	if (type & PERF_SAMPLE_STREAM_ID)
		cur_u64(&c, &s->stream_id);
	if (type & PERF_SAMPLE_CPU) {
		cur_u64(&c, &v);
		s->cpu = (uint32_t)v;
	}
	if (type & PERF_SAMPLE_IDENTIFIER)
		cur_u64(&c, &s->id);
	return 0;
}

static int parse_regs(struct cursor *c, uint64_t mask, uint64_t *abi_out,
		      uint64_t *mask_out, const uint64_t **regs)
{
	uint64_t abi;

	if (cur_u64(c, &abi))
		return -EFAULT;
	*abi_out = abi;
	*mask_out = 0;
	*regs = NULL;
	if (abi) {
		uint64_t n = __builtin_popcountll(mask);

		*mask_out = mask;
		*regs = (const uint64_t *)c->p;
		if (cur_skip(c, n * 8))
			return -EFAULT;
	}
	return 0;
}

int event__parse_sample(const union perf_event *event,
			const struct perf_event_attr *attr,
			struct perf_sample *s)
{
	uint64_t type = attr->sample_type;
	struct cursor c;
	uint64_t v;

	sample__init(s, event);
	if (event->header.size < sizeof(event->header))
		return -EFAULT;
	if (event->header.type != PERF_RECORD_SAMPLE)
		return parse_id_tail(event, attr, s);

	c.p = (const unsigned char *)event + sizeof(event->header);
	c.end = (const unsigned char *)event + event->header.size;

	if ((type & PERF_SAMPLE_IDENTIFIER) && cur_u64(&c, &s->id))
		return -EFAULT;
	if ((type & PERF_SAMPLE_IP) && cur_u64(&c, &s->ip))
		return -EFAULT;
	if ((type & PERF_SAMPLE_TID) && cur_u32x2(&c, &s->pid, &s->tid))
		return -EFAULT;
	if ((type & PERF_SAMPLE_TIME) && cur_u64(&c, &s->time))
		return -EFAULT;
	if ((type & PERF_SAMPLE_ADDR) && cur_u64(&c, &s->addr))
		return -EFAULT;
	if ((type & PERF_SAMPLE_ID) && cur_u64(&c, &s->id))
		return -EFAULT;
	if ((type & PERF_SAMPLE_STREAM_ID) && cur_u64(&c, &s->stream_id))
		return -EFAULT;
	if (type & PERF_SAMPLE_CPU) {
		if (cur_u64(&c, &v))
			return -EFAULT;
		s->cpu = (uint32_t)v;
	}
	if ((type & PERF_SAMPLE_PERIOD) && cur_u64(&c, &s->period))
		return -EFAULT;
	/* -c N recordings carry no PERIOD: every sample is worth N */
	if (!(type & PERF_SAMPLE_PERIOD) && !attr->freq && attr->sample_period)
		s->period = attr->sample_period;
	if (type & PERF_SAMPLE_READ) {
		struct read_values rv;
		size_t size;

		/* the layout checked against the record (a group's nr) */
		if (read_values__parse(&rv, attr->read_format, c.p, (size_t)(c.end - c.p)))
			return -EFAULT;
		size = event__read_size(attr->read_format, rv.nr);
		s->read_data = c.p;
		s->read_size = size;
		if (cur_skip(&c, size))
			return -EFAULT;
	}
	if (type & PERF_SAMPLE_CALLCHAIN) {
		uint64_t nr;

		s->callchain = (const struct ip_callchain *)c.p;
		if (cur_u64(&c, &nr) || nr > (uint64_t)(c.end - c.p) / 8 ||
		    cur_skip(&c, nr * 8))
			return -EFAULT;
	}
	if (type & PERF_SAMPLE_RAW) {
		uint32_t size;

		if ((size_t)(c.end - c.p) < 4)
			return -EFAULT;
		memcpy(&size, c.p, 4);
		s->raw_size = size;
		s->raw_data = c.p + 4;
		/* u32 size + data is padded to a u64 boundary by the kernel */
		if (cur_skip(&c, ((uint64_t)size + 4 + 7) & ~7ULL))
			return -EFAULT;
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		uint64_t nr;

		if (cur_u64(&c, &nr))
			return -EFAULT;
		if (attr->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX &&
		    cur_skip(&c, 8))
			return -EFAULT;
		if (nr > (uint64_t)(c.end - c.p) / sizeof(struct branch_stack_entry))
			return -EFAULT;
		s->branch_nr = nr;
		s->branch_stack = (const struct branch_stack_entry *)c.p;
		c.p += nr * sizeof(struct branch_stack_entry);
	}
	if ((type & PERF_SAMPLE_REGS_USER) &&
	    parse_regs(&c, attr->sample_regs_user, &s->user_regs.abi,
		       &s->user_regs.mask, &s->user_regs.regs))
		return -EFAULT;
	if (type & PERF_SAMPLE_STACK_USER) {
		uint64_t size;

		if (cur_u64(&c, &size))
			return -EFAULT;
		s->user_stack.size = size;
		s->user_stack.data = (const char *)c.p;
		if (size) {
			if (cur_skip(&c, size) || cur_u64(&c, &s->user_stack.dyn_size))
				return -EFAULT;
			if (s->user_stack.dyn_size > size)
				s->user_stack.dyn_size = size;
		}
	}
	if ((type & PERF_SAMPLE_WEIGHT_TYPE) && cur_u64(&c, &s->weight))
		return -EFAULT;
	if ((type & PERF_SAMPLE_DATA_SRC) && cur_u64(&c, &s->data_src))
		return -EFAULT;
	if ((type & PERF_SAMPLE_TRANSACTION) && cur_u64(&c, &s->transaction))
		return -EFAULT;
	if ((type & PERF_SAMPLE_REGS_INTR) &&
	    parse_regs(&c, attr->sample_regs_intr, &s->intr_regs.abi,
		       &s->intr_regs.mask, &s->intr_regs.regs))
		return -EFAULT;
	if ((type & PERF_SAMPLE_PHYS_ADDR) && cur_u64(&c, &s->phys_addr))
		return -EFAULT;
	if ((type & PERF_SAMPLE_CGROUP) && cur_u64(&c, &s->cgroup))
		return -EFAULT;
	if ((type & PERF_SAMPLE_DATA_PAGE_SIZE) && cur_u64(&c, &s->data_page_size))
		return -EFAULT;
	if ((type & PERF_SAMPLE_CODE_PAGE_SIZE) && cur_u64(&c, &s->code_page_size))
		return -EFAULT;
	if (type & PERF_SAMPLE_AUX) {
		uint64_t size;

		if (cur_u64(&c, &size) || cur_skip(&c, size))
			return -EFAULT;
	}
	return 0;
}

int event__id_pos(const struct perf_event_attr *attr)
{
	uint64_t type = attr->sample_type;
	int idx = 0;

	if (type & PERF_SAMPLE_IDENTIFIER)
		return 0;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	if (type & PERF_SAMPLE_IP)
		idx++;
	if (type & PERF_SAMPLE_TID)
		idx++;
	if (type & PERF_SAMPLE_TIME)
		idx++;
	if (type & PERF_SAMPLE_ADDR)
		idx++;
	return idx;
}

int event__is_pos(const struct perf_event_attr *attr)
{
	uint64_t type = attr->sample_type;
	int idx = 1;

	if (type & PERF_SAMPLE_IDENTIFIER)
		return 1;
	if (!(type & PERF_SAMPLE_ID))
		return -1;
	if (type & PERF_SAMPLE_CPU)
		idx++;
	if (type & PERF_SAMPLE_STREAM_ID)
		idx++;
	return idx;
}

/* A bounded writer. */
struct wcursor {
	unsigned char *p, *end;
	int err;
};

static void put_bytes(struct wcursor *w, const void *src, size_t n)
{
	if (w->err || (size_t)(w->end - w->p) < n) {
		w->err = -ENOSPC;
		return;
	}
	if (src)
		memcpy(w->p, src, n);
	else
		memset(w->p, 0, n);
	w->p += n;
}

static void put_u64(struct wcursor *w, uint64_t v)
{
	put_bytes(w, &v, 8);
}

static void put_u32x2(struct wcursor *w, uint32_t a, uint32_t b)
{
	put_bytes(w, &a, 4);
	put_bytes(w, &b, 4);
}

static void put_regs(struct wcursor *w, uint64_t attr_mask, uint64_t abi,
		     const uint64_t *regs)
{
	put_u64(w, abi);
	if (abi) {
		size_t n = __builtin_popcountll(attr_mask);

		put_bytes(w, regs, n * 8);
	}
}

size_t event__write_sample_id(void *buf, const struct perf_event_attr *attr,
			      const struct perf_sample *s)
{
	uint64_t type = attr->sample_type;
	size_t n = event__sample_id_size(attr);
	struct wcursor w = { buf, (unsigned char *)buf + n, 0 };

	if (!n)
		return 0;
	if (type & PERF_SAMPLE_TID)
		put_u32x2(&w, s->pid, s->tid);
	if (type & PERF_SAMPLE_TIME)
		put_u64(&w, s->time);
	if (type & PERF_SAMPLE_ID)
		put_u64(&w, s->id);
	if (type & PERF_SAMPLE_STREAM_ID)
		put_u64(&w, s->stream_id);
	if (type & PERF_SAMPLE_CPU)
		put_u32x2(&w, s->cpu, 0);
	if (type & PERF_SAMPLE_IDENTIFIER)
		put_u64(&w, s->id);
	return n;
}

int event__synthesize_sample(void *buf, size_t size,
			     const struct perf_event_attr *attr,
			     const struct perf_sample *s)
{
	uint64_t type = attr->sample_type;
	struct perf_event_header *h = buf;
	struct wcursor w = { buf, (unsigned char *)buf + size, 0 };
	size_t len;

	put_bytes(&w, NULL, sizeof(*h));
	if (type & PERF_SAMPLE_IDENTIFIER)
		put_u64(&w, s->id);
	if (type & PERF_SAMPLE_IP)
		put_u64(&w, s->ip);
	if (type & PERF_SAMPLE_TID)
		put_u32x2(&w, s->pid, s->tid);
	if (type & PERF_SAMPLE_TIME)
		put_u64(&w, s->time);
	if (type & PERF_SAMPLE_ADDR)
		put_u64(&w, s->addr);
	if (type & PERF_SAMPLE_ID)
		put_u64(&w, s->id);
	if (type & PERF_SAMPLE_STREAM_ID)
		put_u64(&w, s->stream_id);
	if (type & PERF_SAMPLE_CPU)
		put_u32x2(&w, s->cpu, 0);
	if (type & PERF_SAMPLE_PERIOD)
		put_u64(&w, s->period);
	if (type & PERF_SAMPLE_READ)
		put_bytes(&w, s->read_data, s->read_size);
	if (type & PERF_SAMPLE_CALLCHAIN) {
		uint64_t nr = s->callchain ? s->callchain->nr : 0;

		put_u64(&w, nr);
		if (nr)
			put_bytes(&w, s->callchain->ips, nr * 8);
	}
	if (type & PERF_SAMPLE_RAW) {
		uint32_t sz = s->raw_size;
		size_t total = ((size_t)sz + 4 + 7) & ~(size_t)7;

		put_bytes(&w, &sz, 4);
		put_bytes(&w, s->raw_data, sz);
		put_bytes(&w, NULL, total - 4 - sz);
	}
	if (type & PERF_SAMPLE_BRANCH_STACK) {
		put_u64(&w, s->branch_nr);
		if (attr->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
			put_u64(&w, (uint64_t)-1);
		put_bytes(&w, s->branch_stack,
			  s->branch_nr * sizeof(struct branch_stack_entry));
	}
	if (type & PERF_SAMPLE_REGS_USER)
		put_regs(&w, attr->sample_regs_user, s->user_regs.abi,
			 s->user_regs.regs);
	if (type & PERF_SAMPLE_STACK_USER) {
		put_u64(&w, s->user_stack.size);
		if (s->user_stack.size) {
			put_bytes(&w, s->user_stack.data, s->user_stack.size);
			put_u64(&w, s->user_stack.dyn_size);
		}
	}
	if (type & PERF_SAMPLE_WEIGHT_TYPE)
		put_u64(&w, s->weight);
	if (type & PERF_SAMPLE_DATA_SRC)
		put_u64(&w, s->data_src);
	if (type & PERF_SAMPLE_TRANSACTION)
		put_u64(&w, s->transaction);
	if (type & PERF_SAMPLE_REGS_INTR)
		put_regs(&w, attr->sample_regs_intr, s->intr_regs.abi,
			 s->intr_regs.regs);
	if (type & PERF_SAMPLE_PHYS_ADDR)
		put_u64(&w, s->phys_addr);
	if (type & PERF_SAMPLE_CGROUP)
		put_u64(&w, s->cgroup);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		put_u64(&w, s->data_page_size);
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		put_u64(&w, s->code_page_size);
	if (type & PERF_SAMPLE_AUX)
		put_u64(&w, 0);
	if (w.err)
		return w.err;
	len = w.p - (unsigned char *)buf;
	if (len > UINT16_MAX)
		return -E2BIG;
	h->type = PERF_RECORD_SAMPLE;
	h->misc = s->misc ? s->misc : s->cpumode;
	h->size = (uint16_t)len;
	return (int)len;
}

int event__cpu_map_decode(const void *data, size_t size, int *cpus, int max)
{
	const unsigned char *p = data;
	uint16_t type, nr, u16v;
	int n = 0;

	if (size < 2)
		return -EINVAL;
	memcpy(&type, p, 2);
	switch (type) {
	case PERF_CPU_MAP__CPUS:
		if (size < 4)
			return -EINVAL;
		memcpy(&nr, p + 2, 2);
		if ((size_t)nr * 2 + 4 > size)
			return -EINVAL;
		for (int i = 0; i < nr; i++) {
			memcpy(&u16v, p + 4 + 2 * i, 2);
			if (n < max)
				cpus[n] = u16v == 0xffff ? -1 : u16v;
			n++;
		}
		return n < max ? n : max;
	case PERF_CPU_MAP__MASK: {
		uint16_t long_size;

		/* u16 type, u16 nr, u16 long_size, then the masks: u32
		 * from offset 6, or u64 after 4 bytes of padding (10) */
		if (size < 6)
			return -EINVAL;
		memcpy(&nr, p + 2, 2);
		memcpy(&long_size, p + 4, 2);
		if (long_size == 4) {
			if (6 + (size_t)nr * 4 > size)
				return -EINVAL;
			for (int i = 0; i < nr; i++) {
				uint32_t m;

				memcpy(&m, p + 6 + 4 * i, 4);
				for (int b = 0; b < 32; b++)
					if (m & (1U << b) && n < max)
						cpus[n++] = i * 32 + b;
			}
		} else if (long_size == 8) {
			if (10 + (size_t)nr * 8 > size)
				return -EINVAL;
			for (int i = 0; i < nr; i++) {
				uint64_t m;

				memcpy(&m, p + 10 + 8 * i, 8);
				for (int b = 0; b < 64; b++)
					if (m & (1ULL << b) && n < max)
						cpus[n++] = i * 64 + b;
			}
		} else {
			return -EINVAL;
		}
		return n;
	}
	case PERF_CPU_MAP__RANGE_CPUS: {
		uint16_t start, end;
		uint8_t any;

		if (size < 8)
			return -EINVAL;
		any = p[2];
		memcpy(&start, p + 4, 2);
		memcpy(&end, p + 6, 2);
		if (any && n < max)
			cpus[n++] = -1;
		for (int c = start; c <= end && n < max; c++)
			cpus[n++] = c;
		return n;
	}
	default:
		return -EINVAL;
	}
}

/* ---- small record writers -------------------------------------------------- */

static int rec_begin(void *buf, size_t size, size_t len, uint32_t type)
{
	struct perf_event_header h;

	len = (len + 7) & ~(size_t)7;
	if (len > size || len > UINT16_MAX)
		return -ENOSPC;
	memset(buf, 0, len);
	h.type = type;
	h.misc = 0;
	h.size = len;
	memcpy(buf, &h, sizeof(h));
	return (int)len;
}

int event__synthesize_thread_map(void *buf, size_t size, const int *pids,
				 const char *const *comms, int nr)
{
	int len = rec_begin(buf, size, 16 + (size_t)nr * 24, PERF_RECORD_THREAD_MAP);
	char *p = buf;
	uint64_t n = nr;

	if (len < 0 || nr < 0)
		return len < 0 ? len : -EINVAL;
	memcpy(p + 8, &n, 8);
	for (int i = 0; i < nr; i++) {
		uint64_t pid = (uint64_t)(int64_t)pids[i];

		memcpy(p + 16 + 24 * i, &pid, 8);
		if (comms && comms[i])
			strncpy(p + 24 + 24 * i, comms[i], 15);
	}
	return len;
}

int event__synthesize_id_index(void *buf, size_t size,
			       const struct id_index_entry *e, uint64_t nr)
{
	int len;

	if (nr > (UINT16_MAX - 16) / sizeof(*e))
		return -EINVAL;
	len = rec_begin(buf, size, 16 + nr * sizeof(*e), PERF_RECORD_ID_INDEX);
	if (len < 0)
		return len;
	memcpy((char *)buf + 8, &nr, 8);
	memcpy((char *)buf + 16, e, nr * sizeof(*e));
	return len;
}

/* the CPUS encoding: u16 type, u16 nr, u16 cpu[] (0xffff for -1) */
static size_t cpu_map_payload(char *p, const int *cpus, int nr)
{
	uint16_t v = PERF_CPU_MAP__CPUS;

	if (p) {
		memcpy(p, &v, 2);
		v = nr;
		memcpy(p + 2, &v, 2);
		for (int i = 0; i < nr; i++) {
			v = cpus[i] < 0 ? 0xffff : (uint16_t)cpus[i];
			memcpy(p + 4 + 2 * i, &v, 2);
		}
	}
	return 4 + 2 * (size_t)nr;
}

int event__synthesize_cpu_map(void *buf, size_t size, const int *cpus, int nr)
{
	int len;

	if (nr < 0 || nr > 65535)
		return -EINVAL;
	len = rec_begin(buf, size, 8 + cpu_map_payload(NULL, cpus, nr), PERF_RECORD_CPU_MAP);
	if (len < 0)
		return len;
	cpu_map_payload((char *)buf + 8, cpus, nr);
	return len;
}

int event__synthesize_stat_config(void *buf, size_t size, uint64_t aggr_mode,
				  uint64_t interval, bool scale)
{
	struct perf_record_stat_config_entry e[3] = {
		{ PERF_STAT_CONFIG_TERM__AGGR_MODE, aggr_mode },
		{ PERF_STAT_CONFIG_TERM__INTERVAL, interval },
		{ PERF_STAT_CONFIG_TERM__SCALE, scale },
	};
	int len = rec_begin(buf, size, 16 + sizeof(e), PERF_RECORD_STAT_CONFIG);
	uint64_t n = 3;

	if (len < 0)
		return len;
	memcpy((char *)buf + 8, &n, 8);
	memcpy((char *)buf + 16, e, sizeof(e));
	return len;
}

int event__synthesize_stat(void *buf, size_t size, uint64_t id, uint32_t cpu,
			   uint32_t thread, uint64_t val, uint64_t ena,
			   uint64_t run)
{
	struct perf_record_stat st;
	int len = rec_begin(buf, size, sizeof(st), PERF_RECORD_STAT);

	if (len < 0)
		return len;
	memcpy(&st, buf, sizeof(st.header));
	st.id = id;
	st.cpu = cpu;
	st.thread = thread;
	st.val = val;
	st.ena = ena;
	st.run = run;
	memcpy(buf, &st, sizeof(st));
	return len;
}

int event__synthesize_stat_round(void *buf, size_t size, uint64_t type,
				 uint64_t time)
{
	struct perf_record_stat_round r;
	int len = rec_begin(buf, size, sizeof(r), PERF_RECORD_STAT_ROUND);

	if (len < 0)
		return len;
	memcpy(&r, buf, sizeof(r.header));
	r.type = type;
	r.time = time;
	memcpy(buf, &r, sizeof(r));
	return len;
}

static int event_update(void *buf, size_t size, uint64_t type, uint64_t id,
			size_t payload)
{
	/* perf sizes the record as its whole struct (24 bytes and a 16-byte
	 * union) and the payload, which starts in the union: 16 zero bytes
	 * more than the payload needs, as perf writes it */
	int len = rec_begin(buf, size, 40 + payload, PERF_RECORD_EVENT_UPDATE);

	if (len < 0)
		return len;
	memcpy((char *)buf + 8, &type, 8);
	memcpy((char *)buf + 16, &id, 8);
	return len;
}

int event__synthesize_event_update_str(void *buf, size_t size, uint64_t type,
				       uint64_t id, const char *str)
{
	size_t n = strlen(str ? str : "") + 1;
	int len;

	if (type != PERF_EVENT_UPDATE__NAME && type != PERF_EVENT_UPDATE__UNIT)
		return -EINVAL;
	len = event_update(buf, size, type, id, n);
	if (len < 0)
		return len;
	memcpy((char *)buf + 24, str ? str : "", n);
	return len;
}

int event__synthesize_event_update_scale(void *buf, size_t size, uint64_t id,
					 double scale)
{
	int len = event_update(buf, size, PERF_EVENT_UPDATE__SCALE, id, 8);

	if (len < 0)
		return len;
	memcpy((char *)buf + 24, &scale, 8);
	return len;
}

int event__synthesize_event_update_cpus(void *buf, size_t size, uint64_t id,
					const int *cpus, int nr)
{
	int len;

	if (nr < 0 || nr > 65535)
		return -EINVAL;
	len = event_update(buf, size, PERF_EVENT_UPDATE__CPUS, id,
			   cpu_map_payload(NULL, cpus, nr));
	if (len < 0)
		return len;
	cpu_map_payload((char *)buf + 24, cpus, nr);
	return len;
}
