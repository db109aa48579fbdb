/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_DSO_H
#define MPERF_DSO_H

/*
 * A dso: one mapped object (ELF file, the kernel, [vdso], anon memory),
 * named as the recording saw it, with its build-id and lazily loaded
 * symbols. Owned by the machine's dso table; maps hold references.
 */

#include <stdbool.h>
#include <stdint.h>
#include <elf.h>
#include "build-id.h"
#include "symbol.h"

enum dso_kind {
	DSO_KIND_USER,		/* a file */
	DSO_KIND_KERNEL,	/* [kernel.kallsyms] */
	DSO_KIND_MODULE,	/* [module] */
	DSO_KIND_VDSO,		/* [vdso] */
	DSO_KIND_ANON,		/* //anon, [heap], [stack], memfd:... */
};

struct dso {
	char *long_name;		/* path as recorded */
	const char *short_name;		/* basename or "[kernel.kallsyms]" */
	/* the kernel: the build-id list's name for it when that is no
	 * "[kernel.kallsyms]" (perf script prints it); NULL: long_name */
	char *rec_name;
	struct build_id bid;		/* from the BUILD_ID feature */
	/* the device and inode of the first MMAP2 that named it with any
	 * (perf's dso id, which later maps do not change) */
	uint32_t id_maj, id_min;
	uint64_t id_ino, id_ino_gen;
	enum dso_kind kind;
	bool jit;			/* /tmp/perf-PID.map: a JIT's symbols */
	bool loaded;			/* symbols loaded (or tried) */
	bool has_symtab;		/* .symtab found (not only .dynsym) */
	bool warned;
	int load_err;			/* 0 or -errno of the symbol load */
	char *symsrc;			/* file the symbols came from */
	char symsrc_origin;		/* perf's letter for symsrc (dso__origin) */
	char *objpath;			/* the object itself (unwinding) */
	/* its build-id came from the file's list when it was made: perf
	 * made such a dso from that list, and reads a vdso only from its
	 * build-id cache copy then; a [vdso] first met in an MMAP is perf's
	 * own vdso (vdso_self: ours, the same kernel's) */
	bool bid_listed;
	bool vdso_self;
	/* a module: the path its MMAP named (what -v shows for it, perf's
	 * long name), and whether a sample in it found a kallsyms symbol
	 * (perf's -v origin 'K', 'm' for a .ko.gz/.ko.xz; '!' otherwise) */
	char *mod_path;
	bool mod_syms;
	struct symbols syms;
	/* the kernel from kallsyms: from its first symbol's start to its
	 * last one's end, the range perf's kernel map takes once loaded
	 * (0, 0: not known) */
	uint64_t ksym_start, ksym_end;
	uint64_t hits;			/* samples that resolved here */
	/* sort.c: the hash of the name last shown for it, and that name */
	const char *hashed_name;
	uint64_t name_hash;
	void *srcline;			/* srcline.c: libdw handle, cache */
	/* srcline.c: perf's source-line look-ups in it that found nothing,
	 * and whether one found a line (perf gives up on a file after 123
	 * misses in a row from the start: see srcline__get) */
	uint32_t a2l_misses;
	bool a2l_found;
	void *unwind;			/* unwind.c: CFI facts, for all processes */
	struct dso_symcache *symcache;	/* recent lookups, by address */
	struct dso *hnext;		/* machine's hash chain */
	/* where perf would have allocated it: the objects of the file's
	 * build-id list first, in its order, then as they appear; perf
	 * orders callchain siblings by that (its dso pointers) */
	uint32_t order;
};

/* The name perf script prints: the path as recorded, the build-id list's
 * name of the kernel ("vmlinux") when it is no "[kernel.kallsyms]". */
static inline const char *dso__rec_name(const struct dso *dso)
{
	return dso->rec_name ? dso->rec_name : dso->long_name;
}

struct dso *dso__new(const char *name);
void dso__delete(struct dso *dso);
void dso__set_build_id(struct dso *dso, const struct build_id *bid);
/* Load symbols once (ELF: symfs, /usr/lib/debug by build-id and path;
 * kernel: vmlinux, kallsyms). 0 or -errno (symbols stay empty). */
int dso__load(struct dso *dso, const struct symbol_opts *opts);
/* Back to not loaded: the next dso__load tries again. */
void dso__unload(struct dso *dso);
struct symbol *dso__find_symbol(struct dso *dso, const struct symbol_opts *opts,
				uint64_t addr);
