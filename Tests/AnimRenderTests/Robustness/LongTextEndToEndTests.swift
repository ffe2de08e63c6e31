import Foundation
import Testing
import TransitTestSupport

/// A megabyte of text, the most a view may hold, drawn by the built
/// animrender in a small view: each took 13 to 15 s a frame in the release
/// build when the whole text was laid out (random letters, which no window
/// repeats, and a left-to-right paragraph holding a Hebrew word and digits),
/// and tenths of a second once only what the view can show is. The limit
/// is a timeout, far above the time it takes, far below the time it took.
@Suite("long text end to end")
struct LongTextEndToEndTests {
  @Test func aMegabyteOfTextInASmallViewIsDrawnInTime() throws {
    var generator = SplitMix64(seed: 2026)
    let letters = Array("abcdefghijklmnopqrstuvwxyz")
    let random = String((0..<(1 << 20)).map { _ in letters[Int(generator.below(26))] })
    // Runs of 50 digits between spaces.
    var digits = "Inbox שלום "
    for run in 0..<(1 << 20) / 51 { digits += "1234567890" + (run % 5 == 4 ? " " : "") }
    let views = [random, digits].enumerated().map { index, string in
      """
      {"id": "t\(index)", "frame": [0, \(index * 50), 36, 50], "color": "#ffffff",
       "text": {"string": "\(string)", "size": 17}}
      """
    }
    let scene = """
      {"container": {"width": 36, "height": 100, "color": "#ffffff"}, "frames": 2,
       "views": [{"id": "a", "children": [\(views.joined(separator: ","))]}],
       "script": [{"show": "a"}, {"wait": 1}]}
      """
    let folder = TemporaryDirectory.make("long-text")
    try Data(scene.utf8).write(to: folder.appendingPathComponent("long.json"))
    let run = try animrender.run(
      ["play", "long.json", "-o", "long.png"], in: folder, timeout: 45)
    #expect(run.status == 0, "\(run.stderr)")
    let strip = try Data(contentsOf: folder.appendingPathComponent("long.png"))
    #expect(strip.starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }
}
