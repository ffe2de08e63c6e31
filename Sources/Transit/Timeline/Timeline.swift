/// An ``Animation`` bound to a ``Scene``: every change resolved into absolute
/// from → to values, ready to be sampled at any time and reversed exactly.
///
/// Sampling is a pure function of time. ``sample(at:into:)`` and
/// ``sample(frame:of:into:)`` write into a scene you keep between calls and,
/// once that scene has been written to once, perform no heap allocation: the
/// per-step progress lives on the stack and the view tree is updated in place.
///
/// ```swift
/// let timeline = try animation.timeline(from: scene)
/// var frame = timeline.initialScene
/// for i in 0..<60 {
///   timeline.sample(frame: i, of: 60, into: &frame)
///   draw(frame)
/// }
/// ```
///
/// ## Frames
/// Frame `i` of `n` is at time `i · D / (n − 1)`; frame 0 is the start state and
/// frame `n − 1` the end state, both exact (the last frame uses `D` itself, not
/// a product that might round). A single frame (`n == 1`) shows the start —
/// this timeline's own start, time 0, in every direction: frame 0 of any
/// `n` is the same state.
///
/// ## Exact reversal
/// ``reversed()`` does not invert anything: it reads the same resolved
/// segments with time mirrored, so its frame `i` of `n ≥ 2` *is* the
/// forward's frame `n − 1 − i`, bit for bit, and it ends exactly where the
/// forward started. A single frame has no end to mirror: the reverse's is
/// its start, the forward's end. See ``Direction``.
public struct Timeline: Sendable, Equatable {
  /// How a timeline maps its own time onto the resolved forward segments.
  public enum Direction: Hashable, Sendable {
    /// As bound.
    case forward
    /// The exact mirror of the forward: time runs backwards and every step
    /// retraces its own curve, so every frame equals a forward frame.
    case reverse
    /// Back to the start along another curve (GSAP's yoyoEase): time runs
    /// backwards and every step follows `curve` from its end to its start.
    /// It still ends exactly on the forward's start state.
    case rerun(TimingCurve)
  }

  /// The scene as it was bound, before anything (even an instant first step)
  /// was applied.
  public let initialScene: Scene
  /// The total duration in seconds, the same in every direction.
  public let duration: Double
  /// How this timeline's time maps onto the forward one.
  public private(set) var direction: Direction
  let tracks: Tracks
  let preorder: [String: Int]
  /// The matched elements' flights, written after the tracks (see ``Flight``).
  let flights: [Flight]
  /// The animations played alongside, written after the tracks and before
  /// the flights (see ``Alongside``).
  let alongside: [Alongside]

  init(
    initialScene: Scene, duration: Double, tracks: Tracks, preorder: [String: Int],
    direction: Direction = .forward, flights: [Flight] = [], alongside: [Alongside] = []
  ) {
    self.initialScene = initialScene
    self.duration = duration
    self.direction = direction
    self.tracks = tracks
    self.preorder = preorder
    self.flights = flights
    self.alongside = alongside
  }

  // MARK: Reversal

  /// The exact reverse: frame `i` of `n` (for `n ≥ 2`) equals this
  /// timeline's frame `n − 1 − i`, and `reversed().reversed() == self`. A
  /// single frame (`n == 1`) is each timeline's own start.
  ///
  /// The reverse of a ``Direction/rerun(_:)`` timeline is the forward one.
  public func reversed() -> Timeline {
    var copy = self
    copy.direction = direction == .forward ? .reverse : .forward
    return copy
  }

  /// Goes back to the start along `curve` instead of retracing each step's
  /// own curve; it still ends bit for bit on the forward's start state.
  public func reversed(along curve: TimingCurve) -> Timeline {
    var copy = self
    copy.direction = direction == .forward ? .rerun(curve) : .forward
    return copy
  }

  // MARK: Steps

  /// A step as it plays in this timeline's direction.
  public struct StepSpan: Hashable, Sendable {
    /// The step's position in the animation, from 0.
    public var index: Int
    /// The step's tag, if it has one.
    public var tag: String?
    /// When the step starts in this timeline's time.
    public var start: Double
    /// When it ends in this timeline's time.
    public var end: Double
  }

