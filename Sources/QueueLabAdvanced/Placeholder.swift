// Keeps the QueueLabAdvanced target buildable until its sources land.
