/* SPDX-License-Identifier: CC0-1.0 */
/* ABI harness of the native target on a CPU no other target describes: the
   build takes the harness of the target for the CPU the compiler builds for
   (targets/native/target's 'harness same-cpu', tools/describe.py harness)
   and comes here only where none exists. There the build stops here and the
   selector reports that the harness cannot run on this CPU. */
#error "no ABI harness for this CPU in targets/ (no target's compiler builds for the CPU of the native compiler)"
