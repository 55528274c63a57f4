/* kc_transcript.h — JSONL files: the run transcript and the sweep's record file.
 *
 * A transcript is one JSON object per line, {"type": ..., "t": seconds since the
 * run started, "time": Unix time, ...}, appended with one write() per line so a
 * crash leaves at most a torn last line (skipped when reading). The agent writes
 * every request, response, retry, message, tool call and result to it; resuming
 * replays it (kc_agent.c). Nothing secret is ever passed in: providers keep keys
 * in HTTP headers, which are not logged.
 */
#ifndef KC_TRANSCRIPT_H
#define KC_TRANSCRIPT_H

#include <stddef.h>

#include <jansson.h>

#include "kc_err.h"

typedef struct kc_transcript kc_transcript;

/* Opens (creating or appending to) path. t0 is the run's start on the monotonic
 * clock (kc_transcript_now); "t" fields count from it. */
kc_status kc_transcript_open(const char *path, double t0, kc_transcript **out, kc_err *err);
/* The same on a descriptor opened for appending (the agent opens its files
 * beneath the run directory, kc_ws.h); the transcript owns fd, also on error.
 * name is for messages. */
kc_status kc_transcript_open_fd(int fd, const char *name, double t0, kc_transcript **out, kc_err *err);
void kc_transcript_close(kc_transcript *t);

/* Appends {"type": type, "t", "time", ...fields}; fields is stolen (may be NULL). */
kc_status kc_transcript_event(kc_transcript *t, const char *type, json_t *fields, kc_err *err);

/* Every complete line of path as a JSON array (new reference); *torn counts lines
 * that did not parse. A missing file is an error (KC_ERR_IO). */
kc_status kc_transcript_load(const char *path, json_t **events, size_t *torn, kc_err *err);

/* The same from a descriptor open for reading; fd is closed. */
kc_status kc_transcript_load_fd(int fd, const char *name, json_t **events, size_t *torn, kc_err *err);

/* Appends obj as one line to path with O_APPEND and a single write(), so several
 * processes can share the file without interleaving. */
kc_status kc_transcript_append(const char *path, const json_t *obj, kc_err *err);

/* Monotonic seconds. */
double kc_transcript_now(void);

#endif
