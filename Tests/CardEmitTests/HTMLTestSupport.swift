import Foundation

/// A strict reader of the HTML the gallery writes, for tests: elements nest and close in order,
/// attribute values are double-quoted, character references are the few the writer uses, and
/// only the elements and attributes the gallery means to write occur. Anything else is a
/// problem, reported with its offset.
struct HTMLNode {
    var name: String
    var attributes: [String: String]
    /// Elements and text (nodes named `#text`), in document order.
    var children: [HTMLNode] = []
    /// A text node's text, references decoded; for an element, its direct text, in order.
    var text = ""

    func attribute(_ name: String) -> String? { attributes[name] }
    var classes: [String] { (attributes["class"] ?? "").split(separator: " ").map(String.init) }
    func hasClass(_ name: String) -> Bool { classes.contains(name) }

    /// Every element below this one, depth first, in document order.
    var descendants: [HTMLNode] { elements.flatMap { [$0] + $0.descendants } }

    /// The child elements (not text).
    var elements: [HTMLNode] { children.filter { $0.name != "#text" } }

    /// The text of the node and everything below it, in document order.
    var allText: String { name == "#text" ? text : children.map(\.allText).joined() }

    /// The first node below with `id`.
    func element(id: String) -> HTMLNode? { descendants.first { $0.attributes["id"] == id } }
}

