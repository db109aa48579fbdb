// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "alloc.h"
#include "debuginfo.h"
#include "dso.h"
#include "machine.h"
#include "srcline.h"
#include "symbol.h"

struct srcline_cache_ent {
	uint64_t addr;
	const char *line;	/* NULL: empty slot */
};

struct inline_ent {
	uint64_t addr;
	int n;			/* -1: empty slot */
	int nl;			/* lines: -1 not looked up yet */
	const char **names;
	const char **lines;
};

/*
 * The scopes of one CU that can contain code, found once: the walk
 * dwarf_getscopes() makes for one address (into the children of each DIE
 * with a code range, from the CU down), made for every address at once.
 * An address then needs no walk of the CU: the innermost entry that
 * contains it and its parents are what dwarf_getscopes_die() would give.
 */
struct cu_scope {
	Dwarf_Die die;
	int parent;		/* index, -1: the CU */
	int depth;
	uint32_t first_range, nr_ranges;
};

struct cu_scopes {
	Dwarf_Off cu_off;
	struct cu_scope *s;
	size_t nr, alloc;
	uint64_t (*ranges)[2];
	size_t nr_ranges, alloc_ranges;
	bool failed;
};

/*
 * binutils' file for the first rows of a sequence of a DWARF 5 line
 * program (see a2l_row_file()): per unit, the address ranges covered by
 * the rows before the sequence's first DW_LNS_set_file, and the name of
 * file entry 0 they take. Only for units whose entries 0 and 1 differ.
 */
struct a2l_ranges {
	uint64_t (*r)[2];	/* [start, end), sorted by start */
	size_t nr, alloc;
};

struct cu_lines {
	Dwarf_Off cu_off;
	bool scanned;		/* seq is the program's */
	const char *file0;	/* NULL: entry 0 is the path entry 1 is */
	struct a2l_ranges pre;	/* rows before a sequence's first set_file */
	struct a2l_ranges seq;	/* the sequences: first row to end_sequence */
};

/* The ELF symbols as binutils walks them for a file name when the line
 * table has no row (see a2l_elf_file()), in symbol table order. */
struct a2l_sym {
	uint64_t addr, size;
	uint32_t shndx;
	bool local, func, notype;
	const char *file;	/* the file symbol binutils pairs it with */
	const char *name;	/* in the ELF's string table (open while the module is) */
};

struct a2l_syms {
	struct a2l_sym *s;
	size_t nr;
	struct { uint64_t addr, size; uint32_t idx; } *secs;
	size_t nr_secs;
	uint32_t *order;	/* s[] by section, address, then table order */
	bool loaded;
};

struct cu_range {
	Dwarf_Addr lo, hi;	/* [lo, hi) in the DWARF's addresses */
	size_t die;		/* index in srcline_state.cu_dies */
};

struct srcline_state {
	struct cu_scopes *cus;
	size_t nr_cus;
	struct cu_lines *cul;
	size_t nr_cul;
	struct a2l_syms esyms;
	/* units by address, for DWARF without .debug_aranges (clang emits
	 * none; libdw's look-ups need it): built at the first miss */
	struct cu_range *cu_ranges;
	size_t nr_cu_ranges;
	Dwarf_Die *cu_dies;
	bool cu_ranges_built;
	/* the debug file perf reads lines from (the dso's symbols came
	 * from it), handed to libdw first; NULL: libdw's search */
	char *debug;
	struct build_id debug_bid;	/* its build-id; size 0: unknown */
	Elf_Data *debug_line;	/* .debug_line of the debug file, NULL: not looked up */
	bool no_debug_line;
	bool big_endian;
	struct inline_ent *inl;
	uint32_t inl_size, inl_nr;
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	struct { uint64_t vaddr, memsz, offset; } segs[16];
	int nseg;
	/* what perf adds to an address it names in a fallback ("ls[4a0]"):
	 * for an executable (ET_EXEC), .text's address less its offset */
	uint64_t fb_offset;
	bool failed;
	struct srcline_cache_ent *cache;
	uint32_t size, nr;
	/* srcline__prefetch: pf_state is the worker's, under pf.lock;
	 * pf_pending (the caller's thread only) says the state is not
	 * taken over yet */
	int pf_state;
	bool pf_pending;
	char *pf_name, *pf_path;
};

/* libdw's find_debuginfo: the module's srcline state (its userdata)
 * may name the debug file; else the build-id file or libdw's search */
static int srcline__find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
				   Dwarf_Addr base, const char *file_name,
				   const char *debuglink_file, GElf_Word debuglink_crc,
				   char **debuginfo_file_name)
{
	struct srcline_state *s = *userdata;
	int fd;

	if (s && s->debug) {
		fd = debuginfo__open(s->debug, s->debug_bid.size ? &s->debug_bid : NULL,
				     debuginfo_file_name);
		if (fd >= 0)
			return fd;
	}
	return debuginfo__find(mod, userdata, modname, base, file_name, debuglink_file,
			       debuglink_crc, debuginfo_file_name);
}

static const Dwfl_Callbacks srcline_callbacks = {
	.find_debuginfo = srcline__find_debuginfo,
	/* NULL: libdw's default debug file path */
	.section_address = dwfl_offline_section_address,
	.find_elf = dwfl_build_id_find_elf,
};

/* Whether @path is a whole object (its code in the file), not a debug
 * file that keeps only the headers and the DWARF of one. */
static bool elf_has_code(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *elf;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	bool code = false;

	if (fd < 0)
		return false;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	while (elf && !code && (scn = elf_nextscn(elf, scn)))
		code = gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_EXECINSTR) &&
		       sh.sh_type == SHT_PROGBITS && sh.sh_size;
	elf_end(elf);
	close(fd);
	return code;
}

/*
 * The file whose lines perf 6.1 gives: it runs addr2line on the file it
 * took the symbols from, so a whole copy of the object found first (the
 * build-id cache's, perhaps not stripped where the recorded path is)
 * wins over the recorded path. A debug file is no object for libdw to
 * place (no code, no segments to go by): the object is, and @s->debug
 * names the debug file its DWARF is read from.
 */
static const char *srcline__path(struct machine *m, struct dso *dso, struct srcline_state *s)
{
	const char *obj, *symsrc;

	if (dso->kind != DSO_KIND_USER)
		return NULL;
	obj = dso__objpath(dso, &m->opts);
	symsrc = dso__symsrc(dso, &m->opts);
	if (!obj || !symsrc || !strcmp(obj, symsrc))
		return obj;
	if (elf_has_code(symsrc))
		return symsrc;
	s->debug = strdup(symsrc);
	s->debug_bid = dso->bid;
	return obj;
}

static struct srcline_state *srcline__alloc(struct dso *dso)
{
	struct srcline_state *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->size = 256;
	s->cache = calloc(s->size, sizeof(*s->cache));
	if (!s->cache) {
		free(s);
		return NULL;
	}
	dso->srcline = s;
	return s;
}

/* The p_vaddr of the first PT_LOAD (0: a shared object linked at 0) */
static uint64_t elf__first_load_vaddr(Elf *elf)
{
	size_t nph;
	GElf_Phdr ph;

	if (elf_getphdrnum(elf, &nph))
		return 0;
	for (size_t i = 0; i < nph; i++)
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD)
			return ph.p_vaddr;
	return 0;
}

/* The object itself: its program headers place file offsets; libdw finds
 * separate debug info by build-id or debuglink. */
static void srcline__open(struct srcline_state *s, const char *name, const char *path)
{
	void **ud;
	Elf *elf;
	GElf_Ehdr eh;
	GElf_Shdr sh;
	size_t nph, i;

	if (!path) {
		s->failed = true;
		return;
	}
	s->dwfl = dwfl_begin(&srcline_callbacks);
	if (s->dwfl) {
		dwfl_report_begin(s->dwfl);
		s->mod = dwfl_report_elf(s->dwfl, name, path, -1, 0, false);
		dwfl_report_end(s->dwfl, NULL, NULL);
	}
	if (!s->mod) {
		s->failed = true;
		return;
	}
	/* for srcline__find_debuginfo */
	dwfl_module_info(s->mod, &ud, NULL, NULL, NULL, NULL, NULL, NULL);
	*ud = s;
	elf = dwfl_module_getelf(s->mod, &s->bias);
	/* (perf adjusts the symbols of a shared object linked at an address
	 * of its own, prelinked or -Ttext-segment, as an executable's) */
	if (elf && gelf_getehdr(elf, &eh) &&
	    (eh.e_type == ET_EXEC || (eh.e_type == ET_DYN && elf__first_load_vaddr(elf))) &&
	    elf__section(elf, ".text", &sh) == 1)
		s->fb_offset = sh.sh_addr - sh.sh_offset;
	if (elf && elf_getphdrnum(elf, &nph) == 0) {
		for (i = 0; i < nph && s->nseg < 16; i++) {
			GElf_Phdr ph;

			if (!gelf_getphdr(elf, i, &ph) || ph.p_type != PT_LOAD)
				continue;
			s->segs[s->nseg].vaddr = ph.p_vaddr;
			s->segs[s->nseg].memsz = ph.p_memsz;
			s->segs[s->nseg].offset = ph.p_offset;
			s->nseg++;
		}
	}
}

