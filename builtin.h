/* SPDX-License-Identifier: GPL-2.0 */
#ifndef MPERF_BUILTIN_H
#define MPERF_BUILTIN_H

/* One function per subcommand, all alike. argv[0] is the command name.
 * Return: the process exit status. */
int cmd_help(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_record(int argc, const char **argv);
int cmd_report(int argc, const char **argv);
int cmd_script(int argc, const char **argv);
int cmd_stat(int argc, const char **argv);
int cmd_version(int argc, const char **argv);

#endif
