/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness for the native target: the harness of the CPU the machine's
   own compiler builds for, where this tree has one (test/abi_<target>.S);
   elsewhere the build stops here and the selector reports that the harness
   cannot run on this CPU. */
#if defined(__x86_64__)
#include "abi_amd64.S"
#elif defined(__i386__)
#include "abi_x86.S"
#elif defined(__aarch64__)
#include "abi_arm64.S"
#elif defined(__riscv) && __riscv_xlen == 64
#include "abi_riscv64.S"
#elif defined(__arm__)
#include "abi_armhf.S"
#elif defined(__powerpc__) && !defined(__powerpc64__)
#include "abi_ppc32.S"
#elif defined(__sparc__) && defined(__arch64__)
#include "abi_sparc64.S"
#else
#error "no ABI harness for this CPU in test/ (the native target's harness covers the CPUs of the other targets)"
#endif
