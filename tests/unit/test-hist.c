// SPDX-License-Identifier: GPL-2.0
/* A synthetic machine (COMM + MMAP2 records, a dso with known symbols)
 * and samples with callchains -> hist entries, sort order, children
 * periods and perf's callchain graph text. */
#include "unit.h"
#include <math.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/callchain.h"
#include "util/dso.h"
#include "util/hist.h"
#include "util/machine.h"
#include "util/map.h"
#include "util/sort.h"
#include "util/symbol.h"
#include "util/thread.h"
#include "machine-records.h"

struct fixture {
	struct machine *m;
	struct callchain_cursor cursor;
};

static int setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	struct dso *d;

	f->m = machine__new(NULL);
	/* /bin/prog: main 0x1000, a 0x1100, b 0x1200, leaf 0x1300 */
	d = machine__findnew_dso(f->m, "/bin/prog");
	d->loaded = true;
	symbols__add(&d->syms, symbol__new(0x1000, 0x100, 1, "main"));
	symbols__add(&d->syms, symbol__new(0x1100, 0x100, 1, "a"));
	symbols__add(&d->syms, symbol__new(0x1200, 0x100, 1, "b"));
	symbols__add(&d->syms, symbol__new(0x1300, 0x100, 1, "leaf"));
	symbols__fixup(&d->syms);
	rec_comm(f->m, 100, 100, "prog");
	rec_comm(f->m, 200, 200, "other");
	rec_mmap2(f->m, 100, 0x400000, 0x10000, 0, 0, "/bin/prog");
	rec_mmap2(f->m, 200, 0x500000, 0x10000, 0, 0, "/bin/prog");
	*state = f;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *f = *state;

	callchain_cursor__exit(&f->cursor);
	machine__delete(f->m);
	free(f);
	return 0;
}

/* one sample of @pid: ips callee first, all in /bin/prog at @base */
static void sample(struct fixture *f, struct hists *h, uint32_t pid, uint64_t base,
		   const uint64_t *offs, int n, uint64_t period)
{
	uint64_t buf[16];
	struct ip_callchain *cc = (struct ip_callchain *)buf;
	struct perf_sample s;
	struct addr_location al;
	struct hist_entry t;
	int i;

	cc->nr = (uint64_t)n + 1;
	cc->ips[0] = PERF_CONTEXT_USER;
	for (i = 0; i < n; i++)
		cc->ips[i + 1] = base + offs[i];
	memset(&s, 0, sizeof(s));
	s.pid = s.tid = pid;
	s.ip = base + offs[0];
	s.period = period;
	s.cpumode = PERF_RECORD_MISC_USER;
	s.callchain = cc;
	assert_int_equal(machine__resolve(f->m, &s, &al), 0);
	assert_int_equal(machine__resolve_callchain(f->m, al.thread, &s, &f->cursor, 127), 0);
	memset(&t, 0, sizeof(t));
	t.thread = al.thread;
	t.comm = al.comm;
	t.dso = al.dso;
	t.sym = al.sym;
	t.addr = al.addr;
	t.level = al.level;
	assert_int_equal(hists__add_sample(h, &t, &f->cursor, period, PERF_RECORD_MISC_USER, false), 0);
}

static const struct sort_key *default_keys[3];

static void keys_init(void)
{
	default_keys[0] = sort_key__find("comm");
	default_keys[1] = sort_key__find("dso");
	default_keys[2] = sort_key__find("symbol");	/* alias */
}

static void test_self(void **state)
{
	struct fixture *f = *state;
	struct hists h;
	struct hists_opts o = { 0 };
	const uint64_t s1[] = { 0x1310, 0x1210, 0x1010 };	/* leaf <- b <- main */
	const uint64_t s2[] = { 0x1110, 0x1010 };		/* a <- main */
	int i;

	keys_init();
	assert_int_equal(hists__init(&h, default_keys, 3, &o), 0);
	for (i = 0; i < 3; i++)
		sample(f, &h, 100, 0x400000, s1, 3, 10);
	sample(f, &h, 100, 0x400000, s2, 2, 10);
	sample(f, &h, 200, 0x500000, s2, 2, 5);
	hists__output_resort(&h);
	assert_int_equal(h.total_period, 45);
	assert_int_equal(h.nr_sorted, 3);
	assert_string_equal(h.sorted[0]->sym->name, "leaf");
	assert_int_equal(h.sorted[0]->period, 30);
	assert_int_equal(h.sorted[0]->nr_events, 3);
	assert_string_equal(h.sorted[1]->comm, "prog");
	assert_string_equal(h.sorted[1]->sym->name, "a");
	assert_string_equal(h.sorted[2]->comm, "other");
	hists__exit(&h);
}

static void test_sort_keys(void **state)
{
	struct fixture *f = *state;
	const struct sort_key *keys[1] = { sort_key__find("sym") };
	const struct sort_key *ckeys[1] = { sort_key__find("comm") };
	struct hists h;
	struct hists_opts o = { 0 };
	const uint64_t s2[] = { 0x1110, 0x1010 };
	const uint64_t s3[] = { 0x1210, 0x1010 };

	assert_null(sort_key__find("nosuchkey"));
	/* -s sym: both processes' "a" merge (same dso name, same address) */
	assert_int_equal(hists__init(&h, keys, 1, &o), 0);
	sample(f, &h, 100, 0x400000, s2, 2, 10);
	sample(f, &h, 200, 0x500000, s2, 2, 10);
	sample(f, &h, 200, 0x500000, s3, 2, 30);
	hists__output_resort(&h);
	assert_int_equal(h.nr_sorted, 2);
	assert_string_equal(h.sorted[0]->sym->name, "b");
	assert_int_equal(h.sorted[1]->period, 20);
	hists__exit(&h);
	/* -s comm; equal periods order by name ascending */
	assert_int_equal(hists__init(&h, ckeys, 1, &o), 0);
	sample(f, &h, 200, 0x500000, s2, 2, 10);
	sample(f, &h, 100, 0x400000, s2, 2, 10);
	hists__output_resort(&h);
	assert_int_equal(h.nr_sorted, 2);
	assert_string_equal(h.sorted[0]->comm, "other");
	assert_string_equal(h.sorted[1]->comm, "prog");
	hists__exit(&h);
}

