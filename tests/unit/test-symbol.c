// SPDX-License-Identifier: GPL-2.0
/* symbols: lookup, alias choice, ELF (.symtab as file offsets), kallsyms,
 * build-id notes, the places a user object's symbols come from in perf
 * 6.1's order (its letters checked against perf report -v on the same
 * trees). Values checked against nm/readelf of the same files. */
#include "unit.h"
#include <errno.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/build-id.h"
#include "util/dso.h"
#include "util/symbol.h"
#include "util/symbol-tree.h"

#define D TEST_DATA "/perf-6.1/"

static void test_find(void **state)
{
	struct symbols s = { 0 };

	symbols__add(&s, symbol__new(0x2000, 0x10, 1, "b"));
	symbols__add(&s, symbol__new(0x1000, 0x100, 1, "a"));
	symbols__add(&s, symbol__new(0x3000, 0, 1, "c_nosize"));
	symbols__add(&s, symbol__new(0x4000, 0, 1, "d_last"));
	symbols__fixup(&s);
	assert_null(symbols__find(&s, 0xfff));
	assert_string_equal(symbols__find(&s, 0x1000)->name, "a");
	assert_string_equal(symbols__find(&s, 0x10ff)->name, "a");
	assert_null(symbols__find(&s, 0x1100));		/* gap */
	assert_string_equal(symbols__find(&s, 0x200f)->name, "b");
	assert_null(symbols__find(&s, 0x2010));
	/* no size: reaches the next symbol */
	assert_string_equal(symbols__find(&s, 0x3fff)->name, "c_nosize");
	assert_string_equal(symbols__find(&s, 0x4000)->name, "d_last");
	symbols__exit(&s);
}

static void test_aliases(void **state)
{
	struct symbols s = { 0 };

	/* perf's choice: global over local, then fewer leading '_', then
	 * the longer name */
	symbols__add(&s, symbol__new(0x100, 8, 0, "__mmap"));
	symbols__add(&s, symbol__new(0x100, 8, 0, "mmap"));
	symbols__add(&s, symbol__new(0x100, 8, 0, "mmap64"));
	symbols__add(&s, symbol__new(0x200, 8, 0, "local_one"));
	symbols__add(&s, symbol__new(0x200, 8, 1, "__global_one"));
	symbols__fixup(&s);
	assert_int_equal(s.nr, 2);
	assert_string_equal(symbols__find(&s, 0x104)->name, "mmap64");
	assert_string_equal(symbols__find(&s, 0x200)->name, "__global_one");
	symbols__exit(&s);
}

static void test_elf(void **state)
{
	struct symbols s = { 0 };
	bool symtab = false;
	struct symbol *sym;

	assert_int_equal(elf__load_symbols(D "bin/cpuburn", &s, &symtab), 0);
	assert_true(symtab);
	/* nm: 13d0 T cb_xray_b_l11, 1090 T main; text is at offset==vaddr */
	sym = symbols__find(&s, 0x13d0 + 4);
	assert_non_null(sym);
	assert_string_equal(sym->name, "cb_xray_b_l11");
	assert_string_equal(symbols__find(&s, 0x1090)->name, "main");
	assert_null(symbols__find_by_name(&s, "no_such_function"));
	symbols__exit(&s);
	assert_int_equal(elf__load_symbols(D "kallsyms", &s, &symtab), -ENOEXEC);
	assert_true(elf__load_symbols(D "nonexistent", &s, &symtab) == -ENOENT);
}

/* perf 6.1's preference between aliases, rule by rule */
static void test_choose(void **state)
{
	struct symbol *sized = symbol__new(0x100, 8, STB_LOCAL, "__zz_long_name");
	struct symbol *empty = symbol__new(0x100, 0, STB_GLOBAL, "a");
	struct symbol *weak = symbol__new(0x100, 8, STB_WEAK, "a");
	struct symbol *glob = symbol__new(0x100, 8, STB_GLOBAL, "__b");
	struct symbol *loc = symbol__new(0x100, 8, STB_LOCAL, "b");
	struct symbol *loc2 = symbol__new(0x100, 8, STB_LOCAL, "_bbbbbbbbbb");
	struct symbol *loc3 = symbol__new(0x100, 8, STB_LOCAL, "bb");
	struct symbol *loc4 = symbol__new(0x100, 8, STB_LOCAL, "cc");

	assert_true(symbol__choose(sized, empty) < 0);	/* a size first */
	assert_true(symbol__choose(empty, sized) > 0);
	assert_true(symbol__choose(weak, loc) > 0);	/* then not weak */
	assert_true(symbol__choose(loc, glob) > 0);	/* then global */
	assert_true(symbol__choose(loc, loc2) < 0);	/* then fewer '_' */
	assert_true(symbol__choose(loc, loc3) > 0);	/* then longer */
	assert_true(symbol__choose(loc3, loc4) < 0);	/* then the first */
	assert_true(symbol__choose(loc4, loc3) < 0);
	free(sized); free(empty); free(weak); free(glob);
	free(loc); free(loc2); free(loc3); free(loc4);
}