enum HTMLReader {
    /// What the gallery writes, and nothing else: no script, iframe, image, object, form, SVG…
    static let allowedElements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "input", "label", "main", "header", "h1", "h2", "p", "nav", "a",
        "section", "table", "thead", "tbody", "tr", "th", "td", "small", "div", "span", "b", "i", "figure", "figcaption",
    ]
    static let voidElements: Set<String> = ["meta", "input", "br"]
    /// No `on…` handler, no `src`, no `srcdoc`, no `formaction`.
    static let allowedAttributes: Set<String> = [
        "lang", "charset", "http-equiv", "content", "name", "class", "style", "title", "id", "href", "type", "for",
        "data-pushes", "data-card", "data-contrast", "data-contrast-builtin", "role", "aria-label", "aria-hidden",
    ]

    /// The document's root (a node named `#document`) and the problems found.
    static func parse(_ html: String) -> (root: HTMLNode, problems: [String]) {
        var problems: [String] = []
        var stack = [HTMLNode(name: "#document", attributes: [:])]
        let bytes = Array(html.utf8)
        var index = 0

        func decode(_ text: ArraySlice<UInt8>, at offset: Int) -> String {
            Self.decodeReferences(String(decoding: text, as: UTF8.self), problems: &problems) { after in
                "unknown character reference at \(offset): \(after.prefix(10))"
            }
        }

        func close(_ name: String, at offset: Int) {
            guard stack.count > 1, stack[stack.count - 1].name == name else {
                problems.append("</\(name)> at \(offset) does not close <\(stack.last?.name ?? "?")>")
                return
            }
            let node = stack.removeLast()
            stack[stack.count - 1].children.append(node)
        }

        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                let start = index
                while index < bytes.count && bytes[index] != UInt8(ascii: "<") {
                    if bytes[index] == UInt8(ascii: ">") { problems.append("raw > in text at \(index)") }
                    index += 1
                }
                let text = decode(bytes[start..<index], at: start)
                stack[stack.count - 1].text += text
                stack[stack.count - 1].children.append(HTMLNode(name: "#text", attributes: [:], text: text))
                continue
            }
            let start = index
            guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else {
                problems.append("unterminated tag at \(start)")
                break
            }
            let tag = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end + 1
            if tag.hasPrefix("!") {
                if tag != "!DOCTYPE html" { problems.append("declaration <\(tag)> at \(start)") }
                continue
            }
            if tag.hasPrefix("/") {
                close(String(tag.dropFirst()), at: start)
                continue
            }
            guard let (name, attributes) = parseTag(tag, at: start, problems: &problems) else { continue }
            if !allowedElements.contains(name) { problems.append("element <\(name)> at \(start)") }
            let node = HTMLNode(name: name, attributes: attributes)
            if voidElements.contains(name) {
                stack[stack.count - 1].children.append(node)
            } else if name == "style" {
                // Raw text up to the end tag: it must not hold `<` at all.
                guard let close = findEndOfStyle(bytes, from: index) else {
                    problems.append("unterminated <style> at \(start)")
                    break
                }
                var style = node
                style.text = String(decoding: bytes[index..<close], as: UTF8.self)
                style.children = [HTMLNode(name: "#text", attributes: [:], text: style.text)]
                if style.text.contains("<") { problems.append("< inside <style>") }
                stack[stack.count - 1].children.append(style)
                index = close + "</style>".utf8.count
            } else {
                stack.append(node)
            }
        }
        if stack.count != 1 { problems.append("unclosed elements: \(stack.dropFirst().map(\.name))") }
        return (stack[0], problems)
    }

    static func findEndOfStyle(_ bytes: [UInt8], from start: Int) -> Int? {
        let end = Array("</style>".utf8)
        var index = start
        while index + end.count <= bytes.count {
            if bytes[index] == end[0] && Array(bytes[index..<(index + end.count)]) == end { return index }
            index += 1
        }
        return nil
    }

    /// `name a="v" b="w"`: names lower-case ASCII, values double-quoted without `<` or `"`.
    static func parseTag(_ tag: String, at offset: Int, problems: inout [String]) -> (String, [String: String])? {
        var scalars = Substring(tag)
        let name = scalars.prefix { $0.isLetter || $0.isNumber }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) else {
            problems.append("bad tag name in <\(tag.prefix(40))> at \(offset)")
            return nil
        }
        scalars = scalars.dropFirst(name.count)
        var attributes: [String: String] = [:]
        while true {
            scalars = scalars.drop { $0 == " " }
            if scalars.isEmpty { break }
            let attribute = scalars.prefix { $0 != "=" && $0 != " " }
            scalars = scalars.dropFirst(attribute.count)
            guard allowedAttributes.contains(String(attribute)) else {
                problems.append("attribute \(attribute) in <\(name)> at \(offset)")
                return (String(name), attributes)
            }
            if scalars.first != "=" {
                attributes[String(attribute)] = ""
                continue
            }
            scalars = scalars.dropFirst()
            guard scalars.first == "\"", let close = scalars.dropFirst().firstIndex(of: "\"") else {
                problems.append("unquoted value of \(attribute) in <\(name)> at \(offset)")
                return (String(name), attributes)
            }
            let value = scalars[scalars.index(after: scalars.startIndex)..<close]
            if value.contains("<") { problems.append("< in attribute \(attribute) at \(offset)") }
            var reader: [String] = []
            let decoded = decodeAttribute(String(value), problems: &reader)
            problems += reader.map { "\($0) at \(offset)" }
            attributes[String(attribute)] = decoded
            scalars = scalars[scalars.index(after: close)...]
        }
        return (String(name), attributes)
    }

    static func decodeAttribute(_ value: String, problems: inout [String]) -> String {
        decodeReferences(value, problems: &problems) { _ in "unknown character reference in an attribute" }
    }

    /// `text` with the character references the gallery writes (`&amp;` `&lt;` `&gt;` `&quot;`
    /// `&#39;`) decoded; any other `&` is a problem, described from the text it starts.
    static func decodeReferences(_ text: String, problems: inout [String], unknown: (Substring) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        let references = ["&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let (reference, character) = references.first(where: { after.hasPrefix($0.key) }) else {
                problems.append(unknown(after))
                result += "&"
                rest = after.dropFirst()
                continue
            }
            result += character
            rest = after.dropFirst(reference.count)
        }
        return result + rest
    }
}

/// A part's hover title, `name · x, y · width × height`.
struct PartTitle: Equatable {
    var name: String
    var x, y, width, height: Double

    init?(_ title: String) {
        let pieces = title.components(separatedBy: " · ")
        guard pieces.count >= 3 else { return nil }
        let origin = pieces[1].components(separatedBy: ", ").compactMap(Double.init)
        let size = pieces[2].components(separatedBy: " × ").compactMap(Double.init)
        guard origin.count == 2, size.count == 2 else { return nil }
        name = pieces[0]
        (x, y, width, height) = (origin[0], origin[1], size[0], size[1])
    }
}
