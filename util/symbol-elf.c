// SPDX-License-Identifier: GPL-2.0
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "debug.h"
#include "demangle-misc.h"
#include "demangle-rust.h"
#include "dso.h"

/* perf (not verbose) shows C++ functions without their parameter list:
 * drop the last balanced "(...)" and any cv/ref qualifiers after it. */
static char *strip_params(char *dm)
{
	size_t n;
	int depth = 0;
	char *p;

	if (!dm)
		return NULL;
	/* special names (thunks, TLS helpers) keep their parameters in
	 * perf's demangler */
	static const char *const special[] = {
		"virtual thunk to ", "non-virtual thunk to ", "covariant return thunk to ",
		"TLS init function for ", "TLS wrapper function for ",
		"transaction clone for ", "non-transaction clone for ",
		"typeinfo for ", "typeinfo name for ",
	};

	if (!dm)
		return NULL;
	for (size_t i = 0; i < sizeof(special) / sizeof(special[0]); i++)
		if (!strncmp(dm, special[i], strlen(special[i])))
			return dm;
	/* a clone (".isra.0", ".constprop.0" after the mangled name): perf
	 * shows the function's name alone, without " [clone ...]" */
	p = strstr(dm, " [clone ");
	if (p)
		*p = '\0';
	/* a member's qualifiers with no parameter list (a name cut short):
	 * perf shows the name alone */
	for (bool cut = true; cut;) {
		static const char *const quals[] = { " const", " volatile", " &&", " &" };

		cut = false;
		n = strlen(dm);
		for (size_t i = 0; i < sizeof(quals) / sizeof(quals[0]); i++) {
			size_t l = strlen(quals[i]);

			if (n > l && !strcmp(dm + n - l, quals[i]) && dm[n - l - 1] != ')') {
				dm[n - l] = '\0';
				cut = true;
				break;
			}
		}
		if (cut && !strchr(dm, '('))
			return dm;
	}
	n = strlen(dm);
	p = dm + n;
	while (p > dm && p[-1] != ')') {
		/* " const", " &", " &&", " volatile" */
		if (p[-1] != ' ' && p[-1] != '&' && !(p[-1] >= 'a' && p[-1] <= 'z'))
			return dm;
		p--;
	}
	while (p > dm) {
		p--;
		if (*p == ')')
			depth++;
		else if (*p == '(' && --depth == 0)
			break;
	}
	/* "operator() const" with no parameter list: the brackets are the
	 * name's */
	if (depth == 0 && p - dm >= 8 && *p == '(' && p[1] == ')' &&
	    !strncmp(p - 8, "operator", 8))
		p[2] = '\0';
	else if (depth == 0 && p > dm && *p == '(')
		*p = '\0';
	/* template functions: drop the return type before the name too
	 * ("std::pair<int, int> foo<int>" -> "foo<int>") */
	{
		char *q, *cut = NULL;
		int d = 0;

		for (q = dm; *q; q++) {
			/* an operator's name ends the text and has its own
			 * spaces and brackets ("operator unsigned long",
			 * "operator<<"): no return type after it */
			if (d == 0 && *q == 'o' && !strncmp(q, "operator", 8) &&
			    (q == dm || q[-1] == ':' || q[-1] == ' ') &&
			    !(q[8] == '_' || (q[8] >= 'a' && q[8] <= 'z') ||
			      (q[8] >= 'A' && q[8] <= 'Z') || (q[8] >= '0' && q[8] <= '9')))
				break;
			if (*q == '<' || *q == '(')
				d++;
			else if ((*q == '>' || *q == ')') && d > 0)
				d--;
			else if (*q == ' ' && d == 0)
				cut = q;
		}
		if (cut)
			memmove(dm, cut + 1, strlen(cut + 1) + 1);
	}
	return dm;
}

struct load_seg {
	uint64_t vaddr, memsz, offset;
};

typedef char *(*cxa_demangle_fn)(const char *, char *, size_t *, int *);

