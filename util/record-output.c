// SPDX-License-Identifier: GPL-2.0
/*
 * The perf.data a recording writes: file or pipe mode, buffered, optional
 * zstd, cut back to the last complete round after a write error.
 * See record-output.h and perf's perf.data-file-format for the layout.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <zstd.h>
#include "cpumap.h"
#include "debug.h"
#include "event.h"
#include "evlist.h"
#include "evsel.h"
#include "header.h"
#include "record-dsos.h"
#include "record-features.h"
#include "record-output.h"

#define OUT_BUF		(1u << 20)
#define COMP_RECORD_MAX	(65535 - 8 - 7)

struct rec_file_section {
	uint64_t offset, size;
};

struct rec_file_header {
	uint64_t magic;
	uint64_t size;
	uint64_t attr_size;
	struct rec_file_section attrs, data, event_types;
	uint64_t features[4];
};

struct rec_pipe_header {
	uint64_t magic;
	uint64_t size;
};

/* perf 6.1 reads attrs up to its own size (128); write exactly that */
#define REC_ATTR_SIZE	HEADER_FILE_ATTR_SIZE

static void attr_copy(unsigned char *dst, const struct perf_event_attr *attr)
{
	struct perf_event_attr a = *attr;

	if (a.size > REC_ATTR_SIZE)
		a.size = REC_ATTR_SIZE;
	memset(dst, 0, REC_ATTR_SIZE);
	memcpy(dst, &a, sizeof(a) < REC_ATTR_SIZE ? sizeof(a) : REC_ATTR_SIZE);
}

static int write_all(int fd, const void *buf, size_t size)
{
	const char *p = buf;

	while (size) {
		ssize_t n = write(fd, p, size);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		size -= (size_t)n;
	}
	return 0;
}

static int pwrite_all(int fd, const void *buf, size_t size, off_t off)
{
	const char *p = buf;

	while (size) {
		ssize_t n = pwrite(fd, p, size, off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		off += n;
		size -= (size_t)n;
	}
	return 0;
}

int record_output__claim_stdout(void)
{
	struct stat st;
	int fd;

	if (!fstat(STDOUT_FILENO, &st) && S_ISCHR(st.st_mode) &&
	    isatty(STDOUT_FILENO)) {
		pr_err("refusing to write perf.data records to a terminal: redirect stdout (-o - > file, or | mperf report -i -)\n");
		return -EINVAL;
	}
	/*
	 * The records own stdout: write them through a private copy and
	 * point fd 1 at stderr, so a workload's own output cannot end up
	 * inside the stream.
	 */
	fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
	if (fd < 0)
		return -errno;
	if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		close(fd);
		return -errno;
	}
	return fd;
}

int record_output__open(struct record_output *o, const char *path,
			int comp_level, int pipe_fd)
{
	memset(o, 0, sizeof(*o));
	o->fd = -1;
	o->path = path;
	o->comp_level = comp_level;
	if (!strcmp(path, "-")) {
		o->is_pipe = true;
		o->fd = pipe_fd >= 0 ? pipe_fd : record_output__claim_stdout();
		if (o->fd < 0)
			return o->fd;
	} else {
		struct stat st;

		if (!stat(path, &st) && st.st_size > 0) {
			char old[PATH_MAX];

			snprintf(old, sizeof(old), "%s.old", path);
			if (rename(path, old))
				return -errno;
		}
		o->fd = open(path, O_CREAT | O_TRUNC | O_RDWR | O_CLOEXEC,
			     0600);
		if (o->fd < 0)
			return -errno;
	}
	o->buf_cap = OUT_BUF;
	o->buf = malloc(o->buf_cap);
	if (!o->buf)
		return -ENOMEM;
	if (comp_level) {
		o->zstd = ZSTD_createCCtx();
		o->zbuf = malloc(COMP_RECORD_MAX + 8);
		if (!o->zstd || !o->zbuf)
			return -ENOMEM;
		ZSTD_CCtx_setParameter(o->zstd, ZSTD_c_compressionLevel,
				       comp_level);
	}
	return 0;
}

/* Raw bytes to the fd, counting what lands in the file. */
static int out__raw(struct record_output *o, const void *buf, size_t size)
{
	int err;

	if (o->error)
		return o->error;
	err = write_all(o->fd, buf, size);
	if (err) {
		o->error = err;
		return err;
	}
	o->bytes += size;
	return 0;
}

/*
 * Compress the buffered records into PERF_RECORD_COMPRESSED records. They
 * form one zstd stream the reader decompresses record by record, each into
 * at most the COMPRESSED feature's mmap_len bytes: flush at the end of
 * every record so a reader never has to carry output over.
 */
