/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_HEADER_H
#define MPERF_HEADER_H

/*
 * The perf.data header: the 104-byte file header, the attr section with
 * each attr's ids, and the feature sections (read, write, print); the
 * pipe-mode header and its HEADER_* records. Owned by the perf.data helper.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <linux/perf_event.h>
#include "env.h"

struct data;

/* Feature bits: on-disk ABI, append only. */
enum header_feature {
	HEADER_RESERVED		= 0,
	HEADER_TRACING_DATA	= 1,
	HEADER_BUILD_ID,
	HEADER_HOSTNAME,
	HEADER_OSRELEASE,
	HEADER_VERSION,
	HEADER_ARCH,
	HEADER_NRCPUS,
	HEADER_CPUDESC,
	HEADER_CPUID,
	HEADER_TOTAL_MEM,
	HEADER_CMDLINE,
	HEADER_EVENT_DESC,
	HEADER_CPU_TOPOLOGY,
	HEADER_NUMA_TOPOLOGY,
	HEADER_BRANCH_STACK,
	HEADER_PMU_MAPPINGS,
	HEADER_GROUP_DESC,
	HEADER_AUXTRACE,
	HEADER_STAT,
	HEADER_CACHE,
	HEADER_SAMPLE_TIME,
	HEADER_MEM_TOPOLOGY,
	HEADER_CLOCKID,
	HEADER_DIR_FORMAT,
	HEADER_BPF_PROG_INFO,
	HEADER_BPF_BTF,
	HEADER_COMPRESSED,
	HEADER_CPU_PMU_CAPS,
	HEADER_CLOCK_DATA,
	HEADER_HYBRID_TOPOLOGY,
	HEADER_PMU_CAPS,
	HEADER_LAST_FEATURE,
	HEADER_FEAT_BITS	= 256,
};

#define PERF_MAGIC2	0x32454c4946524550ULL	/* "PERFILE2" little-endian */
#define PERF_MAGIC2_SW	0x50455246494c4532ULL	/* the same, other endian */

struct perf_file_section {
	uint64_t offset, size;
};

struct perf_file_header {
	uint64_t magic;
	uint64_t size;		/* sizeof(struct perf_file_header) = 104 */
	uint64_t attr_size;	/* one attr entry: attr + ids section */
	struct perf_file_section attrs, data, event_types;
	uint64_t adds_features[HEADER_FEAT_BITS / 64];
};

struct perf_pipe_file_header {
	uint64_t magic;
	uint64_t size;		/* 16 */
};

/* One attr of the file and its sample ids. */
struct header_attr {
	struct perf_event_attr attr;
	char *name;		/* for EVENT_DESC when writing; may be NULL */
	uint32_t nr_ids;
	uint64_t *ids;
};

struct header {
	bool pipe;
	/* a pipe's "# group:" lines name the first event by its attr, as
	 * perf script prints them (perf report: by the file's name) */
	bool group_attr_name;
	uint64_t data_offset, data_size, feat_offset;
	uint64_t attr_offset;		/* writer: where the attr section went */
	uint64_t features[HEADER_FEAT_BITS / 64];
	/* a file's: its feature bits as it has them (perf's "missing
	 * features" line, also where a damaged table leaves none read),
	 * and those perf passes over: it seeks to a feature's section
	 * before reading or printing it, and goes on without the feature
	 * where it cannot seek there (an offset negative as an off_t, or
	 * past what the file system allows: a garbage table), which
	 * header__read_file tries on seek_fd (-1: every offset seeks) */
	bool from_file;
	int seek_fd;
	uint64_t file_features[HEADER_FEAT_BITS / 64];
	uint64_t feat_noseek[HEADER_FEAT_BITS / 64];
	time_t mtime;			/* "captured on" */
	int nr_attrs;
	struct header_attr *attrs;
	struct env env;
};

void header__init(struct header *h);
void header__exit(struct header *h);

static inline bool header__has_feat(const struct header *h, int feat)
{
	return feat >= 0 && feat < HEADER_FEAT_BITS &&
	       (h->features[feat / 64] >> (feat % 64)) & 1;
}

