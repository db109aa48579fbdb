// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arch/arch.h"
#include "arch/arm64/regs.h"
#include "arch/x86/regs.h"
#include "build-id.h"
#include "callchain.h"
#include "debug.h"
#include "debuginfo.h"
#include "dso.h"
#include "env.h"
#include "machine.h"
#include "map.h"
#include "maps.h"
#include "thread.h"
#include "unwind.h"

struct unwind_info {
	pid_t tid;
	struct machine *machine;
	struct thread *thread;
	const struct perf_sample *sample;
	struct callchain_cursor *cursor;
	int max_stack;
	bool arm64;
	uint64_t sp;
	bool first;
	bool past_copy;		/* a read past the stack copy since this was cleared */
	bool read_zero;		/* the last word read was 0 */
	bool step_past, step_zero;	/* the two for libdw's step to the last frame's caller */
	int reads;		/* words read since they were cleared */
	int nr;
	bool lu_fallback;	/* a frame unwound by libunwind's fallback */
	bool lu_same;		/* a step needed a register libdw has lost (lu_same) */
	bool misplaced;		/* one by perf's misplaced CFI (counted) */
	bool unmapped_cfi;	/* cut short where perf reads no CFI table (counted) */
};

static bool sample_reg(const struct perf_sample *s, int idx, uint64_t *val)
{
	uint64_t mask = s->user_regs.mask;
	int i, n = 0;

	if (!(mask & (1ULL << idx)))
		return false;
	for (i = 0; i < idx; i++)
		if (mask & (1ULL << i))
			n++;
	*val = s->user_regs.regs[n];
	return true;
}

static pid_t next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	struct unwind_info *ui = arg;

	if (*thread_argp)
		return 0;
	*thread_argp = arg;
	return ui->tid;
}

/*
 * Word reads as perf's libunwind glue answers them. Inside the stack copy
 * from the sample, but not its last word (perf takes addr + 8 >= end as
 * outside). Elsewhere: no error only where a map of the thread is; the
 * bytes of a code map's file there, else 0 (perf's read of the map's
 * object fails there, a [stack] or [heap] one say, and it hands libunwind
 * 0 without an error). So a return address past the copy of a truncated
 * stack reads as 0 and becomes perf's ffffffffffffffff frame.
 */
static bool unwind__pread_code(struct unwind_info *ui, struct map *map, uint64_t addr,
			       void *buf, size_t n);

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	struct unwind_info *ui = arg;
	const struct perf_sample *s = ui->sample;
	uint64_t size = s->user_stack.dyn_size;	/* what the kernel copied */
	struct map *map;

	if (size > s->user_stack.size)
		size = s->user_stack.size;
	/* no sums that can wrap: sp and addr come from the file */
	if (addr >= ui->sp && addr - ui->sp < size &&
	    size - (addr - ui->sp) > sizeof(*result)) {
		memcpy(result, s->user_stack.data + (addr - ui->sp), sizeof(*result));
		ui->read_zero = !*result;
		ui->reads++;
		return true;
	}
	ui->reads++;
	ui->past_copy = true;
	if (addr > UINT64_MAX - sizeof(*result))
		return false;
	map = ui->thread->maps ? maps__find(ui->thread->maps, addr) : NULL;
	if (!map)
		return false;
	*result = 0;
	ui->read_zero = true;
	/* code only: the file bytes of a data map (record -d, dwarf) are
	 * not what the process had there */
	if (map->dso->kind != DSO_KIND_USER || (map->prot && !(map->prot & 4)))
		return true;
	if (!unwind__pread_code(ui, map, addr, result, sizeof(*result)))
		*result = 0;
	ui->read_zero = !*result;
	return true;
}

static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	struct unwind_info *ui = arg;
	Dwarf_Word regs[33];
	uint64_t v;
	int i, nregs = ui->arm64 ? 32 : 17;

	memset(regs, 0, sizeof(regs));
	for (i = 0; i < 33; i++) {
		int d = ui->arm64 ? arm64__perf_reg_to_dwarf(i) : x86__perf_reg_to_dwarf(i);

		if (d < 0 || d >= nregs || !sample_reg(ui->sample, i, &v))
			continue;
		regs[d] = v;
	}
	if (!dwfl_thread_state_registers(thread, 0, nregs, regs))
		return false;
	if (ui->arm64 && sample_reg(ui->sample, ARM64_PERF_REG_PC, &v))
		dwfl_thread_state_register_pc(thread, v);
	return true;
}

