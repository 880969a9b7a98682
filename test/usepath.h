/* Forcing one of an implementation's code paths by name, through its path
   interface (common/impl.h.in), for the test and speed programs; include
   after POLY1305AES_HEADER. C99. use_path(program, name, cannot): returns
   when path name runs from now on; exits with status `cannot` (saying so on
   stdout) when this CPU cannot run it, with 2 when there is no such path. */
#ifndef usepath_H
#define usepath_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void use_path(const char *program, const char *name, int cannot)
{
  unsigned int p;
  const char *have;
  for (p = 0; (have = poly1305aes_path_name(p)) != NULL; ++p)
    if (!strcmp(have, name)) {
      if (poly1305aes_path_use(p)) return;
      printf("%s: path %s cannot run on this CPU\n", program, name);
      exit(cannot);
    }
  fprintf(stderr, "%s: %s has no path %s\n", program, poly1305aes_implementation, name);
  exit(2);
}

#endif
