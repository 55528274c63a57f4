/* kc_fake_llm.c — the scripted HTTP server of the agent tests (see kc_fake_llm.h). */
#define _GNU_SOURCE
#include "kc_fake_llm.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include <jansson.h>

struct kc_fake_llm {
    int listen_fd, port;
    _Atomic int stop;
    pthread_t thread;
    pthread_mutex_t mu;
    json_t *script;         /* expanded entries */
    size_t next;            /* next entry to play */
    size_t requests;
    char key[256];
    char problem[1024];
};

static void problem(kc_fake_llm *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(kc_fake_llm *f, const char *fmt, ...)
{
    pthread_mutex_lock(&f->mu);
    if (!f->problem[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(f->problem, sizeof f->problem, fmt, ap);
        va_end(ap);
    }
    pthread_mutex_unlock(&f->mu);
}

/* ---- script ------------------------------------------------------------------- */

static char *slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, fp)) > 0)
        fwrite(chunk, 1, n, mem);
    fclose(fp);
    fclose(mem);
    return buf;
}

/* Replaces "@name" strings anywhere inside v by the named file's text. */
static int substitute(json_t *v, const char *const *dirs, char *errbuf, size_t errsize)
{
    if (json_is_object(v)) {
        const char *k;
        json_t *x;
        json_object_foreach(v, k, x) {
            if (json_is_string(x) && json_string_value(x)[0] == '@') {
                const char *name = json_string_value(x) + 1;
                char *text = NULL;
                for (const char *const *d = dirs; d && *d && !text; d++) {
                    char path[2048];
                    snprintf(path, sizeof path, "%s/%s", *d, name);
                    text = slurp(path);
                }
                if (!text) {
                    snprintf(errbuf, errsize, "script: no file '%s' in the search directories", name);
                    return -1;
                }
                json_object_set_new(v, k, json_string(text));
                free(text);
            } else if (substitute(x, dirs, errbuf, errsize))
                return -1;
        }
    } else if (json_is_array(v)) {
        size_t i;
        json_t *x;
        json_array_foreach(v, i, x)
            if (substitute(x, dirs, errbuf, errsize))
                return -1;
    }
    return 0;
}

static json_t *load_script(const char *path, const char *const *dirs, char *errbuf, size_t errsize)
{
    FILE *fp = fopen(path, "r");
    if (!fp) {
        snprintf(errbuf, errsize, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    json_t *arr = json_array();
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0;
    while (getline(&line, &cap, fp) >= 0) {
        lineno++;
        char *p = line;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '\n' || *p == 0 || *p == '#')
            continue;
        json_error_t je;
        json_t *e = json_loads(p, 0, &je);
        if (!e || !json_is_object(e) || substitute(e, dirs, errbuf, errsize)) {
            if (!e || !json_is_object(e))
                snprintf(errbuf, errsize, "%s:%d: %s", path, lineno, e ? "not an object" : je.text);
            json_decref(e);
            json_decref(arr);
            free(line);
            fclose(fp);
            return NULL;
        }
        json_int_t rep = json_integer_value(json_object_get(e, "repeat"));
        for (json_int_t r = 0; r < (rep > 0 ? rep : 1); r++)
            json_array_append(arr, e);
        json_decref(e);
    }
    free(line);
    fclose(fp);
    return arr;
}

/* ---- HTTP ---------------------------------------------------------------------- */

typedef struct request {
    char path[256];
    char auth[512];      /* Authorization or x-api-key value */
    int has_version;
    char *body;
    size_t len;
} request;

static int read_request(int fd, request *rq)
{
    memset(rq, 0, sizeof *rq);
    size_t cap = 65536, len = 0;
    char *buf = malloc(cap);
    char *hend = NULL;
    while (!hend) {
        if (len + 1 >= cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        ssize_t n = recv(fd, buf + len, cap - len - 1, 0);
        if (n <= 0) {
            free(buf);
            return -1;
        }
        len += (size_t)n;
        buf[len] = 0;
        hend = strstr(buf, "\r\n\r\n");
    }
    size_t hlen = (size_t)(hend - buf) + 4;
    size_t clen = 0;
    char method[16] = "";
    sscanf(buf, "%15s %255s", method, rq->path);
    for (char *l = strstr(buf, "\r\n"); l && l < hend; l = strstr(l + 2, "\r\n")) {
        char *h = l + 2;
        if (!strncasecmp(h, "content-length:", 15))
            clen = strtoul(h + 15, NULL, 10);
        else if (!strncasecmp(h, "authorization:", 14) || !strncasecmp(h, "x-api-key:", 10)) {
            char *v = strchr(h, ':') + 1;
            while (*v == ' ')
                v++;
            char *e = strstr(v, "\r\n");
            snprintf(rq->auth, sizeof rq->auth, "%.*s", (int)(e - v), v);
        } else if (!strncasecmp(h, "anthropic-version:", 18))
            rq->has_version = 1;
    }
    while (len < hlen + clen) {
        if (len + 1 >= cap) {
            cap = hlen + clen + 1;
            buf = realloc(buf, cap);
        }
        ssize_t n = recv(fd, buf + len, cap - len - 1, 0);
        if (n <= 0) {
            free(buf);
            return -1;
        }
        len += (size_t)n;
    }
    rq->body = malloc(clen + 1);
    memcpy(rq->body, buf + hlen, clen);
    rq->body[clen] = 0;
    rq->len = clen;
    free(buf);
    return strcmp(method, "POST") ? -2 : 0;
}

static void send_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w <= 0)
            return;
        p += w;
        n -= (size_t)w;
    }
}

