// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol annotation with capstone over the object's own bytes. Symbols of
 * ELF dsos live in file-offset space (util/symbol.h), so the bytes are at
 * [start, end) of the file; PT_LOAD headers give the virtual addresses
 * shown beside them, as objdump would show them.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <capstone/capstone.h>
#include "capstone-dl.h"
#include "annotate.h"
#include "browser.h"
#include "keys.h"
#include "tui.h"
#include "util/dso.h"
#include "util/insn.h"
#include "util/machine.h"
#include "util/symbol.h"

#define ANNOTATE_MAX_BYTES (256 * 1024)

struct as_slot {
	const struct symbol *sym;	/* NULL: empty */
	uint64_t addr, period, hits;
	int idx;
};

/* an event's totals (the global percent types) */
struct as_total {
	uint64_t period, hits;
};

struct annotate_samples {
	struct as_slot *slots;
	uint64_t size, nr;		/* size: power of two */
	struct as_total *totals;	/* by event index */
	int nr_totals;
	enum annotate_percent type;
	struct annotate_style style;
};

int annotate_percent__parse(const char *s)
{
	static const char *const names[] = {
		[ANNOTATE_LOCAL_PERIOD] = "local-period",
		[ANNOTATE_GLOBAL_PERIOD] = "global-period",
		[ANNOTATE_LOCAL_HITS] = "local-hits",
		[ANNOTATE_GLOBAL_HITS] = "global-hits",
	};

	for (size_t i = 0; s && i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(s, names[i]))
			return (int)i;
	return -1;
}

void annotate_samples__set_percent(struct annotate_samples *as, enum annotate_percent type)
{
	if (as)
		as->type = type;
}

void annotate_samples__set_style(struct annotate_samples *as, const struct annotate_style *st)
{
	if (as && st)
		as->style = *st;
}

void annotate_style__parse(struct annotate_style *st, const char *s)
{
	const char *p = s;

	while (p && *p) {
		size_t n = strcspn(p, ",");

		if (n == 5 && !strncmp(p, "intel", 5))
			st->intel = true;
		else if (n == 3 && !strncmp(p, "att", 3))
			st->intel = false;
		p += n;
		if (*p)
			p++;
	}
}

struct annotate_samples *annotate_samples__new(void)
{
	struct annotate_samples *as = calloc(1, sizeof(*as));

	if (!as)
		return NULL;
	as->size = 1024;
	as->slots = calloc(as->size, sizeof(*as->slots));
	if (!as->slots) {
		free(as);
		return NULL;
	}
	return as;
}

void annotate_samples__delete(struct annotate_samples *as)
{
	if (!as)
		return;
	free(as->slots);
	free(as->totals);
	free(as);
}

static uint64_t as_hash(int idx, const struct symbol *sym, uint64_t addr)
{
	uint64_t h = (uint64_t)(uintptr_t)sym * 0x9e3779b97f4a7c15ULL;

	h ^= (addr + (uint64_t)idx) * 0xc2b2ae3d27d4eb4fULL;
	return h ^ (h >> 29);
}

static struct as_slot *as_find(struct as_slot *slots, uint64_t size, int idx,
			       const struct symbol *sym, uint64_t addr)
{
	uint64_t i = as_hash(idx, sym, addr) & (size - 1);

	while (slots[i].sym && !(slots[i].sym == sym && slots[i].addr == addr &&
				 slots[i].idx == idx))
		i = (i + 1) & (size - 1);
	return &slots[i];
}

static int as_grow(struct annotate_samples *as)
{
	uint64_t nsize = as->size * 2, i;
	struct as_slot *n = calloc(nsize, sizeof(*n));

	if (!n)
		return -ENOMEM;
	for (i = 0; i < as->size; i++)
		if (as->slots[i].sym)
			*as_find(n, nsize, as->slots[i].idx, as->slots[i].sym,
				 as->slots[i].addr) = as->slots[i];
	free(as->slots);
	as->slots = n;
	as->size = nsize;
	return 0;
}

int annotate_samples__add(struct annotate_samples *as, int idx, const struct symbol *sym,
			  uint64_t addr, uint64_t period)
{
	struct as_slot *s;

	if (!as || idx < 0)
		return 0;
	if (idx >= as->nr_totals) {
		struct as_total *t = realloc(as->totals, (size_t)(idx + 1) * sizeof(*t));

		if (!t)
			return -ENOMEM;
		memset(t + as->nr_totals, 0, (size_t)(idx + 1 - as->nr_totals) * sizeof(*t));
		as->totals = t;
		as->nr_totals = idx + 1;
	}
	as->totals[idx].period += period;
	as->totals[idx].hits++;
	if (!sym)
		return 0;
	if ((as->nr + 1) * 2 > as->size && as_grow(as) < 0)
		return -ENOMEM;
	s = as_find(as->slots, as->size, idx, sym, addr);
	if (!s->sym) {
		s->sym = sym;
		s->addr = addr;
		s->idx = idx;
		as->nr++;
	}
	s->period += period;
	s->hits++;
	return 0;
}

