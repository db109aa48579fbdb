/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_DEMANGLE_RUST_H
#define MPERF_DEMANGLE_RUST_H

/* A Rust symbol name (legacy "_ZN...17h<hash>E" or v0 "_R...") as perf 6.1
 * shows it, malloc'd; NULL when @name is not one. */
char *rust__demangle(const char *name);

#endif