static void respond(int fd, int status, const json_t *headers, const char *body)
{
    char head[1024];
    int n = snprintf(head, sizeof head, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\n"
                     "Content-Length: %zu\r\nConnection: close\r\n", status,
                     status == 200 ? "OK" : status == 429 ? "Too Many Requests" : "Error", strlen(body));
    const char *k;
    const json_t *v;
    json_object_foreach((json_t *)headers, k, v)
        n += snprintf(head + n, sizeof head - (size_t)n, "%s: %s\r\n", k, json_string_value(v));
    n += snprintf(head + n, sizeof head - (size_t)n, "\r\n");
    send_all(fd, head, (size_t)n);
    send_all(fd, body, strlen(body));
}

static void respond_json(int fd, int status, const json_t *headers, json_t *body)
{
    char *s = json_dumps(body, JSON_COMPACT);
    respond(fd, status, headers, s ? s : "{}");
    free(s);
    json_decref(body);
}

/* ---- dialects --------------------------------------------------------------------- */

/* The tool-result texts of the request's last turn, joined (for expect_results). */
static void last_results(const json_t *req, int anthropic, char *out, size_t size)
{
    out[0] = 0;
    size_t len = 0;
    const json_t *msgs = json_object_get(req, "messages");
    size_t n = json_array_size(msgs);
    if (anthropic) {
        const json_t *last = json_array_get(msgs, n - 1);
        size_t i;
        const json_t *b;
        json_array_foreach(json_object_get(last, "content"), i, b) {
            const char *t = json_string_value(json_object_get(b, "content"));
            if (!t)
                t = json_string_value(json_object_get(b, "text"));
            if (t)
                len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s\n", t);
        }
        return;
    }
    /* OpenAI: the trailing run of tool (and user note) messages. */
    size_t first = n;
    while (first > 0) {
        const char *role = json_string_value(json_object_get(json_array_get(msgs, first - 1), "role"));
        if (!role || (strcmp(role, "tool") && strcmp(role, "user")))
            break;
        first--;
    }
    for (size_t i = first; i < n; i++) {
        const char *t = json_string_value(json_object_get(json_array_get(msgs, i), "content"));
        if (t)
            len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s\n", t);
    }
}

/* Every tool result must answer a tool call of an earlier assistant turn in the
 * same request; Anthropic turns must alternate starting with user. */