/* the period, or with a hits type the samples, at @addr */
static uint64_t annotate_samples__get(const struct annotate_samples *as, int idx,
				      const struct symbol *sym, uint64_t addr)
{
	struct as_slot *s = as_find(as->slots, as->size, idx, sym, addr);
	bool hits = as->type == ANNOTATE_LOCAL_HITS || as->type == ANNOTATE_GLOBAL_HITS;

	return s->sym ? (hits ? s->hits : s->period) : 0;
}

uint64_t annotate_samples__percents(const struct annotate_samples *as, int idx,
				    const struct symbol *sym, const struct annotate_insn *insns,
				    int n, double *pct, bool *hit)
{
	uint64_t total = 0, nhit = 0;
	uint64_t *v = calloc(n > 0 ? (size_t)n : 1, sizeof(*v));
	int i;

	if (!v)
		return 0;
	for (i = 0; i < n; i++) {
		for (uint64_t a = insns[i].off; a < insns[i].off + insns[i].size; a++)
			v[i] += annotate_samples__get(as, idx, sym, a);
		total += v[i];
	}
	if (idx >= 0 && idx < as->nr_totals) {
		if (as->type == ANNOTATE_GLOBAL_PERIOD)
			total = as->totals[idx].period;
		else if (as->type == ANNOTATE_GLOBAL_HITS)
			total = as->totals[idx].hits;
	}
	for (i = 0; i < n; i++) {
		hit[i] = v[i] != 0;
		pct[i] = total ? v[i] * 100.0 / (double)total : 0.0;
		nhit += hit[i];
	}
	free(v);
	return nhit;
}

/* file offset -> virtual address through the PT_LOAD segments */
static uint64_t elf_off_to_vaddr(Elf *elf, uint64_t off)
{
	size_t nph, i;
	GElf_Phdr ph;

	if (elf_getphdrnum(elf, &nph) != 0)
		return off;
	for (i = 0; i < nph; i++) {
		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (off >= ph.p_offset && off < ph.p_offset + ph.p_filesz)
			return off - ph.p_offset + ph.p_vaddr;
	}
	return off;
}

int annotate__disasm(const char *path, uint64_t off, uint64_t size,
		     const struct annotate_style *st, struct annotate_insn **insns)
{
	struct annotate_insn *v = NULL;
	uint8_t *bytes = NULL;
	cs_insn *ci = NULL;
	Elf *elf = NULL;
	csh cs = 0;
	size_t n = 0, i;
	uint64_t vaddr;
	ssize_t got;
	int fd, err;

	*insns = NULL;
	if (!size)
		return -ENODATA;
	if (size > ANNOTATE_MAX_BYTES)
		size = ANNOTATE_MAX_BYTES;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		err = -ENOEXEC;
		goto out;
	}
	if (insn__cs_open(elf, &cs) != CS_ERR_OK) {
		err = -EOPNOTSUPP;
		cs = 0;
		goto out;
	}
	/* x86 only: other machines have one syntax (the call fails there) */
	cs_lib()->option(cs, CS_OPT_SYNTAX, st && st->intel ? CS_OPT_SYNTAX_INTEL : CS_OPT_SYNTAX_ATT);
	bytes = malloc(size);
	if (!bytes) {
		err = -ENOMEM;
		goto out;
	}
	got = pread(fd, bytes, size, (off_t)off);
	if (got <= 0) {
		err = got < 0 ? -errno : -ENODATA;
		goto out;
	}
	vaddr = elf_off_to_vaddr(elf, off);
	n = cs_lib()->disasm(cs, bytes, (size_t)got, vaddr, 0, &ci);
	if (!n) {
		err = -EILSEQ;
		goto out;
	}
	v = calloc(n, sizeof(*v));
	if (!v) {
		err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		char raw[64] = "";
		size_t r = 0;

		v[i].vaddr = ci[i].address;
		v[i].off = off + (ci[i].address - vaddr);
		v[i].size = ci[i].size;
		/* --asm-raw: the bytes first, in a column for 7 of them (as
		 * objdump shows x86 code), longer ones pushing the text */
		for (size_t b = 0; st && st->raw && b < ci[i].size && r + 4 < sizeof(raw); b++)
			r += (size_t)snprintf(raw + r, sizeof(raw) - r, "%02x ", ci[i].bytes[b]);
		if (st && st->raw)
			snprintf(raw + r, sizeof(raw) - r, "%*s", r < 21 ? (int)(21 - r) : 0, "");
		if (ci[i].op_str[0])
			snprintf(v[i].text, sizeof(v[i].text), "%s%-7s %s", raw, ci[i].mnemonic,
				 ci[i].op_str);
		else
			snprintf(v[i].text, sizeof(v[i].text), "%s%s", raw, ci[i].mnemonic);
	}
	*insns = v;
	err = (int)n;
out:
	if (ci)
		cs_lib()->free(ci, n);
	if (cs)
		cs_lib()->close(&cs);
	free(bytes);
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}

