/* The C programs' check: counts a failure and prints the condition and the last error. */
#ifndef TWEED_TESTS_C_CHECK_H
#define TWEED_TESTS_C_CHECK_H

#include "tweed/tweed_c.h"

#include <stdio.h>

static int failures = 0;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, __LINE__,      \
                    #cond, tweed_last_error());                                                    \
            ++failures;                                                                            \
        }                                                                                          \
    } while (0)

#endif
