// The Advanced-NSOperations layer lands here.
