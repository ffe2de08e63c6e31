import Foundation
import Testing
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// The preview's drags without a browser: how a finger's positions become
/// a progress, a release and a back gesture's touches, and that a drag on
/// a pop or a back draws what `play` draws for the same drag written in
/// the scene file.
@Suite("The preview's drags")
struct PreviewDragTests {
  typealias Sample = PreviewDrag.Sample

  static func drag(_ gesture: PreviewDrag.Gesture, _ samples: [(Double, Double)]) -> PreviewDrag {
    var drag = PreviewDrag(
      operation: 0, gesture: gesture, width: 200,
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
    _ script: String, gesture: String, dx: Double, reference: (Double) -> String, frame: Int
  ) async throws {
    let folder = TemporaryDirectory.make("preview-drag")
    let site = try Self.site(script, in: folder)
    let story = try #require(site.session.update.story)
    let target = try #require(story.frames.first { $0.drag != nil }?.drag)
    #expect(target.operation == 2)
    #expect(target.gesture == gesture)
    #expect(await Self.post(site, "drag/begin?operation=2&x=10&y=100&t=0").status == 204)
    _ = await Self.post(site, "drag/update?x=\(10 + dx / 2)&y=100&t=100")
    let update = await Self.post(site, "drag/update?x=\(10 + dx)&y=100&t=200")
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
}
