@testable import CardEmit
import CardText
import Testing

/// The page and generated Swift never show a scalar of `EscapedScalars` raw: each one, and a
/// text of all of them among characters that stay raw, goes through the HTML writer (content
/// and attributes), Swift literals and Swift comments.
@Suite struct EscapedScalarsOutputTests {
    static let escaped: [Unicode.Scalar] = (0...0x10FFFF as ClosedRange<UInt32>).lazy
        .compactMap(Unicode.Scalar.init).filter(EscapedScalars.contains)

    static func holdsEscaped(_ text: String) -> Bool {
        text.unicodeScalars.contains { EscapedScalars.contains($0) && $0 != "\n" }
    }

    @Test func thePageAndGeneratedSwiftShowNoneOfThemRaw() {
        var texts = Self.escaped.map { "a" + String($0) + "é" }
        texts.append(Self.escaped.reduce(into: "x") { $0.unicodeScalars.append($1); $0 += "😀" })
        for text in texts {
            var page = HTMLWriter()
            page.text(text)
            page.attribute(text)
            let html = String(decoding: page.bytes, as: UTF8.self)
            #expect(!Self.holdsEscaped(html), "\(text.unicodeScalars.map(\.value))")
            #expect(!Self.holdsEscaped(SwiftWriter.literal(text)))
            #expect(!SwiftWriter.commentLines(text).contains(where: Self.holdsEscaped))
        }
        // Each is shown as its visible escape, the same in the page and in Swift.
        var page = HTMLWriter()
        page.text("\u{200E}\u{FEFF}\u{061C}")
        #expect(String(decoding: page.bytes, as: UTF8.self)
                == #"<span class="e">\u{200E}</span><span class="e">\u{FEFF}</span><span class="e">\u{61C}</span>"#)
        #expect(SwiftWriter.literal("\u{200E}\u{FEFF}\u{061C}") == #""\u{200E}\u{FEFF}\u{61C}""#)
    }
}
