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

/* An fd of a memfd holding the ELF file open at @fd with its compressed
 * sections stored inflated; -1 when it has none or is not one this reads
 * (the caller then gives libdw the file as it is). */
static int elf_inflate_fd(int fd)
{
	struct stat st;
	struct zsec *z = NULL;
	uint8_t *f, *img = MAP_FAILED;
	uint64_t total;
	long n, i;
	int mfd = -1;

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
	mfd = memfd_create("mperf-debuginfo", MFD_CLOEXEC);
	if (mfd < 0)
		goto out;
	if (ftruncate(mfd, total) ||
	    (img = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0)) == MAP_FAILED ||
	    !image__fill(img, f, st.st_size, z, n)) {
		close(mfd);
		mfd = -1;
	}
	if (img != MAP_FAILED)
		munmap(img, total);
out:
	free(z);
	munmap(f, st.st_size);
	return mfd;
}

bool debuginfo__build_id_file(Dwfl_Module *mod, char *path, size_t size)
{
	const unsigned char *bits;
	GElf_Addr vaddr;
	int len = dwfl_module_build_id(mod, &bits, &vaddr);
	struct build_id want, got;
	char hex[SBUILD_ID_SIZE];

	if (len < 2 || len > BUILD_ID_MAX)
		return false;
	build_id__init(&want, bits, len);
	build_id__snprintf(&want, hex, sizeof(hex));
	snprintf(path, size, "%s/.build-id/%.2s/%s.debug", DEBUGINFO_DIR, hex, hex + 2);
	return filename__read_build_id(path, &got) == 0 && !build_id__cmp(&want, &got);
}

int debuginfo__open(const char *path, char **debuginfo_file_name)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), copy;

	if (fd < 0)
		return -1;
	copy = elf_inflate_fd(fd);
	if (copy >= 0) {
		close(fd);
		fd = copy;
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

	if (debuginfo__build_id_file(mod, path, sizeof(path)))
		return debuginfo__open(path, debuginfo_file_name);
	return dwfl_standard_find_debuginfo(mod, userdata, modname, base, file_name,
					    debuglink_file, debuglink_crc, debuginfo_file_name);
}
