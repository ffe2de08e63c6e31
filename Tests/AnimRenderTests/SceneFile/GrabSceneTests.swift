import Foundation
import Testing
import TransitRender
import TransitTestSupport

/// The `grab` verb: a finger catches the transition still running.
@Suite("Grab in scene files")
struct GrabSceneTests {
  func grid(_ script: String, columns: Int) throws -> (ProcessResult, Image?) {
    let folder = TemporaryDirectory.make()
    let path = try HostileInputTests.scene(folder, script)
    let result = try animrender.run(
      ["play", path, "--layout", "grid", "--columns", "\(columns)", "-o", "g.png"], in: folder)
    guard result.status == 0 else { return (result, nil) }
    return (result, try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("g.png").path))
  }

  @Test func aPushCaughtAndCancelledEndsOnThePictureBeforeThePush() throws {
    // show (1), the push's frames before 0.2 s (of 0, 0.25, 0.5: two), two
    // drag frames, two completion frames: seven cells.
    let (result, image) = try grid(
      #"[{"show": "a"}, {"push": "b", "duration": 0.5, "frames": 3}, {"grab": {"progress": [0.8, 0.5], "release": "cancel"}, "after": 0.2, "frames": 2}]"#,
      columns: 7)
    #expect(result.status == 0, "\(result.stderr)")
    let grid = try #require(image)
    let cell = grid.width / 7
    func pixel(_ column: Int, _ x: Int) -> UInt32 {
      grid.pixels[(grid.height / 2) * grid.width + column * cell + x]
    }
    // The drag at 0.8 shows "b" over most of the screen; the last cell is
    // the root alone again, as the first.
    #expect(pixel(3, cell / 2) != pixel(0, cell / 2))
    for x in 0..<cell { #expect(pixel(6, x) == pixel(0, x), "x \(x)") }
  }

  @Test func aGrabWithNothingRunningIsAnError() throws {
    let (late, _) = try grid(
      #"[{"show": "a"}, {"push": "b", "duration": 0.5}, {"grab": {"progress": [0.5], "release": "finish"}, "after": 0.6}]"#,
      columns: 4)
    #expect(late.status == 65)
    #expect(late.stderr.contains("script[2]: nothing to grab"))
    let first = try grid(
      #"[{"show": "a"}, {"grab": {"progress": [0.5], "release": "finish"}}]"#, columns: 4
    ).0
    #expect(first.status == 65)
    let key = try grid(
      #"[{"show": "a"}, {"push": "b"}, {"grab": {"progress": [0.5], "release": "finish", "scrub": "linear"}, "after": 0.1}]"#,
      columns: 4
    ).0
    #expect(key.status == 65)
    #expect(key.stderr.contains("script[2].grab.scrub"))
    let style = try grid(
      #"[{"show": "a"}, {"push": "b"}, {"grab": {"progress": [], "release": "finish"}, "after": 0.1, "style": "fade-in"}]"#,
      columns: 4
    ).0
    #expect(style.status == 65)
    #expect(style.stderr.contains("\"style\" does not apply to grab (grab takes frames, after)"))
  }
}
