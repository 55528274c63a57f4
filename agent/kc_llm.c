/* kc_llm.c — provider registry and the provider-independent part of a turn:
 * URL and headers, the HTTP exchange with retries, error reporting. */
#include "kc_llm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kc_provider_anthropic.h"
#include "kc_provider_openai.h"

const kc_llm_provider *kc_llm_find(const char *name)
{
    if (!name)
        return NULL;
    if (!strcmp(name, kc_provider_openai.name))
        return &kc_provider_openai;
    if (!strcmp(name, kc_provider_anthropic.name))
        return &kc_provider_anthropic;
    return NULL;
}

void kc_llm_exchange_free(kc_llm_exchange *x)
{
    json_decref(x->request);
    json_decref(x->response);
    json_decref(x->message);
    x->request = x->response = x->message = NULL;
}

void kc_llm_set_arguments(json_t *call, const char *text)
{
    json_error_t je;
    json_t *v = json_loads(text && *text ? text : "{}", JSON_DECODE_ANY, &je);
    if (v && json_is_object(v)) {
        json_object_set_new(call, "arguments", v);
        return;
    }
    char why[300];
    if (v)
        snprintf(why, sizeof why, "the arguments are JSON but not an object (got %s)",
                 json_is_array(v) ? "an array" : json_is_string(v) ? "a string" : "a scalar");
    else
        snprintf(why, sizeof why, "the arguments are not valid JSON: %s (line %d, column %d)",
                 je.text, je.line, je.column);
    json_decref(v);
    json_object_set_new(call, "raw_arguments", json_string(text ? text : ""));
    json_object_set_new(call, "arguments_error", json_string(why));
}

char *kc_llm_arguments_text(const json_t *call)
{
    const json_t *raw = json_object_get(call, "raw_arguments");
    if (json_is_string(raw))
        return strdup(json_string_value(raw));
    const json_t *args = json_object_get(call, "arguments");
    return args ? json_dumps(args, JSON_COMPACT | JSON_SORT_KEYS) : strdup("{}");
}

/* A 2xx body must be a JSON object of the provider's shape; anything else is
 * retried as a bad reply (a proxy's HTML page, a truncated body, a server bug). */
static int accept_reply(void *ctx, const char *body, size_t len, char *why, size_t why_size)
{
    const kc_llm_provider *p = ctx;
    json_error_t je;
    json_t *v = json_loadb(body, len, 0, &je);
    if (!v || !json_is_object(v)) {
        snprintf(why, why_size, "body is not a JSON object (%s at line %d, column %d)",
                 v ? "valid JSON of the wrong type" : je.text, je.line, je.column);
        json_decref(v);
        return 0;
    }
    json_t *msg = NULL;
    char stop[32];
    kc_llm_usage u;
    kc_err perr;
    kc_err_clear(&perr);
    int ok = p->parse(v, &msg, stop, sizeof stop, &u, &perr) == KC_OK;
    if (!ok)
        snprintf(why, why_size, "not a %s reply: %s", p->name, perr.text);
    json_decref(msg);
    json_decref(v);
    return ok;
}

/* Overwrites every occurrence of the key in text with '*'. */
static void scrub_key(const kc_llm_cfg *cfg, char *text)
{
    if (!cfg->api_key || strlen(cfg->api_key) < 4)
        return;
    size_t kl = strlen(cfg->api_key);
    for (char *p = strstr(text, cfg->api_key); p; p = strstr(p + kl, cfg->api_key))
        memset(p, '*', kl);
}