/*
 * Opening a dso's DWARF is the dearest part of its first lookup: libdw
 * inflates every compressed debug section (libc's debug file: ~70 ms).
 * srcline__prefetch queues the dsos whose lines will be wanted and one
 * worker opens them in turn while the caller reads the perf.data file.
 * srcline__state takes a queued dso over: it waits while the worker opens
 * it, or opens it itself when the worker has not come to it yet. The two
 * threads never share a Dwfl or an Elf; the one thing they share is
 * libelf's version word, which every dwfl_begin stores again with the
 * same value (helgrind names it; it is benign).
 */
enum { PF_QUEUED = 1, PF_RUNNING, PF_DONE };

static struct {
	pthread_mutex_t lock;
	pthread_cond_t done;
	pthread_t thread;
	bool started;
	struct srcline_state **queue;
	size_t nr, next;
} pf = { .lock = PTHREAD_MUTEX_INITIALIZER, .done = PTHREAD_COND_INITIALIZER };

static void *srcline__prefetch_run(void *arg)
{
	(void)arg;
	for (;;) {
		struct srcline_state *s = NULL;
		Dwarf_Addr bias;

		pthread_mutex_lock(&pf.lock);
		while (!s && pf.next < pf.nr) {
			s = pf.queue[pf.next++];
			if (s->pf_state != PF_QUEUED)
				s = NULL;
		}
		if (s)
			s->pf_state = PF_RUNNING;
		pthread_mutex_unlock(&pf.lock);
		if (!s)
			return NULL;
		srcline__open(s, s->pf_name, s->pf_path);
		if (!s->failed)
			dwfl_module_getdwarf(s->mod, &bias);
		pthread_mutex_lock(&pf.lock);
		s->pf_state = PF_DONE;
		pthread_cond_broadcast(&pf.done);
		pthread_mutex_unlock(&pf.lock);
	}
}

void srcline__prefetch(struct machine *m, struct dso **dsos, size_t n)
{
	size_t i;

	if (pf.started || !n)
		return;
	pf.queue = calloc(n, sizeof(*pf.queue));
	if (!pf.queue)
		return;
	for (i = 0; i < n; i++) {
		struct dso *dso = dsos[i];
		const char *path;
		struct srcline_state *s;

		if (dso->srcline || dso->kind != DSO_KIND_USER)
			continue;
		if (!(s = srcline__alloc(dso)))
			continue;
		path = srcline__path(m, dso, s);
		if (!path) {
			s->failed = true;
			continue;
		}
		s->pf_name = strdup(dso->short_name);
		s->pf_path = strdup(path);
		if (!s->pf_name || !s->pf_path) {
			s->failed = true;
			continue;
		}
		s->pf_state = PF_QUEUED;
		s->pf_pending = true;
		pf.queue[pf.nr++] = s;
	}
	/* without a thread each stays queued: opened when first used */
	if (pf.nr && !pthread_create(&pf.thread, NULL, srcline__prefetch_run, NULL))
		pf.started = true;
}

void srcline__prefetch_end(void)
{
	if (pf.started)
		pthread_join(pf.thread, NULL);
	free(pf.queue);
	pf.queue = NULL;
	pf.nr = pf.next = 0;
	pf.started = false;
}

static void srcline__take(struct srcline_state *s)
{
	bool open;

	pthread_mutex_lock(&pf.lock);
	while (s->pf_state == PF_RUNNING)
		pthread_cond_wait(&pf.done, &pf.lock);
	open = s->pf_state == PF_QUEUED;
	s->pf_state = 0;
	pthread_mutex_unlock(&pf.lock);
	if (open)
		srcline__open(s, s->pf_name, s->pf_path);
	s->pf_pending = false;
}

static struct srcline_state *srcline__state(struct machine *m, struct dso *dso)
{
	struct srcline_state *s = dso->srcline;

	if (s) {
		if (s->pf_pending)
			srcline__take(s);
		return s;
	}
	s = srcline__alloc(dso);
	if (!s)
		return NULL;
	srcline__open(s, dso->short_name, srcline__path(m, dso, s));
	return s;
}

/* file offset -> link-time address */
static uint64_t srcline__vaddr(const struct srcline_state *s, uint64_t off)
{
	int i;

	for (i = 0; i < s->nseg; i++)
		if (off >= s->segs[i].offset && off < s->segs[i].offset + s->segs[i].memsz)
			return off - s->segs[i].offset + s->segs[i].vaddr;
	return off;
}

/* cached for an address where addr2line finds nothing */
static const char srcline_none[] = "";

static const char *cache_find(struct srcline_state *s, uint64_t addr)
{
	uint32_t h = (uint32_t)(addr * 0x9e3779b97f4a7c15ULL >> 40) & (s->size - 1);

	while (s->cache[h].line) {
		if (s->cache[h].addr == addr)
			return s->cache[h].line;
		h = (h + 1) & (s->size - 1);
	}
	return NULL;
}

static void cache_add(struct srcline_state *s, uint64_t addr, const char *line)
{
	uint32_t h, i;

	if ((s->nr + 1) * 2 > s->size) {
		struct srcline_cache_ent *old = s->cache, *n;
		uint32_t osize = s->size;

		n = calloc(osize * 2, sizeof(*n));
		if (!n)
			return;
		s->cache = n;
		s->size = osize * 2;
		s->nr = 0;
		for (i = 0; i < osize; i++)
			if (old[i].line)
				cache_add(s, old[i].addr, old[i].line);
		free(old);
	}
	h = (uint32_t)(addr * 0x9e3779b97f4a7c15ULL >> 40) & (s->size - 1);
	while (s->cache[h].line)
		h = (h + 1) & (s->size - 1);
	s->cache[h].addr = addr;
	s->cache[h].line = line;
	s->nr++;
}

/* The file of a line-table row (libdw's numbering of the file table). */
static const char *a2l_file(Dwarf_Die *cu, Dwarf_Files *files, size_t idx)
{
	return dwarf_filesrc(files, idx, NULL, NULL);
}

/* The .debug_line bytes of the module's DWARF (libdw decompressed a
 * compressed section in place when it opened it), or NULL. */
static Elf_Data *srcline__debug_line(struct srcline_state *s)
{
	Dwarf_Addr bias;
	Dwarf *dw;
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (s->debug_line || s->no_debug_line)
		return s->debug_line;
	s->no_debug_line = true;
	/* the symbols of the file with the DWARF; without DWARF binutils
	 * still names a function's file (or "??") from the object's own */
	dw = dwfl_module_getdwarf(s->mod, &bias);
	elf = dw ? dwarf_getelf(dw) : dwfl_module_getelf(s->mod, &bias);
	if (!elf || elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	s->big_endian = elf_getident(elf, NULL)[EI_DATA] == ELFDATA2MSB;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".debug_line") || (sh.sh_flags & SHF_COMPRESSED))
			continue;
		s->debug_line = elf_getdata(scn, NULL);
		if (s->debug_line && s->debug_line->d_buf)
			s->no_debug_line = false;
		else
			s->debug_line = NULL;
		break;
	}
	return s->debug_line;
}

struct lp_reader {
	const unsigned char *p, *end;
	bool big_endian, bad;
};

static uint64_t lp_uint(struct lp_reader *r, unsigned int n)
{
	uint64_t v = 0;
	unsigned int i;

	if (n > 8 || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		r->p = r->end;
		return 0;
	}
	for (i = 0; i < n; i++)
		v |= (uint64_t)r->p[r->big_endian ? n - 1 - i : i] << (8 * i);
	r->p += n;
	return v;
}

static uint64_t lp_uleb(struct lp_reader *r)
{
	uint64_t v = 0;
	unsigned int shift = 0;

	while (r->p < r->end) {
		unsigned char b = *r->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
	}
	r->bad = true;
	return v;
}