static char *print_chain(struct hists *h, struct hist_entry *he, bool children)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *fp = open_memstream(&buf, &size);

	callchain__fprintf(fp, he->callchain, &h->opts.cc, h->total_period, 0,
			   children ? he->period_acc : he->period, false);
	fclose(fp);
	return buf;
}

static void test_children_graph(void **state)
{
	struct fixture *f = *state;
	struct hists h;
	struct hists_opts o = {
		.children = true, .callchain = true,
		.cc = { .mode = CHAIN_GRAPH_ABS, .order = ORDER_CALLER, .min_percent = 0.5 },
	};
	const uint64_t s1[] = { 0x1310, 0x1210, 0x1010 };	/* leaf <- b <- main */
	const uint64_t s2[] = { 0x1110, 0x1010 };		/* a <- main */
	char *txt;
	int i;

	keys_init();
	assert_int_equal(hists__init(&h, default_keys, 3, &o), 0);
	for (i = 0; i < 3; i++)
		sample(f, &h, 100, 0x400000, s1, 3, 10);
	sample(f, &h, 100, 0x400000, s2, 2, 10);
	hists__output_resort(&h);
	/* main 100% children, 0 self, first; then b and leaf at 75% (b the
	 * caller first), then a */
	assert_int_equal(h.nr_sorted, 4);
	assert_string_equal(h.sorted[0]->sym->name, "main");
	assert_int_equal(h.sorted[0]->period_acc, 40);
	assert_int_equal(h.sorted[0]->period, 0);
	assert_string_equal(h.sorted[1]->sym->name, "leaf");	/* self 30 */
	assert_string_equal(h.sorted[2]->sym->name, "b");
	assert_int_equal(h.sorted[2]->period_acc, 30);
	assert_string_equal(h.sorted[3]->sym->name, "a");

	txt = print_chain(&h, h.sorted[0], true);
	assert_string_equal(txt,
		"            |\n"
		"            ---main\n"
		"               |          \n"
		"               |--75.00%--b\n"
		"               |          leaf\n"
		"               |          \n"
		"                --25.00%--a\n"
		"\n");
	free(txt);
	txt = print_chain(&h, h.sorted[1], true);
	assert_string_equal(txt,
		"            |\n"
		"            ---main\n"
		"               b\n"
		"               leaf\n"
		"\n");
	free(txt);
	hists__exit(&h);
}

static void test_callee_flat_folded(void **state)
{
	struct fixture *f = *state;
	struct hists h;
	struct hists_opts o = {
		.callchain = true,
		.cc = { .mode = CHAIN_GRAPH_ABS, .order = ORDER_CALLEE, .min_percent = 0.5 },
	};
	const uint64_t s1[] = { 0x1310, 0x1210, 0x1010 };
	const uint64_t s4[] = { 0x1310, 0x1110, 0x1010 };
	char *txt;

	keys_init();
	assert_int_equal(hists__init(&h, default_keys, 3, &o), 0);
	sample(f, &h, 100, 0x400000, s1, 3, 30);
	sample(f, &h, 100, 0x400000, s4, 3, 10);
	hists__output_resort(&h);
	assert_int_equal(h.nr_sorted, 1);
	txt = print_chain(&h, h.sorted[0], false);
	assert_string_equal(txt,
		"            |\n"
		"            ---leaf\n"
		"               |          \n"
		"               |--75.00%--b\n"
		"               |          main\n"
		"               |          \n"
		"                --25.00%--a\n"
		"                          main\n"
		"\n");
	free(txt);
	h.opts.cc.mode = CHAIN_FOLDED;
	txt = print_chain(&h, h.sorted[0], false);
	assert_string_equal(txt, "75.00% leaf;b;main\n25.00% leaf;a;main\n");
	free(txt);
	h.opts.cc.mode = CHAIN_GRAPH_REL;
	h.total_period = 80;	/* fractal: relative to the parent, not the total */
	txt = print_chain(&h, h.sorted[0], false);
	assert_non_null(strstr(txt, "--75.00%--b"));
	free(txt);
	hists__exit(&h);
}

/* flat/folded chains of equal weight come in perf's children-tree order
 * (descending dso creation order, then descending address), not in the
 * order the samples arrived */
static void test_flat_tie_order(void **state)
{
	struct callchain_param p = { .mode = CHAIN_FOLDED, .min_percent = 0.5 };
	struct dso *a = dso__new("/a"), *b = dso__new("/b");
	struct callchain_cursor_node f[3];
	struct callchain_root root;
	char *buf = NULL;
	size_t size = 0;
	FILE *fp;

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	a->order = 1;
	b->order = 2;
	memset(f, 0, sizeof(f));
	callchain_root__init(&root);
	f[0].ip = 0x10;
	f[0].dso = a;
	f[1].ip = 0x20;			/* caller in a, arrives first */
	f[1].dso = a;
	assert_int_equal(callchain_root__append(&root, f, 2, 5), 0);
	f[1].ip = 0x30;			/* caller in b, arrives second */
	f[1].dso = b;
	assert_int_equal(callchain_root__append(&root, f, 2, 5), 0);
	f[1].ip = 0x40;			/* in b too, higher address, third */
	assert_int_equal(callchain_root__append(&root, f, 2, 5), 0);
	fp = open_memstream(&buf, &size);
	assert_non_null(fp);
	callchain__fprintf(fp, &root, &p, 15, 0, 15, false);
	fclose(fp);
	assert_string_equal(buf,
		"33.33% 0x10;0x40\n"
		"33.33% 0x10;0x30\n"
		"33.33% 0x10;0x20\n");
	free(buf);
	callchain_root__exit(&root);
	dso__delete(a);
	dso__delete(b);
}

