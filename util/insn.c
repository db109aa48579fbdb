// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <capstone/capstone.h>
#include "capstone-dl.h"
#include "insn.h"

struct insn_reader {
	char *path;		/* the open file */
	int fd;			/* -1: @path could not be opened or decoded */
	csh cs;
	bool cs_open;
	bool x86_64;		/* the file is x86-64 code */
};

struct insn_reader *insn_reader__new(void)
{
	struct insn_reader *r = calloc(1, sizeof(*r));

	if (r)
		r->fd = -1;
	return r;
}

static void insn_reader__close(struct insn_reader *r)
{
	if (r->fd >= 0)
		close(r->fd);
	if (r->cs_open)
		cs_lib()->close(&r->cs);
	r->cs_open = false;
	r->fd = -1;
	free(r->path);
	r->path = NULL;
}

void insn_reader__delete(struct insn_reader *r)
{
	if (!r)
		return;
	insn_reader__close(r);
	free(r);
}

cs_err insn__cs_open(Elf *elf, csh *cs)
{
	GElf_Ehdr eh;
	cs_arch arch;
	cs_mode mode;

	if (!gelf_getehdr(elf, &eh))
		return CS_ERR_HANDLE;
	switch (eh.e_machine) {
	case EM_X86_64:
		arch = CS_ARCH_X86;
		mode = CS_MODE_64;
		break;
	case EM_386:
		arch = CS_ARCH_X86;
		mode = CS_MODE_32;
		break;
	case EM_AARCH64:
		arch = CS_ARCH_ARM64;
		mode = CS_MODE_ARM;
		break;
	default:
		return CS_ERR_ARCH;
	}
	/* capstone loads now (NULL: not installed, said once) */
	return cs_lib() ? cs_lib()->open(arch, mode, cs) : CS_ERR_MEM;
}

/* capstone for the file's machine; false for other machines */
static bool insn_reader__open_cs(struct insn_reader *r)
{
	Elf *elf;
	bool ok = false;

	elf_version(EV_CURRENT);
	elf = elf_begin(r->fd, ELF_C_READ_MMAP, NULL);
	if (!elf)
		return false;
	if (elf_kind(elf) == ELF_K_ELF)
		ok = insn__cs_open(elf, &r->cs) == CS_ERR_OK;
	r->cs_open = ok;
	if (ok) {
		GElf_Ehdr eh;

		r->x86_64 = gelf_getehdr(elf, &eh) && eh.e_machine == EM_X86_64;
	}
	elf_end(elf);
	return ok;
}

/* @path open with capstone for its machine; false when it cannot be */
static bool insn_reader__file(struct insn_reader *r, const char *path)
{
	if (!r || !path)
		return false;
	if (!r->path || strcmp(r->path, path)) {
		insn_reader__close(r);
		r->path = strdup(path);
		if (!r->path)
			return false;
		r->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (r->fd >= 0 && !insn_reader__open_cs(r)) {
			close(r->fd);
			r->fd = -1;
		}
	}
	return r->fd >= 0;
}

/*
 * The length of a VEX (c4, c5) or EVEX (62) encoded x86-64 instruction at
 * @code, 0 when it is not one or is cut. capstone 4 does not know many of
 * them (mask register moves, most AVX-512, AMX, FP16) where perf's decoder
 * gives their length. After the prefix and the opcode comes a ModRM byte
 * (but for vzeroupper/vzeroall), its SIB byte and displacement, and an
 * immediate byte for the opcodes of map 0f3a and a few of map 0f.
 */
