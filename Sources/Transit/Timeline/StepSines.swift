import CTransitMath

/// The sine and cosine of the angle a step last turned a view by, kept for
/// the rest of one sample: the views a step turns together (a flip of a
/// whole page, a carousel) turn by the same angle at the same progress, and
/// the trigonometry is a third of what a turn costs.
///
/// It is a cache, so it must never change a number: an entry is reused only
/// for the very same angle, compared bit for bit (so −0 and +0 differ, as
/// their sines do), and the same angle always gives the same sine and
/// cosine. A step whose views turn by different angles only replaces its
/// entry more often. Steps share a few entries by their index modulo
/// ``slots``: any number of steps works, and the entries stay small enough
/// to live on the stack.
struct StepSines {
  /// How many entries; steps `k` and `k + slots` share one.
  static let slots = 8
  /// Three numbers per entry: the angle, its sine and its cosine.
  private let entries: UnsafeMutableBufferPointer<Double>

  /// Runs `body` with an empty cache on the stack.
  @inline(__always)
  static func with<R>(_ body: (StepSines) -> R) -> R {
    withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * slots) { entries in
      // A NaN key matches no finite angle (angles are validated finite);
      // were a NaN ever asked for with these very bits, the NaN stored
      // with it is what sincos returns for it.
      entries.initialize(repeating: .nan)
      return body(StepSines(entries: entries))
    }
  }

  /// The sine and cosine of `angle`, turned by step `step`: from the cache
  /// when that step's entry holds the same angle, else worked out (with
  /// glibc's `sincos`, the very bits of `Double.sin` and `Double.cos`) and
  /// kept.
  @inline(__always)
  func sincos(_ angle: Double, step: Int) -> (sine: Double, cosine: Double) {
    let base = 3 * (step & (Self.slots - 1))
    if entries[base].bitPattern == angle.bitPattern {
      return (entries[base + 1], entries[base + 2])
    }
    var s = 0.0
    var c = 0.0
    transit_sincos(angle, &s, &c)
    entries[base] = angle
    entries[base + 1] = s
    entries[base + 2] = c
    return (s, c)
  }
}
