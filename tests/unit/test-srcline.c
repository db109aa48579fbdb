// SPDX-License-Identifier: GPL-2.0
/* srcline: addr2line's answers from libdw on a perf 6.1 test binary
 * (values checked against binutils' addr2line 2.40 on the same file), the
 * C++ names of inlined frames, perf's giving up on an object's lines after
 * 123 misses, and srcline__prefetch: a dso whose DWARF a
 * worker thread opened gives the same inlined frames and lines as one
 * opened when first used, for every address of every function; an unused
 * or missing prefetched file is freed with its machine. */
#include "unit.h"
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "util/dso.h"
#include "util/machine.h"
#include "util/srcline.h"
#include "util/symbol.h"

#define D TEST_DATA "/perf-6.1/"

/* inlined C++ frames are named by their linkage names, demangled as the
 * ELF symbols are: template arguments kept, return type and parameters
 * left out */
static void test_demangle(void **state)
{
	char *dm = elf__demangle("_ZSt4sortIN9__gnu_cxx17__normal_iteratorIPiSt6vectorIiSaIiEEEEEvT_S7_");

	if (!dm)
		skip();		/* no libstdc++ to demangle with */
	assert_string_equal(dm, "std::sort<__gnu_cxx::__normal_iterator<int*, "
				"std::vector<int, std::allocator<int> > > >");
	free(dm);
	assert_null(elf__demangle("main"));
}

static void test_lines(void **state)
{
	struct symbol_opts opts = { .quiet = true };
	struct machine *m = machine__new(&opts);
	char *path = realpath(D "bin/libmwork.so", NULL);
	struct symbol *plt;
	struct dso *dso;
	const char *lines[16];

	assert_non_null(m);
	assert_non_null(path);
	dso = dso__new(path);
	assert_non_null(dso);
	/* a row of the line table: file and line */
	assert_string_equal(srcline__get(m, dso, NULL, 0x1125), "libmwork.c:7");
	/* no row, a local function after a file symbol (crtstuff's
	 * deregister_tm_clones): addr2line's "crtstuff.c:?" */
	assert_string_equal(srcline__get(m, dso, NULL, 0x1060), "crtstuff.c:0");
	/* .plt: no function symbol below, addr2line finds nothing */
	plt = symbol__new(0x1030, 16, 0, "mwork_inner@plt");
	assert_non_null(plt);
	assert_string_equal(srcline__get(m, dso, plt, 0x1034), "mwork_inner@plt+4");
	assert_string_equal(srcline__get(m, dso, NULL, 0x1034), "libmwork.so[1034]");
	/* a DWARF frame there has no line of its own (the report then
	 * looks it up at its raw address, as perf) */
	assert_int_equal(srcline__inline_lines(m, dso, 0x1034, lines, 16), 0);
	assert_int_equal(srcline__inline_lines(m, dso, 0x1125, lines, 16), 1);
	assert_string_equal(lines[0], "libmwork.c:7");
	/* cached: the same answer again */
	assert_int_equal(srcline__inline_lines(m, dso, 0x1125, lines, 16), 1);
	assert_string_equal(lines[0], "libmwork.c:7");
	assert_int_equal(srcline__inline_lines(m, dso, 0x1060, lines, 16), 1);
	assert_string_equal(lines[0], "crtstuff.c:0");
	free(plt);
	dso__delete(dso);
	machine__delete(m);
	free(path);
}

/* perf's giving up on an object's lines: after 123 look-ups that found
 * nothing, before any that found one, every later look-up gives the
 * fallback; a found one first keeps it going. Uncounted look-ups
 * (srcline__line) and a frame's look-ups after its first do not count. */
