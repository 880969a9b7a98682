/* SPDX-License-Identifier: CC0-1.0 */
/* ppc/abi.h: the flavour layer of poly1305aes_ppc.S, for 32-bit big-endian
   PowerPC. Picks the flavour from the compiler's predefined macros and refuses
   anything else:
     aix    XCOFF, AIX ABI (r2 = TOC, r13 reserved); the API function and its
            descriptor come from ppc/aix_entry.c, which calls the code entry
            .ppc_authenticate here (the assembler LLVM 14 offers for
            XCOFF has no .csect, so no descriptor or TOC entry is written here)
     macos  Mach-O, Darwin ABI: entry _poly1305aes_authenticate
     linux  ELF, SysV ABI (r2 = thread pointer, r13 = small data): entry
            poly1305aes_authenticate; only for testing under qemu-ppc
   The instructions are the same in every flavour: the code never touches r2
   or r13, saves r14-r31 and f14-f31 (so r13-r31 survive, as AIX and Darwin
   want, and r14-r31 as SysV wants), leaves CR2-CR4 alone, of the special
   registers changes only CTR and XER (volatile in all three ABIs; LR and
   FPSCR it restores), keeps its own frame (it calls nothing outside) and
   reaches its tables PC-relatively, so only names and directives differ
   below. Every macro expands to at most one statement: Darwin's assembler
   separates statements with '@', the others with ';', so none is used.
   ppc/ holds the code aix, macos and ppcct list (../ppc/...): a directory
   without description files, as none of them owns the code and the
   selector, which reads only poly1305aes_* directories, must not see it. */
#ifndef poly1305aes_ppc_abi_H
#define poly1305aes_ppc_abi_H

#if !defined(__powerpc__) && !defined(__ppc__) && !defined(_ARCH_PPC)
#error "ppc/abi.h: this code is for 32-bit PowerPC"
#endif
#if defined(__powerpc64__) || defined(__ppc64__) || defined(__64BIT__)
#error "ppc/abi.h: this code is for 32-bit PowerPC programs (not -m64, not -maix64)"
#endif
#if defined(__LITTLE_ENDIAN__) || (defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_BIG_ENDIAN__)
#error "ppc/abi.h: this code is for big-endian PowerPC"
#endif

/* the AIX code entry, which ppc/aix_entry.c calls */
#define ppc_authenticate CRYPTO_NAMESPACE(ppc_authenticate)

#define PPC_PASTE_(a, b) a##b
#define PPC_PASTE(a, b) PPC_PASTE_(a, b)

#if defined(_AIX)
#define PPC_FLAVOUR_AIX 1
#define PPC_ENTRY PPC_DOT(ppc_authenticate)
/* the core's code entries .poly1305aes_aix_ppc_<x>, called by ppc/aix_entry.c */
#define PPC_CORE(x) PPC_DOT(CRYPTO_NAMESPACE(PPC_PASTE(ppc_, x)))
#define PPC_DOT(x) .x
#define PPC_TEXT
#define PPC_GLOBAL(x) .globl x
/* 2^n bytes: IBM's as reads .align as a power of two, LLVM 14's XCOFF parser as bytes */
#if defined(__clang__)
#define PPC_ALIGN(n) .p2align n
#else
#define PPC_ALIGN(n) .align n
#endif
#define PPC_FUNCTION(x)
#define PPC_SIZE(x)
#define PPC_LOCAL(x) PPC_PASTE(L_, x)
#define PPC_SUBROUTINE(x) PPC_LOCAL(CRYPTO_NAMESPACE(x))
#define PPC_NOTE_STACK

#elif defined(__APPLE__) && defined(__MACH__)
#define PPC_FLAVOUR_MACOS 1
#define PPC_ENTRY PPC_PASTE(_, poly1305aes_authenticate)
#define PPC_CORE(x) PPC_PASTE(_, CRYPTO_NAMESPACE(x))
#define PPC_TEXT .text
#define PPC_GLOBAL(x) .globl x
#define PPC_ALIGN(n) .align n
#define PPC_FUNCTION(x)
#define PPC_SIZE(x)
#define PPC_LOCAL(x) PPC_PASTE(L_, x)
#define PPC_SUBROUTINE(x) PPC_LOCAL(CRYPTO_NAMESPACE(x))
#define PPC_NOTE_STACK

#elif defined(__ELF__) && defined(__linux__)
#define PPC_FLAVOUR_LINUX 1
/* poly1305aes_ppcct computes AES itself and enters with s (ppc_tag) */
#if defined(POLY1305AES_PPC_AES_BY_CALLER)
#define PPC_ENTRY CRYPTO_NAMESPACE(ppc_tag)
#else
#define PPC_ENTRY poly1305aes_authenticate
#endif
#define PPC_CORE(x) CRYPTO_NAMESPACE(x)
#define PPC_TEXT .text
#define PPC_GLOBAL(x) .globl x
#define PPC_ALIGN(n) .p2align n
/* function symbols, also on the internal subroutines: qemu and speed/count.py
   attribute instructions to them */
#define PPC_FUNCTION(x) .type x, @function
#define PPC_SIZE(x) .size x, . - x
#define PPC_LOCAL(x) PPC_PASTE(.L_, x)
#define PPC_SUBROUTINE(x) CRYPTO_NAMESPACE(x)
#define PPC_NOTE_STACK .section .note.GNU-stack, "", @progbits

#else
#error "ppc/abi.h: unknown flavour: need AIX (XCOFF), Mac OS X (Mach-O) or Linux (ELF, for tests)"
#endif

/* which flavours an implementation directory accepts (its cflags say) */
#if defined(POLY1305AES_PPC_FOR_AIX) && !defined(PPC_FLAVOUR_AIX) && !defined(PPC_FLAVOUR_LINUX)
#error "poly1305aes_aix runs on AIX (or Linux, for tests)"
#endif
#if defined(POLY1305AES_PPC_FOR_MACOS) && !defined(PPC_FLAVOUR_MACOS) && !defined(PPC_FLAVOUR_LINUX)
#error "poly1305aes_macos runs on Mac OS X (or Linux, for tests)"
#endif
#if defined(POLY1305AES_PPC_AES_BY_CALLER) && !defined(PPC_FLAVOUR_LINUX)
#error "poly1305aes_ppcct runs on Linux (AT_HWCAP says whether the CPU has AltiVec)"
#endif
#if !defined(POLY1305AES_PPC_FOR_AIX) && !defined(POLY1305AES_PPC_FOR_MACOS) && !defined(POLY1305AES_PPC_AES_BY_CALLER)
#error "ppc/abi.h: compile with -DPOLY1305AES_PPC_FOR_AIX, -DPOLY1305AES_PPC_FOR_MACOS or -DPOLY1305AES_PPC_AES_BY_CALLER"
#endif

#endif
