#include "include/cove_crypto.h"
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdlib.h>
#include <string.h>

static EVP_PKEY *make_key(void) {
    EVP_PKEY *key = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_id(EVP_PKEY_EC, NULL);
    if (context != NULL && EVP_PKEY_keygen_init(context) > 0
        && EVP_PKEY_CTX_set_ec_paramgen_curve_nid(context, NID_X9_62_prime256v1) > 0) {
        EVP_PKEY_keygen(context, &key);
    }
    EVP_PKEY_CTX_free(context);
    return key;
}

static char *pem_text(X509 *certificate, EVP_PKEY *key) {
    BIO *bio = BIO_new(BIO_s_mem());
    if (bio == NULL) return NULL;
    char *text = NULL;
    if (PEM_write_bio_X509(bio, certificate) && PEM_write_bio_PrivateKey(bio, key, NULL, NULL, 0, NULL, NULL)) {
        char *data = NULL;
        long length = BIO_get_mem_data(bio, &data);
        text = malloc((size_t)length + 1);
        if (text != NULL) {
            memcpy(text, data, (size_t)length);
            text[length] = '\0';
        }
    }
    BIO_free(bio);
    return text;
}

char *cove_self_signed_pem(const char *common_name) {
    EVP_PKEY *key = make_key();
    X509 *certificate = X509_new();
    char *text = NULL;
    if (key != NULL && certificate != NULL) {
        X509_set_version(certificate, 2);
        ASN1_INTEGER_set(X509_get_serialNumber(certificate), 1);
        X509_gmtime_adj(X509_getm_notBefore(certificate), -3600);
        X509_gmtime_adj(X509_getm_notAfter(certificate), 86400);
        X509_set_pubkey(certificate, key);
        X509_NAME *name = X509_get_subject_name(certificate);
        X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, (const unsigned char *)common_name, -1, -1, 0);
        X509_set_issuer_name(certificate, name);
        if (X509_sign(certificate, key, EVP_sha256()) > 0) text = pem_text(certificate, key);
    }
    X509_free(certificate);
    EVP_PKEY_free(key);
    return text;
}