static int out__compress(struct record_output *o, const void *src,
			 size_t size)
{
	ZSTD_inBuffer in = { src, size, 0 };

	while (in.pos < in.size) {
		struct perf_event_header *h = (void *)o->zbuf;
		ZSTD_outBuffer out = { o->zbuf + 8, COMP_RECORD_MAX, 0 };
		size_t left, before = in.pos;
		size_t chunk = in.size - in.pos;
		int err;

		/* bound the input per record so its output fits */
		if (chunk > COMP_RECORD_MAX / 2)
			chunk = COMP_RECORD_MAX / 2;
		{
			ZSTD_inBuffer part = { (const char *)src + in.pos,
					       chunk, 0 };

			left = ZSTD_compressStream2(o->zstd, &out, &part,
						    ZSTD_e_flush);
			if (ZSTD_isError(left))
				return -EIO;
			in.pos += part.pos;
		}
		if (!out.pos && in.pos == before)
			return -EIO;
		h->type = PERF_RECORD_COMPRESSED;
		h->misc = 0;
		h->size = (uint16_t)(8 + out.pos);
		err = out__raw(o, o->zbuf, h->size);
		if (err)
			return err;
		o->comp_out += h->size;
		o->data_size += h->size;
		if (left)
			continue;	/* more flushing output pending */
	}
	o->comp_in += size;
	return 0;
}

int record_output__flush(struct record_output *o)
{
	int err;

	if (!o->buf_len)
		return o->error;
	if (o->zstd) {
		err = out__compress(o, o->buf, o->buf_len);
	} else {
		err = out__raw(o, o->buf, o->buf_len);
		if (!err)
			o->data_size += o->buf_len;
	}
	o->buf_len = 0;
	return err;
}

int record_output__write(struct record_output *o, const void *buf,
			 size_t size)
{
	const char *p = buf;
	int err;

	if (o->error)
		return o->error;
	while (size) {
		size_t n = o->buf_cap - o->buf_len;

		if (n > size)
			n = size;
		memcpy(o->buf + o->buf_len, p, n);
		o->buf_len += n;
		p += n;
		size -= n;
		if (o->buf_len == o->buf_cap && !o->zstd) {
			err = record_output__flush(o);
			if (err)
				return err;
		}
		/* compressed: whole records only, flushed at rounds */
		if (o->buf_len == o->buf_cap && o->zstd) {
			unsigned char *nb = realloc(o->buf, o->buf_cap * 2);

			if (!nb)
				return o->error = -ENOMEM;
			o->buf = nb;
			o->buf_cap *= 2;
		}
	}
	return 0;
}

/*
 * Keep the header's data size at the last complete round while recording:
 * a recorder killed with SIGKILL (or a crash, or a power cut after the
 * kernel wrote its pages) then leaves a file whose header covers exactly
 * the whole rounds, with no feature sections yet. Readers (perf's too)
 * take the data up to there instead of guessing from the file's size.
 * The field is overwritten in place: no new blocks, so it cannot fail
 * for want of space.
 */
static int out__commit_size(struct record_output *o)
{
	uint64_t size = o->round_size;

	if (o->is_pipe || o->fd < 0)
		return 0;
	return pwrite_all(o->fd, &size, sizeof(size),
			  (off_t)offsetof(struct rec_file_header, data.size));
}

int record_output__round(struct record_output *o)
{
	struct perf_event_header h = {
		.type = PERF_RECORD_FINISHED_ROUND,
		.size = sizeof(h),
	};
	int err;

	err = record_output__write(o, &h, sizeof(h));
	if (!err)
		err = record_output__flush(o);
	if (!err) {
		o->round_size = o->data_size;
		err = out__commit_size(o);
		if (err)
			o->error = err;
	}
	return err;
}

static size_t attr_ids(struct evsel *evsel, uint64_t **ids)
{
	int n = 0;

	*ids = evsel->ids;
	if (!evsel->fds)
		return 0;
	n = evsel->cpus->nr * evsel->threads->nr;
	return (size_t)n;
}

/* Valid ids only (-1 fds are holes). */
static size_t attr_ids_packed(struct evsel *evsel, uint64_t *out)
{
	uint64_t *ids;
	size_t n = attr_ids(evsel, &ids), k = 0;

	for (size_t i = 0; i < n; i++)
		if (evsel->fds[i] >= 0)
			out[k++] = ids[i];
	return k;
}

static int pipe__begin(struct record_output *o, struct evlist *evlist,
		       const struct record_output_info *info)
{
	struct rec_pipe_header ph = { PERF_MAGIC2, sizeof(ph) };
	struct evsel *evsel;
	int i, err;

	err = out__raw(o, &ph, sizeof(ph));
	evlist__for_each(evlist, evsel, i) {
		size_t n = evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0;
		size_t sz = 8 + REC_ATTR_SIZE + n * 8;
		unsigned char *rec = calloc(1, sz);
		struct perf_event_header *h = (void *)rec;

		if (!rec)
			return -ENOMEM;
		n = evsel->fds ? attr_ids_packed(evsel,
				(uint64_t *)(rec + 8 + REC_ATTR_SIZE)) : 0;
		h->type = PERF_RECORD_HEADER_ATTR;
		h->size = (uint16_t)(8 + REC_ATTR_SIZE + n * 8);
		attr_copy(rec + 8, &evsel->attr);
		if (!err)
			err = out__raw(o, rec, h->size);
		free(rec);
	}
	if (!err)
		err = record_features__pipe_begin(o, evlist, info);
	return err;
}