static void assert_same_tree(const struct callchain_node *a, const struct callchain_node *b)
{
	assert_int_equal(a->nr_children, b->nr_children);
	assert_int_equal(a->hit, b->hit);
	assert_int_equal(a->cumul, b->cumul);
	assert_int_equal(a->count, b->count);
	assert_int_equal(a->cumul_count, b->cumul_count);
	assert_int_equal(a->key.ip, b->key.ip);
	assert_ptr_equal(a->key.sym, b->key.sym);
	assert_ptr_equal(a->key.dso, b->key.dso);
	for (uint32_t i = 0; i < a->nr_children; i++)
		assert_same_tree(a->children[i], b->children[i]);
}

/* A chain appended again right after itself takes the nodes of the last
 * one without look-ups (callchain_root.last): on random chains, repeated
 * in a row or not, of symbols (one inlined), and of addresses in the same
 * objects (perf's walk, where that shortcut is not taken), the tree is the
 * one appending each chain by look-ups builds */
static void test_callchain_repeat_shortcut(void **state)
{
	struct dso d[2];
	struct symbol *syms[4];
	struct callchain_cursor_node pool[12], ch[6];
	struct callchain_root fast, slow;
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	unsigned shortcuts = 0;

	(void)state;
	memset(d, 0, sizeof(d));
	d[0].order = 1;
	d[1].order = 2;
	for (unsigned i = 0; i < 4; i++) {
		syms[i] = symbol__new(0x1000 * (i + 1), 0x100, 1, "f");
		assert_non_null(syms[i]);
	}
	syms[3]->inlined = true;
	memset(pool, 0, sizeof(pool));
	for (unsigned i = 0; i < 12; i++) {
		pool[i].dso = &d[i < 8 ? i % 2 : 0];
		pool[i].level = '.';
		pool[i].ip = 0x1000 * (i % 5 + 1) + 0x10 * i;
		/* frame 7 inlined, 8-11 without a symbol: a walk where they
		 * meet others */
		pool[i].sym = i < 7 ? syms[i % 3] : i == 7 ? syms[3] : NULL;
	}
	callchain_root__init(&fast);
	callchain_root__init(&slow);
	for (unsigned n = 0, nr = 1; n < 3000; n++) {
		uint64_t period;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		period = 1 + (x >> 50) % 7;
		if (n == 0 || (x & 1)) {
			/* a new chain, of symbols only, or with an inlined
			 * one and addresses */
			uint32_t kinds = (x >> 40) & 3 ? 7 : 12;

			nr = 1 + (x >> 1) % 6;
			/* (the first two levels stay hashed: a node walked
			 * once is walked for good) */
			for (uint32_t i = 0; i < nr; i++)
				ch[i] = pool[(x >> (4 + 4 * i)) % (i < 2 ? 7 : kinds)];
		} else {
			/* the same chain once more */
			shortcuts += fast.last != NULL;
		}
		assert_int_equal(callchain_root__append(&fast, ch, nr, period), 0);
		slow.last = NULL;
		assert_int_equal(callchain_root__append(&slow, ch, nr, period), 0);
	}
	assert_true(shortcuts > 300);
	assert_same_tree(&fast.node, &slow.node);
	callchain_root__exit(&fast);
	callchain_root__exit(&slow);
	for (unsigned i = 0; i < 4; i++)
		free(syms[i]);
}

/* fractal's threshold is a share of the hits below the parent rounded up,
 * as perf's: 5% of 54 hits is 3, so a child of 2 hits goes into [...] */
static void test_fractal_threshold_ceil(void **state)
{
	struct callchain_param p = { .mode = CHAIN_GRAPH_REL, .order = ORDER_CALLEE,
				     .min_percent = 5 };
	struct dso *a = dso__new("/a");
	struct callchain_cursor_node f[2];
	struct callchain_root root;
	char *buf = NULL;
	size_t size = 0;
	FILE *fp;

	(void)state;
	assert_non_null(a);
	memset(f, 0, sizeof(f));
	callchain_root__init(&root);
	f[0].ip = 0x10;
	f[0].dso = a;
	f[1].dso = a;
	f[1].ip = 0x20;
	assert_int_equal(callchain_root__append(&root, f, 2, 51), 0);
	f[1].ip = 0x30;
	assert_int_equal(callchain_root__append(&root, f, 2, 2), 0);
	f[1].ip = 0x40;
	assert_int_equal(callchain_root__append(&root, f, 2, 1), 0);
	fp = open_memstream(&buf, &size);
	assert_non_null(fp);
	callchain__fprintf(fp, &root, &p, 54, 0, 54, false);
	fclose(fp);
	assert_non_null(strstr(buf, "--94.44%--0x20"));
	assert_non_null(strstr(buf, "--5.56%--[...]"));
	assert_null(strstr(buf, "0x30"));
	free(buf);
	callchain_root__exit(&root);
	dso__delete(a);
}

/* perf's frame comparison is no total order when one object has frames
 * with and without a symbol: its tree walk can miss the equal child, and
 * the same symbol becomes two siblings. Merging (perf's collapse) appends
 * the paths of one tree to another. */
