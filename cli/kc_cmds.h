/* kc_cmds.h — the subcommands of `kc`. Each takes argv with argv[0] = the
 * subcommand name, prints its own --help, and returns the process exit code. */
#ifndef KC_CMDS_H
#define KC_CMDS_H

int kc_cmd_run_main(int argc, char **argv);       /* kc_cmd_run.c  */
int kc_cmd_perf_main(int argc, char **argv);      /* kc_cmd_perf.c */
int kc_cmd_eval_main(int argc, char **argv);      /* kc_cmd_eval.c */
int kc_cmd_eval_compile(int argc, char **argv);   /* kc_cmd_eval.c */
int kc_cmd_asm_asm(int argc, char **argv);        /* kc_cmd_asm.c  */
int kc_cmd_asm_disasm(int argc, char **argv);     /* kc_cmd_asm.c  */
int kc_cmd_asm_isadoc(int argc, char **argv);     /* kc_cmd_asm.c  */
int kc_cmd_agent_main(int argc, char **argv);     /* kc_cmd_agent.c */
int kc_cmd_cosim_main(int argc, char **argv);     /* kc_cmd_cosim.c */
int kc_cmd_trace_main(int argc, char **argv);     /* kc_cmd_trace.c */
int kc_cmd_wave_main(int argc, char **argv);      /* kc_cmd_wave.c */
int kc_cmd_bench_main(int argc, char **argv);     /* kc_cmd_bench.c */
int kc_cmd_bench_merge(int argc, char **argv);    /* kc_cmd_bench.c */
int kc_cmd_report_main(int argc, char **argv);    /* kc_cmd_report.c */
/* The sweep behind kc bench (as_run = 0) and kc run (as_run = 1). */
int kc_cmd_bench_sweep(int argc, char **argv, int as_run);   /* kc_cmd_bench.c */

#endif
