import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// The preview's drags without a browser: how a finger's positions become
/// a progress, a release, a back gesture's touches and a sheet's offsets,
/// and that a drag on a pop, a back or a sheet draws what `play` draws for
/// the same drag written in the scene file.
@Suite("The preview's drags")
struct PreviewDragTests {
  typealias Sample = PreviewDrag.Sample

  static func drag(_ gesture: PreviewDrag.Gesture, _ samples: [(Double, Double)]) -> PreviewDrag {
    var drag = PreviewDrag(
      operation: 0, gesture: gesture, size: Size(width: 200, height: 400),
      press: Sample(x: samples[0].0, y: 0, time: samples[0].1))
    for (x, time) in samples.dropFirst() { drag.move(to: Sample(x: x, y: 0, time: time)) }
    return drag
  }

  @Test func travelIsTheShareOfTheWidthMovedTheGesturesWay() {
    #expect(Self.drag(.popRight, [(10, 0), (90, 50)]).travel == 0.4)
    #expect(Self.drag(.backFromRight, [(190, 0), (110, 50)]).travel == 0.4)
    // The other way, or past the width, stays within 0…1.
    #expect(Self.drag(.popRight, [(100, 0), (20, 50)]).travel == 0)
    #expect(Self.drag(.popRight, [(0, 0), (900, 50)]).travel == 1)
    // A position earlier than the last is dropped.
    #expect(Self.drag(.popRight, [(0, 0), (100, 50), (20, 40)]).travel == 0.5)
  }

  @Test func aFlickFinishesAndASlowDragBackCancels() {
    // 0.3 of the width, the last 100 ms at 2 widths a second: finishes.
    let flick = Self.drag(.popRight, [(0, 0), (20, 200), (60, 300)])
    #expect(flick.release.finish)
    #expect(abs((flick.release.velocity ?? 0) - 2) < 1e-9)
    // 0.6 of the width, held still for the last 100 ms: finishes.
    #expect(Self.drag(.popRight, [(0, 0), (120, 100), (120, 300)]).release.finish)
    // 0.6 of the width coming back at 2 widths a second: cancels.
    let back = Self.drag(.popRight, [(0, 0), (160, 200), (120, 300)])
    #expect(!back.release.finish)
    #expect(abs((back.release.velocity ?? 0) + 2) < 1e-9)
  }

  @Test func touchesComeSixtyASecondFromThePress() {
    let drag = Self.drag(.backFromLeft, [(0, 0), (60, 100), (60, 150)])
    let touches = drag.touches()
    // 0, 16.7, …, 133.3 ms, then the last position.
    #expect(touches.count == 10)
    #expect(touches[0] == [0, 0])
    #expect(abs(touches[3][0] - 30) < 1e-9)
    #expect(touches[7][0] == 60)
    #expect(touches.last == [60, 0])
    #expect(Self.drag(.backFromLeft, [(5, 0)]).touches() == [[5, 0]])
  }

  /// A sheet drag pressed at y 100 and moved to each (y, ms).
  static func sheetDrag(_ moves: [(Double, Double)]) -> PreviewDrag {
    var drag = PreviewDrag(
      operation: 0, gesture: .sheet, size: Size(width: 200, height: 400),
      press: Sample(x: 50, y: 100, time: 0))
    for (y, time) in moves { drag.move(to: Sample(x: 50, y: y, time: time)) }
    return drag
  }

  @Test func aSheetTakesTheFingersVerticalTravelInPointsAndItsVelocity() throws {
    // Down 60 points in 100 ms, then 20 more in 50: 60 a second from the press.
    let drag = Self.sheetDrag([(160, 100), (180, 150)])
    let offsets = drag.offsets()
    #expect(offsets.count == 10)
    #expect(offsets[0] == 0)
    #expect(abs(offsets[3] - 30) < 1e-9)
    #expect(offsets.last == 80)
    #expect(drag.travel == 0.2)
    // The positions of the last 100 ms: 160 → 180 points in 50 ms.
    let release = drag.release
    #expect(abs((release.velocity ?? 0) - 400) < 1e-9, "\(release)")
    #expect(release.finish)
    // Upwards: negative offsets and velocity.
    let up = Self.sheetDrag([(70, 100), (40, 200)])
    #expect(up.offsets().last == -60)
    #expect(abs((up.release.velocity ?? 0) + 300) < 1e-9)
    #expect(!up.release.finish)
    // Written as the sheet's drag, in place of a dismiss.
    let dismiss = try JSONDecoder().decode(
      ScriptOperation.self, from: Data(#"{"dismiss": true}"#.utf8))
    #expect(PreviewDrag.Gesture.of(dismiss, sheetOnTop: true) == .sheet)
    #expect(PreviewDrag.Gesture.of(dismiss, sheetOnTop: false) == nil)
    for json in [#"{"detent": "large"}"#, #"{"drag": [10, 20], "velocity": 50}"#] {
      let operation = try JSONDecoder().decode(ScriptOperation.self, from: Data(json.utf8))
      #expect(PreviewDrag.Gesture.of(operation) == .sheet, "\(json)")
    }
    let written = PreviewDrag.Gesture.sheet.operation(
      dismiss, drag: up, release: up.release, frames: 4)
    guard case .drag(let offsets) = written.kind else {
      Issue.record("\(written.kind)")
      return
    }
    #expect(offsets == up.offsets())
    #expect(written.velocity == up.release.velocity)
    #expect(written.frames == 4)
  }

  /// Writes `scene.json` in `folder`: the interactive-pop example's
  /// screens with `script`.
  @discardableResult
  static func write(_ script: String, in folder: URL) throws -> URL {
    let example = try String(
      contentsOf: PackageFiles.root.appendingPathComponent("Examples/interactive-pop.json"),
      encoding: .utf8)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(example.utf8)) as? [String: Any])
    var scene = json
    scene["script"] = try JSONSerialization.jsonObject(with: Data(script.utf8))
    let path = folder.appendingPathComponent("scene.json")
    try JSONSerialization.data(withJSONObject: scene).write(to: path)
    return path
  }

