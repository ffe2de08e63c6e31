import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// `animrender play` runs a real StackContainer: each frame k of an
/// operation of N frames is exactly its transition at k·D/(N−1).
@Suite("Scene-file stories")
struct StoryTests {
  static let json = """
    {
      "container": { "width": 390, "height": 844, "color": "#101010" },
      "frames": 5,
      "views": [
        { "id": "home", "color": "#ff0000",
          "children": [ { "id": "bar", "frame": [0.1, 0.1, 0.5, 0.2], "relative": true } ] },
        { "id": "detail", "color": "#0000ff" }
      ],
      "script": [
        { "show": "home" },
        { "push": "detail", "style": "STYLE", "duration": 0.4 },
        { "rotate": "landscape" },
        { "pop": true, "frames": 4 },
        { "push": "detail", "style": "STYLE", "frames": 2 },
        { "pop": true, "duration": 0.2, "frames": 2 }
      ]
    }
    """

  static func states(_ scene: Scene) -> [String: ViewState] {
    var states: [String: ViewState] = [:]
    for view in scene.views { states[view.id] = view.state }
    return states
  }

  @Test(
    "frame k of a push and of a pop after a rotation is the transition's frame k, bit for bit",
    arguments: ["cover-from-bottom-push-to-back", "flip-horizontally", "push-from-left-fade-in"])
  func framesAreExact(style name: String) throws {
    let data = Data(Self.json.replacingOccurrences(of: "STYLE", with: name).utf8)
    let file = try SceneFile.decode(data, name: "story.json")
    let story = try Story.play(file, name: "story.json")
    #expect(story.frames.count == 1 + 5 + 1 + 4 + 2 + 2)
    let portrait = Rect(x: 0, y: 0, width: 390, height: 844)
    let landscape = Rect(x: 0, y: 0, width: 844, height: 390)
    let transition = Transition(
      style: try TransitionStyles.builtIn.style(named: name), appearingViewID: "detail",
      disappearingViewID: "home", duration: 0.4)
    let base = Scene(
      size: portrait.size,
      views: [View(id: "home", frame: portrait), View(id: "detail", frame: portrait)])
    let push = try transition.forwardTimeline(from: base, bounds: portrait)
    for k in 0..<5 {
      let frame = story.frames[1 + k]
      let expected = Self.states(push.sample(frame: k, of: 5))
      let actual = Self.states(frame.scene())
      for id in ["home", "detail"] {
        #expect(bitIdentical(actual[id], expected[id]), "push frame \(k), \(id)")
      }
      #expect(frame.time == push.time(ofFrame: k, of: 5))
    }
    let pop = try transition.reverseTimeline(from: base, bounds: landscape)
    for k in 0..<4 {
      let scene = story.frames[7 + k].scene()
      #expect(scene.size == landscape.size)
      let expected = Self.states(pop.sample(frame: k, of: 4))
      let actual = Self.states(scene)
      for id in ["home", "detail"] {
        #expect(bitIdentical(actual[id], expected[id]), "pop frame \(k), \(id)")
      }
      // Relative children follow the rotation.
      #expect(scene.view("bar")?.frame == Rect(x: 84.4, y: 39, width: 422, height: 78))
    }
    // A pop plays at its push's duration unless it gives its own.
    let intrinsic = try TransitionStyles.builtIn.style(named: name).intrinsicDuration
    #expect(abs(story.time - (0.4 + 0.4 + intrinsic + 0.2)) < 1e-12)
    #expect(abs(story.frames[12].time - (0.8 + intrinsic)) < 1e-12)
    #expect(abs(story.frames[14].time - (0.8 + intrinsic + 0.2)) < 1e-12)
  }

  @Test("a story's operations run on a stack: a failed one is a data error naming its place")
  func failuresNameThePlace() throws {
    let text = Self.json.replacingOccurrences(of: "STYLE", with: "no-such-style")
    do {
      _ = try Story.play(try SceneFile.decode(Data(text.utf8), name: "s.json"), name: "s.json")
      Issue.record("expected an error")
    } catch {
      #expect(error.message.hasPrefix("s.json: script[1]: style:"))
    }
  }
  /// The states of `timeline` at frame k of `count` for every k.
  static func frames(_ timeline: Timeline, count: Int) -> [[String: ViewState]] {
    (0..<count).map { states(timeline.sample(frame: $0, of: count)) }
  }

  @Test(
    "a pop, popTo or popToRoot with its own style plays that style's reverse, built at the current bounds",
    arguments: ["pop\": true", "popTo\": \"home\"", "popToRoot\": true"])
  func popWithItsOwnStyle(verb: String) throws {
    let json = """
      {"container": {"width": 390, "height": 844}, "frames": 5,
       "views": [{"id": "home", "color": "#ff0000"}, {"id": "detail", "color": "#0000ff"}],
       "script": [{"show": "home"},
                  {"push": "detail", "style": "push-from-right", "duration": 0.4},
                  {"rotate": "landscape"},
                  {"\(verb), "style": "STYLE", "frames": 4}]}
      """
    let landscape = Rect(x: 0, y: 0, width: 844, height: 390)
    let base = Scene(
      size: landscape.size,
      views: [View(id: "home", frame: landscape), View(id: "detail", frame: landscape)])
    for name in ["cover-from-bottom-push-to-back", "flip-horizontally", "fade-in"] {
      let text = json.replacingOccurrences(of: "STYLE", with: name)
      let story = try Story.play(
        try SceneFile.decode(Data(text.utf8), name: "s.json"), name: "s.json")
      // The style's push of detail over home, built at the landscape bounds,
      // at the push's duration, reversed.
      let transition = Transition(
        style: try TransitionStyles.builtIn.style(named: name), appearingViewID: "detail",
        disappearingViewID: "home", duration: 0.4)
      let expected = Self.frames(
        try transition.reverseTimeline(from: base, bounds: landscape), count: 4)
      let played = story.frames.suffix(4).map { Self.states($0.scene()) }
      #expect(played.count == 4)
      for (k, (actual, wanted)) in zip(played, expected).enumerated() {
        for id in ["home", "detail"] {
          #expect(bitIdentical(actual[id], wanted[id]), "\(name) frame \(k), \(id)")
        }
      }
    }
  }

