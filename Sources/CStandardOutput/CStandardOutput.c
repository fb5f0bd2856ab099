// The target's only function is inline in its header; SwiftPM needs one source file.
#include "CStandardOutput.h"
