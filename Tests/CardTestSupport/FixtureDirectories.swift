import Foundation

/// Fixture folders as the fixture tests of several targets walk them.
public enum FixtureDirectories {
    /// The names of the folders directly inside `directory`, sorted (none when it cannot be read).
    public static func subdirectories(of directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }
}
