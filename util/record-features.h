/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_RECORD_FEATURES_H
#define MPERF_RECORD_FEATURES_H

/*
 * The feature sections record writes after the data (file mode) or as
 * HEADER_FEATURE records up front (pipe mode). Owned by the record helper
 * (issue 4); the encodings follow perf's perf.data-file-format.
 */

#include <stdint.h>

struct evlist;
struct record_output;
struct record_output_info;

/*
 * record_features__write - at the current end of the file (right after the
 * data): the section table, then each feature; sets their bits in
 * @bitmap. 0 or -errno.
 */
int record_features__write(struct record_output *o, struct evlist *evlist,
			   const struct record_output_info *info,
			   uint64_t bitmap[4]);

/* Pipe mode: HEADER_FEATURE (and TRACING_DATA) records after the attrs;
 * at the end the BUILD_ID records. 0 or -errno. */
int record_features__pipe_begin(struct record_output *o,
				struct evlist *evlist,
				const struct record_output_info *info);
int record_features__pipe_end(struct record_output *o, struct evlist *evlist,
			      const struct record_output_info *info);

/* Raw bytes to the output (used by the feature writers). */
int record_output__raw(struct record_output *o, const void *buf, size_t size);

#endif
