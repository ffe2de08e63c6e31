/// A way of going from one view to another: builds an ``Animation`` from a
/// ``TransitionContext``.
///
/// Conventions every style follows (CoconutKit's, kept):
/// - the appearing view is drawn above the disappearing one;
/// - both views start and end laid out at the context's bounds with identity
///   transforms: a style animates with relative changes and transforms, and
///   its instant steps set the stage (zero-duration first steps) and clean
///   up (zero-duration last steps, e.g. hiding the disappearing view);
/// - at its end the appearing view is at the bounds, alpha 1, identity
///   transform, visible;
/// - geometry comes from `context.bounds` only;
/// - when a view id is `nil`, that half is left out.
///
/// A pop plays the reverse of the push's style rebuilt in the *current*
/// context: by default the exact reverse of the bound timeline
/// (``Timeline/reversed()``); a style can supply its own reverse instead.
///
/// ```swift
/// struct Slide: TransitionStyle {
///   let name = "slide"
///   let intrinsicDuration = 0.3
///   func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation {
///     let w = context.bounds.width
///     var setup: [Change] = []
///     var move: [Change] = []
///     if let new = context.appearingViewID {
///       setup.append(.translate(new, x: w, y: 0))
///       move.append(.translate(new, x: -w, y: 0))
///     }
///     return Animation([.instant(setup), AnimationStep(duration: 0.3, changes: move)])
///   }
/// }
/// ```
public protocol TransitionStyle: Sendable {
  /// A stable kebab-case name, e.g. `push-from-right`.
  var name: String { get }
  /// The duration the style plays at when the context gives none.
  var intrinsicDuration: Double { get }
  /// The forward animation at the ``intrinsicDuration``, whatever
  /// `context.duration` says: what a style writes.
  ///
  /// Callers play ``animation(for:)`` instead, which rescales this to the
  /// context's duration when it gives one.
  func intrinsicAnimation(in context: TransitionContext) throws(TransitError) -> Animation
  /// The style's own reverse at the ``intrinsicDuration``, bound to the
  /// forward's end state, or `nil` to play the exact reverse of the forward
  /// (the default). Callers play ``reverseAnimation(for:)``.
  func intrinsicReverseAnimation(in context: TransitionContext) throws(TransitError)
    -> Animation?
}

extension TransitionStyle {
  /// No custom reverse: pops play the forward's exact reverse.
  public func intrinsicReverseAnimation(in context: TransitionContext) throws(TransitError)
    -> Animation?
  {
    nil
  }
}
