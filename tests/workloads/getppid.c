/* getppid: makes exactly N getppid system calls, then exits with status S.
 * usage: getppid N [S] */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;

	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	return argc > 2 ? atoi(argv[2]) : 0;
}
