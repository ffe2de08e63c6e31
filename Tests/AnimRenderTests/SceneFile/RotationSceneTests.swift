import Foundation
import Testing
import Transit
import TransitTestSupport

@testable import AnimRenderCLI

/// Scene files' autoresizing children and rotations that animate.
@Suite("Scene files: autoresizing and animated rotations")
struct RotationSceneTests {
  static func file(
    _ rotate: String, autoresizing: String = #"["flexibleWidth", "flexibleTopMargin"]"#
  )
    throws -> SceneFile
  {
    let json = """
      {
        "container": { "width": 200, "height": 400 },
        "views": [
          { "id": "home", "color": "#e63333",
            "children": [
              { "id": "bar", "frame": [0, 344, 200, 56], "autoresizing": \(autoresizing) },
              { "id": "card", "frame": [0.1, 0.1, 0.8, 0.3], "relative": true }
            ] },
          { "id": "detail" }
        ],
        "script": [ { "show": "home" }, { "push": "detail", "frames": 2 }, \(rotate) ]
      }
      """
    return try SceneFile.decode(Data(json.utf8), name: "rotate.json")
  }

  static func frame(_ story: PlayedStory, _ index: Int, _ id: String) -> Rect? {
    story.frames[index].scene().view(id)?.frame
  }

  @Test("a full-width bar of fixed height follows the rotation: full width, 56 high, at the bottom")
  func barSurvivesRotation() throws {
    let story = try Story.play(try Self.file(#"{"rotate": "landscape"}"#), name: "r")
    let last = story.frames.count - 1
    #expect(Self.frame(story, last, "bar") == Rect(x: 0, y: 144, width: 400, height: 56))
    #expect(Self.frame(story, 0, "bar") == Rect(x: 0, y: 344, width: 200, height: 56))
  }

  @Test(
    "a rotation with a duration draws the layout moving, and lands on the instant rotation's picture"
  )
  func animatedRotation() throws {
    let instant = try Story.play(try Self.file(#"{"rotate": "landscape"}"#), name: "r")
    let story = try Story.play(
      try Self.file(#"{"rotate": "landscape", "duration": 0.4, "frames": 5}"#), name: "r")
    #expect(story.frames.count == 1 + 2 + 5)
    let first = 3
    // Frame 0 is the picture before; the last is the instant rotation's.
    #expect(story.frames[first].scene() == story.frames[first - 1].scene())
    let end = try #require(story.frames.last).scene()
    #expect(end == (try #require(instant.frames.last)).scene())
    var widths: [Double] = []
    for k in 0..<5 {
      let bar = try #require(Self.frame(story, first + k, "bar"))
      #expect(bar.height == 56)
      widths.append(bar.width)
      #expect(abs(story.frames[first + k].scene().size.width - bar.width) < 1e-9)
    }
    #expect(widths == widths.sorted())
    #expect(widths[2] > 200 && widths[2] < 400)
    #expect(story.frames[first + 4].time - story.frames[first].time == 0.4)
  }

  @Test("an unknown flag, a flag on a screen or on a relative child is refused, naming the place")
  func badFlags() throws {
    #expect(throws: CLIError.self) {
      try Self.file(#"{"rotate": "landscape"}"#, autoresizing: #"["flexibleWidht"]"#)
        .validate(name: "r")
    }
    do {
      try Self.file(#"{"rotate": "landscape"}"#, autoresizing: #"["sideways"]"#).validate(
        name: "r")
      Issue.record("accepted an unknown flag")
    } catch {
      let message = (error as? CLIError)?.message ?? ""
      #expect(message.contains("views[0].children[0].autoresizing"))
      #expect(message.contains("flexibleBottomMargin"))
    }
    let relative = """
      {"container": {"width": 10, "height": 10},
       "views": [{"id": "a", "children": [{"id": "c", "frame": [0, 0, 1, 1], "relative": true,
                   "autoresizing": ["flexibleWidth"]}]}],
       "script": [{"show": "a"}]}
      """
    #expect(throws: CLIError.self) {
      try SceneFile.decode(Data(relative.utf8), name: "r").validate(name: "r")
    }
    let screen = """
      {"container": {"width": 10, "height": 10},
       "views": [{"id": "a", "autoresizing": ["flexibleWidth"]}],
       "script": [{"show": "a"}]}
      """
    #expect(throws: CLIError.self) {
      try SceneFile.decode(Data(screen.utf8), name: "r").validate(name: "r")
    }
  }

  @Test("a rotation's curve that does not parse is refused")
  func badCurve() throws {
    #expect(throws: CLIError.self) {
      try Story.play(
        try Self.file(#"{"rotate": "landscape", "duration": 0.4, "curve": "wobbly"}"#), name: "r")
    }
  }
}
