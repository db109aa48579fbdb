// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "srccode.h"

#define SRCCODE_FILES 32

struct srcfile {
	char *path;		/* NULL: free slot */
	const char *map;	/* the file's bytes, NULL when it could not be read */
	size_t size;
	size_t *starts;		/* offset of each line */
	size_t nr_lines;
	unsigned long used;	/* for the least recently used choice */
};

struct srccode {
	struct srcfile files[SRCCODE_FILES];
	unsigned long clock;
};

struct srccode *srccode__new(void)
{
	return calloc(1, sizeof(struct srccode));
}

static void srcfile__exit(struct srcfile *f)
{
	if (f->map)
		munmap((void *)f->map, f->size);
	free(f->starts);
	free(f->path);
	memset(f, 0, sizeof(*f));
}

void srccode__delete(struct srccode *sc)
{
	if (!sc)
		return;
	for (int i = 0; i < SRCCODE_FILES; i++)
		srcfile__exit(&sc->files[i]);
	free(sc);
}

/* map @f->path and index its lines; a file that cannot be read stays in
 * the cache without a map, so it is not tried at every sample */
static void srcfile__load(struct srcfile *f)
{
	struct stat st;
	const char *p, *end;
	size_t n = 0;
	int fd = open(f->path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_size <= 0) {
		close(fd);
		return;
	}
	f->size = (size_t)st.st_size;
	f->map = mmap(NULL, f->size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (f->map == MAP_FAILED) {
		f->map = NULL;
		return;
	}
	end = f->map + f->size;
	for (p = f->map; p < end && (p = memchr(p, '\n', (size_t)(end - p))); p++)
		n++;
	if (f->map[f->size - 1] != '\n')
		n++;		/* a last line without a newline */
	f->starts = malloc(n * sizeof(*f->starts));
	if (!f->starts) {
		munmap((void *)f->map, f->size);
		f->map = NULL;
		return;
	}
	f->starts[0] = 0;
	f->nr_lines = 1;
	for (p = f->map; f->nr_lines < n && (p = memchr(p, '\n', (size_t)(end - p))); p++)
		f->starts[f->nr_lines++] = (size_t)(p + 1 - f->map);
}

static struct srcfile *srccode__file(struct srccode *sc, const char *path)
{
	struct srcfile *f = NULL;

	for (int i = 0; i < SRCCODE_FILES; i++) {
		struct srcfile *c = &sc->files[i];

		if (c->path && !strcmp(c->path, path)) {
			c->used = ++sc->clock;
			return c;
		}
		if (!f || !c->path || (f->path && c->used < f->used))
			f = c;
	}
	srcfile__exit(f);
	f->path = strdup(path);
	if (!f->path)
		return NULL;
	f->used = ++sc->clock;
	srcfile__load(f);
	return f;
}

const char *srccode__line(struct srccode *sc, const char *path, unsigned int line,
			  size_t *len)
{
	struct srcfile *f;
	const char *l, *nl;

	if (!sc || !path || !line)
		return NULL;
	f = srccode__file(sc, path);
	if (!f || !f->map || line > f->nr_lines)
		return NULL;
	l = f->map + f->starts[line - 1];
	nl = memchr(l, '\n', (size_t)(f->map + f->size - l));
	*len = (size_t)((nl ? nl : f->map + f->size) - l);
	return l;
}
