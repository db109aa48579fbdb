/* pagetouch: touches exactly N new anonymous pages (one write each), so
 * `stat -e page-faults` has a known lower bound and a stable delta.
 * usage: pagetouch N */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	long psz = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, n * psz, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (long i = 0; i < n; i++)
		p[i * psz] = 1;
	return 0;
}
