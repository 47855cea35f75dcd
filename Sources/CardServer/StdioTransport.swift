#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CardModel
import CardSources

/// Runs a `LanguageServer` over standard input and output on the calling thread: messages in
/// from stdin, protocol messages (and nothing else) out on stdout, logs on stderr.
///
/// The loop answers every queued message — reading whatever else has already arrived before
/// each, so that a `$/cancelRequest` overtakes the request it cancels — then publishes
/// diagnostics and waits for input. A message that stops arriving halfway is dropped after
/// the stall timeout, so a wrong `Content-Length` never leaves the server waiting forever.
public enum StdioTransport {
    /// Serves until `exit` or the end of input; returns the process's exit code.
    public static func run(_ server: LanguageServer, input: Int32 = 0, output: Int32 = 1) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func flush() -> Bool {
            let bytes = server.takeOutput()
            guard !bytes.isEmpty else { return true }
            return bytes.withUnsafeBytes { LocalFiles.writeAll(output, $0) }
        }
        /// Reads what is available within `timeout` ms (-1: wait); false at the end of input.
        func readAvailable(waiting timeout: Int32) -> Bool? {
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, timeout)
            if ready < 0 { return errno == EINTR ? true : false }
            if ready == 0 { return nil } // timed out
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 { return errno == EINTR || errno == EAGAIN }
            if count == 0 { return false }
            server.receive(buffer[..<count])
            return true
        }
        while server.exitCode == nil {
            guard flush() else { return 1 } // the client is gone
            if server.hasQueuedMessages {
                // Take in what has already arrived (a cancellation, say), without waiting.
                while let more = readAvailable(waiting: 0), more {}
                server.processNext()
                continue
            }
            server.idle()
            guard flush() else { return 1 }
            let timeout = server.hasPartialInput ? Int32(clamping: server.options.stallTimeoutMilliseconds) : -1
            switch readAvailable(waiting: timeout) {
            case nil: server.stalled()
            case false?: server.endOfInput()
            case true?: break
            }
        }
        _ = flush()
        return server.exitCode ?? 1
    }
}