static void check_request(kc_fake_llm *f, const json_t *req, int anthropic)
{
    if (!json_is_string(json_object_get(req, "model")) || !json_array_size(json_object_get(req, "tools")) ||
        !json_is_array(json_object_get(req, "messages"))) {
        problem(f, "request lacks model, tools or messages");
        return;
    }
    if (anthropic && !json_is_string(json_object_get(req, "system")))
        problem(f, "anthropic request without a system prompt");
    json_t *ids = json_object();
    size_t i;
    const json_t *m;
    const char *prev = NULL;
    json_array_foreach(json_object_get(req, "messages"), i, m) {
        const char *role = json_string_value(json_object_get(m, "role"));
        if (!role) {
            problem(f, "message %zu has no role", i);
            continue;
        }
        if (anthropic) {
            if ((!prev && strcmp(role, "user")) || (prev && !strcmp(prev, role)))
                problem(f, "anthropic turns do not alternate at message %zu (%s after %s)", i, role,
                        prev ? prev : "start");
            prev = role;
            size_t j;
            const json_t *b;
            json_array_foreach(json_object_get(m, "content"), j, b) {
                const char *type = json_string_value(json_object_get(b, "type"));
                if (type && !strcmp(type, "tool_use"))
                    json_object_set_new(ids, json_string_value(json_object_get(b, "id")), json_true());
                if (type && !strcmp(type, "tool_result") &&
                    !json_object_get(ids, json_string_value(json_object_get(b, "tool_use_id")) ?: ""))
                    problem(f, "tool_result for unknown tool_use_id at message %zu", i);
            }
            if (!json_is_array(json_object_get(m, "content")))
                problem(f, "anthropic message %zu content is not a block list", i);
        } else {
            size_t j;
            const json_t *c;
            json_array_foreach(json_object_get(m, "tool_calls"), j, c) {
                json_object_set_new(ids, json_string_value(json_object_get(c, "id")), json_true());
                if (!json_is_string(json_object_get(json_object_get(c, "function"), "arguments")))
                    problem(f, "tool_call arguments must be a string (message %zu)", i);
            }
            if (!strcmp(role, "tool") &&
                !json_object_get(ids, json_string_value(json_object_get(m, "tool_call_id")) ?: ""))
                problem(f, "tool message for unknown tool_call_id at message %zu", i);
        }
    }
    json_decref(ids);
}

static json_t *render(const json_t *e, int anthropic, size_t turn, const char *model)
{
    const json_t *u = json_object_get(e, "usage");
    json_int_t in = json_object_get(u, "input") ? json_integer_value(json_object_get(u, "input")) : 100;
    json_int_t out = json_object_get(u, "output") ? json_integer_value(json_object_get(u, "output")) : 20;
    const json_t *text = json_object_get(e, "text");
    const json_t *calls = json_object_get(e, "tool_calls");
    char id[64];
    if (anthropic) {
        json_t *content = json_array();
        if (json_is_string(text))
            json_array_append_new(content, json_pack("{s:s, s:O}", "type", "text", "text", text));
        size_t i;
        const json_t *c;
        json_array_foreach(calls, i, c) {
            snprintf(id, sizeof id, "toolu_%zu_%zu", turn, i);
            const json_t *args = json_object_get(c, "arguments");
            json_t *input = args ? json_copy((json_t *)args) : json_copy(json_object_get(c, "raw_arguments"));
            json_array_append_new(content, json_pack("{s:s, s:s, s:O, s:o}", "type", "tool_use", "id", id,
                                                     "name", json_object_get(c, "name"), "input",
                                                     input ? input : json_object()));
        }
        return json_pack("{s:s, s:s, s:s, s:s, s:o, s:s, s:{s:I, s:I}}", "id", "msg_fake", "type", "message",
                         "role", "assistant", "model", model, "content", content, "stop_reason",
                         json_array_size(calls) ? "tool_use" : "end_turn", "usage", "input_tokens", in,
                         "output_tokens", out);
    }
    json_t *msg = json_pack("{s:s, s:O}", "role", "assistant", "content", text ? text : json_null());
    if (json_array_size(calls)) {
        json_t *tc = json_array();
        size_t i;
        const json_t *c;
        json_array_foreach(calls, i, c) {
            snprintf(id, sizeof id, "call_%zu_%zu", turn, i);
            const json_t *args = json_object_get(c, "arguments");
            char *atext = args ? json_dumps(args, JSON_COMPACT) : strdup(json_string_value(json_object_get(c, "raw_arguments")) ?: "");
            json_array_append_new(tc, json_pack("{s:s, s:s, s:{s:O, s:s}}", "id", id, "type", "function",
                                                "function", "name", json_object_get(c, "name"),
                                                "arguments", atext));
            free(atext);
        }
        json_object_set_new(msg, "tool_calls", tc);
    }
    return json_pack("{s:s, s:s, s:s, s:[{s:i, s:o, s:s}], s:{s:I, s:I, s:I}}", "id", "chatcmpl-fake",
                     "object", "chat.completion", "model", model, "choices", "index", 0, "message", msg,
                     "finish_reason", json_array_size(calls) ? "tool_calls" : "stop", "usage",
                     "prompt_tokens", in, "completion_tokens", out, "total_tokens", in + out);
}

