// swift-tools-version: 6.1
// libFuzzer targets for animrender's parsers, kept out of the main package
// (like Benchmarks) because they only link with `-sanitize=fuzzer`.
// Build and run them with Scripts/fuzz.sh.

import PackageDescription

let package = Package(
  name: "TransitFuzz",
  dependencies: [.package(name: "Transit", path: "..")],
  targets: [
    .executableTarget(
      name: "FuzzPNG",
      dependencies: [.product(name: "TransitRender", package: "Transit")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "FuzzScene",
      dependencies: [.product(name: "AnimRenderCLI", package: "Transit")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
    .executableTarget(
      name: "FuzzCurve",
      dependencies: [.product(name: "Transit", package: "Transit")],
      swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    ),
  ],
  swiftLanguageModes: [.v6]
)
