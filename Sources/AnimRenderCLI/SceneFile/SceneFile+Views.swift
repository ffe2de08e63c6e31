import Transit

extension SceneFile {
  /// The container's size in points.
  var containerSize: Size { Size(width: container.width, height: container.height) }

  /// The colour behind the screens.
  var containerColor: Color { container.color.flatMap(ColorText.parse) ?? .black }

  /// The screen with this id, laid out to fill `bounds`: relative children
  /// follow the bounds, so a screen laid out again after a rotation fits the
  /// new shape.
  func screen(_ id: String, bounds: Rect) -> View? {
    guard let spec = views.first(where: { $0.id == id }) else { return nil }
    return SceneFile.makeView(spec, frame: bounds)
  }

  static func makeView(_ spec: ViewSpec, frame: Rect) -> View {
    let children = (spec.children ?? []).map { child -> View in
      let numbers = child.frame ?? [0, 0, 0, 0]
      let rect: Rect
      if child.relative == true {
        rect = Rect(
          x: numbers[0] * frame.width, y: numbers[1] * frame.height,
          width: numbers[2] * frame.width,
          height: numbers[3] * frame.height)
      } else {
        rect = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
      }
      return makeView(child, frame: rect)
    }
    var view = View(
      id: spec.id, frame: frame, alpha: spec.alpha ?? 1,
      backgroundColor: spec.color.flatMap(ColorText.parse) ?? .clear,
      cornerRadius: spec.cornerRadius ?? 0,
      border: spec.border.map {
        Transit.Border(width: $0.width, color: ColorText.parse($0.color) ?? .black)
      }
        ?? .none,
      clipsToBounds: spec.clipsToBounds ?? false, isHidden: spec.hidden ?? false,
      content: spec.image.map { .named($0) },
      text: spec.text.map {
        TextContent(
          string: $0.string, size: $0.size ?? 17,
          color: $0.color.flatMap(ColorText.parse) ?? .black,
          weight: $0.weight.flatMap(TextContent.Weight.init) ?? .regular,
          align: $0.align.flatMap(TextContent.Alignment.init) ?? .left)
      }, children: children,
      shadow: (try? spec.shadow?.shadow().get()) ?? .none,
      contentMode: spec.contentMode?.mode ?? .scaleAspectFill, matchKey: spec.match)
    if let radii = spec.cornerRadii, let value = try? SceneFile.cornerRadii(radii).get() {
      view.cornerRadii = value
    }
    return view
  }

  /// Every image path the file names, with where it is named.
  var imagePaths: [(place: String, path: String)] {
    var result: [(String, String)] = []
    func visit(_ spec: ViewSpec, _ place: String) {
      if let image = spec.image { result.append(("\(place).image", image)) }
      for (i, child) in (spec.children ?? []).enumerated() {
        visit(child, "\(place).children[\(i)]")
      }
    }
    for (i, view) in views.enumerated() { visit(view, "views[\(i)]") }
    return result
  }
}
