// SwiftPM needs one source file in a C target; the function is inline in the header.
#include "CCurrentCPU.h"