static void serve(kc_fake_llm *f, int fd)
{
    request rq;
    int rc = read_request(fd, &rq);
    if (rc < 0) {
        if (rc == -2)
            respond(fd, 405, NULL, "{\"error\":{\"message\":\"POST only\"}}");
        free(rq.body);
        return;
    }
    int anthropic = !strcmp(rq.path, "/v1/messages");
    if (!anthropic && strcmp(rq.path, "/v1/chat/completions")) {
        respond(fd, 404, NULL, "{\"error\":{\"message\":\"no such route\"}}");
        free(rq.body);
        return;
    }
    char want[600];
    snprintf(want, sizeof want, anthropic ? "%s" : "Bearer %s", f->key);
    if (strcmp(rq.auth, want) || (anthropic && !rq.has_version)) {
        /* Echo the key as some real servers do: the client must not log it. */
        json_t *b = json_pack("{s:{s:s, s:s}}", "error", "type", "authentication_error", "message", "");
        char msg[700];
        snprintf(msg, sizeof msg, "Incorrect API key provided: %s", rq.auth);
        json_object_set_new(json_object_get(b, "error"), "message", json_string(msg));
        pthread_mutex_lock(&f->mu);
        f->requests++;   /* counted before the reply, so a client that has it sees the count */
        pthread_mutex_unlock(&f->mu);
        respond_json(fd, 401, NULL, b);
        free(rq.body);
        return;
    }
    json_t *req = json_loadb(rq.body, rq.len, 0, NULL);
    free(rq.body);
    if (!req) {
        problem(f, "request body is not JSON");
        respond(fd, 400, NULL, "{\"error\":{\"message\":\"bad json\"}}");
        return;
    }
    check_request(f, req, anthropic);
    pthread_mutex_lock(&f->mu);
    size_t turn = f->next++;
    f->requests++;
    pthread_mutex_unlock(&f->mu);
    const json_t *e = json_array_get(f->script, turn);
    if (!e) {
        problem(f, "script exhausted at request %zu", turn + 1);
        respond(fd, 500, NULL, "{\"error\":{\"message\":\"script exhausted\"}}");
        json_decref(req);
        return;
    }
    const json_t *exp = json_object_get(e, "expect_results");
    if (json_array_size(exp)) {
        char results[65536];
        last_results(req, anthropic, results, sizeof results);
        size_t i;
        const json_t *s;
        json_array_foreach(exp, i, s)
            if (!strstr(results, json_string_value(s)))
                problem(f, "request %zu: the tool results lack \"%s\"; they were: %.600s", turn + 1,
                        json_string_value(s), results);
    }
    const json_t *inreq = json_object_get(e, "expect_request");
    if (json_array_size(inreq)) {
        char *dump = json_dumps(req, JSON_COMPACT);
        size_t i;
        const json_t *s;
        json_array_foreach(inreq, i, s)
            if (!dump || !strstr(dump, json_string_value(s)))
                problem(f, "request %zu lacks \"%s\"", turn + 1, json_string_value(s));
        free(dump);
    }
    const char *model = json_string_value(json_object_get(req, "model"));
    json_int_t huge = json_integer_value(json_object_get(e, "huge_text"));
    if (huge > 0) {
        /* A reply of `huge` bytes of text: the client must stop reading it. */
        char *text = malloc((size_t)huge + 1);
        memset(text, 'x', (size_t)huge);
        text[huge] = 0;
        json_t *big = json_pack("{s:s}", "text", text);
        free(text);
        respond_json(fd, 200, NULL, render(big, anthropic, turn, model ? model : ""));
        json_decref(big);
    } else if (json_is_true(json_object_get(e, "hang"))) {
        struct pollfd p = { fd, POLLIN, 0 };
        while (!f->stop) {   /* until the client hangs up */
            char c;
            if (poll(&p, 1, 100) > 0 && recv(fd, &c, 1, 0) <= 0)
                break;
        }
    } else if (json_object_get(e, "status"))
        respond_json(fd, (int)json_integer_value(json_object_get(e, "status")), json_object_get(e, "headers"),
                     json_pack("{s:{s:s, s:s}}", "error", "type", "scripted", "message", "scripted failure"));
    else if (json_is_string(json_object_get(e, "raw")))
        respond(fd, 200, NULL, json_string_value(json_object_get(e, "raw")));
    else
        respond_json(fd, 200, NULL, render(e, anthropic, turn, model ? model : ""));
    json_decref(req);
}