/* C++ names are demangled when a lookup first returns them; aliases are
 * chosen between by their demangled names, as perf shows them */
static void test_lazy_demangle(void **state)
{
	struct symbols s = { 0 };
	struct symbol *a, *b, *c, *f;

	a = symbol__new(0x100, 0x10, STB_GLOBAL, "_ZN3foo3barEv");
	b = symbol__new(0x100, 0x10, STB_GLOBAL, "bar");
	c = symbol__new(0x200, 0x10, STB_GLOBAL, "_ZN3baz4quuxEi");
	a->mangled = c->mangled = true;
	symbols__add(&s, a);
	symbols__add(&s, b);
	symbols__add(&s, c);
	assert_int_equal(symbols__fixup_elf(&s, s.nr), 0);
	/* mangled, "bar" would win (no leading '_'); demangled, the longer
	 * "foo::bar" does */
	assert_int_equal(s.nr, 2);
	assert_false(a->mangled);	/* demangled for the choice */
	f = symbols__find(&s, 0x105);
	assert_non_null(f);
	assert_string_equal(f->name, "foo::bar");
	/* not looked up yet: still mangled */
	assert_true(c->mangled);
	assert_string_equal(c->name, "_ZN3baz4quuxEi");
	f = symbols__find(&s, 0x200);
	assert_ptr_equal(f, c);
	assert_false(c->mangled);
	assert_string_equal(c->name, "baz::quux");
	symbols__exit(&s);
}

/* A zero-size alias before another at the same address keeps its zero
 * size (it is stretched to that alias), so the later one wins. */
static void test_fixup_elf_aliases(void **state)
{
	struct symbols s = { 0 };

	symbols__add(&s, symbol__new(0x100, 0, STB_GLOBAL, "first"));
	symbols__add(&s, symbol__new(0x100, 0, STB_LOCAL, "__GI_second"));
	symbols__add(&s, symbol__new(0x180, 0x10, STB_GLOBAL, "next"));
	assert_int_equal(symbols__fixup_elf(&s, s.nr), 0);
	assert_int_equal(s.nr, 2);
	assert_null(s.ranges);			/* nothing overlaps */
	assert_string_equal(symbols__find(&s, 0x17f)->name, "__GI_second");
	assert_string_equal(symbols__find(&s, 0x180)->name, "next");
	/* the last zero-size symbol: its start rounded up to a page, plus
	 * a page */
	symbols__exit(&s);
	symbols__add(&s, symbol__new(0x1010, 0, STB_GLOBAL, "last"));
	assert_int_equal(symbols__fixup_elf(&s, s.nr), 0);
	assert_string_equal(symbols__find(&s, 0x2fff)->name, "last");
	assert_null(symbols__find(&s, 0x3000));
	symbols__exit(&s);
}

/*
 * _init (size 0, stretched to _start) and three PLT slots inserted after
 * it. Worked by hand: _init, _start (red, right); puts@plt goes left of
 * _start and two rotations make it the root; strlen@plt recolours;
 * memset@plt rotates under _start's place. The search then meets puts
 * first for 0x1030, strlen for 0x1040 (left of memset), and for 0x1060
 * goes puts -> memset -> _start -> left: nothing, although _init covers it.
 */
static void test_fixup_elf_plt_tree(void **state)
{
	struct symbols s = { 0 };

	symbols__add(&s, symbol__new(0x1000, 0, STB_GLOBAL, "_init"));
	symbols__add(&s, symbol__new(0x10a0, 0x22, STB_GLOBAL, "_start"));
	symbols__add(&s, symbol__new(0x1030, 16, STB_GLOBAL, "puts@plt"));
	symbols__add(&s, symbol__new(0x1040, 16, STB_GLOBAL, "strlen@plt"));
	symbols__add(&s, symbol__new(0x1050, 16, STB_GLOBAL, "memset@plt"));
	assert_int_equal(symbols__fixup_elf(&s, 2), 0);
	assert_non_null(s.ranges);
	assert_string_equal(symbols__find(&s, 0x1000)->name, "_init");
	assert_string_equal(symbols__find(&s, 0x102f)->name, "_init");
	assert_string_equal(symbols__find(&s, 0x1030)->name, "puts@plt");
	assert_string_equal(symbols__find(&s, 0x104f)->name, "strlen@plt");
	assert_string_equal(symbols__find(&s, 0x1055)->name, "memset@plt");
	assert_null(symbols__find(&s, 0x1060));
	assert_null(symbols__find(&s, 0x109f));
	assert_string_equal(symbols__find(&s, 0x10a0)->name, "_start");
	assert_null(symbols__find(&s, 0x10c2));
	symbols__exit(&s);
}

/*
 * Lookups in symbols fixed up as an ELF table equal perf's tree search
 * at every address: random tables (distinct starts, in random order,
 * sizes zero, small or reaching over others) and PLT slots among them.
 * Addresses outside clusters of overlapping symbols are answered without
 * the tree, those inside from its replay, made by the first of them.
 */