static int ranges__push(struct a2l_ranges *g, uint64_t lo, uint64_t hi)
{
	if (hi <= lo)
		return 0;
	if (ALLOC_GROW(g->r, g->nr + 1, g->alloc, 16))
		return -1;
	g->r[g->nr][0] = lo;
	g->r[g->nr][1] = hi;
	g->nr++;
	return 0;
}

static int ranges__cmp(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* Whether @addr is in one of the (sorted, disjoint) ranges. */
static bool ranges__has(const struct a2l_ranges *g, uint64_t addr)
{
	size_t lo = 0, hi = g->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (g->r[mid][0] <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && addr < g->r[lo - 1][1];
}

/*
 * Run the line program at @off of .debug_line for the address ranges of
 * its sequences and of the rows that come before the first
 * DW_LNS_set_file of their sequence. Returns the program's version (0:
 * unreadable).
 */
static int cu_lines__scan(struct cu_lines *c, const Elf_Data *d, uint64_t off, bool big_endian)
{
	struct lp_reader r = { .big_endian = big_endian };
	const unsigned char *hdr_end, *prog_end;
	uint64_t len, hlen, addr = 0, seq_lo = 0, seq_hi = 0;
	unsigned int osize = 4, op_index = 0, min_inst, max_ops, line_range, opcode_base;
	unsigned char std_len[256];
	bool row_seen = false, file_set = false, hi_set = false;
	int version, i;

	if (off >= d->d_size)
		return 0;
	r.p = (const unsigned char *)d->d_buf + off;
	r.end = (const unsigned char *)d->d_buf + d->d_size;
	len = lp_uint(&r, 4);
	if (len == 0xffffffff) {
		len = lp_uint(&r, 8);
		osize = 8;
	}
	if (r.bad || len > (uint64_t)(r.end - r.p))
		return 0;
	prog_end = r.p + len;
	r.end = prog_end;
	version = (int)lp_uint(&r, 2);
	if (version >= 5)
		lp_uint(&r, 2);		/* address size, segment selector size */
	hlen = lp_uint(&r, osize);
	if (r.bad || hlen > (uint64_t)(r.end - r.p))
		return 0;
	hdr_end = r.p + hlen;
	min_inst = (unsigned int)lp_uint(&r, 1);
	max_ops = version >= 4 ? (unsigned int)lp_uint(&r, 1) : 1;
	lp_uint(&r, 1);			/* default_is_stmt */
	lp_uint(&r, 1);			/* line_base */
	line_range = (unsigned int)lp_uint(&r, 1);
	opcode_base = (unsigned int)lp_uint(&r, 1);
	memset(std_len, 0, sizeof(std_len));
	for (i = 1; i < (int)opcode_base; i++)
		std_len[i] = (unsigned char)lp_uint(&r, 1);
	if (r.bad || !max_ops || !line_range || version < 2)
		return 0;
	r.p = hdr_end;
	/* the state machine, as far as addresses and rows go */
	while (r.p < r.end && !r.bad) {
		unsigned int op = *r.p++;
		uint64_t adv = 0;
		bool row = false;

		if (op >= opcode_base) {
			adv = (op - opcode_base) / line_range;
			row = true;
		} else if (op == 0) {		/* extended */
			uint64_t elen = lp_uleb(&r);
			const unsigned char *next = r.p + elen;
			unsigned int eop;

			if (!elen || elen > (uint64_t)(r.end - r.p))
				break;
			eop = *r.p++;
			if (eop == DW_LNE_end_sequence) {
				if (row_seen &&
				    (ranges__push(&c->pre, seq_lo, hi_set ? seq_hi : addr) < 0 ||
				     ranges__push(&c->seq, seq_lo, addr) < 0))
					return 0;
				addr = 0;
				op_index = 0;
				row_seen = file_set = hi_set = false;
			} else if (eop == DW_LNE_set_address) {
				addr = lp_uint(&r, (unsigned int)(elen - 1));
				op_index = 0;
			}
			r.p = next;
			continue;
		} else {
			switch (op) {
			case DW_LNS_copy:
				row = true;
				break;
			case DW_LNS_advance_pc:
				adv = lp_uleb(&r);
				break;
			case DW_LNS_set_file:
				lp_uleb(&r);
				file_set = true;
				break;
			case DW_LNS_const_add_pc:
				adv = (255 - opcode_base) / line_range;
				break;
			case DW_LNS_fixed_advance_pc:
				addr += lp_uint(&r, 2);
				op_index = 0;
				break;
			default:	/* operands: ULEB128s (advance_line's is signed,
					 * skipped the same way) */
				for (i = 0; i < std_len[op]; i++)
					lp_uleb(&r);
				break;
			}
		}
		if (adv) {
			addr += min_inst * ((op_index + adv) / max_ops);
			op_index = (unsigned int)((op_index + adv) % max_ops);
		}
		if (!row)
			continue;
		if (!row_seen) {
			row_seen = true;
			seq_lo = addr;
		}
		if (file_set && !hi_set) {
			hi_set = true;
			seq_hi = addr;
		}
	}
	return version;
}

/* Sorted, overlaps merged (binutils trims overlapping sequences). */
static void ranges__sort(struct a2l_ranges *g)
{
	size_t i, o = 0;

	if (!g->nr)
		return;
	qsort(g->r, g->nr, sizeof(*g->r), ranges__cmp);
	for (i = 1; i < g->nr; i++) {
		if (g->r[i][0] < g->r[o][1]) {
			if (g->r[i][1] > g->r[o][1])
				g->r[o][1] = g->r[i][1];
			continue;
		}
		o++;
		g->r[o][0] = g->r[i][0];
		g->r[o][1] = g->r[i][1];
	}
	g->nr = o + 1;
}

static const struct cu_lines *srcline__cu_lines(struct srcline_state *s, Dwarf_Die *cudie)
{
	Dwarf_Off off = dwarf_dieoffset(cudie);
	const char *f0 = NULL, *f1 = NULL;
	struct cu_lines *c;
	Dwarf_Attribute at;
	Dwarf_Word stmt;
	Dwarf_Files *files;
	const Elf_Data *d;
	size_t i, nfiles;
	int version;

	for (i = 0; i < s->nr_cul; i++)
		if (s->cul[i].cu_off == off)
			return &s->cul[i];
	c = realloc(s->cul, (s->nr_cul + 1) * sizeof(*s->cul));
	if (!c)
		return NULL;
	s->cul = c;
	c = &s->cul[s->nr_cul++];
	memset(c, 0, sizeof(*c));
	c->cu_off = off;
	d = srcline__debug_line(s);
	if (!d || dwarf_formudata(dwarf_attr(cudie, DW_AT_stmt_list, &at), &stmt))
		return c;
	version = cu_lines__scan(c, d, stmt, s->big_endian);
	ranges__sort(&c->seq);
	ranges__sort(&c->pre);
	c->scanned = version > 0;
	if (version >= 5 && !dwarf_getsrcfiles(cudie, &files, &nfiles) && nfiles >= 2) {
		f0 = dwarf_filesrc(files, 0, NULL, NULL);
		f1 = dwarf_filesrc(files, 1, NULL, NULL);
	}
	if (f0 && f1 && strcmp(f0, f1) && c->pre.nr)
		c->file0 = f0;
	return c;
}

static void srcline__cu_lines_exit(struct srcline_state *s)
{
	size_t i;

	free(s->cu_ranges);
	free(s->cu_dies);
	s->cu_ranges = NULL;
	s->cu_dies = NULL;
	s->nr_cu_ranges = 0;
	s->cu_ranges_built = false;

	for (i = 0; i < s->nr_cul; i++) {
		free(s->cul[i].pre.r);
		free(s->cul[i].seq.r);
	}
	free(s->cul);
	s->cul = NULL;
	s->nr_cul = 0;
	free(s->esyms.s);
	free(s->esyms.order);
	free(s->esyms.secs);
	memset(&s->esyms, 0, sizeof(s->esyms));
}

/*
 * The file binutils' addr2line names for a line-table row. It starts
 * each sequence of a DWARF 5 line program with file entry 0 (the unit's
 * primary file) where the DWARF file register starts at 1, so the rows
 * before the sequence's first DW_LNS_set_file are named after entry 0:
 * code of a header at the start of a function (glibc's
 * libc_start_call_main.h in libc-start.c) reads as the .c file. Other
 * rows: the file the row names.
 */
static const char *a2l_row_file(struct srcline_state *s, Dwarf_Line *line, Dwarf_Die *cudie,
				const char *file)
{
	Dwarf_Addr addr;
	Dwarf_Files *files;
	const struct cu_lines *c;
	const char *f;
	size_t idx;

	if (!line || !cudie || dwarf_line_file(line, &files, &idx))
		return file;
	f = a2l_file(cudie, files, idx);
	if (!f)
		return file;
	if (idx != 1 || dwarf_lineaddr(line, &addr))
		return f;
	c = srcline__cu_lines(s, cudie);
	if (c && c->file0 && ranges__has(&c->pre, addr))
		return c->file0;
	return f;
}

static void a2l_syms__load(struct machine *m, struct srcline_state *s)
{
	struct a2l_syms *e = &s->esyms;
	Dwarf_Addr bias;
	Dwarf *dw;
	Elf *elf;
	Elf_Scn *scn = NULL, *symscn = NULL;
	GElf_Shdr sh, symsh = { 0 };
	Elf_Data *data;
	const char *file = NULL;
	bool after = false, seen = false;
	size_t i, n, nsecs = 0;

	e->loaded = true;
	/* the symbols of the file with the DWARF; without DWARF binutils
	 * still names a function's file (or "??") from the object's own */
	dw = dwfl_module_getdwarf(s->mod, &bias);
	elf = dw ? dwarf_getelf(dw) : dwfl_module_getelf(s->mod, &bias);
	if (!elf || elf_getshdrnum(elf, &nsecs))
		return;
	e->secs = calloc(nsecs ? nsecs : 1, sizeof(*e->secs));
	if (!e->secs)
		return;
	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB ||
		    (sh.sh_type == SHT_DYNSYM && (!symscn || symsh.sh_type != SHT_SYMTAB))) {
			symscn = scn;
			symsh = sh;
		}
		if ((sh.sh_flags & SHF_ALLOC) && sh.sh_size && e->nr_secs < nsecs) {
			e->secs[e->nr_secs].addr = sh.sh_addr;
			e->secs[e->nr_secs].size = sh.sh_size;
			e->secs[e->nr_secs].idx = (uint32_t)elf_ndxscn(scn);
			e->nr_secs++;
		}
	}
	if (!symscn || !symsh.sh_entsize || !(data = elf_getdata(symscn, NULL)))
		return;
	n = symsh.sh_size / symsh.sh_entsize;
	e->s = calloc(n ? n : 1, sizeof(*e->s));
	if (!e->s)
		return;
	/* binutils pairs a symbol with the last file symbol before it;
	 * a global one only while no file symbol came after a symbol (the
	 * globals follow every object's locals) */
	for (i = 1; i < n; i++) {
		struct a2l_sym *o;
		GElf_Sym sym;
		int type;

		if (!gelf_getsym(data, (int)i, &sym))
			continue;
		type = GELF_ST_TYPE(sym.st_info);
		if (type == STT_FILE) {
			const char *name = elf_strptr(elf, symsh.sh_link, sym.st_name);

			file = machine__intern(m, name ? name : "");
			if (seen)
				after = true;
			continue;
		}
		seen = true;
		if (type == STT_SECTION || type == STT_OBJECT || type == STT_TLS ||
		    type == STT_COMMON || sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
			continue;
		/* annobin's markers: hidden local untyped symbols of no size */
		if (!sym.st_size && GELF_ST_BIND(sym.st_info) == STB_LOCAL && type == STT_NOTYPE &&
		    GELF_ST_VISIBILITY(sym.st_other) == STV_HIDDEN)
			continue;
		o = &e->s[e->nr++];
		o->addr = sym.st_value;
		o->size = sym.st_size ? sym.st_size : 1;
		o->shndx = sym.st_shndx;
		o->local = GELF_ST_BIND(sym.st_info) == STB_LOCAL;
		o->func = type == STT_FUNC || type == STT_GNU_IFUNC;
		o->notype = type == STT_NOTYPE;
		o->file = file && (o->local || !after) ? file : NULL;
		o->name = elf_strptr(elf, symsh.sh_link, sym.st_name);
	}
}

/* binutils' choice between the best symbol so far @c and @o for @addr */
static bool a2l_better(const struct a2l_sym *c, const struct a2l_sym *o, uint64_t addr)
{
	if (o->addr > addr)
		return false;
	if (!c)
		return true;
	if (o->addr != c->addr)
		return o->addr > c->addr;
	if (c->addr + c->size <= addr)
		return o->size > c->size;
	if (o->addr + o->size <= addr)
		return false;
	if (c->func != o->func)
		return o->func;
	if (c->notype != o->notype)
		return c->notype;
	return o->size < c->size;
}

/*
 * The ELF symbol binutils' addr2line takes for @addr (link-time) when
 * DWARF names no function there: the closest below it in its section
 * (labels of no type included). NULL without one.
 */
static int a2l_order_cmp(const void *a, const void *b, void *arg)
{
	const struct a2l_syms *e = arg;
	const struct a2l_sym *x = &e->s[*(const uint32_t *)a];
	const struct a2l_sym *y = &e->s[*(const uint32_t *)b];

	if (x->shndx != y->shndx)
		return x->shndx < y->shndx ? -1 : 1;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return *(const uint32_t *)a < *(const uint32_t *)b ? -1 : 1;
}

/* The symbols in search order, made at the first look-up; NULL without
 * memory (the look-ups then walk the table) */
static void a2l_syms__order(struct a2l_syms *e)
{
	uint32_t i;

	e->order = e->nr ? malloc(e->nr * sizeof(*e->order)) : NULL;
	if (!e->order)
		return;
	for (i = 0; i < e->nr; i++)
		e->order[i] = i;
	/* (qsort_r: the look-ups of other threads sort theirs meanwhile) */
	qsort_r(e->order, e->nr, sizeof(*e->order), a2l_order_cmp, e);
}

static const struct a2l_sym *a2l_elf_sym(struct machine *m, struct srcline_state *s,
					 uint64_t addr)
{
	struct a2l_syms *e = &s->esyms;
	const struct a2l_sym *best = NULL;
	uint32_t sec = 0;
	size_t i, lo, hi, first;

	if (!e->loaded) {
		a2l_syms__load(m, s);
		a2l_syms__order(e);
	}
	for (i = 0; i < e->nr_secs; i++)
		if (addr >= e->secs[i].addr && addr - e->secs[i].addr < e->secs[i].size) {
			sec = e->secs[i].idx;
			break;
		}
	if (!sec)
		return NULL;
	if (!e->order) {
		for (i = 0; i < e->nr; i++)
			if (e->s[i].shndx == sec && a2l_better(best, &e->s[i], addr))
				best = &e->s[i];
		return best;
	}
	/* binutils' choice is among the symbols of the highest address not
	 * above @addr (a2l_better), taken in table order */
	lo = 0;
	hi = e->nr;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct a2l_sym *o = &e->s[e->order[mid]];

		if (o->shndx < sec || (o->shndx == sec && o->addr <= addr))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || e->s[e->order[lo - 1]].shndx != sec)
		return NULL;
	first = lo - 1;
	while (first && e->s[e->order[first - 1]].shndx == sec &&
	       e->s[e->order[first - 1]].addr == e->s[e->order[lo - 1]].addr)
		first--;
	for (i = first; i < lo; i++)
		if (a2l_better(best, &e->s[e->order[i]], addr))
			best = &e->s[e->order[i]];
	return best;
}

