import Foundation
import Synchronization
import Testing
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// Outputs are committed as a whole: when any rename fails, every file
/// already renamed is put back (or removed when it is new) and no
/// temporary or backup file is left.
@Suite("Atomic outputs", .serialized)
struct AtomicOutputTests {
  static func files(_ folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test func aFailingRenameMidCommitRestoresTheWholeOldSet() throws {
    let folder = TemporaryDirectory.make()
    // 200 old frames, and 400 new ones replacing them and adding more; the
    // 100th rename fails.
    for i in 0..<200 {
      try Data("old \(i)".utf8).write(
        to: folder.appendingPathComponent(String(format: "f-%04d", i)))
    }
    let before = try Self.files(folder)
    let output = AtomicOutput()
    for i in 0..<400 {
      try output.stage(
        Array("new \(i)".utf8), as: folder.appendingPathComponent(String(format: "f-%04d", i)).path)
    }
    // Only renames into this test's folder count: other suites running in
    // parallel commit through the same hook.
    let calls = Mutex(0)
    let saved = AtomicOutput.renameHook
    let prefix = folder.path
    AtomicOutput.renameHook = { from, to in
      guard to.hasPrefix(prefix) else { return rename(from, to) }
      let call = calls.withLock { count -> Int in
        count += 1
        return count
      }
      if call == 100 {
        errno = EIO
        return -1
      }
      return rename(from, to)
    }
    defer { AtomicOutput.renameHook = saved }
    do {
      try output.commit()
      Issue.record("expected the commit to fail")
    } catch {
      #expect(error.kind == .cannotCreate)
    }
    #expect(try Self.files(folder) == before)
    for i in 0..<200 {
      let text = try String(
        contentsOf: folder.appendingPathComponent(String(format: "f-%04d", i)), encoding: .utf8)
      #expect(text == "old \(i)")
    }
  }

  /// A set of 6 frames replacing one of 10 (one of them hard-linked, so
  /// written in place): the removal of an old frame fails, and everything
  /// is put back — the frames renamed over, the one written in place, the
  /// old frames already removed.
  @Test func aFailingRemovalOfAnOldFrameRestoresTheWholeOldSet() throws {
    let folder = TemporaryDirectory.make()
    let pattern = try #require(FramePattern(folder.path + "/f-%02d.png"))
    for i in 0..<10 { try Data("old \(i)".utf8).write(to: URL(fileURLWithPath: pattern.path(i))) }
    #expect(link(pattern.path(2), folder.path + "/linked") == 0)
    let before = try Self.files(folder)
    let output = AtomicOutput()
    try output.prepare(
      outputs: (0..<6).map { .init(what: "frame \($0)", path: pattern.path($0)) },
      frameSet: pattern)
    for i in 0..<6 { try output.stage(Array("new \(i)".utf8), as: pattern.path(i)) }
    let removals = Mutex(0)
    let saved = AtomicOutput.renameHook
    AtomicOutput.renameHook = { from, to in
      guard from.hasPrefix(folder.path + "/f-") else { return rename(from, to) }
      let call = removals.withLock { count -> Int in
        count += 1
        return count
      }
      if call == 3 {
        errno = EIO
        return -1
      }
      return rename(from, to)
    }
    defer { AtomicOutput.renameHook = saved }
    #expect(throws: CLIError.self) { try output.commit() }
    #expect(removals.withLock { $0 } == 3)
    #expect(try Self.files(folder) == before)
    for i in 0..<10 {
      let text = try String(contentsOf: URL(fileURLWithPath: pattern.path(i)), encoding: .utf8)
      #expect(text == "old \(i)")
    }
    #expect(try String(contentsOfFile: folder.path + "/linked", encoding: .utf8) == "old 2")
    // And without the failure, the new set alone (and the link) is left.
    let again = AtomicOutput()
    try again.prepare(
      outputs: (0..<6).map { .init(what: "frame \($0)", path: pattern.path($0)) },
      frameSet: pattern)
    for i in 0..<6 { try again.stage(Array("new \(i)".utf8), as: pattern.path(i)) }
    try again.commit()
    #expect(try Self.files(folder) == (0..<6).map { String(format: "f-%02d.png", $0) } + ["linked"])
    #expect(try String(contentsOfFile: folder.path + "/linked", encoding: .utf8) == "new 2")
  }

  @Test func theSetIsTheNamesThePatternGivesANumber() throws {
    let pattern = try #require(FramePattern("out/f-%03d.png"))
    for name in ["f-000.png", "f-042.png", "f-999.png", "f-1000.png", "f-123456.png"] {
      #expect(pattern.ownsName(name), "\(name)")
    }
    for name in [
      "f-12.png", "f-0000.png", "f-0999.png", "f-00a.png", "f-.png", "g-000.png", "f-000.pngx",
      "f-000",
    ] {
      #expect(!pattern.ownsName(name), "\(name)")
    }
    let plain = try #require(FramePattern("%d"))
    #expect(
      plain.ownsName("0") && plain.ownsName("17") && !plain.ownsName("017") && !plain.ownsName(""))
    #expect(pattern.folder == "out" && plain.folder == ".")
  }

