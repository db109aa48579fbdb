// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "arch/arch.h"
#include "arch/arm64/regs.h"
#include "arch/x86/regs.h"
#include "callchain.h"
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
	int nr;
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

/* Word reads: inside the stack copy from the sample, else from the file
 * behind the map (read-only data such as .eh_frame contents). */
static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	struct unwind_info *ui = arg;
	const struct perf_sample *s = ui->sample;
	uint64_t size = s->user_stack.dyn_size;	/* what the kernel copied */
	struct map *map;
	const char *path;
	int fd;
	ssize_t n;

	if (size > s->user_stack.size)
		size = s->user_stack.size;
	/* no sums that can wrap: sp and addr come from the file */
	if (addr >= ui->sp && addr - ui->sp <= size &&
	    size - (addr - ui->sp) >= sizeof(*result)) {
		memcpy(result, s->user_stack.data + (addr - ui->sp), sizeof(*result));
		return true;
	}
	map = ui->thread->maps ? maps__find(ui->thread->maps, addr) : NULL;
	/* code only: the file bytes of a data map (record -d, dwarf) are
	 * not what the process had there */
	if (!map || map->dso->kind != DSO_KIND_USER || (map->prot && !(map->prot & 4)))
		return false;
	path = dso__objpath(map->dso, &ui->machine->opts);
	if (!path)
		return false;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	n = pread(fd, result, sizeof(*result), (off_t)map__map_ip(map, addr));
	close(fd);
	return n == (ssize_t)sizeof(*result);
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

	thread__resolve_ip(ui->machine, ui->thread, PERF_RECORD_MISC_USER, pc, &al);
	node.ip = pc;
	node.addr = al.addr;
	node.map = al.map;
	node.dso = al.dso;
	node.sym = al.sym;
	node.level = '.';
	if (machine__append_frame(ui->machine, ui->cursor, &node))
		return -1;
	ui->nr++;
	return 0;
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
	return unwind__append(ui, pc) ? DWARF_CB_ABORT : DWARF_CB_OK;
}

static char *debuginfo_path;

/* Per dso, for the whole session (dso->unwind), whatever process maps it. */
struct unwind_dso {
	int8_t debug_frame;	/* separate debug file: 1 has .debug_frame,
				 * -1 none (or no such file), 0 not looked */
};

static struct unwind_dso *unwind__dso(struct dso *dso)
{
	if (!dso->unwind)
		dso->unwind = calloc(1, sizeof(struct unwind_dso));
	return dso->unwind;
}

void unwind__dso_exit(struct dso *dso)
{
	free(dso->unwind);
	dso->unwind = NULL;
}

