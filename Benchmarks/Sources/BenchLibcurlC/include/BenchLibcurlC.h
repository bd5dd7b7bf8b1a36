// BenchLibcurlC.h: the bare libcurl client of rpc-bench (`client=libcurl-c`): one thread, one multi handle, no Swift.
#ifndef BENCH_LIBCURL_C_H
#define BENCH_LIBCURL_C_H

#include <stddef.h>
#include <stdint.h>

/// Called on the loop's thread after every finished call: `started_ns` is when the call was
/// added (CLOCK_MONOTONIC), `error` is NULL for a call that got status 200 and the expected
/// body, else what went wrong. Returns nonzero for "make the next call on this connection".
typedef int (*bench_curl_done_fn)(void *context, uint64_t started_ns, const char *error);

/// The request every loop sends and the body it expects back.
typedef struct {
    const char *url;
    const char *content_type;   ///< e.g. "application/x-protobuf"
    const char *user_agent;     ///< the same User-Agent ProtoHTTP sends (NULL: none)
    const uint8_t *body;
    size_t body_length;
    const uint8_t *expected;
    size_t expected_length;
    int concurrency;            ///< easy handles kept in flight, each reused for its next call
} bench_curl_workload;

/// Runs `workload.concurrency` closed loops on the calling thread, over one curl multi handle
/// (curl_multi_perform + curl_multi_poll), until `done` has returned 0 for every loop.
/// Returns 0, or -1 with a message in `error` (NUL-terminated, at most `error_capacity` bytes)
/// if libcurl could not be set up.
int bench_curl_run(const bench_curl_workload *workload, bench_curl_done_fn done, void *context,
                   char *error, size_t error_capacity);

/* libcurl's version as a number (0xXXYYZZ) and as text, from curl_version_info. */
unsigned int bench_curl_version_num(void);
const char *bench_curl_version(void);

#endif