/*
 * Without -v perf's demangler reads a function's name, not its parameters,
 * and ignores what follows ("@@GLIBCXX_3.4", a parameter list cut short);
 * libstdc++'s gives up on the whole. Here: the longest prefix that
 * demangles, unless perf's would have read on into the rest and failed
 * there: template arguments or an ABI tag ('I', 'B') after a name that
 * could take them (no parameters, not closed by 'E'); in a thunk or transaction clone ("_ZTh", "_ZGTt"), whose
 * target perf reads with its parameters, anything but their end ('E', '.').
 */
static bool ends_in_ident(const char *s)
{
	size_t n = strlen(s);
	char c = n ? s[n - 1] : 0;

	return c == '_' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

static char *demangle_prefix(cxa_demangle_fn fn, const char *name)
{
	bool thunk = !strncmp(name, "_ZTh", 4) || !strncmp(name, "_ZTv", 4) ||
		     !strncmp(name, "_ZTc", 4) || !strncmp(name, "_ZGT", 4);
	size_t len = strlen(name);
	char *pre, *dm = NULL;
	int status = 0;

	if (len >= 4096 || !(pre = strdup(name)))
		return NULL;
	while (!dm && --len > 2) {
		char next = name[len];

		pre[len] = '\0';
		dm = fn(pre, NULL, NULL, &status);
		if (dm && (thunk ? next != 'E' && next != '.' :
			   (next == 'I' || next == 'B') && !strchr(dm, '(') &&
			   pre[len - 1] != 'E' && ends_in_ident(dm))) {
			free(dm);
			dm = NULL;
			break;
		}
	}
	free(pre);
	return dm;
}

/* Rust and C++ names as perf shows them. perf's demangler (libiberty's)
 * tries Rust first: a legacy Rust name is a valid C++ one too. C++ names
 * go to libstdc++'s demangler, loaded when first needed (no link-time
 * dependency on C++). */
static char *demangle(const char *name)
{
	static cxa_demangle_fn fn;
	static int tried;
	int status = 0;
	char *dm;

	dm = rust__demangle(name);
	if (dm)
		return dm;
	/* what perf tries when its C++/Rust demangler gives up */
	if (name[0] != '_' || name[1] != 'Z') {
		dm = ocaml__demangle(name);
		return dm ? dm : java__demangle(name);
	}
	if (!tried) {
		void *h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);

		tried = 1;
		if (h)
			fn = (cxa_demangle_fn)dlsym(h, "__cxa_demangle");
	}
	if (!fn)
		return NULL;
	dm = fn(name, NULL, NULL, &status);
	if (!dm && verbose <= 0)
		dm = demangle_prefix(fn, name);
	/* with -v perf asks its demangler for the parameters too; without,
	 * it keeps those of a thunk's target */
	if (dm && (verbose > 0 || !strncmp(dm, "virtual thunk to ", 17) ||
		   !strncmp(dm, "non-virtual thunk to ", 21) ||
		   !strncmp(dm, "covariant return thunk to ", 26)))
		return dm;
	return strip_params(dm);
}


static uint64_t seg_offset(const struct load_seg *segs, size_t nseg, uint64_t vaddr)
{
	size_t k;

	for (k = 0; k < nseg; k++)
		if (vaddr >= segs[k].vaddr && vaddr < segs[k].vaddr + segs[k].memsz)
			return vaddr - segs[k].vaddr + segs[k].offset;
	return vaddr;
}

/*
 * "name@plt" for each PLT slot, as perf 6.1 synthesizes them: entry i of
 * .rela.plt (or .rel.plt) names slot i of .plt, after a header of one
 * slot (x86_64: 16 bytes each; arm64: a 32-byte header, 16-byte slots).
 * perf 6.1 does not know .plt.sec: IBT binaries get their .plt slots
 * named, their .plt.sec stubs not.
 */
