/// How containers turn a style into a timeline: always from the base layout
/// at the container's *current* bounds, never from the live (possibly
/// animated) views. This is what makes a pop after a rotation land exactly.
enum TransitionBinding {
  /// `view` laid out at `bounds` in the base state: identity transform,
  /// alpha 1, visible. Its children are left as the user gave them.
  static func base(_ view: View, in bounds: Rect) -> View {
    var view = view
    view.state = ViewState(frame: bounds)
    return view
  }

  /// The style's forward animation in `context` (rescaled to
  /// `context.duration` when it sets one), bound to a scene holding the
  /// disappearing view below the appearing one, both at the base layout.
  static func forward(
    style: any TransitionStyle, context: TransitionContext, appearing: View?,
    disappearing: View?
  ) throws(TransitError) -> Timeline {
    var animation = try style.animation(in: context)
    if let duration = context.duration { animation = try animation.withDuration(duration) }
    let views = [disappearing, appearing].compactMap { $0.map { base($0, in: context.bounds) } }
    return try animation.timeline(from: Scene(size: context.bounds.size, views: views))
  }

  /// The timeline that undoes the transition: the style's own reverse bound
  /// to the views' current states when it supplies one, otherwise the exact
  /// reverse of the forward timeline rebuilt from the base layout.
  static func backward(
    style: any TransitionStyle, context: TransitionContext, appearing: View?,
    disappearing: View?
  ) throws(TransitError) -> Timeline {
    if var custom = try style.reverseAnimation(in: context) {
      if let duration = context.duration { custom = try custom.withDuration(duration) }
      let views = [disappearing, appearing].compactMap { $0 }
      return try custom.timeline(from: Scene(size: context.bounds.size, views: views))
    }
    return try forward(
      style: style, context: context, appearing: appearing, disappearing: disappearing
    ).reversed()
  }
}
