import Foundation
import Testing
import TransitRender
import TransitTestSupport
import TransitTesting

/// Scene files that drive operations like gestures: the `interactive`
/// object, its errors, and the example with its golden.
@Suite("Interactive scene files")
struct InteractiveSceneTests {
  func run(_ script: String) throws -> ProcessResult {
    let folder = TemporaryDirectory.make()
    let path = try HostileInputTests.scene(folder, script)
    return try animrender.run(["play", path, "-o", "x.png"], in: folder)
  }

  @Test func badInteractiveObjectsAreErrorsNamingTheKey() throws {
    let unknown = try run(
      #"[{"show": "a"}, {"push": "b", "interactive": {"progress": [0.5], "release": "finish", "velocty": 1}}]"#
    )
    #expect(unknown.status == 65)
    #expect(unknown.stderr.contains("script[1].interactive.velocty: unknown key \"velocty\""))
    let release = try run(
      #"[{"show": "a"}, {"push": "b", "interactive": {"progress": [0.5], "release": "maybe"}}]"#)
    #expect(release.status == 65)
    #expect(release.stderr.contains("script[1].interactive.release"))
    let progress = try run(
      #"[{"show": "a"}, {"push": "b", "interactive": {"progress": [1.5], "release": "cancel"}}]"#)
    #expect(progress.status == 65)
    #expect(progress.stderr.contains("0…1"))
    let rotate = try run(
      #"[{"show": "a"}, {"rotate": "landscape", "interactive": {"progress": [0.5], "release": "cancel"}}]"#
    )
    #expect(rotate.status == 65)
    #expect(
      rotate.stderr.contains(
        #"script[1].interactive: "interactive" does not apply to rotate (rotate takes duration, curve, frames, after)"#
      ))
  }

  @Test func scrubIsLinearByDefaultOrAlongTheCurve() throws {
    let folder = TemporaryDirectory.make()
    func drag(_ scrub: String?) throws -> Image {
      let key = scrub.map { #", "scrub": "\#($0)""# } ?? ""
      let name = "s\(scrub ?? "default").json"
      let path = try HostileInputTests.scene(
        folder,
        #"[{"show": "a"}, {"push": "b", "frames": 0, "interactive": {"progress": [0.1], "release": "finish"\#(key)}}]"#,
        name: name)
      let result = try animrender.run(
        ["play", path, "--layout", "grid", "--columns", "2", "-o", "\(name).png"], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      return try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("\(name).png").path)
    }
    let byDefault = try drag(nil)
    #expect(try drag("linear").pixels == byDefault.pixels)
    #expect(try drag("curve").pixels != byDefault.pixels)
    let bad = try run(
      #"[{"show": "a"}, {"push": "b", "interactive": {"progress": [0.5], "release": "finish", "scrub": "eased"}}]"#
    )
    #expect(bad.status == 65)
    #expect(bad.stderr.contains(#"script[1].interactive.scrub: expected "linear" or "curve""#))
  }

  @Test func aCancelledPushDrawsItsDragAndLandsOnTheStart() throws {
    let folder = TemporaryDirectory.make()
    let path = try HostileInputTests.scene(
      folder,
      #"[{"show": "a"}, {"push": "b", "frames": 2, "interactive": {"progress": [0.5], "release": "cancel", "velocity": -1}}]"#
    )
    let result = try animrender.run(
      ["play", path, "--layout", "grid", "--columns", "4", "-o", "g.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let grid = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("g.png").path)
    // show, one drag frame, two completion frames: four cells in one row.
    let cell = grid.width / 4
    func pixel(_ column: Int, _ x: Int, _ y: Int) -> UInt32 {
      grid.pixels[y * grid.width + column * cell + x]
    }
    #expect(pixel(0, cell - 3, grid.height / 2) != pixel(1, cell - 3, grid.height / 2))
    // The last frame (the settled cancel) is the first frame (the root alone), pixel for pixel.
    for y in stride(from: 0, to: grid.height, by: 3) {
      for x in stride(from: 0, to: cell, by: 3) where pixel(0, x, y) != pixel(3, x, y) {
        Issue.record("cancelled push differs from the start at \(x),\(y)")
        return
      }
    }
  }

  @Test func theInteractivePopExampleMatchesItsGolden() throws {
    let folder = TemporaryDirectory.make()
    let path = PackageFiles.root.appendingPathComponent("Examples/interactive-pop.json").path
    let result = try animrender.run(
      ["play", path, "--layout", "grid", "--columns", "7", "-o", "p.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("p.png").path)
    try assertGolden(image, named: "interactive-pop", suite: "examples")
  }

  @Test func theInterruptedPushExampleMatchesItsGolden() throws {
    let folder = TemporaryDirectory.make()
    let path = PackageFiles.root.appendingPathComponent("Examples/interrupted-push.json").path
    let result = try animrender.run(
      ["play", path, "--layout", "grid", "--columns", "5", "-o", "i.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("i.png").path)
    try assertGolden(image, named: "interrupted-push", suite: "examples")
  }

  @Test func aReversedPushEndsOnItsStartAndQueueWaits() throws {
    let folder = TemporaryDirectory.make()
    let script =
      #"[{"show": "a"}, {"push": "b", "duration": 0.5, "frames": 3}, {"pop": true, "after": 0.2, "frames": 2}]"#
    let reversed = try HostileInputTests.scene(
      folder, script, name: "r.json", extra: #", "interruptions": "reverse""#)
    let queued = try HostileInputTests.scene(folder, script, name: "q.json")
    for name in [reversed, queued] {
      let result = try animrender.run(
        ["play", name, "--layout", "grid", "--columns", "8", "-o", "\(name).png"], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
    }
    let r = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("r.json.png").path)
    let q = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("q.json.png").path)
    // Reversed: show, the push's frames before 0.2 s (one), two mirror frames.
    // Queued: show, three push frames, two pop frames.
    #expect(r.width * 6 == q.width * 4)
    let cell = r.width / 4
    func pixel(_ image: Image, _ column: Int) -> UInt32 {
      image.pixels[(image.height / 2) * image.width + column * cell + cell - 3]
    }
    #expect(pixel(r, 3) == pixel(r, 0))
    #expect(pixel(q, 5) == pixel(q, 0))
  }

  @Test func badInterruptionsAndAfterAreErrors() throws {
    let folder = TemporaryDirectory.make()
    let mode = try HostileInputTests.scene(
      folder, #"[{"show": "a"}]"#, extra: #", "interruptions": "cancel""#)
    let bad = try animrender.run(["play", mode, "-o", "x.png"], in: folder)
    #expect(bad.status == 65)
    #expect(bad.stderr.contains("interruptions: expected \"queue\" or \"reverse\""))
    let after = try run(#"[{"show": "a"}, {"push": "b", "after": -1}]"#)
    #expect(after.status == 65)
    #expect(after.stderr.contains("script[1].after"))
  }
}
