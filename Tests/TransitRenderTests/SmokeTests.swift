import Testing
import Transit

@testable import TransitRender

@Suite struct RenderSmoke {
  @Test func dumpScenes() throws {
    let renderer = Renderer(
      options: RenderOptions(images: ImageProvider(images: ["picture": GoldenScenes.picture])))
    var scenes: [(String, Scene)] = [
      ("alpha", GoldenScenes.alphaGroup), ("borders", GoldenScenes.roundedBorders),
      ("clip", GoldenScenes.clipping), ("nested2d", GoldenScenes.nested2D),
      ("flipscaled", GoldenScenes.flipInScaledParent), ("image", GoldenScenes.imageContent),
    ]
    for d in [0.0, 30, 60, 89, 90, 120, 180] {
      scenes.append(("persp-\(Int(d))", GoldenScenes.perspective(degrees: d)))
    }
    for (name, scene) in scenes {
      try renderer.render(scene).writePNG(to: "/tmp/smoke-\(name).png")
    }
  }
}
