#ifndef COVE_CRYPTO_H
#define COVE_CRYPTO_H

/* A throwaway self-signed certificate and its key (P-256, a day's validity), as one malloc'd PEM text (to free()),
   for the emulator's TLS services on loopback; NULL if libcrypto failed. */
char *cove_self_signed_pem(const char *common_name);

#endif
