// bench_curl_loop.c: the bare single-threaded libcurl multi loop rpc-bench measures as the ceiling of a libcurl design.
#include "BenchLibcurlC.h"

#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One in-flight call: its easy handle (reused), its response body, when it started. */
typedef struct {
    CURL *easy;
    uint8_t body[256];
    size_t length;
    int overflow;
    uint64_t started_ns;
} slot;

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
    slot *s = context;
    size_t n = size * count;
    if (s->length + n > sizeof s->body) {
        s->overflow = 1;
        return n;
    }
    memcpy(s->body + s->length, data, n);
    s->length += n;
    return n;
}

/* The options ProtoHTTP sets for the same call (HTTP/1.1, no proxy, compressed responses
   accepted, its User-Agent, no "Expect: 100-continue"), set once per reused handle. */
static int configure(slot *s, const bench_curl_workload *w, struct curl_slist *headers) {
    CURL *e = s->easy;
    int bad = 0;
    bad |= curl_easy_setopt(e, CURLOPT_URL, w->url) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_HTTP_VERSION, (long)CURL_HTTP_VERSION_1_1) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_PROXY, "") != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, "") != CURLE_OK;
    if (w->user_agent) bad |= curl_easy_setopt(e, CURLOPT_USERAGENT, w->user_agent) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_POSTFIELDS, (const char *)w->body) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)w->body_length) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_WRITEDATA, s) != CURLE_OK;
    bad |= curl_easy_setopt(e, CURLOPT_PRIVATE, s) != CURLE_OK;
    return bad ? -1 : 0;
}

static const char *check(slot *s, CURLcode result) {
    long status = 0;
    if (result != CURLE_OK) return curl_easy_strerror(result);
    curl_easy_getinfo(s->easy, CURLINFO_RESPONSE_CODE, &status);
    if (status != 200) return "HTTP status is not 200";
    return NULL;
}

int bench_curl_run(const bench_curl_workload *w, bench_curl_done_fn done, void *context,
                   char *error, size_t error_capacity) {
    int n = w->concurrency;
    slot *slots = calloc((size_t)n, sizeof *slots);
    CURLM *multi = curl_multi_init();
    char content_type[256];
    snprintf(content_type, sizeof content_type, "Content-Type: %s", w->content_type);
    struct curl_slist *headers = curl_slist_append(NULL, content_type);
    if (headers) headers = curl_slist_append(headers, "Expect:");
    if (!slots || !multi || !headers) {
        snprintf(error, error_capacity, "out of memory setting up libcurl");
        free(slots);
        if (multi) curl_multi_cleanup(multi);
        curl_slist_free_all(headers);
        return -1;
    }
    curl_multi_setopt(multi, CURLMOPT_MAXCONNECTS, (long)(n > 64 ? n : 64));

    int active = 0;
    for (int i = 0; i < n; i++) {
        slots[i].easy = curl_easy_init();
        if (!slots[i].easy || configure(&slots[i], w, headers) != 0) {
            snprintf(error, error_capacity, "curl_easy_init or curl_easy_setopt failed");
            break;
        }
        slots[i].started_ns = now_ns();
        curl_multi_add_handle(multi, slots[i].easy);
        active++;
    }
    int failed = active < n;
    if (failed) {
        /* Nothing was sent yet: end the loops already added without a call. */
        for (int i = 0; i < active; i++) curl_multi_remove_handle(multi, slots[i].easy);
        active = 0;
    }

    while (active > 0) {
        int running = 0;
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        int left = 0;
        while ((message = curl_multi_info_read(multi, &left))) {
            if (message->msg != CURLMSG_DONE) continue;
            slot *s = NULL;
            curl_easy_getinfo(message->easy_handle, CURLINFO_PRIVATE, (char **)&s);
            const char *problem = check(s, message->data.result);
            if (!problem && (s->overflow || s->length != w->expected_length
                             || memcmp(s->body, w->expected, s->length) != 0))
                problem = "unexpected response body";
            curl_multi_remove_handle(multi, s->easy);
            int more = done(context, s->started_ns, problem) && !problem;
            if (more) {
                s->length = 0;
                s->overflow = 0;
                s->started_ns = now_ns();
                curl_multi_add_handle(multi, s->easy);
            } else {
                active--;
            }
        }
        if (active > 0) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }

    for (int i = 0; i < n; i++)
        if (slots[i].easy) curl_easy_cleanup(slots[i].easy);
    curl_multi_cleanup(multi);
    curl_slist_free_all(headers);
    free(slots);
    return failed ? -1 : 0;
}

unsigned int bench_curl_version_num(void) {
    const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    return info ? info->version_num : 0;
}

const char *bench_curl_version(void) {
    const curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    return info && info->version ? info->version : "?";
}