static void test_give_up(void **state)
{
	struct symbol_opts opts = { .quiet = true };
	struct machine *m = machine__new(&opts);
	char *path = realpath(D "bin/libmwork.so", NULL);
	struct dso *a, *b, *c;
	int i;

	(void)state;
	assert_non_null(m);
	assert_non_null(path);
	a = dso__new(path);
	b = dso__new(path);
	c = dso__new(path);
	assert_true(a && b && c);
	/* a: 123 misses (.plt, and raw addresses), then given up */
	for (i = 0; i < 100; i++)
		assert_string_equal(srcline__get(m, a, NULL, 0x1034), "libmwork.so[1034]");
	for (i = 0; i < 23; i++)
		assert_string_equal(srcline__raw(m, a, NULL, 0x7f0000001125, true),
				    "libmwork.so[7f0000001125]");
	assert_string_equal(srcline__line(m, a, NULL, 0x1125), "libmwork.c:7");
	assert_string_equal(srcline__get(m, a, NULL, 0x1125), "libmwork.so[1125]");
	/* b: 122 misses, then a line: never given up */
	for (i = 0; i < 122; i++)
		srcline__get(m, b, NULL, 0x1034);
	assert_string_equal(srcline__get(m, b, NULL, 0x1125), "libmwork.c:7");
	for (i = 0; i < 300; i++)
		srcline__get(m, b, NULL, 0x1034);
	assert_string_equal(srcline__get(m, b, NULL, 0x1125), "libmwork.c:7");
	/* c: one frame address looked up 200 times counts once; a raw
	 * address that is the object's own finds its line */
	for (i = 0; i < 200; i++)
		assert_string_equal(srcline__frame(m, c, NULL, 0x1034, true), "libmwork.so[1034]");
	for (i = 0; i < 121; i++)
		srcline__line(m, c, NULL, 0x1034);
	assert_string_equal(srcline__raw(m, c, NULL, 0x1125, true), "libmwork.c:7");
	dso__delete(a);
	dso__delete(b);
	dso__delete(c);
	machine__delete(m);
	free(path);
}

/* cpuburn, as perf 6.1's files sampled it: four inlined subroutines */
#define BIN TEST_DATA "/perf-6.1/bin/cpuburn"

static struct machine *machine_with(const char *path, struct dso **dso, bool prefetch)
{
	struct symbol_opts opts = { 0 };
	struct machine *m = machine__new(&opts);

	assert_non_null(m);
	*dso = machine__findnew_dso(m, path);
	assert_non_null(*dso);
	if (prefetch) {
		srcline__prefetch(m, dso, 1);
		/* the worker has opened it: lookups take its result */
		srcline__prefetch_end();
	}
	return m;
}

static void test_prefetch_same_lines(void **state)
{
	char path[PATH_MAX];
	struct dso *a, *b;
	struct machine *ma, *mb;
	size_t i, inlined = 0;

	(void)state;
	assert_non_null(realpath(BIN, path));
	ma = machine_with(path, &a, false);
	mb = machine_with(path, &b, true);
	assert_int_equal(dso__load(a, &ma->opts), 0);
	assert_true(a->syms.nr > 0);
	for (i = 0; i < a->syms.nr; i++) {
		const struct symbol *sym = a->syms.syms[i];
		uint64_t addr;

		for (addr = sym->start; addr < sym->end; addr++) {
			const char *na[16], *nb[16], *la[16], *lb[16];
			int n = srcline__inlines(ma, a, addr, na, 16);
			int k;

			assert_int_equal(srcline__inlines(mb, b, addr, nb, 16), n);
			for (k = 0; k < n; k++) {
				assert_true(!na[k] == !nb[k]);
				if (na[k])
					assert_string_equal(na[k], nb[k]);
			}
			inlined += n > 1;
			n = srcline__inline_lines(ma, a, addr, la, 16);
			assert_int_equal(srcline__inline_lines(mb, b, addr, lb, 16), n);
			for (k = 0; k < n; k++)
				assert_string_equal(la[k], lb[k]);
		}
	}
	/* the comparison saw inlined frames: DWARF was read */
	assert_true(inlined > 0);
	machine__delete(ma);
	machine__delete(mb);
}

static void test_prefetch_unused_and_missing(void **state)
{
	char path[PATH_MAX];
	struct dso *d;
	struct machine *m;
	const char *names[4];

	(void)state;
	assert_non_null(realpath(BIN, path));
	m = machine_with(path, &d, true);	/* never looked up */
	machine__delete(m);
	m = machine_with("/nonexistent/mperf-test.so", &d, true);
	assert_int_equal(srcline__inlines(m, d, 0x1000, names, 4), 0);
	machine__delete(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demangle),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_give_up),
		cmocka_unit_test(test_prefetch_same_lines),
		cmocka_unit_test(test_prefetch_unused_and_missing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
