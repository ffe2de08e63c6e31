extension Animation {
  /// Binds the animation to a scene: checks every number and view id, then
  /// resolves each change into absolute from → to values, step by step.
  ///
  /// Changes to the same property of the same view within one step combine:
  /// an absolute target first, then the relative changes in order. A change's
  /// starting value is the value the previous step left, so relative changes
  /// accumulate exactly as written.
  ///
  /// ## Overlapping changes
  /// When a step starts while an earlier step (in step order) is still
  /// changing the same property of the same view, the property never jumps:
  ///
  /// - A step with an **absolute** target (frame, alpha, transform, and
  ///   every property of a view's ``ViewAppearance``: colours, corner
  ///   radii, border width, shadow, content mode) takes
  ///   the property over, as GSAP does: it starts from the value the
  ///   property has at that moment, the earlier steps' motion included, and
  ///   goes to its target; what the earlier steps had still to do no longer
  ///   applies.
  /// - A step with only **relative** changes (translate, scale, rotate,
  ///   fade, corner radii and border width adjustments) adds its motion on
  ///   top, as Core Animation's additive animations
  ///   do: the earlier motion finishes as it would have, and the new one is
  ///   composed after it (transforms) or added to it (fades).
  /// - Visibility has no in-between: the latest started step in step order
  ///   decides, showing as it starts and hiding as it ends.
  ///
  /// So overlaps change the path, never the destination: an animation ends
  /// on the same state, bit for bit, with or without its overlaps, and an
  /// animation without overlaps plays exactly as a chain of its steps.
  /// Exact reversal (``Timeline/reversed()``) is unaffected.
  ///
  /// - Throws: ``TransitError`` for an invalid scene (duplicate ids, values out
  ///   of range), an invalid animation (see ``validate()``), an unknown view
  ///   id, or an alpha that would leave 0…1; the message names the step, the
  ///   view and the field.
  /// - Complexity: O(v + c · o), v views, c changes and o the most steps
  ///   that change one property of one view: each absolute change that
  ///   takes a property over is started from the value the changes before
  ///   it on that property leave, which reads them all. When no absolute
  ///   change follows an earlier change of the same property of the same
  ///   view, O(v + c).
  public func timeline(from scene: Scene) throws(TransitError) -> Timeline {
    try scene.validate()
    try validate()
    let (starts, duration) = schedule
    var binder = TimelineBinder(scene)
    for (step, start) in zip(steps, starts) {
      try binder.bind(step, at: start)
    }
    return binder.timeline(duration: duration)
  }
}
