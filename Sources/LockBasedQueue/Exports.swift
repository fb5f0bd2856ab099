// Most of the queue's and its operations' API is implemented once, in protocol extensions of the
// shared scheduling module; re-exported so that importing this module is enough to call it (also
// with the MemberImportVisibility upcoming feature, which hides members of modules not imported).
@_exported import QueueLabCore
@_exported import QueueLabScheduling
