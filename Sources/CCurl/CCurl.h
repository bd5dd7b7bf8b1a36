// CCurl.h: typed, non-variadic wrappers over libcurl's variadic setopt/getinfo calls, for Swift.
//
// Swift cannot call C variadic functions such as curl_easy_setopt, so each wrapper below
// fixes one argument type. No logic lives here: every function is a single forwarding call.
#ifndef CCURL_H
#define CCURL_H

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION callbacks.
typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *context);

/// The signature of CURLOPT_XFERINFOFUNCTION callbacks (transfer progress; a non-zero return aborts).
typedef int (*ccurl_xferinfo_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow,
                                       curl_off_t ultotal, curl_off_t ulnow);

/// curl_global_init's default flags (a macro expression Swift cannot import).
static const long CCURL_GLOBAL_DEFAULT = CURL_GLOBAL_DEFAULT;

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

/// CURLOPT_MIMEPOST: the multipart body built with curl_mime_init/curl_mime_addpart (the
/// curl_mime_* functions are not variadic, so Swift calls them directly).
static inline CURLcode ccurl_easy_setopt_mime(CURL *handle, CURLoption option, curl_mime *value) {
    return curl_easy_setopt(handle, option, value);
}

/// curl_mime_data with a byte pointer, so Swift passes [UInt8] storage without a CChar cast
/// (curl copies the bytes before returning).
static inline CURLcode ccurl_mime_data_bytes(curl_mimepart *part, const unsigned char *data, size_t size) {
    return curl_mime_data(part, (const char *)data, size);
}

static inline CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, ccurl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

// CURLOPT_READFUNCTION: a streaming request's body, pulled as libcurl sends (same signature as a write callback).
static inline CURLcode ccurl_easy_setopt_read_callback(CURL *handle, CURLoption option, ccurl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/// The pause bits of curl_easy_pause (macro expressions Swift cannot import).
static const int CCURL_PAUSE_RECV = CURLPAUSE_RECV;
static const int CCURL_PAUSE_SEND = CURLPAUSE_SEND;

// CURLOPT_XFERINFOFUNCTION: installed by CurlTransfer only for requests that ask for progress.
// Every shim here has a Swift caller; delete any that loses its last.
static inline CURLcode ccurl_easy_setopt_xferinfo_callback(CURL *handle, CURLoption option, ccurl_xferinfo_callback value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

#endif
