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

/*
 * mem_src__snprintf - the decoding of @data_src into @buf (always
 * terminated when @size > 0). Returns the length of the whole decoding,
 * which is larger than @size - 1 when it was cut; MEM_SRC_MAX always holds
 * it.
 */
#define MEM_SRC_MAX 1024
size_t mem_src__snprintf(char *buf, size_t size, uint64_t data_src);

#endif
