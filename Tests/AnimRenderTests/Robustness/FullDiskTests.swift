import Foundation
import Testing
import TransitRender
import TransitTestSupport

/// Every output kind written onto a full disk: a small tmpfs holding the
/// old outputs and `TMPDIR` (where ffmpeg writes), filled until only a few
/// bytes or kilobytes are free. The run either fits (0, every output
/// whole) or fails with 73 and a message, leaving the old outputs byte for
/// byte and no temporary file or folder.
///
/// Mounting needs root (or a user namespace CI may not allow): without it
/// the test is skipped, saying so.
@Suite("Full disk, every output kind")
struct FullDiskTests {
  /// Whether a tmpfs can be mounted here; tried once.
  static let canMount: Bool = {
    guard getuid() == 0 else { return false }
    let probe = TemporaryDirectory.make("mount-probe")
    defer { _ = try? ProcessRunner.run(program: "umount", [probe.path]) }
    return
      (try? ProcessRunner.run(
        program: "mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path]))?
      .status == 0
  }()

  /// Unmounts `folder`, trying again for a second if `umount` fails, so
  /// that no tmpfs outlives the test.
  static func unmount(_ folder: URL) {
    for _ in 0..<5 {
      if (try? ProcessRunner.run(program: "umount", ["-l", folder.path]))?.status == 0 { return }
      usleep(200_000)
    }
    Issue.record("cannot unmount \(folder.path)")
  }

  /// Fills the file system holding `folder` until `free` bytes or fewer
  /// are left (the page size rounds it).
  static func fill(_ folder: URL, leaving free: Int) throws {
    let path = folder.appendingPathComponent("filler").path
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    try #require(fd >= 0)
    defer { close(fd) }
    let chunk = [UInt8](repeating: 0x5A, count: 4_096)
    var written = 0
    while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 { written += 4_096 }
    try #require(ftruncate(fd, off_t(max(0, written - free))) == 0)
  }

  @Test(
    .enabled(if: canMount, "needs root to mount a small tmpfs (mount -t tmpfs): skipped"),
    arguments: OutputKind.all)
  func aFullDiskLeavesTheOldOutputs(_ kind: OutputKind) throws {
    let root = TemporaryDirectory.make("full-\(kind.name)")
    let disk = root.appendingPathComponent("disk")
    let scratch = root.appendingPathComponent("scratch")
    for place in [disk, scratch] {
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
    }
    let mounted = try ProcessRunner.run(
      program: "mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.path])
    try #require(mounted.status == 0, "\(mounted.stderr)")
    defer { Self.unmount(disk) }
    let reader = OutputReader(folder: scratch)
    let folder = disk.appendingPathComponent("run")
    let tmpdir = disk.appendingPathComponent("tmp")
    var failed = 0
    // From nothing free to about the size of the outputs.
    for free in [0, 512, 8_192, 65_536, 262_144] {
      for place in [folder, tmpdir] {
        try? FileManager.default.removeItem(at: place)
        try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
      }
      try? FileManager.default.removeItem(at: disk.appendingPathComponent("filler"))
      for (path, bytes) in kind.oldFiles {
        try BinaryFile.write(bytes, to: folder.appendingPathComponent(path).path)
      }
      try Self.fill(disk, leaving: free)
      let before = StructuredFuzz.snapshot(folder)
      let arguments =
        InterruptionTests.work.map { $0 == "\(InterruptionTests.frames)" ? "6" : $0 }
        + kind.arguments
      let outcome = try FuzzRunner.run(
        animrender.url, arguments, in: folder, tmpdir: tmpdir, scratch: scratch, timeout: 300)
      let what = "\(kind), \(free) bytes free"
      let stderr = String(decoding: outcome.stderr, as: UTF8.self)
      let after = StructuredFuzz.snapshot(folder)
      #expect(after.keys.filter { $0.hasPrefix(".ar-") }.isEmpty, "\(what): \(after.keys.sorted())")
      let inTmp = try FileManager.default.contentsOfDirectory(atPath: tmpdir.path)
      #expect(inTmp.isEmpty, "\(what): left \(inTmp) in TMPDIR")
      switch outcome.status {
      case 0:
        #expect(
          kind.problemAfterSuccess(in: folder, stdout: outcome.stdout, reader: reader, frames: 6)
            == nil, "\(what)")
      case 73:
        failed += 1
        #expect(after == before, "\(what): the old outputs changed")
        #expect(outcome.stdout.isEmpty, "\(what): \(outcome.stdout.count) bytes on standard output")
        #expect(!stderr.isEmpty && stderr.split(separator: "\n").count == 1, "\(what): \(stderr)")
      default:
        Issue.record(
          "\(what): status \(outcome.status.map(String.init) ?? "-") signal \(outcome.signal.map(String.init) ?? "-"): \(stderr)"
        )
      }
    }
    // With nothing free, nothing fits.
    #expect(failed > 0, "\(kind): never ran out of room")
  }
}
