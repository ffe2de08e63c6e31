import Glibc

/// Paths for tests: the committed fixtures and fresh temporary directories.
enum TestFiles {
  /// The absolute path of a file in `Tests/TransitRenderTests/Fixtures`.
  static func fixture(_ name: String, filePath: String = #filePath) -> String {
    var parts = filePath.split(separator: "/", omittingEmptySubsequences: false)
    // …/Tests/TransitRenderTests/<folder>/<file>.swift → …/Tests/TransitRenderTests
    parts.removeLast(2)
    return parts.joined(separator: "/") + "/Fixtures/" + name
  }

  /// A new empty directory under /tmp.
  static func temporaryDirectory() -> String {
    var template = Array("/tmp/transit-render-tests-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    return String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
  }
}
