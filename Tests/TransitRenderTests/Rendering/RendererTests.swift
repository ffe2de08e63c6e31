import Testing
import Transit
import TransitRender
import TransitTestSupport

@Suite struct RendererTests {
  static let red = Color(red: 1, green: 0, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 1)

  @Test func scaleFactorMultipliesThePixelSize() throws {
    let scene = Scene(size: Size(width: 30, height: 20), backgroundColor: .white)
    let image = try Renderer(options: RenderOptions(scale: 2.5)).render(scene)
    #expect(image.width == 75 && image.height == 50)
    #expect(image.pixels.allSatisfy { $0 == 0xFFFF_FFFF })
  }

  @Test func viewFillsItsFrameAtScale() throws {
    let scene = Scene(
      size: Size(width: 10, height: 10), backgroundColor: .white,
      views: [
        View(id: "v", frame: Rect(x: 2, y: 3, width: 4, height: 5), backgroundColor: Self.red)
      ])
    let image = try Renderer(options: RenderOptions(scale: 2)).render(scene)
    #expect(image[4, 6] == 0xFFFF_0000 && image[11, 15] == 0xFFFF_0000)
    #expect(image[3, 6] == 0xFFFF_FFFF && image[12, 15] == 0xFFFF_FFFF)
    #expect(image[4, 5] == 0xFFFF_FFFF && image[11, 16] == 0xFFFF_FFFF)
  }

  @Test func alphaAppliesToTheGroupAsAWhole() throws {
    // Red under blue inside a half-transparent parent: where they overlap,
    // only blue shows (at half strength), not red through blue.
    let scene = Scene(
      size: Size(width: 30, height: 10), backgroundColor: .white,
      views: [
        View(
          id: "parent", frame: Rect(x: 0, y: 0, width: 30, height: 10), alpha: 0.5,
          children: [
            View(
              id: "a", frame: Rect(x: 0, y: 0, width: 20, height: 10), backgroundColor: Self.red),
            View(
              id: "b", frame: Rect(x: 10, y: 0, width: 20, height: 10), backgroundColor: Self.blue),
          ])
      ])
    let image = try Renderer().render(scene)
    #expect(image[15, 5] == image[25, 5])
    #expect((image[15, 5] >> 16) & 0xFF == 0x7F || (image[15, 5] >> 16) & 0xFF == 0x80)
  }

  @Test func hiddenAndTransparentViewsDrawNothing() throws {
    let base = Scene(size: Size(width: 10, height: 10), backgroundColor: .white)
    var scene = base
    scene.views = [
      View(
        id: "h", frame: Rect(x: 0, y: 0, width: 10, height: 10), backgroundColor: Self.red,
        isHidden: true),
      View(
        id: "t", frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 0,
        backgroundColor: Self.red,
        content: .named("not needed")),
    ]
    // The missing image is never looked up: the view costs nothing.
    #expect(try Renderer().render(scene) == Renderer().render(base))
  }

  /// Views are checked as they are drawn, not by validating the scene
  /// first; every invalid value still fails the render with the scene's
  /// own explanation, nested views included.
  @Test func invalidValuesAreExplained() throws {
    func scene(_ change: (inout View) -> Void) -> Scene {
      var child = View(id: "child", frame: Rect(x: 1, y: 1, width: 4, height: 4))
      change(&child)
      return Scene(
        size: Size(width: 10, height: 10),
        views: [
          View(id: "parent", frame: Rect(x: 0, y: 0, width: 10, height: 10), children: [child])
        ])
    }
    let cases: [(String, (inout View) -> Void)] = [
      ("alpha", { $0.alpha = 1.5 }),
      ("alpha", { $0.alpha = -0.5 }),
      ("frame", { $0.frame.size.width = -1 }),
      ("frame", { $0.frame.origin.x = .nan }),
      ("transform", { $0.transform.m34 = .infinity }),
      ("cornerRadius", { $0.cornerRadius = -2 }),
      ("border.width", { $0.border.width = .nan }),
      ("backgroundColor", { $0.backgroundColor = Color(red: 2, green: 0, blue: 0) }),
    ]
    for (field, change) in cases {
      #expect(throws: RenderError.self, "\(field)") { try Renderer().render(scene(change)) }
      do {
        _ = try Renderer().render(scene(change))
      } catch {
        guard case .invalidScene(.invalidProperty(view: "child", field: let named, _)) = error
        else {
          Issue.record("\(field): \(error) is not an invalid scene's property")
          continue
        }
        #expect(named.hasPrefix(field), "\(error)")
      }
    }
    #expect(throws: Never.self) { try Renderer().render(scene { _ in }) }
  }