static int elf__plt_symbols(Elf *elf, const GElf_Ehdr *eh, const struct load_seg *segs,
			    size_t nseg, struct symbols *syms)
{
	Elf_Scn *scn = NULL, *plt = NULL, *rela = NULL, *dynsym = NULL;
	GElf_Shdr sh, psh, rsh, dsh;
	size_t shstrndx, i, n, dynsym_idx = 0;
	Elf_Data *rdata, *ddata;
	uint64_t base, entsize;
	int added = 0;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name)
			continue;
		if (!strcmp(name, ".plt") && !plt)
			plt = scn;
		else if (!strcmp(name, ".dynsym") && !dynsym) {
			dynsym = scn;
			dynsym_idx = elf_ndxscn(scn);
		} else if (!strcmp(name, ".rela.plt") ||
			   (!strcmp(name, ".rel.plt") && !rela))
			rela = scn;
	}
	if (!rela || !plt || !dynsym || !gelf_getshdr(rela, &rsh) ||
	    !gelf_getshdr(plt, &psh) || !gelf_getshdr(dynsym, &dsh) ||
	    rsh.sh_link != dynsym_idx)
		return 0;
	if (rsh.sh_type != SHT_RELA && rsh.sh_type != SHT_REL)
		return 0;
	rdata = elf_getdata(rela, NULL);
	ddata = elf_getdata(dynsym, NULL);
	if (!rdata || !ddata || !rsh.sh_entsize)
		return 0;
	if (eh->e_machine == EM_AARCH64) {
		base = psh.sh_addr + 32;
		entsize = 16;
	} else {
		entsize = psh.sh_entsize;
		base = psh.sh_addr + entsize;
	}
	n = rsh.sh_size / rsh.sh_entsize;
	/* a damaged count: no more slots than the section could hold */
	if (entsize && n > psh.sh_size / entsize + 1)
		n = psh.sh_size / entsize + 1;
	for (i = 0; i < n; i++) {
		GElf_Rela r;
		GElf_Rel rl;
		GElf_Sym ds;
		const char *name;
		char buf[512];
		struct symbol *sym;
		uint64_t addr = base + i * entsize, rsym;

		if (rsh.sh_type == SHT_RELA) {
			if (!gelf_getrela(rdata, (int)i, &r))
				continue;
			rsym = GELF_R_SYM(r.r_info);
		} else {
			if (!gelf_getrel(rdata, (int)i, &rl))
				continue;
			rsym = GELF_R_SYM(rl.r_info);
		}
		if (!gelf_getsym(ddata, (int)rsym, &ds))
			continue;
		/* IRELATIVE slots have no symbol: perf calls them "@plt" */
		name = elf_strptr(elf, dsh.sh_link, ds.st_name);
		if (!name)
			name = "";
		{
			/* C++ targets are shown demangled, as other symbols */
			char *dm = syms->no_demangle ? NULL : demangle(name);

			snprintf(buf, sizeof(buf), "%s@plt", dm ? dm : name);
			free(dm);
		}
		sym = symbols__push(syms, seg_offset(segs, nseg, addr), entsize, STB_GLOBAL,
				    buf, strlen(buf));
		if (!sym)
			break;
		added++;
	}
	return added;
}

/* The section @name of @elf (its header in *@sh); NULL when there is
 * none, *@err -1 when the section names cannot be read (else 0) */
static Elf_Scn *elf__scn(Elf *elf, const char *name, GElf_Shdr *sh, int *err)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	*err = -1;
	if (!elf || elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const char *n;

		if (!gelf_getshdr(scn, sh))
			continue;
		n = elf_strptr(elf, shstrndx, sh->sh_name);
		if (!n)
			return NULL;
		if (!strcmp(n, name)) {
			*err = 0;
			return scn;
		}
	}
	*err = 0;
	return NULL;
}

int elf__section(Elf *elf, const char *name, GElf_Shdr *sh)
{
	GElf_Shdr h;
	int err;

	if (!elf__scn(elf, name, &h, &err))
		return err;
	if (sh)
		*sh = h;
	return 1;
}

