// SPDX-License-Identifier: GPL-2.0
/* symbols: lookup, alias choice, ELF (.symtab as file offsets), kallsyms,
 * build-id notes. Values checked against nm/readelf of the same files. */
#include "unit.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/build-id.h"
#include "util/dso.h"
#include "util/symbol.h"

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

static void test_kallsyms(void **state)
{
	struct symbols s = { 0 };

	assert_int_equal(kallsyms__load(D "kallsyms", &s), 0);
	assert_true(s.nr > 50000);
	assert_string_equal(symbols__find(&s, 0xffffffff821ed4a0ULL + 0x10)->name, "do_syscall_64");
	assert_true(kallsyms__symbol_addr(D "kallsyms", "_text") == 0xffffffff81000000ULL);
	symbols__exit(&s);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_aliases),
		cmocka_unit_test(test_elf),
		cmocka_unit_test(test_kallsyms),
		cmocka_unit_test(test_kallsyms_hidden),
		cmocka_unit_test(test_build_id),
		cmocka_unit_test(test_dso_load_mismatch),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
