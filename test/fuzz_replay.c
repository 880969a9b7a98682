/* SPDX-License-Identifier: CC0-1.0 */
/* The fuzzer's inputs replayed without libFuzzer, on any target (make test
   runs it under the target's emulator, where libFuzzer cannot run): each
   file named is one input for test/fuzz.c's LLVMFuzzerTestOneInput, which
   aborts on a wrong tag or verdict. C99 + stdio. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
  static uint8_t data[1 << 16];
  int i;
  for (i = 1; i < argc; ++i) {
    FILE *f = fopen(argv[i], "rb");
    size_t size;
    if (!f) { fprintf(stderr, "fuzz_replay: cannot read %s\n", argv[i]); return 2; }
    size = fread(data, 1, sizeof data, f);
    if (!feof(f)) { fprintf(stderr, "fuzz_replay: %s is longer than %u bytes\n", argv[i], (unsigned) sizeof data); return 2; }
    fclose(f);
    LLVMFuzzerTestOneInput(data, size);
  }
  printf("fuzz_replay: %d inputs, every implementation and path agreed with the reference\n", argc - 1);
  return 0;
}