static void test_fixup_elf_lookups_as_tree(void **state)
{
	unsigned int seed = 4242;

	for (int round = 0; round < 60; round++) {
		enum { MAXN = 300, MAXP = 24 };
		struct symbol *table[MAXN], *plt[MAXP];
		struct symbols s = { 0 };
		struct symtree *t;
		int n, m, i;
		uint64_t lo = 0x1000, hi;

#define RND() (seed = seed * 1103515245 + 12345, (seed >> 8) & 0xffff)
		n = 20 + (int)(RND() % (MAXN - 20));
		m = round % 3 ? (int)(RND() % MAXP) : 0;
		hi = lo + (uint64_t)n * 0x40;
		for (i = 0; i < n; i++) {
			/* distinct starts: no aliases, so the tree is the
			 * table's then the PLT's insertions */
			uint64_t start = lo + (uint64_t)i * 0x40 + (RND() % 4) * 0x10;
			unsigned int k = RND() % 8;
			uint64_t size = k < 2 ? 0 : k < 6 ? 0x10 + RND() % 0x30 : RND() % 0x400;

			table[i] = symbol__new(start, size, STB_GLOBAL, "t");
		}
		for (i = n - 1; i > 0; i--) {	/* table order: shuffled */
			int j = (int)(RND() % (unsigned int)(i + 1));
			struct symbol *x = table[i];

			table[i] = table[j];
			table[j] = x;
		}
		for (i = 0; i < m; i++)
			plt[i] = symbol__new(lo + (RND() % (unsigned int)(hi - lo)) / 0x10 * 0x10,
					     0x10, STB_GLOBAL, "p@plt");
		for (i = 0; i < n; i++)
			symbols__add(&s, table[i]);
		for (i = 0; i < m; i++)
			symbols__add(&s, plt[i]);
		assert_int_equal(symbols__fixup_elf(&s, (size_t)n), 0);
		t = symtree__new((size_t)(n + m));
		assert_non_null(t);
		for (i = 0; i < n; i++)
			assert_int_equal(symtree__insert(t, table[i]), 0);
		for (i = 0; i < m; i++)
			assert_int_equal(symtree__insert(t, plt[i]), 0);
		/* from both ends, so that some rounds replay late */
		for (uint64_t a = lo - 2; a < hi + 0x500; a++) {
			uint64_t addr = round & 1 ? a : hi + 0x500 + lo - 2 - a - 1;

			assert_ptr_equal(symbols__find(&s, addr), symtree__find(t, addr));
		}
		symtree__delete(t);
		symbols__exit(&s);
#undef RND
	}
}

