// swift-tools-version: 6.1
// Transit: transition animations as data, reversed exactly, rendered with Cairo.

import PackageDescription

let package = Package(
  name: "Transit",
  // The core's locks are the standard library's `Mutex` (Synchronization),
  // and its clock `ContinuousClock`: the first releases that have both.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "Transit", targets: ["Transit"]),
    .library(name: "TransitRender", targets: ["TransitRender"]),
    .library(name: "TransitTesting", targets: ["TransitTesting"]),
    .library(name: "AnimRenderCLI", targets: ["AnimRenderCLI"]),
    .executable(name: "animrender", targets: ["animrender"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // The preview's HTTP server (`animrender-preview`): Swift concurrency
    // on non-blocking sockets, no dependencies of its own.
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    .target(
      name: "Transit",
      dependencies: ["CTransitMath", .product(name: "RealModule", package: "swift-numerics")]
    ),
    // glibc's sincos (one call for both, the same bits as sin and cos),
    // which Swift's Glibc module does not export.
    .target(name: "CTransitMath", exclude: ["README.md"]),
    // One system library a C library; see each folder's README: not API.
    .systemLibrary(
      name: "CTransitCairo",
      pkgConfig: "cairo",
      providers: [.apt(["libcairo2-dev"])]
    ),
    .systemLibrary(
      name: "CTransitSpng",
      pkgConfig: "spng",
      providers: [.apt(["libspng-dev"])]
    ),
    .systemLibrary(
      name: "CTransitZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    .systemLibrary(
      name: "CTransitWebP",
      pkgConfig: "libwebpmux",
      providers: [.apt(["libwebp-dev"])]
    ),
    // No pkgConfig: its flags (-pthread, from GLib) draw a SwiftPM warning;
    // the shim declares the few functions it needs (see shim.h).
    .systemLibrary(
      name: "CTransitPango",
      providers: [.apt(["libpango1.0-dev"])]
    ),
    .systemLibrary(
      name: "CISAL",
      pkgConfig: "libisal",
      providers: [.apt(["libisal-dev"])]
    ),
    // The PNG encoder's engine: a vectorised SUB filter feeding ISA-L (fast)
    // or zlib (smaller, smallest) in segments that compress on any thread.
    //
    // No unsafe flags here or anywhere in this manifest: SwiftPM refuses them
    // in a package used as a versioned dependency. Release builds optimise
    // the C targets; `make test` adds `-Xcc -O2` so the debug tests run the
    // C hot paths optimised too.
    .target(
      name: "CTransitDeflate",
      dependencies: ["CISAL", "CTransitZlib"],
      exclude: ["README.md"]
    ),
    // The perspective mapping's inner loop: positions in double precision,
    // the bilinear blend in fixed point, with AVX2 where the CPU has it. No
    // contraction into fused multiply-adds (a pragma in the file), so every
    // path gives the same bits.
    .target(name: "CTransitPerspective", exclude: ["README.md"]),
    // A shadow's colour through its blurred mask, over the frame, rounded
    // once per channel (Cairo's own mask painting rounds three times).
    .target(name: "CTransitShadow", exclude: ["README.md"]),
    // ffmpeg as a supervised child: its own process group, killed when
    // animrender dies (PR_SET_PDEATHSIG), which Foundation's Process cannot set.
    .target(name: "CTransitSpawn", exclude: ["README.md"]),
    .target(
      name: "TransitRender",
      dependencies: [
        "Transit", "CTransitCairo", "CTransitSpng", "CTransitZlib", "CTransitDeflate",
        "CTransitPerspective", "CTransitShadow", "CTransitWebP", "CTransitPango",
      ],
      // The bundled fonts, copied beside the products; see TextFonts.
      resources: [.copy("Text/Fonts")]
    ),
    .target(
      name: "TransitTesting",
      dependencies: ["Transit", "TransitRender"]
    ),
    .target(
      name: "AnimRenderCLI",
      dependencies: [
        "Transit", "TransitRender", "CTransitSpawn",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // `make release` links the Swift runtime and Foundation into the
    // program (see the Makefile), which halves its start-up.
    .executableTarget(
      name: "animrender",
      dependencies: ["AnimRenderCLI"]
    ),
    // `animrender preview`'s server, a program of its own that `animrender`
    // runs: only it links the HTTP server (and Foundation's networking),
    // which `animrender` would otherwise load on every start.
    .executableTarget(
      name: "animrender-preview",
      dependencies: ["AnimRenderCLI", .product(name: "FlyingFox", package: "FlyingFox")]
    ),
    // Examples, built and tested with the package: a custom style and a
    // program that makes it available to every animrender command.
    .target(
      name: "CubeStyle",
      dependencies: ["Transit"],
      path: "Examples/CubeStyle"
    ),
    .target(
      name: "TabContainer",
      dependencies: ["Transit"],
      path: "Examples/TabContainer"
    ),
    .executableTarget(
      name: "animrender-cube",
      dependencies: ["AnimRenderCLI", "CubeStyle"],
      path: "Examples/AnimRenderCube"
    ),
    // Helpers every test target shares, each written once (temporary
    // directories, the process runner, PNG chunks, seeded random cases,
    // bit-for-bit scene comparison); not a product.
    .target(
      name: "TransitTestSupport",
      dependencies: [
        "Transit",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ],
      path: "Tests/TransitTestSupport"
    ),
    .testTarget(
      name: "TransitTests",
      dependencies: [
        "Transit", "TransitTestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    .testTarget(
      name: "ExampleTests",
      dependencies: [
        "CubeStyle", "TabContainer", "animrender-cube", "animrender", "Transit", "TransitRender",
        "TransitTesting", "TransitTestSupport",
      ]
    ),
    .testTarget(
      name: "AnimRenderTests",
      dependencies: [
        "animrender", "animrender-preview", "AnimRenderCLI", "Transit", "TransitRender",
        "TransitTesting", "TransitTestSupport",
      ]
    ),
    .testTarget(
      name: "TransitRenderTests",
      dependencies: [
        "Transit", "TransitRender", "TransitTesting", "TransitTestSupport", "CTransitShadow",
        .product(name: "RealModule", package: "swift-numerics"),
      ],
      // Read through #filePath rather than bundled: the tests need their paths.
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "TransitTestingTests",
      dependencies: ["Transit", "TransitRender", "TransitTesting", "TransitTestSupport"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
