// Module CardEmit.
