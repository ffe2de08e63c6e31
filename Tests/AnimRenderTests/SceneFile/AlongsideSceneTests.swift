import Foundation
import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// A script operation's `"alongside"` steps: parsed as `animate`'s, checked
/// with the operation's place, and played with the transition by the built
/// `animrender` (`--states` shows the alongside view moving with it).
@Suite("Scene files: alongside animations", .serialized)
struct AlongsideSceneTests {
  /// Two screens with a title each; `operations` follow `{"show": "list"}`.
  static func json(_ operations: String) -> String {
    ##"""
    {"container": {"width": 120, "height": 160, "color": "#101014"}, "frames": 5,
     "views": [
       {"id": "list", "color": "#f2f2f7", "children": [
         {"id": "list-title", "frame": [10, 10, 100, 20], "color": "#007aff"}]},
       {"id": "detail", "color": "#ffffff", "children": [
         {"id": "detail-title", "frame": [10, 10, 100, 20], "color": "#ff375f"}]}],
     "script": [{"show": "list"}, \##(operations)]}
    """##
  }

  /// A fade of the list's title to `alpha`, linear over 0.4 s (the push's length).
  static func fade(_ alpha: Double) -> String {
    ##"[{"duration": 0.4, "curve": "linear", "changes": [{"view": "list-title", "alpha": \##(alpha)}]}]"##
  }

  @Test("alongside reads as animate's steps, on the operations that play a transition")
  func reads() throws {
    let file = try SceneFile.decode(
      Data(Self.json(##"{"push": "detail", "alongside": \##(Self.fade(0))}"##).utf8),
      name: "s.json")
    let steps = try #require(file.script[1].alongside)
    #expect(steps.count == 1)
    #expect(steps[0].duration == 0.4)
    #expect(steps[0].changes.map(\.view) == ["list-title"])
    for verb in [
      ##""pop": true"##, ##""popTo": "list""##, ##""popToRoot": true"##,
      ##""insert": "detail", "at": 1"##,
      ##""remove": 0"##, ##""back": true"##,
    ] {
      #expect(
        decodingMessage(Self.json(##"{\##(verb), "alongside": \##(Self.fade(0))}"##)) == "decodes",
        "\(verb)")
    }
  }

  static let problems: [(operation: String, message: String)] = [
    (
      ##"{"push": "detail", "alongside": 3}"##,
      "s.json: script[1].alongside: expected a list"
    ),
    (
      ##"{"wait": 1, "alongside": []}"##,
      ##"s.json: script[1].alongside: "alongside" does not apply to wait (wait takes frames, after)"##
    ),
    (
      ##"{"animate": \##(fade(0)), "alongside": \##(fade(0))}"##,
      ##"s.json: script[1].alongside: "alongside" does not apply to animate (animate takes frames, after)"##
    ),
    (
      ##"{"push": "detail", "alongside": []}"##,
      "s.json: script[1].alongside: expected at least one step"
    ),
    (
      ##"{"push": "detail", "alongside": [{"duration": 0.2, "changes": [{"view": "nope", "alpha": 0}]}]}"##,
      ##"s.json: script[1].alongside[0].changes[0].view: no view "nope" in the file"##
    ),
    (
      ##"{"push": "detail", "alongside": [{"duration": 0.2, "changes": [{"view": "list", "alpha": 0}]}]}"##,
      ##"s.json: script[1].alongside[0].changes[0].view: "list" is a screen, which the container lays out; animate the views inside it"##
    ),
    (
      ##"{"push": "detail", "alongside": [{"duration": -1, "changes": [{"view": "list-title", "alpha": 0}]}]}"##,
      "s.json: script[1].alongside[0].duration: expected 0…3600 seconds, got -1.0"
    ),
    (
      ##"{"push": "detail", "alongside": [{"duration": 0.2, "changes": [{"view": "list-title", "alpha": 2}]}]}"##,
      "s.json: script[1].alongside[0].changes[0].alpha: expected 0…1, got 2.0"
    ),
    (
      ##"{"push": "detail", "alongside": [{"duration": 0.2, "changes": [{"view": "list-title"}]}]}"##,
      "s.json: script[1].alongside[0].changes[0]: changes nothing: give frame, cornerRadius, cornerRadii, color, alpha, borderWidth, borderColor, shadow, contentMode, textColor, translate, scale, rotate or some of them"
    ),
  ]

  @Test("a bad alongside names its place and what was wrong")
  func badAlongside() {
    for (operation, expected) in Self.problems {
      #expect(decodingMessage(Self.json(operation)) == expected, "\(operation)")
    }
  }

  /// The alpha of `id` in each frame of the states file.
  static func alphas(_ id: String, in folder: URL) throws -> [Double?] {
    let object = try JSONSerialization.jsonObject(
      with: Data(contentsOf: folder.appendingPathComponent("s.json")))
    let frames = try #require((object as? [String: Any])?["frames"] as? [[String: Any]])
    return frames.map { frame in
      let views = frame["views"] as? [[String: Any]] ?? []
      return views.first { $0["id"] as? String == id }?["alpha"] as? Double
    }
  }

  /// Runs the built `animrender play` on `json` with `--states s.json`.
  static func play(_ json: String) throws -> (URL, ProcessResult) {
    let folder = TemporaryDirectory.make()
    try Data(json.utf8).write(to: folder.appendingPathComponent("scene.json"))
    let result = try animrender.run(
      ["play", "scene.json", "--layout", "frames", "-o", "f-%02d.png", "--states", "s.json"],
      in: folder)
    return (folder, result)
  }

  @Test(
    "end to end: a title fades with a push, frame by frame, and stays faded; a pop brings it back")
  func fadeWithPush() throws {
    let (folder, result) = try Self.play(
      Self.json(
        ##"{"push": "detail", "curve": "linear", "alongside": \##(Self.fade(0))}, "##
          + ##"{"pop": true, "alongside": \##(Self.fade(1))}"##))
    #expect(result.status == 0, "\(result.stderr)")
    let alphas = try Self.alphas("list-title", in: folder)
    // show: 1 frame; push: 5 at 0, 0.1 … 0.4 s; pop: 5.
    let expected = [1, 1, 0.75, 0.5, 0.25, 0, 0, 0.25, 0.5, 0.75, 1.0]
    #expect(alphas.count == expected.count)
    for (alpha, want) in zip(alphas, expected) {
      #expect(abs((alpha ?? .nan) - want) < 1e-12, "\(alphas)")
    }
    // The ends are exact.
    #expect(alphas[5] == 0 && alphas[10] == 1)
    let first = try Data(contentsOf: folder.appendingPathComponent("f-00.png"))
    let pushed = try Data(contentsOf: folder.appendingPathComponent("f-03.png"))
    #expect(first != pushed)
  }

  @Test(
    "end to end: a driven push scrubs the alongside fade with the finger, and a cancel brings it back"
  )
  func cancelledPush() throws {
    let (folder, result) = try Self.play(
      Self.json(
        ##"{"push": "detail", "interactive": {"progress": [0.25, 0.5], "release": "cancel"}, "##
          + ##""alongside": \##(Self.fade(0))}"##))
    #expect(result.status == 0, "\(result.stderr)")
    let alphas = try Self.alphas("list-title", in: folder)
    #expect(alphas.first == 1)
    #expect(Array(alphas.dropFirst().prefix(2)) == [0.75, 0.5])
    #expect(alphas.last == 1)
  }

  @Test("end to end: an alongside change of appearance fails with status 65 and writes nothing")
  func appearanceRefused() throws {
    let (folder, result) = try Self.play(
      Self.json(
        ##"{"push": "detail", "alongside": [{"duration": 0.2, "changes": [{"view": "list-title", "color": "#000000"}]}]}"##
      ))
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "animrender: scene.json: script[1]: alongside animation 1 changes the background colour"
        + " of 'list-title': alongside a transition, animate frames, alphas, transforms and visibility\n"
    )
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("f-00.png").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s.json").path))
  }

  @Test(
    "end to end: a sheet presented over tabs fades the tab's title with it, and its dismissal brings it back"
  )
  func sheetOverTabs() throws {
    let (folder, result) = try Self.play(
      ##"""
      {"container": {"width": 120, "height": 160, "kind": "tabs", "tabs": ["list"]}, "frames": 5,
       "views": [
         {"id": "list", "color": "#f2f2f7", "children": [
           {"id": "list-title", "frame": [10, 10, 100, 20], "color": "#007aff"}]},
         {"id": "detail", "color": "#ffffff", "children": [
           {"id": "detail-title", "frame": [10, 10, 100, 20], "color": "#ff375f"}]}],
       "script": [
         {"present": "detail", "sheet": {"detents": ["large"]}, "duration": 0.4,
          "alongside": \##(Self.fade(0))},
         {"dismiss": true, "alongside": \##(Self.fade(1))}]}
      """##)
    #expect(result.status == 0, "\(result.stderr)")
    let alphas = try Self.alphas("list-title", in: folder)
    // present: 5 frames at 0, 0.1 … 0.4 s; dismiss: 5 more.
    let expected = [1, 0.75, 0.5, 0.25, 0, 0, 0.25, 0.5, 0.75, 1.0]
    #expect(alphas.count == expected.count, "\(alphas)")
    for (alpha, want) in zip(alphas, expected) {
      #expect(abs((alpha ?? .nan) - want) < 1e-12, "\(alphas)")
    }
    // The ends are exact.
    #expect(alphas[4] == 0 && alphas[9] == 1)
  }
}