/*
 * The file binutils' addr2line names for @addr (link-time) when the line
 * table has no row for it: the file symbol of that ELF symbol. Returns
 * false without such a symbol; *@file NULL: no file ("??").
 */
static bool a2l_elf_file(struct machine *m, struct srcline_state *s, uint64_t addr,
			 const char **file)
{
	const struct a2l_sym *best = a2l_elf_sym(m, s, addr);

	if (!best)
		return false;
	*file = best->file;
	return true;
}

/*
 * The function name of that ELF symbol, demangled as perf demangles
 * addr2line's answer (which it shows as inlined when it is not its own
 * symbol's name: a label inside a function of assembler code, say).
 */
static const char *a2l_elf_func(struct machine *m, struct srcline_state *s, uint64_t addr)
{
	const struct a2l_sym *best = a2l_elf_sym(m, s, addr);
	const char *name = best ? best->name : NULL;
	char *dm;

	if (!name || !*name)
		return NULL;
	dm = m->opts.no_demangle ? NULL : elf__demangle(name);
	if (dm) {
		name = machine__intern(m, dm);
		free(dm);
		return name;
	}
	return machine__intern(m, name);
}

static struct cu_scopes *srcline__cu_scopes(struct srcline_state *s, Dwarf_Die *cudie);

/* The innermost DWARF function at @pc of the unit: binutils' funcinfo. */
static bool a2l_func(struct srcline_state *s, Dwarf_Die *cudie, Dwarf_Addr pc, Dwarf_Die *func)
{
	struct cu_scopes *t = srcline__cu_scopes(s, cudie);
	int best = -1, i;
	size_t k;

	if (!t || t->failed)
		return false;
	for (k = 0; k < t->nr; k++) {
		const struct cu_scope *e = &t->s[k];
		uint32_t r;

		if (best >= 0 && e->depth <= t->s[best].depth)
			continue;
		for (r = 0; r < e->nr_ranges; r++) {
			const uint64_t *rg = t->ranges[e->first_range + r];

			if (pc >= rg[0] && pc < rg[1]) {
				best = (int)k;
				break;
			}
		}
	}
	for (i = best; i >= 0; i = t->s[i].parent) {
		int tag = dwarf_tag(&t->s[i].die);

		if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine ||
		    tag == DW_TAG_entry_point) {
			*func = t->s[i].die;
			return true;
		}
	}
	return false;
}

