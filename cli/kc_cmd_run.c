/* kc run — the main job: the sweep of every baseline kernel of the platform on the RTL
 * (kc bench --kernels baseline with kc run's defaults: all tasks and configs, the
 * hidden scoring seeds, one worker per CPU). Progress goes to stderr, the table
 * and its summary to stdout. Exit 0 only when every baseline is correct. */
#include "kc_cmds.h"

int kc_cmd_run_main(int argc, char **argv)
{
    return kc_cmd_bench_sweep(argc, argv, 1);
}