static void test_callchain_walk_split(void **state)
{
	struct dso d;
	struct symbol *s = symbol__new(0x1000, 0x100, 1, "func");
	struct callchain_cursor_node x = { .ip = 0x7000 }, s1, s2;
	struct callchain_root root, dst;
	struct callchain_node *v[3];

	(void)state;
	memset(&d, 0, sizeof(d));
	d.order = 1;
	assert_non_null(s);
	x.dso = &d;
	s1 = x;
	s1.ip = 0x5000;		/* func in one process */
	s1.sym = s;
	s2 = s1;
	s2.ip = 0x9000;		/* func in another: other raw address */
	callchain_root__init(&root);
	assert_int_equal(callchain_root__append(&root, &x, 1, 10), 0);
	/* 0x7000 (no symbol) vs func at 0x5000: by address, right of it */
	assert_int_equal(callchain_root__append(&root, &s1, 1, 20), 0);
	/* at 0x9000 the walk turns left of 0x7000 and never meets func */
	assert_int_equal(callchain_root__append(&root, &s2, 1, 30), 0);
	assert_int_equal(root.node.nr_children, 3);
	/* once more: now it meets the second func */
	assert_int_equal(callchain_root__append(&root, &s2, 1, 5), 0);
	assert_int_equal(root.node.nr_children, 3);
	/* tree order (ties of equal weight): in-order of the walk's tree,
	 * larger keys left */
	callchain_node__tree_order(&root.node, v);
	assert_int_equal(v[0]->key.ip, 0x9000);
	assert_int_equal(v[0]->cumul, 35);
	assert_int_equal(v[1]->key.ip, 0x7000);
	assert_int_equal(v[2]->key.ip, 0x5000);

	/* merge into an empty tree: paths appended in tree order, where the
	 * first func now finds the second */
	callchain_root__init(&dst);
	assert_int_equal(callchain_root__merge(&dst, &root), 0);
	assert_int_equal(dst.node.cumul, 65);
	assert_int_equal(dst.node.nr_children, 2);
	callchain_node__tree_order(&dst.node, v);
	assert_int_equal(v[0]->key.ip, 0x9000);
	assert_int_equal(v[0]->cumul, 55);
	assert_int_equal(v[1]->key.ip, 0x7000);
	callchain_root__exit(&dst);
	callchain_root__exit(&root);
	free(s);
}

static void test_callchain_param(void **state)
{
	struct callchain_param p = { .mode = CHAIN_GRAPH_ABS, .min_percent = 0.5 };

	assert_int_equal(callchain_param__parse(&p, "fractal,2,caller"), 0);
	assert_int_equal(p.mode, CHAIN_GRAPH_REL);
	assert_true(p.min_percent == 2.0);
	assert_int_equal(p.order, ORDER_CALLER);
	assert_int_equal(callchain_param__parse(&p, "folded"), 0);
	assert_int_equal(p.mode, CHAIN_FOLDED);
	assert_int_equal(callchain_param__parse(&p, "bogus"), -EINVAL);
	/* the key: function (the default), address, srcline, anywhere */
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,callee,function"), 0);
	assert_int_equal(p.key, KEY_FUNCTION);
	assert_int_equal(callchain_param__parse(&p, "address"), 0);
	assert_int_equal(p.key, KEY_ADDRESS);
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,callee,srcline"), 0);
	assert_int_equal(p.key, KEY_SRCLINE);
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,2,callee,addr"), 0);
	assert_int_equal(p.key, KEY_ADDRESS);
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,fu"), 0);
	assert_int_equal(p.key, KEY_FUNCTION);
	/* a one-letter prefix too, as perf reads it */
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,a"), 0);
	assert_int_equal(p.key, KEY_ADDRESS);
	assert_int_equal(callchain_param__parse(&p, "s"), 0);
	assert_int_equal(p.key, KEY_SRCLINE);
	assert_int_equal(callchain_param__parse(&p, "f,0.5,fu"), 0);
	assert_int_equal(p.key, KEY_FUNCTION);
	assert_int_equal(p.mode, CHAIN_FLAT);
	/* the first number anywhere is the threshold, later ones the
	 * limit; what follows the digits is left; record's modes refused */
	p.print_limit = 0;
	assert_int_equal(callchain_param__parse(&p, "7,graph,caller,3x,0x10"), 0);
	assert_true(p.min_percent == 7.0);
	assert_int_equal(p.print_limit, 16);
	assert_int_equal(callchain_param__parse(&p, "graph,0.5x"), 0);
	assert_true(p.min_percent == 0.5);
	assert_int_equal(callchain_param__parse(&p, "graph,fp"), -EINVAL);
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,x"), -EINVAL);
	/* a negative threshold shows no chain, inf every one (perf's
	 * conversions on x86-64) */
	assert_true(callchain__min_hit(1000, -1, false) > 1000);
	assert_int_equal(callchain__min_hit(1000, 0.5, false), 5);
	assert_int_equal(callchain__min_hit(1001, 0.5, true), 6);
	assert_int_equal(callchain__min_hit(1000, INFINITY, false), 0);
	/* the value: percent (the default), period, count, anywhere */
	assert_int_equal(p.value, VALUE_PERCENT);
	assert_int_equal(callchain_param__parse(&p, "count"), 0);
	assert_int_equal(p.value, VALUE_COUNT);
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,period"), 0);
	assert_int_equal(p.value, VALUE_PERIOD);
	assert_int_equal(callchain_param__parse(&p, "fractal,1,caller,function,co"), 0);
	assert_int_equal(p.value, VALUE_COUNT);
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,percent"), 0);
	assert_int_equal(p.value, VALUE_PERCENT);
	/* "branch" anywhere (as perf), also after the threshold */
	p.branch = false;
	assert_int_equal(callchain_param__parse(&p, "graph,0.5,callee,function,branch"), 0);
	assert_true(p.branch);
	assert_int_equal(p.order, ORDER_CALLEE);
	p.branch = false;
	assert_int_equal(callchain_param__parse(&p, "fractal,5,branch"), 0);
	assert_true(p.branch && p.min_percent == 5.0);
	p.branch = false;
	assert_int_equal(callchain_param__parse(&p, "folded"), 0);
	assert_false(p.branch);
	/* whether the argument named a mode (after -g none, perf wants one) */
	assert_true(p.mode_set);
	assert_int_equal(callchain_param__parse(&p, "none"), 0);
	assert_true(p.mode_set);
	assert_int_equal(callchain_param__parse(&p, "caller,5"), 0);
	assert_false(p.mode_set);
	assert_int_equal(p.mode, CHAIN_NONE);
}

/* -g address: frames of one function at two addresses are two children;
 * -g srcline: one child per line, frames without one by function, which
 * compare greater than those with one (first in the tree order) */
