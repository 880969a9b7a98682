/* Names inside an implementation: the build compiles every source of
   implementation X with -DPOLY1305AES_IMPL=poly1305aes_X and
   -DPOLY1305AES_HEADER='"poly1305aes_X.h"'. SYMBOL(name) is then
   poly1305aes_X_name, in C and in preprocessed assembly alike, and C sources
   see X's generated header, so each definition is checked against it. */
#ifndef poly1305aes_symbol_H
#define poly1305aes_symbol_H

#if !defined(POLY1305AES_IMPL) || !defined(POLY1305AES_HEADER)
#error "compile implementation sources with -DPOLY1305AES_IMPL=poly1305aes_<name> -DPOLY1305AES_HEADER=..."
#endif
#define POLY1305AES_PASTE(a, b) a##_##b
#define POLY1305AES_NAME(a, b) POLY1305AES_PASTE(a, b)
#define SYMBOL(name) POLY1305AES_NAME(POLY1305AES_IMPL, name)

#ifndef __ASSEMBLER__
#include POLY1305AES_HEADER
#endif

#endif