static inline void header__set_feat(struct header *h, int feat)
{
	if (feat >= 0 && feat < HEADER_FEAT_BITS)
		h->features[feat / 64] |= 1ULL << (feat % 64);
}

static inline void header__clear_feat(struct header *h, int feat)
{
	if (feat >= 0 && feat < HEADER_FEAT_BITS)
		h->features[feat / 64] &= ~(1ULL << (feat % 64));
}

/* "HOSTNAME", ... ; NULL for unknown bits. */
const char *header__feat_name(int feat);

/* Append an attr with its ids and name (all copied; @name may be NULL);
 * @attr_size is the size of @attr as stored (smaller or larger than ours).
 * The writer takes the attrs, ids and names (EVENT_DESC) from here.
 * 0 or -errno. */
int header__add_attr(struct header *h, const void *attr, size_t attr_size,
		     const uint64_t *ids, uint32_t nr_ids, const char *name);

/*
 * header__read_file - parse a file-mode perf.data at @base (@size bytes):
 * the file header, attrs with ids and every feature section perf 6.1
 * writes (unknown ones skipped). Every offset and count is checked against
 * @size. Return: 0; -EINVAL (not a perf.data, with one pr_err line),
 * -EPROTONOSUPPORT (other-endian file).
 */
int header__read_file(struct header *h, const void *base, size_t size,
		      const char *path);

/* Check the first bytes of an input: 1 file mode, 2 pipe mode, 0 not
 * perf.data, -EPROTONOSUPPORT other endian. */
int header__probe(const void *buf, size_t size);

/* Parse one feature section (file section or HEADER_FEATURE payload). */
int header__process_feature(struct header *h, int feat, const void *buf,
			    size_t size);

/*
 * header__fprintf - print the header as `perf report --header-only` does:
 * the captured-on/offsets block, every feature present (the topology
 * ones only with @full, "-I"), the missing features. In pipe mode only the
 * first block (features are printed as their records arrive, see
 * header__fprintf_feature).
 */
int header__fprintf(const struct header *h, FILE *fp, bool full);
void header__fprintf_feature(const struct header *h, int feat, FILE *fp,
			     bool full);

/* perf_event_attr as `perf evlist -v` / the header prints it:
 * ", key = value" pairs. Returns chars written. */
int attr__fprintf(FILE *fp, const struct perf_event_attr *attr);

/* ---- writing ------------------------------------------------------------ */

/*
 * header__write_file_start - write a placeholder file header, each attr's
 * ids and the attr section at the start of @out (a seekable file); the data
 * section starts right after (h->data_offset is set).
 * header__write_file_finish - after the data: write the feature sections
 * for every bit set in h->features (contents from h->env and h->attrs),
 * then rewrite the file header with the data size and feature bits.
 * @data_size: bytes of records written since write_file_start.
 * Return: 0 or -errno.
 */
int header__write_file_start(struct header *h, struct data *out);
int header__write_file_finish(struct header *h, struct data *out,
			      uint64_t data_size);

/*
 * header__write_pipe - pipe mode (`-o -`): the 16-byte header, one
 * HEADER_ATTR per attr, HEADER_FEATURE records for the features set
 * (EVENT_DESC included), HEADER_TRACING_DATA when env.tracing_data is set,
 * HEADER_BUILD_ID per env.build_ids entry, then FINISHED_INIT.
 */
int header__write_pipe(struct header *h, struct data *out);

/* A record that is only a header (FINISHED_ROUND, FINISHED_INIT). */
int header__write_record(struct data *out, uint32_t type);

/* The attr size mperf writes: perf 6.1 refuses attrs larger than its own
 * (PERF_ATTR_SIZE_VER7). */
#define HEADER_FILE_ATTR_SIZE	128

/* Serialize one feature's content into a malloc'd buffer (*buf, *size):
 * what a file section or a HEADER_FEATURE payload holds. 0 or -errno
 * (-ENODATA when @h has nothing for it). */
int header__feature_bytes(const struct header *h, int feat, void **buf,
			  size_t *size);

#endif