static void test_callchain_keys(void **state)
{
	struct dso d;
	struct symbol *s = symbol__new(0x1000, 0x100, 1, "func");
	struct callchain_cursor_node a = { .ip = 0x1010 }, b, c;
	struct callchain_root root;
	struct callchain_node *v[3];
	char buf[64];

	(void)state;
	memset(&d, 0, sizeof(d));
	d.order = 1;
	assert_non_null(s);
	a.dso = &d;
	a.sym = s;
	a.key = KEY_ADDRESS;
	a.srcline = "f.c:3";
	b = a;
	b.ip = 0x1020;
	callchain_root__init(&root);
	assert_int_equal(callchain_root__append(&root, &a, 1, 1), 0);
	assert_int_equal(callchain_root__append(&root, &b, 1, 1), 0);
	assert_int_equal(root.node.nr_children, 2);
	assert_string_equal(callchain_frame__name(&root.node.children[0]->key, buf, sizeof(buf)),
			    "func f.c:3");
	callchain_root__exit(&root);

	/* by line: the same line merges, another line is another child,
	 * frames without a line merge by function */
	a.key = b.key = KEY_SRCLINE;
	c = b;
	c.ip = 0x1030;
	c.srcline = "f.c:4";
	callchain_root__init(&root);
	assert_int_equal(callchain_root__append(&root, &a, 1, 1), 0);
	assert_int_equal(callchain_root__append(&root, &b, 1, 1), 0);
	assert_int_equal(root.node.nr_children, 1);
	assert_int_equal(callchain_root__append(&root, &c, 1, 1), 0);
	c.srcline = NULL;
	c.ip = 0x1040;
	assert_int_equal(callchain_root__append(&root, &c, 1, 1), 0);
	c.ip = 0x1050;		/* by function now: the same child */
	assert_int_equal(callchain_root__append(&root, &c, 1, 1), 0);
	assert_int_equal(root.node.nr_children, 3);
	callchain_node__tree_order(&root.node, v);
	assert_null(v[0]->key.srcline);
	assert_int_equal(v[0]->cumul, 2);
	assert_string_equal(v[1]->key.srcline, "f.c:4");
	assert_string_equal(v[2]->key.srcline, "f.c:3");
	assert_string_equal(callchain_frame__name(&v[0]->key, buf, sizeof(buf)), "func");
	callchain_root__exit(&root);
	free(s);
}

/* a sample-only key (weight): perf's duplicate check of children entries
 * compares a template without the weight, so each frame of a sample of
 * weight > 0 adds to its entry again; a weight-0 sample's frames match the
 * entry and add once */
static void test_children_weight(void **state)
{
	const struct sort_key *keys[] = { sort_key__find("weight") };
	struct hists_opts o = { .children = true };
	struct callchain_cursor_node f[2];
	struct callchain_cursor c = { .nodes = f, .nr = 2, .alloc = 2 };
	struct hist_entry t = { 0 }, *heavy, *light;
	struct hists h;

	(void)state;
	memset(f, 0, sizeof(f));
	f[0].ip = 0x10;
	f[1].ip = 0x20;
	assert_int_equal(hists__init(&h, keys, 1, &o), 0);
	assert_true(h.dup_by_tmp);
	t.weight = 30;
	assert_int_equal(hists__add_sample(&h, &t, &c, 100, PERF_RECORD_MISC_USER, false), 0);
	t.weight = 0;
	assert_int_equal(hists__add_sample(&h, &t, &c, 100, PERF_RECORD_MISC_USER, false), 0);
	assert_int_equal(h.nr_entries, 2);
	t.weight = 30;
	heavy = hists__findnew(&h, &t);
	t.weight = 0;
	light = hists__findnew(&h, &t);
	assert_int_equal(heavy->period, 100);
	assert_int_equal(heavy->period_acc, 300);	/* self + 2 frames */
	assert_int_equal(light->period_acc, 100);
	hists__exit(&h);
}

/* keys comm,cpu (a total order): entries of equal overhead come out by
 * comm then cpu, the collapse order standing in for the comparisons */
static int name_cpu_cmp(const void *pa, const void *pb)
{
	const struct hist_entry *a = *(struct hist_entry * const *)pa;
	const struct hist_entry *b = *(struct hist_entry * const *)pb;
	int r;

	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	r = strcmp(a->comm, b->comm);
	return r ? r : (a->cpu > b->cpu) - (a->cpu < b->cpu);
}

static void test_ties_by_collapse_order(void **state)
{
	const struct sort_key *keys[] = { sort_key__find("comm"), sort_key__find("cpu") };
	struct hists_opts o = { 0 };
	struct callchain_cursor c = { 0 };
	static char names[64][16];
	struct hist_entry t = { 0 }, **want;
	struct hists h;
	uint64_t n;

	(void)state;
	srand(7);
	for (int i = 0; i < 64; i++)
		snprintf(names[i], sizeof(names[i]), "c%03d", rand() % 500);
	assert_int_equal(hists__init(&h, keys, 2, &o), 0);
	for (int i = 0; i < 3000; i++) {
		t.comm = names[rand() % 64];
		t.cpu = rand() % 4;
		assert_int_equal(hists__add_sample(&h, &t, &c, 1 + rand() % 3,
						   PERF_RECORD_MISC_USER, false), 0);
	}
	hists__output_resort(&h);
	n = h.nr_sorted;
	assert_true(n > 100);
	want = malloc(n * sizeof(*want));
	assert_non_null(want);
	memcpy(want, h.sorted, n * sizeof(*want));
	qsort(want, n, sizeof(*want), name_cpu_cmp);
	for (uint64_t i = 0; i < n; i++)
		assert_ptr_equal(want[i], h.sorted[i]);
	free(want);
	hists__exit(&h);
}

/* keys comm,dso,sym: perf compares an inlined frame's symbol with any
 * other by name and two others by address, no total order even with the
 * dso key. Its input tree walk can then miss an inlined entry (rotations
 * put a node it was never compared with on its path) and make a second
 * one; the collapse merges them, keeping the callchain depth of the one
 * merged into (children ties go by that depth) */
