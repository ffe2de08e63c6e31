import Foundation
import Testing
import TransitRender
import TransitTestSupport

/// SIGINT, SIGTERM and SIGHUP sent at random points of a run, for every
/// output kind: the run either ends by that signal, leaving every old
/// output byte for byte, no temporary file (beside the outputs or in
/// `TMPDIR`), nothing on standard output and no `ffmpeg` running; or, when
/// the signal came too late to stop it, it has exited 0 with every output
/// whole. Nothing else.
///
/// Seeded (`TRANSIT_SEED`); `TRANSIT_SIGNAL_ROUNDS` sets the interrupted
/// runs per output kind (default 3, one per signal).
@Suite("Signals at random points, every output kind")
struct InterruptionTests {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  static let rounds =
    ProcessInfo.processInfo.environment["TRANSIT_SIGNAL_ROUNDS"]
    .flatMap { Int($0) } ?? 3

  /// Enough work to take a moment even in a release build.
  static let frames = 24
  static let work = [
    "render", "--size", "160x240", "--frames", "\(frames)", "--labels", "--states", "states.json",
    "--quiet",
  ]

  /// The processes whose command line mentions `text` (an orphaned ffmpeg
  /// writing into a run's temporary folder).
  static func processes(mentioning text: String) -> [String] {
    let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return ids.filter { $0.allSatisfy(\.isNumber) }.compactMap { id in
      guard let data = FileManager.default.contents(atPath: "/proc/\(id)/cmdline") else {
        return nil
      }
      let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
      return line.contains(text) ? "\(id): \(line.prefix(120))" : nil
    }
  }

  @Test(arguments: OutputKind.all)
  func aSignalAtAnyPointLeavesTheOldOutputsOrTheNewOnes(_ kind: OutputKind) throws {
    let seed =
      SplitMix64.seed(fallback: 0x5161_2026) ^ kind.name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }
    var random = SplitMix64(seed: seed)
    let root = TemporaryDirectory.make("signals-\(kind.name)")
    let folder = root.appendingPathComponent("run")
    let tmpdir = root.appendingPathComponent("tmp")
    let scratch = root.appendingPathComponent("scratch")
    for place in [folder, tmpdir, scratch] {
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
    }
    let reader = OutputReader(folder: scratch)
    // An uninterrupted run: it works, and says how long a run takes.
    let baseline = try FuzzRunner.run(
      animrender.url, Self.work + kind.arguments, in: folder, tmpdir: tmpdir, scratch: scratch,
      timeout: 300)
    try #require(baseline.status == 0, "\(String(decoding: baseline.stderr, as: UTF8.self))")
    #expect(
      kind.problemAfterSuccess(
        in: folder, stdout: baseline.stdout, reader: reader, frames: Self.frames) == nil)
    var interrupted = 0
    for round in 0..<Self.rounds {
      let signal = Self.signals[round % Self.signals.count]
      // Anywhere in the run, round r in its r-th slice of it, so that
      // every stage is hit: start-up, drawing, encoding, the commit.
      let slice =
        (Double(round % Self.signals.count) + Double(random.below(1_000)) / 1_000)
        / Double(Self.signals.count)
      let delay = 0.005 + slice * baseline.seconds * 0.9
      try? FileManager.default.removeItem(at: folder)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      for (path, bytes) in kind.oldFiles {
        try BinaryFile.write(bytes, to: folder.appendingPathComponent(path).path)
      }
      let before = StructuredFuzz.snapshot(folder)
      let outcome = try FuzzRunner.run(
        animrender.url, Self.work + kind.arguments, in: folder, tmpdir: tmpdir, scratch: scratch,
        timeout: 300, signal: signal, signalAfter: delay)
      let what = "seed \(seed), \(kind) round \(round): signal \(signal) after \(delay) s"
      let after = StructuredFuzz.snapshot(folder)
      let leftovers = after.keys.filter { $0.hasPrefix(".ar-") }
      #expect(leftovers.isEmpty, "\(what): left \(leftovers)")
      let inTmp = try FileManager.default.contentsOfDirectory(atPath: tmpdir.path)
      #expect(inTmp.isEmpty, "\(what): left \(inTmp) in TMPDIR")
      #expect(Self.processes(mentioning: tmpdir.path).isEmpty, "\(what): a child outlived it")
      if outcome.signal == signal {
        interrupted += 1
        // Untouched, or (a signal during the commit waits for it) all new.
        if after != before {
          #expect(
            kind.problemAfterSuccess(
              in: folder, stdout: outcome.stdout, reader: reader, frames: Self.frames) == nil,
            "\(what): the old outputs changed, and not into the new ones")
        } else {
          #expect(
            outcome.stdout.isEmpty, "\(what): \(outcome.stdout.count) bytes on standard output")
        }
      } else if outcome.status == 0 {
        #expect(
          kind.problemAfterSuccess(
            in: folder, stdout: outcome.stdout, reader: reader, frames: Self.frames) == nil,
          "\(what)")
      } else {
        Issue.record(
          "\(what): ended with status \(outcome.status.map(String.init) ?? "-") signal \(outcome.signal.map(String.init) ?? "-"): \(String(decoding: outcome.stderr, as: UTF8.self))"
        )
      }
    }
    // The delays are spread over the run, so most signals land in it.
    if Self.rounds >= 3 { #expect(interrupted > 0, "no signal landed in a run of \(kind)") }
  }
}

extension InterruptionTests {
  /// Under `nohup` (SIGHUP ignored when animrender starts), a hang-up does
  /// not stop the run: it finishes and writes its outputs.
  @Test func aHangUpUnderNohupIsIgnored() throws {
    let root = TemporaryDirectory.make("nohup")
    let folder = root.appendingPathComponent("run")
    let tmpdir = root.appendingPathComponent("tmp")
    for place in [folder, tmpdir] {
      try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
    }
    let outcome = try FuzzRunner.run(
      animrender.url, Self.work + ["-o", "out.gif"], in: folder, tmpdir: tmpdir, scratch: root,
      timeout: 300, shell: "trap '' HUP", signal: SIGHUP, signalAfter: 0.2)
    #expect(outcome.status == 0, "\(String(decoding: outcome.stderr, as: UTF8.self))")
    let reader = OutputReader(folder: root)
    #expect(reader.problem(folder.appendingPathComponent("out.gif").path, .gif) == nil)
  }
}
