import Foundation
import Testing
import CardDiagnostics
@testable import CardSyntax
import CardTestSupport

/// The canonical style, one golden pair per rule: `Fixtures/fmt/RULE.input` formats to
/// `Fixtures/fmt/RULE.golden`, which is itself canonical. Re-bless with
/// `CARDC_UPDATE=1 swift test --filter FormatterGoldenTests`, then review the diff.
@Suite struct FormatterGoldenTests {
    static let directory = TestPaths.fixtures.appendingPathComponent("fmt")
    static let rules: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        .filter { $0.hasSuffix(".input") }.map { String($0.dropLast(".input".count)) }.sorted()

    @Test(arguments: rules)
    func rule(_ name: String) throws {
        let input = TestPaths.bytes(of: Self.directory.appendingPathComponent(name + ".input"))
        let goldenURL = Self.directory.appendingPathComponent(name + ".golden")
        let output = try Formatter.formattedBytes(parse(bytes: input, path: name + ".input"))
        if let mismatch = try Golden.mismatch(output, golden: goldenURL) {
            Issue.record("\(name).input does not format to \(name).golden: \(mismatch)")
        }
        if Golden.isUpdating { return }
        let golden = TestPaths.bytes(of: goldenURL)
        #expect(try Formatter.formattedBytes(parse(bytes: golden)) == golden, "\(name).golden is not canonical")
        #expect(golden != input, "\(name).input shows no change")
    }

    /// The before/after examples of docs/formatting.md: each `cards before` block formats to
    /// the `cards after` block that follows it.
    @Test func documentationExamples() throws {
        let url = TestPaths.packageRoot.appendingPathComponent("docs/formatting.md")
        let lines = String(decoding: TestPaths.bytes(of: url), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var blocks: [(kind: String, text: String)] = []
        var k = 0
        while k < lines.count {
            let line = lines[k]
            k += 1
            guard line == "```cards before" || line == "```cards after" else { continue }
            var text = ""
            while k < lines.count && lines[k] != "```" { text += lines[k] + "\n"; k += 1 }
            blocks.append((String(line.dropFirst("```cards ".count)), text))
        }
        #expect(blocks.count >= 12, "examples not found in \(url.path)")
        #expect(blocks.count % 2 == 0)
        for first in stride(from: 0, to: blocks.count - 1, by: 2) {
            let before = blocks[first], after = blocks[first + 1], n = first / 2 + 1
            #expect(before.kind == "before" && after.kind == "after", "example \(n) is not a before/after pair")
            let formatted = try Formatter.format(parse(before.text))
            #expect(formatted == after.text, "example \(n): the before block formats to\n\(formatted)")
            let again = try Formatter.format(parse(after.text))
            #expect(again == after.text, "example \(n): the after block is not canonical")
        }
    }

    @Test func everyRuleHasItsPair() {
        #expect(Self.rules.count >= 14, "golden pairs not found in \(Self.directory.path)")
        for rule in Self.rules {
            #expect(FileManager.default.fileExists(atPath: Self.directory.appendingPathComponent(rule + ".golden").path), "\(rule)")
        }
    }
}

@Suite struct FormatterTests {
    func format(_ source: String) throws -> String { try Formatter.format(parse(source)) }

    @Test func refusesFilesWithSyntaxErrors() {
        #expect(throws: FormatError.syntaxErrors(count: 1)) { try format("card A {\n  text(\"a\"\n}\n") }
        #expect(throws: FormatError.syntaxErrors(count: 1)) { try format("card A { x: #12 }") }
        #expect(throws: FormatError.syntaxErrors(count: 1)) { try format("/* never closed") }
    }

    @Test func emptyAndCommentOnlyFiles() throws {
        #expect(try format("") == "")
        #expect(try format("\n\n  \n") == "")
        #expect(try format("  // only a comment") == "// only a comment\n")
        #expect(try format("\n\n/* a */ /* b */\n\n\n// c\n\n") == "/* a */ /* b */\n\n// c\n")
    }

    @Test func lineBreaksBecomeLineFeedsAndAByteOrderMarkStays() throws {
        let source = "\u{FEFF}card A {\r\n  text(\"a\") // note\r\n\r\n\r\n  text(\"b\")\r\n}\r\n"
        let output = try format(source)
        #expect(output == "\u{FEFF}card A {\n  text(\"a\") // note\n\n  text(\"b\")\n}\n")
        #expect(try format(output) == output)
    }

