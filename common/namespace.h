/* SPDX-License-Identifier: CC0-1.0 */
/* Names inside an implementation, SUPERCOP's CRYPTO_NAMESPACE pattern. Every
   source of implementation X is compiled with -DPOLY1305AES_IMPL=poly1305aes_X
   and -DPOLY1305AES_HEADER='"poly1305aes_X.h"' (generated from
   common/impl.h.in), which maps the API's names (poly1305aes_authenticate,
   poly1305aes_path_name, ...) onto X's. A name an implementation shares
   between its own files is mapped once, in its internal header:
     #define auth_x64 CRYPTO_NAMESPACE(auth_x64)     (-> poly1305aes_X_auth_x64)
   and every definition and call writes the plain name, in C and in
   preprocessed assembly alike, so X's objects link beside every other's. */
#ifndef poly1305aes_namespace_H
#define poly1305aes_namespace_H

#if !defined(POLY1305AES_IMPL) || !defined(POLY1305AES_HEADER)
#error "compile implementation sources with -DPOLY1305AES_IMPL=poly1305aes_<name> -DPOLY1305AES_HEADER=..."
#endif
#define POLY1305AES_PASTE(a, b) a##_##b
#define POLY1305AES_NAME(a, b) POLY1305AES_PASTE(a, b)
#define CRYPTO_NAMESPACE(name) POLY1305AES_NAME(POLY1305AES_IMPL, name)

#include POLY1305AES_HEADER

#endif