static const Dwfl_Thread_Callbacks thread_callbacks = {
	.next_thread = next_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

/* One user frame at @pc into the cursor, resolved; -1 when it is full. */
static int unwind__append(struct unwind_info *ui, uint64_t pc)
{
	struct callchain_cursor_node node;
	struct addr_location al;

	/* perf leaves an address of 0 out (a return address of 1, less 1),
	 * the frame still counted against --max-stack */
	if (!pc) {
		ui->nr++;
		return 0;
	}
	thread__resolve_ip(ui->machine, ui->thread, PERF_RECORD_MISC_USER, pc, &al);
	node = frame__from_al(pc, &al);
	node.level = '.';
	node.unwound = true;
	if (machine__append_frame(ui->machine, ui->cursor, &node))
		return -1;
	ui->nr++;
	return 0;
}

/* The file to unwind in: for the vdso, its copy in perf's build-id
 * cache, else (as perf, a [vdso] perf made of its own) ours (its
 * .eh_frame unwinds out of clock_gettime & co.) */
static const char *unwind__path(struct machine *m, struct dso *dso)
{
	const char *s;

	if (dso->kind != DSO_KIND_VDSO)
		return dso__objpath(dso, &m->opts);
	s = dso__symsrc(dso, &m->opts);
	return s ? s : dso->vdso_self ? vdso__self_file() : NULL;
}

/*
 * perf's unwinder reads a frame's CFI from its object's file: when that
 * file is not found (not under --symfs, deleted; a vdso without its copy
 * in the build-id cache; JIT code) it stops at the frame, where libdw
 * would go on by the frame pointer.
 */
static bool unwind__stops_at(struct unwind_info *ui, uint64_t pc)
{
	struct map *map = ui->thread->maps ? maps__find(ui->thread->maps, pc) : NULL;
	struct dso *d;

	if (!map || (map->prot && !(map->prot & 4)))
		return false;
	d = map->dso;
	/* the vdso: perf reads its build-id cache copy (perf record
	 * saves it there) or its own vdso, and stops without either */
	if (d->kind == DSO_KIND_VDSO)
		return !unwind__path(ui->machine, d);
	/* code that is no file (a JIT's, named from /tmp/perf-PID.map, or
	 * other anonymous memory): perf finds no CFI and stops after the
	 * frame (node's and a JVM's JIT frames end every chain in perf 6.1),
	 * where the frame pointer would go on */
	if (d->jit || d->kind == DSO_KIND_ANON)
		return true;
	if (d->kind != DSO_KIND_USER || d->long_name[0] != '/')
		return false;
	dso__objpath(d, &ui->machine->opts);
	return !d->objpath;
}

/*
 * perf sets its unwinder up for an address space at the first mapping
 * whose file it can open; in a process none of whose files is found (a
 * --symfs tree without them) it unwinds nothing: no user frame at all.
 */
static bool unwind__space_has_file(struct machine *m, struct maps *maps)
{
	size_t i;

	for (i = 0; i < maps->nr; i++) {
		struct dso *d = maps->entries[i]->dso;

		if (d->kind != DSO_KIND_USER && d->kind != DSO_KIND_VDSO)
			continue;
		if (d->kind == DSO_KIND_VDSO ? unwind__path(m, d) != NULL :
		    (dso__objpath(d, &m->opts), d->objpath != NULL))
			return true;
	}
	return false;
}

/* Whether the CFI of @pc in @state's Dwfl marks a signal trampoline
 * (its FDE's 'S'): __restore_rt */
static bool frame__is_sigtramp(Dwfl_Frame *state, Dwarf_Addr pc)
{
	Dwfl *dwfl = dwfl_thread_dwfl(dwfl_frame_thread(state));
	Dwfl_Module *mod = dwfl ? dwfl_addrmodule(dwfl, pc) : NULL;
	Dwarf_CFI *cfi;
	Dwarf_Frame *frame = NULL;
	Dwarf_Addr bias;
	bool signalp = false;

	if (!mod)
		return false;
	/* .eh_frame only: the trampoline's CFI is there, and a .debug_frame
	 * would make libdw open (and inflate) the separate debug file */
	cfi = dwfl_module_eh_cfi(mod, &bias);
	if (!cfi || dwarf_cfi_addrframe(cfi, pc - bias, &frame))
		return false;
	dwarf_frame_info(frame, NULL, NULL, &signalp);
	free(frame);
	return signalp;
}

static int frame_cb(Dwfl_Frame *state, void *arg)
{
	struct unwind_info *ui = arg;
	Dwarf_Addr pc;
	bool activation;

	if (!dwfl_frame_pc(state, &pc, &activation))
		return DWARF_CB_ABORT;
	if (ui->nr >= ui->max_stack)	/* frames; inlined ones do not count */
		return DWARF_CB_ABORT;
	/* a return address points after the call: use the call itself, as
	 * perf does */
	if (!activation)
		pc--;
	/* libdw takes a signal trampoline's own frame for an activation;
	 * perf's libunwind only the frame it interrupted, and shows the
	 * trampoline at pc - 1 as any caller */
	else if (ui->nr && frame__is_sigtramp(state, pc))
		pc--;
	/* dwfl_frame_pc has read what the step to this frame's caller needs
	 * (its return address last) to tell whether the frame is an
	 * activation; not for the first frame, whose step comes after */
	ui->step_past = ui->past_copy;
	ui->step_zero = ui->read_zero;
	ui->past_copy = false;
	ui->read_zero = false;
	ui->reads = 0;
	if (unwind__append(ui, pc) || unwind__stops_at(ui, pc))
		return DWARF_CB_ABORT;
	return DWARF_CB_OK;
}

struct cfi_rules;
struct unwind_dso;
static void rules__free(struct unwind_dso *ud);
static struct unwind_dso *unwind__dso_load(struct machine *m, struct dso *dso);
static uint64_t unwind_dso__bias(const struct unwind_dso *ud, uint64_t start, uint64_t pgoff);

/*
 * Per dso, for the whole session (dso->unwind), whatever process maps it:
 * the CFI facts the x86_64 fast path needs come from the file alone, so
 * they are found once, not in each address space (an exec-heavy recording
 * has thousands of processes mapping the same ld.so and libc).
 */
struct unwind_dso {
	int8_t debug_frame;	/* separate debug file: 1 has .debug_frame,
				 * -1 none (or no such file), 0 not looked */
	bool perf_debug_frame;	/* the file itself has a .debug_frame */
	bool code_tried;	/* code_fd opened (or tried) */
	int code_fd;		/* its file for code reads, -1 none */
	/* the lowest start of its maps in the set of id lo_id at
	 * generation lo_gen (0: none yet); lo_stop: perf cannot read its
	 * table there (unwind__perf_cfi_fails) */
	uint64_t lo_id, lo_gen, lo;
	bool lo_stop;
	/* its .eh_frame_hdr as perf reads it: hdr 1 known, -1 none or an
	 * encoding perf refuses, 0 not looked; the section's vaddr, the
	 * table's offset in it and its number of entries */
	int8_t hdr;
	uint64_t hdr_vaddr, hdr_fdes;
	uint32_t hdr_table;
	bool loaded;		/* the fast path's module: tried */
	bool exec;		/* ET_EXEC: an address is its own vaddr */
	Dwfl *dwfl;		/* this file alone, at its link-time address */
	Dwfl_Module *mod;	/* NULL: no usable file */
	uint64_t vaddr0;	/* ET_DYN: vaddr of file offset 0 */
	uint32_t nsegs;		/* its PT_LOADs: file offset -> vaddr */
	struct {
		uint64_t off, size, vaddr;
		bool exec;
	} seg[8];
	struct cfi_rules *rules;	/* by vaddr, open addressing */
	uint32_t rules_size, rules_nr;
};

static struct unwind_dso *unwind__dso(struct dso *dso)
{
	if (!dso->unwind)
		dso->unwind = calloc(1, sizeof(struct unwind_dso));
	return dso->unwind;
}

void unwind__dso_exit(struct dso *dso)
{
	struct unwind_dso *ud = dso->unwind;

	if (!ud)
		return;
	if (ud->dwfl)
		dwfl_end(ud->dwfl);
	if (ud->code_tried && ud->code_fd >= 0)
		close(ud->code_fd);
	rules__free(ud);
	free(ud);
	dso->unwind = NULL;
}

/* Whether @elf has a section @name (unreadable: yes, libdw will see for
 * itself) */
static bool elf__has_section(Elf *elf, const char *name)
{
	return elf__section(elf, name, NULL) != 0;
}

static bool elf_fd__has_section(int fd, const char *name)
{
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	bool found = elf__has_section(elf, name);

	elf_end(elf);
	return found;
}

/*
 * The separate debug file matters to the unwinder only for its
 * .debug_frame: libdw looks there for the CFI of a pc that .eh_frame does
 * not cover (dwfl_module_dwarf_cfi), and to get it, it opens the file and
 * inflates every compressed .debug_* section, in each address space anew
 * (one Dwfl per process). Distribution debug files have no .debug_frame
 * on x86_64: without one the CFI is none either way, so such a file is
 * not handed to libdw at all. Looked at once per dso for the session.
 */
static int unwind__find_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
				  Dwarf_Addr base, const char *file_name,
				  const char *debuglink_file, GElf_Word debuglink_crc,
				  char **debuginfo_file_name)
{
	struct unwind_dso *ud = *userdata ? unwind__dso(*userdata) : NULL;
	char path[PATH_MAX];
	struct build_id bid;
	int fd;

	if (ud && ud->debug_frame < 0)
		return -1;
	/* libdw's search would keep its own handle of this file, whatever
	 * is returned here: look at it before libdw does */
	if (debuginfo__build_id_file(mod, path, sizeof(path), &bid)) {
		if (ud && !ud->debug_frame) {
			fd = open(path, O_RDONLY | O_CLOEXEC);
			ud->debug_frame = fd >= 0 && elf_fd__has_section(fd, ".debug_frame") ? 1 : -1;
			if (fd >= 0)
				close(fd);
		}
		if (ud && ud->debug_frame < 0)
			return -1;
		return debuginfo__open(path, &bid, debuginfo_file_name);
	}
	fd = debuginfo__standard(mod, userdata, modname, base, file_name, debuglink_file,
				 debuglink_crc, debuginfo_file_name);
	if (!ud || ud->debug_frame > 0)
		return fd;
	if (fd >= 0 && elf_fd__has_section(fd, ".debug_frame")) {
		ud->debug_frame = 1;
		return fd;
	}
	ud->debug_frame = -1;
	if (fd >= 0)
		close(fd);
	/* libdw would open a name without an fd itself */
	free(*debuginfo_file_name);
	*debuginfo_file_name = NULL;
	return -1;
}


static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = unwind__find_debuginfo,
	/* NULL: libdw's default debug file path */
	.section_address = dwfl_offline_section_address,
	.find_elf = dwfl_build_id_find_elf,
};

/* One Dwfl per address space for libdw's own unwinder (the samples the
 * fast path leaves to it), reused across samples: the modules are
 * reported once (again when the maps change) and the state is attached
 * once; the callbacks read the sample of the moment from @ui. */
struct unwind_cache_ent {
	struct maps *maps;
	uint64_t gen;
	Dwfl *dwfl;
	bool attached;
	pid_t tid;		/* the one thread of the attached state */
	struct unwind_info *ui;
	uint64_t last_use;
};

#define UNWIND_CACHE 16

/* The machine's unwinding state (machine->unwind), made at its first
 * unwound sample */
