#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardDriver

// A reader that goes away (`cardc … | head`) must not end the process with a signal: ignored,
// SIGPIPE becomes EPIPE from `write`, which the driver treats as the end of the output. Only
// here, in the executable: library callers (tests, an editor) keep their own disposition.
signal(SIGPIPE, SIG_IGN)

// Thin entry point: everything lives in CardDriver so tests can run commands in-process.
Driver.main()
