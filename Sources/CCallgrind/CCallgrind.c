// SwiftPM needs one source file in a C target; the requests are inline functions in the header.
#include "CCallgrind.h"