static void *loop(void *ud)
{
    kc_fake_llm *f = ud;
    while (!f->stop) {
        struct pollfd p = { f->listen_fd, POLLIN, 0 };
        if (poll(&p, 1, 100) <= 0)
            continue;
        int fd = accept(f->listen_fd, NULL, NULL);
        if (fd < 0)
            continue;
        serve(f, fd);
        close(fd);
    }
    return NULL;
}

int kc_fake_llm_start(const char *script_path, const char *const *dirs, const char *key,
                      kc_fake_llm **out, char *errbuf, size_t errsize)
{
    kc_fake_llm *f = calloc(1, sizeof *f);
    pthread_mutex_init(&f->mu, NULL);
    snprintf(f->key, sizeof f->key, "%s", key);
    if (!(f->script = load_script(script_path, dirs, errbuf, errsize))) {
        free(f);
        return -1;
    }
    f->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = 0 };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t al = sizeof a;
    if (f->listen_fd < 0 || bind(f->listen_fd, (struct sockaddr *)&a, sizeof a) != 0 ||
        listen(f->listen_fd, 16) != 0 || getsockname(f->listen_fd, (struct sockaddr *)&a, &al) != 0) {
        snprintf(errbuf, errsize, "cannot listen on 127.0.0.1: %s", strerror(errno));
        json_decref(f->script);
        free(f);
        return -1;
    }
    f->port = ntohs(a.sin_port);
    if (pthread_create(&f->thread, NULL, loop, f) != 0) {
        snprintf(errbuf, errsize, "cannot start the server thread");
        close(f->listen_fd);
        json_decref(f->script);
        free(f);
        return -1;
    }
    *out = f;
    return 0;
}

int kc_fake_llm_port(const kc_fake_llm *f)
{
    return f->port;
}

size_t kc_fake_llm_requests(kc_fake_llm *f)
{
    pthread_mutex_lock(&f->mu);
    size_t n = f->requests;
    pthread_mutex_unlock(&f->mu);
    return n;
}

const char *kc_fake_llm_problem(kc_fake_llm *f)
{
    return f->problem[0] ? f->problem : NULL;
}

void kc_fake_llm_stop(kc_fake_llm *f)
{
    f->stop = 1;
    pthread_join(f->thread, NULL);
    close(f->listen_fd);
    json_decref(f->script);
    pthread_mutex_destroy(&f->mu);
    free(f);
}