  @Test("a pop with a curve and no style plays the top's own push style along that curve")
  func popWithACurveOnly() throws {
    let json = """
      {"container": {"width": 390, "height": 844}, "frames": 5,
       "views": [{"id": "home"}, {"id": "detail"}],
       "script": [{"show": "home"}, {"push": "detail", "style": "push-from-left"},
                  {"pop": true, "curve": "linear", "frames": 5}]}
      """
    let story = try Story.play(
      try SceneFile.decode(Data(json.utf8), name: "s.json"), name: "s.json")
    let bounds = Rect(x: 0, y: 0, width: 390, height: 844)
    let base = Scene(
      size: bounds.size,
      views: [View(id: "home", frame: bounds), View(id: "detail", frame: bounds)])
    let style = try TransitionStyles.builtIn.style(named: "push-from-left")
    let curved = Transition(
      style: style.withCurve(.linear), appearingViewID: "detail", disappearingViewID: "home")
    let plain = Transition(style: style, appearingViewID: "detail", disappearingViewID: "home")
    let expected = Self.frames(try curved.reverseTimeline(from: base, bounds: bounds), count: 5)
    let uncurved = Self.frames(try plain.reverseTimeline(from: base, bounds: bounds), count: 5)
    #expect(expected != uncurved)
    let played = story.frames.suffix(5).map { Self.states($0.scene()) }
    #expect(played == expected)
  }
  @Test(
    "through animrender, a pop with a style draws what the pop of a screen pushed with it draws")
  func popStyleEndToEnd() throws {
    let folder = TemporaryDirectory.make()
    func frames(push: String, pop: String) throws -> [Data] {
      let text = """
        {"container": {"width": 40, "height": 60, "color": "#202020"}, "frames": 4,
         "views": [{"id": "a", "color": "#ff0000"},
                   {"id": "b", "color": "#0000ff", "children": [
                     {"id": "bar", "frame": [0.1, 0.1, 0.5, 0.2], "relative": true, "color": "#ffffff"}]}],
         "script": [{"show": "a"}, {"push": "b", "style": "\(push)"}, {"rotate": "landscape"},
                    {"pop": true\(pop)}]}
        """
      try Data(text.utf8).write(to: folder.appendingPathComponent("s.json"))
      let result = try animrender.run(
        ["play", "s.json", "--layout", "frames", "-o", "f-%02d.png", "--quiet"], in: folder)
      #expect(result.status == 0, "\(result.stderr)")
      // show, four push frames, the rotation, then the four pop frames.
      return try (6..<10).map {
        try Data(contentsOf: folder.appendingPathComponent(String(format: "f-%02d.png", $0)))
      }
    }
    let styled = try frames(push: "push-from-right", pop: #", "style": "fade-in""#)
    let pushedWithIt = try frames(push: "fade-in", pop: "")
    let ownStyle = try frames(push: "push-from-right", pop: "")
    #expect(styled == pushedWithIt)
    #expect(styled != ownStyle)
  }
}

/// `--labels` under the frames of a story: the clock's time, or, for the
/// frames a finger holds, the drag's progress (the clock stands still
/// while it drags, so every one of them would read the same time).
@Suite("Frame labels")
struct FrameLabelTests {
  @Test func dragFramesAreLabelledWithTheirProgress() throws {
    let path = PackageFiles.root.appendingPathComponent("Examples/interactive-pop.json").path
    let story = try Story.play(try SceneFile.load(path), name: path)
    let labels = story.frames.map(FrameLabel.text(for:))
    #expect(
      labels.filter { $0.hasPrefix("p ") } == ["p 0.20", "p 0.45", "p 0.60", "p 0.30", "p 0.55"])
    // The rest read the clock, which moves on between them.
    let times = story.frames.filter { $0.progress == nil }.map(\.time)
    #expect(labels.filter { $0.hasSuffix("s") }.count == times.count)
    #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    #expect(Set(labels.filter { $0.hasSuffix("s") }).count > 4)
  }

  @Test func theBandIsDrawnInTheBundledFont() throws {
    let renderer = Renderer()
    let frame = try Image(width: 120, height: 200, fill: .white)
    let labelled = try FrameLabel.attach("p 0.40", below: frame, renderer: renderer)
    let band = FrameLabel.bandHeight(width: 120, height: 200)
    #expect(labelled.height == 200 + band && labelled.width == 120)
    #expect(Array(labelled.pixels.prefix(120 * 200)) == frame.pixels)
    // Antialiased text: ink, band and the greys between.
    let shades = Set(labelled.pixels.dropFirst(120 * 200))
    #expect(shades.count > 8)
    #expect(shades.contains(FrameLabel.bandColor.premultipliedARGB32))
    // The same text the text engine draws for a view: the band is a scene.
    let scene = FrameLabel.band("p 0.40", width: 120, height: 200)
    #expect(try renderer.render(scene).pixels == Array(labelled.pixels.dropFirst(120 * 200)))
    #expect(scene.views.first?.text?.string == "p 0.40")
  }
}
