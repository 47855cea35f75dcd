import CardDriver
import Foundation

/// Runs `cardc` in-process (`CapturedOutput.run`).
func runCardc(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
    CapturedOutput.run(arguments)
}

/// A fresh temporary directory (its real path) holding the given files (relative path → text).
func makeTemporaryDirectory(_ files: [String: String] = [:]) throws -> String {
    let made = NSTemporaryDirectory() + "cardc-project-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
    let directory = (made as NSString).resolvingSymlinksInPath
    try write(files, in: directory)
    return directory
}

func write(_ files: [String: String], in directory: String) throws {
    for (name, text) in files {
        let path = directory + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }
}

/// A card with an unused model field (W101) and a near-miss binding (W801): two warnings.
let twoWarnings = """
card Budget {
  model {
    spent: 0.5
    unused: "x"
  }
  bar(percent: $spnt)
}

"""

/// A clean card.
let cleanCard = """
card Hello {
  text("hello")
}

"""
