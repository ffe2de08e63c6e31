extension PresentationContainer {
  /// How far a release at `velocity` (points per second) carries a sheet,
  /// in points, as UIScrollView's deceleration projects a flick: with the
  /// normal deceleration rate r = 0.998 per millisecond, a scroll moving at
  /// v points per second comes to rest `(v / 1000) · r / (1 − r)` points
  /// further on (about half a second's worth of the velocity).
  ///
  /// - Parameter velocity: points per second, positive downwards.
  /// - Returns: points, positive downwards.
  public static func projectedDistance(velocity: Double) -> Double {
    let rate = 0.998
    return velocity / 1000 * rate / (1 - rate)
  }

  /// A height past the large detent, rubber-banded as UIScrollView does
  /// past its edge: `d · (1 − 1 / (x · c / d + 1))` for `x` points past it,
  /// with c = 0.55 and d the container's height, so the sheet follows the
  /// finger less and less and never gets more than `d` past the edge.
  ///
  /// - Parameters:
  ///   - overshoot: points the finger has gone past the large detent, ≥ 0.
  ///   - dimension: the container's height.
  /// - Returns: points the sheet goes past it.
  public static func rubberBand(_ overshoot: Double, dimension: Double) -> Double {
    guard overshoot > 0, dimension > 0 else { return 0 }
    return dimension * (1 - 1 / (overshoot * 0.55 / dimension + 1))
  }

  /// Whether a gesture is dragging the top sheet.
  public var isDraggingSheet: Bool { dragStart != nil }

  /// Begins dragging the top sheet. From now until the release settles, the
  /// container's ``counter`` holds one unit: operations queue and a
  /// rotation is deferred or refused by the rotation policy.
  ///
  /// - Throws: `.invalidState` when the top is not a sheet, or a transition
  ///   runs or waits; nothing changes then.
  public func beginSheetDrag() throws(TransitError) {
    guard case .sheet(let sheet) = presentations.last?.kind else {
      throw TransitError(.invalidState, "the top presentation is not a sheet")
    }
    guard driver.beginHold() else {
      throw TransitError(
        .invalidState, "a sheet drag begins only when no transition runs or waits")
    }
    dragStart = (sheet.detent.height(in: scene.size), scene)
  }

  /// Moves the sheet with the finger: `offset` points down from where the
  /// drag began (negative: up), 1:1, rubber-banded past the large detent,
  /// never below the bottom edge. The dimming and the scale-back follow.
  ///
  /// - Parameter offset: the finger's vertical offset; a value that is not
  ///   finite is ignored.
  /// - Returns: whether the sheet moved.
  @discardableResult
  public func updateSheetDrag(offset: Double) -> Bool {
    guard let start = dragStart, offset.isFinite else { return false }
    let large = SheetDetent.largeHeight(in: scene.size)
    let raw = start.height - offset
    let height =
      raw > large
      ? large + Self.rubberBand(raw - large, dimension: scene.size.height) : max(raw, 0)
    draggedHeight = height
    if let moved = try? rest(scene, topHeight: height) { scene = moved }
    return true
  }

  /// Lets go of the sheet. Where it goes: the height it is at, moved on by
  /// ``projectedDistance(velocity:)``, picks the nearest detent — or, when
  /// that projection is below half the smallest detent's height, the sheet
  /// is dismissed. It gets there as a critically damped spring that starts
  /// at the release velocity, and lands exactly on the detent's rest
  /// picture (a drag that returns to the detent it began on leaves the
  /// container bit for bit as it was).
  ///
  /// - Parameter velocity: the finger's velocity in points per second,
  ///   positive downwards; not finite counts as 0.
  /// - Returns: the detent the sheet settles on, or `nil` when it is dismissed.
  /// - Throws: `.invalidState` when no drag runs.
  @discardableResult
  public func endSheetDrag(velocity: Double = 0) throws(TransitError) -> SheetDetent? {
    guard let start = dragStart, case .sheet(var sheet) = presentations.last?.kind else {
      throw TransitError(.invalidState, "no sheet drag to end")
    }
    let v = velocity.isFinite ? velocity : 0
    let size = scene.size
    let height = draggedHeight ?? start.height
    let projected = height - Self.projectedDistance(velocity: v)
    let heights = sheet.detents.map { ($0, $0.height(in: size)) }
    let smallest = heights.map(\.1).min() ?? 0
    let dismisses = projected < smallest / 2
    let target = heights.min { abs($0.1 - projected) < abs($1.1 - projected) }?.0 ?? sheet.detent
    dragStart = nil
    draggedHeight = nil
    let targetHeight = dismisses ? 0 : target.height(in: size)
    let curve = Self.settleCurve(from: height, to: targetHeight, velocity: -v)
    try driver.endHold { () throws(TransitError) in
      if dismisses {
        try dismissTop(animated: true, curve: curve.curve, duration: curve.duration)
      } else {
        sheet.detent = target
        presentations[presentations.count - 1].kind = .sheet(sheet)
        if target.height(in: size) == start.height, height == start.height {
          // Nothing moved: the picture is the one before, bit for bit.
          scene = start.scene
        } else {
          try change(
            to: try rest(scene), duration: curve.duration, curve: curve.curve, animated: true)
        }
      }
    }
    return dismisses ? nil : target
  }

  /// Puts the sheet back where the drag began, bit for bit, at once.
  ///
  /// - Throws: `.invalidState` when no drag runs.
  public func cancelSheetDrag() throws(TransitError) {
    guard let start = dragStart else {
      throw TransitError(.invalidState, "no sheet drag to cancel")
    }
    dragStart = nil
    draggedHeight = nil
    try driver.endHold { () throws(TransitError) in scene = start.scene }
  }

  /// A critically damped spring from `from` to `to` (heights) starting at
  /// `velocity` (points per second, positive upwards), and its settling
  /// time; ease-out over 0.3 s when there is no distance to cover.
  static func settleCurve(from: Double, to: Double, velocity: Double) -> (
    curve: TimingCurve, duration: Double
  ) {
    let distance = to - from
    let stiffness = 300.0
    let damping = 2 * stiffness.squareRoot()
    guard abs(distance) > 1e-9 else { return (.easeOut, 0.3) }
    let normalised = min(max(velocity / distance, -60), 60)
    guard
      let curve = try? TimingCurve.spring(
        stiffness: stiffness, damping: damping, initialVelocity: normalised),
      case let time = Spring(
        mass: 1, stiffness: stiffness, damping: damping, initialVelocity: normalised
      ).settlingTime, time.isFinite, time > 0
    else { return (.easeOut, 0.3) }
    return (curve, time)
  }
}