  /// A scene file of `script`, in `folder`, served as the preview serves it.
  static func site(_ script: String, in folder: URL) throws -> PreviewSite {
    try PreviewSite(PreviewOptions.parse([write(script, in: folder).path]))
  }

  static func post(_ site: PreviewSite, _ path: String) async -> PreviewSite.Answer {
    let parts = path.split(separator: "?", maxSplits: 1)
    let query = (parts.count > 1 ? parts[1].split(separator: "&") : []).map { pair in
      let kv = pair.split(separator: "=", maxSplits: 1)
      return (name: String(kv[0]), value: kv.count > 1 ? String(kv[1]) : "")
    }
    return await site.answer(
      PreviewSite.Request(
        method: "POST", path: "/\(site.token)/\(parts[0])", query: query, host: "127.0.0.1:1"),
      port: 1)
  }

  /// Drags operation 2 of `script` from x 10 to x 10 + `dx` and compares
  /// the picture with `play`'s of `reference` (the same drag written in
  /// the file), frame `frame`.
  func check(
    _ script: String, gesture: String, dx: Double = 0, dy: Double = 0,
    reference: (Double) -> String, frame: Int
  ) async throws {
    let folder = TemporaryDirectory.make("preview-drag")
    let site = try Self.site(script, in: folder)
    let story = try #require(site.session.update.story)
    let target = try #require(story.frames.first { $0.drag != nil }?.drag)
    #expect(target.operation == 2)
    #expect(target.gesture == gesture)
    #expect(await Self.post(site, "drag/begin?operation=2&x=10&y=100&t=0").status == 204)
    _ = await Self.post(site, "drag/update?x=\(10 + dx / 2)&y=\(100 + dy / 2)&t=100")
    let update = await Self.post(site, "drag/update?x=\(10 + dx)&y=\(100 + dy)&t=200")
    #expect(update.status == 200, "\(String(decoding: update.body, as: UTF8.self))")
    let progress = try #require(
      update.headers.first { $0.name == "Transit-Progress" }.flatMap { Double($0.value) })
    #expect(progress > 0.1 && progress < 0.9, "\(progress)")
    try BinaryFile.write(update.body, to: folder.appendingPathComponent("dragged.png").path)
    try Self.write(reference(progress), in: folder)
    let played = try animrender.run(
      ["play", "scene.json", "--layout", "frames", "-o", "r-%02d.png"], in: folder)
    #expect(played.status == 0, "\(played.stderr)")
    let diff = try animrender.run(
      ["diff", "dragged.png", String(format: "r-%02d.png", frame)], in: folder)
    #expect(diff.status == 0, "\(diff.stdout) \(diff.stderr)")
    let release = await Self.post(site, "drag/release")
    #expect(release.status == 200)
  }

  @Test func aDraggedPopDrawsWhatTheSameDragInTheFileDraws() async throws {
    let start = #"[{"show": "inbox"}, {"push": "message", "frames": 2}, "#
    try await check(
      start + #"{"pop": true}]"#, gesture: "popRight", dx: 80,
      reference: {
        start
          + #"{"pop": true, "frames": 1, "interactive": {"progress": [\#($0)], "release": "cancel"}}]"#
      },
      frame: 3)
  }

  @Test func aDraggedBackDrawsWhatTheSameGestureInTheFileDraws() async throws {
    let start = #"[{"show": "inbox"}, {"push": "message", "frames": 2}, "#
    try await check(
      start + #"{"back": true, "preview": "full-screen"}]"#, gesture: "backFromLeft", dx: 80,
      reference: { _ in
        // The touches the preview makes of x 10, 50 (100 ms) and 90 (200 ms).
        let touches =
          (0..<12).map { k -> String in
            let t = Double(k) * 1000 / 60
            let x = t < 100 ? 10 + 40 * (t / 100) : 50 + 40 * ((t - 100) / 100)
            return "[\(x), 100]"
          } + ["[90, 100]"]
        return start
          + #"{"back": {"touches": [\#(touches.joined(separator: ", "))], "release": "cancel"}, "preview": "full-screen", "frames": 1}]"#
      },
      frame: 3 + 12)
  }

  /// The touches the preview makes of a finger moving `by` from the press
  /// (0 ms) at an even pace to 200 ms, in 100 ms steps (as `check` drags),
  /// along one axis from `from`.
  static func resampled(from: Double, by: Double) -> [Double] {
    (0..<12).map { k -> Double in
      let t = Double(k) * 1000 / 60
      return t < 100
        ? from + by / 2 * (t / 100) : from + by / 2 + by / 2 * ((t - 100) / 100)
    } + [from + by]
  }

  static let sheetStart =
    #"[{"show": "inbox"}, {"present": "message", "sheet": {"detents": ["medium", "large"]}, "frames": 2}, "#

  @Test func aDraggedSheetDrawsWhatTheSameDragInTheFileDraws() async throws {
    let offsets = Self.resampled(from: 0, by: 80).map { "\($0)" }.joined(separator: ", ")
    try await check(
      Self.sheetStart + #"{"dismiss": true}]"#, gesture: "sheet", dy: 80,
      reference: { _ in
        Self.sheetStart + #"{"drag": [\#(offsets)], "velocity": 0, "frames": 1}]"#
      },
      frame: 3 + 12)
  }

  /// Drags the `dismiss` after a medium sheet from y 100 through `moves`
  /// ((y, ms)) and lets go; returns whether the release finished and the
  /// completion's last picture, and `play`'s last frame of `settled`.
  func release(_ moves: [(Double, Double)], settled: String) async throws -> (
    finish: Bool, differing: Int32
  ) {
    let folder = TemporaryDirectory.make("preview-sheet")
    let site = try Self.site(Self.sheetStart + #"{"dismiss": true}]"#, in: folder)
    #expect(await Self.post(site, "drag/begin?operation=2&x=90&y=100&t=0").status == 204)
    for (y, time) in moves { _ = await Self.post(site, "drag/update?x=90&y=\(y)&t=\(time)") }
    let release = await Self.post(site, "drag/release")
    #expect(release.status == 200)
    let completion = try JSONDecoder().decode(
      PreviewSession.Completion.self, from: Data(release.body))
    let last = try #require(completion.frames.last)
    let picture = await site.answer(
      PreviewSite.Request(
        method: "GET", path: "/\(site.token)/\(last.image)", query: [], host: "127.0.0.1:1"),
      port: 1)
    #expect(picture.status == 200)
    try BinaryFile.write(picture.body, to: folder.appendingPathComponent("settled.png").path)
    try Self.write(Self.sheetStart + settled, in: folder)
    let played = try animrender.run(
      ["play", "scene.json", "--layout", "frames", "-o", "e-%02d.png"], in: folder)
    #expect(played.status == 0, "\(played.stderr)")
    let end = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        $0.hasPrefix("e-")
      }.max())
    let diff = try animrender.run(["diff", "settled.png", end], in: folder)
    return (completion.finish, diff.status)
  }

  @Test func aFlickDownDismissesAndASmallDragUpSettlesAtLarge() async throws {
    // 100 points down in 100 ms: 1,000 points a second projects it away.
    let flick = try await release([(150, 50), (200, 100)], settled: #"{"dismiss": true}]"#)
    #expect(flick.finish)
    #expect(flick.differing == 0)
    // 40 points up, slowly: the sheet settles at large, not dismissed.
    let up = try await release([(80, 100), (60, 200)], settled: #"{"detent": "large"}]"#)
    #expect(!up.finish)
    #expect(up.differing == 0)
  }

  @Test func aFullScreenPresentationsDismissIsNotDragged() async throws {
    let site = try Self.site(
      #"[{"show": "inbox"}, {"present": "message", "frames": 2}, {"dismiss": true}]"#,
      in: TemporaryDirectory.make("preview-cover"))
    let story = try #require(site.session.update.story)
    #expect(story.frames.count > 3)
    #expect(story.frames.allSatisfy { $0.drag == nil })
    #expect(await Self.post(site, "drag/begin?operation=2&x=90&y=100&t=0").status == 400)
  }
}
