/// The steps in which each view's appearance changes, and which of its
/// appearance tracks one lookup of those steps serves: what lets a sample
/// find the segment in force once per view instead of once per property.
///
/// A view restyled as a whole (a card that turns square, changes colour and
/// deepens its shadow in the same steps) has, on each of those tracks, one
/// segment per step, in the same steps: the view's keys. No segment after
/// the latest started key's has started, so the keys are searched once:
///
/// - on a track whose segments are all absolute (``shared``), the overlap
///   rule of ``Track/fold(_:_:into:absolute:relative:)`` comes down to the
///   segment of that key, read without a search;
/// - on a track with relative segments too (``prefixed``), the fold of the
///   segments up to that key's is the fold of them all, so the search and
///   the relative shares stop there.
///
/// A track that changes in only some of the keys is folded on its own.
struct AppearanceKeys: Hashable, Sendable {
  /// The keys of every view, view after view: each view's appearance
  /// steps, in step order.
  private(set) var steps: [Int] = []
  /// For each view (by pre-order index), where its keys are.
  private(set) var ranges: [Range<Int>] = []
  /// For each view, a bit per appearance track (``Tracks/Appearance``)
  /// whose segments of the view are one absolute segment per key.
  private(set) var shared: [UInt8] = []
  /// For each view, a bit per appearance track whose segments of the view
  /// are one segment per key, some of them relative: folded only up to
  /// the latest started key's, since no later one has started.
  private(set) var prefixed: [UInt8] = []
  /// For each view, a bit per appearance track with any segment of the
  /// view: a view that only moves and fades tests one byte, and a view
  /// whose record serves every track it changes reads no track at all.
  private(set) var animated: [UInt8] = []
  /// For each view whose keys are consecutive steps, the first of them;
  /// −1 for the others. While the started steps are the first ones, the
  /// latest started key of such a view is worked out, not searched for.
  private(set) var firstStep: [Int] = []

  /// Adds the next view in pre-order: its appearance segments' steps, one
  /// list per track in ``Tracks/Appearance`` order (each in step order, a
  /// step at most once), and for each track whether all its segments are
  /// absolute.
  mutating func appendView(_ tracks: [(steps: [Int], allAbsolute: Bool)]) {
    let keys = Array(Set(tracks.flatMap(\.steps))).sorted()
    var bits: UInt8 = 0
    var relativeBits: UInt8 = 0
    var animatedBits: UInt8 = 0
    for (bit, track) in tracks.enumerated() where !track.steps.isEmpty {
      animatedBits |= 1 << bit
      guard track.steps == keys else { continue }
      if track.allAbsolute { bits |= 1 << bit } else { relativeBits |= 1 << bit }
    }
    let start = steps.count
    steps += keys
    ranges.append(start..<steps.count)
    shared.append(bits)
    prefixed.append(relativeBits)
    animated.append(animatedBits)
    let isRun = keys.first.map { keys == Array($0..<$0 + keys.count) } ?? false
    firstStep.append(isRun ? keys[0] : -1)
  }

  /// How many steps have started, when they are the first `count` steps
  /// (as they are whenever the steps start in order); −1 otherwise.
  /// `progress[k]` is step k's progress, NaN when it has not started.
  static func startedSteps(_ progress: UnsafeMutableBufferPointer<Double>, count: Int) -> Int {
    var started = 0
    while started < count && !progress[started].isNaN { started += 1 }
    for k in started..<count where !progress[k].isNaN { return -1 }
    return started
  }

  /// The offset (from the view's first key) of the latest key of `view`
  /// whose step has started, −1 when none has, and that step's progress.
  /// `progress[k]` is step k's progress, NaN when it has not started;
  /// `started` is ``startedSteps(_:count:)`` of it.
  @inline(__always)
  func latestStarted(
    _ view: Int, _ progress: UnsafeMutableBufferPointer<Double>, started: Int
  ) -> (offset: Int, progress: Double) {
    let range = ranges[view]
    let first = firstStep[view]
    if started >= 0 && first >= 0 {
      // Keys `first..<first + count`, steps `0..<started` started.
      let offset = min(max(started - first, 0), range.count) - 1
      return offset >= 0 ? (offset, progress[first + offset]) : (-1, .nan)
    }
    var j = range.upperBound - 1
    while j >= range.lowerBound {
      let p = progress[steps[j]]
      if !p.isNaN { return (j - range.lowerBound, p) }
      j -= 1
    }
    return (-1, .nan)
  }

  /// Whether the steps of `view`'s keys at offsets `offsets` have all
  /// finished (progress exactly 1).
  @inline(__always)
  func finished(
    _ view: Int, _ offsets: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>
  ) -> Bool {
    let start = ranges[view].lowerBound
    for offset in offsets where progress[steps[start + offset]] != 1 { return false }
    return true
  }
}