static int file__begin(struct record_output *o, struct evlist *evlist)
{
	struct rec_file_header fh;
	struct evsel *evsel;
	size_t nattr = evlist->nr, nids = 0, k = 0, attr_sz;
	size_t *first, *count;
	unsigned char *blob, *attrs;
	uint64_t *ids;
	int i, err;

	evlist__for_each(evlist, evsel, i)
		nids += evsel->fds ? evsel->cpus->nr * evsel->threads->nr : 0;
	attr_sz = REC_ATTR_SIZE + sizeof(struct rec_file_section);
	/* header | the ids of every attr | the attrs | data ... */
	blob = calloc(1, nids * 8 + nattr * attr_sz + 8);
	first = calloc(nattr + 1, sizeof(*first));
	count = calloc(nattr + 1, sizeof(*count));
	if (!blob || !first || !count) {
		free(blob);
		free(first);
		free(count);
		return -ENOMEM;
	}
	ids = (uint64_t *)blob;
	evlist__for_each(evlist, evsel, i) {
		first[i] = k;
		count[i] = evsel->fds ? attr_ids_packed(evsel, ids + k) : 0;
		k += count[i];
	}
	attrs = blob + k * 8;
	memset(&fh, 0, sizeof(fh));
	fh.magic = PERF_MAGIC2;
	fh.size = sizeof(fh);
	fh.attr_size = attr_sz;
	fh.attrs.offset = sizeof(fh) + k * 8;
	fh.attrs.size = nattr * attr_sz;
	evlist__for_each(evlist, evsel, i) {
		unsigned char *a = attrs + (size_t)i * attr_sz;
		struct rec_file_section sec = {
			.offset = sizeof(fh) + first[i] * 8,
			.size = count[i] * 8,
		};

		attr_copy(a, &evsel->attr);
		memcpy(a + REC_ATTR_SIZE, &sec, sizeof(sec));
	}
	fh.data.offset = fh.attrs.offset + fh.attrs.size;
	o->data_offset = fh.data.offset;
	err = out__raw(o, &fh, sizeof(fh));
	if (!err)
		err = out__raw(o, blob, k * 8 + nattr * attr_sz);
	free(blob);
	free(first);
	free(count);
	return err;
}

int record_output__begin(struct record_output *o, struct evlist *evlist,
			 const struct record_output_info *info)
{
	if (o->is_pipe)
		return pipe__begin(o, evlist, info);
	return file__begin(o, evlist);
}

int record_output__end(struct record_output *o, struct evlist *evlist,
		       const struct record_output_info *info)
{
	struct rec_file_header fh;
	int err, werr;

	werr = record_output__flush(o);
	if (o->is_pipe) {
		if (werr)
			return werr;
		return record_features__pipe_end(o, evlist, info);
	}
	if (werr) {
		/* keep what is whole: the data up to the last round */
		o->data_size = o->round_size;
		if (ftruncate(o->fd, (off_t)(o->data_offset + o->data_size)))
			return werr;
		o->error = 0;
	}
	if (lseek(o->fd, (off_t)(o->data_offset + o->data_size), SEEK_SET) < 0)
		return -errno;
	memset(&fh, 0, sizeof(fh));
	if (pread(o->fd, &fh, sizeof(fh), 0) != sizeof(fh))
		return -EIO;
	fh.data.size = o->data_size;
	/* killed while the features are written: the data stays whole */
	o->round_size = o->data_size;
	err = out__commit_size(o);
	if (err)
		return werr ? werr : err;
	err = record_features__write(o, evlist, info, fh.features);
	if (err) {
		/* no room for the features: a header without them still
		 * makes the data readable */
		memset(fh.features, 0, sizeof(fh.features));
		if (ftruncate(o->fd, (off_t)(o->data_offset + o->data_size))) {
			/* nothing more we can do */
		}
	}
	if (pwrite_all(o->fd, &fh, sizeof(fh), 0))
		return werr ? werr : -errno;
	if (werr)
		return werr;
	return err;
}

void record_output__close(struct record_output *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	free(o->buf);
	free(o->zbuf);
	if (o->zstd)
		ZSTD_freeCCtx(o->zstd);
	o->buf = NULL;
	o->zbuf = NULL;
	o->zstd = NULL;
}

/* For the feature writers: raw output of an already-framed blob. */
int record_output__raw(struct record_output *o, const void *buf, size_t size)
{
	return out__raw(o, buf, size);
}
