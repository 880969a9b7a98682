/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for the native target: the harness of the CPU the machine's
   own compiler builds for, where this tree has one (targets/<target>/abi.S);
   elsewhere the build stops here and the selector reports that the harness
   cannot run on this CPU. */
#if defined(__x86_64__)
#include "../amd64/abi.S"
#elif defined(__i386__)
#include "../x86/abi.S"
#elif defined(__aarch64__)
#include "../arm64/abi.S"
#elif defined(__riscv) && __riscv_xlen == 64
#include "../riscv64/abi.S"
#elif defined(__arm__)
#include "../armhf/abi.S"
#elif defined(__powerpc__) && !defined(__powerpc64__)
#include "../ppc32/abi.S"
#elif defined(__sparc__) && defined(__arch64__)
#include "../sparc64/abi.S"
#elif defined(__powerpc64__) && defined(__LITTLE_ENDIAN__)
#include "../ppc64le/abi.S"
#elif defined(__s390x__)
#include "../s390x/abi.S"
#else
#error "no ABI harness for this CPU in targets/ (the native target's harness covers the CPUs of the other targets)"
#endif