int elf__read_debuglink(const char *path, char *name, size_t size)
{
	Elf_Scn *scn;
	Elf_Data *d;
	GElf_Shdr sh;
	int fd, err = -ENOENT, bad;
	size_t len;
	Elf *elf;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	scn = elf && elf_kind(elf) == ELF_K_ELF ? elf__scn(elf, ".gnu_debuglink", &sh, &bad) : NULL;
	/* the name ends at a NUL inside the section */
	d = scn && sh.sh_type != SHT_NOBITS ? elf_getdata(scn, NULL) : NULL;
	if (d && d->d_buf && d->d_size) {
		len = strnlen(d->d_buf, d->d_size);
		if (len && len < d->d_size && len < size) {
			memcpy(name, d->d_buf, len + 1);
			err = 0;
		}
	}
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}

/*
 * Symbols are stored as file offsets: a sample ip becomes
 * ip - map->start + map->pgoff, which is a file offset whatever the ELF
 * type (ET_EXEC, PIE, shared object) and however the loader placed it.
 */
static int elf__load(Elf *elf, Elf *phdr_elf, struct symbols *syms, bool *has_symtab)
{
	struct load_seg segs[16];
	size_t nseg = 0, nph = 0, i;
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL, *use;
	GElf_Shdr sh;
	Elf_Data *data;
	GElf_Ehdr eh;
	size_t n, nr_table, shstrndx = 0;
	bool shstrndx_ok;
	int added = 0;

	if (!gelf_getehdr(elf, &eh))
		return -ENOEXEC;
	/* a separate debug file's program headers may not carry the real
	 * file offsets: take them from the object itself */
	if (!phdr_elf)
		phdr_elf = elf;
	if (elf_getphdrnum(phdr_elf, &nph) == 0) {
		for (i = 0; i < nph && nseg < 16; i++) {
			GElf_Phdr ph;

			if (!gelf_getphdr(phdr_elf, i, &ph) || ph.p_type != PT_LOAD)
				continue;
			segs[nseg].vaddr = ph.p_vaddr;
			segs[nseg].memsz = ph.p_memsz;
			segs[nseg].offset = ph.p_offset;
			nseg++;
		}
	}
	shstrndx_ok = elf_getshdrstrndx(elf, &shstrndx) == 0;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		else if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
		else if (syms->vaddrs && shstrndx_ok && sh.sh_type == SHT_PROGBITS) {
			const char *nm = elf_strptr(elf, shstrndx, sh.sh_name);

			if (nm && !strcmp(nm, ".text")) {
				syms->text_lo = sh.sh_addr;
				syms->text_hi = sh.sh_addr + sh.sh_size;
			}
		}
	}
	if (syms->vaddrs)
		nseg = 0;	/* addresses as they are */
	use = symtab ? symtab : dynsym;
	*has_symtab = symtab != NULL;
	if (!use)
		return -ENODATA;
	if (syms->symtab_only && !symtab)
		return 0;
	gelf_getshdr(use, &sh);
	data = elf_getdata(use, NULL);
	if (!data || !sh.sh_entsize)
		return -ENODATA;
	n = sh.sh_size / sh.sh_entsize;
	for (i = 0; i < n; i++) {
		GElf_Sym s;
		const char *name;
		uint64_t off;
		struct symbol *sym;
		size_t k;
		int type;

		if (!gelf_getsym(data, (int)i, &s))
			continue;
		type = GELF_ST_TYPE(s.st_info);
		if (!s.st_name || s.st_shndx == SHN_UNDEF || s.st_shndx >= SHN_LORESERVE)
			continue;
		/* as perf 6.1: a symbol of a section that takes no memory
		 * (SHF_ALLOC clear: ".gnu.warning.*" objects at 0) is none */
		{
			GElf_Shdr as;
			Elf_Scn *asec = elf_getscn(elf, s.st_shndx);

			if (!asec || !gelf_getshdr(asec, &as) || !(as.sh_flags & SHF_ALLOC))
				continue;
		}
		/*
		 * perf 6.1 keeps functions and data objects in one tree (an
		 * object never covers code, but it shapes the tree and ends
		 * the stretch of a zero-size symbol before it), and labels in
		 * sections named like text or data.
		 */
		if (type == STT_NOTYPE) {
			GElf_Shdr ts;
			Elf_Scn *sec = elf_getscn(elf, s.st_shndx);
			const char *secname;

			if (!sec || !gelf_getshdr(sec, &ts) || !shstrndx_ok)
				continue;
			secname = elf_strptr(elf, shstrndx, ts.sh_name);
			if (!secname || (!strstr(secname, "text") && !strstr(secname, "data")))
				continue;
		} else if (type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_OBJECT) {
			continue;
		}
		name = elf_strptr(elf, sh.sh_link, s.st_name);
		if (!name || !*name)
			continue;
		/* arm64 mapping symbols ($x, $d, ...) mark code and data */
		if ((eh.e_machine == EM_AARCH64 || eh.e_machine == EM_ARM) &&
		    name[0] == '$' && name[1] && strchr("adtx", name[1]) &&
		    (name[2] == '\0' || name[2] == '.'))
			continue;
		off = s.st_value;
		for (k = 0; k < nseg; k++) {
			if (s.st_value >= segs[k].vaddr &&
			    s.st_value < segs[k].vaddr + segs[k].memsz) {
				off = s.st_value - segs[k].vaddr + segs[k].offset;
				break;
			}
		}
		sym = symbols__push(syms, off, s.st_size, GELF_ST_BIND(s.st_info), name,
				    strlen(name));
		if (!sym)
			return -ENOMEM;
		sym->object = type == STT_OBJECT;
		/* demangled when first looked up (symbols__find) */
		sym->mangled = !syms->no_demangle && elf__maybe_mangled(name);
		added++;
	}
	/* PLT slots, from the object itself: a separate debug file has its
	 * .plt and .rela.plt as NOBITS */
	nr_table = syms->nr;
	if (!added)
		return -ENODATA;	/* perf adds no PLT symbols then either */
	elf__plt_symbols(phdr_elf, &eh, segs, nseg, syms);
	if (symbols__fixup_elf(syms, nr_table) < 0)
		return -ENOMEM;
	return 0;
}

