// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dso.h"

/* "ffffffff81000000 T _text\t[module]": keep text, weak, data and bss
 * symbols; module symbols are kept too (they live in the kernel map).
 * @stop (may be NULL): checked every 1024 lines; -ECANCELED once set. */
static int kallsyms__read_until(const char *path, struct symbols *syms,
				atomic_bool *stop)
{
	FILE *f = fopen(path, "re");
	char line[512];
	size_t nr = 0, nr_zero = 0, nr_lines = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		char *end = line, *name, *tab;
		uint64_t addr = 0;
		int type;
		struct symbol *sym;

		if (stop && !(++nr_lines & 1023) &&
		    atomic_load_explicit(stop, memory_order_relaxed)) {
			fclose(f);
			return -ECANCELED;
		}
		/* the address: hex digits (strtoull costs more per line) */
		for (;; end++) {
			unsigned int d = (unsigned char)*end;

			if (d - '0' < 10)
				d -= '0';
			else if ((d | 0x20) - 'a' < 6)
				d = (d | 0x20) - 'a' + 10;
			else
				break;
			addr = addr << 4 | d;
		}
		if (end == line || end[0] != ' ' || !end[1] || end[2] != ' ')
			continue;
		type = toupper((unsigned char)end[1]);
		if (type != 'T' && type != 'W' && type != 'D' && type != 'B')
			continue;
		name = end + 3;
		name[strcspn(name, "\n")] = '\0';
		tab = strchr(name, '\t');
		if (tab)
			*tab = '\0';
		if (!tab && (!syms->kernel_lo || addr < syms->kernel_lo))
			syms->kernel_lo = addr;
		if (!tab && addr > syms->kernel_hi)
			syms->kernel_hi = addr;
		/* aliases at one address: perf ends up with the last one listed */
		if (syms->nr && syms->syms[syms->nr - 1]->start == addr) {
			free(syms->syms[--syms->nr]);
		}
		sym = symbol__new(addr, 0, (uint8_t)end[1], name);
		if (sym)
			sym->object = type == 'D' || type == 'B';
		if (!sym || symbols__add(syms, sym) < 0) {
			fclose(f);
			return -ENOMEM;
		}
		nr++;
		nr_zero += !addr;
	}
	fclose(f);
	if (!nr)
		return -ENODATA;
	/* every address 0: the kernel hides them from us (kptr_restrict,
	 * or perf_event_paranoid > 1 without CAP_SYSLOG); nothing usable */
	if (nr_zero == nr) {
		symbols__exit(syms);
		return -EPERM;
	}
	symbols__fixup(syms);
	return 0;
}

static int kallsyms__read(const char *path, struct symbols *syms)
{
	return kallsyms__read_until(path, syms, NULL);
}

/*
 * The kernel formats /proc/kallsyms line by line as it is read: some 40 ms
 * for 120K symbols, most of it in the kernel. A report or script that will
 * likely need the kernel's symbols starts that read on a second thread as
 * it opens the file (kallsyms__prefetch); kallsyms__load then waits for it
 * and takes the symbols, the same parse of the same file. One prefetch per
 * process; kallsyms__prefetch_end stops the read when it is still going
 * (the symbols were not needed: a short file, no kernel samples), joins,
 * and frees what was not taken.
 */
static struct {
	pthread_t thread;
	atomic_bool stop;
	bool started;
	char *path;
	struct symbols syms;
	int err;
} prefetch;

static void *prefetch__run(void *arg)
{
	prefetch.err = kallsyms__read_until(prefetch.path, &prefetch.syms,
					    &prefetch.stop);
	return arg;
}

void kallsyms__prefetch(const char *path)
{
	if (prefetch.started || !path)
		return;
	prefetch.path = strdup(path);
	if (!prefetch.path)
		return;
	if (pthread_create(&prefetch.thread, NULL, prefetch__run, NULL)) {
		free(prefetch.path);
		prefetch.path = NULL;
		return;
	}
	prefetch.started = true;
}

void kallsyms__prefetch_end(void)
{
	if (!prefetch.started)
		return;
	atomic_store(&prefetch.stop, true);
	pthread_join(prefetch.thread, NULL);
	symbols__exit(&prefetch.syms);
	free(prefetch.path);
	memset(&prefetch, 0, sizeof(prefetch));
}

int kallsyms__load(const char *path, struct symbols *syms)
{
	bool no_demangle = syms->no_demangle;
	int err;

	if (!prefetch.started || strcmp(path, prefetch.path) || syms->nr)
		return kallsyms__read(path, syms);
	pthread_join(prefetch.thread, NULL);
	*syms = prefetch.syms;
	syms->no_demangle = no_demangle;
	err = prefetch.err;
	free(prefetch.path);
	memset(&prefetch, 0, sizeof(prefetch));
	return err;
}

uint64_t kallsyms__symbol_addr(const char *path, const char *name)
{
	FILE *f = fopen(path, "re");
	char line[512];
	uint64_t ret = 0;
	size_t len = strlen(name);

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		char *end;
		uint64_t addr = strtoull(line, &end, 16);

		if (end - line < 8 || strlen(end) < 3 + len)
			continue;
		if (!strncmp(end + 3, name, len) &&
		    (end[3 + len] == '\n' || end[3 + len] == '\0' || end[3 + len] == '\t')) {
			ret = addr;
			break;
		}
	}
	fclose(f);
	return ret;
}

static int read_sysctl_int(const char *path, int dflt)
{
	FILE *f = fopen(path, "re");
	int v = dflt;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = dflt;
		fclose(f);
	}
	return v;
}

/*
 * Which setting makes /proc/kallsyms show 0 for every address to us, and
 * the command that changes it. The kernel shows the addresses when
 * kptr_restrict is 0 and perf_event_paranoid <= 1, or kptr_restrict is
 * at most 1 and the reader has CAP_SYSLOG; never when it is 2.
 */
int kallsyms__hidden_advice(char *buf, size_t size)
{
	int kptr = read_sysctl_int("/proc/sys/kernel/kptr_restrict", 0);
	int paranoid = read_sysctl_int("/proc/sys/kernel/perf_event_paranoid", 2);

	if (kptr >= 2)
		return snprintf(buf, size,
				"kernel.kptr_restrict=%d hides the addresses in /proc/kallsyms: "
				"run `sysctl -w kernel.kptr_restrict=0`", kptr);
	if (kptr == 1 || paranoid <= 1)
		return snprintf(buf, size,
				"kernel.kptr_restrict=%d shows the addresses in /proc/kallsyms only to root (CAP_SYSLOG): "
				"run mperf as root", kptr);
	return snprintf(buf, size,
			"kernel.perf_event_paranoid=%d hides the addresses in /proc/kallsyms from users without CAP_SYSLOG: "
			"run mperf as root or `sysctl -w kernel.perf_event_paranoid=1`", paranoid);
}