/*
 * The kallsyms file dso__load reads the kernel's symbols from (when no
 * vmlinux is given) for a recording of the kernel of build-id @bid (NULL
 * or empty: none recorded): the --kallsyms file; none for a --symfs tree;
 * this machine's /proc/kallsyms when it runs that kernel; else the copy
 * perf record put in the build-id cache, or none. 0 with the path in
 * @out, or -ENOENT (quietly: dso__load says why).
 */
int kernel__kallsyms_file(const struct build_id *bid, const struct symbol_opts *opts,
			  char *out, size_t size);
/* Path of a file usable for debug info (srcline, unwind), or NULL. */
const char *dso__symsrc(struct dso *dso, const struct symbol_opts *opts);
/*
 * perf's letter for where the symbols of a loaded @dso came from (report
 * -v): 'k' kallsyms, 'v' vmlinux, 'd' the object itself, 'b' a debug file
 * under /usr/lib/debug/.build-id, 'B'/'D' perf's build-id cache (object,
 * debug file), 'f'/'u' /usr/lib/debug/PATH(.debug), 'l' the file the
 * object's .gnu_debuglink names, 'o' DIR/.debug/NAME, 'x'
 * /usr/lib/debug/lib/... for /usr/lib/...; '!' no symbols.
 */
char dso__origin(const struct dso *dso);
/* Path of the object file itself (code, .eh_frame), or NULL. */
const char *dso__objpath(struct dso *dso, const struct symbol_opts *opts);

/* symbol-elf.c: ELF .symtab (or .dynsym) into @syms, addresses as file
 * offsets (so that map start/pgoff translate directly). 0 or -errno. */
int elf__load_symbols(const char *path, struct symbols *syms, bool *has_symtab);
/* The same, symbols from @path (a debug file) placed with the program
 * headers of @phdr_path (the object itself; NULL: @path). */
int elf__load_symbols_phdrs(const char *path, const char *phdr_path,
			    struct symbols *syms, bool *has_symtab);
/* The same from an ELF image in memory (the vdso). */
int elf__load_symbols_mem(void *image, size_t size, struct symbols *syms);
/* The header of section @name of @elf (libelf's Elf) into *@sh (may be
 * NULL): 1 found, 0 none, -1 section names unreadable. */
struct Elf;
int elf__section(struct Elf *elf, const char *name, Elf64_Shdr *sh);
/* The file name in @path's .gnu_debuglink section into @name (@size
 * bytes): 0, or -ENOENT when it has none (or one without its NUL) or
 * the name does not fit, -errno when @path cannot be opened. */
int elf__read_debuglink(const char *path, char *name, size_t size);
/* A C++ ("_Z...", parameters left out), Rust, OCaml or Java name as perf
 * shows it, malloc'd;
 * NULL when it is not one or cannot be demangled. */
char *elf__demangle(const char *name);
/* Whether @name may be one elf__demangle changes (a cheap test of its
 * start: C++, Rust, OCaml, Java). */
bool elf__maybe_mangled(const char *name);
/* A file of this process's vdso image (made once; /proc/self/fd/N of a
 * deleted file), for unwinding through a [vdso] that reads as ours; NULL
 * if none */
const char *vdso__self_file(void);
/* kallsyms.c: /proc/kallsyms format. 0 or -errno; -EPERM when every
 * address is 0 (the kernel hides them: kptr_restrict, paranoid). */
int kallsyms__load(const char *path, struct symbols *syms);
/* The symbols after the kernel's own ones in @path (modules, BPF,
 * trampolines), added to @syms of a kallsyms__load that read only the
 * kernel's own (syms->kallsyms_core, cleared). The symbols already there
 * stay where they are. 0 or -errno (@syms then as it was, with the flag
 * cleared). */
int kallsyms__complete(const char *path, struct symbols *syms);
/* Start reading @path on other threads for a later kallsyms__load of it;
 * kallsyms__prefetch_end stops and joins its threads (and frees an unused
 * result). */
void kallsyms__prefetch(const char *path);
void kallsyms__prefetch_end(void);
/* true while the prefetch is still reading or parsing */
bool kallsyms__prefetch_busy(void);
/* @work(@arg) runs when kallsyms__load would otherwise wait for the
 * prefetch: work that the caller will need anyway, stopping once
 * kallsyms__prefetch_busy() is false. */
void kallsyms__prefetch_wait_work(void (*work)(void *arg), void *arg);
/* Why /proc/kallsyms shows us no addresses and the command that fixes it,
 * one clause for a message ("kernel.kptr_restrict=2 hides ...: run ...").
 * snprintf's return. */
int kallsyms__hidden_advice(char *buf, size_t size);
/* The address of a symbol in a kallsyms file (e.g. "_text"), 0 if none. */
uint64_t kallsyms__symbol_addr(const char *path, const char *name);

#endif
