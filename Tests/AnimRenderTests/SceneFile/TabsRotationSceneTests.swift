import Foundation
import Testing
import Transit

@testable import AnimRenderCLI

/// A tabs container's animated rotation in a scene file: its screens'
/// children move with it, as a stack's do.
@Suite("Scene files: a tabs container's animated rotation")
struct TabsRotationSceneTests {
  /// A tabs scene of `width`×`height` whose first tab holds a relative
  /// card and a full-width bar of fixed height.
  static func file(width: Int, height: Int, _ script: String) throws -> SceneFile {
    let json = """
      {
        "container": { "width": \(width), "height": \(height), "kind": "tabs", "tabs": ["a", "b"] },
        "views": [
          { "id": "a", "color": "#e63333",
            "children": [
              { "id": "bar", "frame": [0, 344, 200, 56], "autoresizing": ["flexibleWidth", "flexibleTopMargin"] },
              { "id": "card", "frame": [0.1, 0.1, 0.8, 0.3], "relative": true }
            ] },
          { "id": "b", "color": "#3333e6" }
        ],
        "script": \(script)
      }
      """
    return try SceneFile.decode(Data(json.utf8), name: "tabs.json")
  }

  @Test(
    "a relative child moves monotonically through the rotation's frames and lands where a landscape tabs scene puts it"
  )
  func relativeChildFollowsRotation() throws {
    let story = try Story.play(
      try Self.file(
        width: 200, height: 400, #"[{"rotate": "landscape", "duration": 0.4, "frames": 8}]"#),
      name: "tabs.json")
    let landscape = try Story.play(
      try Self.file(width: 400, height: 200, #"[{"rotate": "landscape"}]"#), name: "tabs.json")
    let frames = story.frames.suffix(8).map { $0.scene() }
    #expect(frames.count == 8)
    let cards = try frames.map { try #require($0.view("card")?.frame) }
    let start = Rect(x: 20, y: 40, width: 160, height: 120)
    #expect(cards.first == start)
    #expect(cards.last == (try #require(landscape.frames.last)).scene().view("card")?.frame)
    #expect(cards.last == Rect(x: 40, y: 20, width: 320, height: 60))
    for (a, b) in zip(cards, cards.dropFirst()) {
      #expect(a.minX <= b.minX && a.minY >= b.minY, "\(a) → \(b)")
      #expect(a.width <= b.width && a.height >= b.height, "\(a) → \(b)")
    }
    // Mid-rotation the card is between the two layouts, not at either.
    #expect(cards[4].width > 160 && cards[4].width < 320)
    #expect(cards[4].height > 60 && cards[4].height < 120)
    // The bar keeps its height and spans the picture as it widens.
    for scene in frames {
      let bar = try #require(scene.view("bar")?.frame)
      #expect(bar.height == 56)
      #expect(abs(bar.width - scene.size.width) < 1e-9)
    }
    // The last frame is the instant rotation's picture (the bar is
    // designed in the size at load, so only the card matches a scene
    // made in landscape).
    let instant = try Story.play(
      try Self.file(width: 200, height: 400, #"[{"rotate": "landscape"}]"#), name: "tabs.json")
    #expect(
      (try #require(story.frames.last)).scene() == (try #require(instant.frames.last)).scene())
  }
}
