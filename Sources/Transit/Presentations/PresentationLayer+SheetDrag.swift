extension PresentationLayer {
  func beginSheetDrag() throws(TransitError) {
    guard case .sheet(let sheet) = presentations.last?.kind else {
      throw TransitError.topIsNotASheet
    }
    guard driver.beginHold() else {
      throw TransitError(
        .invalidState, "a sheet drag begins only when no transition runs or waits")
    }
    dragStart = (sheet.detent.height(in: scene.size), scene)
  }

  func updateSheetDrag(offset: Double) -> Bool {
    guard let start = dragStart, offset.isFinite else { return false }
    // In a container 20 points high or less the large detent is at 0, as
    // ``SheetDetent/height(in:)`` rests it: a sheet never gets a negative height.
    let large = max(SheetDetent.largeHeight(in: scene.size), 0)
    let raw = start.height - offset
    let height =
      raw > large
      ? large + PresentationContainer.rubberBand(raw - large, dimension: scene.size.height)
      : max(raw, 0)
    draggedHeight = height
    if let moved = try? rest(scene, topHeight: height) { scene = moved }
    return true
  }

  func endSheetDrag(velocity: Double, alongside: OperationAlongside?) throws(TransitError)
    -> SheetDetent?
  {
    guard let start = dragStart, case .sheet(var sheet) = presentations.last?.kind else {
      throw TransitError.noSheetDrag(to: "end")
    }
    let v = velocity.isFinite ? velocity : 0
    let size = scene.size
    let height = draggedHeight ?? start.height
    let projected = height - PresentationContainer.projectedDistance(velocity: v)
    let heights = sheet.detents.map { ($0, $0.height(in: size)) }
    let smallest = heights.map(\.1).min() ?? 0
    let dismisses = projected < smallest / 2
    let target = heights.min { abs($0.1 - projected) < abs($1.1 - projected) }?.0 ?? sheet.detent
    dragStart = nil
    draggedHeight = nil
    let targetHeight = dismisses ? 0 : target.height(in: size)
    let curve = Self.settleCurve(from: height, to: targetHeight, velocity: -v)
    let presented = presentations
    try driver.endHold(alongside: alongside) { () throws(TransitError) in
      do throws(TransitError) {
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
      } catch {
        // A settle that cannot play (an alongside animation it refuses):
        // the sheet goes back where the drag began, as a cancel.
        presentations = presented
        scene = start.scene
        throw error
      }
    }
    return dismisses ? nil : target
  }

  func cancelSheetDrag() throws(TransitError) {
    guard let start = dragStart else {
      throw TransitError.noSheetDrag(to: "cancel")
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