struct unwind_cache {
	struct unwind_cache_ent ent[UNWIND_CACHE];
	uint64_t clock;
	/* MPERF_UNWIND_CHECK (see unwind__check) and its counts */
	bool check;
	uint64_t check_samples, check_fast, check_diff, check_short, check_lu, check_same;
};

static struct unwind_cache *unwind__cache(struct machine *m)
{
	struct unwind_cache *c = m->unwind;
	const char *v;

	if (c)
		return c;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	v = getenv("MPERF_UNWIND_CHECK");
	c->check = v && *v && strcmp(v, "0");
	m->unwind = c;
	return c;
}

static void cache_ent__clear(struct unwind_cache_ent *e)
{
	if (e->dwfl)
		dwfl_end(e->dwfl);
	free(e->ui);
	maps__put(e->maps);
	memset(e, 0, sizeof(*e));
}

static struct unwind_cache_ent *unwind__dwfl(struct machine *m, struct thread *thread)
{
	struct unwind_cache *c = unwind__cache(m);
	struct unwind_cache_ent *e, *victim = NULL;
	struct maps *maps = thread->maps;
	struct dso *last = NULL;	/* the file reported last */
	size_t i;

	if (!c)
		return NULL;
	c->clock++;
	for (i = 0; i < UNWIND_CACHE; i++) {
		e = &c->ent[i];
		if (e->maps == maps && e->gen == maps->gen && e->dwfl) {
			e->last_use = c->clock;
			return e;
		}
		if (!victim || e->last_use < victim->last_use)
			victim = e;
	}
	e = victim;
	cache_ent__clear(e);
	e->ui = calloc(1, sizeof(*e->ui));
	if (!e->ui)
		return NULL;
	e->dwfl = dwfl_begin(&offline_callbacks);
	if (!e->dwfl)
		return NULL;
	e->maps = maps__get(maps);
	e->gen = maps->gen;
	e->last_use = c->clock;
	dwfl_report_begin(e->dwfl);
	for (i = 0; i < maps->nr; i++) {
		struct map *map = maps->entries[i];
		struct unwind_dso *ud;
		Dwfl_Module *mod;
		const char *path;
		uint64_t base;

		if ((map->dso->kind != DSO_KIND_USER && map->dso->kind != DSO_KIND_VDSO) ||
		    (map->prot && !(map->prot & 4)))
			continue;
		/* report each file once: at its first (lowest) code mapping
		 * (data mappings of the same file may lie between) */
		if (last == map->dso)
			continue;
		last = map->dso;
		path = unwind__path(m, map->dso);
		if (!path)
			continue;
		/* where the file's first segment is, which is start - pgoff
		 * only when the mapped segment's vaddr is its offset plus
		 * that of the first (not so with lld) */
		base = map->start - map->pgoff;
		ud = unwind__dso_load(m, map->dso);
		if (ud && ud->mod && !ud->exec)
			base = unwind_dso__bias(ud, map->start, map->pgoff) + ud->vaddr0;
		mod = dwfl_report_elf(e->dwfl, map->dso->short_name, path, -1, base, false);
		/* the callbacks find the dso's session-wide state there */
		if (mod) {
			void **userdata;

			dwfl_module_info(mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
			*userdata = map->dso;
		}
	}
	dwfl_report_end(e->dwfl, NULL, NULL);
	return e;
}

/*
 * Whose registers: the recording's arch (ARCH header feature), not the
 * host's. Without one (old pipe streams), the mask tells: x86_64 user regs
 * stop at bit 23 (r15); arm64 has sp and pc at bits 31 and 32.
 */
static bool unwind__is_arm64(struct machine *m, uint64_t mask)
{
	const struct arch_ops *a = m->env ? arch__by_name(m->env->arch) : NULL;

	if (a)
		return a == &arch_arm64;
	return (mask & (1ULL << ARM64_PERF_REG_SP)) && (mask & (1ULL << ARM64_PERF_REG_PC));
}

/*
 * x86_64 fast path. libdw's unwinder interprets the CFI of every frame
 * anew (dwarf_cfi_addrframe, then an expression per register) in a Dwfl
 * of the sample's own address space; most frames of a recording are at a
 * few thousand distinct places in a few files. For each place (dso,
 * vaddr) the rules are decoded once, for the session, from libdw's
 * Dwarf_Frame into the simple forms .eh_frame uses (CFA = reg + off; a
 * register undefined, unchanged, saved at CFA + off, or equal to CFA +
 * off) and applied here the way libdw 0.188's frame_unwind applies them,
 * so the frames are the same. Where perf's libunwind finds no CFI (no FDE
 * for the place in .eh_frame nor .debug_frame, or perf's misplaced table:
 * unwind__perf_cfi_fails), this steps as libunwind's fallback does
 * (unwind__lu_step), and where it finds no file at all it stops, as
 * perf's does; libdw's own unwinder knows neither (the check leaves such
 * samples out). Rules of any other form
 * (expressions, signal frames) send the whole sample to libdw's unwinder.
 * MPERF_UNWIND_CHECK=1 runs both on every sample and counts differences.
 */
#define X86_NREGS 17		/* DWARF 0-15 and the return address, 16 */
#define X86_RBP 6
#define X86_RSP 7
#define X86_RA 16

enum { RULE_UNDEF, RULE_SAME, RULE_OFFSET, RULE_VAL_OFFSET, RULE_EXPR };

/*
 * A DWARF expression of a rule that is not one of the simple forms (the
 * CFA of a PLT stub: rsp + 8, plus 8 past the stub's push; a return
 * address kept in another register), with the operators libdw's
 * expr_eval knows and gives the same meaning (comparisons signed).
 */
#define EXPR_OPS 16
struct expr_op {
	uint8_t atom;
	uint64_t n1, n2;
};

struct cfi_expr {
	uint8_t nops;
	struct expr_op op[EXPR_OPS];
};
enum { HOW_LIBDW, HOW_CFI, HOW_FP };	/* how a frame unwinds */

struct cfi_rules {
	uint64_t vaddr;
	bool used;
	uint8_t how;
	uint8_t cfa_reg;
	uint8_t kind[X86_NREGS];
	uint32_t lu_same;	/* RULE_SAME where libdw says undefined */
	int64_t cfa_off;
	int64_t off[X86_NREGS];
	struct cfi_expr *cfa_expr;	/* CFA by expression, else reg + off */
	struct cfi_expr **expr;		/* [X86_NREGS] for RULE_EXPR */
};

static void rules__free(struct unwind_dso *ud)
{
	uint32_t i;
	int k;

	for (i = 0; i < ud->rules_size; i++) {
		struct cfi_rules *r = &ud->rules[i];

		if (!r->used)
			continue;
		free(r->cfa_expr);
		if (r->expr)
			for (k = 0; k < X86_NREGS; k++)
				free(r->expr[k]);
		free(r->expr);
	}
	free(ud->rules);
}

/* libdw's ops as a cfi_expr; NULL: an operator the fast path leaves to
 * libdw */
static struct cfi_expr *cfi_expr__new(const Dwarf_Op *ops, size_t nops)
{
	struct cfi_expr *x;
	size_t i;

