import Transit

/// Whether two scenes hold the same views, in the same order, with the same
/// animatable state to the last bit.
///
/// `==` on doubles calls 0 and −0 equal and NaN unequal to itself; reversal
/// and fast-path tests promise more than that, so they compare bit patterns.
public func bitIdentical(_ a: Scene, _ b: Scene) -> Bool {
  let x = a.allViews()
  let y = b.allViews()
  guard x.count == y.count else { return false }
  return zip(x, y).allSatisfy { u, v in
    u.view.id == v.view.id && bitIdentical(u.view.state, v.view.state)
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
