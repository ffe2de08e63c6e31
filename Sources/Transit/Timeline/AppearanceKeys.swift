/// The steps in which each view's appearance changes, and which of its
/// appearance tracks one lookup of those steps serves: what lets a sample
/// find the segment in force once per view instead of once per property.
///
/// A view restyled as a whole (a card that turns square, changes colour and
/// deepens its shadow in the same steps) has, on each of those tracks, one
/// segment per step, in the same steps: the view's keys. No segment after
/// the latest started key's has started, so the keys are searched once:
///
/// - on a track whose segments are all absolute (``Keys/shared``), the overlap
///   rule of ``Track/fold(_:_:into:absolute:relative:)`` comes down to the
///   segment of that key, read without a search;
/// - on a track with relative segments too (``Keys/prefixed``), the fold of the
///   segments up to that key's is the fold of them all, so the search and
///   the relative shares stop there.
///
/// A track that changes in only some of the keys is folded on its own.
struct AppearanceKeys: Hashable, Sendable {
  /// The keys of every view, view after view: each view's appearance
  /// steps, in step order.
  private(set) var steps: [Int] = []
  /// What a sample asks of one view's keys, in one place: read once per
  /// view, with one bounds check, instead of from five arrays.
  struct Keys: Hashable, Sendable {
    /// Where the view's keys are in ``AppearanceKeys/steps`` (and its
    /// records in ``AppearanceSpans``).
    var start: Int32
    /// How many keys the view has.
    var count: Int32
    /// When the view's keys are consecutive steps, the first of them; −1
    /// otherwise. While the started steps are the first ones, the latest
    /// started key of such a view is worked out, not searched for.
    var firstStep: Int32
    /// A bit per appearance track (``Tracks/Appearance``) whose segments of
    /// the view are one absolute segment per key.
    var shared: UInt8
    /// A bit per appearance track whose segments of the view are one
    /// segment per key, some of them relative: folded only up to the latest
    /// started key's, since no later one has started.
    var prefixed: UInt8

    /// Where the view's keys are in ``AppearanceKeys/steps``.
    var range: Range<Int> { Int(start)..<Int(start) + Int(count) }
  }
  /// For each view (by pre-order index), its keys.
  private(set) var views: [Keys] = []
  /// For each view, a bit per appearance track with any segment of the
  /// view: a view that only moves and fades tests one byte, and a view
  /// whose record serves every track it changes reads no track at all.
  private(set) var animated: [UInt8] = []

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
    // Positions and steps are held in 32 bits: a scene of two thousand
    // million appearance segments is out of reach of any other limit first.
    precondition(steps.count <= Int(Int32.max), "too many appearance keys")
    let isRun = keys.first.map { keys == Array($0..<$0 + keys.count) } ?? false
    views.append(
      Keys(
        start: Int32(start), count: Int32(keys.count), firstStep: isRun ? Int32(keys[0]) : -1,
        shared: bits, prefixed: relativeBits))
    animated.append(animatedBits)
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
    latestStarted(views[view], progress, started: started)
  }

  /// ``latestStarted(_:_:started:)`` of the view whose keys are `keys`.
  @inline(__always)
  func latestStarted(
    _ keys: Keys, _ progress: UnsafeMutableBufferPointer<Double>, started: Int
  ) -> (offset: Int, progress: Double) {
    let count = Int(keys.count)
    let first = Int(keys.firstStep)
    if started >= 0 && first >= 0 {
      // Keys `first..<first + count`, steps `0..<started` started.
      let offset = min(max(started - first, 0), count) - 1
      return offset >= 0 ? (offset, progress[first + offset]) : (-1, .nan)
    }
    let start = Int(keys.start)
    var j = start + count - 1
    while j >= start {
      let p = progress[steps[j]]
      if !p.isNaN { return (j - start, p) }
      j -= 1
    }
    return (-1, .nan)
  }

  /// Whether the steps of the keys at offsets `offsets` of the view whose
  /// keys start at `start` have all finished (progress exactly 1).
  @inline(__always)
  func finished(
    from start: Int, _ offsets: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>
  ) -> Bool {
    for offset in offsets where progress[steps[start + offset]] != 1 { return false }
    return true
  }
}