  /// The steps in the order they finish in this direction (ties keep step
  /// order going forward, reversed step order going backwards): what a player
  /// reports through its step callbacks.
  public var stepSpans: [StepSpan] {
    let forward = tracks.steps.enumerated().map { index, step in
      StepSpan(index: index, tag: step.tag, start: step.start, end: step.start + step.duration)
    }
    if direction == .forward {
      return forward.enumerated().sorted {
        ($0.element.end, $0.offset) < ($1.element.end, $1.offset)
      }
      .map(\.element)
    }
    let mirrored = forward.map { span in
      StepSpan(
        index: span.index, tag: span.tag, start: duration - span.end, end: duration - span.start)
    }
    return mirrored.enumerated().sorted {
      ($0.element.end, -$0.offset) < ($1.element.end, -$1.offset)
    }.map(\.element)
  }

  // MARK: Sampling

  /// The time of frame `index` of `count`, in this timeline's own time.
  ///
  /// Indices are clamped into `0..<count`; a count below 2 gives time 0.
  public func time(ofFrame index: Int, of count: Int) -> Double {
    Timeline.frameTime(index, count, duration)
  }

  static func frameTime(_ index: Int, _ count: Int, _ duration: Double) -> Double {
    guard count > 1 else { return 0 }
    let i = min(max(index, 0), count - 1)
    if i == count - 1 { return duration }
    return Double(i) * duration / Double(count - 1)
  }

  /// The whole scene at `time` seconds (clamped into 0…duration).
  ///
  /// Returns a new scene; use ``sample(at:into:)`` in a loop to avoid copying.
  public func sample(at time: Double) -> Scene {
    var scene = initialScene
    sample(at: time, into: &scene)
    return scene
  }

  /// Writes the state at `time` into `scene`, which should come from this
  /// timeline (``initialScene`` or an earlier sample). A scene of another
  /// shape is first replaced by ``initialScene``.
  ///
  /// - Complexity: O(v + s), v the views in animated subtrees and s the
  ///   steps; no heap allocation once `scene` is uniquely held.
  public func sample(at time: Double, into scene: inout Scene) {
    write(forward(.time(time)), into: &scene)
  }

  /// The whole scene at frame `index` of `count`.
  public func sample(frame index: Int, of count: Int) -> Scene {
    var scene = initialScene
    sample(frame: index, of: count, into: &scene)
    return scene
  }

  /// Writes frame `index` of `count` into `scene`. The reverse of a timeline
  /// reads the forward's frame `count − 1 − index` (for `count ≥ 2`), so the
  /// two agree bit for bit.
  public func sample(frame index: Int, of count: Int, into scene: inout Scene) {
    write(forward(.frame(index, of: count)), into: &scene)
  }

  /// The state of one view at `time`, or `nil` when the scene has no such view.
  public func state(of id: String, at time: Double) -> ViewState? {
    state(of: id, forward(.time(time)))
  }

  /// The state of one view at frame `index` of `count`, or `nil`.
  public func state(of id: String, frame index: Int, of count: Int) -> ViewState? {
    state(of: id, forward(.frame(index, of: count)))
  }

  /// The scene at the start of this timeline (its time 0).
  public var startScene: Scene { sample(frame: 0, of: 2) }
  /// The scene at the end of this timeline (its full duration).
  public var endScene: Scene { sample(frame: 1, of: 2) }

  // MARK: From this timeline's time to the forward segments

  /// A moment of this timeline, as callers name it.
  enum Moment {
    /// Seconds since the start, clamped into 0…duration (NaN reads as 0).
    case time(Double)
    /// Frame `index` of `count`, the index clamped into `0..<count`.
    case frame(Int, of: Int)
  }

  /// A time on the forward segments, and the curve every step goes back
  /// along (``Direction/rerun(_:)`` only); with the moment in this
  /// timeline's own time (`own`) and in its mirror's (`mirroredOwn`, the
  /// own time of the same moment of ``reversed()``), each computed as
  /// exactly as the forward time is, for the animations played alongside.
  struct ForwardTime {
    var time: Double
    var rerun: TimingCurve?
    var own: Double
    var mirroredOwn: Double
  }

