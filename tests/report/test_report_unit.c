/* test_report_unit — kc_report_escape on every character it must replace (and
 * the ones it must keep), and kc_report_write's answer to a failed write. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_report.h"

static int failures;

static void check_escape(const char *in, const char *want)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    kc_report_escape(in, f);
    fclose(f);
    if (strcmp(buf, want)) {
        fprintf(stderr, "FAIL: escape(\"%s\") = \"%s\", want \"%s\"\n", in ? in : "(null)", buf, want);
        failures++;
    }
    free(buf);
}

int main(void)
{
    check_escape("relu", "relu");
    check_escape("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    check_escape("\"><svg onload=f()>", "&quot;&gt;&lt;svg onload=f()&gt;");
    check_escape("a&amp;b", "a&amp;amp;b");
    check_escape("tab\there\nline", "tab\there\nline");
    check_escape("bell\x07 esc\x1b del\x7f", "bell&#xfffd; esc&#xfffd; del&#xfffd;");
    check_escape("caf\xc3\xa9 \xe2\x9c\x93", "caf\xc3\xa9 \xe2\x9c\x93");   /* UTF-8 kept as is */
    check_escape(NULL, "");

    /* a page that cannot be written is an error, not a silent half page */
    FILE *full = fopen("/dev/full", "w");
    if (full) {
        json_t *recs = json_array();
        kc_err err;
        kc_err_clear(&err);
        kc_status s = kc_report_write(recs, NULL, full, &err);
        if (s != KC_ERR_IO) {
            fprintf(stderr, "FAIL: writing to /dev/full returned %d, want KC_ERR_IO\n", (int)s);
            failures++;
        }
        fclose(full);
        json_decref(recs);
    }
    if (!failures)
        printf("ok\n");
    return failures != 0;
}
