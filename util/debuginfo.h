/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_DEBUGINFO_H
#define MPERF_DEBUGINFO_H

/*
 * Separate debug files for libdw (srcline's and the unwinder's Dwfls).
 *
 * Debian's debug files (libc's, ld.so's) keep their DWARF compressed
 * (SHF_COMPRESSED, zlib), and libdw inflates every such section with zlib
 * when it opens one: for libc, 4 MB of input, two thirds of a small dwarf
 * report's time. libdeflate inflates the same data in half the time, so
 * mperf hands libdw an in-memory copy of the file (a memfd) with those
 * sections stored inflated; the DWARF libdw reads is the same.
 *
 * A copy is kept in mperf's cache directory, by build-id: a later report
 * maps it instead of inflating again (a small dwarf report's time is
 * then a third).
 *
 * libdw's own search (dwfl_standard_find_debuginfo) opens the file it
 * finds by build-id and keeps that handle whatever the callback returns,
 * so the build-id file, where it looks first, is found here instead. The
 * rest of that search (the .gnu_debuglink name in the object's directory,
 * its .debug subdirectory and under DEBUGINFO_DIR) is done here too unless
 * DEBUGINFOD_URLS is set: libdw would load libdebuginfod, libcurl and a
 * TLS stack for every dso without a debug file, server or none.
 */

#include <stdbool.h>
#include <stddef.h>
#include <elfutils/libdwfl.h>

/* where distributions install debug files, as libdw's default path */
#define DEBUGINFO_DIR "/usr/lib/debug"

struct build_id;

/* @mod's debug file by build-id under DEBUGINFO_DIR: true with its path
 * in @path when it exists and its note names @mod's build-id (in @bid) */
bool debuginfo__build_id_file(Dwfl_Module *mod, char *path, size_t size, struct build_id *bid);

/* An fd for libdw of the debug file @path: an inflated copy when it has
 * zlib-compressed sections this reads (ELF of the host's class and byte
 * order, sections within the file, streams that inflate to their stated
 * size), else the file itself; *@debuginfo_file_name set to a copy of
 * @path. With @bid (the file's build-id; NULL: none), the copy is kept
 * in mperf's cache directory and a kept one is used ($MPERF_CACHE_DIR set
 * and empty: no cache). -1 when it cannot be opened. */
int debuginfo__open(const char *path, const struct build_id *bid, char **debuginfo_file_name);

/* libdw's standard search past the build-id file (a
 * Dwfl_Callbacks.find_debuginfo): the debuglink file by debuginfo__open,
 * or with DEBUGINFOD_URLS set, dwfl_standard_find_debuginfo itself. */
int debuginfo__standard(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
			const char *file_name, const char *debuglink_file,
			GElf_Word debuglink_crc, char **debuginfo_file_name);

/* A Dwfl_Callbacks.find_debuginfo: the build-id file opened by
 * debuginfo__open, else debuginfo__standard. */
int debuginfo__find(Dwfl_Module *mod, void **userdata, const char *modname, Dwarf_Addr base,
		    const char *file_name, const char *debuglink_file, GElf_Word debuglink_crc,
		    char **debuginfo_file_name);

#endif
