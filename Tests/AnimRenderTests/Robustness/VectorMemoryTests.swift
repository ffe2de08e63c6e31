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
    let children = (0..<3_000).map {
      ##"{"id": "c\##($0)", "frame": [\##($0 % 20), \##($0 % 30), 1, 1], "color": "#00ff00"}"##
    }
    let scene = """
      {"container": {"width": 20, "height": 30}, "frames": 100,
       "views": [{"id": "a", "color": "#ff0000", "children": [\(children.joined(separator: ","))]},
                 {"id": "b", "color": "#0000ff"}],
       "script": [{"show": "a"}, {"push": "b"}]}
      """
    try Data(scene.utf8).write(to: folder.appendingPathComponent("many.json"))
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
