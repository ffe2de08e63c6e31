import Foundation
import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// A PDF or SVG is recorded by Cairo, every drawing command of every frame,
/// until the document is finished: each frame's views are charged to the
/// memory budget as the frame is drawn, so a document too large for the
/// budget is refused at the frame that does not fit.
@Suite("vector documents and the memory budget", .serialized)
struct VectorMemoryTests {
  @Test func everyFramesViewsAreChargedAsTheyAreRecorded() throws {
    let folder = TemporaryDirectory.make()
    let program = try MemoryBudgetTests.programPeak(in: folder)
    // 3,000 views over 101 frames: recorded whole, about 200 MB.
    try MemoryBudgetTests.writeManyViews(3_000, in: folder)
    for format in ["svg", "pdf"] {
      let run = try MemoryBudgetTests.run(
        ["play", "many.json", "-o", "many.\(format)"], budget: 32, in: folder, program: program)
      #expect(run.status == 64, "\(run.stderr)")
      #expect(run.stderr.contains("views, recorded for the \(format)"), "\(run.stderr)")
      #expect(
        !FileManager.default.fileExists(
          atPath: folder.appendingPathComponent("many.\(format)").path))
      // A document that fits is drawn.
      let small = try MemoryBudgetTests.run(
        ["play", "trivial.json", "-o", "t.\(format)"], budget: 32, in: folder, program: program)
      #expect(small.status == 0, "\(small.stderr)")
    }
  }
}
