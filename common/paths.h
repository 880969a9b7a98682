/* SPDX-License-Identifier: CC0-1.0 */
/* Forcing a code path by name through the implementation's path interface
   (common/impl.h.in), for the programs that take one (ct, timing, speed,
   bench), and listing the paths. Include after POLY1305AES_HEADER. */
#ifndef paths_H
#define paths_H

#include <stdio.h>
#include <string.h>

/* 1: path name runs from now on; 0: this CPU cannot run it; -1: no such path */
static inline int use_path_named(const char *name)
{
  unsigned int p;
  const char *have;
  for (p = 0; (have = poly1305aes_path_name(p)) != NULL; ++p)
    if (!strcmp(have, name)) return poly1305aes_path_use(p) ? 1 : 0;
  return -1;
}

/* the paths, one a line: "NAME runs" or "NAME cannot run" (on this CPU) */
static inline void print_paths(void)
{
  unsigned int p;
  const char *name;
  for (p = 0; (name = poly1305aes_path_name(p)) != NULL; ++p)
    printf("%s %s\n", name, poly1305aes_path_use(p) ? "runs" : "cannot run");
}

#endif
