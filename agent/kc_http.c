/* kc_http.c — libcurl POST with retries (see kc_http.h for the policy). */
#define _POSIX_C_SOURCE 200809L
#include "kc_http.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

typedef struct buf {
    char *p;
    size_t len, cap, max;
    int oom, too_big;
} buf;

static size_t on_body(char *data, size_t size, size_t n, void *ud)
{
    buf *b = ud;
    size_t add = size * n;
    if (add > b->max - b->len) {
        b->too_big = 1;
        return 0;   /* makes curl abort the transfer */
    }
    if (b->len + add + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + add + 1)
            cap *= 2;
        char *np = realloc(b->p, cap);
        if (!np) {
            b->oom = 1;
            return 0;   /* makes curl fail the transfer */
        }
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, add);
    b->len += add;
    b->p[b->len] = 0;
    return add;
}

/* Only Retry-After is of interest; a new status line (redirect, 100-continue)
 * resets it. */
static size_t on_header(char *data, size_t size, size_t n, void *ud)
{
    long *retry_after = ud;
    size_t len = size * n;
    static const char name[] = "retry-after:";
    if (len >= 5 && !strncmp(data, "HTTP/", 5))
        *retry_after = -1;
    if (len > sizeof name - 1 && !strncasecmp(data, name, sizeof name - 1)) {
        char v[128];
        size_t vl = len - (sizeof name - 1);
        if (vl >= sizeof v)
            vl = sizeof v - 1;
        memcpy(v, data + sizeof name - 1, vl);
        v[vl] = 0;
        *retry_after = kc_http_parse_retry_after(v);
    }
    return len;
}

long kc_http_parse_retry_after(const char *value)
{
    while (*value && isspace((unsigned char)*value))
        value++;
    char v[128];
    snprintf(v, sizeof v, "%s", value);
    size_t n = strlen(v);
    while (n && isspace((unsigned char)v[n - 1]))
        v[--n] = 0;
    if (!n)
        return -1;
    char *end;
    double secs = strtod(v, &end);
    if (!*end)
        return secs < 0 ? -1 : (long)(secs * 1000.0);
    time_t when = curl_getdate(v, NULL);
    if (when == (time_t)-1)
        return -1;
    time_t now = time(NULL);
    return when > now ? (long)(when - now) * 1000 : 0;
}