static int start_then_seq(const void *pa, const void *pb)
{
	const struct symbol *a = *(struct symbol * const *)pa;
	const struct symbol *b = *(struct symbol * const *)pb;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* The radix sort by start gives qsort's order by (start, seq) on arrays
 * in seq order: many equal starts, starts differing in low bytes only,
 * in high bytes only, kernel-like addresses, sizes below and above the
 * small-array cutoff */
static void test_sort_start(void **state)
{
	static const size_t sizes[] = { 1, 5, 63, 64, 65, 300, 5000 };
	unsigned int seed = 777;

	for (size_t z = 0; z < sizeof(sizes) / sizeof(sizes[0]); z++) {
		for (int kind = 0; kind < 4; kind++) {
			size_t n = sizes[z];
			struct symbol **a = malloc(n * sizeof(*a)), **b = malloc(n * sizeof(*b));

			assert_non_null(a);
			assert_non_null(b);
			for (size_t i = 0; i < n; i++) {
				uint64_t r;

				seed = seed * 1103515245 + 12345;
				r = seed >> 4;
				r = kind == 0 ? 0x1000 + (r % 37) * 0x10 :	/* equal starts */
				    kind == 1 ? 0x400000 + (r & 0xff) :
				    kind == 2 ? (r & 0xff) << 40 :
				    0xffffffff81000000ULL + (r % 0x100000) * 8;
				a[i] = symbol__new(r, 0x10, STB_GLOBAL, "s");
				assert_non_null(a[i]);
				a[i]->seq = (uint32_t)i;
			}
			memcpy(b, a, n * sizeof(*b));
			qsort(b, n, sizeof(*b), start_then_seq);
			symbols__sort_start(a, n);
			for (size_t i = 0; i < n; i++)
				assert_ptr_equal(a[i], b[i]);
			for (size_t i = 0; i < n; i++)
				free(a[i]);
			free(a);
			free(b);
		}
	}
}

/* The tree stays a red-black tree through random insertions and
 * erasures, and finds the one symbol holding an address when none
 * overlap. */
static void test_symtree_random(void **state)
{
	enum { N = 2000 };
	struct symbol *syms[N];
	struct symtree *t = symtree__new(N);
	bool in[N] = { false };
	unsigned int seed = 12345;
	int i, round;

	assert_non_null(t);
	for (i = 0; i < N; i++) {
		/* disjoint ranges, some starts shared by two symbols */
		syms[i] = symbol__new((uint64_t)(i / 2) * 0x100, 0x80, STB_GLOBAL, "s");
		syms[i]->seq = (uint32_t)i;
	}
	for (round = 0; round < 6 * N; round++) {
		seed = seed * 1103515245 + 12345;
		i = (int)((seed >> 8) % N);
		if (in[i])
			assert_int_equal(symtree__erase(t, syms[i]), 0);
		else
			assert_int_equal(symtree__insert(t, syms[i]), 0);
		in[i] = !in[i];
		if (round % 97 == 0)
			assert_true(symtree__check(t) >= 1);
	}
	assert_true(symtree__check(t) >= 1);
	for (i = 0; i < N; i += 2) {
		struct symbol *f = symtree__find(t, syms[i]->start + 0x40);

		if (in[i] || in[i + 1]) {
			assert_non_null(f);
			assert_true(f == syms[i] || f == syms[i + 1]);
		} else {
			assert_null(f);
		}
		assert_null(symtree__find(t, syms[i]->start + 0x80));
	}
	symtree__delete(t);
	for (i = 0; i < N; i++)
		free(syms[i]);
}

/* Facts from perf 6.1 (perf script on one sample per address, written
 * by tests/shell/synth-samples.py): in these small PIEs perf names the
 * PLT with _init where its tree meets _init first, and .plt.got of
 * mthreads with nothing. */
static void test_elf_plt_as_perf(void **state)
{
	struct symbols s = { 0 };
	bool symtab = false;

	assert_int_equal(elf__load_symbols(D "bin/dsouser", &s, &symtab), 0);
	assert_string_equal(symbols__find(&s, 0x1020)->name, "_init");
	assert_string_equal(symbols__find(&s, 0x1035)->name, "_init");
	assert_string_equal(symbols__find(&s, 0x1065)->name, "_init");
	assert_string_equal(symbols__find(&s, 0x1077)->name, "_init");
	symbols__exit(&s);
	assert_int_equal(elf__load_symbols(D "bin/mthreads", &s, &symtab), 0);
	assert_string_equal(symbols__find(&s, 0x1035)->name, "_init");
	assert_string_equal(symbols__find(&s, 0x1040)->name, "printf@plt");
	assert_string_equal(symbols__find(&s, 0x10cf)->name, "pthread_join@plt");
	assert_null(symbols__find(&s, 0x10d0));
	assert_string_equal(symbols__find(&s, 0x10e0)->name, "main");
	symbols__exit(&s);
}

static void test_kallsyms(void **state)
{
	struct symbols s = { 0 };

	assert_int_equal(kallsyms__load(D "kallsyms", &s), 0);
	assert_true(s.nr > 50000);
	assert_string_equal(symbols__find(&s, 0xffffffff821ed4a0ULL + 0x10)->name, "do_syscall_64");
	assert_true(kallsyms__symbol_addr(D "kallsyms", "_text") == 0xffffffff81000000ULL);
	symbols__exit(&s);
}

static void assert_same_symbols(const struct symbols *a, const struct symbols *b)
{
	assert_int_equal(a->nr, b->nr);
	assert_true(a->kernel_lo == b->kernel_lo && a->kernel_hi == b->kernel_hi);
	for (size_t i = 0; i < a->nr; i++) {
		assert_true(a->syms[i]->start == b->syms[i]->start);
		assert_true(a->syms[i]->end == b->syms[i]->end);
		assert_int_equal(a->syms[i]->binding, b->syms[i]->binding);
		assert_int_equal(a->syms[i]->object, b->syms[i]->object);
		assert_string_equal(a->syms[i]->name, b->syms[i]->name);
	}
}

static int wait_work_calls;

static void count_wait_work(void *arg)
{
	wait_work_calls++;
	assert_ptr_equal(arg, &wait_work_calls);
}

/* The prefetch (one thread reads in 256 KiB pieces, another parses them,
 * lines cut between pieces) gives the table a plain read gives; a
 * prefetch never taken is stopped and freed (ASan checks the leak). */
static void test_kallsyms_prefetch(void **state)
{
	struct symbols plain = { 0 }, pre = { 0 };

	assert_int_equal(kallsyms__load(D "kallsyms", &plain), 0);
	for (int i = 0; i < 3; i++) {
		kallsyms__prefetch(D "kallsyms");
		kallsyms__prefetch_wait_work(count_wait_work, &wait_work_calls);
		assert_int_equal(kallsyms__load(D "kallsyms", &pre), 0);
		assert_false(kallsyms__prefetch_busy());
		assert_same_symbols(&plain, &pre);
		symbols__exit(&pre);
	}
	/* at most once per load, and only while the read was going on */
	assert_true(wait_work_calls <= 3);
	kallsyms__prefetch(D "kallsyms");
	kallsyms__prefetch_end();
	assert_false(kallsyms__prefetch_busy());
	/* another file than the one prefetched: read on its own */
	kallsyms__prefetch("/nonexistent/kallsyms");
	assert_int_equal(kallsyms__load(D "kallsyms", &pre), 0);
	assert_same_symbols(&plain, &pre);
	symbols__exit(&pre);
	kallsyms__prefetch_end();
	symbols__exit(&plain);
}

/* A line longer than a read, and a last line without its newline */
static void test_kallsyms_long_lines(void **state)
{
	char path[] = "/tmp/mperf-test-kallsyms.XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct symbols a = { 0 }, b = { 0 };
	size_t long_len = 600 * 1024;

	assert_non_null(f);
	fputs("ffffffff81000000 T _text\nffffffff81000010 t ", f);
	for (size_t i = 0; i < long_len; i++)
		fputc('a' + (int)(i % 26), f);
	fputs("\nffffffff81000020 T alias1\nffffffff81000020 T alias2\n"
	      "ffffffffc0000000 t modfn\t[mod]\nffffffff81000040 W last", f);
	fclose(f);
	assert_int_equal(kallsyms__load(path, &a), 0);
	assert_int_equal(a.nr, 5);
	assert_int_equal(strlen(a.syms[1]->name), long_len);
	assert_true(a.syms[1]->end == 0xffffffff81000020ULL);
	/* aliases at one address: the last one listed */
	assert_string_equal(a.syms[2]->name, "alias2");
	assert_string_equal(a.syms[3]->name, "last");
	assert_string_equal(a.syms[4]->name, "modfn");
	assert_true(a.kernel_hi == 0xffffffff81000040ULL);
	kallsyms__prefetch(path);
	assert_int_equal(kallsyms__load(path, &b), 0);
	assert_same_symbols(&a, &b);
	symbols__exit(&a);
	symbols__exit(&b);
	unlink(path);
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "r");
	static char buf[4096];
	size_t n;

	if (!f)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

/*
 * mperf's cache of the kernel's own kallsyms lines: a first load writes it
 * (the lines before the first module's); a later one reads only it
 * (kallsyms_core), in a plain load and a prefetch; kallsyms__complete then
 * adds the rest, and the table is the one a read of the whole file gives,
 * the symbols found before still in it. A file that now begins otherwise,
 * or a cache of another boot, is not used; nothing hidden is cached.
 */
static void test_kallsyms_cache(void **state)
{
	char dir[64] = "/tmp/mperf-test-kcache.XXXXXX", live[80], cache[80], *text;
	static const char core[] =
		"ffffffff81000000 T _text\n"
		"ffffffff81000010 t helper\n"
		"ffffffff81000020 T alias1\n"
		"ffffffff81000020 T alias2\n"
		"ffffffff81000040 D data_last\n";
	static const char rest[] =
		"ffffffffc0002000 t mod_b\t[mod]\n"
		"ffffffffc0001000 t mod_a\t[mod]\n"
		"ffffffffc0001000 T mod_a_alias\t[mod]\n"
		"ffffffffc0003000 t bpf_prog_1\t[bpf]\n";
	struct symbols full = { 0 }, s = { 0 };
	struct symbol *keep;
	char all[512];

	assert_non_null(mkdtemp(dir));
	snprintf(live, sizeof(live), "%s/kallsyms.live", dir);
	snprintf(cache, sizeof(cache), "%s/c/kallsyms", dir);
	snprintf(all, sizeof(all), "%s%s", core, rest);
	write_text(live, all);
	setenv("MPERF_KALLSYMS", live, 1);
	setenv("MPERF_CACHE_DIR", dir, 1);
	strcat(dir, "/c");
	setenv("MPERF_CACHE_DIR", dir, 1);

	/* the first load: the whole file, and the cache of its first part */
	assert_int_equal(kallsyms__load(live, &full), 0);
	assert_false(full.kallsyms_core);
	assert_int_equal(full.nr, 7);
	text = read_text(cache);
	assert_non_null(text);
	assert_true(!strncmp(text, "mperf-kallsyms 1 ", 17));
	assert_string_equal(strchr(text, '\n') + 1, core);

	/* then only the cache, plain and prefetched */
	for (int pre = 0; pre < 2; pre++) {
		if (pre)
			kallsyms__prefetch(live);
		assert_int_equal(kallsyms__load(live, &s), 0);
		assert_true(s.kallsyms_core);
		assert_int_equal(s.nr, 4);
		assert_true(s.kernel_lo == full.kernel_lo && s.kernel_hi == full.kernel_hi);
		keep = symbols__find(&s, 0xffffffff81000018ULL);
		assert_string_equal(keep->name, "helper");
		assert_int_equal(kallsyms__complete(live, &s), 0);
		assert_false(s.kallsyms_core);
		assert_same_symbols(&full, &s);
		assert_ptr_equal(symbols__find(&s, 0xffffffff81000018ULL), keep);
		/* aliases: the last listed, as in one read */
		assert_string_equal(symbols__find(&s, 0xffffffffc0001010ULL)->name, "mod_a_alias");
		symbols__exit(&s);
	}

	/* the file begins otherwise now (a cache of another machine's
	 * kernel, a kernel that hides the addresses): not used, written anew */
	write_text(live, "ffffffff82000000 T _text\nffffffffc0001000 t m\t[mod]\n");
	assert_int_equal(kallsyms__load(live, &s), 0);
	assert_false(s.kallsyms_core);
	assert_int_equal(s.nr, 2);
	symbols__exit(&s);
	text = read_text(cache);
	assert_string_equal(strchr(text, '\n') + 1, "ffffffff82000000 T _text\n");

	/* another boot's cache: not used */
	text = read_text(cache);
	text[17] = text[17] == '0' ? '1' : '0';
	write_text(cache, text);
	assert_int_equal(kallsyms__load(live, &s), 0);
	assert_false(s.kallsyms_core);
	symbols__exit(&s);

	/* every address hidden: -EPERM as ever, and no cache */
	unlink(cache);
	write_text(live, "0000000000000000 T _text\n0000000000000000 t helper\n");
	assert_int_equal(kallsyms__load(live, &s), -EPERM);
	assert_null(read_text(cache));

	/* MPERF_CACHE_DIR set and empty: no cache */
	write_text(live, all);
	setenv("MPERF_CACHE_DIR", "", 1);
	assert_int_equal(kallsyms__load(live, &s), 0);
	symbols__exit(&s);
	assert_null(read_text(cache));

	unsetenv("MPERF_KALLSYMS");
	unsetenv("MPERF_CACHE_DIR");
	symbols__exit(&full);
	unlink(live);
	rmdir(dir);
	*strrchr(dir, '/') = '\0';
	rmdir(dir);
}

/* kptr_restrict=2 (or paranoid > 1 without CAP_SYSLOG): every address is
 * 0; that is no symbol table at all, and says so (-EPERM) */
static void test_kallsyms_hidden(void **state)
{
	struct symbols s = { 0 };
	char path[] = "/tmp/mperf-test-kallsyms.XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	assert_non_null(f);
	fputs("0000000000000000 T _text\n0000000000000000 T do_syscall_64\n"
	      "0000000000000000 t helper\t[mod]\n", f);
	fclose(f);
	assert_int_equal(kallsyms__load(path, &s), -EPERM);
	assert_int_equal(s.nr, 0);
	assert_null(symbols__find(&s, 0x10));
	unlink(path);
}

/* perf's demangler shows no parameters and no return type; an operator's
 * name keeps its own spaces and brackets (a conversion to "unsigned long"
 * came out as "long"), typeinfo of a function type keeps the type */
static void test_demangle_operators(void **state)
{
	static const char *const cases[][2] = {
		{ "_ZNK4llvm8TypeSizecvmEv", "llvm::TypeSize::operator unsigned long" },
		{ "_ZNK3FoocvPKcEv", "Foo::operator char const*" },
		{ "_ZN4llvm11raw_ostreamlsEPKc", "llvm::raw_ostream::operator<<" },
		{ "_ZNK3FooltERKS_", "Foo::operator<" },
		{ "_ZN3FoonwEm", "Foo::operator new" },
		{ "_Z3fooIiEvT_", "foo<int>" },
		{ "_ZTIFvN4llvm5ErrorEE", "typeinfo for void (llvm::Error)" },
		{ "_ZTSPFbN4llvm7SDValueEE", "typeinfo name for bool (*)(llvm::SDValue)" },
	};
	char *dm = elf__demangle(cases[0][0]);

	(void)state;
	if (!dm)
		skip();		/* no libstdc++ to demangle with */
	free(dm);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		dm = elf__demangle(cases[i][0]);
		assert_non_null(dm);
		assert_string_equal(dm, cases[i][1]);
		free(dm);
	}
}

