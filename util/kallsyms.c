// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dso.h"

/* "ffffffff81000000 T _text\t[module]": keep text, weak, data and bss
 * symbols; module symbols are kept too (they live in the kernel map). */
int kallsyms__load(const char *path, struct symbols *syms)
{
	FILE *f = fopen(path, "re");
	char line[512];
	size_t nr = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char *end = line, *name, *tab;
		uint64_t addr = 0;
		int type;
		struct symbol *sym;

		/* the address: hex digits (strtoull costs more per line) */
		for (;; end++) {
			unsigned int d = (unsigned char)*end;

			if (d - '0' < 10)
				d -= '0';
			else if ((d | 0x20) - 'a' < 6)
				d = (d | 0x20) - 'a' + 10;
			else
				break;
			addr = addr << 4 | d;
		}
		if (end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
			continue;
		type = toupper((unsigned char)end[1]);
		if (type != 'T' && type != 'W' && type != 'D' && type != 'B')
			continue;
		name = end + 3;
		name[strcspn(name, "\n")] = '\0';
		tab = strchr(name, '\t');
		if (tab)
			*tab = '\0';
		/* aliases at one address: perf ends up with the last one listed */
		if (syms->nr && syms->syms[syms->nr - 1]->start == addr) {
			free(syms->syms[--syms->nr]);
		}
		sym = symbol__new(addr, 0, (uint8_t)end[1], name);
		if (!sym || symbols__add(syms, sym) < 0) {
			fclose(f);
			return -ENOMEM;
		}
		nr++;
	}
	fclose(f);
	if (!nr)
		return -ENODATA;
	symbols__fixup(syms);
	return 0;
}

uint64_t kallsyms__symbol_addr(const char *path, const char *name)
{
	FILE *f = fopen(path, "re");
	char line[512];
	uint64_t ret = 0;
	size_t len = strlen(name);

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *end;
		uint64_t addr = strtoull(line, &end, 16);

		if (end - line < 8 || strlen(end) < 3 + len)
			continue;
		if (!strncmp(end + 3, name, len) &&
		    (end[3 + len] == '\n' || end[3 + len] == '\0' || end[3 + len] == '\t')) {
			ret = addr;
			break;
		}
	}
	fclose(f);
	return ret;
}
