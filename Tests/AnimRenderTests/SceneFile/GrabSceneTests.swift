import Foundation
import Testing
import TransitRender
import TransitTestSupport
import TransitTesting

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

  /// A swipe back following the finger, caught mid-completion and
  /// cancelled, then a predictive back that commits.
  @Test func theSwipeBackExampleMatchesItsGolden() throws {
    let folder = TemporaryDirectory.make()
    let path = PackageFiles.root.appendingPathComponent("Examples/swipe-back.json").path
    let result = try animrender.run(
      ["play", path, "--layout", "grid", "--columns", "9", "-o", "s.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("s.png").path)
    try assertGolden(image, named: "swipe-back", suite: "examples")
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

/// The `back` verb: the stack's back, played or driven by a predictive back gesture.
@Suite("Back in scene files")
struct BackSceneTests {
  func run(_ script: String, columns: Int = 8) throws -> (ProcessResult, Image?) {
    try GrabSceneTests().grid(script, columns: columns)
  }

  @Test func aCancelledBackEndsOnThePictureBeforeAndACommittedOneOnThePop() throws {
    for preview in ["full-screen", "shared-surface", "style"] {
      for release in ["commit", "cancel"] {
        // show, push (instant), three touches, two completion frames.
        let (result, image) = try run(
          #"[{"show": "a"}, {"push": "b", "duration": 0, "frames": 1}, {"back": {"touches": [[0, 5], [8, 5], [15, 5]], "release": "\#(release)"}, "preview": "\#(preview)", "duration": 0.3, "frames": 2}]"#,
          columns: 7)
        #expect(result.status == 0, "\(result.stderr)")
        let grid = try #require(image)
        let cell = grid.width / 7
        func column(_ c: Int) -> [UInt32] {
          var pixels: [UInt32] = []
          for y in 0..<grid.height {
            let row: Int = y * grid.width + c * cell
            pixels += grid.pixels[row..<(row + cell - 1)]
          }
          return pixels
        }
        // Committed: the root alone, as the first cell; cancelled: "b", as the second.
        #expect(column(6) == column(release == "commit" ? 0 : 1), "\(preview) \(release)")
        #expect(column(4) != column(1), "\(preview): the gesture moves the picture")
      }
    }
  }

  @Test func badBacksAreErrors() throws {
    let one = try run(#"[{"show": "a"}, {"back": true}]"#).0
    #expect(one.status == 65)
    #expect(one.stderr.contains("script[1]: cannot go back"))
    let no = try run(#"[{"show": "a"}, {"push": "b"}, {"back": false}]"#).0
    #expect(no.status == 65)
    let edge = try run(
      #"[{"show": "a"}, {"push": "b"}, {"back": {"touches": [[0, 0]], "edge": "top", "release": "commit"}}]"#
    ).0
    #expect(edge.status == 65)
    #expect(edge.stderr.contains("script[2].back.edge"))
    let touch = try run(
      #"[{"show": "a"}, {"push": "b"}, {"back": {"touches": [[0]], "release": "commit"}}]"#
    ).0
    #expect(touch.status == 65)
    let preview = try run(#"[{"show": "a"}, {"push": "b"}, {"back": true, "preview": "sheet"}]"#).0
    #expect(preview.status == 65)
    #expect(preview.stderr.contains("script[2].preview"))
    let played = try run(
      #"[{"show": "a"}, {"push": "b"}, {"back": true, "preview": "shared-surface"}]"#
    ).0
    #expect(played.status == 0, "\(played.stderr)")
  }
}
