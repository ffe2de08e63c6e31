#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing to the standard streams without Foundation's buffering surprises.
enum Terminal {
  /// Whether standard error is a terminal (where a progress bar makes sense).
  static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

  /// Writes `text` to standard error as is.
  static func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(2, buffer.baseAddress! + offset, buffer.count - offset)
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