static bool elf_fd__has_section(int fd, const char *name)
{
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	bool found = false;

	/* unreadable: say yes, libdw will see for itself */
	if (!elf || elf_getshdrstrndx(elf, &shstrndx)) {
		elf_end(elf);
		return true;
	}
	while (!found && (scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr shdr;
		const char *n;

		if (!gelf_getshdr(scn, &shdr))
			continue;
		n = elf_strptr(elf, shstrndx, shdr.sh_name);
		found = !n || !strcmp(n, name);
	}
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
	int fd;

	if (ud && ud->debug_frame < 0)
		return -1;
	fd = dwfl_standard_find_debuginfo(mod, userdata, modname, base, file_name,
					  debuglink_file, debuglink_crc,
					  debuginfo_file_name);
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
	.debuginfo_path = &debuginfo_path,
	.section_address = dwfl_offline_section_address,
	.find_elf = dwfl_build_id_find_elf,
};

/* One Dwfl per address space, reused across samples: the modules are
 * reported once (again when the maps change) and the state is attached
 * once; the callbacks read the sample of the moment from @ui. */
struct cfi_rules;

struct unwind_cache_ent {
	struct maps *maps;
	uint64_t gen;
	Dwfl *dwfl;
	bool attached;
	struct unwind_info *ui;
	uint64_t last_use;
	struct cfi_rules *rules;	/* by lookup pc, open addressing */
	uint32_t rules_size, rules_nr;
};

#define UNWIND_CACHE 16

struct unwind_cache {
	struct unwind_cache_ent ent[UNWIND_CACHE];
	uint64_t clock;
};

static void cache_ent__clear(struct unwind_cache_ent *e)
{
	if (e->dwfl)
		dwfl_end(e->dwfl);
	free(e->rules);
	free(e->ui);
	maps__put(e->maps);
	memset(e, 0, sizeof(*e));
}

static struct unwind_cache_ent *unwind__dwfl(struct machine *m, struct thread *thread)
{
	struct unwind_cache *c = m->unwind;
	struct unwind_cache_ent *e, *victim = NULL;
	struct maps *maps = thread->maps;
	struct dso *last = NULL;	/* the file reported last */
	size_t i;

	if (!c) {
		c = calloc(1, sizeof(*c));
		if (!c)
			return NULL;
		m->unwind = c;
	}
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
		Dwfl_Module *mod;
		const char *path;

		if ((map->dso->kind != DSO_KIND_USER && map->dso->kind != DSO_KIND_VDSO) ||
		    (map->prot && !(map->prot & 4)))
			continue;
		/* report each file once: at its first (lowest) code mapping
		 * (data mappings of the same file may lie between) */
		if (last == map->dso)
			continue;
		last = map->dso;
		/* the vdso: its copy in perf's build-id cache, when there is
		 * one (its .eh_frame unwinds out of clock_gettime & co.) */
		path = map->dso->kind == DSO_KIND_VDSO ? dso__symsrc(map->dso, &m->opts) :
			dso__objpath(map->dso, &m->opts);
		if (!path)
			continue;
		mod = dwfl_report_elf(e->dwfl, map->dso->short_name, path, -1,
				      map->start - map->pgoff, false);
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
 * anew (dwarf_cfi_addrframe, then an expression per register); most
 * frames of a recording are at a few thousand distinct pcs. For each pc
 * the rules are decoded once from libdw's Dwarf_Frame into the simple
 * forms .eh_frame uses (CFA = reg + off; a register undefined, unchanged,
 * saved at CFA + off, or equal to CFA + off) and applied here the way
 * libdw's frame_unwind applies them, so the frames are the same. A pc
 * whose rules are anything else (expressions, signal frames, no FDE in
 * .eh_frame: libdw then tries .debug_frame or frame pointers) sends the
 * whole sample to libdw's unwinder.
 */
#define X86_NREGS 17		/* DWARF 0-15 and the return address, 16 */
#define X86_RA 16

enum { RULE_UNDEF, RULE_SAME, RULE_OFFSET, RULE_VAL_OFFSET };

struct cfi_rules {
	uint64_t pc;
	bool used;
	bool fast;		/* false: leave this pc to libdw */
	uint8_t cfa_reg;
	uint8_t kind[X86_NREGS];
	int64_t cfa_off;
	int64_t off[X86_NREGS];
};

static void rules__decode(Dwfl *dwfl, uint64_t pc, struct cfi_rules *r)
{
	Dwfl_Module *mod = dwfl_addrmodule(dwfl, pc);
	Dwarf_Frame *frame = NULL;
	Dwarf_Addr bias;
	Dwarf_CFI *cfi;
	Dwarf_Op *ops, mem[3];
	size_t nops, i;
	bool signal = false;
	int reg;

	r->fast = false;
	if (!mod)
		return;
	cfi = dwfl_module_eh_cfi(mod, &bias);
	if (!cfi || dwarf_cfi_addrframe(cfi, pc - bias, &frame) || !frame)
		return;
	if (dwarf_frame_info(frame, NULL, NULL, &signal) != X86_RA || signal)
		goto out;
	if (dwarf_frame_cfa(frame, &ops, &nops) || nops != 1 || ops[0].atom != DW_OP_bregx ||
	    ops[0].number >= X86_NREGS)
		goto out;
	r->cfa_reg = (uint8_t)ops[0].number;
	r->cfa_off = (int64_t)ops[0].number2;
	for (reg = 0; reg < X86_NREGS; reg++) {
		uint64_t off = 0;

		if (dwarf_frame_register(frame, reg, mem, &ops, &nops))
			goto out;
		if (nops == 0) {
			/* libdw: the ops buffer for "undefined", none for
			 * "same value" */
			if (ops == mem)
				r->kind[reg] = RULE_UNDEF;
			else if (!ops)
				r->kind[reg] = RULE_SAME;
			else
				goto out;
			continue;
		}
		if (ops[0].atom != DW_OP_call_frame_cfa)
			goto out;
		i = 1;
		if (i < nops && ops[i].atom == DW_OP_plus_uconst)
			off = ops[i++].number;
		r->kind[reg] = RULE_OFFSET;
		if (i < nops && ops[i].atom == DW_OP_stack_value) {
			r->kind[reg] = RULE_VAL_OFFSET;
			i++;
		}
		if (i != nops)
			goto out;
		r->off[reg] = (int64_t)off;
	}
	r->fast = true;
out:
	free(frame);
}

static uint32_t rules__slot(const struct unwind_cache_ent *e, uint64_t pc)
{
	uint64_t h = pc * 0x9e3779b97f4a7c15ULL;
	uint32_t mask = e->rules_size - 1, i = (uint32_t)(h >> 40) & mask;

	while (e->rules[i].used && e->rules[i].pc != pc)
		i = (i + 1) & mask;
	return i;
}

static const struct cfi_rules *rules__get(struct unwind_cache_ent *e, uint64_t pc)
{
	struct cfi_rules *r;
	uint32_t i;

	if ((e->rules_nr + 1) * 2 > e->rules_size) {
		struct cfi_rules *old = e->rules;
		uint32_t osize = e->rules_size, n = osize ? osize * 2 : 256;

		e->rules = calloc(n, sizeof(*e->rules));
		if (!e->rules) {
			e->rules = old;
			return NULL;
		}
		e->rules_size = n;
		for (i = 0; i < osize; i++)
			if (old[i].used)
				e->rules[rules__slot(e, old[i].pc)] = old[i];
		free(old);
	}
	r = &e->rules[rules__slot(e, pc)];
	if (!r->used) {
		r->used = true;
		r->pc = pc;
		rules__decode(e->dwfl, pc, r);
		e->rules_nr++;
	}
	return r;
}

/* 1: unwound (*rc as dwfl_getthread_frames would return); 0: not here */
static int unwind__fast(struct unwind_cache_ent *e, struct unwind_info *ui, int *rc)
{
	uint64_t regs[X86_NREGS], next[X86_NREGS], pc;
	uint32_t valid = (1U << X86_NREGS) - 1, nvalid;
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
	for (;;) {
		uint64_t lookup = initial ? pc : pc - 1, cfa = 0;
		const struct cfi_rules *r = rules__get(e, lookup);
		bool cfa_ok, undefined = false;
		Dwarf_Word w;

		if (!r || !r->fast)
			return 0;
		/* the frame: what frame_cb does with libdw's state */
		if (ui->nr >= ui->max_stack) {
			*rc = DWARF_CB_ABORT;
			return 1;
		}
		if (unwind__append(ui, lookup)) {
			*rc = DWARF_CB_ABORT;
			return 1;
		}
		/* the caller's registers */
		cfa_ok = valid & (1U << r->cfa_reg);
		if (cfa_ok)
			cfa = regs[r->cfa_reg] + (uint64_t)r->cfa_off;
		nvalid = 0;
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
				break;
			case RULE_OFFSET:
				if (!cfa_ok || !memory_read(e->dwfl, cfa + (uint64_t)r->off[i], &w, ui))
					continue;
				next[i] = w;
				break;
			default:
				if (!cfa_ok)
					continue;
				next[i] = cfa + (uint64_t)r->off[i];
				break;
			}
			nvalid |= 1U << i;
		}
		if (undefined) {
			*rc = 0;
			return 1;
		}
		/* a return address that could not be read ends the stack as
		 * an undefined one does (libdw 0.188) */
		if (!(nvalid & (1U << X86_RA))) {
			*rc = 0;
			return 1;
		}
		pc = next[X86_RA];
		if (!pc) {
			*rc = 0;
			return 1;
		}
		memcpy(regs, next, sizeof(regs));
		valid = nvalid;
		initial = false;
	}
}

