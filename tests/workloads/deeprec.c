/*
 * deeprec: recursion whose stack outgrows a small --call-graph dwarf copy.
 * Each level keeps 64 bytes of its own on the stack; the leaf burns CPU.
 * usage: deeprec [seconds=0.3] [depth=120]
 */
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

__attribute__((noinline)) static unsigned long leaf(int n)
{
	unsigned long s = 0;

	for (int i = 0; i < 20000; i++)
		s += (unsigned long)i * (unsigned long)n;
	sink = s;
	return s;
}

__attribute__((noinline)) static unsigned long level(int d, int max)
{
	volatile char pad[64];

	pad[d % 64] = (char)d;
	if (d >= max)
		return leaf(d) + pad[d % 64];
	return level(d + 1, max) + pad[d % 64];
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 0.3;
	int depth = argc > 2 ? atoi(argv[2]) : 120;
	clock_t end = clock() + (clock_t)(secs * CLOCKS_PER_SEC);

	if (depth < 1)
		depth = 1;
	/* depths from 0 up: short stacks that fit, long ones that do not */
	for (int k = 0; clock() < end; k += 64)
		for (int j = 0; j < 64; j++)	/* the clock (vdso) seldom */
			level(0, ((k + j) * 7) % depth);
	return 0;
}
