/// How a step's progress follows its time: a function from 0…1 onto progress.
///
/// STUB: the timing-curve work replaces this file. The public surface the rest
/// of the engine relies on is: `linear`, `ease`, `easeIn`, `easeOut`,
/// `easeInOut`, `value(at:)`, `mirrored`, `init(parsing:)`, `description`,
/// and Codable as its textual form.
public struct TimingCurve: Hashable, Sendable, Codable, CustomStringConvertible {
  enum Storage: Hashable, Sendable {
    case linear
    case cubicBezier(Double, Double, Double, Double)
  }
  var storage: Storage

  /// Progress equal to time.
  public static let linear = TimingCurve(storage: .linear)
  /// CSS `ease`.
  public static let ease = TimingCurve(storage: .cubicBezier(0.25, 0.1, 0.25, 1))
  /// CSS `ease-in`.
  public static let easeIn = TimingCurve(storage: .cubicBezier(0.42, 0, 1, 1))
  /// CSS `ease-out`.
  public static let easeOut = TimingCurve(storage: .cubicBezier(0, 0, 0.58, 1))
  /// CSS `ease-in-out`, Transit's default.
  public static let easeInOut = TimingCurve(storage: .cubicBezier(0.42, 0, 0.58, 1))

  /// Progress at time `t` in 0…1; 0 ↦ 0 and 1 ↦ 1 exactly.
  public func value(at t: Double) -> Double {
    if t <= 0 { return 0 }
    if t >= 1 { return 1 }
    switch storage {
    case .linear: return t
    case .cubicBezier(let x1, let y1, let x2, let y2):
      var lo = 0.0
      var hi = 1.0
      var s = t
      for _ in 0..<60 {
        s = (lo + hi) / 2
        let x = 3 * (1 - s) * (1 - s) * s * x1 + 3 * (1 - s) * s * s * x2 + s * s * s
        if x < t { lo = s } else { hi = s }
      }
      return 3 * (1 - s) * (1 - s) * s * y1 + 3 * (1 - s) * s * s * y2 + s * s * s
    }
  }

  /// The time mirror: `mirrored.value(at: t) == 1 − value(at: 1 − t)`.
  public var mirrored: TimingCurve {
    switch storage {
    case .linear: return self
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return TimingCurve(storage: .cubicBezier(1 - x2, 1 - y2, 1 - x1, 1 - y1))
    }
  }

  /// Parses the textual form (`ease-in-out`, `cubic-bezier(…)`, …).
  public init(parsing text: String) throws(TransitError) {
    switch text {
    case "linear": self = .linear
    case "ease": self = .ease
    case "ease-in": self = .easeIn
    case "ease-out": self = .easeOut
    case "ease-in-out": self = .easeInOut
    default: throw TransitError(.invalidCurve, "unknown curve '\(text)'")
    }
  }

  init(storage: Storage) { self.storage = storage }

  public var description: String {
    switch storage {
    case .linear: return "linear"
    case .cubicBezier(let a, let b, let c, let d): return "cubic-bezier(\(a),\(b),\(c),\(d))"
    }
  }

  public init(from decoder: any Decoder) throws {
    let text = try decoder.singleValueContainer().decode(String.self)
    self = try TimingCurve(parsing: text)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