  /// Where a moment of this timeline falls on the forward segments.
  ///
  /// The one place where direction meets time: the segments are always the
  /// forward ones, and a mirrored direction reads them at `duration − t`.
  /// The reverse reads a frame at the forward's own time for frame
  /// `n − 1 − i` instead, the very number the forward computes for it, so
  /// that the two agree bit for bit (R2) where `duration − t` could round
  /// differently; a rerun's last frame is the start, time 0 exactly (R3).
  /// A single frame is time 0 of this timeline, whatever the direction: it
  /// is a first frame before it is a last one, as going forward.
  func forward(_ moment: Moment) -> ForwardTime {
    let isMirrored: Bool
    let rerun: TimingCurve?
    switch direction {
    case .forward: (isMirrored, rerun) = (false, nil)
    case .reverse: (isMirrored, rerun) = (true, nil)
    case .rerun(let curve): (isMirrored, rerun) = (true, curve)
    }
    let time: Double
    let own: (Double, Double)
    switch moment {
    case .time(let t):
      time = t.isNaN ? 0 : min(max(t, 0), duration)
      own = (time, duration - time)
    case .frame(let index, let count):
      let n = max(count, 1)
      let i = min(max(index, 0), n - 1)
      time = Timeline.frameTime(i, n, duration)
      own = (time, n > 1 ? Timeline.frameTime(n - 1 - i, n, duration) : duration)
      if isMirrored && n > 1 {
        if rerun == nil {
          return ForwardTime(time: own.1, rerun: nil, own: own.0, mirroredOwn: own.1)
        }
        if i == n - 1 { return ForwardTime(time: 0, rerun: rerun, own: own.0, mirroredOwn: own.1) }
      }
    }
    return ForwardTime(
      time: isMirrored ? duration - time : time, rerun: rerun, own: own.0, mirroredOwn: own.1)
  }

  /// Runs `body` with the progress of every step at forward time `time`
  /// (NaN for steps not started) and an empty cache of the steps' turn
  /// sines, both held in stack memory.
  @inline(__always)
  private func withProgress<R>(
    at time: ForwardTime, pacing: Pacing = .curves,
    _ body: (UnsafeMutableBufferPointer<Double>, StepSines) -> R
  ) -> R {
    let count = max(tracks.steps.count, 1)
    return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { progress in
      for (k, step) in tracks.steps.enumerated() {
        progress[k] =
          pacing == .curves
          ? step.progress(at: time.time, rerun: time.rerun)
          : step.progress(at: time.time, rerun: time.rerun, pacing: pacing)
      }
      return StepSines.with { body(progress, $0) }
    }
  }

  private func state(of id: String, _ time: ForwardTime) -> ViewState? {
    if !flights.isEmpty || !alongside.isEmpty {
      var scene = initialScene
      write(time, into: &scene)
      return scene.state(of: id)
    }
    guard let index = preorder[id], let initial = initialScene.state(of: id) else { return nil }
    return withProgress(at: time) {
      tracks.state(index, initial: initial, progress: $0, sines: $1)
    }
  }

  func write(_ time: ForwardTime, pacing: Pacing = .curves, into scene: inout Scene) {
    if scene.viewCount != tracks.subtreeEnd.count || scene.size != initialScene.size {
      scene = initialScene
    }
    writeTracks(time, pacing: pacing, into: &scene)
    if !alongside.isEmpty { writeAlongside(at: time, pacing: pacing, into: &scene) }
    if !flights.isEmpty { writeFlights(at: time, pacing: pacing, into: &scene) }
  }

  /// Writes this timeline's own tracks into the views they cover, the first
  /// ones of `scene` in pre-order; views after them are left as they are.
  func writeTracks(_ time: ForwardTime, pacing: Pacing, into scene: inout Scene) {
    withProgress(at: time, pacing: pacing) { progress, sines in
      var index = 0
      let started = AppearanceKeys.startedSteps(progress, count: tracks.steps.count)
      apply(&scene.storage, index: &index, progress: progress, started: started, sines: sines)
    }
  }

  private func apply(
    _ views: inout [View], index: inout Int, progress: UnsafeMutableBufferPointer<Double>,
    started: Int, sines: StepSines
  ) {
    for i in views.indices {
      let k = index
      guard k < tracks.subtreeEnd.count else { return }
      guard tracks.subtreeAnimated[k] else {
        index = tracks.subtreeEnd[k]
        continue
      }
      index += 1
      tracks.apply(k, to: &views[i], progress: progress, started: started, sines: sines)
      if !views[i].children.isEmpty {
        apply(
          &views[i].children, index: &index, progress: progress, started: started, sines: sines)
      }
    }
  }
}