bool elf__maybe_mangled(const char *name)
{
	return (name[0] == '_' && (name[1] == 'Z' || name[1] == 'R')) || name[0] == 'L' ||
	       (!strncmp(name, "caml", 4) && name[4] >= 'A' && name[4] <= 'Z');
}

char *elf__demangle(const char *name)
{
	return demangle(name);
}

int elf__load_symbols(const char *path, struct symbols *syms, bool *has_symtab)
{
	return elf__load_symbols_phdrs(path, NULL, syms, has_symtab);
}

int elf__load_symbols_phdrs(const char *path, const char *phdr_path,
			    struct symbols *syms, bool *has_symtab)
{
	Elf *elf, *pelf = NULL;
	int fd, pfd = -1, err;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		err = -ENOEXEC;
	else {
		if (phdr_path && strcmp(phdr_path, path)) {
			pfd = open(phdr_path, O_RDONLY | O_CLOEXEC);
			if (pfd >= 0)
				pelf = elf_begin(pfd, ELF_C_READ_MMAP, NULL);
			if (pelf && elf_kind(pelf) != ELF_K_ELF) {
				elf_end(pelf);
				pelf = NULL;
			}
		}
		err = elf__load(elf, pelf, syms, has_symtab);
	}
	if (pelf)
		elf_end(pelf);
	if (pfd >= 0)
		close(pfd);
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}

int elf__load_symbols_mem(void *image, size_t size, struct symbols *syms)
{
	bool has_symtab;
	Elf *elf;
	int err;

	elf_version(EV_CURRENT);
	elf = elf_memory(image, size);
	if (!elf)
		return -ENOEXEC;
	err = elf_kind(elf) == ELF_K_ELF ? elf__load(elf, NULL, syms, &has_symtab) : -ENOEXEC;
	elf_end(elf);
	return err;
}
