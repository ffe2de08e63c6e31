import Testing
import Transit
import TransitRender
import TransitTesting

/// Text laid out by Pango in the bundled font, in `Goldens/text/`. Text
/// rasterisation depends on the Cairo and Pango versions, which
/// `Goldens/text/VERSIONS` records; on other versions these goldens may
/// differ by antialiasing and must be re-recorded there.
@Suite struct TextGoldenTests {
  static let ink = Color(red: 0.1, green: 0.1, blue: 0.15)

  static func label(
    _ id: String, _ frame: Rect, _ text: TextContent, color: Color = .white, radius: Double = 6,
    transform: Transform3D = .identity, alpha: Double = 1
  ) -> View {
    View(
      id: id, frame: frame, alpha: alpha, transform: transform, backgroundColor: color,
      cornerRadius: radius, clipsToBounds: true, text: text)
  }

  /// Alignments, weights, sizes, wrapping, clipping at the bottom, a colour
  /// with alpha, and a half-transparent label: one picture.
  static var layout: Scene {
    let grey = Color(red: 0.93, green: 0.93, blue: 0.95)
    return Scene(
      size: Size(width: 200, height: 260), backgroundColor: grey,
      views: [
        label(
          "left", Rect(x: 10, y: 10, width: 180, height: 30), TextContent(string: "Left", size: 15)),
        label(
          "center", Rect(x: 10, y: 50, width: 180, height: 30),
          TextContent(string: "Centre, bold", size: 15, weight: .bold, align: .center)),
        label(
          "right", Rect(x: 10, y: 90, width: 180, height: 30),
          TextContent(
            string: "Right", size: 15, color: Color(red: 0.8, green: 0.1, blue: 0.1), align: .right)
        ),
        label(
          "wrap", Rect(x: 10, y: 130, width: 90, height: 70),
          TextContent(string: "Wrapped between words inside the view", size: 12)),
        label(
          "clipped", Rect(x: 110, y: 130, width: 80, height: 40),
          TextContent(string: "One\nTwo\nThree\nFour", size: 13, align: .center),
          color: Color(red: 1, green: 0.95, blue: 0.8)),
        label(
          "faded", Rect(x: 110, y: 180, width: 80, height: 20),
          TextContent(string: "Faded", size: 12, color: ink, weight: .bold, align: .center),
          alpha: 0.5),
        label(
          "big", Rect(x: 10, y: 210, width: 180, height: 40),
          TextContent(string: "Ág 30", size: 30, color: .white, weight: .bold, align: .center),
          color: Color(red: 0.2, green: 0.3, blue: 0.9)),
      ])
  }

  /// A label turned 50° about y in perspective: text is drawn with its view.
  static var turned: Scene {
    let rotation = Transform3D.rotation(angle: 50 * .pi / 180, x: 0, y: 1, z: 0)
      .concatenating(.perspective(distance: 500))
    return Scene(
      size: Size(width: 200, height: 100), backgroundColor: ink,
      views: [
        label(
          "turned", Rect(x: 20, y: 20, width: 160, height: 60),
          TextContent(string: "Turned in 3-D", size: 18, weight: .bold, align: .center),
          transform: rotation)
      ])
  }

  @Test func layoutMatchesItsGolden() throws {
    try assertGolden(Renderer().render(Self.layout), named: "layout", suite: "text")
  }

  @Test func turnedTextMatchesItsGolden() throws {
    try assertGolden(Renderer().render(Self.turned), named: "turned", suite: "text")
  }

  @Test func theVersionsBesideTheGoldensAreTheOnesInUse() throws {
    try GoldenEnvironment.check(suite: "text")
  }

  @Test func textIsDrawnOnlyWhereTheViewIs() throws {
    // The same scene without text differs exactly inside the labels' bounds.
    let with = try Renderer().render(Self.layout)
    var plain = Self.layout
    plain.views = plain.views.map { view in
      var view = view
      view.text = nil
      return view
    }
    let without = try Renderer().render(plain)
    var inside = 0
    for y in 0..<with.height {
      for x in 0..<with.width where with[x, y] != without[x, y] {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        #expect(
          Self.layout.views.contains { v in
            v.frame.minX <= px && px <= v.frame.maxX && v.frame.minY <= py && py <= v.frame.maxY
          }, "text outside its view at \(x),\(y)")
        inside += 1
      }
    }
    #expect(inside > 500)
  }

  @Test func anEmptyOrTransparentStringDrawsNothing() throws {
    var scene = Self.layout
    let bare = try Renderer().render(
      Scene(
        size: scene.size, backgroundColor: scene.backgroundColor,
        views: scene.views.map {
          var v = $0
          v.text = nil
          return v
        }))
    scene.views = scene.views.map { view in
      var view = view
      view.text?.string = ""
      return view
    }
    #expect(try Renderer().render(scene) == bare)
    scene.views = Self.layout.views.map { view in
      var view = view
      view.text?.color = .clear
      return view
    }
    #expect(try Renderer().render(scene) == bare)
  }
}