	if (!nops || nops > EXPR_OPS)
		return NULL;
	for (i = 0; i < nops; i++) {
		uint8_t a = ops[i].atom;

		if ((a >= DW_OP_breg0 && a <= DW_OP_breg31) || (a >= DW_OP_lit0 && a <= DW_OP_lit31))
			continue;
		switch (a) {
		case DW_OP_bregx: case DW_OP_const1u: case DW_OP_const1s: case DW_OP_const2u:
		case DW_OP_const2s: case DW_OP_const4u: case DW_OP_const4s: case DW_OP_const8u:
		case DW_OP_const8s: case DW_OP_constu: case DW_OP_consts: case DW_OP_plus_uconst:
		case DW_OP_and: case DW_OP_shl: case DW_OP_plus: case DW_OP_mul:
		case DW_OP_le: case DW_OP_ge: case DW_OP_eq: case DW_OP_lt: case DW_OP_gt:
		case DW_OP_ne: case DW_OP_deref: case DW_OP_call_frame_cfa: case DW_OP_stack_value:
			continue;
		default:
			return NULL;
		}
	}
	x = calloc(1, sizeof(*x));
	if (!x)
		return NULL;
	x->nops = (uint8_t)nops;
	for (i = 0; i < nops; i++)
		x->op[i] = (struct expr_op){ ops[i].atom, ops[i].number, ops[i].number2 };
	return x;
}

/* no module there (no file, an anonymous map): the frame-pointer step */
static const struct cfi_rules rules_fp = { .how = HOW_FP };

/* Linkers may place a segment at a vaddr other than its file offset plus
 * that of the first: keep where each one is. */
static void unwind_dso__segments(struct unwind_dso *ud, Elf *elf)
{
	size_t n, i;

	if (elf_getphdrnum(elf, &n))
		return;
	for (i = 0; i < n && ud->nsegs < ARRAY_SIZE(ud->seg); i++) {
		GElf_Phdr ph;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		ud->seg[ud->nsegs].off = ph.p_offset;
		ud->seg[ud->nsegs].size = ph.p_filesz;
		ud->seg[ud->nsegs].vaddr = ph.p_vaddr;
		ud->seg[ud->nsegs].exec = ph.p_flags & PF_X;
		ud->nsegs++;
	}
}

/* The vaddr of code at file offset @off of an ET_DYN file (the page
 * that holds the end of one segment and the start of the next is in both
 * segments: code is in the executable one). */
static uint64_t unwind_dso__vaddr(const struct unwind_dso *ud, uint64_t off)
{
	uint32_t i;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < ud->nsegs; i++)
			if ((pass || ud->seg[i].exec) && off >= ud->seg[i].off &&
			    off - ud->seg[i].off < ud->seg[i].size)
				return off - ud->seg[i].off + ud->seg[i].vaddr;
	return off + ud->vaddr0;
}

/* The load bias of a code map of an ET_DYN file: the executable segment
 * mapped from the page at @pgoff (its start rounded down to a page of up
 * to 64K) gives the vaddr of the map's start. */
static uint64_t unwind_dso__bias(const struct unwind_dso *ud, uint64_t start, uint64_t pgoff)
{
	uint32_t i;

	for (i = 0; i < ud->nsegs; i++)
		if (ud->seg[i].exec && pgoff <= ud->seg[i].off && ud->seg[i].off - pgoff < 0x10000)
			return start - (ud->seg[i].vaddr - (ud->seg[i].off - pgoff));
	return start - unwind_dso__vaddr(ud, pgoff);
}

/* The file of @dso alone in a Dwfl, at its link-time addresses. */
/* the size of a value of DWARF pointer encoding @enc as perf 6.1 reads
 * it in an .eh_frame_hdr (absolute or pc-relative, 4 or 8 bytes; 0 for
 * DW_EH_PE_omit), -1 for one it refuses */
static int eh_enc_size(uint8_t enc)
{
	if (enc == DW_EH_PE_omit)
		return 0;
	if (enc == DW_EH_PE_absptr)
		return 8;
	if ((enc & 0x70) != DW_EH_PE_absptr && (enc & 0x70) != DW_EH_PE_pcrel)
		return -1;
	if ((enc & 0x07) == 0)
		enc |= DW_EH_PE_udata4;
	switch (enc & 0x0f) {
	case DW_EH_PE_udata4: case DW_EH_PE_sdata4: return 4;
	case DW_EH_PE_udata8: case DW_EH_PE_sdata8: return 8;
	default: return -1;
	}
}

/* ud->hdr*: where perf's libunwind looks up the file's FDEs (its
 * .eh_frame_hdr's binary search table) */
static void unwind_dso__eh_frame_hdr(struct unwind_dso *ud, Elf *elf)
{
	GElf_Shdr sh;
	size_t size = 0;
	const uint8_t *raw = (const uint8_t *)elf_rawfile(elf, &size), *h;
	int ptr_size, count_size;
	uint64_t fdes = 0;

	ud->hdr = -1;
	if (elf__section(elf, ".eh_frame_hdr", &sh) != 1 || !raw || sh.sh_type == SHT_NOBITS ||
	    sh.sh_offset > size || size - sh.sh_offset < 4 || sh.sh_size < 4)
		return;
	h = raw + sh.sh_offset;
	ptr_size = eh_enc_size(h[1]);
	count_size = eh_enc_size(h[2]);
	/* (a pc-relative count is perf's own address plus the value:
	 * nothing to model) */
	if (ptr_size < 0 || count_size < 0 || (h[2] & 0x70) == DW_EH_PE_pcrel ||
	    4 + (uint64_t)ptr_size + count_size > sh.sh_size ||
	    4 + (uint64_t)ptr_size + count_size > size - sh.sh_offset)
		return;
	for (int i = count_size - 1; i >= 0; i--)
		fdes = fdes << 8 | h[4 + ptr_size + i];
	if (count_size == 4 && (h[2] & 0x0f) == DW_EH_PE_sdata4)
		fdes = (uint64_t)(int64_t)(int32_t)fdes;
	ud->hdr_vaddr = sh.sh_addr;
	ud->hdr_table = 4 + (uint32_t)ptr_size + (uint32_t)count_size;
	ud->hdr_fdes = fdes;
	ud->hdr = 1;
}

static struct unwind_dso *unwind__dso_load(struct machine *m, struct dso *dso)
{
	struct unwind_dso *ud = unwind__dso(dso);
	const char *path;
	Dwarf_Addr bias;
	GElf_Ehdr ehdr;
	Elf *elf;

	if (!ud || ud->loaded)
		return ud;
	ud->loaded = true;
	path = unwind__path(m, dso);
	if (!path)
		return ud;
	ud->dwfl = dwfl_begin(&offline_callbacks);
	if (!ud->dwfl)
		return ud;
	dwfl_report_begin(ud->dwfl);
	ud->mod = dwfl_report_elf(ud->dwfl, dso->short_name, path, -1, 0, false);
	dwfl_report_end(ud->dwfl, NULL, NULL);
	if (ud->mod) {
		void **userdata;

		dwfl_module_info(ud->mod, &userdata, NULL, NULL, NULL, NULL, NULL, NULL);
		*userdata = dso;
		elf = dwfl_module_getelf(ud->mod, &bias);
		if (!elf || !gelf_getehdr(elf, &ehdr)) {
			ud->mod = NULL;
			return ud;
		}
		/* reported at 0, an ET_DYN file sits at -(its first
		 * segment's vaddr), as it sits at map start - pgoff less
		 * that in a process */
		ud->exec = ehdr.e_type == ET_EXEC;
		ud->vaddr0 = (uint64_t)0 - bias;
		ud->perf_debug_frame = elf__has_section(elf, ".debug_frame");
		unwind_dso__segments(ud, elf);
		unwind_dso__eh_frame_hdr(ud, elf);
	}
	return ud;
}

