#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls TransitTesting makes, and the only file of the
/// module that imports the C library.
enum Platform {
  /// The environment variable `name`, or `nil` when it is not set.
  static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
