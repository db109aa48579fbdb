/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_MEM_SRC_H
#define MPERF_MEM_SRC_H

/*
 * The data source of a memory sample (PERF_SAMPLE_DATA_SRC, the bit fields
 * of union perf_mem_data_src) in words, as perf script's data_src field
 * shows it: "|OP LOAD|LVL L1 hit|SNP None|TLB L1 or L2 hit|LCK No|BLK  N/A".
 */

#include <stddef.h>
#include <stdint.h>
#include <linux/perf_event.h>

/* "not available" in every field: what a sample without DATA_SRC has */
#define MEM_SRC_NONE (PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) | PERF_MEM_S(SNOOP, NA) | \
		      PERF_MEM_S(LOCK, NA) | PERF_MEM_S(TLB, NA))

/*
 * mem_src__snprintf - the decoding of @data_src into @buf (always
 * terminated when @size > 0). Returns the length of the whole decoding,
 * which is larger than @size - 1 when it was cut; MEM_SRC_MAX always holds
 * it.
 */
#define MEM_SRC_MAX 1024
size_t mem_src__snprintf(char *buf, size_t size, uint64_t data_src);

/* One field of the decoding, as report's memory keys show it: "L1 hit",
 * "None", "L1 or L2 hit", "No", " N/A" (the part after "|LVL " and so
 * on). Same return and bounds as mem_src__snprintf. */
enum mem_src_field { MEM_SRC_LVL, MEM_SRC_SNOOP, MEM_SRC_TLB, MEM_SRC_LOCK, MEM_SRC_BLK };
size_t mem_src__field(char *buf, size_t size, uint64_t data_src, enum mem_src_field f);

#endif
