// OpenSSL's libcrypto, for the emulator only: AES-128-CBC encryption of HLS segments and the HMAC of expiring
// media addresses. The player never links it (libcurl brings its own TLS).
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
