// swift-tools-version:6.0
// A sample app package that turns its `.cards` files into Swift with cardc's build-tool plugin.
// The Observation flavor (see Sources/CardsApp/cardc.json) needs only Foundation and
// Observation, so the package builds and tests on Linux too.
import PackageDescription

let package = Package(
    name: "CardsApp",
    // `@Observable` needs macOS 14 / iOS 17.
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "CardsApp", targets: ["CardsApp"]),
    ],
    dependencies: [
        // In an app: .package(url: "https://github.com/<owner>/cardc", from: "0.1.0")
        .package(name: "cardc", path: "../.."),
    ],
    targets: [
        .target(name: "CardsApp", plugins: [.plugin(name: "CardcPlugin", package: "cardc")]),
        .testTarget(name: "CardsAppTests", dependencies: ["CardsApp"]),
    ]
)
