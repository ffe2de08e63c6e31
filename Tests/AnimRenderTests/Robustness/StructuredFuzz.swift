import Foundation
import TransitRender
import TransitTestSupport

/// The structured fuzzer: runs ``FuzzCase``s through the animrender program
/// and checks each against the promises that hold for every input.
///
/// - No signal ends it (no trap), and it ends within the time limit.
/// - Its exit status is one CLI.md documents for the command (70, a bug, is
///   a failure).
/// - Peak resident memory within the documented 2.25 GiB.
/// - No temporary file is left: no `.ar-*` file anywhere in its folder and
///   nothing in its `TMPDIR`.
/// - All or nothing: a run that fails leaves every file as it was, writes
///   no new one and nothing to standard output; one that succeeds writes
///   every output, each readable (signature and structure, every frame
///   decoded by Pillow when it is installed), replaces a frame set whole,
///   and changes no other file.
/// - A message on standard error for every failure, holding no raw control
///   or bidirectional-override character.
struct StructuredFuzz {
  var executable: URL
  var seed: UInt64
  var timeout: Double
  var styles: [String]
  /// Where each case runs; emptied before each.
  let folder: URL
  let tmpdir: URL
  let scratch: URL
  let reader: OutputReader

  /// Seconds past which a case is logged as slow.
  static let slow = 10.0

  /// The documented budget: 2.25 GiB.
  static let budgetKiB = 2_359_296

  /// Counts of a run of cases, and what went wrong.
  struct Tally: Sendable {
    var cases = 0
    var statuses: [Int32: Int] = [:]
    var failures: [String] = []
    var peakKiB = 0
    var slowest = 0.0
    var commands: [String: Int] = [:]
    var outputs: [String: Int] = [:]
  }

  init(executable: URL, seed: UInt64, timeout: Double, styles: [String]) {
    self.executable = executable
    self.seed = seed
    self.timeout = timeout
    self.styles = styles
    let root = TemporaryDirectory.make("fuzz")
    folder = root.appendingPathComponent("case")
    tmpdir = root.appendingPathComponent("tmp")
    scratch = root.appendingPathComponent("scratch")
    try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    reader = OutputReader(folder: scratch)
  }

  /// Runs the cases `indices`, appending to `tally`; `log` (a file) gets a
  /// line per failure and a progress line every 500 cases.
  func run(_ indices: some Sequence<Int>, into tally: inout Tally, log: FileHandle? = nil) {
    for index in indices {
      let fuzzCase = FuzzCase.make(seed: seed, index: index, styles: styles)
      tally.cases += 1
      tally.commands[fuzzCase.arguments.first ?? "", default: 0] += 1
      for output in fuzzCase.outputs {
        tally.outputs[output.isPattern ? "frames" : output.kind.rawValue, default: 0] += 1
      }
      if let kind = fuzzCase.stdout { tally.outputs["stdout-\(kind.rawValue)", default: 0] += 1 }
      let problems: [String]
      var outcome: FuzzRunner.Outcome?
      do {
        (problems, outcome) = try check(fuzzCase, index: index)
      } catch {
        problems = ["the harness failed: \(error)"]
      }
      if let outcome {
        if outcome.seconds > Self.slow, problems.isEmpty {
          // Not a failure, but worth knowing: what takes long.
          log?.write(
            Data(
              String(
                format: "slow: seed %llu case %d took %.1f s\n  %@\n", seed, index,
                outcome.seconds, fuzzCase.commandLine
              ).utf8))
        }
        if let status = outcome.status { tally.statuses[status, default: 0] += 1 }
        tally.peakKiB = max(tally.peakKiB, outcome.peakKiB ?? 0)
        tally.slowest = max(tally.slowest, outcome.seconds)
      }
      if !problems.isEmpty {
        let stderr = outcome.map { String(decoding: $0.stderr.prefix(400), as: UTF8.self) } ?? ""
        let line =
          "seed \(seed) case \(index): \(problems.joined(separator: "; "))\n  \(fuzzCase.commandLine)\n  stderr: \(stderr.debugDescription)"
        tally.failures.append(line)
        log?.write(Data((line + "\n").utf8))
      }
      if let log, tally.cases.isMultiple(of: 500) {
        log.write(
          Data(
            "progress \(Date()) cases \(tally.cases) failures \(tally.failures.count) peak \(tally.peakKiB) KiB slowest \(tally.slowest) s statuses \(tally.statuses.sorted { $0.key < $1.key })\n"
              .utf8))
      }
    }
  }