static void test_inlined_walk_split(void **state)
{
	struct fixture *f = *state;
	struct dso *d = machine__findnew_dso(f->m, "/bin/prog");
	/* insertion order; inlined ones have their base function's range */
	static const struct { const char *name; uint64_t start; bool inl; } in[] = {
		{ "v", 0x100, false }, { "x", 0x1300, true }, { "m", 0x1300, false },
		{ "l", 0x900, true }, { "h", 0x900, false }, { "q", 0x900, true },
		{ "n", 0x1000, false }, { "p", 0x600, false },
	};
	struct symbol *syms[8];
	struct hist_entry t, *he[8], *l2, *l;
	struct hists_opts o = { .children = true, .callchain = true };
	struct hists h;
	uint64_t i;

	(void)state;
	keys_init();
	assert_int_equal(hists__init(&h, default_keys, 3, &o), 0);
	assert_true(h.tree_inl);
	for (i = 0; i < 8; i++) {
		syms[i] = symbol__new(in[i].start, 0x80, 1, in[i].name);
		syms[i]->inlined = in[i].inl;
		memset(&t, 0, sizeof(t));
		t.comm = "prog";
		t.dso = d;
		t.sym = syms[i];
		t.level = '.';
		he[i] = hists__findnew(&h, &t);
		assert_non_null(he[i]);
		he[i]->period_acc = 10;
		he[i]->depth = 4;
	}
	assert_int_equal(h.nr_entries, 8);
	/* "l" again: the first "l" went right of "m" (by name); rotations
	 * made "h" the root with that "l" on its right, but "l" compared
	 * with "h" by name goes left: a second entry */
	t.sym = syms[3];
	l2 = hists__findnew(&h, &t);
	assert_int_equal(h.nr_entries, 9);
	assert_ptr_not_equal(l2, he[3]);
	he[3]->depth = 2;
	l2->depth = 7;
	l2->period_acc = 10;
	/* equal weight to the merged "l", deeper than the first one */
	he[7]->period_acc = 20;
	he[7]->depth = 3;
	hists__output_resort(&h);
	assert_int_equal(h.nr_sorted, 8);
	l = NULL;
	for (i = 0; i < h.nr_sorted; i++)
		if (h.sorted[i]->sym == syms[3])
			l = h.sorted[i];
	assert_non_null(l);
	assert_int_equal(l->period_acc, 20);
	/* the survivor's depth, not the longer one */
	assert_int_equal(l->depth, l == he[3] ? 2 : 7);
	/* callee order: the smaller depth (the caller) first */
	assert_ptr_equal(h.sorted[0], l->depth < 3 ? l : he[7]);
	assert_ptr_equal(h.sorted[1], l->depth < 3 ? he[7] : l);
	hists__exit(&h);
	for (i = 0; i < 8; i++)
		free(syms[i]);
}

/* a one-comm filter elides the comm column: perf's output order skips
 * that key (equal rows go by dso and symbol), while entries of other
 * comms stay apart */
static void test_output_skips_elided(void **state)
{
	struct fixture *f = *state;
	struct dso *d = machine__findnew_dso(f->m, "/bin/prog");
	static const struct { const char *comm; uint64_t start; const char *name; } in[] = {
		{ "b", 0x100, "x" }, { "a", 0x200, "y" }, { "a", 0x100, "x" },
	};
	struct symbol *syms[2] = { symbol__new(0x100, 0x80, 1, "x"),
				   symbol__new(0x200, 0x80, 1, "y") };
	struct hist_entry t, *he[3];
	struct hists h;
	uint64_t i;

	keys_init();
	for (int skip = 0; skip < 2; skip++) {
		struct hists_opts o = { .out_skip = skip ? 1 : 0 };

		assert_int_equal(hists__init(&h, default_keys, 3, &o), 0);
		for (i = 0; i < 3; i++) {
			memset(&t, 0, sizeof(t));
			t.comm = in[i].comm;
			t.dso = d;
			t.sym = syms[in[i].start == 0x200];
			t.level = '.';
			he[i] = hists__findnew(&h, &t);
			assert_non_null(he[i]);
			he[i]->period = 10;
		}
		hists__output_resort(&h);
		assert_int_equal(h.nr_sorted, 3);
		/* by comm: a/x a/y b/x; comm skipped: the x rows, then y */
		assert_ptr_equal(h.sorted[0], he[2]);
		assert_ptr_equal(h.sorted[1], skip ? he[0] : he[1]);
		assert_ptr_equal(h.sorted[2], skip ? he[1] : he[0]);
		hists__exit(&h);
	}
	free(syms[0]);
	free(syms[1]);
}

/* keys comm,dso,sym: unresolved addresses compare by the sign of their
 * 64-bit difference, no total order once two are 2^63 or more apart:
 * perf's walk down its tree (rebalanced by the later ones) misses the
 * first of these and makes it a second entry; within a window narrower
 * than 2^63 the same addresses (shifted down) are found again */
static void test_unresolved_wrap_walk(void **state)
{
	static const uint64_t addr[] = {
		0xba62a63fe7b0433dULL, 0x6f92a45bbed3a577ULL, 0x443b9e12964bc0c4ULL,
		0x269e609c2fc75047ULL, 0x0d8732e8db64f223ULL, 0xf653e0265490fba5ULL,
		0xf79f8f1f5a07979fULL, 0x11390b56606061e3ULL,
	};
	struct hist_entry t, *first;
	struct hists h;

	(void)state;
	keys_init();
	for (int narrow = 0; narrow < 2; narrow++) {
		assert_int_equal(hists__init(&h, default_keys, 3, NULL), 0);
		for (unsigned i = 0; i < 8; i++) {
			memset(&t, 0, sizeof(t));
			t.comm = "p";
			t.level = '.';
			t.addr = narrow ? addr[i] >> 2 : addr[i];
			assert_non_null(hists__findnew(&h, &t));
		}
		assert_int_equal(h.nr_entries, 8);
		memset(&t, 0, sizeof(t));
		t.comm = "p";
		t.level = '.';
		t.addr = narrow ? addr[0] >> 2 : addr[0];
		first = hists__findnew(&h, &t);
		assert_non_null(first);
		assert_int_equal(h.nr_entries, narrow ? 8 : 9);
		assert_int_equal(first->seq, narrow ? 0 : 8);
		hists__exit(&h);
	}
}

