/* SPDX-License-Identifier: CC0-1.0 */
/* native, on a CPU no other target describes (the build takes the abi.c of the
   target for the CPU the compiler builds for where one exists:
   targets/native/target's 'harness same-cpu'): nothing is known of its ABI, so
   the build stops here and the selector reports that the harness cannot run on
   this CPU. */
#error "no ABI description for this CPU in targets/ (no target's compiler builds for the CPU of the native compiler)"
