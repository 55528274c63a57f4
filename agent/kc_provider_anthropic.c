/* kc_provider_anthropic.c — neutral conversation <-> messages-API bodies.
 *
 * Request: {"model", "max_tokens", "system", "messages", "tools":[{name,
 * description, input_schema}]}. Assistant turns are content blocks (text,
 * tool_use); tool results go back as tool_result blocks of a user turn. The API
 * wants user and assistant turns to alternate, so consecutive turns of one role
 * are merged into one. */
#include "kc_provider_anthropic.h"

#include <stdio.h>
#include <string.h>

#define DEFAULT_MAX_TOKENS 8192

static json_t *text_block(const json_t *text)
{
    return json_pack("{s:s, s:O}", "type", "text", "text", text);
}

/* Appends blocks to the last turn when it has the same role, else a new turn. */
static void add_turn(json_t *msgs, const char *role, json_t *blocks)
{
    json_t *last = json_array_get(msgs, json_array_size(msgs) - 1);
    const char *lr = json_string_value(json_object_get(last, "role"));
    if (lr && !strcmp(lr, role))
        json_array_extend(json_object_get(last, "content"), blocks);
    else
        json_array_append_new(msgs, json_pack("{s:s, s:O}", "role", role, "content", blocks));
    json_decref(blocks);
}

static json_t *request(const kc_llm_cfg *cfg, const char *system, const json_t *messages,
                       const json_t *tools)
{
    json_t *msgs = json_array();
    size_t i;
    const json_t *m;
    json_array_foreach(messages, i, m) {
        const char *role = json_string_value(json_object_get(m, "role"));
        const json_t *text = json_object_get(m, "text");
        json_t *blocks = json_array();
        if (!role)
            role = "";
        if (!strcmp(role, "user")) {
            json_array_append_new(blocks, text_block(text));
            add_turn(msgs, "user", blocks);
        } else if (!strcmp(role, "assistant")) {
            if (json_is_string(text) && json_string_length(text))
                json_array_append_new(blocks, text_block(text));
            size_t j;
            const json_t *c;
            json_array_foreach(json_object_get(m, "tool_calls"), j, c) {
                const json_t *args = json_object_get(c, "arguments");
                json_array_append_new(blocks, json_pack("{s:s, s:O, s:O, s:o}", "type", "tool_use",
                                                        "id", json_object_get(c, "id"), "name",
                                                        json_object_get(c, "name"), "input",
                                                        json_is_object(args) ? json_copy((json_t *)args)
                                                                             : json_object()));
            }
            if (!json_array_size(blocks))   /* an empty turn is not allowed */
                json_array_append_new(blocks, json_pack("{s:s, s:s}", "type", "text", "text", "(no reply)"));
            add_turn(msgs, "assistant", blocks);
        } else if (!strcmp(role, "tool")) {
            size_t j;
            const json_t *r;
            json_array_foreach(json_object_get(m, "results"), j, r)
                json_array_append_new(blocks, json_pack("{s:s, s:O, s:O, s:b}", "type", "tool_result",
                                                        "tool_use_id", json_object_get(r, "id"),
                                                        "content", json_object_get(r, "content"),
                                                        "is_error", json_is_true(json_object_get(r, "is_error"))));
            if (json_is_string(text))
                json_array_append_new(blocks, text_block(text));
            add_turn(msgs, "user", blocks);
        } else
            json_decref(blocks);
    }
    json_t *tl = json_array();
    const json_t *t;
    json_array_foreach(tools, i, t)
        json_array_append_new(tl, json_pack("{s:O, s:O, s:O}", "name", json_object_get(t, "name"),
                                            "description", json_object_get(t, "description"),
                                            "input_schema", json_object_get(t, "parameters")));
    json_t *body = json_pack("{s:s, s:i, s:s, s:o, s:o}", "model", cfg->model ? cfg->model : "",
                             "max_tokens", cfg->max_tokens > 0 ? cfg->max_tokens : DEFAULT_MAX_TOKENS,
                             "system", system, "messages", msgs, "tools", tl);
    if (body && cfg->temperature >= 0)
        json_object_set_new(body, "temperature", json_real(cfg->temperature));
    return body;
}

static int headers(const kc_llm_cfg *cfg, char (*hdr)[512], int max)
{
    int n = 0;
    if (n < max)
        snprintf(hdr[n++], sizeof hdr[0], "anthropic-version: %s", KC_PROVIDER_ANTHROPIC_VERSION);
    if (n < max && cfg->api_key && *cfg->api_key)
        snprintf(hdr[n++], sizeof hdr[0], "x-api-key: %s", cfg->api_key);
    return n;
}

static kc_status parse(const json_t *body, json_t **message, char *stop, size_t stop_size,
                       kc_llm_usage *usage, kc_err *err)
{
    const json_t *content = json_object_get(body, "content");
    if (!json_is_array(content))
        return kc_err_set(err, KC_ERR_IO, "no content array in the response");
    const char *sr = json_string_value(json_object_get(body, "stop_reason"));
    snprintf(stop, stop_size, "%s", sr ? sr : "");
    const json_t *u = json_object_get(body, "usage");
    usage->input_tokens = (long)json_integer_value(json_object_get(u, "input_tokens"));
    usage->output_tokens = (long)json_integer_value(json_object_get(u, "output_tokens"));

    json_t *out = json_pack("{s:s}", "role", "assistant");
    json_t *tc = json_array();
    char *text = NULL;
    size_t tlen = 0, i;
    const json_t *b;
    json_array_foreach(content, i, b) {
        const char *type = json_string_value(json_object_get(b, "type"));
        if (!type)
            continue;
        if (!strcmp(type, "text")) {
            const char *s = json_string_value(json_object_get(b, "text"));
            size_t sl = s ? strlen(s) : 0;
            char *nt = realloc(text, tlen + sl + 2);
            if (!nt)
                continue;
            text = nt;
            if (tlen)
                text[tlen++] = '\n';
            memcpy(text + tlen, s ? s : "", sl);
            tlen += sl;
            text[tlen] = 0;
        } else if (!strcmp(type, "tool_use")) {
            const char *id = json_string_value(json_object_get(b, "id"));
            const char *name = json_string_value(json_object_get(b, "name"));
            json_t *call = json_pack("{s:s, s:s}", "id", id ? id : "", "name", name ? name : "");
            const json_t *in = json_object_get(b, "input");
            if (json_is_object(in))
                json_object_set(call, "arguments", (json_t *)in);
            else if (json_is_string(in))   /* a model that sent its input as text */
                kc_llm_set_arguments(call, json_string_value(in));
            else {
                char *raw = in ? json_dumps(in, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
                json_object_set_new(call, "raw_arguments", json_string(raw ? raw : ""));
                json_object_set_new(call, "arguments_error",
                                    json_string("the tool input is not a JSON object"));
                free(raw);
            }
            json_array_append_new(tc, call);
        }
    }
    if (text && tlen)
        json_object_set_new(out, "text", json_string(text));
    free(text);
    if (json_array_size(tc))
        json_object_set_new(out, "tool_calls", tc);
    else
        json_decref(tc);
    *message = out;
    return KC_OK;
}

const kc_llm_provider kc_provider_anthropic = {
    .name = "anthropic",
    .default_base_url = "https://api.anthropic.com/v1",
    .path = "/messages",
    .key_env = "ANTHROPIC_API_KEY",
    .request = request,
    .headers = headers,
    .parse = parse,
};