  @Test func aSuccessfulCommitReplacesEverythingAndLeavesNothingElse() throws {
    let folder = TemporaryDirectory.make()
    try Data("old".utf8).write(to: folder.appendingPathComponent("a"))
    let output = AtomicOutput()
    try output.stage(Array("new a".utf8), as: folder.appendingPathComponent("a").path)
    try output.stage(Array("new b".utf8), as: folder.appendingPathComponent("b").path)
    try output.commit()
    #expect(try Self.files(folder) == ["a", "b"])
    #expect(try String(contentsOf: folder.appendingPathComponent("a"), encoding: .utf8) == "new a")
  }

  /// Many old files replaced at once: the old copies kept for a roll-back
  /// are removed on several threads, and none may be left behind.
  @Test func replacingManyFilesLeavesNoOldCopies() throws {
    let folder = TemporaryDirectory.make()
    let names = (0..<80).map { String(format: "f-%03d.png", $0) }
    for name in names.prefix(50) {
      try Data("old \(name)".utf8).write(to: folder.appendingPathComponent(name))
    }
    let output = AtomicOutput()
    for name in names {
      try output.stage(Array("new \(name)".utf8), as: folder.appendingPathComponent(name).path)
    }
    try output.commit()
    #expect(try Self.files(folder) == names)
    for name in names {
      let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
      #expect(text == "new \(name)")
    }
  }

  @Test func discardingLeavesNoTemporaryFiles() throws {
    let folder = TemporaryDirectory.make()
    do {
      let output = AtomicOutput()
      try output.stage([1, 2, 3], as: folder.appendingPathComponent("x.png").path)
      #expect(try Self.files(folder).count == 1)
    }
    #expect(try Self.files(folder).isEmpty)
  }
}

/// Small pieces the limits rest on.
@Suite struct LimitPiecesTests {
  @Test func jsonNestingIsMeasuredOutsideStrings() {
    func depth(_ text: [UInt8]) -> Int { NumberTexts(text, nestingLimit: 64).deepest }
    #expect(depth(Array(#"{"a": [1, {"b": "[[[["}]}"#.utf8)) == 3)
    #expect(depth(Array(#""\"[[[""#.utf8)) == 0)
    let deep = Array((String(repeating: "[", count: 1_000_000)).utf8)
    #expect(depth(deep) == 65)
  }

  @Test func labelsAndDelaysNeverTrap() {
    #expect(FrameLabel.text(for: 0.4) == "0.400s")
    for time in [1e16, 1e300, .infinity, -.infinity, .nan, -5] {
      #expect(!FrameLabel.text(for: time).isEmpty)
    }
    #expect(FrameLabel.text(forProgress: 0.4) == "p 0.40")
    #expect(FrameLabel.text(forProgress: 0.05) == "p 0.05")
    #expect(FrameLabel.text(forProgress: 1) == "p 1.00")
    for progress in [1e300, .infinity, -.infinity, .nan, -5] {
      #expect(!FrameLabel.text(forProgress: progress).isEmpty)
    }
    for seconds in [1e17, 1e300, .infinity, .nan, 0, -1, 65_534.9, 65_535] {
      _ = FrameDelay.nearest(seconds: seconds)
    }
    #expect(FrameDelay.nearest(seconds: 1e17).numerator == 65_535)
  }

  @Test func theBudgetCountsLabelsPaddingAndInputs() throws {
    let frames = (0..<4).map {
      FrameSpec(source: .still(.init(size: .init(width: 1, height: 1))), time: Double($0))
    }
    var budget = OutputBudget(
      frames: frames, layout: .strip, columns: nil, padding: 0, labels: false, pixelWidth: 100,
      pixelHeight: 8_190, workerCount: 2)
    try budget.check()
    // A label band under 8,190-pixel frames makes a 4-row grid too tall.
    budget.layout = .grid
    budget.columns = 1
    try budget.check()
    budget.labels = true
    #expect(budget.cellHeight > 8_190)
    #expect(throws: CLIError.self) { try budget.check() }
    budget.labels = false
    try budget.memory.charge(MemoryBudget.defaultLimit - 1, for: "an image")
    #expect(throws: CLIError.self) { try budget.check() }
  }
}
