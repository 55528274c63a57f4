/* kc_fake_llm.h — a scripted language-model server for the agent tests: real
 * HTTP/1.1 on 127.0.0.1 (an ephemeral port), in a thread of the test process.
 *
 * It speaks both dialects: POST /v1/chat/completions (OpenAI: Authorization:
 * Bearer KEY) and POST /v1/messages (Anthropic: x-api-key, anthropic-version).
 * Each request is answered with the next entry of a script (JSONL, one object
 * per line):
 *
 *   {"text": "...", "tool_calls": [{"name": "write_code",
 *        "arguments": {"path": "kernel.s", "code": "@relu_ok.s"}}],  a model turn;
 *        "@name" strings are replaced by that file's text (searched in dirs)
 *    "raw_arguments": "{\"path\": "}                                   instead of
 *        arguments: argument text that is not a JSON object
 *    "usage": {"input": 120, "output": 30}                            default 100 / 20
 *    "expect_results": ["error:", ...]}  the request must carry tool results
 *        (or a user note) containing each string, else a problem is recorded
 *    "expect_request": ["..."]}  the request body (JSON text) must contain each
 *        string anywhere (e.g. an early turn's result after a resume)
 *   {"huge_text": N}                                   a 200 reply of N bytes of text
 *   {"status": 429, "headers": {"Retry-After": "1"}}   an error reply
 *   {"raw": "not json"}                                a 200 with this body
 *   {"hang": true}                                     no reply until the client goes away
 *   "repeat": N on any entry plays it N times.
 *
 * Every request is also checked: valid JSON with model, messages and tools, the
 * right key (a wrong one gets a 401 that echoes it, as some servers do), each
 * tool result answering a tool call of the same request, and for Anthropic
 * strictly alternating user/assistant turns. The first violation is kept as the
 * server's "problem".
 */
#ifndef KC_FAKE_LLM_H
#define KC_FAKE_LLM_H

#include <stddef.h>

typedef struct kc_fake_llm kc_fake_llm;

/* dirs: NULL-terminated directories for "@name" files. Returns 0 on success,
 * else -1 with a message in errbuf. */
int kc_fake_llm_start(const char *script_path, const char *const *dirs, const char *key,
                      kc_fake_llm **out, char *errbuf, size_t errsize);
int kc_fake_llm_port(const kc_fake_llm *f);
size_t kc_fake_llm_requests(kc_fake_llm *f);       /* requests answered so far */
const char *kc_fake_llm_problem(kc_fake_llm *f);   /* first violation, NULL = none */
void kc_fake_llm_stop(kc_fake_llm *f);

#endif
