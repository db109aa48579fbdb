// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	const char **names;
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

struct srcline_state {
	struct cu_scopes *cus;
	size_t nr_cus;
	struct inline_ent *inl;
	uint32_t inl_size, inl_nr;
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	struct { uint64_t vaddr, memsz, offset; } segs[16];
	int nseg;
	bool failed;
	struct srcline_cache_ent *cache;
	uint32_t size, nr;
};

static char *srcline_debuginfo_path;

static const Dwfl_Callbacks srcline_callbacks = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &srcline_debuginfo_path,
	.section_address = dwfl_offline_section_address,
	.find_elf = dwfl_build_id_find_elf,
};

static struct srcline_state *srcline__state(struct machine *m, struct dso *dso)
{
	struct srcline_state *s = dso->srcline;
	const char *path;
	Elf *elf;
	size_t nph, i;

	if (s)
		return s;
	s = calloc(1, sizeof(*s));
	if (!s)
		return NULL;
	dso->srcline = s;
	s->size = 256;
	s->cache = calloc(s->size, sizeof(*s->cache));
	/* the object itself: its program headers place file offsets; libdw
	 * finds separate debug info by build-id or debuglink */
	path = dso->kind == DSO_KIND_USER ? dso__objpath(dso, &m->opts) : NULL;
	if (!path || !s->cache) {
		s->failed = true;
		return s;
	}
	s->dwfl = dwfl_begin(&srcline_callbacks);
	if (s->dwfl) {
		dwfl_report_begin(s->dwfl);
		s->mod = dwfl_report_elf(s->dwfl, dso->short_name, path, -1, 0, false);
		dwfl_report_end(s->dwfl, NULL, NULL);
	}
	if (!s->mod) {
		s->failed = true;
		return s;
	}
	elf = dwfl_module_getelf(s->mod, &s->bias);
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

static const char *a2l_row_file(Dwfl_Line *dl, Dwarf_Die *cudie, const char *file)
{
	Dwarf_Addr bias;
	Dwarf_Line *line = dwfl_dwarf_line(dl, &bias);
	Dwarf_Files *files;
	const char *f;
	size_t idx;

	if (!line || !cudie || dwarf_line_file(line, &files, &idx))
		return file;
	f = a2l_file(cudie, files, idx);
	return f ? f : file;
}

const char *srcline__get(struct machine *m, struct dso *dso, struct symbol *sym,
			 uint64_t addr)
{
	struct srcline_state *s;
	const char *line = NULL, *file, *base;
	char buf[512];
	int lineno = 0;

	if (!dso)
		return machine__intern(m, "??:0");
	s = srcline__state(m, dso);
	if (s && !s->failed) {
		const char *hit = cache_find(s, addr);
		Dwfl_Line *dl;

		if (hit)
			return hit;
		Dwarf_Addr a = srcline__vaddr(s, addr) + s->bias, cubias;

		dl = dwfl_module_getsrc(s->mod, a);
		file = dl ? dwfl_lineinfo(dl, NULL, &lineno, NULL, NULL, NULL) : NULL;
		if (file)
			file = a2l_row_file(dl, dwfl_module_addrdie(s->mod, a, &cubias), file);
		else if (dwfl_module_addrdie(s->mod, a, &cubias))
			file = "";	/* a unit without that line: addr2line's ":?" */
		/* "??" (addr2line's unknown file): not found, as perf takes it;
		 * an empty name stays (perf shows ":0") */
		if (file && strcmp(file, "??")) {
			base = strrchr(file, '/');
			snprintf(buf, sizeof(buf), "%s:%d", base ? base + 1 : file, lineno);
			line = machine__intern(m, buf);
		}
	}
	if (!line) {
		if (sym)
			snprintf(buf, sizeof(buf), "%s+%" PRIu64, sym->name, addr - sym->start);
		else	/* perf: the object and the address */
			snprintf(buf, sizeof(buf), "%s[%" PRIx64 "]", dso->short_name, addr);
		line = machine__intern(m, buf);
	}
	if (s && !s->failed && line)
		cache_add(s, addr, line);
	return line ? line : "??:0";
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

static int cu_scopes__add(struct cu_scopes *t, Dwarf_Die *die, int parent, int depth)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	struct cu_scope *e;
	size_t first = t->nr_ranges;

	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		if (t->nr_ranges == t->alloc_ranges) {
			size_t n = t->alloc_ranges ? t->alloc_ranges * 2 : 256;
			void *p = realloc(t->ranges, n * sizeof(*t->ranges));

			if (!p)
				return -1;
			t->ranges = p;
			t->alloc_ranges = n;
		}
		t->ranges[t->nr_ranges][0] = start;
		t->ranges[t->nr_ranges][1] = end;
		t->nr_ranges++;
	}
	if (t->nr_ranges == first)
		return -2;	/* no code range: pruned, as getscopes does */
	if (t->nr == t->alloc) {
		size_t n = t->alloc ? t->alloc * 2 : 64;
		void *p = realloc(t->s, n * sizeof(*t->s));

		if (!p)
			return -1;
		t->s = p;
		t->alloc = n;
	}
	e = &t->s[t->nr];
	e->die = *die;
	e->parent = parent;
	e->depth = depth;
	e->first_range = (uint32_t)first;
	e->nr_ranges = (uint32_t)(t->nr_ranges - first);
	return (int)t->nr++;
}

