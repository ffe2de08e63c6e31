import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport
import TransitTesting

@testable import AnimRenderCLI

/// Matched views in scene files: the `"match"` key on views and on
/// operations, flights in `--states`, the pop after a rotation, and
/// `Examples/photo-grid.json` with its golden.
@Suite("Scene files: matched views", .serialized)
struct MatchSceneTests {
  static func decode(_ views: String, script: String = #"[{"show": "a"}]"#) throws(CLIError)
    -> SceneFile
  {
    let text =
      #"{"container": {"width": 20, "height": 30}, "views": "# + views + #", "script": "#
      + script + "}"
    return try SceneFile.decode(Data(text.utf8), name: "s.json")
  }

  static func message(_ views: String, script: String = #"[{"show": "a"}]"#) -> String? {
    do {
      _ = try decode(views, script: script)
      return nil
    } catch { return error.message }
  }

  @Test func aViewsMatchKeyReachesTheView() throws {
    let file = try Self.decode(
      #"[{"id": "a", "children": [{"id": "t", "frame": [0, 0, 5, 5], "match": "photo"}]}, {"id": "b", "children": [{"id": "p", "frame": [0, 0, 9, 9], "match": "photo"}]}]"#
    )
    let screen = try #require(file.screen("a", bounds: Rect(x: 0, y: 0, width: 20, height: 30)))
    #expect(screen.children[0].matchKey == "photo")
    #expect(screen.matchKey == nil)
  }

  @Test func badMatchKeysAreErrorsNamingThePlace() throws {
    #expect(
      Self.message(#"[{"id": "a", "match": 3}]"#) == "s.json: views[0].match: expected a string")
    #expect(
      Self.message(#"[{"id": "a", "match": ""}]"#)
        == "s.json: views[0].match: expected a key of 1…256 characters, got 0")
    let long = String(repeating: "k", count: 257)
    #expect(
      Self.message(#"[{"id": "a", "match": "\#(long)"}]"#)
        == "s.json: views[0].match: expected a key of 1…256 characters, got 257")
    #expect(
      Self.message(#"[{"id": "a", "match": "a\u0000b"}]"#)
        == #"s.json: views[0].match: a match key cannot hold a NUL character (\u{0})"#)
    #expect(
      Self.message(
        #"[{"id": "a", "children": [{"id": "x", "frame": [0, 0, 1, 1], "match": "k"}, {"id": "y", "frame": [0, 0, 1, 1], "children": [{"id": "z", "frame": [0, 0, 1, 1], "match": "k"}]}]}]"#
      )
        == #"s.json: views[0].children[1].children[0].match: the match key "k" is already given at views[0].children[0].match; a key names one view of a screen"#
    )
    // One key on each of two screens is the point.
    #expect(
      Self.message(
        #"[{"id": "a", "match": "k"}, {"id": "b", "children": [{"id": "y", "frame": [0, 0, 1, 1], "match": "k"}]}]"#
      ) == nil)
    #expect(
      Self.message(#"[{"id": "a", "match": "\#(String(repeating: "k", count: 256))"}]"#) == nil)
  }

  @Test func matchOnAnOperationIsABooleanForTheVerbsThatFly() throws {
    let views = #"[{"id": "a"}, {"id": "b"}]"#
    let file = try Self.decode(
      views,
      script: #"[{"show": "a"}, {"push": "b", "match": false}, {"pop": true, "match": true}]"#)
    #expect(file.script[1].match == false && file.script[2].match == true)
    #expect(file.script[0].match == nil)
    #expect(
      Self.message(views, script: #"[{"show": "a", "match": false}]"#)
        == #"s.json: script[0].match: "match" does not apply to show (show takes style, curve, duration, frames, after)"#
    )
    #expect(
      Self.message(views, script: #"[{"show": "a"}, {"push": "b", "match": "no"}]"#)
        == "s.json: script[1].match: expected true or false")
    for verb in ["push", "pop", "popTo", "popToRoot", "insert", "remove"] {
      #expect(ScriptOperation.keys(of: verb).contains("match"), "\(verb)")
    }
  }

  /// Plays `Examples/photo-grid.json` with its script replaced by
  /// `script` (or as it is), writing `--states`; the views of each frame by id.
  static func play(script: String? = nil, extra: [String] = []) throws -> [[String: [String: Any]]]
  {
    let folder = TemporaryDirectory.make()
    let example = PackageFiles.root.appendingPathComponent("Examples")
    try FileManager.default.copyItem(
      at: example.appendingPathComponent("card-photo.png"),
      to: folder.appendingPathComponent("card-photo.png"))
    var object = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: example.appendingPathComponent("photo-grid.json")))
        as? [String: Any])
    if let script {
      object["script"] = try JSONSerialization.jsonObject(with: Data(script.utf8))
    }
    try JSONSerialization.data(withJSONObject: object).write(
      to: folder.appendingPathComponent("scene.json"))
    let result = try animrender.run(
      ["play", "scene.json", "--layout", "grid", "-o", "p.png", "--states", "s.json"] + extra,
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    return try AnimateEndToEndTests.entries(folder)
  }

  static func frame(_ view: [String: Any]?) -> [Double] { view?["frame"] as? [Double] ?? [] }

  static func near(_ a: [Double], _ b: [Double], within tolerance: Double) -> Bool {
    a.count == 4 && b.count == 4 && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  @Test("a flight is a view match:KEY in --states while it flies, between its two ends")
  func aFlightAppearsInTheStates() throws {
    let frames = try Self.play(
      script: #"[{"show": "grid"}, {"push": "detail", "style": "matched"}]"#)
    // show 1, push 8: frames 1…8 are the push, 1 its start and 8 its end.
    #expect(frames.count == 9)
    let flying = frames.indices.filter { frames[$0]["match:photo"] != nil }
    #expect(flying == Array(2...7))
    let thumb = Self.frame(frames[0]["thumb-3"])
    let photo = Self.frame(frames[8]["photo"])
    #expect(Self.near(thumb, [14.4, 172.2, 98.4, 100.8], within: 1e-9))
    var previous = thumb
    for k in flying {
      let flight = try #require(frames[k]["match:photo"])
      let rect = Self.frame(flight)
      // Each frame between the thumbnail's rect and the photo's, and moving on.
      for i in 0..<4 {
        #expect(min(thumb[i], photo[i]) <= rect[i] && rect[i] <= max(thumb[i], photo[i]))
      }
      #expect(rect != previous)
      previous = rect
      let radii = try #require(flight["cornerRadii"] as? [Double])
      #expect(radii.count == 4 && radii.allSatisfy { $0 > 0 && $0 < 14 })
      #expect(flight["hidden"] as? Bool == false)
      // The originals are hidden in place while the flight stands in for them.
      #expect(frames[k]["thumb-3"]?["hidden"] as? Bool == true)
      #expect(frames[k]["photo"]?["hidden"] as? Bool == true)
    }
  }

  @Test("\"match\": false flies nothing: the push plays its style alone")
  func matchFalseFliesNothing() throws {
    let frames = try Self.play(
      script: #"[{"show": "grid"}, {"push": "detail", "style": "matched", "match": false}]"#)
    #expect(frames.count == 9)
    for (k, views) in frames.enumerated() {
      #expect(!views.keys.contains { $0.hasPrefix("match:") }, "frame \(k)")
      #expect(views["thumb-3"]?["hidden"] as? Bool != true, "frame \(k)")
      #expect(views["photo"]?["hidden"] as? Bool != true, "frame \(k)")
    }
    // Only that operation: the pop after it flies.
    let popped = try Self.play(
      script:
        #"[{"show": "grid"}, {"push": "detail", "style": "matched", "match": false}, {"pop": true}]"#
    )
    #expect(popped[9...].contains { $0["match:photo"] != nil })
  }

  @Test("push, rotate, pop: the pop flies back to the thumbnail's place in the rotated grid")
  func popAfterRotationLandsOnTheNewLayout() throws {
    let frames = try Self.play()
    // show 1, push 8, rotate 1, pop 8.
    #expect(frames.count == 18)
    // Landscape 420×240: the thumbnail's relative frame [0.06, 0.41, 0.41, 0.24].
    let rotated = [0.06 * 420, 0.41 * 240, 0.41 * 420, 0.24 * 240]
    #expect(Self.near(Self.frame(frames[17]["thumb-3"]), rotated, within: 1e-9))
    #expect(frames[17]["thumb-3"]?["hidden"] as? Bool == false)
    // The photo too was laid out again at the new bounds before the pop.
    #expect(
      Self.near(Self.frame(frames[9]["photo"]), [0, 0.15 * 240, 420, 0.55 * 240], within: 1e-9))
    let photo = [0, 0.15 * 240, 420, 0.55 * 240]
    let flying = (10..<18).filter { frames[$0]["match:photo"] != nil }
    #expect(flying == Array(11...16))
    // Every frame of the flight lies on the straight way from the photo's
    // rect to the thumbnail's new one, each entry the same fraction of it,
    // and the fraction grows to near 1 at the last flying frame.
    var fractions: [Double] = []
    for k in flying {
      let rect = Self.frame(frames[k]["match:photo"])
      let f = (rect[2] - photo[2]) / (rotated[2] - photo[2])
      let expected = (0..<4).map { photo[$0] + f * (rotated[$0] - photo[$0]) }
      #expect(Self.near(rect, expected, within: 1e-6), "frame \(k): \(rect) vs \(expected)")
      fractions.append(f)
    }
    #expect(fractions == fractions.sorted() && fractions.first ?? 0 > 0)
    #expect((fractions.last ?? 0) > 0.9 && (fractions.last ?? 1) < 1)
  }

  @Test func thePhotoGridExampleMatchesItsGolden() throws {
    let folder = TemporaryDirectory.make()
    let path = PackageFiles.root.appendingPathComponent("Examples/photo-grid.json").path
    let result = try animrender.run(
      ["play", path, "--layout", "grid", "--columns", "6", "-o", "g.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("g.png").path)
    try assertGolden(image, named: "photo-grid", suite: "examples")
  }
}
