// SPDX-License-Identifier: GPL-2.0
/* debuginfo__open: the copy of a debug file with its zlib-compressed
 * sections inflated holds, section by section, the bytes libelf's own
 * elf_compress() inflates; the unread sections (location lists) are
 * NOBITS; a damaged stream or a file without compressed sections gives
 * libdw the file itself. With a build-id, the copy is kept in the cache
 * directory and used again; a kept file that is not ours alone, or names
 * another build-id, is replaced. debuginfo__find: an object's
 * .gnu_debuglink file of its build-id is found (in the object's .debug
 * directory), one of another build-id is not, and libdebuginfod is not
 * loaded without DEBUGINFOD_URLS. The files are made by objcopy from a
 * perf 6.1 test binary (skipped where binutils is missing). */
#include "unit.h"
#include <dlfcn.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "util/build-id.h"
#include "util/debuginfo.h"
#include "util/dso.h"

#define BIN TEST_DATA "/perf-6.1/bin/cpuburn"

static char dir[] = "/tmp/mperf-test-debuginfo-XXXXXX";

static int setup(void **state)
{
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	return system(cmd) ? -1 : 0;
}

static const char *sec_name(Elf *elf, Elf_Scn *scn)
{
	size_t shstrndx;
	GElf_Shdr sh;

	if (elf_getshdrstrndx(elf, &shstrndx) || !gelf_getshdr(scn, &sh))
		return "";
	return elf_strptr(elf, shstrndx, sh.sh_name);
}

/* Compare @path, inflated by libelf, with the fd debuginfo__open gave;
 * how many sections were compressed in @path. */
static int compare(const char *path, int fd)
{
	int ofd = open(path, O_RDONLY);
	Elf *orig, *copy;
	Elf_Scn *a = NULL, *b = NULL;
	int compressed = 0;

	assert_true(ofd >= 0);
	orig = elf_begin(ofd, ELF_C_READ, NULL);
	copy = elf_begin(fd, ELF_C_READ, NULL);
	assert_non_null(orig);
	assert_non_null(copy);
	while ((a = elf_nextscn(orig, a))) {
		GElf_Shdr sa, sb;
		Elf_Data *da, *db;
		const char *name = sec_name(orig, a);

		b = elf_nextscn(copy, b);
		assert_non_null(b);
		assert_non_null(gelf_getshdr(a, &sa));
		assert_non_null(gelf_getshdr(b, &sb));
		assert_string_equal(name, sec_name(copy, b));
		assert_int_equal(sb.sh_flags & SHF_COMPRESSED, 0);
		if (sa.sh_flags & SHF_COMPRESSED) {
			compressed++;
			assert_int_equal(elf_compress(a, 0, 0), 1);
			assert_non_null(gelf_getshdr(a, &sa));
		}
		if (!strcmp(name, ".debug_loclists") && compressed) {
			assert_int_equal(sb.sh_type, SHT_NOBITS);
			assert_int_equal(sb.sh_size, 0);
			continue;
		}
		assert_int_equal(sa.sh_type, sb.sh_type);
		assert_int_equal(sa.sh_size, sb.sh_size);
		assert_int_equal(sa.sh_addr, sb.sh_addr);
		if (sa.sh_type == SHT_NOBITS)
			continue;
		da = elf_rawdata(a, NULL);
		db = elf_rawdata(b, NULL);
		if (sa.sh_flags != sb.sh_flags) /* inflated by libelf: not raw now */
			da = elf_getdata(a, NULL);
		assert_non_null(da);
		assert_non_null(db);
		assert_int_equal(da->d_size, db->d_size);
		assert_memory_equal(da->d_buf, db->d_buf, da->d_size);
	}
	assert_null(elf_nextscn(copy, b));
	elf_end(orig);
	elf_end(copy);
	close(ofd);
	return compressed;
}

