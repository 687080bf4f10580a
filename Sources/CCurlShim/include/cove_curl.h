#ifndef COVE_CURL_H
#define COVE_CURL_H
// Typed stand-ins for libcurl's variadic curl_easy_setopt/getinfo, and a capped response buffer.
#include <curl/curl.h>
#include <stddef.h>

CURLcode cove_curl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode cove_curl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode cove_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
CURLcode cove_curl_getinfo_long(CURL *handle, CURLINFO info, long *value);

typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
    size_t limit;       // refuse bodies larger than this
    int over_limit;     // set when the limit stopped the transfer
    char error[CURL_ERROR_SIZE];  // must outlive curl_easy_perform
} CoveCurlBody;

/// Points the handle's write callback and error buffer at `body`; a body over `limit` bytes aborts the transfer.
void cove_curl_capture_body(CURL *handle, CoveCurlBody *body, size_t limit);
void cove_curl_body_free(CoveCurlBody *body);
#endif
