// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: a pipe-mode perf.data read from a real pipe on stdin
 * (`... | mperf report --stdio` and `... | mperf script`): the streaming
 * walker, pipe-mode ATTR/FEATURE/TRACING_DATA/BUILD_ID records, then the
 * same sample and machine code as file mode.
 */
#include "builtin.h"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz__init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *report[] = {
		"report", "--stdio", "--header", "-i", "-", "--symfs", fuzz_empty_dir,
		"--kallsyms", "/dev/null", NULL
	};
	const char *script[] = {
		"script", "-i", "-", "--show-task-events", "--show-mmap-events",
		"--show-switch-events", "--show-lost-events", "--show-bpf-events",
		"--symfs", fuzz_empty_dir, "--kallsyms", "/dev/null", NULL
	};

	fuzz__as_stdin_pipe(data, size);
	cmd_report(sizeof(report) / sizeof(report[0]) - 1, report);
	fuzz__as_stdin_pipe(data, size);
	cmd_script(sizeof(script) / sizeof(script[0]) - 1, script);
	fflush(stdout);
	return 0;
}
