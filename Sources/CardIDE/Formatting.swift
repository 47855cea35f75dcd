import CardSyntax

extension Snapshot {
    /// The edit that gives the document `cardc fmt`'s canonical form: one replacement of the
    /// bytes that differ (none when the document is formatted already). Throws the formatter's
    /// error, `syntaxErrors` first, for a document that cannot be formatted.
    public func formatting() throws(FormatError) -> [FileEdit] {
        let formatted = try Formatter.formattedBytes(tree)
        let original = file.bytes
        guard formatted != original else { return [] }
        // The common start and end, on character boundaries, are left alone: an editor keeps
        // its cursor and folds where nothing changed.
        var prefix = 0
        let shorter = min(formatted.count, original.count)
        while prefix < shorter && formatted[prefix] == original[prefix] { prefix += 1 }
        while prefix > 0 && prefix < original.count && original[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < shorter - prefix && formatted[formatted.count - 1 - suffix] == original[original.count - 1 - suffix] { suffix += 1 }
        while suffix > 0 && original[original.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        let replaced = prefix..<(original.count - suffix)
        let text = String(decoding: formatted[prefix..<(formatted.count - suffix)], as: UTF8.self)
        return [FileEdit(location: Location(path: path, range: replaced), newText: text)]
    }
}
