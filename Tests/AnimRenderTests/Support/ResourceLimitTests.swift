import Foundation
import Testing
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// animrender under the system's limits (`ulimit -n`, `ulimit -v`), for
/// every output kind: it ends with a documented status, never a signal; a
/// refusal names the limit; and a failed run leaves no output and no
/// temporary file. Also: what a run killed by SIGKILL leaves behind is
/// cleaned by the next run.
@Suite("animrender under resource limits", .serialized)
struct ResourceLimitTests {
  /// One output of every kind: a strip, a frame set, the animations, the
  /// vector sheets, the player page and a video.
  static let outputs = [
    "a.png", "f%03d.png", "a.gif", "a.webp", "a.apng", "a.pdf", "a.svg", "a.html", "a.mp4",
  ]

  /// What a run under a limit may end with: success, a run over a limit
  /// (the pixel budget shrinks with the address space), the system out of
  /// a resource, an output that cannot be made (ffmpeg, under the same
  /// limit, failing).
  static let allowed: Set<Int32> = [0, 64, 71, 73]

  /// Runs `render` into `output` in a fresh folder under `limit` (a shell
  /// line such as `ulimit -n 16`), with its own TMPDIR, and checks the
  /// promises; returns the result.
  @discardableResult
  static func check(_ limit: String, _ output: String, size: String = "120x200")
    throws -> ProcessResult
  {
    let folder = TemporaryDirectory.make("limits")
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: false)
    let result = try animrender.run(
      ["render", "--frames", "12", "--size", size, "-o", output], in: folder,
      shell: "\(limit); TMPDIR='\(tmp.path)'; export TMPDIR", timeout: 240)
    let what = "\(limit), \(output): status \(result.status), \(result.stderr)"
    #expect(allowed.contains(result.status), "\(what)")
    let made = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0 != "tmp" }
    if result.status == 0 {
      #expect(!made.isEmpty, "\(what)")
    } else {
      #expect(made.isEmpty, "\(what): left \(made)")
      let message = result.stderr.lowercased()
      switch result.status {
      case 71:
        #expect(
          message.contains("ulimit -n") || message.contains("ulimit -v")
            || message.contains("out of memory"), "\(what)")
      case 64:
        #expect(message.contains("of memory") && message.contains("one run may use"), "\(what)")
      case 73: #expect(message.contains("ffmpeg") && message.contains("ulimit -v"), "\(what)")
      default: break
      }
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == [], "\(what)")
    return result
  }

  @Test(arguments: [6, 16, 31, 48])
  func openFileLimits(files: Int) throws {
    for output in Self.outputs { try Self.check("ulimit -n \(files)", output) }
  }

  @Test(arguments: [100_000, 330_000, 600_000])
  func addressSpaceLimits(kibibytes: Int) throws {
    for output in Self.outputs {
      try Self.check("ulimit -v \(kibibytes)", output)
      try Self.check("ulimit -v \(kibibytes)", output, size: "900x900")
    }
  }

  @Test func animrenderStartsUnderTheSmallestAddressSpaceItNeeds() throws {
    // The preview's HTTP server (and Foundation's networking, libcurl and
    // OpenSSL with it) lives in animrender-preview: animrender loads none of it.
    let libraries = try ProcessRunner.run(program: "ldd", [animrender.url.path])
    #expect(libraries.status == 0, "\(libraries.stderr)")
    for name in ["FoundationNetworking", "libcurl", "libssl", "libcrypto"] {
      #expect(!libraries.stdout.contains(name), "animrender links \(name)")
    }
    let version = try animrender.run(["--version"], shell: "ulimit -v 100000")
    #expect(version.status == 0, "\(version.stderr)")
    // animrender preview under it is refused by animrender, clearly,
    // before the server's program (which could not load) is run.
    let folder = TemporaryDirectory.make("limits")
    let preview = try animrender.run(
      ["preview", "missing.json"], in: folder, shell: "ulimit -v 100000")
    #expect(preview.status == 71, "\(preview.stderr)")
    #expect(preview.stderr.contains("the address-space limit (ulimit -v)"), "\(preview.stderr)")
  }

  @Test func tooFewOpenFilesIsOneClearRefusal() throws {
    let result = try Self.check("ulimit -n 16", "a.png")
    #expect(result.status == 71)
    #expect(result.stderr.contains("the limit (ulimit -n) is 16"), "\(result.stderr)")
    // Help and the version need nothing and still answer.
    let version = try animrender.run(["--version"], shell: "ulimit -n 16")
    #expect(version.status == 0, "\(version.stderr)")
  }

  @Test func tooLittleAddressSpaceIsOneClearRefusal() throws {
    let result = try Self.check("ulimit -v 250000", "a.gif")
    #expect(result.status == 71)
    #expect(
      result.stderr.contains("the address-space limit (ulimit -v) is 244 MiB"), "\(result.stderr)")
  }

  @Test func aLowSoftLimitIsRaisedToTheHardOne() throws {
    // 16 files by default, 4,096 allowed: the run raises its own limit (a
    // video needs about 20: ffmpeg's pipe and logs, and ffmpeg's own).
    let result = try Self.check("ulimit -Hn 4096; ulimit -Sn 16", "a.mp4")
    #expect(result.status == 0, "\(result.stderr)")
  }

  @Test func theBudgetShrinksWithTheAddressSpace() throws {
    // 12 frames of 2000×1500 kept for a GIF need 229 MiB: over what
    // 400 MiB of address space leaves, refused before drawing.
    let result = try Self.check("ulimit -v 409600", "a.gif", size: "2000x1500")
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("more than the 144 MiB one run may use"), "\(result.stderr)")
  }

  @Test func unreadableFontsFailAVectorSheetCleanly() throws {
    // Fonts fontconfig cannot read make drawing fail with the PDF half
    // written: the surface is let go before the file it writes into, and no
    // output may be left.
    let folder = TemporaryDirectory.make("fonts")
    let fonts = folder.appendingPathComponent("fonts")
    try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: false)
    for name in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
      try Data("not a font".utf8).write(to: fonts.appendingPathComponent(name))
    }
    for output in ["a.pdf", "a.svg", "a.png"] {
      let result = try animrender.run(
        ["render", "--frames", "3", "--size", "60x90", "-o", output], in: folder,
        shell: "TRANSIT_FONTS_DIR='\(fonts.path)'; export TRANSIT_FONTS_DIR")
      #expect(result.status == 70, "\(output): \(result.stderr)")
      #expect(result.stderr.contains("could not read the bundled font"), "\(result.stderr)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(output).path))
    }
  }

  @Test func aKilledVideoRunsFolderIsRemovedByTheNextRun() throws {
    let folder = TemporaryDirectory.make("stale")
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: false)
    // What a run killed by SIGKILL leaves: a folder named with its process
    // id, which no longer runs. Process ids are below 2^22 on Linux.
    let gone = tmp.appendingPathComponent("animrender-video-4194999-AbC123")
    try FileManager.default.createDirectory(at: gone, withIntermediateDirectories: false)
    try Data("frame".utf8).write(to: gone.appendingPathComponent("frame.png"))
    // A live process's folder, one of another name, and a link are kept.
    let live = tmp.appendingPathComponent("animrender-video-1-XyZ789")
    try FileManager.default.createDirectory(at: live, withIntermediateDirectories: false)
    let other = tmp.appendingPathComponent("animrender-videos-4194999-x")
    try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(
      atPath: tmp.appendingPathComponent("animrender-video-4194998-link").path,
      withDestinationPath: other.path)
    let result = try animrender.run(
      ["render", "--frames", "4", "--size", "40x60", "-o", "a.mp4"], in: folder,
      shell: "TMPDIR='\(tmp.path)'; export TMPDIR")
    #expect(result.status == 0, "\(result.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: tmp.path).sorted()
    #expect(
      left == [
        "animrender-video-1-XyZ789", "animrender-video-4194998-link",
        "animrender-videos-4194999-x",
      ])
  }

  @Test func aRunKilledBySIGKILLLeavesAFolderTheNextRunRemoves() throws {
    let folder = TemporaryDirectory.make("killed")
    let tmp = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: false)
    let environment = "TMPDIR='\(tmp.path)'; export TMPDIR"
    let process = animrender.make(
      ["render", "--frames", "400", "--size", "400x600", "-o", "a.mp4"], in: folder,
      shell: environment)
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Generous: on a loaded machine the release build can take a long time
    // to reach its first frame; the loop ends as soon as the folder exists.
    let deadline = Date().addingTimeInterval(300)
    func folders() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: tmp.path)) ?? [])
        .filter { $0.hasPrefix("animrender-video-") }
    }
    while folders().isEmpty, process.isRunning, Date() < deadline { usleep(10_000) }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    let stale = folders()
    #expect(stale.count == 1, "\(stale)")
    #expect(stale.first?.hasPrefix("animrender-video-\(process.processIdentifier)-") == true)
    let next = try animrender.run(
      ["render", "--frames", "4", "--size", "40x60", "-o", "b.mp4"], in: folder,
      shell: environment)
    #expect(next.status == 0, "\(next.stderr)")
    #expect(folders() == [])
  }
}

