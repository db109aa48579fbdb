// SPDX-License-Identifier: GPL-2.0
/*
 * mperf: the command table and dispatch.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "builtin.h"
#include "util/debug.h"
#include "util/levenshtein.h"

struct cmd_struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *summary;
};

/* sorted by name */
static const struct cmd_struct commands[] = {
	{ "help",    cmd_help,    "Show the manual page of a command" },
	{ "list",    cmd_list,    "List all symbolic event types" },
	{ "record",  cmd_record,  "Run a command and record its profile into perf.data" },
	{ "report",  cmd_report,  "Read perf.data (created by perf or mperf record) and display the profile" },
	{ "script",  cmd_script,  "Read perf.data and display the trace output" },
	{ "stat",    cmd_stat,    "Run a command and gather performance counter statistics" },
	{ "version", cmd_version, "Display the version of mperf" },
};

static const char mperf_usage[] =
	"usage: mperf [--version] [--help] COMMAND [ARGS]";

static void print_commands(FILE *f)
{
	fprintf(f, "%s\n\n The commands are:\n", mperf_usage);
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(f, "   %-11s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n See 'mperf help COMMAND' for more information on a command.\n");
}

static const struct cmd_struct *find_cmd(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static int run_builtin(const struct cmd_struct *cmd, int argc, const char **argv)
{
	int status = cmd->fn(argc, argv);

	/* a write error on stdout (EPIPE, ENOSPC) must not pass silently */
	if (fflush(stdout) || ferror(stdout)) {
		if (errno != EPIPE) {
			pr_err("write error on standard output: %s\n", strerror(errno));
			return status ? status : 1;
		}
	}
	return status;
}

int cmd_version(int argc, const char **argv)
{
	(void)argc;
	(void)argv;
	printf("mperf version %s (%s)\n", MPERF_VERSION, MPERF_GIT_REV);
	return 0;
}

int main(int argc, const char **argv)
{
	const struct cmd_struct *cmd;
	const char *names[ARRAY_SIZE(commands)];
	const char *best;

	argv++;
	argc--;
	/* global options before the command */
	while (argc > 0 && argv[0][0] == '-') {
		if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
			print_commands(stdout);
			return 0;
		}
		if (!strcmp(argv[0], "--version") || !strcmp(argv[0], "-v"))
			return cmd_version(0, NULL);
		if (!strcmp(argv[0], "--list-cmds")) {
			for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
				printf("%s ", commands[i].name);
			printf("\n");
			return 0;
		}
		fprintf(stderr, "mperf: unknown option '%s'\n%s\n", argv[0],
			mperf_usage);
		return 129;
	}
	if (argc == 0) {
		print_commands(stdout);
		return 1;
	}
	cmd = find_cmd(argv[0]);
	if (cmd) {
		/* `mperf CMD --help` shows the manual, as `mperf help CMD` */
		if (argc == 2 && !strcmp(argv[1], "--help") && cmd->fn != cmd_help) {
			const char *hargv[] = { "help", argv[0], NULL };

			return cmd_help(2, hargv);
		}
		return run_builtin(cmd, argc, argv);
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		names[i] = commands[i].name;
	best = closest_match(argv[0], names, ARRAY_SIZE(commands));
	if (best)
		fprintf(stderr, "mperf: '%s' is not a mperf command; did you mean '%s'?\n",
			argv[0], best);
	else
		fprintf(stderr, "mperf: '%s' is not a mperf command. See 'mperf --help'.\n",
			argv[0]);
	return 1;
}
