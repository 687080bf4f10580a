#include "cove_curl.h"
#include <stdlib.h>
#include <string.h>

CURLcode cove_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode cove_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode cove_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
CURLcode cove_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

static size_t write_body(char *chunk, size_t size, size_t count, void *user) {
    CoveCurlBody *body = user;
    size_t bytes = size * count;
    if (body->length + bytes > body->limit) {
        body->over_limit = 1;
        return 0;  // makes curl stop with CURLE_WRITE_ERROR
    }
    if (body->length + bytes > body->capacity) {
        size_t capacity = body->capacity ? body->capacity : 16384;
        while (capacity < body->length + bytes) capacity *= 2;
        unsigned char *grown = realloc(body->data, capacity);
        if (grown == NULL) return 0;
        body->data = grown;
        body->capacity = capacity;
    }
    memcpy(body->data + body->length, chunk, bytes);
    body->length += bytes;
    return bytes;
}

void cove_curl_capture_body(CURL *handle, CoveCurlBody *body, size_t limit) {
    memset(body, 0, sizeof *body);
    body->limit = limit;
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, body);
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, body->error);
}

void cove_curl_body_free(CoveCurlBody *body) {
    free(body->data);
    body->data = NULL;
    body->length = body->capacity = 0;
}
