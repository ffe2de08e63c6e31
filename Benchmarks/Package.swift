// swift-tools-version: 6.1
// Benchmarks for Transit, kept out of the main package so that `swift test`
// never builds them and they always build in release mode.

import PackageDescription

let package = Package(
  name: "TransitBenchmarks",
  dependencies: [.package(name: "Transit", path: "..")],
  targets: [
    .executableTarget(
      name: "TransitBenchmarks",
      dependencies: [.product(name: "Transit", package: "Transit")],
      swiftSettings: [.unsafeFlags(["-Ounchecked"])]
    ),
    // The drawing benchmarks' shared timing: frames drawn, CPU-timed.
    .target(
      name: "FrameTiming",
      dependencies: [.product(name: "TransitRender", package: "Transit")]
    ),
    // Shadows against none: a push of two screens of 20 cards each.
    .executableTarget(
      name: "ShadowBenchmarks",
      dependencies: ["FrameTiming", .product(name: "TransitRender", package: "Transit")]
    ),
    // Four flights against none: the same push with matching disabled.
    .executableTarget(
      name: "FlightBenchmarks",
      dependencies: ["FrameTiming", .product(name: "TransitRender", package: "Transit")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