  /// Every file under `root` (relative paths, folders left out) and its bytes.
  static func snapshot(_ root: URL) -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    guard let paths = FileManager.default.subpaths(atPath: root.path) else { return files }
    for path in paths {
      var isFolder: ObjCBool = false
      let full = root.appendingPathComponent(path).path
      guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder),
        !isFolder.boolValue
      else { continue }
      files[path] = Array(FileManager.default.contents(atPath: full) ?? Data())
    }
    return files
  }

  /// The files of `pattern`'s set among `names`, by frame number.
  static func frames(of pattern: String, in names: some Sequence<String>) -> [Int: String] {
    let percent = pattern.firstIndex(of: "%")!
    let prefix = String(pattern[..<percent])
    let afterD = pattern[pattern.index(after: percent)...].drop { $0 != "d" }.dropFirst()
    let suffix = String(afterD)
    var set: [Int: String] = [:]
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
      let middle = name.dropFirst(prefix.count).dropLast(suffix.count)
      guard !middle.isEmpty, middle.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(middle)
      else { continue }
      set[n] = name
    }
    return set
  }

  func check(_ fuzzCase: FuzzCase, index: Int) throws -> ([String], FuzzRunner.Outcome) {
    let manager = FileManager.default
    for place in [folder, tmpdir] {
      try? manager.removeItem(at: place)
      try manager.createDirectory(at: place, withIntermediateDirectories: true)
    }
    for sub in fuzzCase.folders {
      try manager.createDirectory(
        at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    for (path, bytes) in fuzzCase.files {
      let url = folder.appendingPathComponent(path)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try BinaryFile.write(bytes, to: url.path)
    }
    if let keep = ProcessInfo.processInfo.environment["TRANSIT_FUZZ_KEEP"] {
      // The case's files as they were before the run, to replay it by hand.
      let copy = URL(fileURLWithPath: keep).appendingPathComponent("case-\(index)")
      try? manager.removeItem(at: copy)
      try manager.createDirectory(
        at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
      try manager.copyItem(at: folder, to: copy)
      try Data((fuzzCase.commandLine + "\n").utf8).write(
        to: copy.appendingPathComponent("../case-\(index).sh"))
    }
    let before = Self.snapshot(folder)
    let outcome = try FuzzRunner.run(
      executable, fuzzCase.arguments, in: folder, tmpdir: tmpdir, scratch: scratch,
      timeout: timeout)
    var problems: [String] = []
    if outcome.timedOut {
      problems.append(String(format: "hang: killed after %.0f s", timeout))
    } else if let signal = outcome.signal {
      problems.append("ended by signal \(signal)")
    }
    let status = outcome.status ?? -1
    if outcome.status != nil, !fuzzCase.allowed.contains(status) {
      problems.append("exit status \(status)")
    }
    if let peak = outcome.peakKiB, peak > Self.budgetKiB {
      problems.append("peak memory \(peak / 1024) MiB, over the 2.25 GiB budget")
    }
    let after = Self.snapshot(folder)
    let leftovers = after.keys.filter { $0.split(separator: "/").contains { $0.hasPrefix(".ar-") } }
    if !leftovers.isEmpty { problems.append("temporary files left: \(leftovers.sorted())") }
    let inTmp = (try? manager.contentsOfDirectory(atPath: tmpdir.path)) ?? []
    if !inTmp.isEmpty { problems.append("left in TMPDIR: \(inTmp.sorted())") }
    let succeeded = status == 0 || (status == 1 && fuzzCase.arguments.first == "diff")
    if outcome.status == nil {
      // Already reported.
    } else if succeeded {
      var owned = Set<String>()
      for output in fuzzCase.outputs {
        if output.isPattern {
          let folderPart = (output.path as NSString).deletingLastPathComponent
          let names = after.keys.filter {
            ($0 as NSString).deletingLastPathComponent == folderPart
          }.map { ($0 as NSString).lastPathComponent }
          let set = Self.frames(of: (output.path as NSString).lastPathComponent, in: names)
          if set.isEmpty { problems.append("no frames for \(output.path)") }
          if Set(set.keys) != Set(0..<set.count) {
            problems.append(
              "frame numbers \(set.keys.sorted().prefix(20)) are not 0…\(set.count - 1)")
          }
          for name in set.values.sorted() {
            let path = folderPart.isEmpty ? name : folderPart + "/" + name
            owned.insert(path)
            if let problem = reader.problem(folder.appendingPathComponent(path).path, .png) {
              problems.append("\(path): \(problem)")
            }
          }
        } else {
          owned.insert(output.path)
          let isNew = after[output.path] != nil && after[output.path] != before[output.path]
          if fuzzCase.arguments.first == "diff", !isNew { continue }
          if let problem = reader.problem(
            folder.appendingPathComponent(output.path).path, output.kind)
          {
            problems.append("\(output.path): \(problem)")
          }
        }
      }
      if let kind = fuzzCase.stdout {
        let path = scratch.appendingPathComponent("stdout").path
        if let problem = reader.problem(bytes: outcome.stdout, path: path, kind) {
          problems.append("standard output: \(problem)")
        }
      }
      for (path, bytes) in after where !owned.contains(path) && before[path] != bytes {
        problems.append(before[path] == nil ? "an unexpected new file \(path)" : "\(path) changed")
      }
      for path in before.keys where after[path] == nil && !owned.contains(path) {
        // Old frames of a set may go; nothing else may.
        let isOldFrame = fuzzCase.outputs.contains { output in
          output.isPattern
            && (path as NSString).deletingLastPathComponent
              == (output.path as NSString).deletingLastPathComponent
            && !Self.frames(
              of: (output.path as NSString).lastPathComponent,
              in: [(path as NSString).lastPathComponent]
            ).isEmpty
        }
        if !isOldFrame { problems.append("\(path) was removed") }
      }
    } else {
      if after != before {
        let changed = Set(after.keys).union(before.keys).filter { after[$0] != before[$0] }
        problems.append("a failed run changed \(changed.sorted().prefix(5))")
      }
      if fuzzCase.silentOnFailure, !outcome.stdout.isEmpty {
        problems.append("a failed run wrote \(outcome.stdout.count) bytes to standard output")
      }
      if outcome.stderr.isEmpty { problems.append("a failure without a message") }
    }
    let raw = String(decoding: outcome.stderr, as: UTF8.self).unicodeScalars.first {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
    }
    if let raw {
      problems.append(String(format: "standard error holds a raw U+%04X", raw.value))
    }
    return (problems, outcome)
  }
}
