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
    )
  ],
  swiftLanguageModes: [.v6]
)
