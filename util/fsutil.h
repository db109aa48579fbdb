/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_UTIL_FSUTIL_H
#define MPERF_UTIL_FSUTIL_H
#include <stddef.h>
#include <sys/types.h>

/* mkdir -p: @dir and its missing parents made with @mode; 0 or -1 (errno) */
int mkdir_p(const char *dir, mode_t mode);
/* write(2) until all @n bytes are written (again after EINTR); 0 or -1 */
int write_all(int fd, const void *buf, size_t n);

#endif