static void test_build_id(void **state)
{
	struct build_id bid, parsed;
	char hex[SBUILD_ID_SIZE];

	assert_int_equal(filename__read_build_id(D "bin/cpuburn", &bid), 0);
	build_id__snprintf(&bid, hex, sizeof(hex));
	assert_string_equal(hex, "b81b3801f70f882d62888716d744daced03486c8");
	assert_int_equal(build_id__parse(hex, &parsed), 0);
	assert_int_equal(build_id__cmp(&bid, &parsed), 0);
	assert_int_equal(build_id__parse("xyz", &parsed), -EINVAL);
	assert_int_equal(filename__read_build_id(D "kallsyms", &bid), -ENOEXEC);
}

/* a JIT's map: entries in file order, overlapping as code is replaced,
 * same starts, zero sizes: every lookup is perf's tree search of them
 * inserted in file order */
static void test_fixup_jit_as_tree(void **state)
{
	unsigned int seed = 777;

	(void)state;
	for (int round = 0; round < 40; round++) {
		enum { MAXN = 200 };
		struct symbol *sym[MAXN];
		struct symbols s = { 0 };
		struct symtree *t;
		uint64_t lo = 0x7f0000001000ULL, hi;
		int n, i;

#define RND() (seed = seed * 1103515245 + 12345, (seed >> 8) & 0xffff)
		n = 5 + (int)(RND() % (MAXN - 5));
		hi = lo + (uint64_t)n * 0x20;
		for (i = 0; i < n; i++) {
			unsigned int k = RND() % 8;
			uint64_t start = i && k == 0 ? sym[RND() % (unsigned int)i]->start :
				lo + (RND() % (unsigned int)(hi - lo)) / 0x10 * 0x10;
			uint64_t size = k == 1 ? 0 : k < 5 ? 0x10 + RND() % 0x30 : RND() % 0x200;

			sym[i] = symbol__new(start, size, STB_GLOBAL, "j");
			assert_non_null(sym[i]);
			sym[i]->end = start + size;	/* as the map says */
		}
		for (i = 0; i < n; i++)
			assert_int_equal(symbols__add(&s, sym[i]), 0);
		assert_int_equal(symbols__fixup_jit(&s), 0);
		assert_int_equal(s.nr, n);	/* every entry kept */
		t = symtree__new((size_t)n);
		assert_non_null(t);
		for (i = 0; i < n; i++)
			assert_int_equal(symtree__insert(t, sym[i]), 0);
		for (uint64_t a = lo - 2; a < hi + 0x300; a++)
			assert_ptr_equal(symbols__find(&s, a), symtree__find(t, a));
		symtree__delete(t);
		symbols__exit(&s);
#undef RND
	}
}

