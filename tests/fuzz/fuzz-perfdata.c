// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: a perf.data in file mode, read by the code `mperf
 * report --stdio --header` and `mperf script` run (header, attrs, feature
 * sections, records, samples, ordering, machine/thread/map updates,
 * tracepoint formatting, output). The input is a regular file (memfd), so
 * the reader mmaps it as it does any perf.data.
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
	char path[64];
	const char *report[] = {
		"report", "--stdio", "--header", "-i", path, "--symfs", fuzz_empty_dir,
		"--kallsyms", "/dev/null", NULL
	};
	const char *script[] = {
		"script", "-i", path, "--show-task-events", "--show-mmap-events",
		"--show-switch-events", "--show-lost-events", "--show-bpf-events",
		"--symfs", fuzz_empty_dir, "--kallsyms", "/dev/null", NULL
	};

	fuzz__as_file(data, size, path, sizeof(path));
	cmd_report(sizeof(report) / sizeof(report[0]) - 1, report);
	cmd_script(sizeof(script) / sizeof(script[0]) - 1, script);
	fflush(stdout);
	return 0;
}
