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
    return SceneFile.makeView(spec, frame: bounds, designedIn: containerSize)
  }

  /// The autoresizing mask the names give, or the problem with them.
  static func autoresizing(_ names: [String]) -> Result<Autoresizing, SpecProblem> {
    var mask = Autoresizing()
    for name in names {
      guard let flag = Autoresizing.names.first(where: { $0.name == name })?.flag else {
        let known = Autoresizing.names.map { "\"\($0.name)\"" }.joined(separator: ", ")
        return .failure(
          SpecProblem("", "unknown flag \"\(CLIError.echoed(name))\" (expected \(known))"))
      }
      mask.insert(flag)
    }
    return .success(mask)
  }

  /// The view `spec` describes at `frame`, its children laid out in it:
  /// relative ones in fractions of `frame`'s size, autoresizing ones from
  /// their frame as designed in `designSize` (the size `frame` had at
  /// load), the others at their frame as given.
  static func makeView(_ spec: ViewSpec, frame: Rect, designedIn designSize: Size) -> View {
    let children = (spec.children ?? []).map { child -> View in
      let numbers = child.frame ?? [0, 0, 0, 0]
      let rect: Rect
      let design: Rect
      if child.relative == true {
        rect = Rect(
          x: numbers[0] * frame.width, y: numbers[1] * frame.height,
          width: numbers[2] * frame.width,
          height: numbers[3] * frame.height)
        design = Rect(
          x: numbers[0] * designSize.width, y: numbers[1] * designSize.height,
          width: numbers[2] * designSize.width, height: numbers[3] * designSize.height)
      } else {
        design = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        if let names = child.autoresizing, case .success(let mask) = autoresizing(names) {
          rect = mask.frame(design, designedIn: designSize, resizedTo: frame.size)
        } else {
          rect = design
        }
      }
      return makeView(child, frame: rect, designedIn: design.size)
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
