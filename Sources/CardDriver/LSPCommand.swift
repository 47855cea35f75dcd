import CardDiagnostics
import CardServer
import CardModel

/// `cardc lsp`: the language server over stdin and stdout (see `LanguageServer`).
enum LSPCommand {
    static let options: [OptionSpec] = [
        OptionSpec(names: ["--stall-timeout"], value: "MS",
                   help: "drop a message whose body stops arriving for MS milliseconds (default: 2000)"),
        OptionSpec(names: ["-h", "--help"], value: nil, help: "show this help"),
    ]

    static var usage: String {
        """
        USAGE: cardc lsp [options]

        Runs the Language Server Protocol server for editors on standard input and output
        (JSON-RPC 2.0 with Content-Length framing); logs go to standard error. Positions are
        UTF-16 unless the client offers UTF-8. Exit status: 0 after `shutdown` (then `exit`
        or the end of input), 1 when `exit` or the end of input comes without `shutdown`.

        OPTIONS:
        \(ArgumentParser.usage(options))

        """
    }

    static func run(_ arguments: [String], output: inout some DriverOutput) throws -> Int32 {
        let parsed = try ArgumentParser.parse(arguments, options: options, command: "lsp")
        if parsed.flag("-h") { output.writeOut(usage); return 0 }
        if let operand = parsed.operands.first { throw UsageError("unexpected argument '\(operand)': cardc lsp reads its files from the editor") }
        var serverOptions = LanguageServer.Options()
        serverOptions.version = Driver.version
        if let text = parsed.value("--stall-timeout") {
            guard let milliseconds = Int(text), milliseconds > 0, milliseconds <= 600_000 else {
                throw UsageError("invalid value '\(text)' for '--stall-timeout': expected milliseconds from 1 to 600000")
            }
            serverOptions.stallTimeoutMilliseconds = milliseconds
        }
        // Logs go straight to stderr: stdout carries protocol messages only.
        let server = LanguageServer(options: serverOptions) { message in
            ProcessOutput.write("cardc lsp: " + TerminalText.escaped(message) + "\n", to: 2)
        }
        return StdioTransport.run(server)
    }
}
