/* kc_provider_openai.h — OpenAI-compatible chat completions with function calling
 * (api.openai.com, vLLM, llama.cpp server, Ollama, ...): POST {base}/chat/completions. */
#ifndef KC_PROVIDER_OPENAI_H
#define KC_PROVIDER_OPENAI_H

#include "kc_llm.h"

extern const kc_llm_provider kc_provider_openai;

#endif
