/* kc_provider_openai.c — neutral conversation <-> chat-completions bodies.
 *
 * Request: {"model", "messages":[system, user, assistant(tool_calls), tool...],
 * "tools":[{"type":"function","function":{name, description, parameters}}],
 * "tool_choice":"auto"}. Tool-call arguments travel as the JSON text the model
 * produced (some local servers return an object instead; both are read). */
#include "kc_provider_openai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static json_t *assistant_msg(const json_t *m)
{
    json_t *o = json_pack("{s:s}", "role", "assistant");
    const json_t *text = json_object_get(m, "text");
    json_object_set_new(o, "content", json_is_string(text) ? json_copy((json_t *)text) : json_null());
    const json_t *calls = json_object_get(m, "tool_calls");
    if (json_array_size(calls)) {
        json_t *tc = json_array();
        size_t i;
        const json_t *c;
        json_array_foreach(calls, i, c) {
            char *args = kc_llm_arguments_text(c);
            json_array_append_new(tc, json_pack("{s:O, s:s, s:{s:O, s:s}}", "id",
                                                json_object_get(c, "id"), "type", "function",
                                                "function", "name", json_object_get(c, "name"),
                                                "arguments", args ? args : "{}"));
            free(args);
        }
        json_object_set_new(o, "tool_calls", tc);
    }
    return o;
}

static json_t *request(const kc_llm_cfg *cfg, const char *system, const json_t *messages,
                       const json_t *tools)
{
    json_t *msgs = json_array();
    json_array_append_new(msgs, json_pack("{s:s, s:s}", "role", "system", "content", system));
    size_t i;
    const json_t *m;
    json_array_foreach(messages, i, m) {
        const char *role = json_string_value(json_object_get(m, "role"));
        const json_t *text = json_object_get(m, "text");
        if (!role)
            continue;
        if (!strcmp(role, "user"))
            json_array_append_new(msgs, json_pack("{s:s, s:O}", "role", "user", "content", text));
        else if (!strcmp(role, "assistant"))
            json_array_append_new(msgs, assistant_msg(m));
        else if (!strcmp(role, "tool")) {
            size_t j;
            const json_t *r;
            json_array_foreach(json_object_get(m, "results"), j, r)
                json_array_append_new(msgs, json_pack("{s:s, s:O, s:O}", "role", "tool",
                                                      "tool_call_id", json_object_get(r, "id"),
                                                      "content", json_object_get(r, "content")));
            if (json_is_string(text))
                json_array_append_new(msgs, json_pack("{s:s, s:O}", "role", "user", "content", text));
        }
    }
    json_t *tl = json_array();
    const json_t *t;
    json_array_foreach(tools, i, t)
        json_array_append_new(tl, json_pack("{s:s, s:{s:O, s:O, s:O}}", "type", "function",
                                            "function", "name", json_object_get(t, "name"),
                                            "description", json_object_get(t, "description"),
                                            "parameters", json_object_get(t, "parameters")));
    json_t *body = json_pack("{s:s, s:o, s:o, s:s}", "model", cfg->model ? cfg->model : "",
                             "messages", msgs, "tools", tl, "tool_choice", "auto");
    if (body && cfg->max_tokens > 0)
        json_object_set_new(body, "max_tokens", json_integer(cfg->max_tokens));
    if (body && cfg->temperature >= 0)
        json_object_set_new(body, "temperature", json_real(cfg->temperature));
    return body;
}

static int headers(const kc_llm_cfg *cfg, char (*hdr)[512], int max)
{
    if (max < 1 || !cfg->api_key || !*cfg->api_key)
        return 0;   /* local servers (Ollama, llama.cpp) need no key */
    snprintf(hdr[0], sizeof hdr[0], "Authorization: Bearer %s", cfg->api_key);
    return 1;
}

static kc_status parse(const json_t *body, json_t **message, char *stop, size_t stop_size,
                       kc_llm_usage *usage, kc_err *err)
{
    const json_t *choice = json_array_get(json_object_get(body, "choices"), 0);
    const json_t *msg = json_object_get(choice, "message");
    if (!json_is_object(msg))
        return kc_err_set(err, KC_ERR_IO, "no choices[0].message in the response");
    const char *fr = json_string_value(json_object_get(choice, "finish_reason"));
    snprintf(stop, stop_size, "%s", fr ? fr : "");
    const json_t *u = json_object_get(body, "usage");
    usage->input_tokens = (long)json_integer_value(json_object_get(u, "prompt_tokens"));
    usage->output_tokens = (long)json_integer_value(json_object_get(u, "completion_tokens"));

    json_t *out = json_pack("{s:s}", "role", "assistant");
    const json_t *content = json_object_get(msg, "content");
    if (json_is_string(content) && json_string_length(content))
        json_object_set(out, "text", (json_t *)content);
    const json_t *calls = json_object_get(msg, "tool_calls");
    if (json_array_size(calls)) {
        json_t *tc = json_array();
        size_t i;
        const json_t *c;
        json_array_foreach(calls, i, c) {
            const json_t *fn = json_object_get(c, "function");
            const char *id = json_string_value(json_object_get(c, "id"));
            const char *name = json_string_value(json_object_get(fn, "name"));
            char idbuf[32];
            if (!id) {   /* some servers omit ids; the conversation still needs them */
                snprintf(idbuf, sizeof idbuf, "call_%zu", i);
                id = idbuf;
            }
            json_t *call = json_pack("{s:s, s:s}", "id", id, "name", name ? name : "");
            const json_t *args = json_object_get(fn, "arguments");
            if (json_is_object(args))
                json_object_set(call, "arguments", (json_t *)args);
            else
                kc_llm_set_arguments(call, json_string_value(args));
            json_array_append_new(tc, call);
        }
        json_object_set_new(out, "tool_calls", tc);
    }
    *message = out;
    return KC_OK;
}

const kc_llm_provider kc_provider_openai = {
    .name = "openai",
    .default_base_url = "https://api.openai.com/v1",
    .path = "/chat/completions",
    .key_env = "OPENAI_API_KEY",
    .request = request,
    .headers = headers,
    .parse = parse,
};
