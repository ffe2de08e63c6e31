/// A change of a container's layout played as an animation: every view
/// that is in both pictures goes from where it was to where it is now, at
/// once, along one curve. How a rotation animates (the screens' frames,
/// their children laid out again for the new shape, a sheet on its detent
/// re-resolved at the new bounds) and how a sheet moves between detents.
///
/// ```swift
/// let before = stack.scene
/// // … the container lays everything out at the new size …
/// let change = try LayoutChange(from: before, to: stack.scene, duration: 0.3, curve: .easeInOut)
/// change.timeline.sample(at: 0)    // the picture before
/// change.timeline.sample(at: 0.3)  // the picture now, bit for bit
/// ```
public struct LayoutChange: Sendable {
  /// The change bound to the views: it starts on the picture before (views
  /// that are only in the new picture start as they are there) and ends on
  /// the new picture.
  public let timeline: Timeline

  /// Builds the change from the picture `old` to the picture `new`.
  ///
  /// The changes are absolute targets (frame, alpha, transform, hidden,
  /// background colour, corner radii), so the timeline's end is `new`'s
  /// states exactly; views only in `old` are not in the change.
  ///
  /// - Parameters:
  ///   - old: the container's picture before the change.
  ///   - new: the container's picture after it; its size is the timeline's.
  ///   - duration: seconds; 0 is an instant change.
  ///   - curve: the curve every view moves along.
  /// - Throws: `.invalidValue` for a duration that is not finite or is negative.
  public init(from old: Scene, to new: Scene, duration: Double, curve: TimingCurve)
    throws(TransitError)
  {
    guard duration.isFinite, duration >= 0 else {
      throw TransitError.notFiniteOrNegative("a layout change's duration", got: "\(duration)")
    }
    var start = new
    var changes: [Change] = []
    for (view, _) in new.allViews() {
      guard let before = old.view(view.id) else { continue }
      start.updateView(view.id) { moved in
        moved.state = before.state
        moved.backgroundColor = before.backgroundColor
        moved.cornerRadii = before.cornerRadii
      }
      if before.frame != view.frame { changes.append(.frame(view.id, to: view.frame)) }
      if before.alpha != view.alpha { changes.append(.alpha(view.id, to: view.alpha)) }
      if before.transform != view.transform {
        changes.append(.transform(view.id, to: view.transform))
      }
      if before.isHidden != view.isHidden { changes.append(.hidden(view.id, view.isHidden)) }
      if before.backgroundColor != view.backgroundColor {
        changes.append(.backgroundColor(view.id, to: view.backgroundColor))
      }
      if before.cornerRadii != view.cornerRadii {
        changes.append(.cornerRadii(view.id, to: view.cornerRadii))
      }
    }
    let animation =
      changes.isEmpty
      ? Animation.empty
      : Animation([AnimationStep(duration: duration, curve: curve, changes: changes)])
    timeline = try animation.timeline(from: start)
  }
}
