import Foundation

/// Golden files: output compared byte for byte with a file under `Tests/`, re-blessed with
/// `CARDC_UPDATE=1 swift test` (then review the diff). Shared by every golden test, so each one
/// reads the same switch, writes only what changed and words a mismatch alike.
public enum Golden {
    /// Whether golden files are re-blessed rather than compared (`CARDC_UPDATE` set, not `0`).
    public static var isUpdating: Bool {
        ProcessInfo.processInfo.environment["CARDC_UPDATE"].map { !$0.isEmpty && $0 != "0" } ?? false
    }

    /// Compares `bytes` with the golden file at `url`, or, when updating, writes them there
    /// (creating its directory; an unchanged file is left alone). Returns what is wrong, for the
    /// caller to record — `Issue.record` — or nil when they agree or were just written.
    public static func mismatch(_ bytes: [UInt8], golden url: URL) throws -> String? {
        let existing = (try? Data(contentsOf: url)).map { [UInt8]($0) }
        if isUpdating {
            if existing != bytes {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
            return nil
        }
        guard let expected = existing else { return "missing golden \(url.lastPathComponent): run CARDC_UPDATE=1 swift test" }
        guard expected != bytes else { return nil }
        return "differs from \(url.lastPathComponent): \(firstDifference(expected, bytes)); "
            + "re-bless with CARDC_UPDATE=1 swift test if intended"
    }

    /// The first line where `expected` and `actual` differ, both shown (up to 160 characters).
    public static func firstDifference(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        let aLines = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let bLines = String(decoding: actual, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(aLines.count, bLines.count) {
            let x = index < aLines.count ? String(aLines[index]) : "<end>"
            let y = index < bLines.count ? String(bLines[index]) : "<end>"
            if x != y { return "line \(index + 1): expected `\(x.prefix(160))`, got `\(y.prefix(160))`" }
        }
        return "same lines, different bytes"
    }
}