/* The frame's rules from the CFI of one table; false: no FDE there. */
static bool rules__decode_cfi(Dwarf_CFI *cfi, uint64_t addr, struct cfi_rules *r)
{
	Dwarf_Frame *frame = NULL;
	Dwarf_Op *ops, mem[3];
	size_t nops, i;
	bool signal = false;
	int reg;

	if (!cfi || dwarf_cfi_addrframe(cfi, addr, &frame) || !frame)
		return false;
	r->how = HOW_LIBDW;
	if (dwarf_frame_info(frame, NULL, NULL, &signal) != X86_RA || signal)
		goto out;
	if (dwarf_frame_cfa(frame, &ops, &nops))
		goto out;
	if (nops == 1 && ops[0].atom == DW_OP_bregx && ops[0].number < X86_NREGS) {
		r->cfa_reg = (uint8_t)ops[0].number;
		r->cfa_off = (int64_t)ops[0].number2;
	} else if (!(r->cfa_expr = cfi_expr__new(ops, nops))) {
		goto out;
	}
	for (reg = 0; reg < X86_NREGS; reg++) {
		uint64_t off = 0;

		if (dwarf_frame_register(frame, reg, mem, &ops, &nops))
			goto out;
		if (nops == 0) {
			/* libdw: the ops buffer for "undefined", none for
			 * "same value". A register the CFI does not name is
			 * unchanged for perf's libunwind, but undefined for
			 * libdw 0.188 unless its x86_64 ABI table says
			 * otherwise, and that table names rax (DWARF 0) where
			 * rbx (3) is meant: rbx, callee-saved and the CFA
			 * register of ld.so's _dl_runtime_resolve, is lost
			 * past any frame that does not save it. As libunwind,
			 * so as perf: unchanged (an explicit DW_CFA_undefined
			 * reads the same through libdw; only the return
			 * address's matters) */
			if (ops == mem && reg == X86_RA) {
				r->kind[reg] = RULE_UNDEF;
			} else if (ops == mem) {
				r->kind[reg] = RULE_SAME;
				r->lu_same |= 1U << reg;
			} else if (!ops)
				r->kind[reg] = RULE_SAME;
			else
				goto out;
			continue;
		}
		i = 0;
		if (ops[0].atom == DW_OP_call_frame_cfa) {
			i = 1;
			if (i < nops && ops[i].atom == DW_OP_plus_uconst)
				off = ops[i++].number;
			r->kind[reg] = RULE_OFFSET;
			if (i < nops && ops[i].atom == DW_OP_stack_value) {
				r->kind[reg] = RULE_VAL_OFFSET;
				i++;
			}
		}
		if (i == nops) {
			r->off[reg] = (int64_t)off;
			continue;
		}
		/* anything else: the expression itself */
		if (!r->expr && !(r->expr = calloc(X86_NREGS, sizeof(*r->expr))))
			goto out;
		if (!(r->expr[reg] = cfi_expr__new(ops, nops)))
			goto out;
		r->kind[reg] = RULE_EXPR;
	}
	r->how = HOW_CFI;
out:
	free(frame);
	return true;
}

/* As libdw looks: .eh_frame, then .debug_frame, then no CFI at all. */
static void rules__decode(struct unwind_dso *ud, uint64_t vaddr, struct cfi_rules *r)
{
	Dwarf_Addr bias, addr = vaddr - ud->vaddr0;	/* the module's address */
	Dwarf_CFI *cfi;

	cfi = dwfl_module_eh_cfi(ud->mod, &bias);
	if (cfi && rules__decode_cfi(cfi, addr - bias, r))
		return;
	cfi = dwfl_module_dwarf_cfi(ud->mod, &bias);
	if (cfi && rules__decode_cfi(cfi, addr - bias, r))
		return;
	r->how = HOW_FP;
}

static uint32_t rules__slot(const struct unwind_dso *ud, uint64_t vaddr)
{
	uint64_t h = vaddr * 0x9e3779b97f4a7c15ULL;
	uint32_t mask = ud->rules_size - 1, i = (uint32_t)(h >> 40) & mask;

	while (ud->rules[i].used && ud->rules[i].vaddr != vaddr)
		i = (i + 1) & mask;
	return i;
}

/* The rules for the frame at @addr of @ui's address space; NULL: no memory. */
static const struct cfi_rules *rules__get(struct unwind_info *ui, uint64_t addr)
{
	struct map *map = maps__find(ui->thread->maps, addr);
	struct unwind_dso *ud;
	struct cfi_rules *r;
	uint64_t vaddr;
	uint32_t i;

	/* the modules libdw's unwinder would know: code of files */
	if (!map || (map->dso->kind != DSO_KIND_USER && map->dso->kind != DSO_KIND_VDSO) ||
	    (map->prot && !(map->prot & 4)))
		return &rules_fp;
	ud = unwind__dso_load(ui->machine, map->dso);
	if (!ud)
		return NULL;
	if (!ud->mod)
		return &rules_fp;
	vaddr = ud->exec ? addr : unwind_dso__vaddr(ud, map__map_ip(map, addr));
	if ((ud->rules_nr + 1) * 2 > ud->rules_size) {
		struct cfi_rules *old = ud->rules;
		uint32_t osize = ud->rules_size, n = osize ? osize * 2 : 256;

		ud->rules = calloc(n, sizeof(*ud->rules));
		if (!ud->rules) {
			ud->rules = old;
			return NULL;
		}
		ud->rules_size = n;
		for (i = 0; i < osize; i++)
			if (old[i].used)
				ud->rules[rules__slot(ud, old[i].vaddr)] = old[i];
		free(old);
	}
	r = &ud->rules[rules__slot(ud, vaddr)];
	if (!r->used) {
		r->used = true;
		r->vaddr = vaddr;
		rules__decode(ud, vaddr, r);
		ud->rules_nr++;
	}
	return r;
}

/*
 * @x on the registers of the frame (@valid: those known), as libdw's
 * expr_eval: DW_OP_call_frame_cfa pushes the CFA and makes the result an
 * address to read, DW_OP_stack_value makes it the value. false: a
 * register or a memory word not known, or a stack that runs dry.
 */
static bool cfi_expr__eval(const struct cfi_expr *x, const uint64_t *regs, uint32_t valid,
			   const uint64_t *cfa, struct unwind_info *ui, uint64_t *result)
{
	uint64_t st[EXPR_OPS], a, b;
	bool loc = false;
	int n = 0, i;

	for (i = 0; i < x->nops; i++) {
		const struct expr_op *o = &x->op[i];
		unsigned int reg;

		if (o->atom >= DW_OP_lit0 && o->atom <= DW_OP_lit31) {
			st[n++] = o->atom - DW_OP_lit0;
			continue;
		}
		if ((o->atom >= DW_OP_breg0 && o->atom <= DW_OP_breg31) || o->atom == DW_OP_bregx) {
			reg = o->atom == DW_OP_bregx ? (unsigned int)o->n1 :
				(unsigned int)(o->atom - DW_OP_breg0);
			if (o->atom == DW_OP_bregx && o->n1 >= X86_NREGS)
				return false;
			if (reg >= X86_NREGS || !(valid & (1U << reg)))
				return false;
			st[n++] = regs[reg] + (o->atom == DW_OP_bregx ? o->n2 : o->n1);
			continue;
		}
		switch (o->atom) {
		case DW_OP_call_frame_cfa:
			if (!cfa)
				return false;
			st[n++] = *cfa;
			loc = true;
			continue;
		case DW_OP_stack_value:
			loc = false;
			continue;
		case DW_OP_plus_uconst:
			if (n < 1)
				return false;
			st[n - 1] += o->n1;
			continue;
		case DW_OP_deref:
			if (n < 1 || !memory_read(NULL, st[n - 1], &st[n - 1], ui))
				return false;
			continue;
		case DW_OP_and: case DW_OP_shl: case DW_OP_plus: case DW_OP_mul:
		case DW_OP_le: case DW_OP_ge: case DW_OP_eq: case DW_OP_lt: case DW_OP_gt:
		case DW_OP_ne:
			if (n < 2)
				return false;
			b = st[--n];
			a = st[--n];
			switch (o->atom) {
			case DW_OP_and: a &= b; break;
			case DW_OP_shl: a <<= b; break;
			case DW_OP_plus: a += b; break;
			case DW_OP_mul: a *= b; break;
			case DW_OP_le: a = (int64_t)a <= (int64_t)b; break;
			case DW_OP_ge: a = (int64_t)a >= (int64_t)b; break;
			case DW_OP_eq: a = (int64_t)a == (int64_t)b; break;
			case DW_OP_lt: a = (int64_t)a < (int64_t)b; break;
			case DW_OP_gt: a = (int64_t)a > (int64_t)b; break;
			default: a = (int64_t)a != (int64_t)b; break;
			}
			st[n++] = a;
			continue;
		default:	/* the constants: libdw's value in n1 */
			st[n++] = o->n1;
			continue;
		}
	}
	if (n < 1)
		return false;
	a = st[n - 1];
	if (loc && !memory_read(NULL, a, &a, ui))
		return false;
	*result = a;
	return true;
}

