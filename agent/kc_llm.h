/* kc_llm.h — one chat turn with a language model, independent of the provider.
 *
 * The agent keeps its conversation in a provider-neutral form (JSON values, so
 * the transcript can store and replay it):
 *
 *   {"role":"user", "text":"..."}
 *   {"role":"assistant", "text":"..." (may be absent),
 *    "tool_calls":[{"id":"...", "name":"...",
 *                   "arguments":{...}            the parsed object, or
 *                   "raw_arguments":"..."        what the model sent when it was not
 *                   "arguments_error":"..."      a JSON object, and why}]}
 *   {"role":"tool", "results":[{"id":"...", "name":"...", "content":"...",
 *                               "is_error":true|false}], "text":"..." (optional note)}
 *
 * and tools as [{"name", "description", "parameters": <JSON schema>}]. Each
 * provider (kc_provider_openai.c, kc_provider_anthropic.c) translates these into
 * its request body and its response back into a neutral assistant message.
 */
#ifndef KC_LLM_H
#define KC_LLM_H

#include <jansson.h>

#include "kc_err.h"
#include "kc_http.h"

typedef struct kc_llm_cfg {
    const char *provider;      /* "openai" | "anthropic" */
    const char *model;
    const char *base_url;      /* NULL = the provider's public endpoint */
    const char *api_key;       /* the key itself (never logged); NULL or "" = none */
    const char *key_env;       /* where it came from, for error messages (NULL = default) */
    int max_tokens;            /* 0 = provider default (openai: not sent; anthropic: 8192) */
    double temperature;        /* < 0 = not sent */
    kc_http_policy http;
} kc_llm_cfg;

typedef struct kc_llm_usage {
    long input_tokens;
    long output_tokens;
} kc_llm_usage;

typedef struct kc_llm_provider {
    const char *name;
    const char *default_base_url;   /* "https://api.openai.com/v1" */
    const char *path;               /* appended to the base URL */
    const char *key_env;            /* default environment variable of the key */
    /* Request body (new reference) from the neutral parts. */
    json_t *(*request)(const kc_llm_cfg *cfg, const char *system, const json_t *messages,
                       const json_t *tools);
    /* Writes the authentication and version headers ("Name: value") into hdr[0..],
     * at most max of them, each at most size bytes; returns how many. */
    int (*headers)(const kc_llm_cfg *cfg, char (*hdr)[512], int max);
    /* Neutral assistant message and usage from a 2xx body. Errors when the body
     * does not have the provider's shape. */
    kc_status (*parse)(const json_t *body, json_t **message, char *stop, size_t stop_size,
                       kc_llm_usage *usage, kc_err *err);
} kc_llm_provider;

const kc_llm_provider *kc_llm_find(const char *name);

/* Everything about one exchange, for the transcript. */
typedef struct kc_llm_exchange {
    json_t *request;       /* body sent (new reference; NULL if never built) */
    json_t *response;      /* parsed body of the final response (NULL if none / not JSON) */
    long status;
    int attempts;
    double seconds;
    json_t *message;       /* neutral assistant message (NULL on failure) */
    char stop[32];         /* stop / finish reason */
    kc_llm_usage usage;
    char url[512];
} kc_llm_exchange;

void kc_llm_exchange_free(kc_llm_exchange *x);

/* Builds the request of a turn: x->request and x->url (x is cleared first). */
kc_status kc_llm_prepare(const kc_llm_cfg *cfg, const char *system, const json_t *messages,
                         const json_t *tools, kc_llm_exchange *x, kc_err *err);

/* Sends x->request with the retry policy of cfg->http and fills the rest of x. An
 * error means the turn failed for good (retries spent, authentication, unknown
 * model, malformed reply); its message names the provider and the model, never
 * the key. */
kc_status kc_llm_send(const kc_llm_cfg *cfg, kc_http_retry_fn on_retry, void *retry_ctx,
                      kc_llm_exchange *x, kc_err *err);

/* prepare + send. */
kc_status kc_llm_chat(const kc_llm_cfg *cfg, const char *system, const json_t *messages,
                      const json_t *tools, kc_http_retry_fn on_retry, void *retry_ctx,
                      kc_llm_exchange *x, kc_err *err);

/* Helpers the providers share: parse a tool call's JSON argument text into the
 * neutral fields of call (arguments or raw_arguments + arguments_error). */
void kc_llm_set_arguments(json_t *call, const char *text);

/* Text of a neutral tool call's arguments as the model sent them. */
char *kc_llm_arguments_text(const json_t *call);

#endif