static int cu_scopes__walk(struct cu_scopes *t, Dwarf_Die *parent_die, int parent, int depth)
{
	Dwarf_Die child;
	int r;

	if (depth > 256 || dwarf_child(parent_die, &child) != 0)
		return 0;
	do {
		r = cu_scopes__add(t, &child, parent, depth);
		if (r == -1)
			return -1;
		if (r >= 0 && die__may_have_scopes(&child) &&
		    cu_scopes__walk(t, &t->s[r].die, r, depth + 1) < 0)
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
	if (cu_scopes__walk(t, cudie, -1, 1) < 0)
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

static int srcline__inlines_uncached(struct machine *m, struct srcline_state *s,
				     uint64_t addr, const char **names, int max)
{
	Dwarf_Die *cudie;
	Dwarf_Addr bias, a, pc;
	struct cu_scopes *t;
	int best = -1, i, out = 0;
	uint64_t best_len = 0;
	size_t k;

	a = srcline__vaddr(s, addr) + s->bias;
	cudie = dwfl_module_addrdie(s->mod, a, &bias);
	if (!cudie)
		return 0;
	t = srcline__cu_scopes(s, cudie);
	if (!t || t->failed)
		return srcline__inlines_walk(m, s, addr, names, max);
	pc = a - bias;
	/*
	 * The innermost scope with the address: the deepest; among scopes
	 * of equal depth (assembler units have one subprogram per alias,
	 * all at one address), addr2line's choice: the shortest range
	 * holding the address, then the last in DIE order.
	 */
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
	/* no subprogram around it (asm, or no scope at all): the caller
	 * closes the chain with the ELF symbol */
	for (i = best; i >= 0 && out < max; i = t->s[i].parent) {
		Dwarf_Die *die = &t->s[i].die;
		int tag = dwarf_tag(die);
		Dwarf_Attribute at;
		const char *name;

		if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram)
			continue;
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &at));
		if (!name || (name[0] == '_' && name[1] == 'Z'))
			name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &at));
		if (name)
			names[out++] = machine__intern(m, name);
		if (tag == DW_TAG_subprogram)
			return out;
	}
	if (out < max)
		names[out++] = NULL;
	return out;
}

static int srcline__inlines_walk(struct machine *m, struct srcline_state *s,
				 uint64_t addr, const char **names, int max)
{
	Dwarf_Die *cudie, *scopes = NULL;
	Dwarf_Addr bias, a;
	int n, i, out = 0;

	a = srcline__vaddr(s, addr) + s->bias;
	cudie = dwfl_module_addrdie(s->mod, a, &bias);
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
	char buf[512];
	const char *base;

	if (!file || !strcmp(file, "??"))
		return machine__intern(m, "??:0");
	base = strrchr(file, '/');
	snprintf(buf, sizeof(buf), "%s:%d", base ? base + 1 : file, line);
	return machine__intern(m, buf);
}

int srcline__inline_lines(struct machine *m, struct dso *dso, uint64_t addr,
			  const char **lines, int max)
{
	struct srcline_state *s;
	Dwarf_Die *cudie, *scopes = NULL;
	Dwarf_Addr bias, a;
	Dwfl_Line *dl;
	const char *file;
	int n, i, out = 0, lineno = 0;

	if (!dso || max <= 0 || dso->kind != DSO_KIND_USER)
		return 0;
	s = srcline__state(m, dso);
	if (!s || s->failed)
		return 0;
	a = srcline__vaddr(s, addr) + s->bias;
	cudie = dwfl_module_addrdie(s->mod, a, &bias);
	if (!cudie)
		return 0;
	dl = dwfl_module_getsrc(s->mod, a);
	file = dl ? dwfl_lineinfo(dl, NULL, &lineno, NULL, NULL, NULL) : NULL;
	if (file)
		file = a2l_row_file(dl, cudie, file);
	lines[out++] = fileline(m, file, lineno);
	n = srcline__concrete_scopes(cudie, a - bias, &scopes);
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

int srcline__inlines(struct machine *m, struct dso *dso, uint64_t addr,
		     const char **names, int max)
{
	struct srcline_state *s;
	struct inline_ent *e;
	const char *tmp[16];
	int n, i;

	if (!dso || max <= 0 || dso->kind != DSO_KIND_USER)
		return 0;
	s = srcline__state(m, dso);
	if (!s || s->failed)
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

void srcline__dso_exit(struct dso *dso)
{
	struct srcline_state *s = dso->srcline;

	if (!s)
		return;
	srcline__cu_scopes_exit(s);
	if (s->dwfl)
		dwfl_end(s->dwfl);
	if (s->inl) {
		uint32_t i;

		for (i = 0; i < s->inl_size; i++)
			if (s->inl[i].n > 0)
				free(s->inl[i].names);
		free(s->inl);
	}
	free(s->cache);
	free(s);
	dso->srcline = NULL;
}