struct annotate_view {
	struct annotate_insn *insns;
	double *pct;		/* the instruction's share (--percent-type) */
	bool *hit;		/* any sample there */
};

static void annotate__write(struct ui_browser *b, uint64_t row, int y, int width, bool current)
{
	struct annotate_view *av = b->priv;
	double pct = av->pct[row];
	char buf[256];

	if (av->hit[row]) {
		snprintf(buf, sizeof(buf), "%7.2f ", pct);
		ui_browser__percent_color(pct, current);
	} else {
		snprintf(buf, sizeof(buf), "%7s ", "");
	}
	tui__write_at(y, 0, buf, 8);
	ui_browser__row_color(current);
	snprintf(buf, sizeof(buf), "\xe2\x94\x82 %8" PRIx64 ":   %s", av->insns[row].vaddr,
		 av->insns[row].text);
	/* a plain bar where the terminal cannot draw the box character */
	if (!SLsmg_is_utf8_mode())
		buf[0] = '|', memmove(buf + 1, buf + 3, strlen(buf + 3) + 1);
	tui__write_at(y, 8, buf, width - 8);
}

static const char annotate_help[] =
	"H            jump to the hottest instruction\n"
	"UP/DOWN      move one instruction\n"
	"PGUP/PGDN    move one screen\n"
	"HOME/END     first/last instruction\n"
	"ESC/LEFT/q   back to the report\n"
	"Ctrl-C       quit mperf report\n"
	"\n"
	"The left column is each instruction's share of the period of the\n"
	"symbol for the current event (--percent-type: local-period; with\n"
	"global-period of the event's whole period, with local-hits and\n"
	"global-hits of the symbol's or the event's sample count).\n";

static void annotate__hottest(struct ui_browser *b, const struct annotate_view *av)
{
	uint64_t i, best = 0;

	for (i = 0; i < b->nr_rows; i++)
		if (av->pct[i] > av->pct[best])
			best = i;
	b->index = best;
	ui_browser__clamp(b);
	/* in the middle of the screen, so the code around it shows */
	b->top = best > (uint64_t)b->height / 2 ? best - (uint64_t)b->height / 2 : 0;
	ui_browser__clamp(b);
}

int annotate__browse(struct annotate_samples *as, int idx, const char *evname,
		     struct dso *dso, struct symbol *sym, const struct symbol_opts *opts)
{
	struct annotate_view av = { 0 };
	struct ui_browser b = {
		.footer = "H hottest   UP/DOWN/PGUP/PGDN/HOME/END move   ESC/LEFT/q back   h help",
		.write = annotate__write,
		.priv = &av,
	};
	const char *path = dso__objpath(dso, opts);
	char title[256], msg[1024], head[128];
	uint64_t hits = 0;
	int n, key, ret = 0;

	if (!path) {
		snprintf(msg, sizeof(msg), "no object file for %s%s", dso__name(dso),
			 dso->kind == DSO_KIND_KERNEL ? " (use -k vmlinux)" : "");
		tui__notice("Annotate", msg);
		return 0;
	}
	n = annotate__disasm(path, sym->start, sym->end - sym->start, &as->style, &av.insns);
	if (n < 0) {
		snprintf(msg, sizeof(msg), "cannot disassemble %s: %s: %s%s", sym->name, path,
			 n == -ENOEXEC ? "not an ELF file" : strerror(-n),
			 dso->kind == DSO_KIND_KERNEL ? " (use -k vmlinux)" : "");
		tui__notice("Annotate", msg);
		return 0;
	}
	av.pct = calloc((size_t)n, sizeof(*av.pct));
	av.hit = calloc((size_t)n, sizeof(*av.hit));
	if (!av.pct || !av.hit) {
		free(av.pct);
		free(av.hit);
		free(av.insns);
		return 0;
	}
	hits = annotate_samples__percents(as, idx, sym, av.insns, n, av.pct, av.hit);
	snprintf(title, sizeof(title), "Annotate: %s  (%s, %s, %" PRIu64 " of %d insns hit)",
		 sym->name, dso__name(dso), evname, hits, n);
	snprintf(head, sizeof(head), "Percent \xe2\x94\x82 Address: Instruction");
	if (!SLsmg_is_utf8_mode())
		snprintf(head, sizeof(head), "Percent | Address: Instruction");
	b.title = title;
	b.header = head;
	b.nr_rows = (uint64_t)n;
	/* start on the hottest instruction, as 'H' */
	annotate__hottest(&b, &av);
	for (;;) {
		key = ui_browser__run(&b);
		if (key == 'H') {
			annotate__hottest(&b, &av);
		} else if (key == 'h' || key == '?' || key == K_F1) {
			if (tui__text_view("Annotate keys", annotate_help) == K_QUIT) {
				ret = K_QUIT;
				break;
			}
		} else if (key == K_ESC || key == K_LEFT || key == 'q') {
			break;
		} else if (key == K_QUIT || key == K_CTRL_C) {
			ret = K_QUIT;
			break;
		}
	}
	free(av.pct);
	free(av.hit);
	free(av.insns);
	return ret;
}
