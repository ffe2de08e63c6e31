import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A finished run of a program with the most memory it held.
public struct MeasuredRun: Sendable {
  /// The exit status, or 128 + the signal that ended it.
  public var status: Int32
  public var stderr: String
  /// The peak resident memory of the program (and of any program it ran
  /// and waited for), in bytes.
  public var peakBytes: Int
}

/// Runs a program and measures its peak resident memory, as the kernel
/// counts it (`wait4`'s `ru_maxrss`), for tests that hold a program to a
/// memory budget.
public enum PeakMemory {
  /// Runs `executable` with `arguments` in `directory`, with `environment`
  /// added to this process's, standard output discarded; killed after
  /// `timeout` seconds (by `timeout(1)`).
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL,
    environment: [String: String] = [:], timeout: Int = 120
  ) throws -> MeasuredRun {
    let errors = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: errors) }
    let argv =
      [
        "/bin/sh", "-c", "cd \"$1\" && shift && exec timeout \(timeout) \"$@\"", "sh",
        directory.path,
      ]
      + [executable.path] + arguments
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    let envp = env.map { "\($0)=\($1)" }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var pid: pid_t = 0
    let spawned = withCStrings(argv) { args in
      withCStrings(envp) { vars in posix_spawn(&pid, "/bin/sh", &actions, nil, args, vars) }
    }
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    let exited = status & 0x7F == 0
    let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    return MeasuredRun(
      status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), stderr: stderr,
      peakBytes: usage.ru_maxrss * 1024)
  }

  private static func withCStrings<R>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R
  ) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { for pointer in pointers { free(pointer) } }
    return body(pointers)
  }
}

extension BuiltTool {
  /// Runs the tool and measures its peak memory; see
  /// ``PeakMemory/run(_:_:in:environment:timeout:)``.
  public func measure(
    _ arguments: [String], in directory: URL, environment: [String: String] = [:]
  ) throws -> MeasuredRun {
    try PeakMemory.run(url, arguments, in: directory, environment: environment)
  }
}
