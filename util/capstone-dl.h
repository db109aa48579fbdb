/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_CAPSTONE_DL_H
#define MPERF_CAPSTONE_DL_H

/*
 * capstone, opened when an instruction is first decoded (annotate,
 * script's insn fields). Linked in, its 77K relocations cost every mperf
 * run a millisecond at start-up, a tenth of a small file's report.
 */

#include <stdbool.h>
#include <capstone/capstone.h>

struct cs_lib {
	cs_err (*open)(cs_arch arch, cs_mode mode, csh *handle);
	cs_err (*option)(csh handle, cs_opt_type type, size_t value);
	size_t (*disasm)(csh handle, const uint8_t *code, size_t size, uint64_t address,
			 size_t count, cs_insn **insn);
	void (*free)(cs_insn *insn, size_t count);
	cs_err (*close)(csh *handle);
	cs_insn *(*malloc)(csh handle);
	bool (*disasm_iter)(csh handle, const uint8_t **code, size_t *size, uint64_t *address,
			    cs_insn *insn);
	bool (*insn_group)(csh handle, const cs_insn *insn, unsigned int group_id);
};

/* the library's functions; NULL where it cannot be loaded (one warning
 * then, naming the package) */
const struct cs_lib *cs_lib(void);

#endif
