/* kc run — the main job: the sweep of every baseline kernel on the RTL of every
 * platform in the registry (the test variants left out), or of --platform P alone
 * (kc bench --kernels baseline with kc run's defaults: all tasks and configs, the
 * hidden scoring seeds, one worker per CPU). Progress goes to stderr, one table
 * and its summary per platform to stdout. Exit 0 only when every baseline is correct. */
#include "kc_cmds.h"

int kc_cmd_run_main(int argc, char **argv)
{
    return kc_cmd_bench_sweep(argc, argv, 1);
}
