/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_INSN_H
#define MPERF_INSN_H

/*
 * The machine instruction at an address of an object file, for script's
 * insn/insnlen fields: up to INSN_MAX_BYTES bytes read from the file and
 * the length of the first instruction decoded with capstone (x86-64,
 * i386, arm64, as the file's ELF header says). The last file stays open.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <capstone/capstone.h>
#include <libelf.h>

#define INSN_MAX_BYTES 16

struct insn_reader;

/* the length of the VEX/EVEX-encoded x86-64 instruction at @code (@size
 * bytes), 0 when the bytes are not one whole such instruction; the
 * readers below use it where capstone does not know the instruction */
int insn__x86_vex_len(const uint8_t *code, size_t size);

/* capstone opened for @elf's machine (x86-64, i386, arm64): CS_ERR_OK,
 * CS_ERR_ARCH for other machines, CS_ERR_HANDLE without an ELF header */
cs_err insn__cs_open(Elf *elf, csh *cs);

struct insn_reader *insn_reader__new(void);
void insn_reader__delete(struct insn_reader *r);

/*
 * insn_reader__fetch - the instruction at file offset @off of @path:
 * copies its bytes to @buf and returns its length, or 0 when the file
 * cannot be read there or the bytes are not one whole instruction.
 */
int insn_reader__fetch(struct insn_reader *r, const char *path, uint64_t off,
		       uint8_t buf[INSN_MAX_BYTES]);

/*
 * insn_reader__read - up to @len bytes at file offset @off of @path into
 * @buf (the file is then the one insn_reader__decode() decodes for).
 * Returns how many were read, 0 when none could be.
 */
int insn_reader__read(struct insn_reader *r, const char *path, uint64_t off,
		      uint8_t *buf, size_t len);

/*
 * insn_reader__decode - the length of the instruction at the start of
 * @code (@size bytes), for the machine of the file last read, 0 when the
 * bytes are not one whole instruction. *@branch: whether it transfers
 * control (jump, call, return, interrupt, system call or return).
 */
int insn_reader__decode(struct insn_reader *r, const uint8_t *code, size_t size,
			bool *branch);

#endif
