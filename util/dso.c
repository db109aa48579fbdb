// SPDX-License-Identifier: GPL-2.0
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "debug.h"
#include "dso.h"
#include "fsutil.h"
#include "srcline.h"
#include "unwind.h"

struct dso *dso__new(const char *name)
{
	struct dso *dso = calloc(1, sizeof(*dso));
	const char *slash;

	int jit_pid;
	char jit_end;

	if (!dso)
		return NULL;
	dso->long_name = strdup(name);
	if (!dso->long_name) {
		free(dso);
		return NULL;
	}
	/* JIT code of a process (machine.c names executable anonymous
	 * memory so): perf shows it as "[JIT] tid PID"; the short name
	 * shares the long name's allocation */
	if (sscanf(name, "/tmp/perf-%d.ma%c", &jit_pid, &jit_end) == 2 && jit_end == 'p') {
		size_t n = strlen(name) + 1;
		char *both = realloc(dso->long_name, n + 32);

		if (!both) {
			free(dso->long_name);
			free(dso);
			return NULL;
		}
		snprintf(both + n, 32, "[JIT] tid %d", jit_pid);
		dso->long_name = both;
		dso->short_name = both + n;
		dso->kind = DSO_KIND_ANON;
		dso->jit = true;
		return dso;
	}
	if (!strncmp(name, "[kernel.kallsyms]", 17)) {
		dso->kind = DSO_KIND_KERNEL;
		dso->long_name[17] = '\0';
	} else if (!strcmp(name, "[vdso]") || !strcmp(name, "[vsyscall]")) {
		dso->kind = DSO_KIND_VDSO;
	} else if (name[0] == '[' && name[strlen(name) - 1] == ']') {
		dso->kind = name[1] == 'h' || name[1] == 's' ||
			    !strncmp(name, "[anon", 5) ? DSO_KIND_ANON : DSO_KIND_MODULE;
	} else if (name[0] != '/') {
		dso->kind = DSO_KIND_ANON;	/* //anon, memfd:, ... */
	}
	if (!strncmp(name, "//anon", 6))
		dso->kind = DSO_KIND_ANON;
	/* perf's short name is the base name of any path: "anon" for
	 * //anon, "zero (deleted)" for /dev/zero (deleted) */
	slash = strrchr(dso->long_name, '/');
	dso->short_name = (dso->kind == DSO_KIND_USER || dso->long_name[0] == '/') && slash ?
			  slash + 1 : dso->long_name;
	return dso;
}

void dso__delete(struct dso *dso)
{
	if (!dso)
		return;
	srcline__dso_exit(dso);
	unwind__dso_exit(dso);
	symbols__exit(&dso->syms);
	free(dso->rec_name);
	free(dso->symcache);
	free(dso->symsrc);
	free(dso->objpath);
	free(dso->mod_path);
	free(dso->long_name);
	free(dso);
}

void dso__set_build_id(struct dso *dso, const struct build_id *bid)
{
	dso->bid = *bid;
}

static bool file_exists(const char *p)
{
	return access(p, R_OK) == 0;
}

/* A candidate file is usable when its build-id matches the recorded one
 * (or either is unknown). */
static bool candidate_ok(struct dso *dso, const char *path, bool *mismatch)
{
	struct build_id bid;

	if (!file_exists(path))
		return false;
	if (!dso->bid.size)
		return true;
	if (filename__read_build_id(path, &bid) < 0)
		return true;
	if (build_id__cmp(&bid, &dso->bid) == 0)
		return true;
	*mismatch = true;
	return false;
}

/* --symfs DIR other than "/": perf then takes every file from DIR,
 * nothing from this machine */
static bool symfs_set(const char *symfs)
{
	return symfs && symfs[strspn(symfs, "/")];
}

/* perf's build-id cache: DIR/.debug with any --symfs DIR ("/.debug" for
 * "/"), else the one record saves into (build_id_cache__dir); false when
 * there is none (no HOME) */
static bool cache_dir(const char *symfs, char *out, size_t size)
{
	if (symfs && *symfs) {
		snprintf(out, size, "%s/.debug", symfs);
		return true;
	}
	return build_id_cache__dir(out, size);
}

/* The object itself: at its recorded path, under --symfs when given (as
 * perf: not elsewhere, not by basename), else its copy in the build-id
 * cache. Its build-id must match the recorded one. */
