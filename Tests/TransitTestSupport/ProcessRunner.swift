import Foundation

/// What a finished program left: its exit status and both output streams.
public struct ProcessResult: Sendable {
  /// The exit status; -1 when the run was killed for taking too long.
  public var status: Int32
  public var stdout: String
  public var stderr: String
}

/// Runs programs as a user would, from the shell's point of view: a fresh
/// process, its own working directory, both streams captured.
public enum ProcessRunner {
  /// Runs `executable` with `arguments` in `directory` and waits for it.
  ///
  /// - Parameters:
  ///   - shell: shell commands run first, in the same process, e.g.
  ///     `ulimit -v 1000000` (a memory cap) or `umask 027`.
  ///   - timeout: seconds after which the run is killed; a run that hangs
  ///     (reading a FIFO, say) then fails with status -1 instead of hanging
  ///     the suite.
  @discardableResult
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, shell: String? = nil,
    timeout: Double = 120
  ) throws -> ProcessResult {
    let process = make(executable, arguments, in: directory, shell: shell)
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let timer = DispatchWorkItem {
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    timer.cancel()
    let killed =
      process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    return ProcessResult(
      status: killed ? -1 : process.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// Runs `executable` and keeps standard output as bytes (for `-o -`),
  /// standard error discarded.
  public static func runCapturingBytes(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil
  ) throws -> (status: Int32, stdout: [UInt8]) {
    let process = make(executable, arguments, in: directory)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, Array(data))
  }

  /// A process that runs `executable`, not started yet, for tests that
  /// wire its streams themselves (pipes, FIFOs, signals).
  public static func make(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, shell: String? = nil
  ) -> Process {
    let process = Process()
    if let shell {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", "\(shell); exec \"$0\" \"$@\"", executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    return process
  }

  /// Runs `program` found on the `PATH` (through `/usr/bin/env`), such as
  /// `python3` or `ffprobe`.
  public static func run(
    program: String, _ arguments: [String], in directory: URL? = nil
  ) throws -> ProcessResult {
    try run(URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, in: directory)
  }
}

/// One of the package's own executables (`animrender`, the examples),
/// found beside the test bundle in the build's products folder.
public struct BuiltTool: Sendable {
  /// The executable's file.
  public var url: URL

  /// The product called `name` in the current build.
  public init(_ name: String) {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: candidate.path) {
        url = candidate
        return
      }
      folder = folder.deletingLastPathComponent()
    }
    url = PackageFiles.root.appendingPathComponent(".build/debug/\(name)")
  }

  /// Runs the tool; see ``ProcessRunner/run(_:_:in:shell:timeout:)``.
  @discardableResult
  public func run(
    _ arguments: [String], in directory: URL? = nil, shell: String? = nil, timeout: Double = 120
  ) throws -> ProcessResult {
    try ProcessRunner.run(url, arguments, in: directory, shell: shell, timeout: timeout)
  }

  /// Runs the tool and keeps standard output as bytes, for `-o -`.
  public func runCapturingBytes(_ arguments: [String], in directory: URL) throws -> (
    status: Int32, stdout: [UInt8]
  ) {
    try ProcessRunner.runCapturingBytes(url, arguments, in: directory)
  }

  /// A process running the tool, not started yet.
  public func make(_ arguments: [String], in directory: URL? = nil, shell: String? = nil)
    -> Process
  {
    ProcessRunner.make(url, arguments, in: directory, shell: shell)
  }
}

/// The command-line tool the package ships, as built for these tests.
public let animrender = BuiltTool("animrender")

/// Files of the package checkout the tests read: examples, README, fixtures.
public enum PackageFiles {
  /// The package root, where `Package.swift`, `Examples/` and `Goldens/` are.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
}
