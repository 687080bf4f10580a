#include "cove_curl.h"
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

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

CURLcode cove_curl_getinfo_offset(CURL *handle, CURLINFO info, long long *value) {
    curl_off_t offset = -1;
    CURLcode code = curl_easy_getinfo(handle, info, &offset);
    *value = (long long)offset;
    return code;
}
CURLcode cove_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

long long cove_download_shared_bytes(CoveDownloadShared *shared) {
    return __atomic_load_n(&shared->bytes, __ATOMIC_RELAXED);
}
void cove_download_shared_stop(CoveDownloadShared *shared) {
    __atomic_store_n(&shared->stop, 1, __ATOMIC_RELAXED);
}
int cove_download_shared_stopped(CoveDownloadShared *shared) {
    return __atomic_load_n(&shared->stop, __ATOMIC_RELAXED);
}

static size_t write_file(char *chunk, size_t size, size_t count, void *user) {
    CoveCurlFile *file = user;
    size_t bytes = size * count;
    // Returning anything but `bytes` makes curl stop with CURLE_WRITE_ERROR: the pause/cancel point.
    if (file->shared && __atomic_load_n(&file->shared->stop, __ATOMIC_RELAXED)) return 0;
    if (!file->started) {
        file->started = 1;
        long status = 0;
        curl_easy_getinfo(file->curl_handle_for_status, CURLINFO_RESPONSE_CODE, &status);
        if (file->offset > 0 && status == 200) {
            // The server ignored the range: the whole file comes again, so what the .part held goes.
            if (ftruncate(file->fd, 0) != 0 || lseek(file->fd, 0, SEEK_SET) != 0) {
                file->write_errno = errno;
                file->write_failed = 1;
                return 0;
            }
            file->offset = 0;
            file->restarted = 1;
        }
    }
    if (file->offset + file->written + (long long)bytes > file->limit) { file->over_limit = 1; return 0; }
    if (file->shared) {
        long long total = __atomic_add_fetch(&file->shared->bytes, (long long)bytes, __ATOMIC_RELAXED);
        if (file->shared->limit > 0 && total > file->shared->limit) { file->over_limit = 1; return 0; }
    }
    size_t done = 0;
    while (done < bytes) {
        ssize_t wrote = write(file->fd, chunk + done, bytes - done);
        if (wrote < 0) {
            if (errno == EINTR) continue;
            file->write_errno = errno;
            file->write_failed = 1;
            return 0;
        }
        done += (size_t)wrote;
    }
    file->written += (long long)bytes;
    return bytes;
}

void cove_curl_write_to_file(CURL *handle, CoveCurlFile *file) {
    file->curl_handle_for_status = handle;
    curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, write_file);
    curl_easy_setopt(handle, CURLOPT_WRITEDATA, file);
    curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, file->error);
}