static bool dso__find_file(struct dso *dso, const char *symfs, char *out, bool *mismatch)
{
	char p[PATH_MAX], cache[PATH_MAX / 2], hex[SBUILD_ID_SIZE];

	snprintf(p, sizeof(p), "%s%s", symfs, dso->long_name);
	if (candidate_ok(dso, p, mismatch))
		goto found;
	if (!dso->bid.size || !cache_dir(symfs, cache, sizeof(cache)))
		return false;
	build_id__snprintf(&dso->bid, hex, sizeof(hex));
	snprintf(p, sizeof(p), "%s/.build-id/%.2s/%s/elf", cache, hex, hex + 2);
	if (!candidate_ok(dso, p, mismatch))
		return false;
found:
	memcpy(out, p, PATH_MAX);
	return true;
}

/*
 * perf's first place for a user object's symbols: the file its
 * .gnu_debuglink names (read from the object at its recorded path under
 * --symfs, not from a cached copy), the first regular file of: the name
 * as it is (relative to the working directory), in the object's
 * directory, in its .debug subdirectory, and under /usr/lib/debug
 * followed by that directory, --symfs prefix and all (perf 6.1's places).
 */
static bool dso__debuglink(const struct dso *dso, const char *symfs, char *out, size_t size)
{
	static const char *const fmt[] = { "%.0s%s", "%s/%s", "%s/.debug/%s",
					   "/usr/lib/debug%s/%s" };
	char dir[PATH_MAX], name[NAME_MAX + 1], *slash;
	struct stat st;
	size_t i;

	if (snprintf(dir, sizeof(dir), "%s%s", symfs, dso->long_name) >= (int)sizeof(dir) ||
	    stat(dir, &st) || !S_ISREG(st.st_mode) ||
	    elf__read_debuglink(dir, name, sizeof(name)) || !(slash = strrchr(dir, '/')))
		return false;
	*slash = '\0';
	for (i = 0; i < sizeof(fmt) / sizeof(fmt[0]); i++)
		if (snprintf(out, size, fmt[i], dir, name) < (int)size && !stat(out, &st) &&
		    S_ISREG(st.st_mode))
			return true;
	return false;
}

/* The places perf 6.1 looks for an object's symbols, in its order */
struct cands {
	char path[10][PATH_MAX];
	char origin[10];	/* perf's letter for each (report -v) */
	int n;
};

static void __attribute__((format(printf, 3, 4)))
cands__add(struct cands *c, char origin, const char *fmt, ...)
{
	va_list ap;
	int len;

	if (c->n == (int)(sizeof(c->origin) / sizeof(c->origin[0])))
		return;
	va_start(ap, fmt);
	len = vsnprintf(c->path[c->n], PATH_MAX, fmt, ap);
	va_end(ap);
	if (len > 0 && len < PATH_MAX)
		c->origin[c->n++] = origin;
}

