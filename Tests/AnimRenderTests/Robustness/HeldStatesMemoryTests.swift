import Foundation
import Testing
import Transit
import TransitTestSupport

@testable import AnimRenderCLI

/// `--states` to standard output or a device is held whole until every
/// output is ready (a stream cannot be taken back): it is charged to the
/// memory budget, from a bound on its size, before anything is drawn.
@Suite("states held for a stream", .serialized)
struct HeldStatesMemoryTests {
  @Test func aViewsEntryIsNeverLongerThanItsBound() throws {
    // Every number as long as JSON writes one, an id of control characters
    // (six bytes each), an image between modes, text.
    let long = -2.2250738585072014e-308
    let id = String(repeating: "\u{1B}", count: 40)
    let entry = StatesFile.ViewEntry(
      id: id, frame: Array(repeating: long, count: 4), alpha: long,
      transform: Array(repeating: long, count: 16), hidden: false,
      cornerRadii: Array(repeating: long, count: 4), color: "#ffffffff", borderWidth: long,
      borderColor: "#ffffffff",
      shadow: StatesFile.ShadowEntry(
        color: "#ffffffff", opacity: long, radius: long, offset: [long, long]),
      contentMode: "bottomRight",
      imagePlacement: StatesFile.PlacementEntry(
        scaleToFill: long, aspectFit: long, aspectFill: long, ownSize: long, anchor: [long, long]),
      textColor: "#ffffffff")
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let bytes = try encoder.encode(entry).count
    #expect(bytes > StatesFile.viewEntryBytes / 2 + 6 * id.utf8.count)
    #expect(bytes + 1 <= StatesFile.viewEntryBytes + 6 * id.utf8.count)
  }

  @Test func statesForAStreamAreChargedBeforeDrawing() throws {
    let folder = TemporaryDirectory.make()
    let program = try MemoryBudgetTests.programPeak(in: folder)
    // 3,000 views over 101 frames: 30 MB of states, held whole (and grown
    // as they were joined) for a device; charged at its bound, 0.9 GB.
    try MemoryBudgetTests.writeManyViews(3_000, in: folder)
    let held = try MemoryBudgetTests.run(
      ["play", "many.json", "--layout", "frames", "-o", "f-%03d.png", "--states", "/dev/null"],
      budget: 32, in: folder, program: program)
    #expect(held.status == 64, "\(held.stderr)")
    #expect(held.stderr.contains("--states /dev/null, held whole for a stream"), "\(held.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: folder.appendingPathComponent("f-000.png").path))
    // To a file, written a frame at a time, the same states fit.
    let file = try MemoryBudgetTests.run(
      ["play", "many.json", "--layout", "frames", "-o", "g-%03d.png", "--states", "s.json"],
      budget: 32, in: folder, program: program)
    #expect(file.status == 0, "\(file.stderr)")
    // Small states for a stream fit.
    let small = try MemoryBudgetTests.run(
      ["play", "trivial.json", "-o", "t.png", "--states", "/dev/null"], budget: 32, in: folder,
      program: program)
    #expect(small.status == 0, "\(small.stderr)")
  }
}
