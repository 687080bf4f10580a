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

CURLcode cove_curl_getinfo_offset(CURL *handle, CURLINFO info, long long *value);
CURLcode cove_curl_getinfo_string(CURL *handle, CURLINFO info, const char **value);

/// What the workers of one download share: bytes written this run (progress), a cap on them, and the stop flag
/// the write callback checks between chunks (pause, cancel, quit). Read and written atomically from any thread.
typedef struct {
    long long bytes;
    long long limit;
    int stop;
} CoveDownloadShared;

long long cove_download_shared_bytes(CoveDownloadShared *shared);
void cove_download_shared_stop(CoveDownloadShared *shared);
int cove_download_shared_stopped(CoveDownloadShared *shared);

/// One file transfer into an open descriptor. `offset` is where the .part file ends (the Range asked for); a 200
/// answer to a range request truncates the file and starts over (`restarted`). `limit` caps the whole file.
typedef struct {
    int fd;
    long long offset;
    long long written;
    long long limit;
    int over_limit;
    int restarted;
    int write_failed;
    /// errno of the failed write (ENOSPC: the disk is full), kept before curl's own calls can change it.
    int write_errno;
    int started;
    CoveDownloadShared *shared;
    CURL *curl_handle_for_status;
    char error[CURL_ERROR_SIZE];
} CoveCurlFile;

/// Points the handle's write callback and error buffer at `file`.
void cove_curl_write_to_file(CURL *handle, CoveCurlFile *file);
#endif
