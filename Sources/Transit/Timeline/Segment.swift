/// One property of one view changing during one step: from a value to a
/// value while the step's progress goes from 0 to 1.
///
/// Binding turns every change of an ``Animation`` into segments, one per
/// property a step changes on a view, so that sampling never looks at a
/// ``Change`` again: it reads the step's progress and the segment's two ends.
///
/// A segment is one of two kinds, and the kind decides what happens when
/// steps overlap (see ``Animation/timeline(from:)``):
///
/// - **absolute** (a frame, an alpha or a transform target, a visibility):
///   it takes the property over. Its `from` is the value the property has
///   when the segment starts, fixed at binding, so it starts without a jump.
/// - **relative** (fades, translations, scales, turns): it adds its motion to
///   whatever the property is doing; `to − from` is that motion.
///
/// Either way `to` is where the property stands once the step has finished,
/// so a view whose segments have all finished is read from the last one's
/// `to`, and an animation ends on the same value with or without overlaps.
struct Segment<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The index of the step whose progress drives the segment.
  var step: Int
  /// The value at progress 0.
  var from: Value
  /// The value at progress 1.
  var to: Value
  /// Whether the segment takes the property over (`true`) or adds to it.
  var isAbsolute: Bool
}