/* The server's own explanation, with the key cut out should it echo it. */
static void server_message(const kc_llm_cfg *cfg, const json_t *body, const char *raw,
                           char *out, size_t size)
{
    const char *msg = NULL;
    const json_t *e = json_object_get(body, "error");
    if (json_is_object(e))
        msg = json_string_value(json_object_get(e, "message"));
    else if (json_is_string(e))
        msg = json_string_value(e);
    if (!msg)
        msg = raw && *raw ? raw : "(empty body)";
    snprintf(out, size, "%s", msg);
    for (char *p = out; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    scrub_key(cfg, out);
}

static const char *status_hint(long status, const char *key_env)
{
    static char buf[200];
    switch (status) {
    case 401:
        snprintf(buf, sizeof buf, "authentication failed: check the API key in $%s", key_env);
        return buf;
    case 403:
        return "permission denied: the key may not have access to this model";
    case 404:
        return "not found: check --base-url and the model name";
    case 400:
        return "the request was rejected";
    default:
        return "request failed";
    }
}

kc_status kc_llm_prepare(const kc_llm_cfg *cfg, const char *system, const json_t *messages,
                         const json_t *tools, kc_llm_exchange *x, kc_err *err)
{
    memset(x, 0, sizeof *x);
    const kc_llm_provider *p = kc_llm_find(cfg->provider);
    if (!p)
        return kc_err_set(err, KC_ERR_USAGE, "agent: unknown provider '%s' (openai or anthropic)",
                          cfg->provider ? cfg->provider : "");
    const char *base = cfg->base_url && *cfg->base_url ? cfg->base_url : p->default_base_url;
    size_t bl = strlen(base);
    while (bl && base[bl - 1] == '/')
        bl--;
    snprintf(x->url, sizeof x->url, "%.*s%s", (int)bl, base, p->path);
    x->request = p->request(cfg, system, messages, tools);
    if (!x->request)
        return kc_err_set(err, KC_ERR_NOMEM, "%s: cannot build the request (out of memory or "
                          "text that is not UTF-8)", p->name);
    return KC_OK;
}

kc_status kc_llm_send(const kc_llm_cfg *cfg, kc_http_retry_fn on_retry, void *retry_ctx,
                      kc_llm_exchange *x, kc_err *err)
{
    const kc_llm_provider *p = kc_llm_find(cfg->provider);
    if (!p || !x->request)
        return kc_err_set(err, KC_ERR_USAGE, "agent: kc_llm_send without a prepared request");
    const char *model = cfg->model ? cfg->model : "";
    char *body = json_dumps(x->request, JSON_COMPACT);
    if (!body)
        return kc_err_set(err, KC_ERR_NOMEM, "%s: out of memory building the request", p->name);

    char hdr[8][512];
    int nh = p->headers(cfg, hdr, 7);
    const char *hp[10];
    int k = 0;
    hp[k++] = "Content-Type: application/json";
    for (int i = 0; i < nh; i++)
        hp[k++] = hdr[i];
    hp[k] = NULL;

    kc_http_request req = { .url = x->url, .headers = hp, .body = body, .accept = accept_reply,
                            .accept_ctx = (void *)p,
                            .on_retry = on_retry, .retry_ctx = retry_ctx };
    kc_http_response resp;
    kc_err herr;
    kc_err_clear(&herr);
    kc_status st = kc_http_post(&req, &cfg->http, &resp, &herr);
    memset(hdr, 0, sizeof hdr);   /* the key does not outlive the call on our stack */
    free(body);
    x->status = resp.status;
    x->attempts = resp.attempts;
    x->seconds = resp.seconds;
    if (resp.body && resp.len) {
        scrub_key(cfg, resp.body);   /* servers that echo a bad key must not get it logged */
        x->response = json_loadb(resp.body, resp.len, 0, NULL);
    }
    if (st != KC_OK) {
        char msg[300] = "";
        if (resp.status && (resp.len || resp.status >= 300))   /* a cut-off reply has no text */
            server_message(cfg, x->response, resp.body, msg, sizeof msg);
        kc_err_set(err, st, "%s (model %s) at %s: %s%s%s", p->name, model, x->url, herr.text,
                   msg[0] ? ": " : "", msg);
        kc_http_response_free(&resp);
        return st;
    }
    if (resp.status < 200 || resp.status >= 300) {
        char msg[300];
        server_message(cfg, x->response, resp.body, msg, sizeof msg);
        kc_http_response_free(&resp);
        return kc_err_set(err, KC_ERR_IO, "%s (model %s) at %s: HTTP %ld, %s: %s", p->name, model,
                          x->url, x->status, status_hint(x->status, cfg->key_env ? cfg->key_env : p->key_env),
                          msg);
    }
    kc_http_response_free(&resp);
    kc_err perr;
    kc_err_clear(&perr);
    if (p->parse(x->response, &x->message, x->stop, sizeof x->stop, &x->usage, &perr) != KC_OK)
        return kc_err_set(err, perr.code, "%s (model %s): malformed reply: %s", p->name, model,
                          perr.text);
    return KC_OK;
}

kc_status kc_llm_chat(const kc_llm_cfg *cfg, const char *system, const json_t *messages,
                      const json_t *tools, kc_http_retry_fn on_retry, void *retry_ctx,
                      kc_llm_exchange *x, kc_err *err)
{
    kc_status st = kc_llm_prepare(cfg, system, messages, tools, x, err);
    return st != KC_OK ? st : kc_llm_send(cfg, on_retry, retry_ctx, x, err);
}
