// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "build-id.h"
#include "fsutil.h"

#ifndef NT_GNU_BUILD_ID
#define NT_GNU_BUILD_ID 3
#endif

void build_id__init(struct build_id *bid, const void *data, size_t size)
{
	if (size > BUILD_ID_MAX)
		size = BUILD_ID_MAX;
	memset(bid, 0, sizeof(*bid));
	memcpy(bid->data, data, size);
	bid->size = size;
}

/* Notes are (namesz, descsz, type, name padded to 4, desc padded to 4). */
int build_id__from_notes(const void *notes, size_t size, struct build_id *bid)
{
	const uint8_t *p = notes, *end = p + size;

	while (p + 12 <= end) {
		uint32_t namesz, descsz, type;
		size_t nameal, descal;

		memcpy(&namesz, p, 4);
		memcpy(&descsz, p + 4, 4);
		memcpy(&type, p + 8, 4);
		p += 12;
		nameal = ((size_t)namesz + 3) & ~(size_t)3;
		descal = ((size_t)descsz + 3) & ~(size_t)3;
		if (nameal > (size_t)(end - p) || descal > (size_t)(end - p - nameal))
			break;
		if (type == NT_GNU_BUILD_ID && namesz == 4 &&
		    memcmp(p, "GNU", 4) == 0 && descsz > 0) {
			build_id__init(bid, p + nameal, descsz);
			return 0;
		}
		p += nameal + descal;
	}
	return -ENODATA;
}

int filename__read_build_id(const char *path, struct build_id *bid)
{
	Elf *elf;
	Elf_Scn *scn = NULL;
	int fd, err = -ENODATA;
	size_t i, nph;

	memset(bid, 0, sizeof(*bid));
	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		err = -ENOEXEC;
		goto out;
	}
	/* Section headers first (normal files), program headers as fallback
	 * (stripped-of-sections files, core-like images). */
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		d = elf_getdata(scn, NULL);
		if (d && d->d_buf &&
		    build_id__from_notes(d->d_buf, d->d_size, bid) == 0) {
			err = 0;
			goto out;
		}
	}
	if (elf_getphdrnum(elf, &nph) == 0) {
		for (i = 0; i < nph; i++) {
			GElf_Phdr ph;
			char *raw;
			size_t rsize;

			if (!gelf_getphdr(elf, i, &ph) || ph.p_type != PT_NOTE)
				continue;
			raw = elf_rawfile(elf, &rsize);
			if (!raw || ph.p_offset > rsize || ph.p_filesz > rsize - ph.p_offset)
				continue;
			if (build_id__from_notes(raw + ph.p_offset, ph.p_filesz, bid) == 0) {
				err = 0;
				goto out;
			}
		}
	}
out:
	if (elf)
		elf_end(elf);
	close(fd);
	return err;
}

int build_id__from_elf_image(void *image, size_t size, struct build_id *bid)
{
	Elf *elf;
	Elf_Scn *scn = NULL;
	int err = -ENODATA;

	memset(bid, 0, sizeof(*bid));
	elf_version(EV_CURRENT);
	elf = elf_memory(image, size);
	if (!elf)
		return -ENOEXEC;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		d = elf_getdata(scn, NULL);
		if (d && d->d_buf && build_id__from_notes(d->d_buf, d->d_size, bid) == 0) {
			err = 0;
			break;
		}
	}
	elf_end(elf);
	return err;
}

void *vdso__copy_self(size_t *size)
{
	char line[512];
	void *copy = NULL;
	FILE *f = fopen("/proc/self/maps", "re");

	if (!f)
		return NULL;
	errno = ENOENT;
	while (fgets(line, sizeof(line), f)) {
		unsigned long start, end;

		if (!strstr(line, "[vdso]") || sscanf(line, "%lx-%lx", &start, &end) != 2 ||
		    end <= start)
			continue;
		copy = malloc(end - start);
		if (copy) {
			memcpy(copy, (void *)start, end - start);
			*size = end - start;
		}
		break;
	}
	fclose(f);
	return copy;
}

int sysfs__read_build_id(const char *notes_path, struct build_id *bid)
{
	char buf[4096];
	ssize_t n;
	int fd, err;

	memset(bid, 0, sizeof(*bid));
	fd = open(notes_path ? notes_path : "/sys/kernel/notes", O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf));
	err = n < 0 ? -errno : build_id__from_notes(buf, (size_t)n, bid);
	close(fd);
	return err;
}

int build_id__snprintf(const struct build_id *bid, char *buf, size_t size)
{
	size_t i, len = 0;

	if (!size)
		return 0;
	buf[0] = '\0';
	for (i = 0; i < bid->size && len + 2 < size; i++)
		len += snprintf(buf + len, size - len, "%02x", bid->data[i]);
	return (int)len;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int build_id__parse(const char *hex, struct build_id *bid)
{
	size_t n = strlen(hex), i;

	memset(bid, 0, sizeof(*bid));
	if (n == 0 || n % 2 || n / 2 > BUILD_ID_MAX)
		return -EINVAL;
	for (i = 0; i < n / 2; i++) {
		int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);

		if (hi < 0 || lo < 0)
			return -EINVAL;
		bid->data[i] = (uint8_t)(hi << 4 | lo);
	}
	bid->size = n / 2;
	return 0;
}

int build_id__cmp(const struct build_id *a, const struct build_id *b)
{
	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	return memcmp(a->data, b->data, a->size);
}

bool build_id_cache__dir(char *out, size_t size)
{
	const char *env = getenv("PERF_BUILDID_DIR"), *home = getenv("HOME");
	int n;

	if (env && *env)
		n = snprintf(out, size, "%s", env);
	else if (home && *home)
		n = snprintf(out, size, "%s/.debug", home);
	else
		return false;
	return n > 0 && (size_t)n < size;
}

int build_id_cache__add_vdso(void)
{
	char base[PATH_MAX / 2], hex[SBUILD_ID_SIZE], dir[PATH_MAX];
	char file[PATH_MAX + 16], tmp[PATH_MAX + 32], link[PATH_MAX], target[PATH_MAX];
	struct build_id bid;
	size_t size = 0;
	void *image;
	int fd, err = 0;

	if (!build_id_cache__dir(base, sizeof(base)))
		return -ENOENT;
	image = vdso__copy_self(&size);
	if (!image)
		return -errno;
	if (build_id__from_elf_image(image, size, &bid) < 0 || bid.size < 2) {
		free(image);
		return -ENODATA;
	}
	build_id__snprintf(&bid, hex, sizeof(hex));
	snprintf(dir, sizeof(dir), "%s/[vdso]/%s", base, hex);
	snprintf(file, sizeof(file), "%s/vdso", dir);
	if (access(file, F_OK)) {
		snprintf(tmp, sizeof(tmp), "%s/.vdso.XXXXXX", dir);
		if (mkdir_p(dir, 0755) || (fd = mkostemp(tmp, O_CLOEXEC)) < 0) {
			err = -errno;
		} else {
			if (write_all(fd, image, size) || close(fd) || rename(tmp, file))
				err = errno ? -errno : -EIO;
			if (err)
				unlink(tmp);
		}
	}
	free(image);
	if (err)
		return err;
	snprintf(link, sizeof(link), "%s/.build-id/%.2s", base, hex);
	if (mkdir_p(link, 0755))
		return -errno;
	snprintf(link, sizeof(link), "%s/.build-id/%.2s/%s", base, hex, hex + 2);
	snprintf(target, sizeof(target), "../../[vdso]/%s", hex);
	if (symlink(target, link) && errno != EEXIST)
		return -errno;
	return 0;
}
