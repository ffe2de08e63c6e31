import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport
import TransitTesting

/// The `animate` verb through the built `animrender`: frames, `--states`,
/// and the reverse ending bit for bit where the animation started.
@Suite("animrender: the animate verb end to end", .serialized)
struct AnimateEndToEndTests {
  /// Every property the verb animates, on the card and its label.
  static let everything = #"""
    {"animate": [{"duration": 0.4, "curve": "linear", "changes": [
       {"view": "card", "frame": [0, 0, 1, 1], "relative": true, "cornerRadii": [0, 0, 0, 0],
        "color": "#ff375f", "alpha": 0.9, "borderWidth": 2, "borderColor": "#000000",
        "shadow": {"opacity": 0.6, "radius": 10, "offset": [0, 4]}, "contentMode": "aspectFit"},
       {"view": "label", "textColor": "#ffffff", "translate": [3, 4], "scale": 1.5, "rotate": 30}]}],
     "frames": 5}
    """#

  /// Each frame's views, as the states file writes them (sorted keys).
  static func views(_ folder: URL, _ name: String = "s.json") throws -> [String] {
    let object = try JSONSerialization.jsonObject(
      with: Data(contentsOf: folder.appendingPathComponent(name)))
    let frames = try #require((object as? [String: Any])?["frames"] as? [[String: Any]])
    return try frames.map { frame in
      let data = try JSONSerialization.data(
        withJSONObject: frame["views"] ?? [], options: [.sortedKeys])
      return String(decoding: data, as: UTF8.self)
    }
  }

  /// The views of each frame as objects, by id.
  static func entries(_ folder: URL) throws -> [[String: [String: Any]]] {
    let object = try JSONSerialization.jsonObject(
      with: Data(contentsOf: folder.appendingPathComponent("s.json")))
    let frames = try #require((object as? [String: Any])?["frames"] as? [[String: Any]])
    return frames.map { frame in
      var byID: [String: [String: Any]] = [:]
      for view in frame["views"] as? [[String: Any]] ?? [] {
        if let id = view["id"] as? String { byID[id] = view }
      }
      return byID
    }
  }

  @Test(
    "animate then reverse: the reverse mirrors every frame and ends bit for bit on the start, states and pixels"
  )
  func reverseEndsOnTheStart() throws {
    let folder = TemporaryDirectory.make()
    let scene = try AnimateFixture.write(
      AnimateFixture.json(script: Self.everything + #", {"animate": "reverse", "frames": 5}"#),
      to: folder)
    let result = try animrender.run(
      ["play", scene, "--layout", "frames", "-o", "f-%02d.png", "--states", "s.json"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let views = try Self.views(folder)
    // show: 1 frame; animate: 5 (1…5); reverse: 5 (6…10).
    #expect(views.count == 11)
    #expect(views[5] != views[0], "the animation changed nothing")
    for i in 0..<5 {
      #expect(views[1 + i] == views[10 - i], "forward \(i) against reverse \(4 - i)")
    }
    #expect(views[10] == views[0])
    let first = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("f-00.png").path)
    let last = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("f-10.png").path)
    let end = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("f-05.png").path)
    #expect(first.pixels == last.pixels)
    #expect(first.pixels != end.pixels)
  }

  @Test(
    "a reverse after a reverse plays the animation forward again; later operations keep the animated state"
  )
  func reverseTwiceAndPersistence() throws {
    let folder = TemporaryDirectory.make()
    let scene = try AnimateFixture.write(
      AnimateFixture.json(
        script: Self.everything
          + #", {"wait": 0.1}, {"animate": "reverse", "frames": 2}, {"animate": "reverse", "frames": 2}"#
      ), to: folder)
    let result = try animrender.run(
      ["play", scene, "--layout", "grid", "-o", "g.png", "--states", "s.json"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let views = try Self.views(folder)
    // show 1, animate 5 (1…5), wait 1 (6), reverse 2 (7, 8), reverse 2 (9, 10).
    #expect(views.count == 11)
    #expect(views[6] == views[5], "the wait shows the animated state")
    #expect(views[8] == views[0])
    #expect(views[10] == views[5])
  }

  @Test(
    "--states lists every animated property under the scene file's names, mid-way and at the end")
  func statesContent() throws {
    let folder = TemporaryDirectory.make()
    let scene = try AnimateFixture.write(
      AnimateFixture.json(
        script: #"""
          {"animate": [{"duration": 0.4, "curve": "linear", "changes": [
             {"view": "card", "cornerRadius": 0, "color": "#ff375f", "borderWidth": 2,
              "borderColor": "#0000ff", "shadow": {"color": "#ff0000", "opacity": 0.6, "radius": 10, "offset": [2, 4]},
              "contentMode": "aspectFit"},
             {"view": "label", "textColor": "#ffffff"}]}]}
          """#), to: folder)
    let result = try animrender.run(
      ["play", scene, "--layout", "grid", "-o", "g.png", "--states", "s.json"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let frames = try Self.entries(folder)
    // show: 1 frame; animate: the file's 3 frames, the middle one at p = 0.5.
    #expect(frames.count == 4)
    let start = try #require(frames[0]["card"])
    #expect(start["cornerRadii"] as? [Double] == [6, 6, 6, 6])
    #expect(start["color"] as? String == "#ffffffff")
    #expect(start["borderWidth"] as? Double == 0)
    #expect(start["borderColor"] as? String == "#00000000")
    #expect(start["contentMode"] as? String == "aspectFill")
    #expect(start["imagePlacement"] == nil)
    #expect(start["textColor"] == nil, "the card has no text")
    let shadow = try #require(start["shadow"] as? [String: Any])
    #expect(shadow["color"] as? String == "#000000ff")
    #expect(shadow["opacity"] as? Double == 0.2 && shadow["radius"] as? Double == 2)
    #expect(shadow["offset"] as? [Double] == [0, 0])
    #expect(frames[0]["label"]?["textColor"] as? String == "#000000ff")
    // Existing fields stay.
    #expect(start["frame"] as? [Double] == [5, 10, 50, 30])
    #expect((start["transform"] as? [Double])?.count == 16 && start["alpha"] as? Double == 1)
    #expect(start["hidden"] as? Bool == false)

    let middle = try #require(frames[2]["card"])
    #expect(middle["cornerRadii"] as? [Double] == [3, 3, 3, 3])
    // White and #ff375f, both opaque, mixed half-way: (255, 155, 175).
    #expect(middle["color"] as? String == "#ff9bafff")
    #expect(middle["borderWidth"] as? Double == 1)
    // From transparent black to blue, premultiplied: half-way is blue at alpha ½.
    #expect(middle["borderColor"] as? String == "#0000ff80")
    let shadowMiddle = try #require(middle["shadow"] as? [String: Any])
    #expect(shadowMiddle["color"] as? String == "#800000ff")
    #expect(shadowMiddle["opacity"] as? Double == 0.4 && shadowMiddle["radius"] as? Double == 6)
    #expect(shadowMiddle["offset"] as? [Double] == [1, 2])
    // Half-way between two modes: the first of the two is named, with the mix.
    #expect(middle["contentMode"] as? String == "aspectFit")
    let placement = try #require(middle["imagePlacement"] as? [String: Any])
    #expect(placement["aspectFit"] as? Double == 0.5 && placement["aspectFill"] as? Double == 0.5)
    #expect(placement["scaleToFill"] as? Double == 0 && placement["ownSize"] as? Double == 0)
    #expect(placement["anchor"] == nil)
    #expect(frames[2]["label"]?["textColor"] as? String == "#808080ff")

    let end = try #require(frames[3]["card"])
    #expect(end["cornerRadii"] as? [Double] == [0, 0, 0, 0])
    #expect(end["color"] as? String == "#ff375fff")
    #expect(end["borderColor"] as? String == "#0000ffff")
    #expect(end["contentMode"] as? String == "aspectFit" && end["imagePlacement"] == nil)
    #expect(frames[3]["label"]?["textColor"] as? String == "#ffffffff")
  }

  @Test(
    "with --fps the animation is sampled on the story's clock and the reverse still ends on the start"
  )
  func framesPerSecond() throws {
    let folder = TemporaryDirectory.make()
    let scene = try AnimateFixture.write(
      AnimateFixture.json(
        script: #"{"wait": 0.2}, "# + Self.everything + #", {"animate": "reverse"}"#),
      to: folder)
    let result = try animrender.run(
      ["play", scene, "--fps", "10", "--layout", "grid", "-o", "g.png", "--states", "s.json"],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let views = try Self.views(folder)
    // 0, 0.1, …, 1 s: the wait's 0.2 s, the forward's 0.4 s and the reverse's.
    #expect(views.count == 11)
    #expect(views[2] == views[0], "the animation starts after the wait")
    for i in [4, 8] {
      #expect(views[i] != views[0] && views[i] != views[6], "\(i) is part of the way")
    }
    #expect(views[10] == views[0])
  }

  @Test(
    "a view whose screen left the stack is drawn as the file says when it comes back, and cannot be reversed"
  )
  func screensLeaving() throws {
    let folder = TemporaryDirectory.make()
    let comesBack = try AnimateFixture.write(
      AnimateFixture.json(
        script: Self.everything + #", {"show": "other"}, {"show": "home"}"#), to: folder)
    let played = try animrender.run(
      ["play", comesBack, "--layout", "grid", "-o", "g.png", "--states", "s.json"], in: folder)
    #expect(played.status == 0, "\(played.stderr)")
    let views = try Self.views(folder)
    #expect(views.count == 8)
    #expect(views[7] == views[0])

    let gone = try AnimateFixture.write(
      AnimateFixture.json(
        script: Self.everything + #", {"show": "other"}, {"animate": "reverse"}"#),
      to: folder)
    let refused = try animrender.run(["play", gone, "-o", "x.png"], in: folder)
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == #"animrender: scene.json: script[3].animate: cannot reverse: the view "card" it animated is no longer on the stack"#
        + "\n")
  }

  @Test("what only the played story can tell is refused, 65, naming the operation and the place")
  func runtimeRefusals() throws {
    let folder = TemporaryDirectory.make()
    for (script, message) in [
      (
        #"{"show": "other"}, {"animate": [{"duration": 0.2, "changes": [{"view": "card", "alpha": 0}]}]}"#,
        #"script[2].animate[0].changes[0].view: "card" is not in the current picture (screens on the stack: other)"#
      ),
      (
        #"{"animate": [{"duration": 0.2, "overlap": 0.5, "changes": [{"view": "card", "alpha": 0}]}]}"#,
        "script[1].animate: step 1: overlap 0.5 makes the step start at -0.5, before 0"
      ),
    ] {
      let scene = try AnimateFixture.write(AnimateFixture.json(script: script), to: folder)
      let result = try animrender.run(["play", scene, "-o", "x.png"], in: folder)
      #expect(result.status == 65, "\(script): \(result.stderr)")
      #expect(result.stderr == "animrender: scene.json: \(message)\n", "\(script)")
      #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }
  }

  @Test(
    "Examples/card-expand.json grows its card, squares its corners, deepens its shadow, fits its photo, and plays back onto its first frame"
  )
  func cardExpandExample() throws {
    let folder = TemporaryDirectory.make()
    let path = PackageFiles.root.appendingPathComponent("Examples/card-expand.json").path
    let result = try animrender.run(
      ["play", path, "--layout", "grid", "-o", "card.png", "--states", "s.json"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let views = try Self.views(folder)
    let frames = try Self.entries(folder)
    // show 1, animate 8, wait 1, reverse 8.
    #expect(views.count == 18)
    #expect(views[17] == views[0])
    let (start, end) = (try #require(frames[0]["card-a"]), try #require(frames[8]["card-a"]))
    #expect(start["cornerRadii"] as? [Double] == [16, 16, 16, 16])
    #expect(end["cornerRadii"] as? [Double] == [0, 0, 0, 0])
    #expect(end["frame"] as? [Double] == [0, 0, 320, 560])
    let (shadowStart, shadowEnd) = (
      try #require(start["shadow"] as? [String: Any]), try #require(end["shadow"] as? [String: Any])
    )
    #expect(
      (shadowStart["radius"] as? Double ?? 0) < (shadowEnd["radius"] as? Double ?? 0)
        && (shadowStart["opacity"] as? Double ?? 0) < (shadowEnd["opacity"] as? Double ?? 0))
    #expect(frames[0]["photo-a"]?["contentMode"] as? String == "aspectFill")
    #expect(frames[8]["photo-a"]?["contentMode"] as? String == "aspectFit")
    #expect(frames[4]["photo-a"]?["imagePlacement"] != nil)
  }

  /// The example as drawn: nine columns put the forward half (the list and
  /// eight frames of growth) on the first row and the reverse (the wait and
  /// eight frames back) under it, half size to keep the golden small.
  @Test func theCardExpandExampleMatchesItsGolden() throws {
    let folder = TemporaryDirectory.make()
    let path = PackageFiles.root.appendingPathComponent("Examples/card-expand.json").path
    let result = try animrender.run(
      ["play", path, "--layout", "grid", "--columns", "9", "--scale", "0.5", "-o", "c.png"],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("c.png").path)
    try assertGolden(image, named: "card-expand", suite: "examples")
  }
}
