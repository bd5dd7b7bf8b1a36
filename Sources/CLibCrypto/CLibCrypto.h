// CLibCrypto.h: OpenSSL's libcrypto message digests (EVP_Digest*), for the SHA-256 check of downloads.
//
// The EVP digest functions are not variadic, so Swift calls them directly; nothing is wrapped
// and no logic lives here. libcurl4-openssl already loads this libcrypto into the process.
#ifndef CLIBCRYPTO_H
#define CLIBCRYPTO_H

#include <openssl/evp.h>

#endif