/* /tmp/perf-PID.map read as perf 6.1 reads it */
static void test_dso_perfmap(void **state)
{
	char path[64];
	struct symbol_opts opts = { .quiet = true };
	struct dso *dso;
	struct symbol *sym;
	FILE *f;

	(void)state;
	/* a pid no process has (past pid_max's limit) */
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", 4194304 + (int)getpid() % 1000);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("1000 40 plain\n"
	      "0x2000 0x20 hex(int)\n"
	      "3000\n"			/* too short: skipped */
	      "4000 10\n"		/* no name: skipped */
	      "5000 0 zero\n"
	      "6000 10 a name with spaces\n"
	      "7000 8 last", f);	/* no newline: perf drops the 't' */
	fclose(f);
	dso = dso__new(path);
	assert_non_null(dso);
	assert_true(dso->jit);
	{
		char shown[64];

		snprintf(shown, sizeof(shown), "[JIT] tid %d", 4194304 + (int)getpid() % 1000);
		assert_string_equal(dso->short_name, shown);
	}
	{
		int r = dso__load(dso, &opts);

		unlink(path);
		assert_int_equal(r, 0);
	}
	assert_int_equal(dso->syms.nr, 5);
	sym = dso__find_symbol(dso, &opts, 0x103f);
	assert_non_null(sym);
	assert_string_equal(sym->name, "plain");
	assert_null(dso__find_symbol(dso, &opts, 0x1040));
	sym = dso__find_symbol(dso, &opts, 0x2010);
	assert_non_null(sym);
	assert_string_equal(sym->name, "hex(int)");
	assert_null(dso__find_symbol(dso, &opts, 0x3000));
	assert_null(dso__find_symbol(dso, &opts, 0x4000));
	/* a zero size: its start alone */
	sym = dso__find_symbol(dso, &opts, 0x5000);
	assert_non_null(sym);
	assert_string_equal(sym->name, "zero");
	assert_null(dso__find_symbol(dso, &opts, 0x5001));
	sym = dso__find_symbol(dso, &opts, 0x6008);
	assert_non_null(sym);
	assert_string_equal(sym->name, "a name with spaces");
	sym = dso__find_symbol(dso, &opts, 0x7000);
	assert_non_null(sym);
	assert_string_equal(sym->name, "las");
	assert_int_equal(dso__origin(dso), 'j');
	dso__delete(dso);
	/* no map file: no symbols, no crash */
	dso = dso__new(path);
	assert_int_equal(dso__load(dso, &opts), -ENOENT);
	assert_null(dso__find_symbol(dso, &opts, 0x1000));
	dso__delete(dso);
}