/* keys comm,dso,sym with wrapped unresolved addresses: a resolved
 * symbol's entry is found by hash (hash_resolved), and that is the entry
 * perf's walk finds: lookups of a random mix of symbols (user and
 * kernel-like starts) and unresolved addresses spread over 2^64 give the
 * same entries, in the same order, with the hash as with the walk */
static void test_resolved_hash_equals_walk(void **state)
{
	static const uint64_t starts[] = {
		0x1000, 0x1100, 0x2400, 0x7f0000001000ULL,
		0xffffffff81000000ULL, 0xffffffff81000400ULL, 0xffffffffc0001000ULL,
	};
	static const char *const comms[] = { "a", "b" };
	struct symbol *syms[7];
	struct hists h[2];
	uint64_t x = 88172645463325252ULL;

	(void)state;
	keys_init();
	for (unsigned i = 0; i < 7; i++)
		syms[i] = symbol__new(starts[i], 0x80, 1, "f");
	for (int k = 0; k < 2; k++)
		assert_int_equal(hists__init(&h[k], default_keys, 3, NULL), 0);
	assert_true(h[0].hash_resolved);
	h[1].hash_resolved = false;
	for (unsigned n = 0; n < 4000; n++) {
		struct hist_entry t, *e[2];

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		memset(&t, 0, sizeof(t));
		t.comm = comms[x & 1];
		t.level = '.';
		if ((x >> 1) % 3)
			t.sym = syms[(x >> 3) % 7];
		else
			t.addr = (x >> 8) % 61 * 0x0433333333333333ULL;
		for (int k = 0; k < 2; k++)
			e[k] = hists__findnew(&h[k], &t);
		assert_non_null(e[0]);
		assert_non_null(e[1]);
		assert_int_equal(e[0]->seq, e[1]->seq);
	}
	assert_true(h[0].wrap_seen);
	assert_int_equal(h[0].nr_entries, h[1].nr_entries);
	/* the walk kept some unresolved addresses twice */
	assert_true(h[0].nr_entries > 2 * 7 + 2 * 61);
	for (int k = 0; k < 2; k++)
		hists__exit(&h[k]);
	for (unsigned i = 0; i < 7; i++)
		free(syms[i]);
}

/* keys comm,dso,sym: an entry found again by a sample (or frame) of
 * another map (perf's map objects: another process's copy) has its
 * symbol looked up again at its start, as perf does: an inlined
 * function's entry takes its caller's name; the same map renames
 * nothing */
static void test_inlined_renamed_by_other_map(void **state)
{
	struct fixture *f = *state;
	struct dso *d = machine__findnew_dso(f->m, "/bin/prog");
	struct symbol *caller = symbols__find(&d->syms, 0x1100);	/* "a" */
	struct symbol *inl = symbol__new(caller->start, caller->end - caller->start, 1, "hot");
	struct hists_opts o = { .children = true, .callchain = true };
	struct hist_entry t, *he;
	struct hists h;

	(void)state;
	assert_non_null(inl);
	inl->inlined = true;
	keys_init();
	assert_int_equal(hists__init(&h, default_keys, 3, &o), 0);
	memset(&t, 0, sizeof(t));
	t.comm = "prog";
	t.dso = d;
	t.sym = inl;
	t.level = '.';
	t.map_id = 7;
	t.maps_id = 1;
	he = hists__findnew(&h, &t);
	assert_non_null(he);
	/* the same map: still the inlined function */
	assert_ptr_equal(hists__findnew(&h, &t), he);
	assert_ptr_equal(he->sym, inl);
	/* the same map object in a forked process's set: renamed */
	t.maps_id = 2;
	assert_ptr_equal(hists__findnew(&h, &t), he);
	assert_ptr_equal(he->sym, caller);
	assert_int_equal(h.nr_entries, 1);
	hists__exit(&h);
	free(inl);
}

/* one sample of a "prog" entry of @sym (its latest map @map_id) with the
 * chain @chain (callee first, every frame in @d) */
static void add_chain(struct hists *h, struct dso *d, struct symbol *sym, uint64_t map_id,
		      struct symbol *const *chain, int n, uint64_t period)
{
	struct callchain_cursor c = { 0 };
	struct hist_entry t;
	int i;

	for (i = 0; i < n; i++) {
		struct callchain_cursor_node node = {
			.ip = chain[i]->start + 0x10, .addr = chain[i]->start + 0x10,
			.dso = d, .sym = chain[i], .level = '.',
		};

		assert_int_equal(callchain_cursor__append(&c, &node), 0);
	}
	memset(&t, 0, sizeof(t));
	t.comm = "prog";
	t.dso = d;
	t.sym = sym;
	t.level = '.';
	t.map_id = map_id;
	t.maps_id = 1;
	assert_int_equal(hists__add_sample(h, &t, &c, period, PERF_RECORD_MISC_USER, false), 0);
	callchain_cursor__exit(&c);
}

/* -g: an entry's first two chains are kept, its tree built when a third
 * one comes, when it is merged into or printed. An inlined entry renamed
 * by another map's sample and its caller's entry are two entries perf
 * merges at collapse: the survivor prints every chain once, whichever of
 * the two had a tree (the merged one's kept chains get a passing tree) */
