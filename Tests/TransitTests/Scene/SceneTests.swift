import Testing
import Transit
import TransitTestSupport

@Suite("Scene model")
struct SceneTests {
  @Test func lookupByIdFindsNestedViewsAndUpdatesInPlace() {
    var scene = Scene(
      size: Size(width: 10, height: 10),
      views: [
        View(
          id: "a", frame: .zero,
          children: [View(id: "b", frame: .zero, children: [View(id: "c", frame: .zero)])])
      ])
    #expect(scene.path(of: "c") == [0, 0, 0])
    #expect(scene.viewCount == 3)
    #expect(scene.updateView("c") { $0.alpha = 0.5 })
    #expect(scene.view("c")?.alpha == 0.5)
    #expect(!scene.updateView("missing") { $0.alpha = 0 })
    // Renaming through an update keeps the index right.
    scene.updateView("c") { $0.id = "d" }
    #expect(scene.view("d") != nil && scene.view("c") == nil)
  }

  @Test func scenesRoundTripThroughCodable() throws {
    let scene = Scene(
      size: Size(width: 390, height: 844), backgroundColor: .white,
      views: [
        View(
          id: "card", frame: Rect(x: 1, y: 2, width: 3, height: 4), alpha: 0.5,
          transform: .rotation(angle: 0.3, x: 0, y: 1, z: 0), cornerRadius: 4,
          border: Border(width: 2, color: .black), clipsToBounds: true, content: .named("photo"))
      ])
    let data = try JSONRoundTrip.encode(scene)
    #expect(try JSONRoundTrip.decode(Scene.self, data) == scene)
  }
}