/* The languages whose function names binutils takes as linkage names
 * (no demangling style). */
static bool a2l_unmangled(int lang)
{
	switch (lang) {
	case DW_LANG_C89:
	case DW_LANG_C:
	case DW_LANG_C99:
	case DW_LANG_C11:
	case DW_LANG_Cobol74:
	case DW_LANG_Cobol85:
	case DW_LANG_Fortran77:
	case DW_LANG_Pascal83:
	case DW_LANG_PLI:
	case DW_LANG_UPC:
	case DW_LANG_Mips_Assembler:
	case 0x8004:		/* HP Basic91 */
	case 0x8006:		/* HP IMacro */
	case 0x8007:		/* HP Assembler */
	case 0x8765:		/* Upc */
		return true;
	default:
		return false;
	}
}

static int cu_range__cmp(const void *a, const void *b)
{
	const struct cu_range *l = a, *r = b;

	return l->lo < r->lo ? -1 : l->lo > r->lo;
}

/* The units' address ranges from their DIEs (DW_AT_ranges, low/high_pc),
 * as binutils reads them when the file has no .debug_aranges */
static void srcline__build_cu_ranges(struct srcline_state *s)
{
	Dwarf_Addr bias;
	Dwarf *dw = dwfl_module_getdwarf(s->mod, &bias);
	Dwarf_Aranges *ar;
	size_t nar = 0, cap = 0, nd = 0, dcap = 0;
	Dwarf_Off off = 0, next;
	size_t hsize;

	s->cu_ranges_built = true;
	/* a file with aranges keeps libdw's answers (a miss there is no unit) */
	if (!dw || (dwarf_getaranges(dw, &ar, &nar) == 0 && nar))
		return;
	while (dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		Dwarf_Die die;
		Dwarf_Addr base, lo, hi;
		ptrdiff_t it = 0;
		bool any = false;

		if (!dwarf_offdie(dw, off + hsize, &die))
			goto next_cu;
		while ((it = dwarf_ranges(&die, it, &base, &lo, &hi)) > 0) {
			if (hi <= lo)
				continue;
			if (s->nr_cu_ranges == cap) {
				struct cu_range *g;

				cap = cap ? 2 * cap : 64;
				g = realloc(s->cu_ranges, cap * sizeof(*g));
				if (!g)
					return;
				s->cu_ranges = g;
			}
			s->cu_ranges[s->nr_cu_ranges++] = (struct cu_range){ lo, hi, nd };
			any = true;
		}
		if (any) {
			if (nd == dcap) {
				Dwarf_Die *g;

				dcap = dcap ? 2 * dcap : 16;
				g = realloc(s->cu_dies, dcap * sizeof(*g));
				if (!g) {
					s->nr_cu_ranges = 0;
					return;
				}
				s->cu_dies = g;
			}
			s->cu_dies[nd++] = die;
		}
next_cu:
		off = next;
	}
	if (s->nr_cu_ranges)
		qsort(s->cu_ranges, s->nr_cu_ranges, sizeof(*s->cu_ranges), cu_range__cmp);
}

/* dwfl_module_addrdie, and for DWARF without .debug_aranges the unit
 * whose ranges hold @a (module address) */
static Dwarf_Die *srcline__addrdie(struct srcline_state *s, Dwarf_Addr a, Dwarf_Addr *bias)
{
	Dwarf_Die *die = dwfl_module_addrdie(s->mod, a, bias);
	size_t lo = 0, hi;

	if (die)
		return die;
	if (!s->cu_ranges_built)
		srcline__build_cu_ranges(s);
	if (!s->nr_cu_ranges || !dwfl_module_getdwarf(s->mod, bias))
		return NULL;
	/* the last range starting at or below the address; ranges of one
	 * unit may nest in another's (rare): walk back over those */
	hi = s->nr_cu_ranges;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->cu_ranges[mid].lo <= a - *bias)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = 0; lo-- > 0 && k < 16; k++)
		if (a - *bias < s->cu_ranges[lo].hi)
			return &s->cu_dies[s->cu_ranges[lo].die];
	return NULL;
}

/*
 * binutils' addr2line's first answer for @a (module address): a row of
 * the line table (BFD's: only inside a sequence, a zero-length last row
 * does not count), else a function around it with no line. Returns 1
 * with *@file (NULL: "??") and *@line (0: "?"), 0 when addr2line finds
 * nothing ("??:0", which perf takes as no line): enum a2l_found.
 */
enum a2l_found {
	A2L_NONE,
	A2L_DWARF,	/* a line row, or a function of the DWARF */
	A2L_ELF,	/* a file symbol's name: binutils puts no directory before it */
};

static int a2l_lookup(struct machine *m, struct srcline_state *s, Dwarf_Addr a,
		      const char **file, int *line)
{
	Dwarf_Addr cubias, lbias;
	Dwarf_Die *cudie = srcline__addrdie(s, a, &cubias);
	Dwfl_Line *dl = dwfl_module_getsrc(s->mod, a);
	/* (without .debug_aranges libdw finds no row: the unit's table) */
	Dwarf_Line *row = dl ? dwfl_dwarf_line(dl, &lbias) :
			  cudie ? dwarf_getsrc_die(cudie, a - cubias) : NULL;
	const struct cu_lines *c = cudie ? srcline__cu_lines(s, cudie) : NULL;
	Dwarf_Die func;
	Dwarf_Attribute at;
	bool have_func;

	*file = NULL;
	*line = 0;
	if (row && cudie && (!c || !c->scanned || ranges__has(&c->seq, a - cubias))) {
		const char *f = dwarf_linesrc(row, NULL, NULL);

		if (f && !dwarf_lineno(row, line)) {
			*file = a2l_row_file(s, row, cudie, f);
			return A2L_DWARF;
		}
	}
	*line = 0;
	have_func = cudie && a2l_func(s, cudie, a - cubias, &func);
	/* a function binutils takes the name of as its linkage name (any
	 * function of C and the like): no look at the ELF symbols */
	if (have_func && (dwarf_attr_integrate(&func, DW_AT_linkage_name, &at) ||
			  dwarf_attr_integrate(&func, DW_AT_MIPS_linkage_name, &at) ||
			  (a2l_unmangled(dwarf_srclang(cudie)) &&
			   dwarf_attr_integrate(&func, DW_AT_name, &at))))
		return A2L_DWARF;
	if (a2l_elf_file(m, s, a - s->bias, file))
		return A2L_ELF;
	return have_func ? A2L_DWARF : A2L_NONE;
}

/* a name relative to the unit's directory (gcc given a relative path):
 * binutils puts the unit's directory in front (in @buf; the callers of
 * --full-source-path leave an empty name alone, as perf prints ":0") */
