import Foundation
import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// ffmpeg as a supervised child, end to end: fake `ffmpeg` programs on a
/// `PATH` built for each test (hanging, lying about success, failing, a
/// folder in the way), signals mid-encode, and the real ffmpeg beside them.
/// Every run gets its own `TMPDIR`, so a left-over `animrender-video-*`
/// folder is seen.
@Suite("ffmpeg as a supervised child")
struct SupervisedFFmpegTests {
  static let example = ["render", "--size", "40x30", "--frames", "6", "--duration", "0.3"]

  /// A test's folders: `bin` (for fake programs), `tmp` (its TMPDIR) and
  /// the folder itself, where outputs go.
  struct Setup {
    let folder = TemporaryDirectory.make("ffmpeg")
    var bin: URL { folder.appendingPathComponent("bin") }
    var tmp: URL { folder.appendingPathComponent("tmp") }
    var pidFile: URL { folder.appendingPathComponent("fake.pid") }

    init() throws {
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: false)
      try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: false)
    }

    /// Writes an executable shell script `ffmpeg` into `bin`.
    func fake(_ body: String, name: String = "ffmpeg") throws {
      let url = bin.appendingPathComponent(name)
      try Data("#!/bin/sh\n\(body)\n".utf8).write(to: url)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    /// Shell lines giving the run `path` as PATH (the fakes first, then the
    /// system's ffprobe), this TMPDIR and the fakes' pid file.
    func environment(path: String? = nil, extra: String = "") -> String {
      let path = path ?? "\(bin.path):/usr/bin:/bin"
      return
        "PATH='\(path)'; TMPDIR='\(tmp.path)'; FAKE_PID='\(pidFile.path)'; export PATH TMPDIR FAKE_PID\(extra)"
    }

    /// The `animrender-video-*` folders left in TMPDIR.
    func leftovers() throws -> [String] {
      try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter {
        $0.hasPrefix("animrender-video-")
      }
    }

    func exists(_ name: String) -> Bool {
      FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }
  }

  /// A fake that writes its process id and then sleeps for good (the same
  /// process: `exec`), never reading its input.
  static let hanging = #"echo $$ > "$FAKE_PID"; exec sleep 100000"#

  /// Whether `pid` is still a live process (a zombie is not: it has ended
  /// and only waits to be reaped).
  static func isAlive(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state != "Z" && state != "X"
  }

  /// Waits up to `seconds` for `pid` to end; whether it did.
  static func ends(_ pid: Int32, within seconds: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if !isAlive(pid) { return true }
      usleep(20_000)
    }
    return !isAlive(pid)
  }

  /// The fake's process id (or the one in `file`), once it has written it
  /// (up to 30 s).
  static func fakePID(_ setup: Setup, file: URL? = nil) -> Int32? {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline {
      if let text = try? String(contentsOf: file ?? setup.pidFile, encoding: .utf8),
        let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return pid
      }
      usleep(20_000)
    }
    return nil
  }

  @Test func aHangingFFmpegIsKilledAtTheTimeLimit() throws {
    let setup = try Setup()
    try setup.fake(Self.hanging)
    let started = Date()
    let result = try animrender.run(
      Self.example + ["-o", "a.mp4"], in: setup.folder,
      shell: setup.environment(extra: "; TRANSIT_FFMPEG_TIMEOUT=1; export TRANSIT_FFMPEG_TIMEOUT"),
      timeout: 60)
    #expect(result.status == 73, "\(result.stderr)")
    #expect(result.stderr.contains("did not finish the mp4 in 1 s"), "\(result.stderr)")
    #expect(Date().timeIntervalSince(started) < 30)
    let pid = try #require(Self.fakePID(setup))
    #expect(Self.ends(pid), "the fake ffmpeg \(pid) still runs")
    #expect(!setup.exists("a.mp4"))
    #expect(try setup.leftovers() == [])
  }

  @Test func aBadTimeLimitIsAUsageError() throws {
    let setup = try Setup()
    for bad in ["0", "-1", "nan", "soon"] {
      let result = try animrender.run(
        Self.example + ["-o", "a.webm"], in: setup.folder,
        shell: setup.environment(
          extra: "; TRANSIT_FFMPEG_TIMEOUT='\(bad)'; export TRANSIT_FFMPEG_TIMEOUT"))
      #expect(result.status == 64, "\(bad): \(result.stderr)")
      #expect(result.stderr.contains("TRANSIT_FFMPEG_TIMEOUT"))
    }
  }

  /// What ffmpeg does with a full TMPDIR: exit 0 with an unplayable file.
  @Test func aTruncatedVideoIsNotPublished() throws {
    let setup = try Setup()
    try setup.fake(
      #"cat > /dev/null; for last; do :; done; head -c 100 /dev/urandom > "$last"; exit 0"#)
    let old = Data("old video".utf8)
    try old.write(to: setup.folder.appendingPathComponent("a.mp4"))
    let result = try animrender.run(
      Self.example + ["-o", "a.mp4"], in: setup.folder, shell: setup.environment())
    #expect(result.status == 73, "\(result.stderr)")
    #expect(result.stderr.contains("cannot be read back"), "\(result.stderr)")
    #expect(!result.stderr.contains(setup.tmp.path), "\(result.stderr)")
    #expect(try Data(contentsOf: setup.folder.appendingPathComponent("a.mp4")) == old)
    #expect(try setup.leftovers() == [])
  }

  /// A well-formed video of the wrong length: the real ffmpeg told another
  /// frame rate (1 fps), so every frame is there but the duration is not.
  @Test func aVideoOfTheWrongDurationIsNotPublished() throws {
    let setup = try Setup()
    try setup.fake(
      #"""
      previous=
      for argument; do
        if [ "$previous" = "-framerate" ]; then set -- "$@" 1; else set -- "$@" "$argument"; fi
        previous=$argument
        shift
      done
      exec /usr/bin/ffmpeg "$@"
      """#)
    let result = try animrender.run(
      Self.example + ["-o", "a.webm"], in: setup.folder, shell: setup.environment())
    #expect(result.status == 73, "\(result.stderr)")
    #expect(result.stderr.contains("does not check out"), "\(result.stderr)")
    #expect(!setup.exists("a.webm"))
    #expect(try setup.leftovers() == [])
  }

  @Test func aFailingFFmpegGives73WithItsLastLineEscapedAndCut() throws {
    let setup = try Setup()
    let long = String(repeating: "x", count: 200)
    try setup.fake(
      #"cat > /dev/null; echo "first line" >&2; printf 'Unknown encoder \033[31m\#(long)\n\n' >&2; exit 1"#
    )
    let result = try animrender.run(
      Self.example + ["-o", "a.mp4"], in: setup.folder, shell: setup.environment())
    #expect(result.status == 73, "\(result.stderr)")
    #expect(result.stderr.contains(#"exit status 1"#), "\(result.stderr)")
    #expect(result.stderr.contains(#"Unknown encoder \u{1b}[31mxxx"#), "\(result.stderr)")
    #expect(!result.stderr.contains(String(repeating: "x", count: 80)), "\(result.stderr)")
    #expect(!result.stderr.contains("first line"))
    #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    #expect(!setup.exists("a.mp4"))
    #expect(try setup.leftovers() == [])
  }

  /// As a shell does: a folder or a file without the execute bit named
  /// ffmpeg is passed over for the real one further along PATH.
  @Test func aFolderOrPlainFileNamedFFmpegIsPassedOver() throws {
    let setup = try Setup()
    let other = setup.folder.appendingPathComponent("other")
    try FileManager.default.createDirectory(
      at: setup.bin.appendingPathComponent("ffmpeg"), withIntermediateDirectories: false)
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
    try Data("#!/bin/sh\nexit 1\n".utf8).write(to: other.appendingPathComponent("ffmpeg"))
    let result = try animrender.run(
      Self.example + ["-o", "a.mp4"], in: setup.folder,
      shell: setup.environment(path: "\(setup.bin.path):\(other.path):/usr/bin:/bin"))
    #expect(result.status == 0, "\(result.stderr)")
    let probe = try OutsideDecoders.probeVideo(setup.folder.appendingPathComponent("a.mp4").path)
    #expect(probe.frames == 6)
    #expect(try setup.leftovers() == [])
  }

  @Test func anFFmpegThatCannotRunGives69() throws {
    let setup = try Setup()
    let url = setup.bin.appendingPathComponent("ffmpeg")
    try Data([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2, 3]).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    let result = try animrender.run(
      Self.example + ["-o", "a.mp4"], in: setup.folder, shell: setup.environment())
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("cannot run \(url.path)"), "\(result.stderr)")
    #expect(!setup.exists("a.mp4"))
    #expect(try setup.leftovers() == [])
  }

  @Test func noFFmpegGives69() throws {
    let setup = try Setup()
    let result = try animrender.run(
      Self.example + ["-o", "a.webm"], in: setup.folder,
      shell: setup.environment(path: setup.bin.path))
    #expect(result.status == 69, "\(result.stderr)")
    #expect(result.stderr.contains("ffmpeg"))
    #expect(!setup.exists("a.webm"))
  }

  /// A fake that writes its process id, starts a grandchild (a `sleep`
  /// in its process group) that writes its own, and waits.
  static let parent =
    #"echo $$ > "$FAKE_PID"; sleep 100000 & echo $! > "$FAKE_PID.child"; wait"#

  /// SIGINT and SIGTERM kill ffmpeg's whole process group (a grandchild
  /// included) and remove the folder; SIGKILL, which no handler sees, still
  /// kills ffmpeg itself (`PR_SET_PDEATHSIG`).
  @Test(arguments: [SIGINT, SIGTERM, SIGKILL])
  func aSignalMidEncodeLeavesNoFFmpegAndNoFolder(_ signal: Int32) throws {
    let setup = try Setup()
    try setup.fake(Self.parent)
    let process = animrender.make(
      Self.example + ["-o", "a.mp4"], in: setup.folder, shell: setup.environment())
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    let childFile = URL(fileURLWithPath: setup.pidFile.path + ".child")
    guard let pid = Self.fakePID(setup), let child = Self.fakePID(setup, file: childFile) else {
      kill(process.processIdentifier, SIGKILL)
      Issue.record("the fake ffmpeg never started")
      return
    }
    // Nothing is left running after the test, even when it fails.
    defer {
      kill(pid, SIGKILL)
      kill(child, SIGKILL)
    }
    #expect(try setup.leftovers().count == 1)
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
    #expect(Self.ends(pid), "the fake ffmpeg \(pid) outlived animrender")
    if signal != SIGKILL {
      #expect(Self.ends(child), "the fake ffmpeg's child \(child) outlived animrender")
      #expect(try setup.leftovers() == [])
    }
    #expect(!setup.exists("a.mp4"))
  }

  @Test(arguments: ["mp4", "webm"])
  func theRealFFmpegStillWritesEveryFrame(format: String) throws {
    let setup = try Setup()
    let result = try animrender.run(
      Self.example + ["-o", "a.\(format)"], in: setup.folder,
      shell: setup.environment(path: "/usr/bin:/bin"))
    #expect(result.status == 0, "\(result.stderr)")
    let probe = try OutsideDecoders.probeVideo(
      setup.folder.appendingPathComponent("a.\(format)").path)
    #expect(probe.frames == 6)
    #expect(try setup.leftovers() == [])
  }
}

/// The time limit's formula, as Docs/CLI.md gives it.
@Suite("ffmpeg's time limit")
struct FFmpegTimeLimitTests {
  @Test(.enabled(if: ProcessInfo.processInfo.environment[VideoEncoder.timeoutVariable] == nil))
  func theLimitGrowsWithFramesAndPixels() throws {
    #expect(try VideoEncoder.timeout(frames: 0, width: 400, height: 300) == 30)
    #expect(
      abs(try VideoEncoder.timeout(frames: 100, width: 400, height: 300) - 59) < 1e-9)
    let hd = try VideoEncoder.timeout(frames: 1000, width: 1920, height: 1080)
    #expect(abs(hd - (30 + 50 + 4147.2)) < 1e-6, "\(hd)")
    #expect(VideoEncoder.seconds(30) == "30")
    #expect(VideoEncoder.seconds(2.5) == "2.5")
  }
}
