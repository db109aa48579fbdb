/*
 * asmlabel: a loop in an assembler function past a label of no type that
 * the symbol table keeps (spin_asm, then spin_enter inside it), as V8's
 * builtins and hand-written assembly have them. Without DWARF for it,
 * binutils' addr2line names the label, and perf 6.1 shows such a frame of
 * a --call-graph dwarf chain as "spin_enter+0x9 (inlined)".
 * usage: asmlabel [seconds=0.3]
 */
#include <stdlib.h>
#include <time.h>

#if defined(__x86_64__)
__asm__(".text\n"
	/* local, as V8's builtins: before its labels in the symbol table */
	".type spin_asm, @function\n"
	"spin_asm:\n"
	"	push %rbp\n"
	"	mov %rsp, %rbp\n"
	"	mov %edi, %ecx\n"
	"spin_enter:\n"
	"	nop\n"
	"1:	dec %ecx\n"
	"	jnz 1b\n"
	"spin_leave:\n"
	"	pop %rbp\n"
	"	ret\n"
	".size spin_asm, .-spin_asm\n");
void spin_asm(int n);
#else
__attribute__((noinline)) void spin_asm(int n)
{
	for (volatile int i = 0; i < n; i++)
		;
}
#endif

__attribute__((noinline)) static void outer(void)
{
	spin_asm(100000);
}

int main(int argc, char **argv)
{
	double secs = argc > 1 ? atof(argv[1]) : 0.3;
	clock_t end = clock() + (clock_t)(secs * CLOCKS_PER_SEC);

	/* the clock seldom: a sample in the vdso would end perf's chain
	 * there when its build-id cache copy is being rewritten */
	while (clock() < end)
		for (int i = 0; i < 1000; i++)
			outer();
	return 0;
}
