/// When each frame of an animation comes on screen, and when the whole ends:
/// the one clock every animated format (APNG, GIF, WebP, video) is written
/// from.
///
/// Frame k shows from `starts[k]` until `starts[k + 1]`; the last until
/// ``end``. Two frames may start at the same time: the first then shows for
/// no time at all, which every format but video can store (see
/// `ticks(perSecond:)`).
///
/// Formats count time in their own units (GIF in hundredths of a second,
/// WebP in milliseconds, APNG in fractions), and most delays are not whole
/// units. Rounding each delay on its own would let the errors add up (0.2 ms
/// frames rounded to 1 ms play five times too slowly), so every format here
/// rounds each frame's *start* instead, and a delay is the difference of two
/// rounded starts: each frame starts within half a unit of its exact time,
/// and the whole lasts exactly ``end``, to half a unit.
///
/// ```swift
/// // A 0.4 s push in 8 frames, then its last picture held for 2 s.
/// let push = (0..<8).map { Double($0) * 0.4 / 7 }
/// let times = try FrameTimes(starts: push, end: 0.4 + 0.4 / 7 + 2)
/// // GIF delays of 6, 5, 6, 6, 6, 5, 6 and 206 hundredths of a second:
/// let gif = try GIFEncoder.encode(frames, times: times)
/// ```
public struct FrameTimes: Hashable, Sendable {
  /// When each frame comes on screen, in seconds from the first (0).
  public let starts: [Double]
  /// When the last frame goes, in seconds from the first: the animation's length.
  public let end: Double

  /// Frames that start at `starts` and end at `end`.
  ///
  /// - Throws: ``RenderError`` when there are no frames, the first does not
  ///   start at 0, a time is not finite, or the times go backwards.
  public init(starts: [Double], end: Double) throws(RenderError) {
    guard let first = starts.first else { throw RenderError("an animation needs a frame") }
    guard first == 0 else { throw RenderError("the first frame starts at \(first) s, not 0") }
    var previous = 0.0
    for (index, time) in (starts + [end]).enumerated() {
      guard time.isFinite, time >= previous else {
        throw RenderError(
          "frame \(index) starts at \(time) s, before the frame ahead of it (\(previous) s)")
      }
      previous = time
    }
    self.starts = starts
    self.end = end
  }

  /// `count` frames of `delay` each, frame k starting at k × delay.
  ///
  /// - Precondition: `count` ≥ 1 and `delay`'s denominator is not 0.
  public init(count: Int, delay: FrameDelay) {
    precondition(count >= 1 && delay.denominator > 0, "FrameTimes needs frames and a delay")
    let (n, d) = (Double(delay.numerator), Double(delay.denominator))
    starts = (0..<count).map { Double($0) * n / d }
    end = Double(count) * n / d
  }

  /// The number of frames.
  public var count: Int { starts.count }

  /// Each frame's time on screen in whole units of `1 / perSecond` seconds:
  /// frame k starts at the unit nearest its exact start (halves go up), so
  /// no error builds up and the total is ``end`` to half a unit.
  ///
  /// A frame that starts less than half a unit before the next gets 0.
  package func ticks(perSecond: Int) -> [Int] {
    ticks(of: FrameDelay(numerator: 1, denominator: UInt16(clamping: perSecond)))
  }

  /// Each frame's time on screen in whole units of `unit` (a video's frame
  /// interval, say), rounded as `ticks(perSecond:)` rounds.
  ///
  /// - Precondition: `unit` is above 0.
  package func ticks(of unit: FrameDelay) -> [Int] {
    precondition(unit.numerator > 0 && unit.denominator > 0, "a tick lasts more than 0 s")
    let (n, d) = (Double(unit.numerator), Double(unit.denominator))
    // A start a hair below a half (k × 0.025 s is 2.4999… cs) goes up with
    // the exact halves it stands for.
    func rounded(_ time: Double) -> Int { Int((time * d / n + 0.5 + 1e-7).rounded(.down)) }
    var result: [Int] = []
    result.reserveCapacity(count)
    var start = 0
    for k in starts.indices {
      let next = rounded(k + 1 < count ? starts[k + 1] : end)
      result.append(next - start)
      start = next
    }
    return result
  }

  /// Each frame's time on screen as the fraction an APNG stores: the one
  /// nearest the exact delay, with the rounding of the frames before
  /// carried into it, so the whole stays ``end`` long.
  ///
  /// Fractions have numerators and denominators up to 65,535, so a delay
  /// that is a simple fraction (1/60 s, 0.4 s / 11 = 2/55 s) is stored
  /// exactly, and any other within a 65,535th of a second (15 µs), or of
  /// its own length when that is longer (a 3,600 s hold is within 55 ms):
  /// the difference is carried into the next frame, so only the last
  /// frame's stays in the total.
  package var fractions: [FrameDelay] {
    var result: [FrameDelay] = []
    result.reserveCapacity(count)
    var shown = 0.0
    for k in starts.indices {
      let next = k + 1 < count ? starts[k + 1] : end
      let delay = FrameDelay.nearest(seconds: next - shown)
      result.append(delay)
      shown += delay.seconds
    }
    return result
  }
}

extension FrameDelay {
  /// The fraction nearest `seconds` whose numerator and denominator are at
  /// most 65,535 (found from the continued fraction's convergents and
  /// semiconvergents): 0/1 for 0 or less (and NaN), 65,535/1 for 65,535 s
  /// or more, the most a fraction holds; callers that must not shorten a
  /// delay check its length first.
  package static func nearest(seconds: Double) -> FrameDelay {
    guard seconds > 0 else { return FrameDelay(numerator: 0, denominator: 1) }
    guard seconds < 65_535 else { return FrameDelay(numerator: 65_535, denominator: 1) }
    let limit = 65_535
    // Convergents p/q of the continued fraction of `seconds`.
    var (p0, q0, p1, q1) = (0, 1, 1, 0)
    var x = seconds
    var best = (p: Int(seconds.rounded()), q: 1)
    while true {
      let a = x.rounded(.down)
      guard a < Double(limit) else { break }
      let whole = Int(a)
      let (p2, q2) = (whole * p1 + p0, whole * q1 + q0)
      if p2 > limit || q2 > limit {
        // The best semiconvergent between the last two convergents.
        let steps = min(
          q1 == 0 ? Int.max : (limit - q0) / q1, p1 == 0 ? Int.max : (limit - p0) / p1)
        let candidate = (p: steps * p1 + p0, q: steps * q1 + q0)
        let previous = (p: p1, q: q1)
        func error(_ f: (p: Int, q: Int)) -> Double { abs(Double(f.p) / Double(f.q) - seconds) }
        best = candidate.q > 0 && error(candidate) < error(previous) ? candidate : previous
        break
      }
      (p0, q0, p1, q1) = (p1, q1, p2, q2)
      best = (p2, q2)
      let fraction = x - a
      // Exact (to the double's precision): the convergent is the value.
      guard fraction > 1e-12 else { break }
      x = 1 / fraction
    }
    return FrameDelay(numerator: UInt16(best.p), denominator: UInt16(max(best.q, 1)))
  }
}