static bool unwind__pread_code(struct unwind_info *ui, struct map *map, uint64_t addr,
			       void *buf, size_t n);

/* perf reads memory outside the stack copy, 8 bytes at a time, from the
 * file of the map there (access_dso_mem): false where no map holds @addr
 * or its file lacks the bytes (an anonymous map, past the file's end) */
static bool unwind__perf_mem_readable(struct unwind_info *ui, uint64_t addr)
{
	struct map *map = maps__find(ui->thread->maps, addr);
	struct unwind_dso *ud;
	uint8_t b[8];

	if (!map)
		return false;
	if (map->dso->kind == DSO_KIND_VDSO) {
		ud = unwind__dso_load(ui->machine, map->dso);
		return ud && ud->mod;
	}
	return map->dso->kind == DSO_KIND_USER && unwind__pread_code(ui, map, addr, b, 8);
}

/*
 * How perf 6.1 fares with the CFI for a frame at @addr (CFI_PERF_OK: as
 * the file has it). perf places a file's .eh_frame_hdr at the lowest
 * start of all the maps of its dso in the process, less the file's first
 * PT_LOAD vaddr (page): right for the one copy a process maps, and libunwind
 * reads the table there through perf's maps.
 * - CFI_PERF_STOP: no map of a file holds the table's middle entry, the
 *   first libunwind reads (a recording without data mmaps, a per-event
 *   call-graph=dwarf on another event than the first: the file's
 *   read-only segment, where the table is, is no map): that read fails
 *   and libunwind's step with it, the chain ends at this frame.
 * - CFI_PERF_MISPLACED: perf keeps the maps a child had from its parent
 *   across an exec, so after `sh` forks and execs, the new ld.so, libc or
 *   vdso sits beside the shell's copy; when the shell's is the lower one,
 *   perf's table is that copy's, which covers no address of the new one,
 *   and libunwind falls back (unwind__lu_step).
 * Neither when the file has a .debug_frame (perf reads it at the frame's
 * own map); distribution files have none.
 */
enum { CFI_PERF_OK, CFI_PERF_MISPLACED, CFI_PERF_STOP };

static int unwind__perf_cfi_fails(struct unwind_info *ui, uint64_t addr)
{
	struct maps *maps = ui->thread->maps;
	struct map *map = maps__find(maps, addr);
	struct unwind_dso *ud;
	uint64_t lo = UINT64_MAX, bias, base;
	size_t i;

	if (ui->machine->opts.exact_unwind || !map ||
	    (map->dso->kind != DSO_KIND_USER && map->dso->kind != DSO_KIND_VDSO))
		return CFI_PERF_OK;
	ud = unwind__dso_load(ui->machine, map->dso);
	if (!ud || !ud->mod || !ud->nsegs)
		return CFI_PERF_OK;
	if (ud->perf_debug_frame)
		return CFI_PERF_OK;
	base = ud->seg[0].vaddr & ~(uint64_t)4095;
	if (ud->lo_id && ud->lo_id == maps->id && ud->lo_gen == maps->gen) {
		lo = ud->lo;
	} else {
		for (i = 0; i < maps->nr; i++)
			if (maps->entries[i]->dso == map->dso && maps->entries[i]->start < lo)
				lo = maps->entries[i]->start;
		ud->lo_id = maps->id;
		ud->lo_gen = maps->gen;
		ud->lo = lo;
		ud->lo_stop = false;
		if (ud->hdr > 0 && ud->hdr_fdes) {
			uint64_t e = lo - base + ud->hdr_vaddr + ud->hdr_table +
				     ud->hdr_fdes / 2 * 8;

			ud->lo_stop = !unwind__perf_mem_readable(ui, e & ~(uint64_t)7);
		}
	}
	if (ud->lo_stop)
		return CFI_PERF_STOP;
	bias = ud->exec ? 0 : unwind_dso__bias(ud, map->start, map->pgoff);
	return lo - base != bias ? CFI_PERF_MISPLACED : CFI_PERF_OK;
}

/* A file perf reads CFI from holds @addr (else its find_proc_info fails
 * before any lookup) */
static bool unwind__has_file(struct unwind_info *ui, uint64_t addr)
{
	struct map *map = maps__find(ui->thread->maps, addr);
	struct unwind_dso *ud;

	if (!map || (map->dso->kind != DSO_KIND_USER && map->dso->kind != DSO_KIND_VDSO))
		return false;
	ud = unwind__dso_load(ui->machine, map->dso);
	return ud && ud->mod;
}

/* @n bytes of @map's file at @addr, read on a descriptor the dso keeps
 * (memory reads outside the stack copy, the code libunwind's fallback
 * checks); false: no file, or not that many bytes */
static bool unwind__pread_code(struct unwind_info *ui, struct map *map, uint64_t addr,
			       void *buf, size_t n)
{
	struct unwind_dso *ud = unwind__dso(map->dso);
	const char *path;

	if (!ud)
		return false;
	if (!ud->code_tried) {
		ud->code_tried = true;
		path = dso__objpath(map->dso, &ui->machine->opts);
		ud->code_fd = path ? open(path, O_RDONLY | O_CLOEXEC) : -1;
	}
	return ud->code_fd >= 0 &&
	       pread(ud->code_fd, buf, n, (off_t)map__map_ip(map, addr)) == (ssize_t)n;
}

/* 16 bytes of code at @addr as perf reads them (the file's bytes for a
 * code map of a file, 0 for other maps); false: no map there */
static bool unwind__read_code(struct unwind_info *ui, uint64_t addr, uint8_t *code)
{
	struct map *map = maps__find(ui->thread->maps, addr);

	if (!map)
		return false;
	if (map->dso->kind != DSO_KIND_USER || (map->prot && !(map->prot & 4)) ||
	    !unwind__pread_code(ui, map, addr, code, 16))
		memset(code, 0, 16);
	return true;
}

/*
 * libunwind's x86_64 step where it found no CFI (its unw_step after
 * dwarf_step fails), as perf 6.1 links it (libunwind 1.6): a PLT stub
 * returns to [cfa]; else the frame pointer chain, rbp pointing at the
 * saved rbp and the return address, taken only when rbp lies at most 16K
 * above libunwind's CFA; a pc that is no mapped address first tries the
 * return address at rsp. @lu_cfa is libunwind's CFA (the frame's rsp
 * after a DWARF step, 16 more than the last one after this step: not the
 * new rsp). 1: stepped to *pc (0 included); 0: the end of the chain (rbp
 * 0); -1: no way on (libunwind ends there too, the stack truncated).
 */
