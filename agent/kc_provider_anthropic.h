/* kc_provider_anthropic.h — the Anthropic messages API with tool use:
 * POST {base}/messages with x-api-key and anthropic-version headers. */
#ifndef KC_PROVIDER_ANTHROPIC_H
#define KC_PROVIDER_ANTHROPIC_H

#include "kc_llm.h"

#define KC_PROVIDER_ANTHROPIC_VERSION "2023-06-01"

extern const kc_llm_provider kc_provider_anthropic;

#endif
