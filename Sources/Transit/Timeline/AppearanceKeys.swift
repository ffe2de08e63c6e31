/// The steps in which each view's appearance changes, and which of its
/// appearance tracks one lookup of those steps serves: what lets a sample
/// find the segment in force once per view instead of once per property.
///
/// A view restyled as a whole (a card that turns square, changes colour and
/// deepens its shadow in the same steps) has, on each of those tracks, one
/// absolute segment per step, in the same steps. For such a track the
/// overlap rule of ``Track/fold(_:_:into:absolute:relative:)`` comes down to
/// the latest started *step*: its segment owns the property, and no later
/// segment has started to add anything. So the view's steps (its keys) are
/// searched once, and every track whose segments are exactly one absolute
/// segment per key reads its segment at the same offset. A track that
/// changes in fewer steps, or has relative segments, is folded on its own.
struct AppearanceKeys: Hashable, Sendable {
  /// The keys of every view, view after view: each view's appearance
  /// steps, in step order.
  private(set) var steps: [Int] = []
  /// For each view (by pre-order index), where its keys are.
  private(set) var ranges: [Range<Int>] = []
  /// For each view, a bit per appearance track (``Tracks/Appearance``)
  /// whose segments of the view are one absolute segment per key.
  private(set) var shared: [UInt8] = []

  /// Adds the next view in pre-order: its appearance segments' steps, one
  /// list per track in ``Tracks/Appearance`` order (each in step order, a
  /// step at most once), and for each track whether all its segments are
  /// absolute.
  mutating func appendView(_ tracks: [(steps: [Int], allAbsolute: Bool)]) {
    let keys = Array(Set(tracks.flatMap(\.steps))).sorted()
    var bits: UInt8 = 0
    for (bit, track) in tracks.enumerated()
    where !track.steps.isEmpty && track.allAbsolute && track.steps == keys {
      bits |= 1 << bit
    }
    let start = steps.count
    steps += keys
    ranges.append(start..<steps.count)
    shared.append(bits)
  }

  /// The offset (from the view's first key) of the latest key of `view`
  /// whose step has started, −1 when none has, and that step's progress.
  /// `progress[k]` is step k's progress, NaN when it has not started.
  @inline(__always)
  func latestStarted(
    _ view: Int, _ progress: UnsafeMutableBufferPointer<Double>
  ) -> (offset: Int, progress: Double) {
    let range = ranges[view]
    var j = range.upperBound - 1
    while j >= range.lowerBound {
      let p = progress[steps[j]]
      if !p.isNaN { return (j - range.lowerBound, p) }
      j -= 1
    }
    return (-1, .nan)
  }
}
