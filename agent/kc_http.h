/* kc_http.h — HTTPS POST over libcurl with the retry policy every provider shares.
 *
 * One call = up to 1 + max_retries attempts. Retried: network errors (no HTTP
 * response: DNS, connect, TLS, timeout), HTTP 429 and 5xx, and a 2xx whose body
 * the caller's accept() rejects (e.g. not JSON). Waits grow exponentially
 * (base * 2^k, capped at max_delay) with jitter (a uniform draw from the upper
 * half of the delay), and a Retry-After header (seconds or HTTP date) is honoured
 * when it asks for longer, up to the same max_delay: the user's cap on a wait
 * holds whatever the server asks. Any other status (2xx, 4xx) is returned to the
 * caller as is.
 *
 * A response body longer than max_body_bytes is cut off as it arrives (the
 * transfer is aborted) and fails the call without a retry: the reply is not
 * kept, and asking again would only cost as much again.
 *
 * Headers are never reported anywhere (they carry API keys).
 */
#ifndef KC_HTTP_H
#define KC_HTTP_H

#include <stddef.h>

#include "kc_err.h"

#define KC_HTTP_MAX_BODY (8u * 1024u * 1024u)   /* far above any model reply of 128k tokens */

typedef struct kc_http_policy {
    long connect_timeout_ms;   /* 0 = 10 s */
    long timeout_ms;           /* whole attempt; 0 = 600 s */
    int max_retries;           /* attempts after the first; < 0 = 5 */
    long base_delay_ms;        /* first backoff; 0 = 1000 ms */
    long max_delay_ms;         /* cap on any wait (backoff or Retry-After); 0 = 60 s */
    size_t max_body_bytes;     /* response body limit; 0 = KC_HTTP_MAX_BODY */
} kc_http_policy;

/* Called before each wait: attempt is 1-based (the attempt that failed), status
 * the HTTP status (0 = network error), why a short reason, wait_ms the sleep
 * about to happen, retry_after_ms the server's request (-1 = none). */
typedef void (*kc_http_retry_fn)(void *ctx, int attempt, long status, const char *why,
                                 long wait_ms, long retry_after_ms);

/* Returns 1 when a 2xx body is usable; 0 makes it a retryable failure and fills
 * why (a short reason, at most why_size bytes). */
typedef int (*kc_http_accept_fn)(void *ctx, const char *body, size_t len, char *why,
                                 size_t why_size);

typedef struct kc_http_request {
    const char *url;
    const char *const *headers;     /* "Name: value", NULL-terminated */
    const char *body;               /* sent as is */
    kc_http_accept_fn accept;       /* may be NULL */
    void *accept_ctx;
    kc_http_retry_fn on_retry;      /* may be NULL */
    void *retry_ctx;
} kc_http_request;

typedef struct kc_http_response {
    long status;                    /* of the last attempt; 0 = no HTTP response */
    char *body;                     /* malloc'd, NUL-terminated (may be empty) */
    size_t len;
    int attempts;
    double seconds;                 /* wall time over all attempts and waits */
} kc_http_response;

/* KC_OK when the last attempt produced a non-retryable HTTP response (look at
 * resp->status: 2xx or a 4xx other than 429). KC_ERR_IO when every attempt
 * failed; err then says how the last one failed and how many were made. */
kc_status kc_http_post(const kc_http_request *req, const kc_http_policy *policy,
                       kc_http_response *resp, kc_err *err);

void kc_http_response_free(kc_http_response *resp);

/* The effective policy (defaults for zero / negative fields). */
kc_http_policy kc_http_policy_effective(const kc_http_policy *p);

/* Retry-After value in milliseconds (delta-seconds or an HTTP date), or -1. */
long kc_http_parse_retry_after(const char *value);

#endif
