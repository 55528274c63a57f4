/* kc — the KernelCraft command line. Dispatches to the subcommands; every
 * subcommand is a thin wrapper over the libraries (nothing below the CLI prints). */
#include <stdio.h>
#include <string.h>

#include "kc_cmds.h"
#include "kc_opts.h"

typedef struct kc_subcommand {
    const char *name;
    int (*main)(int argc, char **argv);
    const char *summary;
} kc_subcommand;

static const kc_subcommand subcommands[] = {
    {"run", kc_cmd_run_main, "the main job: evaluate every baseline kernel of every platform and print the tables"},
    {"bench", kc_cmd_bench_main, "sweep baseline or DIR kernels in parallel workers, append records, print the table"},
    {"merge", kc_cmd_bench_merge, "join shard result files of kc bench (then kc bench --table)"},
    {"report", kc_cmd_report_main, "result files as one self-contained HTML page: tables and SVG charts"},
    {"eval", kc_cmd_eval_main, "assemble, run and check one kernel on a task/config"},
    {"compile", kc_cmd_eval_compile, "emit the baseline (template compiler) kernel for a task/config"},
    {"asm", kc_cmd_asm_asm, "assemble a kernel (diagnostics with line:col)"},
    {"disasm", kc_cmd_asm_disasm, "disassemble a program image"},
    {"isa-doc", kc_cmd_asm_isadoc, "print the agent-facing ISA document"},
    {"wave", kc_cmd_wave_main, "print chosen signals of a VCD or FST waveform per cycle as a table"},
    {"perf", kc_cmd_perf_main, "benchmark: simulated cycles/s, eval latency, sweep time"},
    {"trace", kc_cmd_trace_main, "show an instruction trace (kc eval --trace-insn): a window, or the stall sites"},
    {"cosim", kc_cmd_cosim_main, "co-simulate a program on the RTL and the ISS (or --random programs)"},
    {"agent", kc_cmd_agent_main, "let an LLM write a kernel through the tools (one run or a sweep)"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: kc <command> [options]   (kc <command> --help for details)\n\ncommands:\n");
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(out, "  %-9s %s\n", subcommands[i].name, subcommands[i].summary);
    fprintf(out, "\nplatforms (--platform; the first is the default):");
    kc_opts_list_platforms(out);
    fprintf(out, "\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (!strcmp(argv[1], subcommands[i].name))
            return subcommands[i].main(argc - 1, argv + 1);
    fprintf(stderr, "kc: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
