/* fuzz_results — the JSONL results-file reader behind `kc bench --table` and
 * `kc merge`, then the aggregation, the table and the HTML page (kc report)
 * over what it loaded. */
#define _GNU_SOURCE
#include "fuzz_util.h"

#include <sys/mman.h>
#include <unistd.h>

#include "kc_bench.h"
#include "kc_report.h"
#include "kc_score.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static kc_score_table table;
    static FILE *devnull;
    if (!devnull && !(devnull = fopen("/dev/null", "w")))
        abort();
    int fd = memfd_create("results", MFD_CLOEXEC);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size)
        abort();
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    json_t *records = NULL;
    kc_bench_invalid bad;
    kc_err err;
    kc_err_clear(&err);
    if (kc_bench_load(path, &records, &bad, &err) == KC_OK) {
        FUZZ_CHECK(json_is_array(records), "no array");
        FUZZ_CHECK(bad.nshown <= bad.n && bad.nshown <= KC_BENCH_SHOW_INVALID, "invalid-line count");
        kc_err_clear(&err);
        if (kc_score_aggregate(records, "npu", NULL, &table, &err) == KC_OK)
            kc_score_write(&table, devnull);
        kc_err_clear(&err);
        FUZZ_CHECK(kc_report_write(records, NULL, devnull, &err) == KC_OK, "report failed");
    }
    json_decref(records);
    close(fd);
    return 0;
}
