import Foundation
import Testing

/// Runs the built `animrender` binary, as a user would.
struct CLI {
  struct Result {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The binary next to the test bundle, in the build's products folder.
  static let executable: URL = {
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("animrender")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      folder = folder.deletingLastPathComponent()
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/animrender")
  }()

  /// The package root, where Examples/ and Goldens/ are.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Runs animrender with `arguments` in `directory`.
  ///
  /// - Parameters:
  ///   - shell: shell commands run first, in the same process, e.g.
  ///     `ulimit -v 1000000` (a memory cap) or `umask 027`.
  ///   - timeout: seconds after which the run is killed; a run that hangs
  ///     (reading a FIFO, say) then fails with status -1 instead of hanging
  ///     the suite.
  @discardableResult
  static func run(
    _ arguments: [String], in directory: URL? = nil, shell: String? = nil, timeout: Double = 120
  ) throws -> Result {
    let process = make(arguments, in: directory, shell: shell)
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
    return Result(
      status: killed ? -1 : process.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  /// A process that runs animrender, not started yet.
  static func make(_ arguments: [String], in directory: URL? = nil, shell: String? = nil)
    -> Process
  {
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

  /// Runs animrender and keeps standard output as bytes, for `-o -`.
  static func runCapturingBytes(_ arguments: [String], in directory: URL) throws -> (
    status: Int32, stdout: [UInt8]
  ) {
    let process = make(arguments, in: directory)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, Array(data))
  }

  /// A fresh empty folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "animrender-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
