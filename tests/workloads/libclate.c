/* libclate: burns in its own code first, then in libc's C code (strtod),
 * so that libc shows up in callchains long before it has samples of its
 * own.  usage: libclate [own-iterations=300000000] [libc-iterations=1500000] */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#define NI __attribute__((noinline, noclone, used))

NI static uint64_t own_burn(uint64_t x, long n)
{
	for (long i = 0; i < n; i++)
		x = x * 2862933555777941757ULL + 3037000493ULL;
	return x;
}

NI static double libc_burn(long n)
{
	static const char *nums[] = { "3.14159265358979", "2.718281828e-3", "1e300",
				      "0.000123456789", "6.02214076e23" };
	double s = 0;

	for (long i = 0; i < n; i++)
		s += strtod(nums[i % 5], NULL);
	return s;
}

int main(int argc, char **argv)
{
	long own = argc > 1 ? atol(argv[1]) : 300000000, lib = argc > 2 ? atol(argv[2]) : 1500000;
	uint64_t x = 7;

	for (int k = 0; k < 100; k++)
		x = own_burn(x, own / 100);
	printf("libclate: %016llx %g\n", (unsigned long long)x, libc_burn(lib));
	return 0;
}
