import QueueLabImplementations
import QueueLabTool

// QueueLab's own tool: the library's subcommands over the four built-in implementations.
QueueLabTool.main(implementations: Implementations.all)