/// Which failures name a resource and exit 71: the mapping every site
/// that reports a failed system call goes through.
@Suite struct ExhaustedResourceTests {
  @Test func runningOutOfSomethingIs71() {
    for code in [EMFILE, ENFILE, ENOMEM, EAGAIN] {
      let error = CLIError.system(.cannotCreate, "cannot create 'a.png'", code: code)
      #expect(error.kind == .osError, "\(code)")
      #expect(error.message.hasPrefix("cannot create 'a.png': "))
    }
    let files = CLIError.system(.unavailable, "cannot run /usr/bin/ffmpeg", code: EMFILE)
    #expect(files.message.contains("too many open files"))
    #expect(files.message.contains("ulimit -n"))
    #expect(CLIError.system(.cannotCreate, "x", code: ENOMEM).message == "x: out of memory")
  }

  @Test func otherFailuresKeepTheirStatus() {
    let denied = CLIError.system(.cannotCreate, "cannot create 'a.png'", code: EACCES)
    #expect(denied.kind == .cannotCreate)
    #expect(denied.message == "cannot create 'a.png': Permission denied")
    #expect(CLIError.system(.unavailable, "cannot run x", code: ENOEXEC).kind == .unavailable)
  }

  @Test func aRenderErrorOfAnExhaustedResourceIs71() {
    let exhausted = RenderError.system("cannot open 'a.png' for reading", code: EMFILE)
    #expect(exhausted.kind == .systemResource)
    #expect(
      CLIError.failed("drawing frame 0 failed: \(exhausted)", cause: exhausted).kind == .osError)
    #expect(CLIError.cannotCreate(exhausted).kind == .osError)
    let broken = RenderError("a broken PNG")
    #expect(CLIError.failed("drawing frame 0 failed", cause: broken).kind == .software)
    #expect(CLIError.cannotCreate(broken).kind == .cannotCreate)
    #expect(
      RenderError.system("cannot open 'a.png'", code: ENOENT, kind: .unreadable).kind == .unreadable
    )
  }
}
