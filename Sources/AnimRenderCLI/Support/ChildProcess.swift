import Dispatch
import Foundation
import Synchronization
import TransitRender

/// Another program (ffmpeg, ffprobe) run as a supervised child: it never
/// outlives animrender, never runs past its time limit, and whatever it
/// leaves is reported, never mistaken for success.
///
/// - It leads a process group of its own. SIGINT or SIGTERM to animrender
///   kills that group (and waits for the child to end) before the
///   temporary files are removed (see ``AtomicOutput``); on Linux a SIGKILL
///   of animrender, which no handler sees, kills the child too
///   (`PR_SET_PDEATHSIG`, set between `fork` and `exec` by the
///   `CTransitSpawn` shim).
/// - At `timeout` seconds the group is killed and the run reports
///   ``Outcome/timedOut``.
/// - When the child ends, the rest of its group (what a script started)
///   is killed too, so nothing of it keeps running.
enum ChildProcess {
  /// How a run ended.
  struct Outcome {
    /// The exit status, or 128 + the signal that ended the child.
    var status: Int32
    /// Whether the time limit ended it (then `status` is 128 + SIGKILL).
    var timedOut: Bool
    /// Whether `feed` wrote all it had (`false` when the child closed its
    /// standard input early).
    var fedAll: Bool

    /// How the child ended, as a message says it: "exit status 1",
    /// "killed by signal 9", "timed out".
    var ending: String {
      if timedOut { return "timed out" }
      return status > 128 ? "killed by signal \(status - 128)" : "exit status \(status)"
    }
  }

  /// Whether the child has been waited for, and whether the time limit
  /// killed it; shared with the watchdog.
  private final class Watch: Sendable {
    let state = Mutex<(ended: Bool, timedOut: Bool)>((false, false))
  }

  /// Runs `program` with `arguments`, standard output to the file `output`
  /// and standard error to the file `error`, giving `feed` the write end of
  /// its standard input (closed when `feed` returns), and waits for it.
  ///
  /// - Throws: 69 when the program cannot be started (not executable, a
  ///   format the system cannot run), 73 when its files cannot be made or
  ///   after a signal.
  static func run(
    _ program: String, _ arguments: [String], output: String, error: String, timeout: Double,
    feed: (Int32) -> Bool = { _ in true }
  ) throws(CLIError) -> Outcome {
    Platform.ignoreBrokenPipes()
    let out = Platform.openForWriting(output)
    let err = Platform.openForWriting(error)
    defer {
      if out >= 0 { Platform.close(out) }
      if err >= 0 { Platform.close(err) }
    }
    guard out >= 0, err >= 0, let pipe = Platform.makePipe() else {
      throw CLIError.system(
        .cannotCreate, "cannot prepare to run \(program)", code: Platform.lastErrorCode)
    }
    let name = Path(program).name
    let pid: Int32
    do {
      pid = try AtomicOutput.startChild { () throws(CLIError) -> Int32 in
        switch Platform.spawn(
          program, [name] + arguments, input: pipe.read, output: out, error: err)
        {
        case .running(let pid): return pid
        case .failed(let code):
          throw CLIError.system(.unavailable, "cannot run \(program)", code: code)
        }
      }
    } catch {
      Platform.close(pipe.read)
      Platform.close(pipe.write)
      throw error
    }
    Platform.close(pipe.read)
    let watch = Watch()
    let watchdog = DispatchWorkItem {
      watch.state.withLock { state in
        guard !state.ended else { return }
        state.timedOut = true
        Platform.killGroup(pid)
      }
    }
    // Past a year is "never" (and keeps the deadline's nanoseconds in range).
    DispatchQueue.global().asyncAfter(
      deadline: .now() + min(timeout, 31_536_000), execute: watchdog)
    let fedAll = feed(pipe.write)
    Platform.close(pipe.write)
    Platform.waitUnreaped(pid)
    watchdog.cancel()
    let timedOut = watch.state.withLock { state in
      state.ended = true
      return state.timedOut
    }
    // The child is still unreaped, so its group is still its own.
    Platform.killGroup(pid)
    AtomicOutput.childEnded(pid)
    return Outcome(status: Platform.reap(pid), timedOut: timedOut, fedAll: fedAll)
  }

  /// The last non-empty line of the file `path` (a child's standard
  /// error), without the temporary path `hiding` where it names it, cut to
  /// ``CLIError/echoedCharacters``; "no message" when there is none.
  /// (``CLIError`` escapes it.)
  static func lastLine(of path: String, hiding: String? = nil) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "no message" }
    let text = String(decoding: data.suffix(65_536), as: UTF8.self)
    let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .last(where: { !$0.isEmpty })
      .map { line in hiding.map { line.replacingOccurrences(of: "\($0): ", with: "") } ?? line }
    return line.map(CLIError.echoed) ?? "no message"
  }
}
