import Foundation

/// Fresh, empty directories for tests, all under one folder per test
/// process that is removed when the process exits.
///
/// Tests run in parallel, so each gets a directory of its own; none of them
/// has to clean up after itself, and a failing test leaves its files in
/// place until the run ends.
public enum TemporaryDirectory {
  /// The folder holding this process's directories.
  public static let root: URL = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "transit-tests-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      preconditionFailure("cannot make \(url.path): \(error)")
    }
    atexit { TemporaryDirectory.removeRoot() }
    return url
  }()

  /// A new empty directory, named after `prefix` for whoever reads a path
  /// in a failure message.
  public static func make(_ prefix: String = "test") -> URL {
    let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    } catch {
      preconditionFailure("cannot make \(url.path): \(error)")
    }
    return url
  }

  /// Removes every directory made so far.
  static func removeRoot() {
    try? FileManager.default.removeItem(at: root)
  }
}
