/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_DEMANGLE_MISC_H
#define MPERF_DEMANGLE_MISC_H

/* An OCaml native symbol ("camlStdlib__List__map_123") as perf 6.1 shows
 * it, malloc'd; NULL when @name is not one. */
char *ocaml__demangle(const char *name);
/* A Java method as a jitdump agent names it ("Lpkg/Cls;m(I)V") as perf 6.1
 * shows it ("pkg.Cls.m(int)"), malloc'd; NULL when @name is not one. */
char *java__demangle(const char *name);

#endif