static int unwind__lu_step(struct unwind_info *ui, uint64_t *regs, uint32_t *valid,
			   uint64_t *pc, uint64_t *lu_cfa)
{
	uint64_t prev_ip = *pc, prev_cfa = *lu_cfa, rbp, ip = 0;
	bool rbp_ok, rip_ok;
	Dwarf_Word w;
	uint8_t code[16];
	bool have = unwind__read_code(ui, prev_ip, code);

	ui->lu_fallback = true;
	/* libunwind first tries a signal trampoline there (its code, read
	 * by perf's callbacks): in perf 6.1 that test never holds (the
	 * trampoline's frame shows at pc - 1, as no signal frame would, and
	 * the fallback goes on by rbp), so neither here */
	/* jmp *x(%rip); push $n; jmp: a PLT stub */
	if (have && code[0] == 0xff && code[1] == 0x25 && code[6] == 0x68 && code[11] == 0xe9) {
		/* a PLT stub: the return address at the CFA */
		if (!(*valid & (1U << X86_RBP)) || !memory_read(NULL, *lu_cfa, &w, ui))
			return -1;
		ip = w;
		*lu_cfa += 8;
		regs[X86_RSP] = *lu_cfa;
		*valid = (*valid & (1U << X86_RBP)) | (1U << X86_RSP);
	} else {
		if (!(*valid & (1U << X86_RBP)))
			return -1;
		rbp = regs[X86_RBP];
		/* an address no map holds: perf's memory read fails there */
		bool bad_ip = !maps__find(ui->thread->maps, prev_ip);
		bool fixed = false;

		if (!rbp && !bad_ip)
			return 0;	/* the end of the chain, by the ABI */
		if (bad_ip && (*valid & (1U << X86_RSP))) {
			uint64_t rsp = regs[X86_RSP];
			Dwarf_Word nip, r;

			if (memory_read(NULL, rsp, &nip, ui) && memory_read(NULL, nip, &w, ui)) {
				/* a call through a bad pointer: the return
				 * address at rsp (libunwind takes rbp and rsp
				 * from memory at rbp and rsp too) */
				fixed = true;
				*lu_cfa += 8;
				*valid = 1U << X86_RSP;
				if (memory_read(NULL, rbp, &r, ui)) {
					regs[X86_RBP] = r;
					*valid |= 1U << X86_RBP;
				}
				regs[X86_RSP] = nip;
				ip = nip;
			}
		}
		if (!fixed) {
			Dwarf_Word rbp1;

			rbp_ok = memory_read(NULL, rbp, &rbp1, ui);
			rip_ok = rbp_ok && rbp >= *lu_cfa && rbp - *lu_cfa <= 0x4000;
			*lu_cfa += 16;
			if (!rip_ok)
				return -1;
			if (!memory_read(NULL, rbp + 8, &w, ui))
				return -1;
			ip = w;
			regs[X86_RBP] = rbp1;
			/* libunwind's rsp is no known location now; its CFA
			 * stands for it in the next frame's rules */
			regs[X86_RSP] = *lu_cfa;
			*valid = (1U << X86_RBP) | (1U << X86_RSP);
		}
	}
	if (ip == prev_ip && *lu_cfa == prev_cfa)
		return -1;
	*pc = ip;
	return 1;
}

/* 1: unwound (*rc as dwfl_getthread_frames would return); 0: not here */
static int unwind__fast(struct unwind_info *ui, int *rc)
{
	uint64_t regs[X86_NREGS], next[X86_NREGS], pc, lu_cfa;
	uint32_t valid = (1U << X86_NREGS) - 1, nvalid;
	/* registers whose value libdw has lost (for MPERF_UNWIND_CHECK) */
	uint32_t lost = 0, nlost;
	bool cfa_lost;
	bool initial = true;
	int i;

	memset(regs, 0, sizeof(regs));
	for (i = 0; i < 33; i++) {
		int d = x86__perf_reg_to_dwarf(i);
		uint64_t v;

		if (d >= 0 && d < X86_NREGS && sample_reg(ui->sample, i, &v))
			regs[d] = v;
	}
	pc = regs[X86_RA];
	lu_cfa = regs[X86_RSP];
	for (;;) {
		uint64_t lookup = initial ? pc : pc - 1, cfa = 0;
		const struct cfi_rules *r = rules__get(ui, lookup);
		bool cfa_ok, undefined = false;
		int fails;
		Dwarf_Word w;

		if (!r)
			return 0;
		/* perf's CFI lookup failing, no rule of the place matters */
		/* (a frame without CFI falls back either way, but where perf
		 * cannot read the table its step fails before that) */
		fails = unwind__perf_cfi_fails(ui, lookup);
		if (r->how == HOW_FP && fails == CFI_PERF_MISPLACED)
			fails = CFI_PERF_OK;
		if (r->how == HOW_LIBDW && !fails)
			return 0;
		if (fails == CFI_PERF_MISPLACED && !ui->misplaced) {
			ui->misplaced = true;
			ui->machine->nr_misplaced_cfi++;
		}
		if (fails == CFI_PERF_STOP && !ui->unmapped_cfi) {
			ui->unmapped_cfi = true;
			ui->machine->nr_unmapped_cfi++;
		}
		/* the frame: what frame_cb does with libdw's state */
		if (ui->nr >= ui->max_stack) {
			*rc = DWARF_CB_ABORT;
			return 1;
		}
		if (unwind__append(ui, lookup)) {
			*rc = DWARF_CB_ABORT;
			return 1;
		}
		initial = false;
		if (fails == CFI_PERF_STOP) {
			*rc = DWARF_CB_ABORT;
			return 1;
		}
		if (r->how == HOW_FP && !unwind__has_file(ui, lookup)) {
			/* perf's find_proc_info fails (no map, or no file to
			 * read CFI from: JIT code, the vdso without a copy):
			 * libunwind ends the chain there */
			*rc = DWARF_CB_ABORT;
			return 1;
		}
		if (r->how == HOW_FP || fails) {
			int st = unwind__lu_step(ui, regs, &valid, &pc, &lu_cfa);

			if (st <= 0) {
				*rc = st;
				return 1;
			}
			if (!pc) {
				/* a 0 frame, shown as ffffffffffffffff; nothing
				 * unwinds from there */
				if (ui->nr < ui->max_stack && unwind__append(ui, pc - 1))
					*rc = DWARF_CB_ABORT;
				else
					*rc = 0;
				return 1;
			}
			continue;
		}
		/* the caller's registers */
		ui->past_copy = false;
		if (r->cfa_expr) {
			cfa_ok = cfi_expr__eval(r->cfa_expr, regs, valid, NULL, ui, &cfa);
			cfa_lost = lost & valid;
		} else {
			cfa_ok = valid & (1U << r->cfa_reg);
			if (cfa_ok)
				cfa = regs[r->cfa_reg] + (uint64_t)r->cfa_off;
			cfa_lost = lost & (1U << r->cfa_reg);
		}
		nvalid = 0;
		nlost = 0;
		for (i = 0; i < X86_NREGS; i++) {
			switch (r->kind[i]) {
			case RULE_UNDEF:
				if (i == X86_RA)
					undefined = true;
				continue;
			case RULE_SAME:
				if (!(valid & (1U << i)))
					continue;
				next[i] = regs[i];
				if ((lost | r->lu_same) & (1U << i))
					nlost |= 1U << i;
				break;
			case RULE_OFFSET:
				if (!cfa_ok || !memory_read(NULL, cfa + (uint64_t)r->off[i], &w, ui))
					continue;
				next[i] = w;
				break;
			case RULE_VAL_OFFSET:
				if (!cfa_ok)
					continue;
				next[i] = cfa + (uint64_t)r->off[i];
				break;
			default:
				if (!cfi_expr__eval(r->expr[i], regs, valid, cfa_ok ? &cfa : NULL,
						    ui, &w))
					continue;
				next[i] = w;
				if (lost & valid)
					nlost |= 1U << i;
				break;
			}
			if (r->kind[i] != RULE_SAME && cfa_lost)
				nlost |= 1U << i;
			nvalid |= 1U << i;
		}
		if (nlost & (1U << X86_RA))
			ui->lu_same = true;
		if (undefined) {
			*rc = 0;
			return 1;
		}
		/* a return address that could not be read ends the stack as
		 * an undefined one does (libdw 0.188) */
		if (!(nvalid & (1U << X86_RA))) {
			*rc = ui->past_copy;
			return 1;
		}
		if (cfa_ok)
			lu_cfa = cfa;
		pc = next[X86_RA];
		if (!pc) {
			/* perf's libunwind takes 0 for a frame, shown as
			 * ffffffffffffffff (pc - 1), and finds nothing to unwind
			 * there; truncated when the 0 came from past the copy */
			if (ui->nr < ui->max_stack && unwind__append(ui, pc - 1)) {
				*rc = DWARF_CB_ABORT;
				return 1;
			}
			*rc = ui->past_copy;
			return 1;
		}
		memcpy(regs, next, sizeof(regs));
		valid = nvalid;
		lost = nlost;
	}
}

