/* jitmap: a JIT as perf sees one. Copies small spin loops into anonymous
 * executable memory, writes /tmp/perf-PID.map naming them (as node
 * --perf-basic-prof or a JVM's perf map agent do), runs each in turn for
 * about SECS seconds in all, and prints the map's path.
 * usage: jitmap [SECS]
 * x86_64 only (the loops are x86 code); elsewhere it exits 2. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* where a loop starts in the code page */
static const unsigned int entry[] = { 0x00, 0x40, 0x80, 0xa0, 0xb8, 0x100, 0x140, 0x180,
				      0x200, 0x238 };

int main(int argc, char **argv)
{
#if defined(__x86_64__)
	double secs = argc > 1 ? atof(argv[1]) : 0.4;
	/* mov ecx, 20000; 1: dec ecx; jnz 1b; ret */
	static const unsigned char loop[] = { 0xb9, 0x20, 0x4e, 0x00, 0x00,
					      0xff, 0xc9, 0x75, 0xfc, 0xc3 };
	unsigned char *code = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uintptr_t b = (uintptr_t)code;
	char path[64];
	struct timespec t0, t;
	FILE *f;
	size_t i;

	if (code == MAP_FAILED)
		return 1;
	memset(code, 0xcc, 4096);
	for (i = 0; i < sizeof(entry) / sizeof(entry[0]); i++)
		memcpy(code + entry[i], loop, sizeof(loop));
	if (mprotect(code, 4096, PROT_READ | PROT_EXEC))
		return 1;
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	f = fopen(path, "w");
	if (!f)
		return 1;
	/* both number forms; overlapping entries (an outer one, one at the
	 * same start, one inside), a zero size, lines perf skips */
	fprintf(f, "%lx 40 jit_plain\n", (unsigned long)b);
	fprintf(f, "0x%lx 0x40 jit_hex(int, long)\n", (unsigned long)(b + 0x40));
	fprintf(f, "%lx 80 jit_outer\n", (unsigned long)(b + 0x80));
	fprintf(f, "%lx 20 jit_same_start\n", (unsigned long)(b + 0x80));
	fprintf(f, "%lx 10 jit_inner\n", (unsigned long)(b + 0xa0));
	fprintf(f, "%lx 0 jit_zero_size\n", (unsigned long)(b + 0x100));
	fprintf(f, "not a line of the map\n");
	fprintf(f, "%lx 40\n", (unsigned long)(b + 0x140));
	/* two at one start that perf's tree answers each for some address:
	 * one frame for perf's call graphs */
	fprintf(f, "%lx 20 jit_twin_short\n", (unsigned long)(b + 0x200));
	fprintf(f, "%lx 80 jit_twin_long\n", (unsigned long)(b + 0x200));
	fprintf(f, "%lx 40 jit_last_no_newline", (unsigned long)(b + 0x180));
	fclose(f);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (i = 0; i < sizeof(entry) / sizeof(entry[0]); i++)
			((void (*)(void))(code + entry[i]))();
		clock_gettime(CLOCK_MONOTONIC, &t);
	} while ((double)(t.tv_sec - t0.tv_sec) + (double)(t.tv_nsec - t0.tv_nsec) / 1e9 < secs);
	printf("%s\n", path);
	return 0;
#else
	(void)argc;
	(void)argv;
	(void)entry;
	return 2;
#endif
}
