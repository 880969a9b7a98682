/* SPDX-License-Identifier: CC0-1.0 */
/* The code-path interface (common/impl.h.in) of an implementation without
   run-time dispatch: one path, "default", which every CPU it builds for runs. */
#include <stddef.h>
#include "namespace.h"

const char *poly1305aes_path_name(unsigned int i)
{
  return i == 0 ? "default" : NULL;
}

int poly1305aes_path_use(unsigned int i)
{
  return i == 0;
}

const char *poly1305aes_path(void)
{
  return "default";
}