static bool same_file(int fd, const char *path)
{
	struct stat a, b;

	return !fstat(fd, &a) && !stat(path, &b) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static void test_inflated(void **state)
{
	char z[256], big[256], zbig[256], *name = NULL;
	FILE *f;
	int fd, i;

	elf_version(EV_CURRENT);
	snprintf(z, sizeof(z), "%s/z", dir);
	unit_sh("objcopy --compress-debug-sections=zlib %s %s", BIN, z);
	fd = debuginfo__open(z, NULL, &name);
	assert_true(fd >= 0);
	assert_string_equal(name, z);
	assert_false(same_file(fd, z));
	/* .debug_info, _abbrev, _line, _str, _line_str, _loclists,
	 * _rnglists, _aranges */
	assert_true(compare(z, fd) >= 6);
	close(fd);
	free(name);

	/* over 2 MB of output: two threads inflate it */
	snprintf(big, sizeof(big), "%s/big", dir);
	f = fopen(big, "w");
	assert_non_null(f);
	for (i = 0; i < 200000; i++)
		fprintf(f, "line %d of a long text\n", i);
	fclose(f);
	snprintf(zbig, sizeof(zbig), "%s/zbig", dir);
	unit_sh("objcopy --add-section .debug_pubnames=%s " BIN " %s", big, zbig);
	unit_sh("objcopy --compress-debug-sections=zlib %s %s", zbig, zbig);
	fd = debuginfo__open(zbig, NULL, &name);
	assert_true(fd >= 0);
	assert_false(same_file(fd, zbig));
	assert_true(compare(zbig, fd) >= 7);
	close(fd);
	free(name);
}

/* Damage section @sec of @path: 16 bytes of its stream (@at_end 0), or
 * its header's size (inflated, it would be 4096 times its compressed size) */
static void damage(const char *path, const char *sec, size_t at_end)
{
	int fd = open(path, O_RDWR);
	Elf *elf = elf_begin(fd, ELF_C_READ, NULL);
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	bool done = false;

	assert_non_null(elf);
	while (!done && (scn = elf_nextscn(elf, scn))) {
		static const char junk[16] = "0123456789abcdef";

		if (strcmp(sec_name(elf, scn), sec) || !gelf_getshdr(scn, &sh))
			continue;
		/* at_end 0: the middle of the stream; else the Chdr's size */
		if (at_end) {
			uint64_t huge = sh.sh_size * 4096;

			assert_int_equal(pwrite(fd, &huge, 8, sh.sh_offset + 8), 8);
		} else {
			assert_int_equal(pwrite(fd, junk, 16, sh.sh_offset + sh.sh_size / 2), 16);
		}
		done = true;
	}
	assert_true(done);
	elf_end(elf);
	close(fd);
}

/* debuginfo__open gives libdw @path itself, not a copy */
static void assert_gives_file(const char *path)
{
	char *name = NULL;
	int fd = debuginfo__open(path, NULL, &name);

	assert_true(fd >= 0);
	assert_true(same_file(fd, path));
	assert_string_equal(name, path);
	close(fd);
	free(name);
}

static void test_fallback(void **state)
{
	char z[256], *name = NULL;

	elf_version(EV_CURRENT);
	for (int k = 0; k < 2; k++) {
		snprintf(z, sizeof(z), "%s/bad%d", dir, k);
		unit_sh("objcopy --compress-debug-sections=zlib %s %s", BIN, z);
		damage(z, ".debug_info", k);
		/* libdw's own inflating then says what is wrong */
		assert_gives_file(z);
	}
	/* nothing compressed */
	assert_gives_file(BIN);
	assert_int_equal(debuginfo__open("/nonexistent/file.debug", NULL, &name), -1);
}

static ino_t ino_of(int fd)
{
	struct stat st;

	assert_int_equal(fstat(fd, &st), 0);
	return st.st_ino;
}

/* debuginfo__open of @z with its build-id: a copy equal to libelf's
 * inflating; its inode */
static ino_t open_cached(const char *z, const struct build_id *bid)
{
	char *name = NULL;
	int fd = debuginfo__open(z, bid, &name);
	ino_t ino;

	assert_true(fd >= 0);
	assert_string_equal(name, z);
	assert_true(compare(z, fd) >= 6);
	ino = ino_of(fd);
	close(fd);
	free(name);
	return ino;
}

static void test_cache(void **state)
{
	char z[256], cache[256], kept[512], hex[SBUILD_ID_SIZE], cmd[1200];
	struct build_id bid;
	struct stat st;
	ino_t first;

	elf_version(EV_CURRENT);
	snprintf(z, sizeof(z), "%s/zc", dir);
	unit_sh("objcopy --compress-debug-sections=zlib %s %s", BIN, z);
	assert_int_equal(filename__read_build_id(z, &bid), 0);
	build_id__snprintf(&bid, hex, sizeof(hex));
	snprintf(cache, sizeof(cache), "%s/cache", dir);
	snprintf(kept, sizeof(kept), "%s/debuginfo/%s.1.debug", cache, hex);
	setenv("MPERF_CACHE_DIR", cache, 1);
	/* made and kept: ours alone */
	first = open_cached(z, &bid);
	assert_int_equal(stat(kept, &st), 0);
	assert_int_equal(st.st_ino, first);
	assert_int_equal(st.st_mode & 0777, 0600);
	/* used again: the same file */
	assert_int_equal(open_cached(z, &bid), first);
	/* written by others too: not used, replaced */
	assert_int_equal(chmod(kept, 0666), 0);
	first = open_cached(z, &bid);
	assert_int_equal(stat(kept, &st), 0);
	assert_int_equal(st.st_ino, first);
	assert_int_equal(st.st_mode & 0777, 0600);
	/* another build-id's file under this name: not used, replaced */
	snprintf(cmd, sizeof(cmd), "cp %s/perf-6.1/bin/dsouser %s && chmod 600 %s", TEST_DATA,
		 kept, kept);
	assert_int_equal(system(cmd), 0);
	assert_int_equal(stat(kept, &st), 0);
	assert_int_not_equal(open_cached(z, &bid), st.st_ino);
	/* MPERF_CACHE_DIR set and empty: no cache, a copy all the same */
	setenv("MPERF_CACHE_DIR", "", 1);
	assert_int_equal(stat(kept, &st), 0);
	assert_int_not_equal(open_cached(z, &bid), st.st_ino);
	unsetenv("MPERF_CACHE_DIR");
}

/* The debug file libdw takes for the object @path with mperf's search;
 * NULL: none (malloc'd) */
static char *debug_file_of(const char *path)
{
	static const Dwfl_Callbacks cb = {
		.find_debuginfo = debuginfo__find,
		.section_address = dwfl_offline_section_address,
		.find_elf = dwfl_build_id_find_elf,
	};
	const char *mainfile = NULL, *debugfile = NULL;
	Dwfl *dwfl = dwfl_begin(&cb);
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	char *got = NULL;

	assert_non_null(dwfl);
	dwfl_report_begin(dwfl);
	mod = dwfl_report_offline(dwfl, "obj", path, -1);
	dwfl_report_end(dwfl, NULL, NULL);
	assert_non_null(mod);
	if (dwfl_module_getdwarf(mod, &bias)) {
		dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, &mainfile, &debugfile);
		assert_non_null(debugfile);
		got = strdup(debugfile);
	}
	dwfl_end(dwfl);
	return got;
}