int insn__x86_vex_len(const uint8_t *code, size_t size)
{
	size_t i = 0, n;
	unsigned int map, op, modrm, mod, rm;

	/* segment and address-size prefixes may come first */
	while (i < size && i < 14 && (code[i] == 0x26 || code[i] == 0x2e || code[i] == 0x36 ||
				       code[i] == 0x3e || code[i] == 0x64 || code[i] == 0x65 ||
				       code[i] == 0x67))
		i++;
	if (i >= size)
		return 0;
	switch (code[i]) {
	case 0xc5:	/* R vvvv L pp; map 0f */
		map = 1;
		n = i + 2;
		break;
	case 0xc4:	/* RXB mmmmm, W vvvv L pp */
		if (i + 1 >= size)
			return 0;
		map = code[i + 1] & 0x1f;
		if (map < 1 || map > 3)
			return 0;
		n = i + 3;
		break;
	case 0x62:	/* RXBR' 0 mmm, W vvvv 1 pp, z L'L b V' aaa */
		if (i + 2 >= size || !(code[i + 2] & 0x04))
			return 0;
		map = code[i + 1] & 0x07;
		if (map == 0 || map == 4 || map == 7)
			return 0;
		n = i + 4;
		break;
	default:
		return 0;
	}
	if (n >= size)
		return 0;
	op = code[n++];
	if (code[i] != 0x62 && map == 1 && op == 0x77)	/* vzeroupper, vzeroall */
		return (int)n;
	if (n >= size)
		return 0;
	modrm = code[n++];
	mod = modrm >> 6;
	rm = modrm & 7;
	if (mod != 3) {
		if (rm == 4) {
			if (n >= size)
				return 0;
			if (mod == 0 && (code[n] & 7) == 5)
				n += 4;
			n++;
		} else if (mod == 0 && rm == 5) {
			n += 4;		/* rip-relative */
		}
		if (mod == 1)
			n += 1;
		else if (mod == 2)
			n += 4;
	}
	if (map == 3 || (map == 1 && ((op >= 0x70 && op <= 0x73) || op == 0xc2 ||
				      (op >= 0xc4 && op <= 0xc6))))
		n++;
	return n <= size && n <= 15 ? (int)n : 0;
}

int insn_reader__read(struct insn_reader *r, const char *path, uint64_t off,
		      uint8_t *buf, size_t len)
{
	ssize_t got;

	if (!insn_reader__file(r, path) || off > INT64_MAX)
		return 0;
	got = pread(r->fd, buf, len, (off_t)off);
	return got > 0 ? (int)got : 0;
}

int insn_reader__decode(struct insn_reader *r, const uint8_t *code, size_t size,
			bool *branch)
{
	static const uint8_t groups[] = {
		CS_GRP_JUMP, CS_GRP_CALL, CS_GRP_RET, CS_GRP_INT, CS_GRP_IRET,
	};
	uint64_t addr = 0;
	cs_insn *ci;
	int len = 0;

	*branch = false;
	if (!r || r->fd < 0 || !size)
		return 0;
	cs_lib()->option(r->cs, CS_OPT_DETAIL, CS_OPT_ON);
	ci = cs_lib()->malloc(r->cs);
	if (!ci)
		return 0;
	if (cs_lib()->disasm_iter(r->cs, &code, &size, &addr, ci)) {
		len = ci->size;
		for (size_t i = 0; i < sizeof(groups); i++)
			if (cs_lib()->insn_group(r->cs, ci, groups[i]))
				*branch = true;
	} else if (r->x86_64) {
		len = insn__x86_vex_len(code, size);
	}
	cs_lib()->free(ci, 1);
	return len;
}

int insn_reader__fetch(struct insn_reader *r, const char *path, uint64_t off,
		       uint8_t buf[INSN_MAX_BYTES])
{
	uint8_t bytes[INSN_MAX_BYTES];
	const uint8_t *code = bytes;
	size_t size;
	uint64_t addr = off;
	cs_insn *ci;
	ssize_t got;
	int len = 0;

	if (!r || !path)
		return 0;
	if (!r->path || strcmp(r->path, path)) {
		insn_reader__close(r);
		r->path = strdup(path);
		if (!r->path)
			return 0;
		r->fd = open(path, O_RDONLY | O_CLOEXEC);
		if (r->fd >= 0 && !insn_reader__open_cs(r)) {
			close(r->fd);
			r->fd = -1;
		}
	}
	if (r->fd < 0 || off > INT64_MAX)
		return 0;
	got = pread(r->fd, bytes, sizeof(bytes), (off_t)off);
	if (got <= 0)
		return 0;
	size = (size_t)got;
	ci = cs_lib()->malloc(r->cs);
	if (!ci)
		return 0;
	if (cs_lib()->disasm_iter(r->cs, &code, &size, &addr, ci) && ci->size <= (size_t)got)
		len = ci->size;
	else if (r->x86_64)
		len = insn__x86_vex_len(bytes, (size_t)got);
	if (len > 0)
		memcpy(buf, bytes, (size_t)len);
	cs_lib()->free(ci, 1);
	return len;
}
