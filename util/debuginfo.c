// SPDX-License-Identifier: GPL-2.0
#include <elf.h>
#include <fcntl.h>
#include <limits.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "build-id.h"
#include "debuginfo.h"
#include "fsutil.h"

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define HOST_DATA ELFDATA2LSB
#else
#define HOST_DATA ELFDATA2MSB
#endif

/* no debug section inflates to more than this; a larger claim is damage */
#define INFLATE_MAX (1ULL << 32)

static bool in_file(uint64_t off, uint64_t size, uint64_t file_size)
{
	return off <= file_size && size <= file_size - off;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

struct zsec {
	uint64_t off, size;	/* the compressed bytes, Chdr included */
	uint64_t new_off;
	Elf64_Chdr ch;
	size_t idx;
	bool drop;		/* left out of the copy */
};

/*
 * The sections no lookup of mperf's reads (its line and inline lookups
 * and .debug_frame read none of them): location lists and macros, left
 * out of the copy as SHT_NOBITS, which libdw passes over. libc's
 * location lists are a tenth of its DWARF.
 */
static const char *const unread[] = { ".debug_loclists", ".debug_loc", ".debug_macro" };

/* Whether the section named at @name of the name table @tab is unread. */
static bool sec_unread(const uint8_t *f, uint64_t size, const Elf64_Shdr *tab, uint32_t name)
{
	const char *s;
	size_t i;

	if (tab->sh_type == SHT_NOBITS || !in_file(tab->sh_offset, tab->sh_size, size) ||
	    name >= tab->sh_size)
		return false;
	s = (const char *)f + tab->sh_offset + name;
	for (i = 0; i < sizeof(unread) / sizeof(unread[0]); i++)
		if (strnlen(s, tab->sh_size - name) == strlen(unread[i]) &&
		    !memcmp(s, unread[i], strlen(unread[i])))
			return true;
	return false;
}

static int zsec_cmp(const void *a, const void *b)
{
	const struct zsec *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* The zlib-compressed sections of @f, sorted by offset, in *@out; how many,
 * 0 when none, -1 when the file is one to leave to libdw. */
static long zsecs__find(const uint8_t *f, uint64_t size, struct zsec **out)
{
	const Elf64_Ehdr *eh = (const void *)f;
	Elf64_Shdr sh0, names;
	uint64_t shnum, shstrndx, i;
	struct zsec *z;
	long n = 0;

	*out = NULL;
	if (size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_ident[EI_DATA] != HOST_DATA ||
	    eh->e_shentsize != sizeof(Elf64_Shdr) || !eh->e_shoff ||
	    !in_file(eh->e_shoff, sizeof(sh0), size))
		return -1;
	memcpy(&sh0, f + eh->e_shoff, sizeof(sh0));
	shnum = eh->e_shnum ? eh->e_shnum : sh0.sh_size;
	shstrndx = eh->e_shstrndx == SHN_XINDEX ? sh0.sh_link : eh->e_shstrndx;
	if (!shnum || shnum > (size - eh->e_shoff) / sizeof(Elf64_Shdr) || shstrndx >= shnum)
		return -1;
	memcpy(&names, f + eh->e_shoff + shstrndx * sizeof(names), sizeof(names));
	z = calloc(shnum, sizeof(*z));
	if (!z)
		return -1;
	for (i = 0; i < shnum; i++) {
		Elf64_Shdr sh;

		memcpy(&sh, f + eh->e_shoff + i * sizeof(sh), sizeof(sh));
		if (sh.sh_type == SHT_NOBITS || !(sh.sh_flags & SHF_COMPRESSED))
			continue;
		/* within the file, and not over the header table, which the
		 * copy keeps (and points at the inflated data) */
		if (!in_file(sh.sh_offset, sh.sh_size, size) || sh.sh_size <= sizeof(Elf64_Chdr) ||
		    (sh.sh_offset < eh->e_shoff + shnum * sizeof(sh) &&
		     eh->e_shoff < sh.sh_offset + sh.sh_size))
			goto bad;
		memcpy(&z[n].ch, f + sh.sh_offset, sizeof(z[n].ch));
		if (z[n].ch.ch_type != ELFCOMPRESS_ZLIB || !z[n].ch.ch_size ||
		    z[n].ch.ch_size > INFLATE_MAX ||
		    (z[n].ch.ch_addralign & (z[n].ch.ch_addralign - 1)))
			goto bad;
		z[n].off = sh.sh_offset;
		z[n].size = sh.sh_size;
		z[n].idx = i;
		z[n].drop = sec_unread(f, size, &names, sh.sh_name);
		n++;
	}
	qsort(z, n, sizeof(*z), zsec_cmp);
	*out = z;
	return n;
bad:
	free(z);
	return -1;
}

/*
 * The inflating, shared by the caller and one helper thread when there
 * is enough of it: each takes the next section, the largest first
 * (libc: .debug_info is 60% of the output); the outputs never overlap.
 */
struct inflate_work {
	const uint8_t *f;
	uint8_t *img;
	const struct zsec *z;
	long *order, n;
	atomic_long next;
	atomic_bool failed;
};

#define INFLATE_SPLIT (2u << 20)	/* below this, one thread does it */

static void *inflate_work__run(void *arg)
{
	struct inflate_work *w = arg;
	struct libdeflate_decompressor *d = libdeflate_alloc_decompressor();
	long i;

	if (!d) {
		w->failed = true;
		return NULL;
	}
	while (!w->failed && (i = atomic_fetch_add(&w->next, 1)) < w->n) {
		const struct zsec *z = &w->z[w->order[i]];

		/* NULL: anything but exactly ch_size bytes is an error */
		if (libdeflate_zlib_decompress(d, w->f + z->off + sizeof(Elf64_Chdr),
					       z->size - sizeof(Elf64_Chdr), w->img + z->new_off,
					       z->ch.ch_size, NULL) != LIBDEFLATE_SUCCESS)
			w->failed = true;
	}
	libdeflate_free_decompressor(d);
	return NULL;
}

/* the largest output first (qsort_r: two threads can be in here) */
static int order_cmp(const void *a, const void *b, void *base)
{
	const struct zsec *z = base;
	uint64_t x = z[*(const long *)a].ch.ch_size;
	uint64_t y = z[*(const long *)b].ch.ch_size;

	return x > y ? -1 : x < y;
}

/* The copy: the file's bytes but the compressed ones, each section
 * inflated past the end of them, its header then pointing there. */
static bool image__fill(uint8_t *img, const uint8_t *f, uint64_t size, const struct zsec *z, long n)
{
	const Elf64_Ehdr *eh = (const void *)f;
	struct inflate_work w = { .f = f, .img = img, .z = z };
	uint64_t from = 0, out = 0;
	pthread_t helper;
	bool helped = false;
	long i;

	w.order = calloc(n, sizeof(*w.order));
	if (!w.order)
		return false;
	for (i = 0; i < n; i++) {
		if (z[i].drop)
			continue;
		w.order[w.n++] = i;
		out += z[i].ch.ch_size;
	}
	qsort_r(w.order, w.n, sizeof(*w.order), order_cmp, (void *)z);
	if (w.n > 1 && out >= INFLATE_SPLIT)
		helped = !pthread_create(&helper, NULL, inflate_work__run, &w);
	for (i = 0; i < n; i++) {
		if (z[i].off > from)
			memcpy(img + from, f + from, z[i].off - from);
		if (z[i].off + z[i].size > from)
			from = z[i].off + z[i].size;
	}
	if (from < size)
		memcpy(img + from, f + from, size - from);
	inflate_work__run(&w);
	if (helped)
		pthread_join(helper, NULL);
	free(w.order);
	if (w.failed)
		return false;
	/* the header table is in the copy now: point it at the inflated data */
	for (i = 0; i < n; i++) {
		uint8_t *at = img + eh->e_shoff + z[i].idx * sizeof(Elf64_Shdr);
		Elf64_Shdr sh;

		memcpy(&sh, at, sizeof(sh));
		sh.sh_offset = z[i].new_off;
		sh.sh_size = z[i].drop ? 0 : z[i].ch.ch_size;
		sh.sh_flags &= ~(uint64_t)SHF_COMPRESSED;
		sh.sh_addralign = z[i].ch.ch_addralign;
		if (z[i].drop)
			sh.sh_type = SHT_NOBITS;
		memcpy(at, &sh, sizeof(sh));
	}
	return true;
}

/*
 * The cache of inflated copies, in mperf's cache directory (the kallsyms
 * cache's): debuginfo/BUILD-ID.1.debug, 1 the copy's layout (what it
 * leaves out). A later report maps the copy instead of inflating again.
 * A copy is used when it is ours (our uid, written by no one else) and
 * its note names the build-id. It is written to a file with no name
 * (O_TMPFILE: a killed mperf leaves nothing), its blocks reserved first
 * (a full disk fails there, not as a SIGBUS while it is filled), and
 * named once whole. Without a cache, or when any of that fails: a memfd.
 */
#define DCACHE_LAYOUT "1"

struct dcache {
	char dir[PATH_MAX], path[PATH_MAX + 80];
};

static bool dcache__init(struct dcache *c, const struct build_id *bid)
{
	char base[PATH_MAX], hex[SBUILD_ID_SIZE];
	int n;

	if (!bid || !bid->size || !mperf_cache_dir(base, sizeof(base)))
		return false;
	build_id__snprintf(bid, hex, sizeof(hex));
	n = snprintf(c->dir, sizeof(c->dir), "%s/debuginfo", base);
	if (n <= 0 || (size_t)n >= sizeof(c->dir))
		return false;
	n = snprintf(c->path, sizeof(c->path), "%s/%s." DCACHE_LAYOUT ".debug", c->dir, hex);
	return n > 0 && (size_t)n < sizeof(c->path);
}

static int dcache__open(const struct dcache *c, const struct build_id *bid)
{
	struct build_id got;
	struct stat st;
	int fd = open(c->path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & 022) || filename__read_build_id(c->path, &got) ||
	    build_id__cmp(bid, &got)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* A file with no name in the cache, @size bytes reserved; -1: none */
static int dcache__create(const struct dcache *c, uint64_t size)
{
	int fd;

	if (!mperf_cache_dir__ours() || mkdir_p(c->dir, 0700))
		return -1;
	fd = open(c->dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0 && fallocate(fd, 0, 0, (off_t)size)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* @fd, whole, named in the cache (replacing a copy that was not used) */
static void dcache__name(const struct dcache *c, int fd)
{
	char self[64], tmp[PATH_MAX + 100];

	snprintf(self, sizeof(self), "/proc/self/fd/%d", fd);
	snprintf(tmp, sizeof(tmp), "%s.%d.tmp", c->path, (int)getpid());
	unlink(tmp);		/* a dead mperf's of this pid */
	if (linkat(AT_FDCWD, self, AT_FDCWD, tmp, AT_SYMLINK_FOLLOW))
		return;
	if (rename(tmp, c->path))
		unlink(tmp);
}

/* An fd of a copy of the ELF file open at @fd with its compressed
 * sections stored inflated, in the cache @c (NULL: none) or a memfd; -1
 * when it has none or is not one this reads (the caller then gives libdw
 * the file as it is). */
static int elf_inflate_fd(int fd, const struct dcache *c)
{
	struct stat st;
	struct zsec *z = NULL;
	uint8_t *f, *img = MAP_FAILED;
	uint64_t total;
	long n, i;
	int out = -1;
	bool cached;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(Elf64_Ehdr))
		return -1;
	f = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (f == MAP_FAILED)
		return -1;
	n = zsecs__find(f, st.st_size, &z);
	if (n <= 0)
		goto out;
	total = align_up(st.st_size, 64);
	for (i = 0; i < n; i++) {
		uint64_t a = z[i].ch.ch_addralign > 64 ? z[i].ch.ch_addralign : 64;

		if (z[i].drop) {
			z[i].new_off = total;
			continue;
		}
		if (a > 4096)
			goto out;
		z[i].new_off = align_up(total, a);
		total = z[i].new_off + z[i].ch.ch_size;
		if (total > INFLATE_MAX)
			goto out;
	}
	out = c ? dcache__create(c, total) : -1;
	cached = out >= 0;
	if (!cached) {
		out = memfd_create("mperf-debuginfo", MFD_CLOEXEC);
		if (out >= 0 && ftruncate(out, total)) {
			close(out);
			out = -1;
		}
	}
	if (out < 0)
		goto out;
	img = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED, out, 0);
	if (img == MAP_FAILED || !image__fill(img, f, st.st_size, z, n)) {
		close(out);
		out = -1;
	}
	if (img != MAP_FAILED)
		munmap(img, total);
	if (out >= 0 && cached)
		dcache__name(c, out);
out:
	free(z);
	munmap(f, st.st_size);
	return out;
}

bool debuginfo__build_id_file(Dwfl_Module *mod, char *path, size_t size, struct build_id *bid)
{
	const unsigned char *bits;
	GElf_Addr vaddr;
	int len = dwfl_module_build_id(mod, &bits, &vaddr);
	struct build_id got;
	char hex[SBUILD_ID_SIZE];

	if (len < 2 || len > BUILD_ID_MAX)
		return false;
	build_id__init(bid, bits, len);
	build_id__snprintf(bid, hex, sizeof(hex));
	snprintf(path, size, "%s/.build-id/%.2s/%s.debug", DEBUGINFO_DIR, hex, hex + 2);
	return filename__read_build_id(path, &got) == 0 && !build_id__cmp(bid, &got);
}

int debuginfo__open(const char *path, const struct build_id *bid, char **debuginfo_file_name)
{
	struct dcache c;
	bool use_cache = dcache__init(&c, bid);
	int fd = use_cache ? dcache__open(&c, bid) : -1;

	if (fd < 0) {
		int copy;

		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			return -1;
		copy = elf_inflate_fd(fd, use_cache ? &c : NULL);
		if (copy >= 0) {
			close(fd);
			fd = copy;
		}
	}
	*debuginfo_file_name = strdup(path);
	if (!*debuginfo_file_name) {
		close(fd);
		return -1;
	}
	return fd;
}

int debuginfo__find(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
		    const char *file_name, const char *debuglink_file, GElf_Word debuglink_crc,
		    char **debuginfo_file_name)
{
	char path[PATH_MAX];
	struct build_id bid;

	if (debuginfo__build_id_file(mod, path, sizeof(path), &bid))
		return debuginfo__open(path, &bid, debuginfo_file_name);
	return debuginfo__standard(mod, userdata, modname, base, file_name, debuglink_file,
				   debuglink_crc, debuginfo_file_name);
}

/*
 * Whether libdw's network lookup is asked for: DEBUGINFOD_URLS set to
 * something. libdw's standard search (elfutils 0.188) loads libdebuginfod
 * and, with it, libcurl and its TLS stack (6 ms, 6 MB of RSS) whenever a
 * dso has no local debug file, whether or not a server is configured.
 */
static bool debuginfod_wanted(void)
{
	const char *urls = getenv("DEBUGINFOD_URLS");

	return urls && urls[strspn(urls, " \t")];
}

/* An fd of the debuglink candidate @path when it is not the object
 * itself (@self) and, for a module with a build-id (@bid->size), its note
 * names that build-id; -1 otherwise. */
static int debuglink__try(const char *path, const struct stat *self, const struct build_id *bid,
			  char **debuginfo_file_name)
{
	struct build_id got;
	struct stat st;

	if (stat(path, &st) || !S_ISREG(st.st_mode) ||
	    (self && st.st_dev == self->st_dev && st.st_ino == self->st_ino))
		return -1;
	if (bid->size && (filename__read_build_id(path, &got) || build_id__cmp(bid, &got)))
		return -1;
	return debuginfo__open(path, bid->size ? bid : NULL, debuginfo_file_name);
}

/*
 * The local part of libdw's standard search, past the build-id file: the
 * object's .gnu_debuglink name (its basename + ".debug" without one) in
 * the object's directory, in its .debug subdirectory and under
 * DEBUGINFO_DIR + that directory; a module with a build-id takes only a
 * file whose note names it (libdw's rule for its default path, which
 * checks no CRC).
 */
static int debuglink__find(Dwfl_Module *mod, const char *file_name, const char *debuglink_file,
			   char **debuginfo_file_name)
{
	static const char *const fmt[] = { "%s/%s", "%s/.debug/%s", DEBUGINFO_DIR "%s/%s" };
	char dir[PATH_MAX], name[NAME_MAX + 1], path[PATH_MAX];
	const unsigned char *bits;
	struct build_id bid = { .size = 0 };
	struct stat self;
	bool have_self;
	const char *slash;
	GElf_Addr vaddr;
	int len, fd;
	size_t i;

	if (!file_name || !(slash = strrchr(file_name, '/')) ||
	    (size_t)(slash - file_name) >= sizeof(dir))
		return -1;
	memcpy(dir, file_name, slash - file_name);
	dir[slash - file_name] = '\0';
	if (snprintf(name, sizeof(name), "%s%s", debuglink_file ? debuglink_file : slash + 1,
		     debuglink_file ? "" : ".debug") >= (int)sizeof(name) || strchr(name, '/'))
		return -1;
	len = dwfl_module_build_id(mod, &bits, &vaddr);
	if (len > 0 && len <= BUILD_ID_MAX)
		build_id__init(&bid, bits, len);
	have_self = !stat(file_name, &self);
	for (i = 0; i < sizeof(fmt) / sizeof(fmt[0]); i++) {
		if (snprintf(path, sizeof(path), fmt[i], dir, name) >= (int)sizeof(path))
			continue;
		fd = debuglink__try(path, have_self ? &self : NULL, &bid, debuginfo_file_name);
		if (fd >= 0)
			return fd;
	}
	return -1;
}

int debuginfo__standard(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
			const char *file_name, const char *debuglink_file,
			GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	if (debuginfod_wanted())
		return dwfl_standard_find_debuginfo(mod, userdata, modname, base, file_name,
						    debuglink_file, debuglink_crc,
						    debuginfo_file_name);
	return debuglink__find(mod, file_name, debuglink_file, debuginfo_file_name);
}
