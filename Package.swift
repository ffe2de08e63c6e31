// swift-tools-version: 6.1
// Transit: transition animations as data, reversed exactly, rendered with Cairo.

import PackageDescription

let package = Package(
  name: "Transit",
  products: [
    .library(name: "Transit", targets: ["Transit"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
  ],
  targets: [
    .target(
      name: "Transit",
      dependencies: [.product(name: "RealModule", package: "swift-numerics")]
    ),
    .testTarget(
      name: "TransitTests",
      dependencies: [
        "Transit",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