static void test_dso_load_mismatch(void **state)
{
	struct symbol_opts opts = { .quiet = true };
	char *path = realpath(D "bin/cpuburn", NULL);
	struct build_id wrong;
	struct dso *dso;
	struct symbol *sym;

	assert_non_null(path);
	dso = dso__new(path);
	assert_int_equal(dso->kind, DSO_KIND_USER);

	/* a recorded build-id that is not the file's: symbols refused */
	build_id__parse("0000000000000000000000000000000000000001", &wrong);
	dso__set_build_id(dso, &wrong);
	assert_null(dso__find_symbol(dso, &opts, 0x13d0));
	/* undone (a failed preload), the next load tries again */
	assert_true(dso->loaded);
	dso__unload(dso);
	assert_false(dso->loaded);
	assert_null(dso->objpath);
	assert_int_equal(dso__load(dso, &opts), -ENOENT);
	assert_true(dso->loaded);
	dso__delete(dso);
	/* a successful load undone and made again: the same symbols */
	dso = dso__new(path);
	assert_int_equal(dso__load(dso, &opts), 0);
	assert_non_null(dso__find_symbol(dso, &opts, 0x13d0));
	dso__unload(dso);
	assert_int_equal(dso->syms.nr, 0);
	sym = dso__find_symbol(dso, &opts, 0x13d0);
	assert_non_null(sym);
	assert_string_equal(sym->name, "cb_xray_b_l11");
	dso__delete(dso);
	dso = dso__new(path);
	build_id__parse("b81b3801f70f882d62888716d744daced03486c8", &wrong);
	dso__set_build_id(dso, &wrong);
	sym = dso__find_symbol(dso, &opts, 0x13d0);
	assert_non_null(sym);
	assert_string_equal(sym->name, "cb_xray_b_l11");
	dso__delete(dso);
	free(path);
}