int unwind__get_entries(struct machine *m, struct thread *thread,
			const struct perf_sample *sample,
			struct callchain_cursor *cursor, int max_stack)
{
	struct unwind_cache_ent *e;
	struct unwind_info *ui;
	bool arm64;
	uint32_t start_nr;
	uint64_t sp;
	int err = 0, rc;

	if (!thread || !thread->maps)
		return -ENOENT;
	arm64 = unwind__is_arm64(m, sample->user_regs.mask);
	if (!sample_reg(sample, arm64 ? ARM64_PERF_REG_SP : X86_PERF_REG_SP, &sp))
		return -EINVAL;
	/* frames already in the cursor: drop a user part there (kernel
	 * callchains of dwarf recordings have none, but be safe) */
	cursor->from_dwarf = true;
	while (cursor->nr && cursor->nodes[cursor->nr - 1].level == '.')
		cursor->nr--;
	start_nr = cursor->nr;

	e = unwind__dwfl(m, thread);
	if (!e || !e->ui) {
		err = -ENOMEM;
		goto out;
	}
	ui = e->ui;
	ui->machine = m;
	ui->thread = thread;
	ui->sample = sample;
	ui->cursor = cursor;
	ui->max_stack = max_stack;
	ui->arm64 = arm64;
	ui->sp = sp;
	ui->nr = 0;
	if (!arm64 && unwind__fast(e, ui, &rc))
		goto done;
	/* not for the fast path: libdw's unwinder from the start */
	cursor->nr = start_nr;
	ui->nr = 0;
	if (!e->attached) {
		ui->tid = thread->tid > 0 ? thread->tid : 1;
		if (!dwfl_attach_state(e->dwfl, NULL, ui->tid, &thread_callbacks, ui)) {
			err = -EINVAL;
			cache_ent__clear(e);
			goto out;
		}
		e->attached = true;
	}
	/* the attached "process" has one thread whose id next_thread gives */
	rc = dwfl_getthread_frames(e->dwfl, ui->tid, frame_cb, ui);
done:
	if (rc != 0 && ui->nr < max_stack)
		cursor->truncated = true;
out:
	if (cursor->nr == start_nr) {
		/* nothing unwound: at least the sampled user ip */
		struct addr_location al;
		struct callchain_cursor_node node;
		uint64_t ip;

		if (sample_reg(sample, arm64 ? ARM64_PERF_REG_PC : X86_PERF_REG_IP, &ip)) {
			thread__resolve_ip(m, thread, PERF_RECORD_MISC_USER, ip, &al);
			node = (struct callchain_cursor_node){
				.ip = ip, .addr = al.addr, .map = al.map,
				.dso = al.dso, .sym = al.sym, .level = '.',
			};
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

	if (!c)
		return;
	for (i = 0; i < UNWIND_CACHE; i++)
		cache_ent__clear(&c->ent[i]);
	free(c);
	machine->unwind = NULL;
}
