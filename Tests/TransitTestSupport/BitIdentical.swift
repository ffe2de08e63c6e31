import Transit

/// Whether two scenes hold the same views, in the same order, with the same
/// animatable state and appearance to the last bit.
///
/// `==` on doubles calls 0 and −0 equal and NaN unequal to itself; reversal
/// and fast-path tests promise more than that, so they compare bit patterns.
public func bitIdentical(_ a: Scene, _ b: Scene) -> Bool {
  let x = a.allViews()
  let y = b.allViews()
  guard x.count == y.count else { return false }
  return zip(x, y).allSatisfy { u, v in
    u.view.id == v.view.id && bitIdentical(u.view.state, v.view.state)
      && bitIdentical(u.view.appearance, v.view.appearance)
  }
}

/// Whether two view states are the same to the last bit: frame, alpha,
/// transform and visibility.
public func bitIdentical(_ a: ViewState, _ b: ViewState) -> Bool {
  a.isHidden == b.isHidden && bitPatterns(a) == bitPatterns(b)
}

/// Whether two view states are both present and the same to the last bit;
/// a missing state (a view not found) never matches.
public func bitIdentical(_ a: ViewState?, _ b: ViewState?) -> Bool {
  guard let a, let b else { return false }
  return bitIdentical(a, b)
}

private func bitPatterns(_ state: ViewState) -> [UInt64] {
  let frame = state.frame
  return
    ([frame.origin.x, frame.origin.y, frame.size.width, frame.size.height, state.alpha]
    + state.transform.entries).map(\.bitPattern)
}

/// Whether two appearances are the same to the last bit: every colour,
/// radius, width and shadow component, and the image's placed rect.
public func bitIdentical(_ a: ViewAppearance, _ b: ViewAppearance) -> Bool {
  a.imagePlacement.mode == b.imagePlacement.mode && (a.textColor == nil) == (b.textColor == nil)
    && appearanceNumbers(a).map(\.bitPattern) == appearanceNumbers(b).map(\.bitPattern)
}

/// Every number of an appearance, in a fixed order; with `premultiplied`,
/// colours as what they draw (components times alpha), whose components
/// are meaningless, and may jump, where alpha is 0.
public func appearanceNumbers(_ look: ViewAppearance, premultiplied: Bool = false) -> [Double] {
  func color(_ c: Color) -> [Double] {
    let a = premultiplied ? c.alpha : 1
    return [c.red * a, c.green * a, c.blue * a, c.alpha]
  }
  let r = look.cornerRadii
  let s = look.shadow
  // The placement's weights are internal: its placed rects for two images,
  // one wide and one tall, in bounds of neither shape, tell them apart.
  let bounds = Rect(x: 3, y: 5, width: 170, height: 90)
  let placed = [Size(width: 64, height: 16), Size(width: 20, height: 300)].flatMap { size in
    let rect = look.imagePlacement.rect(forImageOf: size, in: bounds)
    return [rect.minX, rect.minY, rect.width, rect.height]
  }
  return color(look.backgroundColor) + [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft]
    + [look.border.width] + color(look.border.color)
    + color(s.color) + [s.opacity, s.radius, s.offset.width, s.offset.height]
    + placed + (look.textColor.map(color) ?? [])
}