/* the letter of the file a fresh dso of @name took its symbols from,
 * under --symfs @symfs; its symbol at 0x13d0 must be cpuburn's */
static char origin_under(const char *symfs, const char *name, const struct build_id *bid)
{
	struct symbol_opts opts = { .quiet = true, .symfs = symfs };
	struct dso *dso = dso__new(name);
	struct symbol *sym;
	char o;

	dso__set_build_id(dso, bid);
	sym = dso__find_symbol(dso, &opts, 0x13d0);
	assert_non_null(sym);
	assert_string_equal(sym->name, "cb_xray_b_l11");
	o = dso__origin(dso);
	dso__delete(dso);
	return o;
}

static void test_dso_symsrc_order(void **state)
{
	char dir[] = "/tmp/mperf-test-symsrc-XXXXXX", p[512], hex[SBUILD_ID_SIZE];
	const char *name = "/usr/lib/mperf/cpuburn", *bin = D "bin/cpuburn";
	struct build_id bid;

	assert_non_null(mkdtemp(dir));
	assert_int_equal(filename__read_build_id(bin, &bid), 0);
	build_id__snprintf(&bid, hex, sizeof(hex));
	unit_sh("mkdir -p %s/usr/lib/mperf/.debug %s/usr/lib/debug/lib/mperf", dir, dir);
	unit_sh("mkdir -p %s/usr/lib/debug/usr/lib/mperf %s/usr/lib/debug/.build-id", dir, dir);
	/* the object with its .symtab at its path */
	snprintf(p, sizeof(p), "%s%s", dir, name);
	unit_sh("cp %s %s", bin, p);
	assert_int_equal(origin_under(dir, name, &bid), 'd');
	/* stripped to .dynsym: each place with a copy that has .symtab
	 * wins over the ones before it here, as perf's order has them */
	unit_sh("strip --strip-all %s%s", p, "");
	snprintf(p, sizeof(p), "%s/usr/lib/debug/lib/mperf/cpuburn", dir);
	unit_sh("cp %s %s", bin, p);
	assert_int_equal(origin_under(dir, name, &bid), 'x');
	snprintf(p, sizeof(p), "%s/usr/lib/mperf/.debug/cpuburn", dir);
	unit_sh("cp %s %s", bin, p);
	assert_int_equal(origin_under(dir, name, &bid), 'o');
	snprintf(p, sizeof(p), "%s/usr/lib/debug/.build-id/%.2s", dir, hex);
	unit_sh("mkdir -p %s%s", p, "");
	snprintf(p, sizeof(p), "%s/usr/lib/debug/.build-id/%.2s/%s.debug", dir, hex, hex + 2);
	unit_sh("cp %s %s", bin, p);
	assert_int_equal(origin_under(dir, name, &bid), 'b');
	snprintf(p, sizeof(p), "%s/usr/lib/debug%s", dir, name);
	unit_sh("cp %s %s", bin, p);
	assert_int_equal(origin_under(dir, name, &bid), 'u');
	snprintf(p, sizeof(p), "%s/usr/lib/debug%s.debug", dir, name);
	unit_sh("cp %s %s", bin, p);
	assert_int_equal(origin_under(dir, name, &bid), 'f');
	/* a .gnu_debuglink in the object: its file first */
	snprintf(p, sizeof(p), "%s/usr/lib/mperf/cpuburn.dbg", dir);
	unit_sh("cp %s %s", bin, p);
	unit_sh("cd %s/usr/lib/mperf && objcopy --add-gnu-debuglink=cpuburn.dbg cpuburn%s", dir, "");
	assert_int_equal(origin_under(dir, name, &bid), 'l');
	unit_sh("rm -rf %s%s", dir, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_dso_symsrc_order),
		cmocka_unit_test(test_aliases),
		cmocka_unit_test(test_elf),
		cmocka_unit_test(test_choose),
		cmocka_unit_test(test_lazy_demangle),
		cmocka_unit_test(test_fixup_elf_aliases),
		cmocka_unit_test(test_fixup_elf_plt_tree),
		cmocka_unit_test(test_symtree_random),
		cmocka_unit_test(test_fixup_elf_lookups_as_tree),
		cmocka_unit_test(test_elf_plt_as_perf),
		cmocka_unit_test(test_kallsyms),
		cmocka_unit_test(test_kallsyms_hidden),
		cmocka_unit_test(test_kallsyms_prefetch),
		cmocka_unit_test(test_kallsyms_long_lines),
		cmocka_unit_test(test_kallsyms_cache),
		cmocka_unit_test(test_build_id),
		cmocka_unit_test(test_demangle_operators),
		cmocka_unit_test(test_dso_load_mismatch),
		cmocka_unit_test(test_fixup_jit_as_tree),
		cmocka_unit_test(test_sort_start),
		cmocka_unit_test(test_dso_perfmap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