kc_http_policy kc_http_policy_effective(const kc_http_policy *p)
{
    kc_http_policy e = { 0 };
    if (p)
        e = *p;
    if (e.connect_timeout_ms <= 0)
        e.connect_timeout_ms = 10000;
    if (e.timeout_ms <= 0)
        e.timeout_ms = 600000;
    if (e.max_retries < 0)
        e.max_retries = 5;
    if (e.base_delay_ms <= 0)
        e.base_delay_ms = 1000;
    if (e.max_delay_ms <= 0)
        e.max_delay_ms = 60000;
    if (e.max_body_bytes == 0)
        e.max_body_bytes = KC_HTTP_MAX_BODY;
    return e;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void sleep_ms(long ms)
{
    struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* Jitter only needs to decorrelate clients, not be unpredictable. */
static uint64_t jitter_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static long backoff_ms(const kc_http_policy *p, int attempt, uint64_t *rng)
{
    long d = p->base_delay_ms;
    for (int i = 1; i < attempt && d < p->max_delay_ms; i++)
        d *= 2;
    if (d > p->max_delay_ms)
        d = p->max_delay_ms;
    long half = d / 2;
    return half + (half > 0 ? (long)(jitter_next(rng) % (uint64_t)(half + 1)) : 0);
}

static int retryable_status(long status)
{
    return status == 429 || status >= 500;
}

void kc_http_response_free(kc_http_response *resp)
{
    free(resp->body);
    resp->body = NULL;
    resp->len = 0;
}

kc_status kc_http_post(const kc_http_request *req, const kc_http_policy *policy,
                       kc_http_response *resp, kc_err *err)
{
    static int global_done;
    memset(resp, 0, sizeof *resp);
    if (!global_done) {
        if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
            return kc_err_set(err, KC_ERR_INTERNAL, "http: libcurl initialisation failed");
        global_done = 1;
    }
    kc_http_policy p = kc_http_policy_effective(policy);
    CURL *h = curl_easy_init();
    if (!h)
        return kc_err_set(err, KC_ERR_NOMEM, "http: cannot create a libcurl handle");
    struct curl_slist *hdrs = NULL;
    for (const char *const *hp = req->headers; hp && *hp; hp++) {
        struct curl_slist *n = curl_slist_append(hdrs, *hp);
        if (!n) {
            curl_slist_free_all(hdrs);
            curl_easy_cleanup(h);
            return kc_err_set(err, KC_ERR_NOMEM, "http: out of memory");
        }
        hdrs = n;
    }
    uint64_t rng = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32) ^ (uint64_t)(uintptr_t)resp;
    double t0 = now_s();
    char why[300] = "";
    kc_status st = KC_OK;
    for (int attempt = 1;; attempt++) {
        buf b = { .max = p.max_body_bytes };
        long retry_after = -1;
        char curl_err[CURL_ERROR_SIZE] = "";
        curl_easy_reset(h);
        curl_easy_setopt(h, CURLOPT_URL, req->url);
        curl_easy_setopt(h, CURLOPT_POST, 1L);
        curl_easy_setopt(h, CURLOPT_POSTFIELDS, req->body ? req->body : "");
        curl_easy_setopt(h, CURLOPT_HTTPHEADER, hdrs);
        curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, on_body);
        curl_easy_setopt(h, CURLOPT_WRITEDATA, &b);
        curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, on_header);
        curl_easy_setopt(h, CURLOPT_HEADERDATA, &retry_after);
        curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, p.connect_timeout_ms);
        curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, p.timeout_ms);
        curl_easy_setopt(h, CURLOPT_ERRORBUFFER, curl_err);
        curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(h, CURLOPT_ACCEPT_ENCODING, "");
        CURLcode cc = curl_easy_perform(h);
        long status = 0;
        if (cc == CURLE_OK)
            curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
        resp->attempts = attempt;
        resp->status = status;
        if (b.oom) {
            free(b.p);
            st = kc_err_set(err, KC_ERR_NOMEM, "http: out of memory reading the response");
            break;
        }
        if (b.too_big) {
            free(b.p);
            curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &resp->status);
            resp->body = calloc(1, 1);
            st = kc_err_set(err, KC_ERR_IO, "the reply is longer than %zu bytes, the reply size limit "
                            "(not retried)", p.max_body_bytes);
            break;
        }
        int retry = 0;
        if (cc != CURLE_OK) {
            snprintf(why, sizeof why, "network error: %s", curl_err[0] ? curl_err : curl_easy_strerror(cc));
            retry = 1;
        } else if (retryable_status(status)) {
            snprintf(why, sizeof why, "HTTP %ld", status);
            retry = 1;
        } else if (status >= 200 && status < 300 && req->accept) {
            char reason[200] = "";
            if (!req->accept(req->accept_ctx, b.p ? b.p : "", b.len, reason, sizeof reason)) {
                snprintf(why, sizeof why, "unusable response: %s", reason);
                retry = 1;
            }
        }
        if (!retry) {
            resp->body = b.p ? b.p : calloc(1, 1);
            resp->len = b.len;
            if (!resp->body)
                st = kc_err_set(err, KC_ERR_NOMEM, "http: out of memory");
            break;
        }
        if (attempt > p.max_retries) {
            resp->body = b.p ? b.p : calloc(1, 1);
            resp->len = b.len;
            st = kc_err_set(err, KC_ERR_IO, "%s (gave up after %d attempt%s)", why, attempt,
                            attempt == 1 ? "" : "s");
            break;
        }
        free(b.p);
        long wait = backoff_ms(&p, attempt, &rng);
        if (retry_after >= 0 && retry_after > wait)
            wait = retry_after < p.max_delay_ms ? retry_after : p.max_delay_ms;
        if (req->on_retry)
            req->on_retry(req->retry_ctx, attempt, status, why, wait, retry_after);
        sleep_ms(wait);
    }
    resp->seconds = now_s() - t0;
    curl_slist_free_all(hdrs);
    curl_easy_cleanup(h);
    return st;
}