static int dso__load_user(struct dso *dso, const struct symbol_opts *opts)
{
	const char *symfs = opts && opts->symfs ? opts->symfs : "";
	char file[PATH_MAX], cache[PATH_MAX / 2], link[PATH_MAX];
	char hex[SBUILD_ID_SIZE];
	bool mismatch = false, has_symtab = false, have_file;
	struct build_id bid = dso->bid;
	struct cands *c = calloc(1, sizeof(*c));
	const char *slash = strrchr(dso->long_name, '/');
	int dyn[10], nr_dyn = 0;
	int i, err = -ENOENT;

	if (!c)
		return -ENOMEM;
	have_file = dso__find_file(dso, symfs, file, &mismatch);
	if (have_file)
		dso->objpath = strdup(file);
	if (!bid.size && have_file)
		filename__read_build_id(file, &bid);
	/* perf's first place; a file of another build-id is passed over
	 * below as any other */
	if (dso__debuglink(dso, symfs, link, sizeof(link)))
		cands__add(c, 'l', "%s", link);
	if (bid.size) {
		build_id__snprintf(&bid, hex, sizeof(hex));
		/* perf's build-id cache, filled by perf record: the object
		 * and the debug file it found for it, which perf tries
		 * before /usr/lib/debug (by the file's own build-id when the
		 * recording has none for it, as perf) */
		if (cache_dir(symfs, cache, sizeof(cache))) {
			cands__add(c, 'B', "%s/.build-id/%.2s/%s/elf", cache, hex, hex + 2);
			cands__add(c, 'D', "%s/.build-id/%.2s/%s/debug", cache, hex, hex + 2);
		}
	}
	cands__add(c, 'f', "%s/usr/lib/debug%s.debug", symfs, dso->long_name);
	cands__add(c, 'u', "%s/usr/lib/debug%s", symfs, dso->long_name);
	/* separate debug info, by build-id (under --symfs) */
	if (bid.size)
		cands__add(c, 'b', "%s/usr/lib/debug/.build-id/%.2s/%s.debug", symfs, hex, hex + 2);
	if (have_file)
		cands__add(c, 'd', "%s", file);
	/* OpenEmbedded's DIR/.debug/NAME, then /usr/lib/debug/lib/... for a
	 * /usr/lib/... object (Ubuntu's mixed-up paths) */
	if (slash)
		cands__add(c, 'o', "%s%.*s/.debug/%s", symfs, (int)(slash - dso->long_name),
			   dso->long_name, slash + 1);
	if (!strncmp(dso->long_name, "/usr/lib/", 9))
		cands__add(c, 'x', "%s/usr/lib/debug%s", symfs, dso->long_name + 4);

	for (i = 0; i < c->n; i++) {
		/* a file without .symtab is not read here (its C++ names
		 * demangled for nothing: cc1's 27K, thrice): it may be the
		 * .dynsym fallback below */
		struct symbols syms = { .no_demangle = opts && opts->no_demangle,
					.symtab_only = true };
		struct build_id fb;

		if (access(c->path[i], R_OK))
			continue;
		/* debug files must belong to this object */
		if (bid.size && filename__read_build_id(c->path[i], &fb) == 0 &&
		    build_id__cmp(&fb, &bid)) {
			mismatch = true;
			continue;
		}
		err = elf__load_symbols_phdrs(c->path[i], have_file ? file : NULL,
					      &syms, &has_symtab);
		if (err == 0 && !has_symtab) {
			/* only .dynsym: keep looking for a debug file */
			dyn[nr_dyn++] = i;
			symbols__exit(&syms);
			continue;
		}
		if (err < 0 || !syms.nr) {
			symbols__exit(&syms);
			continue;
		}
		dso->syms = syms;
		dso->has_symtab = true;
		goto found;
	}
	/* the first file with a .dynsym, as in perf: its symbols, none
	 * defined too (a stripped program that exports nothing: perf's -v
	 * letter is that file's place, not '!') */
	for (int k = 0; k < nr_dyn; k++) {
		i = dyn[k];
		dso->syms.no_demangle = opts && opts->no_demangle;
		err = elf__load_symbols(c->path[i], &dso->syms, &has_symtab);
		if (err == 0 || err == -ENODATA) {	/* (-ENODATA: none defined) */
			err = 0;
			goto found;
		}
		symbols__exit(&dso->syms);
	}
	free(c);
	if (mismatch && !(opts && opts->quiet)) {
		build_id__snprintf(&dso->bid, hex, sizeof(hex));
		pr_warning("%s: build-id of the file differs from the recorded %s; "
			   "its symbols are not used (point --symfs at the right copy)\n",
			   dso->long_name, hex);
	}
	return err < 0 ? err : -ENOENT;
found:
	dso->symsrc = strdup(c->path[i]);
	dso->symsrc_origin = c->origin[i];
	free(c);
	return 0;
}

/* The one line that says why every address in @path is 0, and the fix. */
static void warn_hidden_kallsyms(const char *path)
{
	char why[256];

	if (strcmp(path, "/proc/kallsyms")) {
		pr_warning("kernel symbols cannot be resolved: every address in %s is 0 "
			   "(copied while the kernel hid them?); give a kallsyms saved as root, or --vmlinux FILE\n",
			   path);
		return;
	}
	kallsyms__hidden_advice(why, sizeof(why));
	pr_warning("kernel symbols cannot be resolved: %s, or give --kallsyms FILE or --vmlinux FILE\n",
		   why);
}

/*
 * The kallsyms of the recorded kernel (build-id @bid, NULL or empty: none
 * recorded), as perf finds it: this machine's when the running kernel
 * has that build-id (or none is recorded), else the copy perf record put
 * in the build-id cache; else -ENOENT (perf's raw kernel addresses, not
 * the names of another kernel's symbols). Quiet.
 */