static const char *a2l_with_dir(struct srcline_state *s, Dwarf_Addr a, const char *f,
				char *buf, size_t size)
{
	Dwarf_Addr cubias;
	Dwarf_Die *cudie;
	Dwarf_Attribute at;
	const char *dir;

	if (!f || f[0] == '/')
		return f;
	cudie = srcline__addrdie(s, a, &cubias);
	dir = cudie ? dwarf_formstring(dwarf_attr(cudie, DW_AT_comp_dir, &at)) : NULL;
	if (!dir || !*dir)
		return f;
	snprintf(buf, size, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", f);
	return buf;
}

/* --full-source-path: the path binutils gives for what a2l_lookup found
 * (@found) at @a, in @buf when it is made */
static const char *a2l_full_path(struct machine *m, struct srcline_state *s, Dwarf_Addr a,
				 int found, const char *f, char *buf, size_t size)
{
	if (!m->opts.full_source_path || !f || !*f || found != A2L_DWARF)
		return f;
	return a2l_with_dir(s, a, f, buf, size);
}

/* What a look-up that finds no line gives */
enum srcline_fallback {
	FALLBACK_SYM,		/* "sym+off", or "dso[addr]" */
	FALLBACK_OFF,		/* "+off", or "dso[addr]" */
	FALLBACK_NONE,		/* NULL */
};

/* machine__intern of a formatted string of any length (perf formats
 * these lines with asprintf: a long C++ name is not cut) */
static const char *intern_printf(struct machine *m, const char *fmt, ...)
{
	char buf[512], *big = NULL;
	const char *r;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	if ((size_t)n < sizeof(buf))
		return machine__intern(m, buf);
	va_start(ap, fmt);
	n = vasprintf(&big, fmt, ap);
	va_end(ap);
	if (n < 0)
		return NULL;
	r = machine__intern(m, big);
	free(big);
	return r;
}

/* What a look-up that finds no line gives: perf names the symbol and the
 * offset in it, else the object and the address (an executable's at its
 * link-time place) */
static const char *srcline__fallback(struct machine *m, struct dso *dso,
				     const struct srcline_state *s, struct symbol *sym,
				     uint64_t addr, enum srcline_fallback fallback)
{
	if (fallback == FALLBACK_NONE)
		return NULL;
	if (sym)
		return intern_printf(m, "%s+%" PRIu64,
				     fallback == FALLBACK_SYM ? sym->name : "", addr - sym->start);
	return intern_printf(m, "%s[%" PRIx64 "]", dso->short_name,
			     addr + (s && !s->failed ? s->fb_offset : 0));
}

/* cached look-ups at a link-time address (srcline__raw) are keyed so,
 * apart from those at file offsets */
#define SRCLINE_KEY_VADDR (1ULL << 63)

/* The line binutils' addr2line gives for @addr in the object of @s
 * (interned), or NULL where it finds none. @addr is a file offset, or with
 * @vaddr the link-time address. */
static const char *srcline__find(struct machine *m, struct srcline_state *s,
				 uint64_t addr, bool vaddr)
{
	const char *line = NULL, *file, *base, *hit;
	char path[4096];
	uint64_t key = vaddr ? addr | SRCLINE_KEY_VADDR : addr;
	int lineno = 0;

	if (!s || s->failed || (vaddr && (addr & SRCLINE_KEY_VADDR)))
		return NULL;
	hit = cache_find(s, key);
	if (hit)
		return hit == srcline_none ? NULL : hit;

	Dwarf_Addr a = (vaddr ? addr : srcline__vaddr(s, addr)) + s->bias;

	/* perf takes addr2line's "??:0" as no line, "??:?" as "??:0" */
	int found = a2l_lookup(m, s, a, &file, &lineno);

	if (found) {
		file = a2l_full_path(m, s, a, found, file, path, sizeof(path));
		base = file && !m->opts.full_source_path ? strrchr(file, '/') : NULL;
		line = intern_printf(m, "%s:%d", base ? base + 1 : file ? file : "??", lineno);
	}
	/* no line: the fallback depends on the symbol, not cached */
	cache_add(s, key, line ? line : srcline_none);
	return line;
}

/*
 * perf gives up on an object's lines after 123 look-ups that found none,
 * in a row from the first one: every later look-up gives the fallback at
 * once, found or not. One that finds a line first keeps it going for
 * good. Which rows a stripped binary's samples make depends on it (a
 * children report's look-ups at callers' raw addresses all miss).
 */
#define SRCLINE_GIVE_UP 123

static bool srcline__given_up(const struct dso *dso)
{
	return !dso->a2l_found && dso->a2l_misses >= SRCLINE_GIVE_UP;
}

static void srcline__count(struct dso *dso, bool found)
{
	if (found)
		dso->a2l_found = true;
	else if (dso->a2l_misses < UINT32_MAX)
		dso->a2l_misses++;
}

/* A look-up at @addr (a file offset, or with @vaddr a link-time address;
 * @counted: one of perf's), else the fallback named from @fb_addr */
static const char *srcline__answer(struct machine *m, struct dso *dso, struct symbol *sym,
				   uint64_t addr, bool vaddr, uint64_t fb_addr,
				   enum srcline_fallback fallback, bool counted)
{
	struct srcline_state *s = srcline__state(m, dso);
	const char *line = NULL;

	if (!counted || !srcline__given_up(dso))
		line = srcline__find(m, s, addr, vaddr);
	if (counted)
		srcline__count(dso, line != NULL);
	return line ? line : srcline__fallback(m, dso, s, sym, fb_addr, fallback);
}

static const char *srcline__lookup(struct machine *m, struct dso *dso, struct symbol *sym,
				   uint64_t addr, enum srcline_fallback fallback, bool counted)
{
	if (!dso)
		return machine__intern(m, "??:0");
	return srcline__answer(m, dso, sym, addr, false, addr, fallback, counted);
}

const char *srcline__raw(struct machine *m, struct dso *dso, struct symbol *sym, uint64_t ip,
			 bool counted)
{
	struct srcline_state *s = srcline__state(m, dso);
	uint64_t v = ip + (s && !s->failed ? s->fb_offset : 0);

	/* "sym+off" from the raw address, or "dso[addr]" at the one
	 * looked up */
	return srcline__answer(m, dso, sym, v, true, ip, FALLBACK_SYM, counted);
}

const char *srcline__get(struct machine *m, struct dso *dso, struct symbol *sym,
			 uint64_t addr)
{
	return srcline__lookup(m, dso, sym, addr, FALLBACK_SYM, true);
}

const char *srcline__line(struct machine *m, struct dso *dso, struct symbol *sym,
			  uint64_t addr)
{
	return srcline__lookup(m, dso, sym, addr, FALLBACK_SYM, false);
}

/* perf keeps a frame's line per address of the object, from its first
 * look-up (those are counted: srcline__get) */
#define SRCLINE_KEY_FRAME (1ULL << 62)

const char *srcline__frame(struct machine *m, struct dso *dso, struct symbol *sym,
			   uint64_t addr, bool show_addr)
{
	struct srcline_state *s = dso ? srcline__state(m, dso) : NULL;
	bool keep = s && !s->failed && !(addr & (SRCLINE_KEY_FRAME | SRCLINE_KEY_VADDR));
	const char *line;

	if (keep && (line = cache_find(s, addr | SRCLINE_KEY_FRAME)))
		return line == srcline_none ? NULL : line;
	line = srcline__lookup(m, dso, sym, addr, show_addr ? FALLBACK_OFF : FALLBACK_NONE, true);
	if (keep)
		cache_add(s, addr | SRCLINE_KEY_FRAME, line ? line : srcline_none);
	return line;
}

int srcline__file_line(struct machine *m, struct dso *dso, uint64_t addr,
		       const char **file, unsigned int *line)
{
	struct srcline_state *s;
	const char *f;
	char buf[4096];
	int lineno = 0;

	if (!dso || dso->kind != DSO_KIND_USER)
		return 0;
	s = srcline__state(m, dso);
	if (!s || s->failed)
		return 0;
	Dwarf_Addr a = srcline__vaddr(s, addr) + s->bias;

	if (!a2l_lookup(m, s, a, &f, &lineno) || !f || lineno <= 0)
		return 0;
	f = a2l_with_dir(s, a, f, buf, sizeof(buf));
	*file = machine__intern(m, f);
	*line = (unsigned int)lineno;
	return *file != NULL;
}

/*
 * The scopes containing @pc, innermost first, in the concrete tree:
 * dwarf_getscopes() follows an inlined instance into its abstract
 * definition; the scopes of the innermost DIE lead instead through the
 * inlined callers up to the real function. The caller frees *@scopes.
 */
static int srcline__concrete_scopes(Dwarf_Die *cudie, Dwarf_Addr pc, Dwarf_Die **scopes)
{
	Dwarf_Die *chain = NULL;
	int n = dwarf_getscopes(cudie, pc, scopes), nc;

	if (n <= 0)
		return n;
	nc = dwarf_getscopes_die(&(*scopes)[0], &chain);
	if (nc <= 0) {
		free(chain);
		return n;
	}
	free(*scopes);
	*scopes = chain;
	return nc;
}

static int srcline__inlines_walk(struct machine *m, struct srcline_state *s,
				 uint64_t addr, const char **names, int max);

static bool die__may_have_scopes(Dwarf_Die *die)
{
	switch (dwarf_tag(die)) {
	case DW_TAG_compile_unit:
	case DW_TAG_partial_unit:
	case DW_TAG_module:
	case DW_TAG_lexical_block:
	case DW_TAG_with_stmt:
	case DW_TAG_catch_block:
	case DW_TAG_try_block:
	case DW_TAG_entry_point:
	case DW_TAG_inlined_subroutine:
	case DW_TAG_subprogram:
	case DW_TAG_namespace:
	case DW_TAG_class_type:
	case DW_TAG_structure_type:
		return true;
	default:
		return false;
	}
}

static bool die__is_container(Dwarf_Die *die)
{
	switch (dwarf_tag(die)) {
	case DW_TAG_namespace:
	case DW_TAG_module:
	case DW_TAG_class_type:
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_interface_type:
		return true;
	default:
		return false;
	}
}

static int cu_scopes__add(struct cu_scopes *t, Dwarf_Die *die, int parent, int depth)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	struct cu_scope *e;
	size_t first = t->nr_ranges;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		if (ALLOC_GROW(t->ranges, t->nr_ranges + 1, t->alloc_ranges, 256))
			return -1;
		t->ranges[t->nr_ranges][0] = start;
		t->ranges[t->nr_ranges][1] = end;
		t->nr_ranges++;
	}
	if (t->nr_ranges == first)
		return -2;	/* no code range: pruned, as getscopes does */
	if (ALLOC_GROW(t->s, t->nr + 1, t->alloc, 64))
		return -1;
	e = &t->s[t->nr];
	e->die = *die;
	e->parent = parent;
	e->depth = depth;
	e->first_range = (uint32_t)first;
	e->nr_ranges = (uint32_t)(t->nr_ranges - first);
	return (int)t->nr++;
}

