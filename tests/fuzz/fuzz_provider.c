/* fuzz_provider — one provider's response parser (FUZZ_PROVIDER names it) on
 * arbitrary response bodies: no crash, no leak, and a parsed reply is a message
 * in the agent's provider-neutral form. */
#include "fuzz_util.h"

#include <jansson.h>

#include "kc_provider_anthropic.h"
#include "kc_provider_openai.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_t *body = json_loadb((const char *)data, size, 0, NULL);
    if (!body)
        return 0;
    json_t *msg = NULL;
    char stop[64];
    kc_llm_usage usage;
    memset(&usage, 0, sizeof usage);
    kc_err err;
    kc_err_clear(&err);
    if (FUZZ_PROVIDER.parse(body, &msg, stop, sizeof stop, &usage, &err) == KC_OK) {
        FUZZ_CHECK(json_is_object(msg), "no message");
        const json_t *calls = json_object_get(msg, "tool_calls");
        size_t i;
        const json_t *c;
        json_array_foreach(calls, i, c)
            FUZZ_CHECK(json_is_string(json_object_get(c, "id")) && json_is_string(json_object_get(c, "name")),
                       "tool call %zu lacks an id or a name", i);
        char *dump = json_dumps(msg, JSON_COMPACT);   /* what the transcript would write */
        FUZZ_CHECK(dump != NULL, "message cannot be serialised");
        free(dump);
    } else {
        FUZZ_CHECK(err.text[0], "error without a message");
    }
    json_decref(msg);
    json_decref(body);
    return 0;
}
