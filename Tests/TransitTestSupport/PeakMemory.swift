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
/// counts it (`ru_maxrss`), for tests that hold a program to a memory
/// budget.
///
/// ## Why a launcher
/// A child's `ru_maxrss` does not start at zero: when a process spawned
/// from this one executes its program, Linux carries the memory of the
/// process it was spawned from into the child's peak (with `posix_spawn`,
/// whose child shares this process's memory until the exec, this process's
/// own peak so far). Measured directly, a 35 MiB run spawned from a test
/// process that has held 800 MiB reads 854 MiB — and a test process
/// whose suites run in parallel grows while it runs, so two measurements
/// of the same program differ by whatever the other suites allocated in
/// between. So the program is run by a small `python3` launcher (a test
/// dependency): the launcher's peak takes this process's, the program's
/// only the launcher's (about 14 MiB, below any run of `animrender`), and
/// the launcher reports its child's peak (`RUSAGE_CHILDREN`) alone.
public enum PeakMemory {
  /// Runs its arguments' program in a folder with a time limit, then writes
  /// the peak of its children (the program and what it waited for) in KiB.
  private static let launcher = """
    import resource, subprocess, sys
    folder, report, limit, *command = sys.argv[1:]
    try:
        status = subprocess.run(command, cwd=folder, timeout=float(limit)).returncode
    except subprocess.TimeoutExpired:
        status = 124
    with open(report, "w") as file:
        file.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
    sys.exit(status if status >= 0 else 128 - status)
    """

  /// The launcher ran but wrote no peak.
  private struct LauncherFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs `executable` with `arguments` in `directory`, with `environment`
  /// added to this process's, standard output discarded; killed after
  /// `timeout` seconds (status 124, as `timeout(1)`).
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL,
    environment: [String: String] = [:], timeout: Int = 120
  ) throws -> MeasuredRun {
    let errors = directory.appendingPathComponent(".stderr-\(UUID().uuidString)")
    let report = directory.appendingPathComponent(".peak-\(UUID().uuidString)")
    defer {
      try? FileManager.default.removeItem(at: errors)
      try? FileManager.default.removeItem(at: report)
    }
    let argv =
      ["python3", "-c", launcher, directory.path, report.path, "\(timeout)", executable.path]
      + arguments
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
      withCStrings(envp) { vars in posix_spawnp(&pid, "python3", &actions, nil, args, vars) }
    }
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    let exited = status & 0x7F == 0
    let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    guard let text = try? String(contentsOf: report, encoding: .utf8), let kibibytes = Int(text)
    else {
      throw LauncherFailed(
        description: "the launcher reported no peak (status \(status)): \(stderr)")
    }
    return MeasuredRun(
      status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), stderr: stderr,
      peakBytes: kibibytes * 1024)
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
