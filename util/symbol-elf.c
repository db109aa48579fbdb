// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dso.h"

struct load_seg {
	uint64_t vaddr, memsz, offset;
};

/*
 * Symbols are stored as file offsets: a sample ip becomes
 * ip - map->start + map->pgoff, which is a file offset whatever the ELF
 * type (ET_EXEC, PIE, shared object) and however the loader placed it.
 */
static int elf__load(Elf *elf, struct symbols *syms, bool *has_symtab)
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
	if (elf_getphdrnum(elf, &nph) == 0) {
		for (i = 0; i < nph && nseg < 16; i++) {
			GElf_Phdr ph;

			if (!gelf_getphdr(elf, i, &ph) || ph.p_type != PT_LOAD)
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
		if (type != STT_FUNC && type != STT_GNU_IFUNC)
			continue;
		if (s.st_shndx == SHN_UNDEF || !s.st_value)
			continue;
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
		sym = symbol__new(off, s.st_size, GELF_ST_BIND(s.st_info), name);
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
	Elf *elf;
	int fd, err;

	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		err = -ENOEXEC;
	else
		err = elf__load(elf, syms, has_symtab);
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}
