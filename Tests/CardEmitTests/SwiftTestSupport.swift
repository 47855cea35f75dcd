import CardDriver
import CardEmit
import CardModel
import CardSema
import Foundation
import Testing

/// The decks the Swift back end's tests generate: every sample, the reference deck the shims'
/// hand-written examples translate, the hostile fixture (every escaping case) and the dark
/// Turbo fixture (a theme's card background in every kind of stack).
enum SwiftTestInputs {
    static let shims = EmitTestPaths.packageRoot.appendingPathComponent("Tests/SwiftShims")
    static let examples = shims.appendingPathComponent("Examples")
    static let fixtures = EmitTestPaths.testsDirectory.appendingPathComponent("Fixtures")
    static let golden = EmitTestPaths.testsDirectory.appendingPathComponent("Golden/swift")

    /// `Samples/x.cards` for each sample, then the reference deck and the fixtures.
    static let samples: [String] = EmitTestPaths.cardsFiles(in: EmitTestPaths.samples).map { "Samples/" + $0 }
    static let fixtureInputs = ["Fixtures/hostile.cards", "Fixtures/gallery-midnight.cards"]
    static let all: [String] = samples + ["Examples/Reference.cards"] + fixtureInputs

    static func directory(of input: String) -> URL {
        if input.hasPrefix("Samples/") { return EmitTestPaths.samples }
        if input.hasPrefix("Examples/") { return examples }
        return fixtures
    }

    static func name(of input: String) -> String { String(input.split(separator: "/").last ?? "") }

    /// The checked deck of `input` (in memory, beside the other `.cards` files of its folder).
    static func deck(_ input: String) throws -> CheckedUnit {
        let result = checkInMemory(name(of: input), in: directory(of: input))
        let errors = result.diagnostics.filter { $0.severity == .error }.map { "\($0.code.rawValue) \($0.message)" }
        #expect(errors.isEmpty, "\(input): \(errors)")
        return try #require(result.decks.first)
    }

    /// The Swift of `input` in `flavor`.
    static func swift(_ input: String, _ flavor: SwiftNames.Flavor, access: SwiftAccess = .internal) throws -> String {
        let bytes = SwiftEmitter().emit(try deck(input), options: BackendOptions(swiftFlavor: flavor, access: access,
                                                                               toolVersion: Driver.version))
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The Swift compiler beside the running toolchain, and running it.
enum SwiftToolchain {
    /// `$SWIFTC`, else the first `swiftc` on `PATH`; nil when there is none (the compile tests
    /// are then skipped).
    static let swiftc: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment["SWIFTC"], FileManager.default.isExecutableFile(atPath: explicit) { return explicit }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(directory) + "/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    static var isAvailable: Bool { swiftc != nil }

    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: String
    }

    /// Runs `executable` with `arguments` and waits for it.
    static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes to the end before waiting, so a chatty compiler cannot block on a full pipe.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: outputData, stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// Runs swiftc; nil output when it is missing.
    static func swiftc(_ arguments: [String], in directory: URL? = nil) throws -> Output? {
        guard let swiftc else { return nil }
        return try run(swiftc, arguments, in: directory)
    }

    /// A fresh temporary directory.
    static func temporaryDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cardc-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The shim modules (`Tests/SwiftShims/build-shims.sh`), built once into a directory of the
    /// system's temporary directory named after a hash of the shims' sources and the compiler's
    /// path, and reused by later runs while neither changes: its URL, or why they could not be built.
    static let shimModules: Result<URL, ShimError> = {
        guard let swiftc else { return .failure(ShimError(message: "no swiftc")) }
        let modules = ["UIKit", "CoreLocation", "MapKit", "RxSwift", "RxRelay", "RxCocoa", "CardParts", "CardsStack",
                       "MGSwipeCards", "TGCardViewController"]
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ bytes: [UInt8]) { for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 } }
        mix(Array(swiftc.utf8))
        for module in modules {
            mix((try? Data(contentsOf: SwiftTestInputs.shims.appendingPathComponent("\(module)/\(module).swift"))).map { [UInt8]($0) } ?? [])
        }
        mix((try? Data(contentsOf: SwiftTestInputs.shims.appendingPathComponent("build-shims.sh"))).map { [UInt8]($0) } ?? [])
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("cardc-shims-" + String(hash, radix: 16))
        if FileManager.default.fileExists(atPath: cache.appendingPathComponent("complete").path) { return .success(cache) }
        do {
            let directory = try temporaryDirectory("shims")
            let script = SwiftTestInputs.shims.appendingPathComponent("build-shims.sh").path
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [script, directory.path]
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFTC"] = swiftc
            process.environment = environment
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return .failure(ShimError(message: message)) }
            try Data().write(to: directory.appendingPathComponent("complete"))
            // Another run may have filled the cache meanwhile: then use this run's copy.
            do { try FileManager.default.moveItem(at: directory, to: cache) } catch { return .success(directory) }
            return .success(cache)
        } catch {
            return .failure(ShimError(message: "\(error)"))
        }
    }()

    struct ShimError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