static int cu_scopes__walk(struct cu_scopes *t, Dwarf_Die *parent_die, int parent, int depth,
			   int nest)
{
	Dwarf_Die child;
	int r;

	if (depth > 256 || nest > 512 || dwarf_child(parent_die, &child) != 0)
		return 0;
	do {
		r = cu_scopes__add(t, &child, parent, depth);
		if (r == -1)
			return -1;
		if (r >= 0 && die__may_have_scopes(&child) &&
		    cu_scopes__walk(t, &t->s[r].die, r, depth + 1, nest + 1) < 0)
			return -1;
		/* a namespace or type has no code of its own, but may hold
		 * functions (Rust puts them there, not at the unit's top, as
		 * C++ does): binutils looks through it */
		if (r == -2 && die__is_container(&child) &&
		    cu_scopes__walk(t, &child, parent, depth, nest + 1) < 0)
			return -1;
	} while (dwarf_siblingof(&child, &child) == 0);
	return 0;
}

static struct cu_scopes *srcline__cu_scopes(struct srcline_state *s, Dwarf_Die *cudie)
{
	Dwarf_Off off = dwarf_dieoffset(cudie);
	struct cu_scopes *t;
	size_t i;

	for (i = 0; i < s->nr_cus; i++)
		if (s->cus[i].cu_off == off)
			return &s->cus[i];
	t = realloc(s->cus, (s->nr_cus + 1) * sizeof(*s->cus));
	if (!t)
		return NULL;
	s->cus = t;
	t = &s->cus[s->nr_cus++];
	memset(t, 0, sizeof(*t));
	t->cu_off = off;
	if (cu_scopes__walk(t, cudie, -1, 1, 0) < 0)
		t->failed = true;
	return t;
}

static void srcline__cu_scopes_exit(struct srcline_state *s)
{
	size_t i;

	for (i = 0; i < s->nr_cus; i++) {
		free(s->cus[i].s);
		free(s->cus[i].ranges);
	}
	free(s->cus);
	s->cus = NULL;
	s->nr_cus = 0;
}

/*
 * The innermost scope of @t with @pc: the deepest; among scopes of equal
 * depth (assembler units have one subprogram per alias, all at one
 * address), addr2line's choice: the shortest range holding the address,
 * then the last in DIE order. -1 when none has it.
 */
static int cu_scopes__innermost(const struct cu_scopes *t, Dwarf_Addr pc)
{
	int best = -1;
	uint64_t best_len = 0;
	size_t k;

	for (k = 0; k < t->nr; k++) {
		const struct cu_scope *e = &t->s[k];
		uint32_t r;

		if (best >= 0 && e->depth < t->s[best].depth)
			continue;
		for (r = 0; r < e->nr_ranges; r++) {
			const uint64_t *rg = t->ranges[e->first_range + r];

			if (pc < rg[0] || pc >= rg[1])
				continue;
			if (best < 0 || e->depth > t->s[best].depth ||
			    rg[1] - rg[0] <= best_len) {
				best = (int)k;
				best_len = rg[1] - rg[0];
			}
			break;
		}
	}
	return best;
}

static int srcline__inlines_uncached(struct machine *m, struct srcline_state *s,
				     uint64_t addr, const char **names, int max)
{
	Dwarf_Die *cudie;
	Dwarf_Addr bias, a;
	struct cu_scopes *t;
	int i, out = 0;

	a = srcline__vaddr(s, addr) + s->bias;
	cudie = srcline__addrdie(s, a, &bias);
	if (!cudie) {
		/* no unit: addr2line names the ELF symbol it finds */
		names[0] = a2l_elf_func(m, s, a - s->bias);
		return names[0] ? 1 : 0;
	}
	t = srcline__cu_scopes(s, cudie);
	if (!t || t->failed)
		return srcline__inlines_walk(m, s, addr, names, max);
	/* no subprogram around it (asm, or no scope at all): the caller
	 * closes the chain with the ELF symbol */
	for (i = cu_scopes__innermost(t, a - bias); i >= 0 && out < max; i = t->s[i].parent) {
		Dwarf_Die *die = &t->s[i].die;
		int tag = dwarf_tag(die);
		Dwarf_Attribute at;
		const char *name;

		if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram)
			continue;
		/* perf's name: the linkage name addr2line gives, demangled
		 * as the ELF symbols are ("std::sort<...>", not DW_AT_name's
		 * "sort<...>"), as is with --no-demangle */
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &at));
		if (!name)
			name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name,
								     &at));
		if (name && !m->opts.no_demangle) {
			char *dm = elf__demangle(name);

			if (dm) {
				names[out++] = machine__intern(m, dm);
				free(dm);
				if (tag == DW_TAG_subprogram)
					return out;
				continue;
			}
		}
		/* binutils names the innermost function by its ELF symbol
		 * when the DWARF has no linkage name for it (a lambda's
		 * operator(), a member of a template class, in C++ and the
		 * like): perf then takes that frame as the symbol's own */
		if (!name && !out && !a2l_unmangled(dwarf_srclang(cudie))) {
			const char *elf_name = a2l_elf_func(m, s, a - s->bias);

			if (elf_name) {
				names[out++] = elf_name;
				if (tag == DW_TAG_subprogram)
					return out;
				continue;
			}
		}
		if (!name || (name[0] == '_' && name[1] == 'Z' && !m->opts.no_demangle))
			name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &at));
		if (name)
			names[out++] = machine__intern(m, name);
		if (tag == DW_TAG_subprogram)
			return out;
	}
	/* no subprogram around it (asm, or no scope at all): the ELF
	 * symbol addr2line names, else the caller closes the chain with
	 * the frame's own symbol */
	if (out < max)
		names[out++] = a2l_elf_func(m, s, a - s->bias);
	return out;
}