/* libdw's unwinder on the sample, in a Dwfl of its address space */
static int unwind__libdw(struct unwind_info *ui, int *rc)
{
	struct unwind_cache_ent *e = unwind__dwfl(ui->machine, ui->thread);

	if (!e || !e->ui)
		return -ENOMEM;
	if (!e->attached)
		e->tid = ui->thread->tid > 0 ? ui->thread->tid : 1;
	*e->ui = *ui;
	e->ui->tid = e->tid;
	if (!e->attached) {
		if (!dwfl_attach_state(e->dwfl, NULL, e->tid, &thread_callbacks, e->ui)) {
			cache_ent__clear(e);
			return -EINVAL;
		}
		e->attached = true;
	}
	/* the attached "process" has one thread whose id next_thread gives */
	e->ui->past_copy = false;
	e->ui->read_zero = false;
	e->ui->step_past = false;
	e->ui->step_zero = false;
	e->ui->reads = 0;
	*rc = dwfl_getthread_frames(e->dwfl, e->ui->tid, frame_cb, e->ui);
	if (e->ui->reads) {	/* the step from the first frame ended it */
		e->ui->step_past = e->ui->past_copy;
		e->ui->step_zero = e->ui->read_zero;
	}
	/* libdw ends at a return address of 0 (the register it reads last in
	 * a step) where perf's libunwind has a frame there: as the fast path */
	if (*rc == 0 && e->ui->step_zero && e->ui->nr < e->ui->max_stack &&
	    unwind__append(e->ui, (uint64_t)-1))
		*rc = DWARF_CB_ABORT;
	else if (*rc == 0)
		*rc = e->ui->step_past;
	ui->nr = e->ui->nr;
	return 0;
}

/* Does libdw's Dwfl of @ui's address space have a module at @pc? */
static bool unwind__libdw_places(struct unwind_info *ui, uint64_t pc)
{
	struct unwind_cache_ent *e = unwind__dwfl(ui->machine, ui->thread);

	return e && e->dwfl && dwfl_addrmodule(e->dwfl, pc);
}

/*
 * MPERF_UNWIND_CHECK=1: each sample the fast path unwinds is unwound by
 * libdw too; the frames and the ending must be the same, except where
 * libdw fails part way from a frame its one Dwfl per address space has no
 * module for (a file that a process exec'ed over its parent's maps has at
 * a second address), the frames before being the same (counted apart).
 * The output stays the fast path's. The counts (the machine's, in its
 * struct unwind_cache) go to stderr at the end (tests/shell/unwind-check.sh).
 */
static void unwind__check(struct unwind_info *ui, uint32_t start_nr, int rc)
{
	struct unwind_cache *uc = ui->machine->unwind;
	struct callchain_cursor *c = ui->cursor;
	uint32_t n = c->nr - start_nr, n2, i, k;
	struct callchain_cursor_node *fast = malloc((n + 1) * sizeof(*fast));
	bool truncated = c->truncated;
	int fast_nr = ui->nr, rc2 = 0;

	uc->check_fast++;
	/* perf's libunwind fallback: libdw knows nothing of it */
	if (ui->lu_fallback) {
		uc->check_lu++;
		free(fast);
		return;
	}
	if (!fast)
		return;
	memcpy(fast, c->nodes + start_nr, n * sizeof(*fast));
	c->nr = start_nr;
	ui->nr = 0;
	if (unwind__libdw(ui, &rc2)) {
		uc->check_diff++;
		n2 = 0;
	} else {
		n2 = c->nr - start_nr;
		for (k = 0; k < n2 && k < n; k++)
			if (c->nodes[start_nr + k].ip != fast[k].ip)
				break;
		if (rc2 == rc && n2 == n && k == n)
			;	/* the same */
		else if (rc2 < 0 && k > 0 && k < n && !unwind__libdw_places(ui, fast[k - 1].ip))
			uc->check_short++;	/* lost at the last frame both have */
		else if (ui->lu_same && k == n2 && n2 < n)
			uc->check_same++;	/* libdw stopped where rbx was needed */
		else
			uc->check_diff++;
	}
	/* the output is the fast path's, as without the check */
	c->nr = start_nr;
	for (i = 0; i < n; i++)
		callchain_cursor__append(c, &fast[i]);
	c->truncated = truncated;
	ui->nr = fast_nr;
	free(fast);
}

int unwind__get_entries(struct machine *m, struct thread *thread,
			const struct perf_sample *sample,
			struct callchain_cursor *cursor, int max_stack)
{
	struct unwind_cache *uc;
	struct unwind_info ui;
	bool arm64;
	uint32_t start_nr;
	uint64_t sp;
	int err = 0, rc = 0;

	if (!thread || !thread->maps)
		return -ENOENT;
	arm64 = unwind__is_arm64(m, sample->user_regs.mask);
	if (!sample_reg(sample, arm64 ? ARM64_PERF_REG_SP : X86_PERF_REG_SP, &sp))
		return -EINVAL;
	uc = unwind__cache(m);
	if (!uc)
		return -ENOMEM;
	/* frames already in the cursor: drop a user part there (kernel
	 * callchains of dwarf recordings have none, but be safe) */
	cursor->from_dwarf = true;
	while (cursor->nr && cursor->nodes[cursor->nr - 1].level == '.')
		cursor->nr--;
	start_nr = cursor->nr;
	if (!unwind__space_has_file(m, thread->maps))
		return 0;

	ui = (struct unwind_info){
		.machine = m, .thread = thread, .sample = sample, .cursor = cursor,
		.max_stack = max_stack, .arm64 = arm64, .sp = sp,
	};
	uc->check_samples++;
	if (!arm64 && unwind__fast(&ui, &rc)) {
		if (uc->check)
			unwind__check(&ui, start_nr, rc);
	} else {
		/* not for the fast path: libdw's unwinder from the start */
		cursor->nr = start_nr;
		ui.nr = 0;
		err = unwind__libdw(&ui, &rc);
		if (err)
			goto out;
	}
	if (rc != 0 && ui.nr < max_stack)
		cursor->truncated = true;
out:
	if (cursor->nr == start_nr) {
		/* nothing unwound: at least the sampled user ip */
		struct addr_location al;
		struct callchain_cursor_node node;
		uint64_t ip;

		if (sample_reg(sample, arm64 ? ARM64_PERF_REG_PC : X86_PERF_REG_IP, &ip)) {
			thread__resolve_ip(m, thread, PERF_RECORD_MISC_USER, ip, &al);
			node = frame__from_al(ip, &al);
			node.level = '.';
			node.unwound = true;
			callchain_cursor__append(cursor, &node);
		}
		cursor->truncated = true;
	}
	return err;
}

void unwind__exit(struct machine *machine)
{
	struct unwind_cache *c = machine->unwind;
	size_t i;

	if (machine->nr_unmapped_cfi && !machine->opts.quiet)
		pr_warning("%" PRIu64 " DWARF stacks cut short as perf 6.1 cuts them: the file has "
			   "no maps of the objects' read-only segments (call-graph=dwarf was not on "
			   "the first event), where the CFI tables are; --exact-unwind unwinds them\n",
			   machine->nr_unmapped_cfi);
	machine->nr_unmapped_cfi = 0;
	if (machine->nr_misplaced_cfi && !machine->opts.quiet)
		pr_warning("%" PRIu64 " DWARF stacks unwound as perf 6.1 unwinds them, cut short or "
			   "wrong: in processes that exec'd, perf finds no CFI for a file the parent "
			   "also mapped lower; --exact-unwind unwinds them with it\n",
			   machine->nr_misplaced_cfi);
	machine->nr_misplaced_cfi = 0;
	if (!c)
		return;
	if (c->check && c->check_samples)
		fprintf(stderr, "unwind check: %" PRIu64 " samples, %" PRIu64
			" by the fast path, %" PRIu64 " unwound differently by libdw, %" PRIu64
			" where libdw stops short (a file it cannot place), %" PRIu64
			" through perf's libunwind fallback (not compared), %" PRIu64
			" longer than libdw's (a register its ABI table loses)\n",
			c->check_samples, c->check_fast, c->check_diff, c->check_short,
			c->check_lu, c->check_same);
	for (i = 0; i < UNWIND_CACHE; i++)
		cache_ent__clear(&c->ent[i]);
	free(c);
	machine->unwind = NULL;
}
