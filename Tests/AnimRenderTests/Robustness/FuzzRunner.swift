import Foundation
import TransitTestSupport

/// Runs one program as the structured fuzzer needs: in a given folder, with
/// its own `TMPDIR`, both streams kept as bytes in files, a time limit, and
/// (through `/usr/bin/time` when it is installed) its peak resident memory
/// and the signal that ended it, if any.
enum FuzzRunner {
  /// What a run left.
  struct Outcome {
    /// The exit status, when the program exited.
    var status: Int32?
    /// The signal that ended it, when one did (the time limit's SIGKILL
    /// included, with `timedOut` set).
    var signal: Int32?
    var timedOut: Bool
    var stdout: [UInt8]
    var stderr: [UInt8]
    /// Peak resident memory in KiB, when `/usr/bin/time` measured it.
    var peakKiB: Int?
    var seconds: Double
  }

  static let time: String? =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/time") ? "/usr/bin/time" : nil

  /// Runs `executable` with `arguments` in `folder`; `scratch` is a folder
  /// outside it for the streams' files. `signal`, when given, is sent to
  /// the program after `signalAfter` seconds.
  static func run(
    _ executable: URL, _ arguments: [String], in folder: URL, tmpdir: URL, scratch: URL,
    timeout: Double, shell: String? = nil, signal: Int32? = nil, signalAfter: Double = 0
  ) throws -> Outcome {
    let out = scratch.appendingPathComponent("stdout")
    let err = scratch.appendingPathComponent("stderr")
    let report = scratch.appendingPathComponent("time")
    for file in [out, err, report] {
      _ = FileManager.default.createFile(atPath: file.path, contents: nil)
    }
    let process = Process()
    var command = [executable.path] + arguments
    if let shell { command = ["/bin/sh", "-c", "\(shell); exec \"$0\" \"$@\""] + command }
    if let time {
      process.executableURL = URL(fileURLWithPath: time)
      process.arguments = ["-f", "%x %M", "-o", report.path] + command
    } else {
      process.executableURL = URL(fileURLWithPath: command[0])
      process.arguments = Array(command.dropFirst())
    }
    process.currentDirectoryURL = folder
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = tmpdir.path
    environment.removeValue(forKey: "TRANSIT_FFMPEG_TIMEOUT")
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    let outHandle = try FileHandle(forWritingTo: out)
    let errHandle = try FileHandle(forWritingTo: err)
    defer {
      try? outHandle.close()
      try? errHandle.close()
    }
    process.standardOutput = outHandle
    process.standardError = errHandle
    let start = Date()
    try withSignalsUnblocked { try process.run() }
    var timedOut = false
    var signalled = signal == nil
    var pause: useconds_t = 500
    while process.isRunning {
      let elapsed = Date().timeIntervalSince(start)
      if !signalled, elapsed >= signalAfter, let signal, let pid = target(of: process) {
        kill(pid, signal)
        signalled = true
      }
      if elapsed > timeout {
        timedOut = true
        kill(target(of: process) ?? process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        break
      }
      usleep(pause)
      pause = min(pause * 2, 10_000)
    }
    process.waitUntilExit()
    let seconds = Date().timeIntervalSince(start)
    var status: Int32? = process.terminationStatus
    var ended: Int32?
    if process.terminationReason == .uncaughtSignal {
      status = nil
      ended = process.terminationStatus
    }
    var peak: Int?
    if time != nil {
      // "Command terminated by signal N" when a signal ended it; the last
      // line is "STATUS PEAK".
      let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
      let lines = text.split(separator: "\n")
      if let line = lines.first(where: { $0.hasPrefix("Command terminated by signal ") }) {
        ended = Int32(line.dropFirst("Command terminated by signal ".count))
        status = nil
      } else if let last = lines.last?.split(separator: " "), last.count == 2 {
        status = Int32(last[0])
      }
      if let last = lines.last?.split(separator: " "), last.count == 2 { peak = Int(last[1]) }
    }
    return Outcome(
      status: status, signal: ended, timedOut: timedOut,
      stdout: Array((try? Data(contentsOf: out)) ?? Data()),
      stderr: Array((try? Data(contentsOf: err)) ?? Data()), peakKiB: peak, seconds: seconds)
  }

  /// Runs `body` (which starts a process) with no signal blocked in this
  /// thread, so that the child starts as it would from a shell. A test runs
  /// on a dispatch thread, which blocks SIGINT, SIGTERM, SIGHUP and more,
  /// and a child inherits the mask: a signal left at its default action
  /// would then never arrive.
  static func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
    var all = sigset_t()
    var old = sigset_t()
    sigfillset(&all)
    pthread_sigmask(SIG_UNBLOCK, &all, &old)
    defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
    return try body()
  }

  /// The program itself: the child of `/usr/bin/time` when it runs through
  /// it (so a signal or the time limit's SIGKILL reaches animrender, whose
  /// ffmpeg dies with it), else the process; `nil` while `/usr/bin/time`
  /// has not started it yet.
  static func target(of process: Process) -> Int32? {
    let pid = process.processIdentifier
    guard time != nil else { return pid }
    let children =
      (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
    return children.split(separator: " ").first.flatMap { Int32($0) }
  }
}