    /// A lone CR is a line break (docs/language.md §2): it ends a `//` comment (once the comment
    /// ran on to the next LF and swallowed the code after it) and counts in blank lines.
    @Test func aLoneCarriageReturnIsALineBreak() throws {
        let source = "card A {\r  text(\"a\") // note\r\r\r  text(\"b\")\r}\r"
        let output = try format(source)
        #expect(output == "card A {\n  text(\"a\") // note\n\n  text(\"b\")\n}\n")
        #expect(try format(output) == output)
    }

    /// A comment's text is kept byte for byte, trailing spaces included; a multi-line block
    /// comment keeps its inner lines.
    @Test func commentsAreKeptByteForByte() throws {
        let source = "card A {\n      /* one\n         two */\n  text(\"a\")   //  spaced   \n}\n"
        #expect(try format(source) == "card A {\n  /* one\n         two */\n  text(\"a\") //  spaced   \n}\n")
    }

    @Test func aMultilineStringKeepsTheListAroundItBroken() throws {
        let source = "card A { text(\"\"\"\n  hi\n  \"\"\") }\n"
        #expect(try format(source) == "card A {\n  text(\n    \"\"\"\n  hi\n  \"\"\",\n  )\n}\n")
    }

    @Test func parenthesesWithoutArgumentsAndKeywordNamesAreKept() throws {
        let source = "card card: rounded() { text() separator model { state: .hasData } }\nstack stack: list { card }\n"
        let output = try format(source)
        #expect(output == """
            card card: rounded() {
              text()
              separator
              model {
                state: .hasData
              }
            }
            stack stack: list {
              card
            }

            """)
    }

    // MARK: The guard

    /// A comment the printer is never told to print is an error, not a silent loss.
    @Test func theGuardReportsACommentThePrinterDidNotReach() throws {
        let tree = parse("card A {\n  // kept\n  text(\"a\") /* lost */\n}\n")
        var placements = CommentAttachment(tree).placements
        #expect(placements.count == 2)
        let misplaced = placements[1]
        placements[1] = CommentPlacement(node: NodeID(Int32(tree.nodes.count + 5)), slot: .leading,
                                         lineBreaksBefore: misplaced.lineBreaksBefore, lineBreaksAfter: misplaced.lineBreaksAfter)
        #expect(throws: FormatError.commentNotPrinted(tree.comments[1], text: "/* lost */")) {
            _ = try Formatter.print(tree, placements: placements)
        }
        #expect(throws: FormatError.self) { _ = try Formatter.print(tree, placements: Array(placements.prefix(1))) }
        // With the attachment as computed, both are printed.
        let output = try Formatter.print(tree, placements: CommentAttachment(tree).placements)
        #expect(String(decoding: output, as: UTF8.self).contains("/* lost */"))
    }

    /// The output is parsed again and compared with the input: any difference is an error.
    @Test func verificationCatchesAChangedTreeOrComment() {
        let tree = parse("card A { text(\"a\") } // c\n")
        #expect(throws: FormatError.self) { try Formatter.verify(Array("card A { text(\"b\") } // c\n".utf8), against: tree) }
        #expect(throws: FormatError.self) { try Formatter.verify(Array("card A { text } // c\n".utf8), against: tree) }
        #expect(throws: FormatError.self) { try Formatter.verify(Array("card A { text(\"a\") } // d\n".utf8), against: tree) }
        #expect(throws: FormatError.self) { try Formatter.verify(Array("card A { text(\"a\") }\n".utf8), against: tree) }
        #expect(throws: FormatError.self) { try Formatter.verify(Array("card A { text(\"a\" }\n".utf8), against: tree) }
        #expect(throws: Never.self) { try Formatter.verify(Array("card A {\n  text(\"a\")\n} // c\n".utf8), against: tree) }
    }

    // MARK: Attachment

    @Test func commentsAttachAsPrettierWould() throws {
        let source = """
            // file leading
            card /* inner */ A {   // leading the first item
              x: 1 // trailing x
              // leading y
              y: f(/* dangling */)
              state s {}
              // trailing the state, own line
            }
            """
        let tree = parse(source)
        let placements = CommentAttachment(tree).placements
        func node(_ kind: NodeKind, _ name: String) -> NodeID? {
            tree.descendants(tree.root).first { tree.kind($0) == kind && tree.name($0) == name }
        }
        let card = try #require(node(.cardDecl, "A"))
        let x = try #require(node(.property, "x")), y = try #require(node(.property, "y")), f = try #require(node(.call, "f"))
        let state = try #require(node(.stateDecl, "s"))
        #expect(placements.map(\.slot) == [.leading, .afterKeyword, .leading, .trailing, .leading, .dangling, .trailing])
        #expect(placements.map(\.node) == [card, card, x, x, y, f, state])
        #expect(placements.map(\.lineBreaksBefore) == [0, 0, 0, 0, 1, 0, 1])
    }
}
