/// How many times a player plays its timeline within one play.
///
/// Each repetition is one pass from one end to the other, or, when the
/// player autoreverses, a pass there and a pass back (Core Animation's
/// `repeatCount` with `autoreverses`).
public enum Repetition: Hashable, Sendable {
  /// This many repetitions; values below 1 count as 1.
  case count(Int)
  /// Until the play is cancelled, terminated or stopped.
  case forever

  /// A single repetition, the default.
  public static let once = Repetition.count(1)

  /// The number of repetitions, or `nil` for ``forever``.
  public var limit: Int? {
    switch self {
    case .count(let n): return max(n, 1)
    case .forever: return nil
    }
  }
}
