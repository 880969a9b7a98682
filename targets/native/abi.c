/* SPDX-License-Identifier: CC0-1.0 */
/* native: what the ABI of the CPU the machine's own compiler builds for
   promises, where this tree has its harness (targets/native/abi.S names the
   same CPUs); elsewhere the build stops here and the selector reports that
   the harness cannot run on this CPU. */
#if defined(__x86_64__)
#include "../amd64/abi.c"
#elif defined(__i386__)
#include "../x86/abi.c"
#elif defined(__aarch64__)
#include "../arm64/abi.c"
#elif defined(__riscv) && __riscv_xlen == 64
#include "../riscv64/abi.c"
#elif defined(__arm__)
#include "../armhf/abi.c"
#elif defined(__powerpc__) && !defined(__powerpc64__)
#include "../ppc32/abi.c"
#elif defined(__sparc__) && defined(__arch64__)
#include "../sparc64/abi.c"
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#include "../ppc64le/abi.c"
#elif defined(__s390x__)
#include "../s390x/abi.c"
#else
#error "no ABI description for this CPU in targets/ (the native target's harness covers the CPUs of the other targets)"
#endif
