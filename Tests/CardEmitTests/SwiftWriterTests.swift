@testable import CardEmit
import Testing

/// The escaping every piece of source text goes through on its way into Swift. (That the
/// literals keep their exact value is proven by compiling and running them: SwiftCompileTests.)
@Suite struct SwiftWriterTests {
    @Test func stringLiterals() {
        #expect(SwiftWriter.literal("plain") == "\"plain\"")
        #expect(SwiftWriter.literal("a\"b") == #""a\"b""#)
        #expect(SwiftWriter.literal(#"\(x)"#) == #""\\(x)""#)
        #expect(SwiftWriter.literal("\"\"\"") == #""\"\"\"""#)
        #expect(SwiftWriter.literal("#\"raw\"#") == ##""#\"raw\"#""##)
        #expect(SwiftWriter.literal("a\nb\r\tc\0") == #""a\nb\r\tc\0""#)
        #expect(SwiftWriter.literal("bell\u{7}") == #""bell\u{7}""#)
        #expect(SwiftWriter.literal("é 🙂 中") == "\"é 🙂 中\"")
        // Bidi overrides, separators and BOMs are never written raw.
        #expect(SwiftWriter.literal("\u{202E}x\u{2028}y\u{FEFF}") == #""\u{202E}x\u{2028}y\u{FEFF}""#)
        // A combining mark that would sit on the opening quote is escaped; one on a letter is not.
        #expect(SwiftWriter.literal("\u{301}e\u{301}") == "\"\\u{301}e\u{301}\"")
    }

    @Test func identifiers() {
        #expect(SwiftWriter.identifier("title") == "title")
        for keyword in ["default", "self", "init", "Type", "_", "class", "in", "func", "Any"] {
            #expect(SwiftWriter.identifier(keyword) == "`\(keyword)`")
        }
        // Contextual words need no backticks.
        for word in ["none", "some", "get", "open", "package", "await"] { #expect(SwiftWriter.identifier(word) == word) }
        #expect(SwiftWriter.argumentLabel("in") == "in")
        #expect(SwiftWriter.argumentLabel("_") == "`_`")
        #expect(SwiftWriter.argumentLabel("inout") == "`inout`")
    }

    @Test func commentsCannotEndEarly() {
        #expect(SwiftWriter.commentLines("a */ b /* c") == ["a */ b /* c"])
        #expect(SwiftWriter.commentLines("one\r\ntwo\rthree\u{2028}four\u{2029}five\u{85}six\u{B}seven") ==
                ["one", "two", "three", "four", "five", "six", "seven"])
        #expect(SwiftWriter.commentLines("x\u{0}y\u{202E}z\tw  ") == [#"x\u{0}y\u{202E}z w"#])
        var writer = SwiftWriter()
        writer.doc("first\nsecond", wrapping: false)
        writer.comment("note")
        #expect(String(decoding: writer.takeBytes(), as: UTF8.self) == "/// first\n/// second\n// note\n")
    }

    @Test func numbersReadBackExactly() {
        for value in [0.1, 0.62, 2000.0, -3.5, 1e-5, 1.7976931348623157e308, 1e300, -0.0, 123456789.123] {
            let text = SwiftWriter.double(value)
            #expect(Double(text)?.bitPattern == value.bitPattern, "\(text)")
        }
        #expect(SwiftWriter.double(.leastNonzeroMagnitude) == "Double(bitPattern: 0x1)")
        #expect(SwiftWriter.number(10) == "10")
        #expect(SwiftWriter.number(-0.0) == "-0.0")
        #expect(SwiftWriter.number(0.5) == "0.5")
        #expect(SwiftWriter.float(1e300) == "Float(1e+300)")
        #expect(SwiftWriter.float(0.25) == "0.25")
    }

    @Test func longLinesWrap() {
        var writer = SwiftWriter()
        writer.wrap("let x = f(" + (1...30).map { "argument\($0)" }.joined(separator: ", ") + ")")
        let text = String(decoding: writer.takeBytes(), as: UTF8.self)
        #expect(text.hasPrefix("let x = f(\n    argument1,\n"))
        #expect(text.hasSuffix("    argument30\n)\n"), "no trailing comma in a call")
        writer.wrap("let y = [" + (1...30).map { "\"item \($0), (\"" }.joined(separator: ", ") + "]")
        let list = String(decoding: writer.takeBytes(), as: UTF8.self)
        #expect(list.contains("    \"item 1, (\",\n"), "commas and brackets inside strings do not split")
        #expect(list.hasSuffix(",\n]\n"))
    }

    @Test func nameScopes() {
        var scope = NameScope(taken: ["title", "text"])
        #expect(scope.allocate("title") == "title2")
        #expect(scope.allocate("text") == "text2")
        #expect(scope.allocate("text") == "text3")
        #expect(scope.allocate("bar") == "bar")
        #expect(scope.allocate("cell", numberedFrom: 1) == "cell1")
    }
}