  /// Drawing into a wider buffer gives the same pixels as an image, and
  /// leaves the rest of each row alone.
  @Test func renderIntoABufferWithAStride() throws {
    let scene = Scene(
      size: Size(width: 7, height: 5), backgroundColor: Self.blue,
      views: [
        View(
          id: "v", frame: Rect(x: 1.5, y: 1, width: 3, height: 2.5), alpha: 0.5,
          backgroundColor: Self.red)
      ])
    let image = try Renderer().render(scene)
    var buffer = [UInt32](repeating: 0xDEAD_BEEF, count: 10 * 5)
    try buffer.withUnsafeMutableBufferPointer { pixels in
      try Renderer().render(scene, into: pixels.baseAddress!, rowStride: 10)
      #expect(throws: RenderError.self) {
        try Renderer().render(scene, into: pixels.baseAddress!, rowStride: 6)
      }
    }
    for y in 0..<5 {
      #expect(Array(buffer[(y * 10)..<(y * 10 + 7)]) == Array(image.pixels[(y * 7)..<(y * 7 + 7)]))
      #expect(buffer[(y * 10 + 7)..<(y * 10 + 10)].allSatisfy { $0 == 0xDEAD_BEEF })
    }
  }

  @Test func missingImageIsANamedError() throws {
    let scene = Scene(
      size: Size(width: 10, height: 10),
      views: [View(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10), content: .named("cat"))]
    )
    do {
      _ = try Renderer().render(scene)
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("cat"))
    }
  }

  @Test func imageFromAPathRelativeToTheBaseDirectory() throws {
    let directory = TemporaryDirectory.make().path
    try Image(width: 4, height: 4, fill: Self.blue).writePNG(to: directory + "/blue.png")
    let scene = Scene(
      size: Size(width: 8, height: 8),
      views: [
        View(id: "v", frame: Rect(x: 0, y: 0, width: 8, height: 8), content: .path("blue.png"))
      ])
    let renderer = Renderer(options: RenderOptions(images: ImageProvider(baseDirectory: directory)))
    #expect(try renderer.render(scene)[4, 4] == 0xFF00_00FF)
  }

  /// A card rotated about y: the near edge is taller than the far edge, the
  /// top edge stays straight, and past 90° the back face is not drawn.
  @Test func perspectiveIsProjective() throws {
    func card(_ degrees: Double) throws -> Image {
      let transform = Transform3D.rotation(angle: degrees * .pi / 180, x: 0, y: 1, z: 0)
        .concatenating(.perspective(distance: 400))
      let scene = Scene(
        size: Size(width: 200, height: 100), backgroundColor: .white,
        views: [
          View(
            id: "card", frame: Rect(x: 50, y: 20, width: 100, height: 60), transform: transform,
            backgroundColor: Self.blue)
        ])
      return try Renderer().render(scene)
    }
    func extent(_ image: Image, column: Int) -> Int {
      (0..<image.height).filter { image[column, $0] == 0xFF00_00FF }.count
    }
    let tilted = try card(40)
    let columns = (0..<200).filter { extent(tilted, column: $0) > 0 }
    let (left, right) = (columns.first! + 2, columns.last! - 2)
    // Positive rotation about y turns the right edge away from the camera.
    #expect(extent(tilted, column: left) > extent(tilted, column: right) + 4)
    // Straight edges: the top edge's row, sampled at thirds, is linear.
    func top(_ column: Int) -> Double {
      Double((0..<100).first { tilted[column, $0] == 0xFF00_00FF }!)
    }
    let third = (right - left) / 3
    let middle = top(left + third)
    let expected = top(left) + (top(left + 2 * third) - top(left)) / 2
    #expect(abs(middle - expected) <= 1.5)
    let blank = try Image(width: 200, height: 100, fill: .white)
    // Edge-on, either way, the card is drawn as its edge: a sliver one pixel
    // thick on the line x = 100 it turns about, as tall as its near edge
    // (60 / (1 − 50/400) ≈ 68.6 points), in the card's blue.
    for degrees in [90.0, -90] {
      let edgeOn = try card(degrees)
      let white: UInt32 = 0xFFFF_FFFF
      let inked = (0..<200).filter { column in (0..<100).contains { edgeOn[column, $0] != white } }
      #expect(inked == [99, 100], "\(degrees)°")
      // Its sides slant from the near edge's height to the far edge's
      // (53.3) across the pixel, so a few more rows are touched.
      let rows = (0..<100).filter { edgeOn[99, $0] != white || edgeOn[100, $0] != white }
      #expect((68...74).contains(rows.count), "\(degrees)°: \(rows.count) rows")
      // Half the pixel each side of the line: as much blue as white.
      let middle = edgeOn[99, 50]
      #expect(middle & 0xFF > 0xC0 && (middle >> 16) & 0xFF < 0xA0, "\(String(middle, radix: 16))")
    }
    #expect(try card(120) == blank)
    #expect(try card(180) == blank)
    #expect(try card(-180) == blank)
  }

  @Test func renderersOnSeveralThreadsAgree() async throws {
    let scene = GoldenScenes.perspective(degrees: 30)
    let expected = try Renderer().render(scene)
    try await withThrowingTaskGroup(of: Image.self) { group in
      for _ in 0..<4 { group.addTask { try Renderer().render(scene) } }
      for try await image in group { #expect(image == expected) }
    }
  }
}