static int kernel__recorded_kallsyms(const struct build_id *bid, const struct symbol_opts *opts,
				     char *out, size_t size)
{
	char cache[PATH_MAX / 2], hex[SBUILD_ID_SIZE];
	struct build_id running;

	snprintf(out, size, "/proc/kallsyms");
	if (!bid || !bid->size || sysfs__read_build_id(NULL, &running) < 0 ||
	    build_id__cmp(&running, bid) == 0)
		return 0;
	build_id__snprintf(bid, hex, sizeof(hex));
	if (cache_dir(opts ? opts->symfs : NULL, cache, sizeof(cache))) {
		snprintf(out, size, "%s/[kernel.kallsyms]/%s/kallsyms", cache, hex);
		if (file_exists(out))
			return 0;
	}
	return -ENOENT;
}

/* The same, with one warning that names the fix when there is none */
static int kernel__kallsyms_path(struct dso *dso, const struct symbol_opts *opts,
				 char *out, size_t size)
{
	char hex[SBUILD_ID_SIZE];
	int err = kernel__recorded_kallsyms(&dso->bid, opts, out, size);

	if (err && !(opts && opts->quiet)) {
		build_id__snprintf(&dso->bid, hex, sizeof(hex));
		pr_warning("kernel symbols not resolved: the file's kernel (build-id %s) is not "
			   "the running one and the build-id cache has no kallsyms of it; give "
			   "--kallsyms FILE or --vmlinux FILE from the recording machine\n", hex);
	}
	return err;
}

int kernel__kallsyms_file(const struct build_id *bid, const struct symbol_opts *opts,
			  char *out, size_t size)
{
	if (opts && opts->kallsyms) {
		snprintf(out, size, "%s", opts->kallsyms);
		return 0;
	}
	/* dso__load_kernel reads nothing of this machine for a --symfs tree */
	if (opts && symfs_set(opts->symfs))
		return -ENOENT;
	return kernel__recorded_kallsyms(bid, opts, out, size);
}

static int dso__load_kernel(struct dso *dso, const struct symbol_opts *opts)
{
	const char *path = opts && opts->kallsyms ? opts->kallsyms : "/proc/kallsyms";
	char cache_path[PATH_MAX];
	bool has_symtab;
	int err;

	if (opts && opts->no_kernel_syms)
		return -ENOENT;
	/* perf reads no /proc/kallsyms of this machine for a --symfs tree */
	if (opts && symfs_set(opts->symfs) && !opts->kallsyms && !opts->vmlinux) {
		if (!opts->quiet)
			pr_warning("kernel symbols are not resolved with --symfs (as perf): "
				   "give --kallsyms FILE or --vmlinux FILE of the recording machine\n");
		return -ENOENT;
	}
	/* as perf: a --kallsyms file goes before -k's vmlinux */
	if (opts && opts->vmlinux && !opts->kallsyms) {
		dso->syms.vaddrs = true;
		/* as perf: kernel names demangled with --demangle-kernel only
		 * (whatever --demangle says) */
		dso->syms.no_demangle = !opts->demangle_kernel;
		err = elf__load_symbols(opts->vmlinux, &dso->syms, &has_symtab);
		if (err == 0) {
			dso->symsrc = strdup(opts->vmlinux);
			/* perf's kernel map spans .text once it has read it */
			dso->ksym_start = dso->syms.text_lo;
			dso->ksym_end = dso->syms.text_hi;
			return 0;
		}
		dso->syms.vaddrs = false;
		pr_warning("cannot read symbols of vmlinux %s: %s\n", opts->vmlinux,
			   strerror(-err));
	}
	if (!(opts && opts->kallsyms)) {
		err = kernel__kallsyms_path(dso, opts, cache_path, sizeof(cache_path));
		if (err)
			return err;
		path = cache_path;
	}
	err = kallsyms__load(path, &dso->syms);
	if (err == 0) {
		dso->symsrc = strdup(path);
		/* perf ends the kernel's last symbol (no size in kallsyms)
		 * at the page boundary above its start + 4 KiB */
		if (dso->syms.kernel_hi) {
			dso->ksym_start = dso->syms.kernel_lo;
			dso->ksym_end = (dso->syms.kernel_hi + 4096 + 4095) & ~4095ULL;
		}
	}
	else if (err == -EPERM && !(opts && opts->quiet))
		warn_hidden_kallsyms(path);
	else if (!(opts && opts->quiet))
		pr_warning("cannot read kernel symbols from %s: %s\n", path, strerror(-err));
	return err;
}

/* [vdso]: perf's build-id cache copy, else (without any --symfs) this
 * process's own vdso when its build-id is the recorded one (same kernel) */
