// swift-tools-version:6.0
// cardc — a compiler for `.cards` UI card decks. Zero package dependencies by design.
import PackageDescription

let package = Package(
    name: "cardc",
    products: [
        .executable(name: "cardc", targets: ["cardc"]),
        .library(name: "CardSyntax", targets: ["CardSyntax"]),
        .library(name: "CardSema", targets: ["CardSema"]),
        // Generates Swift from a target's `.cards` files at build time (`cardc build --emit swift`).
        .plugin(name: "CardcPlugin", targets: ["CardcPlugin"]),
    ],
    targets: [
        // Phase modules; data flows downward only:
        // bytes → CardSyntax (tokens, tree) → CardSema (checked model) → CardLayout → CardEmit.
        // The one definition of the scalars no output writes raw (bidi controls, C0/C1 controls…).
        .target(name: "CardText"),
        .target(name: "CardJSON", dependencies: ["CardText"]),
        .target(name: "CardDiagnostics", dependencies: ["CardJSON", "CardText"], exclude: ["generate-display-width.py"]),
        .target(name: "CardSyntax", dependencies: ["CardDiagnostics", "CardText"]),
        // Source files on disk or in memory, and the loader that follows imports.
        .target(name: "CardSources", dependencies: ["CardSyntax", "CardDiagnostics"]),
        // The vocabulary (the catalog) and the checked model every later phase reads.
        .target(name: "CardModel", dependencies: ["CardSyntax", "CardDiagnostics"]),
        .target(name: "CardSema", dependencies: ["CardModel", "CardSources", "CardSyntax", "CardDiagnostics"]),
        .target(name: "CardLayout", dependencies: ["CardModel", "CardDiagnostics"]),
        .target(name: "CardEmit", dependencies: ["CardLayout", "CardModel", "CardDiagnostics", "CardJSON", "CardText"]),
        // The front half as every command and the editor run it: load, check, lay out for W104.
        .target(name: "CardPipeline", dependencies: ["CardSema", "CardLayout", "CardSources", "CardModel", "CardSyntax", "CardDiagnostics"]),
        // What a project decides: cardc.json (found, read, checked), severities and suppressions.
        .target(name: "CardProject", dependencies: ["CardJSON", "CardDiagnostics", "CardSyntax", "CardSources", "CardModel", "CardPipeline",
                                                    "CardLayout", "CardEmit"]),
        // Editor questions as plain data (no JSON, no LSP types), over snapshots of open buffers.
        .target(name: "CardIDE", dependencies: ["CardDiagnostics", "CardSyntax", "CardSources", "CardModel", "CardPipeline", "CardLayout",
                                                "CardEmit", "CardProject", "CardText"]),
        // The language server: JSON-RPC framing and LSP types only, delegating to CardIDE.
        .target(name: "CardServer", dependencies: ["CardIDE", "CardJSON", "CardDiagnostics", "CardSources", "CardModel"]),
        // The command line as a library so tests drive it in-process; `cardc` is a thin main.
        .target(name: "CardDriver", dependencies: ["CardDiagnostics", "CardSyntax", "CardSources", "CardModel", "CardPipeline", "CardLayout",
                                                   "CardEmit", "CardServer", "CardProject"]),
        .executableTarget(name: "cardc", dependencies: ["CardDriver"]),
        .plugin(name: "CardcPlugin", capability: .buildTool(), dependencies: ["cardc"]),
        .executableTarget(name: "CardBench", dependencies: ["CardDiagnostics", "CardSyntax", "CardSources", "CardModel", "CardPipeline", "CardLayout", "CardEmit",
                                                           "CardDriver", "CardTestSupport", "CardServer", "CardJSON"]),
        // The deterministic deck generator, the `// expect:` fixture harness and the golden-file
        // helper the benchmark and the tests share.
        .target(name: "CardTestSupport", dependencies: ["CardDiagnostics"], path: "Tests/CardTestSupport"),

        .testTarget(name: "CardDiagnosticsTests", dependencies: ["CardDiagnostics", "CardJSON", "CardText"]),
        // The syntax and checker tests build neither the driver nor the server (ArchitectureTests).
        .testTarget(name: "CardSyntaxTests", dependencies: ["CardSources", "CardModel", "CardSema", "CardPipeline", "CardSyntax", "CardDiagnostics",
                                                            "CardTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CardSemaTests", dependencies: ["CardModel", "CardSema", "CardPipeline", "CardSources", "CardSyntax", "CardDiagnostics",
                                                          "CardTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CardLayoutTests", dependencies: ["CardSources", "CardModel", "CardSema", "CardLayout", "CardEmit", "CardDriver", "CardJSON", "CardTestSupport"],
                    exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "CardEmitTests", dependencies: ["CardEmit", "CardLayout", "CardModel", "CardSema", "CardSources", "CardDriver", "CardJSON", "CardText", "CardTestSupport"],
                    exclude: ["Golden", "Fixtures"]),
        .testTarget(name: "CardDriverTests", dependencies: ["CardDriver", "CardModel", "CardPipeline", "CardSema", "CardSources", "CardDiagnostics",
                                                           "CardTestSupport"]),
        .testTarget(name: "CardIDETests", dependencies: ["CardIDE", "CardModel", "CardSema", "CardSources", "CardSyntax", "CardDiagnostics", "CardTestSupport"]),
        .testTarget(name: "CardServerTests", dependencies: ["CardServer", "CardIDE", "CardJSON"]),
        .testTarget(name: "CardProjectTests", dependencies: ["CardProject", "CardPipeline", "CardDriver", "CardSources", "CardModel", "CardSema", "CardSyntax",
                                                         "CardDiagnostics", "CardJSON", "CardTestSupport"],
                    exclude: ["Fixtures"]),
    ]
)