static void test_kept_chains_merge(void **state)
{
	struct fixture *f = *state;
	struct dso *d = machine__findnew_dso(f->m, "/bin/prog");
	struct symbol *m = symbols__find(&d->syms, 0x1000), *a = symbols__find(&d->syms, 0x1100);
	struct symbol *b = symbols__find(&d->syms, 0x1200), *leaf = symbols__find(&d->syms, 0x1300);
	struct symbol *inl = symbol__new(a->start, a->end - a->start, 1, "hot");
	struct symbol *c_leaf[] = { leaf, m }, *c_b[] = { b, m }, *c_m[] = { m };
	struct hists_opts o = {
		.callchain = true,
		.cc = { .mode = CHAIN_FOLDED, .order = ORDER_CALLEE, .min_percent = 0 },
	};
	struct hist_entry t, *x, *z;
	struct hists h;
	char *txt;

	assert_non_null(inl);
	inl->inlined = true;
	keys_init();
	for (int v = 0; v < 2; v++) {
		assert_int_equal(hists__init(&h, default_keys, 3, &o), 0);
		memset(&t, 0, sizeof(t));
		t.comm = "prog";
		t.dso = d;
		t.level = '.';
		t.map_id = 1;
		t.maps_id = 1;
		t.sym = inl;
		x = hists__findnew(&h, &t);	/* the inlined function's */
		t.sym = a;
		z = hists__findnew(&h, &t);	/* its caller's, right of x */
		assert_ptr_not_equal(x, z);
		add_chain(&h, d, inl, 1, c_leaf, 2, 1);
		add_chain(&h, d, a, 1, c_b, 2, 2);
		if (v == 0) {
			/* map 2 renames x, which gets a tree; z, merged
			 * into x, keeps its one chain */
			add_chain(&h, d, inl, 2, c_leaf, 2, 4);
			assert_ptr_equal(x->sym, a);
			assert_null(x->callchain);
			add_chain(&h, d, a, 2, c_m, 1, 8);	/* finds x, the root */
			add_chain(&h, d, a, 2, c_b, 2, 16);
			assert_non_null(x->callchain);
			assert_null(z->callchain);
		} else {
			/* z gets a tree, then map 2 renames x, which keeps
			 * its two chains until z is merged into it */
			add_chain(&h, d, a, 1, c_m, 1, 8);
			add_chain(&h, d, a, 1, c_b, 2, 16);
			add_chain(&h, d, inl, 2, c_leaf, 2, 4);
			assert_ptr_equal(x->sym, a);
			assert_null(x->callchain);
			assert_non_null(z->callchain);
		}
		assert_int_equal(h.nr_entries, 2);
		hists__output_resort(&h);
		assert_int_equal(h.nr_sorted, 1);
		assert_ptr_equal(h.sorted[0], x);	/* first in the input tree */
		assert_int_equal(x->period, 31);
		txt = print_chain(&h, x, false);
		assert_string_equal(txt, "58.06% b;main\n25.81% main\n16.13% leaf;main\n");
		free(txt);
		hists__exit(&h);
	}
	free(inl);
}

/* dyn_bytes__cmp orders fields' bytes as memcmp then length (perf's
 * memcmp, a shorter one first where it begins the other): checked on
 * random short arrays, many equal in their first bytes, against strcmp
 * of their hex texts, which orders the same way. */
static struct dyn_bytes *dyn_bytes_of(const unsigned char *b, uint32_t n)
{
	struct dyn_bytes *d = calloc(1, sizeof(*d) + (n > 8 ? n : 8));

	assert_non_null(d);
	memcpy(d->b, b, n);
	d->len = n;
	for (int i = 0; i < 8; i++)
		d->head = d->head << 8 | d->b[i];
	return d;
}

static void test_dyn_bytes_order(void **state)
{
	unsigned int seed = 7;

	for (int round = 0; round < 20000; round++) {
		unsigned char a[16], b[16];
		char ha[33], hb[33];
		uint32_t na = (uint32_t)(rand_r(&seed) % 17), nb = (uint32_t)(rand_r(&seed) % 17);
		struct dyn_bytes *da, *db;
		int want, got;

		for (int i = 0; i < 16; i++) {
			/* mostly zeros and small values: long equal runs */
			a[i] = (unsigned char)(rand_r(&seed) % 3);
			b[i] = rand_r(&seed) % 4 ? a[i] : (unsigned char)(rand_r(&seed) % 3);
		}
		for (uint32_t i = 0; i < na; i++)
			sprintf(ha + 2 * i, "%02x", a[i]);
		ha[2 * na] = '\0';
		for (uint32_t i = 0; i < nb; i++)
			sprintf(hb + 2 * i, "%02x", b[i]);
		hb[2 * nb] = '\0';
		da = dyn_bytes_of(a, na);
		db = dyn_bytes_of(b, nb);
		want = strcmp(ha, hb);
		got = dyn_bytes__cmp(da, db);
		assert_int_equal(want < 0 ? -1 : want > 0, got < 0 ? -1 : got > 0);
		free(da);
		free(db);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_self, setup, teardown),
		cmocka_unit_test_setup_teardown(test_sort_keys, setup, teardown),
		cmocka_unit_test_setup_teardown(test_children_graph, setup, teardown),
		cmocka_unit_test_setup_teardown(test_callee_flat_folded, setup, teardown),
		cmocka_unit_test(test_callchain_walk_split),
		cmocka_unit_test(test_fractal_threshold_ceil),
		cmocka_unit_test(test_callchain_param),
		cmocka_unit_test(test_callchain_keys),
		cmocka_unit_test(test_flat_tie_order),
		cmocka_unit_test(test_children_weight),
		cmocka_unit_test_setup_teardown(test_inlined_walk_split, setup, teardown),
		cmocka_unit_test_setup_teardown(test_output_skips_elided, setup, teardown),
		cmocka_unit_test_setup_teardown(test_inlined_renamed_by_other_map, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kept_chains_merge, setup, teardown),
		cmocka_unit_test(test_unresolved_wrap_walk),
		cmocka_unit_test(test_resolved_hash_equals_walk),
		cmocka_unit_test(test_callchain_repeat_shortcut),
		cmocka_unit_test(test_ties_by_collapse_order),
		cmocka_unit_test(test_dyn_bytes_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
