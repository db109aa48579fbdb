/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_SRCCODE_H
#define MPERF_SRCCODE_H

/*
 * The text of source lines, for script's srccode field: source files are
 * mapped once and their line starts indexed; the last SRCCODE_FILES files
 * stay mapped (least recently used goes first).
 */

#include <stddef.h>

struct srccode;

struct srccode *srccode__new(void);
void srccode__delete(struct srccode *sc);

/*
 * srccode__line - line @line (1-based) of the file @path: a pointer into
 * the mapped file (valid until the next call) and its length without the
 * newline in *@len. NULL when the file cannot be read, is empty, or has
 * no such line. A last line without a newline ends at the file's end.
 */
const char *srccode__line(struct srccode *sc, const char *path, unsigned int line,
			  size_t *len);

#endif
