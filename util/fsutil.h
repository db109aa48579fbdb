/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UTIL_FSUTIL_H
#define MPERF_UTIL_FSUTIL_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* mkdir -p: @dir and its missing parents made with @mode; 0 or -1 (errno) */
int mkdir_p(const char *dir, mode_t mode);
/* write(2) until all @n bytes are written (again after EINTR); 0 or -1 */
int write_all(int fd, const void *buf, size_t n);
/* mperf's cache directory (kallsyms, inflated debug files):
 * $MPERF_CACHE_DIR (set and empty: no cache), else $XDG_CACHE_HOME/mperf,
 * else $HOME/.cache/mperf; false when there is none */
bool mperf_cache_dir(char *out, size_t size);
/* Whether mperf may make and write it: not in another user's home (sudo
 * keeping HOME: a directory made there would be root's, and that user's
 * mperf could not write its own) */
bool mperf_cache_dir__ours(void);

#endif
