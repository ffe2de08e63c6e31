import Foundation
import Synchronization
import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// The structured fuzzer over every command and output kind (see
/// ``StructuredFuzz`` for what each case is checked for, ``FuzzCase`` for
/// how cases are drawn). A normal test run draws a few dozen cases; the
/// environment asks for more:
///
/// - `TRANSIT_FUZZ_CASES`: how many (default 48), `TRANSIT_FUZZ_FIRST` the
///   first index (to go on from an earlier run);
/// - `TRANSIT_FUZZ_CASE`: replay only that case;
/// - `TRANSIT_SEED`: the seed (printed with every failure);
/// - `TRANSIT_FUZZ_WORKERS`: cases run side by side (default 2);
/// - `TRANSIT_FUZZ_TIMEOUT`: seconds a case may take (default 120);
/// - `TRANSIT_ANIMRENDER`: the program to run (say, a release build);
/// - `TRANSIT_FUZZ_KEEP`: a folder that gets a copy of each case's files
///   before its run, and its command line, to replay it by hand;
/// - `TRANSIT_FUZZ_LOG`: a file that gets each failure as it happens and
///   a progress line every 500 cases.
@Suite("Structured fuzzer")
struct StructuredFuzzTests {
  static let environment = ProcessInfo.processInfo.environment

  static func number(_ name: String, _ fallback: Int) -> Int {
    environment[name].flatMap { Int($0) } ?? fallback
  }

  @Test func everyCommandAndOutputKeepsItsPromises() throws {
    let seed = SplitMix64.seed(fallback: 0xF022_2026)
    let executable =
      Self.environment["TRANSIT_ANIMRENDER"].map { URL(fileURLWithPath: $0) }
      ?? animrender.url
    let first = Self.number("TRANSIT_FUZZ_FIRST", 0)
    let count = Self.number("TRANSIT_FUZZ_CASES", 48)
    let indices =
      Self.number("TRANSIT_FUZZ_CASE", -1) >= 0
      ? [Self.number("TRANSIT_FUZZ_CASE", 0)] : Array(first..<(first + count))
    let workers = max(1, min(Self.number("TRANSIT_FUZZ_WORKERS", 2), indices.count))
    let timeout = Double(Self.number("TRANSIT_FUZZ_TIMEOUT", 120))
    let log = Self.environment["TRANSIT_FUZZ_LOG"].flatMap { path -> FileHandle? in
      _ = FileManager.default.createFile(atPath: path, contents: nil)
      return FileHandle(forWritingAtPath: path)
    }
    let styles = TransitionStyles.builtIn.names
    let tallies = Tallies()
    let start = Date()
    // Threads of their own, not concurrentPerform, which runs no more
    // workers at once than there are cores.
    let group = DispatchGroup()
    for worker in 0..<workers {
      group.enter()
      Thread {
        let fuzz = StructuredFuzz(
          executable: executable, seed: seed, timeout: timeout, styles: styles)
        var tally = StructuredFuzz.Tally()
        fuzz.run(
          indices.enumerated().lazy.filter { $0.offset % workers == worker }.map(\.element),
          into: &tally, log: log)
        tallies.all.withLock { $0.append(tally) }
        group.leave()
      }.start()
    }
    group.wait()
    let all = tallies.all.withLock { $0 }
    var total = StructuredFuzz.Tally()
    for tally in all {
      total.cases += tally.cases
      total.failures += tally.failures
      total.peakKiB = max(total.peakKiB, tally.peakKiB)
      total.slowest = max(total.slowest, tally.slowest)
      total.statuses.merge(tally.statuses, uniquingKeysWith: +)
      total.commands.merge(tally.commands, uniquingKeysWith: +)
      total.outputs.merge(tally.outputs, uniquingKeysWith: +)
    }
    let summary = String(
      format:
        "structured fuzz, seed %llu: %d cases in %.0f s, %d failures; peak %d MiB, slowest %.1f s; statuses %@; commands %@; outputs %@",
      seed, total.cases, Date().timeIntervalSince(start), total.failures.count,
      total.peakKiB / 1024, total.slowest,
      total.statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(
        separator: ", "),
      total.commands.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
        separator: ", "),
      total.outputs.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
        separator: ", "))
    log?.write(Data((summary + "\n").utf8))
    print(summary)
    for failure in total.failures.prefix(20) { Issue.record("\(failure)") }
    #expect(total.cases == indices.count)
  }

  /// The workers' counts, gathered as each finishes.
  final class Tallies: Sendable {
    let all = Mutex<[StructuredFuzz.Tally]>([])
  }

  /// The fuzzer's own parts can tell a bad output from a good one.
  @Test func theOracleRejectsBrokenOutputs() throws {
    let folder = TemporaryDirectory.make()
    let reader = OutputReader(folder: folder)
    var random = SplitMix64(seed: 7)
    let good = PNGForge.make(
      width: 5, height: 3, colorType: 6, depth: 8, interlaced: true, random: &random)
    let path = folder.appendingPathComponent("good.png").path
    try BinaryFile.write(good, to: path)
    #expect(reader.problem(path, .png) == nil)
    for damage in [PNGForge.Damage.truncated, .noEnd, .notPNG] {
      let bad = PNGForge.make(
        width: 5, height: 3, colorType: 2, depth: 16, interlaced: false, damage: damage,
        random: &random)
      try BinaryFile.write(bad, to: path)
      #expect(reader.problem(path, .png) != nil, "\(damage)")
    }
    #expect(reader.problem(bytes: Array("GIF89a".utf8), path: nil, .gif) != nil)
    #expect(reader.problem(bytes: Array("{\"a\": 1".utf8), path: nil, .json) != nil)
    #expect(reader.problem(bytes: Array("t,value\n0,nan\n".utf8), path: nil, .csv) != nil)
    #expect(reader.problem(bytes: Array("<svg><g></g>".utf8), path: nil, .svg) != nil)
    #expect(
      StructuredFuzz.frames(of: "f-%03d.png", in: ["f-000.png", "f-12.png", "g-1.png"]) == [
        0: "f-000.png", 12: "f-12.png",
      ])
  }

  /// Every forged PNG without damage is one animrender reads, in every
  /// colour type, bit depth and interlacing: so a refusal in the fuzzer
  /// means the damage, not the forger.
  @Test func forgedPNGsAreValid() throws {
    let folder = TemporaryDirectory.make()
    var random = SplitMix64(seed: 11)
    for (colorType, depths) in PNGForge.depths {
      for depth in depths {
        for interlaced in [false, true] {
          let bytes = PNGForge.make(
            width: 1 + Int(random.below(13)), height: 1 + Int(random.below(9)),
            colorType: colorType, depth: depth, interlaced: interlaced, random: &random)
          let path = folder.appendingPathComponent("c\(colorType)-\(depth)-\(interlaced).png")
          try BinaryFile.write(bytes, to: path.path)
          let run = try animrender.run(
            ["diff", path.path, path.path], in: folder)
          #expect(run.status == 0, "colour type \(colorType), depth \(depth): \(run.stderr)")
        }
      }
    }
  }
}
