import Testing
import Transit
import TransitRender

/// The placeholder screens draw at every size a scene allows (sides of
/// 1…16,384 points): their text grows with the screen up to the largest
/// text size and then stays there.
@Suite struct PlaceholderScreenTests {
  @Test(arguments: [
    (1.0, 1.0, 16.0), (1, 1, 1), (16_384, 1, 1), (1, 16_384, 1), (10_010, 10_010, 0.01),
    (16_384, 16_384, 0.01), (13_334, 200, 0.02), (390, 844, 1),
  ])
  func screensDrawAtEverySize(width: Double, height: Double, scale: Double) throws {
    let bounds = Rect(x: 0, y: 0, width: width, height: height)
    for screen in [PlaceholderScreen.red, .blue] {
      let scene = Scene(size: bounds.size, views: [screen.view(id: "s", bounds: bounds)])
      try scene.validate()
      let image = try Renderer(options: RenderOptions(scale: scale)).render(scene)
      #expect(image.width == Int((width * scale).rounded()))
      let sizes =
        scene.views[0].children.compactMap { $0.text?.size }
        + scene.views[0].children.flatMap { $0.children.compactMap { $0.text?.size } }
      #expect(sizes.count == 9)
      #expect(sizes.allSatisfy { $0 > 0 && $0 <= TextContent.maximumSize })
    }
  }

  @Test func textStopsGrowingAtTheLargestSize() {
    let small = PlaceholderScreen.red.bars(id: "s", size: Size(width: 9_000, height: 9_000))
    let big = PlaceholderScreen.red.bars(id: "s", size: Size(width: 16_384, height: 16_384))
    #expect(small[0].text?.size == 900)
    #expect(big[0].text?.size == TextContent.maximumSize)
    #expect(small[1].children[1].text?.size == 675)
    #expect(big[1].children[1].text?.size == TextContent.maximumSize)
  }
}
