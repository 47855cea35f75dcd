import Foundation
import Testing
import CardModel
import CardSources
@testable import CardSema

/// The POSIX file reading behind `DiskFileProvider`.
@Suite struct LocalFilesTests {
    /// A fresh temporary directory, removed after `body`.
    func withDirectory(_ body: (String) throws -> Void) rethrows {
        let directory = NSTemporaryDirectory() + "cardc-localfiles-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    @Test("reads regular files of every size exactly, and refuses what it must")
    func contents() throws {
        try withDirectory { directory in
            let limit = 5 << 20
            for size in [0, 1, 4095, 4096, 4097, 70_000, 1 << 20, (5 << 20) - 3] {
                let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
                let path = directory + "/f\(size).cards"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                #expect(LocalFiles.contents(of: path, sizeLimit: limit) == bytes, "size \(size)")
                #expect(DiskFileProvider(sizeLimit: limit).contents(of: path) == bytes)
                if size > 0 { #expect(LocalFiles.contents(of: path, sizeLimit: size - 1) == nil, "over the limit") }
                #expect(LocalFiles.status(of: path)?.kind == .regular)
                #expect(LocalFiles.status(of: path)?.size == size)
            }
            #expect(LocalFiles.contents(of: directory, sizeLimit: limit) == nil, "a directory")
            #expect(LocalFiles.contents(of: directory + "/missing.cards", sizeLimit: limit) == nil)
            #expect(LocalFiles.status(of: directory)?.kind == .directory)
            #expect(LocalFiles.status(of: directory + "/missing.cards") == nil)
        }
    }

    @Test("canonical paths resolve links and dots, and keep a missing file's name")
    func canonicalPaths() throws {
        try withDirectory { directory in
            let real = LocalFiles.realPath(directory) ?? directory
            try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
            try Data("card A {}".utf8).write(to: URL(fileURLWithPath: directory + "/sub/a.cards"))
            try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: directory + "/sub")
            #expect(LocalFiles.canonicalPath(directory + "/link/a.cards") == real + "/sub/a.cards")
            #expect(LocalFiles.canonicalPath(directory + "/sub/../sub/./a.cards") == real + "/sub/a.cards")
            #expect(LocalFiles.canonicalPath(directory + "/link/missing.cards") == real + "/sub/missing.cards")
            #expect(LocalFiles.canonicalPath(directory + "/nowhere/missing.cards") == real + "/nowhere/missing.cards")
        }
    }

    @Test("lists directories, creates nested ones like mkdir -p, and reads the environment")
    func directoriesAndEnvironment() throws {
        try withDirectory { directory in
            #expect(LocalFiles.entries(of: directory) == [])
            #expect(LocalFiles.createDirectory(directory + "/a/b/c") == nil)
            #expect(LocalFiles.createDirectory(directory + "/a/b/c/") == nil, "existing, trailing slash")
            #expect(LocalFiles.isDirectory(directory + "/a/b/c"))
            try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/a/file"))
            #expect(LocalFiles.entries(of: directory + "/a")?.sorted() == ["b", "file"])
            #expect(LocalFiles.entries(of: directory + "/a/file") == nil, "not a directory")
            #expect(LocalFiles.entries(of: directory + "/missing") == nil)
            #expect(LocalFiles.createDirectory(directory + "/a/file") != nil, "a file is in the way")
            #expect(LocalFiles.createDirectory(directory + "/a/file/d") != nil, "a file as a parent")
        }
        #expect(LocalFiles.environment() == ProcessInfo.processInfo.environment)
    }
}