static int srcline__inlines_walk(struct machine *m, struct srcline_state *s,
				 uint64_t addr, const char **names, int max)
{
	Dwarf_Die *cudie, *scopes = NULL;
	Dwarf_Addr bias, a;
	int n, i, out = 0;

	a = srcline__vaddr(s, addr) + s->bias;
	cudie = srcline__addrdie(s, a, &bias);
	if (!cudie)
		return 0;
	n = srcline__concrete_scopes(cudie, a - bias, &scopes);
	for (i = 0; i < n && out < max; i++) {
		int tag = dwarf_tag(&scopes[i]);
		Dwarf_Attribute at;
		const char *name;

		if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram)
			continue;
		/* the linkage name when there is a plain one (as perf shows
		 * __GI___clock_gettime), else the source name */
		name = dwarf_formstring(dwarf_attr_integrate(&scopes[i], DW_AT_linkage_name, &at));
		if (!name || (name[0] == '_' && name[1] == 'Z'))
			name = dwarf_formstring(dwarf_attr_integrate(&scopes[i], DW_AT_name, &at));
		if (name)
			names[out++] = machine__intern(m, name);
		if (tag == DW_TAG_subprogram) {
			free(scopes);
			return out;
		}
	}
	free(scopes);
	/* the containing function was not among the scopes: the caller
	 * closes the chain with the ELF symbol */
	if (out < max)
		names[out++] = NULL;
	return out;
}

static const char *fileline(struct machine *m, const char *file, int line)
{
	const char *base;

	if (!file || !strcmp(file, "??"))
		return machine__intern(m, "??:0");
	base = m->opts.full_source_path ? NULL : strrchr(file, '/');
	return intern_printf(m, "%s:%d", base ? base + 1 : file, line);
}

static int srcline__inline_lines_uncached(struct machine *m, struct srcline_state *s,
					  uint64_t addr, const char **lines, int max)
{
	Dwarf_Die *cudie, *scopes = NULL;
	Dwarf_Addr bias, a;
	struct cu_scopes *t;
	const char *file;
	char path[4096];
	int n = 0, i, out = 0, lineno = 0;

	a = srcline__vaddr(s, addr) + s->bias;
	/* nothing when addr2line finds nothing (perf then looks the frame
	 * up again, at its raw address) */
	int found = a2l_lookup(m, s, a, &file, &lineno);

	if (!found)
		return 0;
	file = a2l_full_path(m, s, a, found, file, path, sizeof(path));
	lines[out++] = fileline(m, file, lineno);
	cudie = srcline__addrdie(s, a, &bias);
	if (!cudie)
		return out;
	/* the scopes around it, innermost first: from the unit's table
	 * (which sees functions inside namespaces, as addr2line does),
	 * else libdw's */
	t = srcline__cu_scopes(s, cudie);
	if (t && !t->failed) {
		int inner = cu_scopes__innermost(t, a - bias), depth = 0;

		for (i = inner; i >= 0; i = t->s[i].parent)
			depth++;
		scopes = depth ? malloc((size_t)depth * sizeof(*scopes)) : NULL;
		for (i = inner; scopes && i >= 0; i = t->s[i].parent)
			scopes[n++] = t->s[i].die;
	} else {
		n = srcline__concrete_scopes(cudie, a - bias, &scopes);
	}
	/* each inlined function: where its caller called it */
	for (i = 0; i < n && out < max; i++) {
		int tag = dwarf_tag(&scopes[i]);
		Dwarf_Attribute at;
		Dwarf_Word fidx = 0, cline = 0;
		Dwarf_Files *files;
		Dwarf_Die cu;
		size_t nfiles;
		const char *cf = NULL;

		if (tag == DW_TAG_subprogram)
			break;
		if (tag != DW_TAG_inlined_subroutine)
			continue;
		dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_file, &at), &fidx);
		dwarf_formudata(dwarf_attr(&scopes[i], DW_AT_call_line, &at), &cline);
		if (dwarf_diecu(&scopes[i], &cu, NULL, NULL) &&
		    !dwarf_getsrcfiles(&cu, &files, &nfiles) && fidx < nfiles)
			cf = a2l_file(&cu, files, fidx);
		if (m->opts.full_source_path && cf && *cf)
			cf = a2l_with_dir(s, a, cf, path, sizeof(path));
		lines[out++] = fileline(m, cf, (int)cline);
	}
	free(scopes);
	return out;
}

static struct inline_ent *inl_slot(struct srcline_state *s, uint64_t addr)
{
	uint32_t h = (uint32_t)(addr * 0x9e3779b97f4a7c15ULL >> 40) & (s->inl_size - 1);

	while (s->inl[h].n >= 0 && s->inl[h].addr != addr)
		h = (h + 1) & (s->inl_size - 1);
	return &s->inl[h];
}

static void inl_alloc(struct srcline_state *s, uint32_t size)
{
	uint32_t i;

	s->inl = malloc(size * sizeof(*s->inl));
	if (!s->inl)
		return;
	s->inl_size = size;
	for (i = 0; i < size; i++)
		s->inl[i].n = -1;
}

/* A user file's state, opened; NULL for other dsos or when it failed. */
static struct srcline_state *srcline__user_state(struct machine *m, struct dso *dso)
{
	struct srcline_state *s;

	if (!dso || dso->kind != DSO_KIND_USER)
		return NULL;
	s = srcline__state(m, dso);
	return s && !s->failed ? s : NULL;
}

int srcline__inlines(struct machine *m, struct dso *dso, uint64_t addr,
		     const char **names, int max)
{
	struct srcline_state *s;
	struct inline_ent *e;
	const char *tmp[16];
	int n, i;

	s = max > 0 ? srcline__user_state(m, dso) : NULL;
	if (!s)
		return 0;
	if (!s->inl)
		inl_alloc(s, 256);
	if (!s->inl)
		return srcline__inlines_uncached(m, s, addr, names, max);
	e = inl_slot(s, addr);
	if (e->n < 0) {
		if ((s->inl_nr + 1) * 2 > s->inl_size) {
			struct inline_ent *old = s->inl;
			uint32_t osize = s->inl_size;

			inl_alloc(s, osize * 2);
			if (!s->inl) {
				s->inl = old;
				return srcline__inlines_uncached(m, s, addr, names, max);
			}
			for (i = 0; i < (int)osize; i++)
				if (old[i].n >= 0)
					*inl_slot(s, old[i].addr) = old[i];
			free(old);
			e = inl_slot(s, addr);
		}
		n = srcline__inlines_uncached(m, s, addr, tmp, 16);
		e->addr = addr;
		e->n = n;
		e->names = NULL;
		e->nl = -1;
		e->lines = NULL;
		if (n > 0) {
			e->names = malloc((size_t)n * sizeof(*e->names));
			if (e->names)
				memcpy(e->names, tmp, (size_t)n * sizeof(*tmp));
			else
				e->n = 0;
		}
		s->inl_nr++;
	}
	n = e->n < max ? e->n : max;
	for (i = 0; i < n; i++)
		names[i] = e->names[i];
	return n;
}

/* Cached with the names of srcline__inlines(), in the same entry. */
int srcline__inline_lines(struct machine *m, struct dso *dso, uint64_t addr,
			  const char **lines, int max)
{
	struct srcline_state *s;
	struct inline_ent *e;
	const char *tmp[16];
	int n, i;

	s = max > 0 ? srcline__user_state(m, dso) : NULL;
	if (!s)
		return 0;
	srcline__inlines(m, dso, addr, tmp, 16);	/* makes the entry */
	e = s->inl ? inl_slot(s, addr) : NULL;
	if (!e || e->n < 0)
		return srcline__inline_lines_uncached(m, s, addr, lines, max);
	if (e->nl < 0) {
		n = srcline__inline_lines_uncached(m, s, addr, tmp, 16);
		e->nl = 0;
		if (n > 0 && (e->lines = malloc((size_t)n * sizeof(*e->lines)))) {
			memcpy(e->lines, tmp, (size_t)n * sizeof(*tmp));
			e->nl = n;
		} else if (n > 0) {
			return srcline__inline_lines_uncached(m, s, addr, lines, max);
		}
	}
	n = e->nl < max ? e->nl : max;
	for (i = 0; i < n; i++)
		lines[i] = e->lines[i];
	return n;
}

void srcline__dso_exit(struct dso *dso)
{
	struct srcline_state *s = dso->srcline;

	if (!s)
		return;
	srcline__cu_scopes_exit(s);
	srcline__cu_lines_exit(s);
	if (s->dwfl)
		dwfl_end(s->dwfl);
	if (s->inl) {
		uint32_t i;

		for (i = 0; i < s->inl_size; i++) {
			if (s->inl[i].n > 0)
				free(s->inl[i].names);
			if (s->inl[i].n >= 0)
				free(s->inl[i].lines);
		}
		free(s->inl);
	}
	free(s->cache);
	free(s->pf_name);
	free(s->pf_path);
	free(s->debug);
	free(s);
	dso->srcline = NULL;
}
