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
	if (depth == 0 && p > dm && *p == '(')
		*p = '\0';
	return dm;
}

typedef char *(*cxa_demangle_fn)(const char *, char *, size_t *, int *);

/* C++ names as perf shows them: libstdc++'s demangler, loaded when first
 * needed (no link-time dependency on C++). */
static char *demangle(const char *name)
{
	static cxa_demangle_fn fn;
	static int tried;
	int status = 0;

	if (name[0] != '_' || name[1] != 'Z')
		return NULL;
	if (!tried) {
		void *h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);

		tried = 1;
		if (h)
			fn = (cxa_demangle_fn)dlsym(h, "__cxa_demangle");
	}
	if (!fn)
		return NULL;
	return strip_params(fn(name, NULL, NULL, &status));
}

struct load_seg {
	uint64_t vaddr, memsz, offset;
};

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
	size_t n;
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
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB)
			symtab = scn;
		else if (sh.sh_type == SHT_DYNSYM)
			dynsym = scn;
	}
	use = symtab ? symtab : dynsym;
	*has_symtab = symtab != NULL;
	if (!use)
		return -ENODATA;
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
		if (s.st_shndx == SHN_UNDEF || s.st_shndx >= SHN_LORESERVE || !s.st_value)
			continue;
		if (type == STT_NOTYPE) {
			/* asm labels such as _start: only in code sections */
			GElf_Shdr ts;
			Elf_Scn *sec = elf_getscn(elf, s.st_shndx);

			if (!sec || !gelf_getshdr(sec, &ts) || !(ts.sh_flags & SHF_EXECINSTR))
				continue;
		} else if (type != STT_FUNC && type != STT_GNU_IFUNC) {
			continue;
		}
		name = elf_strptr(elf, sh.sh_link, s.st_name);
		if (!name || !*name)
			continue;
		off = s.st_value;
		for (k = 0; k < nseg; k++) {
			if (s.st_value >= segs[k].vaddr &&
			    s.st_value < segs[k].vaddr + segs[k].memsz) {
				off = s.st_value - segs[k].vaddr + segs[k].offset;
				break;
			}
		}
		{
			char *dm = demangle(name);

			sym = symbol__new(off, s.st_size, GELF_ST_BIND(s.st_info), dm ? dm : name);
			free(dm);
		}
		if (!sym || symbols__add(syms, sym) < 0)
			return -ENOMEM;
		added++;
	}
	if (!added)
		return -ENODATA;
	symbols__fixup(syms);
	return 0;
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