/* The vdso's symbols from its copy in perf's build-id cache (DIR/.debug
 * with --symfs DIR) for @bid; 0 or -ENOENT */
static int vdso__load_cached(struct dso *dso, const char *symfs, const struct build_id *bid)
{
	/* perf record saves it as "vdso" (other objects as "elf") */
	static const char *const names[] = { "vdso", "elf" };
	char path[PATH_MAX], hex[SBUILD_ID_SIZE], cache[PATH_MAX / 2];
	bool has_symtab;

	if (!bid->size || !cache_dir(symfs, cache, sizeof(cache)))
		return -ENOENT;
	build_id__snprintf(bid, hex, sizeof(hex));
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/.build-id/%.2s/%s/%s",
			 cache, hex, hex + 2, names[i]);
		if (elf__load_symbols(path, &dso->syms, &has_symtab) == 0) {
			dso->symsrc = strdup(path);
			return 0;
		}
	}
	return -ENOENT;
}

/*
 * [vdso]: as perf 6.1. A [vdso] the file's build-id list names was made
 * from that list: only its build-id cache copy serves it. One first met
 * in an MMAP (no build-id listed, or a pipe's, listed later) is perf's own
 * vdso, extracted to a file: this process's here (the same kernel's),
 * not used when its build-id is not the recorded one; its build-id cache
 * copy is then read in its place ('B' with -v; 'd' without one).
 */
static int dso__load_vdso(struct dso *dso, const struct symbol_opts *opts)
{
	const char *symfs = opts ? opts->symfs : NULL;
	struct build_id bid;
	size_t size = 0;
	void *copy;
	int err;

	if (vdso__load_cached(dso, symfs, &dso->bid) == 0)
		return 0;
	if ((symfs && *symfs) || dso->bid_listed)
		return -ENOENT;
	copy = vdso__copy_self(&size);
	if (!copy)
		return -errno;
	if (build_id__from_elf_image(copy, size, &bid) < 0)
		bid.size = 0;
	if (dso->bid.size && (!bid.size || build_id__cmp(&bid, &dso->bid)))
		err = -ENOENT;
	else if (!dso->bid.size && vdso__load_cached(dso, symfs, &bid) == 0)
		err = 0;
	else {
		err = elf__load_symbols_mem(copy, size, &dso->syms);
		dso->vdso_self = err == 0;
	}
	free(copy);
	return err;
}

const char *vdso__self_file(void)
{
	static char path[64];
	static bool made;
	char tmp[] = "/tmp/mperf-vdso.XXXXXX";
	size_t size = 0;
	void *copy;
	int fd;

	if (made)
		return path[0] ? path : NULL;
	made = true;
	copy = vdso__copy_self(&size);
	if (!copy)
		return NULL;
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd >= 0) {
		unlink(tmp);	/* the fd keeps it, for this process only */
		if (write_all(fd, copy, size) == 0)
			snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		else
			close(fd);
	}
	free(copy);
	return path[0] ? path : NULL;
}

/* perf's reading of a hex number (strtoull's: "0x" or not); the
 * characters taken */
static size_t perfmap__hex(const char *p, uint64_t *v)
{
	char *end;

	*v = strtoull(p, &end, 16);
	return (size_t)(end - p);
}

/*
 * A JIT's symbols, from the /tmp/perf-PID.map it wrote (node
 * --perf-basic-prof, the JVM's -XX:+DumpPerfMapAtExit, ...): lines of
 * "START SIZE name" in hex ("0x" or not), read as perf 6.1 reads them (its last
 * character dropped as the newline, one separator character skipped
 * after each number, lines with too little left skipped), each symbol as
 * long as it says, and where entries overlap (code replaced at an
 * address) perf's answer from its tree of them in file order.
 */