static void test_debuglink(void **state)
{
	char obj[256], dbg[256], link[64], *got;

	unsetenv("DEBUGINFOD_URLS");
	unit_sh("mkdir -p %s/dl/.debug%s", dir, "");
	snprintf(dbg, sizeof(dbg), "%s/dl/.debug/obj.debug", dir);
	snprintf(obj, sizeof(obj), "%s/dl/obj", dir);
	unit_sh("objcopy --only-keep-debug %s %s", BIN, dbg);
	unit_sh("objcopy --strip-debug %s %s", BIN, obj);
	unit_sh("objcopy --add-gnu-debuglink=%s %s", dbg, obj);
	assert_int_equal(elf__read_debuglink(obj, link, sizeof(link)), 0);
	assert_string_equal(link, "obj.debug");
	assert_int_equal(elf__read_debuglink(obj, link, 5), -ENOENT);
	assert_int_equal(elf__read_debuglink(dbg, link, sizeof(link)), -ENOENT);
	/* the object's .debug directory holds its debug file */
	got = debug_file_of(obj);
	assert_non_null(got);
	assert_string_equal(got, dbg);
	free(got);
	/* a debug file of another build there: not the object's */
	unit_sh("objcopy --only-keep-debug %s %s", TEST_DATA "/perf-6.1/bin/dsouser", dbg);
	assert_null(debug_file_of(obj));
	/* libdw's debuginfod client (libcurl, a TLS stack) never loaded */
	assert_null(dlopen("libdebuginfod.so.1", RTLD_LAZY | RTLD_NOLOAD));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inflated),
		cmocka_unit_test(test_fallback),
		cmocka_unit_test(test_cache),
		cmocka_unit_test(test_debuglink),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
