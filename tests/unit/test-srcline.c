// SPDX-License-Identifier: GPL-2.0
/* srcline: addr2line's answers from libdw on a perf 6.1 test binary
 * (values checked against binutils' addr2line 2.40 on the same file), and
 * the C++ names of inlined frames. */
#include "unit.h"
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_demangle),
		cmocka_unit_test(test_lines),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