static int dso__load_perfmap(struct dso *dso)
{
	FILE *f = fopen(dso->long_name, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int err = 0;

	if (!f)
		return -errno;
	while ((len = getline(&line, &cap, f)) > 0) {
		uint64_t start, size;
		size_t at;

		line[--len] = '\0';
		at = perfmap__hex(line, &start) + 1;
		if (at + 2 >= (size_t)len)
			continue;
		at += perfmap__hex(line + at, &size) + 1;
		if (at + 2 >= (size_t)len)
			continue;
		if (!symbols__push(&dso->syms, start, size, STB_GLOBAL, line + at,
				   (size_t)len - at)) {
			err = -ENOMEM;
			break;
		}
	}
	free(line);
	fclose(f);
	if (!err && symbols__fixup_jit(&dso->syms) < 0)
		err = -ENOMEM;
	if (!err && !dso->syms.nr)
		err = -ENODATA;
	if (!err)
		dso->symsrc = strdup(dso->long_name);
	return err;
}

void dso__unload(struct dso *dso)
{
	symbols__exit(&dso->syms);
	free(dso->symsrc);
	free(dso->objpath);
	free(dso->symcache);
	dso->symsrc = dso->objpath = NULL;
	dso->symsrc_origin = 0;
	dso->symcache = NULL;
	dso->has_symtab = false;
	dso->loaded = false;
	dso->load_err = 0;
}

int dso__load(struct dso *dso, const struct symbol_opts *opts)
{
	if (dso->loaded)
		return dso->load_err;
	dso->loaded = true;
	dso->syms.no_demangle = opts && opts->no_demangle;
	switch (dso->kind) {
	case DSO_KIND_USER:
		dso->load_err = dso__load_user(dso, opts);
		break;
	case DSO_KIND_KERNEL:
		dso->load_err = dso__load_kernel(dso, opts);
		break;
	case DSO_KIND_VDSO:
		dso->load_err = dso__load_vdso(dso, opts);
		break;
	default:
		dso->load_err = dso->jit ? dso__load_perfmap(dso) : -ENOENT;
		break;
	}
	return dso->load_err;
}

/* Callchains resolve the same few thousand addresses over and over: a
 * direct-mapped cache in front of the binary search (the table does not
 * change once loaded). */
#define SYMCACHE_SIZE 4096

struct dso_symcache {
	uint64_t key;			/* addr + 1; 0: empty */
	struct symbol *sym;
};

struct symbol *dso__find_symbol(struct dso *dso, const struct symbol_opts *opts,
				uint64_t addr)
{
	struct dso_symcache *e;

	if (!dso->loaded)
		dso__load(dso, opts);
	/* kallsyms from mperf's cache holds the kernel's own symbols: the
	 * rest first, for an address outside them */
	if (dso->syms.kallsyms_core && dso->symsrc &&
	    (addr < dso->syms.kernel_lo || addr > dso->syms.kernel_hi)) {
		kallsyms__complete(dso->symsrc, &dso->syms);
		if (dso->symcache)
			memset(dso->symcache, 0, SYMCACHE_SIZE * sizeof(*dso->symcache));
	}
	if (!dso->symcache && addr != UINT64_MAX)
		dso->symcache = calloc(SYMCACHE_SIZE, sizeof(*dso->symcache));
	if (!dso->symcache || addr == UINT64_MAX)
		return symbols__find(&dso->syms, addr);
	e = &dso->symcache[((addr * 0x9e3779b97f4a7c15ULL) >> 40) & (SYMCACHE_SIZE - 1)];
	if (e->key != addr + 1) {
		e->key = addr + 1;
		e->sym = symbols__find(&dso->syms, addr);
	}
	return e->sym;
}

const char *dso__symsrc(struct dso *dso, const struct symbol_opts *opts)
{
	if (!dso->loaded)
		dso__load(dso, opts);
	return dso->symsrc;
}

static bool str_ends(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

char dso__origin(const struct dso *dso)
{
	const char *s = dso ? dso->symsrc : NULL;

	if (dso && dso->vdso_self && dso->syms.nr)
		return 'd';
	/* perf 6.1 reads .gz and .xz modules ('m'), not .zst ones */
	if (dso && dso->kind == DSO_KIND_MODULE)
		return !dso->mod_syms ? '!' :
		       dso->mod_path && (str_ends(dso->mod_path, ".ko.gz") ||
					 str_ends(dso->mod_path, ".ko.xz")) ? 'm' : 'K';
	if (!s || (!dso->syms.nr && dso->kind != DSO_KIND_USER))
		return '!';
	if (dso->jit)
		return 'j';
	switch (dso->kind) {
	case DSO_KIND_KERNEL:
	case DSO_KIND_MODULE:
		return dso->syms.vaddrs ? 'v' : 'k';
	case DSO_KIND_VDSO:
		return strstr(s, "/.build-id/") ? 'B' : '!';
	default:
		break;
	}
	return dso->symsrc_origin ? dso->symsrc_origin : 'd';
}

const char *dso__objpath(struct dso *dso, const struct symbol_opts *opts)
{
	if (!dso->loaded)
		dso__load(dso, opts);
	return dso->objpath ? dso->objpath : dso->symsrc;
}
