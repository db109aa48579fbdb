/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_BUILD_ID_H
#define MPERF_BUILD_ID_H

/*
 * GNU build-id notes (NT_GNU_BUILD_ID) of ELF files and of the running
 * kernel. Used by record (BUILD_ID feature) and report (matching dsos).
 *
 *   struct build_id bid;
 *   if (filename__read_build_id("/bin/ls", &bid) == 0)
 *           build_id__snprintf(&bid, hex, sizeof(hex));
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BUILD_ID_SIZE	20	/* sha1, what GNU ld writes by default */
#define BUILD_ID_MAX	32	/* md5/uuid/sha1/xxhash fit; perf's limit */
#define SBUILD_ID_SIZE	(BUILD_ID_MAX * 2 + 1)

struct build_id {
	uint8_t data[BUILD_ID_MAX];
	size_t size;		/* 0: none */
};

/* Read the NT_GNU_BUILD_ID note of an ELF file (libelf). 0 or -errno:
 * -ENOENT no file, -ENODATA no note, -ENOEXEC not ELF. */
int filename__read_build_id(const char *path, struct build_id *bid);

/* The build-id of an ELF image in memory (the vdso). 0 or -errno. */
int build_id__from_elf_image(void *image, size_t size, struct build_id *bid);

/* A copy of this process's vdso image (from /proc/self/maps), to free;
 * NULL with errno set when there is none. The vdso is the kernel's: every
 * process of the same ABI on this machine maps the same one. */
void *vdso__copy_self(size_t *size);

/* perf's build-id cache directory: $PERF_BUILDID_DIR, else ~/.debug;
 * false when there is neither */
bool build_id_cache__dir(char *out, size_t size);

/* Save this process's vdso in perf's build-id cache, as perf record does
 * for the [vdso] of its files ($PERF_BUILDID_DIR, else ~/.debug:
 * [vdso]/BUILD-ID/vdso and the .build-id/XX/REST link to it), so that
 * perf report, and mperf's, read its symbols and CFI there. Nothing when
 * it is there already. 0 or -errno. */
int build_id_cache__add_vdso(void);

/* The kernel's build-id from a notes file (/sys/kernel/notes: raw ELF
 * notes, no ELF header). 0 or -errno. */
int sysfs__read_build_id(const char *notes_path, struct build_id *bid);

/* Find NT_GNU_BUILD_ID in a raw note area. 0 or -ENODATA. */
int build_id__from_notes(const void *notes, size_t size, struct build_id *bid);

/* Lower-case hex; returns the string length. */
int build_id__snprintf(const struct build_id *bid, char *buf, size_t size);
/* Parse lower/upper-case hex. 0 or -EINVAL. */
int build_id__parse(const char *hex, struct build_id *bid);
int build_id__cmp(const struct build_id *a, const struct build_id *b);
void build_id__init(struct build_id *bid, const void *data, size_t size);

#endif
