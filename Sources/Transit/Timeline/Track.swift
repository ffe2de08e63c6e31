/// Every segment of one property — frames, alphas, transforms or
/// visibility — for every view of a bound scene, and the one question
/// sampling asks of them: which segment is in force at these step
/// progresses, and what do the ones after it add?
///
/// Segments are stored view after view, each view's in step order, so that a
/// view's segments are one range (``ranges``) and the latest segment is the
/// last of it. Sampling reads a track with ``fold(_:_:into:absolute:relative:)``,
/// which states the overlap rule once for every property:
///
/// 1. The latest started absolute segment owns the property (found by
///    ``latestStarted(in:_:)``). If it is still running, the value is that
///    segment at its progress.
/// 2. Otherwise the value is the `to` of the last segment that has finished
///    in an unbroken run, as if the animation were a plain chain.
/// 3. Every later relative segment that has started adds its motion on top,
///    in step order.
///
/// Only the arithmetic differs between properties (a frame interpolates, a
/// fade adds, a transform composes), so it is what callers pass in.
///
/// - Complexity: A fold reads each of the view's segments at most twice and
///   allocates nothing.
struct Track<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The segments of every view, view after view.
  var segments: [Segment<Value>] = []
  /// For each view (by pre-order index), where its segments are.
  private(set) var ranges: [Range<Int>] = []
  /// Each segment's step, packed apart from the segments: the lookup and the
  /// fold test every segment's progress but read the values of only a few,
  /// and a transform segment is two matrices wide.
  private(set) var steps: [Int] = []
  /// For each segment, the nearest absolute segment of the same view at or
  /// before it, or −1: the lookup hops along these instead of testing every
  /// relative segment.
  private(set) var previousAbsolute: [Int] = []
  /// Whether any segment is relative: a track of absolute segments only
  /// (colours, shadows, placements) has nothing to add after the segment
  /// in force, since every later one has not started.
  private(set) var hasRelative = false

  /// Adds the segments of the next view in pre-order, in step order.
  mutating func appendView(_ viewSegments: [Segment<Value>]) {
    let start = segments.count
    var previous = -1
    for (offset, segment) in viewSegments.enumerated() {
      if segment.isAbsolute { previous = start + offset } else { hasRelative = true }
      segments.append(segment)
      steps.append(segment.step)
      previousAbsolute.append(previous)
    }
    ranges.append(start..<segments.count)
  }

  /// The latest absolute segment in `range` (one view's segments) whose step
  /// has started, or `nil` when none has: the segment in force, since a
  /// later step takes a property over from an earlier one however they
  /// overlap.
  ///
  /// `progress[k]` is step k's progress, NaN when it has not started.
  @inline(__always)
  func latestStarted(in range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>) -> Int? {
    var j = previousAbsolute[range.upperBound - 1]
    while j >= range.lowerBound {
      if !progress[steps[j]].isNaN { return j }
      j = j > range.lowerBound ? previousAbsolute[j - 1] : -1
    }
    return nil
  }

  /// What ``fold(_:_:into:absolute:relative:)`` gives for a view whose
  /// segments (`range`) are one absolute segment per step of its keys (see
  /// ``AppearanceKeys``), once the latest started key is known: `offset`
  /// from the first key (−1 when none has started) and its progress `p`.
  ///
  /// The segment at that offset is the one in force; no later segment has
  /// started, so there is nothing to add.
  @inline(__always)
  @discardableResult
  func read(
    _ range: Range<Int>, at offset: Int, _ p: Double, into value: inout Value,
    absolute: (_ j: Int, _ p: Double) -> Value
  ) -> Bool {
    if offset < 0 {
      value = segments[range.lowerBound].from
      return false
    }
    let j = range.lowerBound + offset
    if p != 1 {
      value = absolute(j, p)
      return true
    }
    value = segments[j].to
    return false
  }

  /// The value of one view's property (its segments are `range`, not empty)
  /// at the given step progresses; returns whether it is moving: some
  /// segment is part way, so the value is not one of the resolved ends.
  ///
  /// - Parameters:
  ///   - absolute: segment `j` at progress `p` (0 ≤ p < 1 in practice).
  ///   - relative: adds segment `j`'s motion at progress `p` (not 0) to the
  ///     value; properties without relative changes (frames, visibility)
  ///     leave it out.
  ///
  /// The value is written into `value` (whatever it held is replaced), so
  /// that a sample writes a view's property in place instead of copying it
  /// through a result.
  @inline(__always)
  @discardableResult
  func fold(
    _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>, into value: inout Value,
    absolute: (_ j: Int, _ p: Double) -> Value,
    relative: (_ value: inout Value, _ j: Int, _ p: Double) -> Void = { _, _, _ in }
  ) -> Bool {
    var isMoving: Bool
    var h: Int
    let owner = latestStarted(in: range, progress)
    if let owner, progress[steps[owner]] != 1 {
      value = absolute(owner, progress[steps[owner]])
      isMoving = true
      h = owner
    } else {
      h = owner ?? range.lowerBound - 1
      while h + 1 < range.upperBound && progress[steps[h + 1]] == 1 { h += 1 }
      value = h >= range.lowerBound ? segments[h].to : segments[range.lowerBound].from
      isMoving = false
    }
    guard hasRelative else { return isMoving }
    var i = h + 1
    while i < range.upperBound {
      let p = progress[steps[i]]
      // Not started, or at its very start: adds nothing.
      if !p.isNaN && p != 0 {
        relative(&value, i, p)
        isMoving = true
      }
      i += 1
    }
    return isMoving
  }
}
