import Testing
import Transit
import TransitRender

@Suite("Rendering timelines")
struct RendererTimelineTests {
  @Test func framesOfATimelineAreItsSampledScenes() throws {
    let bounds = Rect(x: 0, y: 0, width: 40, height: 30)
    let scene = Scene(
      size: bounds.size, backgroundColor: .black,
      views: [
        View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: .white)
      ])
    let slide = try Animation([
      AnimationStep(duration: 1, curve: .linear, changes: [.translate("box", x: 30, y: 20)])
    ]).timeline(from: scene)
    let renderer = Renderer()
    let first = try renderer.render(slide, frame: 0, of: 4)
    let last = try renderer.render(slide, frame: 3, of: 4)
    #expect(first == (try renderer.render(scene)))
    #expect(last == (try renderer.render(slide.endScene)))
    #expect(first[5, 5] == Color.white.premultipliedARGB32)
    #expect(last[5, 5] == Color.black.premultipliedARGB32)
    #expect(last[35, 25] == Color.white.premultipliedARGB32)
    #expect(try renderer.render(slide, at: 0.5) == (try renderer.render(slide.sample(at: 0.5))))
  }
}
