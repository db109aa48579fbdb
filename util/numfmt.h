/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_NUMFMT_H
#define MPERF_NUMFMT_H

/*
 * Digits of a number written backwards into a buffer, for printers of
 * many numbers (script's addresses, tracepoint fields) where printf's
 * parsing of its format costs more than the number:
 *
 *	char buf[24], *end = buf + sizeof(buf);
 *	char *p = numfmt__digits(end, v, 16, false);
 *	fwrite(p, 1, end - p, fp);
 */

#include <stdbool.h>
#include <stdint.h>

/* @v in base 16 (upper-case digits with @upper) or else 10, its last
 * digit at @end[-1]; returns its first digit (at most 20 are written). */
static inline char *numfmt__digits(char *end, uint64_t v, int base, bool upper)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";

	if (base == 16) {
		do {
			*--end = digits[v & 15];
			v >>= 4;
		} while (v);
	} else {
		do {
			*--end = (char)('0' + v % 10);
			v /= 10;
		} while (v);
	}
	return end;
}

#endif
