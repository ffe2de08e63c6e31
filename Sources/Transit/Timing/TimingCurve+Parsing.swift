extension TimingCurve: CustomStringConvertible {
  /// The textual form, which ``init(parsing:)`` reads back to an equal curve.
  ///
  /// Named curves print their name (`ease-in-out`, `ease-out-bounce`); other
  /// curves print CSS-like functions with no spaces and the shortest decimal
  /// that reads back to the same `Double`: `cubic-bezier(0.2,0.9,0.1,1)`,
  /// `steps(4,jump-end)`, `spring(1,100,10,0)`, and
  /// `mirrored(spring(1,100,10,0))` for a spring played backwards. A
  /// mirrored Bézier prints as `mirrored(…)` of its source when the source
  /// cannot be recomputed from its control points (`mirrored(ease-in)`:
  /// `1 − (1 − 0.42)` is not 0.42), so that the text reads back to an equal
  /// curve, one that also mirrors to the same curve.
  public var description: String {
    switch storage {
    case .linear: return "linear"
    case .cubicBezier(let bezier):
      if let preset = Self.bezierPresets.first(where: { $0.curve.storage == storage }) {
        return preset.name
      }
      if bezier.mirrorsByMemory {
        return "mirrored(\(TimingCurve(storage: .cubicBezier(bezier.mirrored)).description))"
      }
      let numbers = [bezier.x1, bezier.y1, bezier.x2, bezier.y2].map(Self.format)
      return "cubic-bezier(\(numbers.joined(separator: ",")))"
    case .penner(let easing): return easing.name
    case .steps(let steps): return "steps(\(steps.count),\(steps.position.rawValue))"
    case .spring(let spring):
      let m = spring.motion
      let numbers = [m.mass, m.stiffness, m.damping, m.initialVelocity]
      let text = "spring(\(numbers.map(Self.format).joined(separator: ",")))"
      return spring.isMirrored ? "mirrored(\(text))" : text
    }
  }

  /// Every curve that has a name, in a stable order: `linear`, the four CSS
  /// presets, then Penner's curves family by family (in, out, in-out).
  ///
  /// Each name parses to its curve, and each curve's ``description`` is its
  /// name. `animrender curve` lists these.
  public static let namedCurves: [(name: String, curve: TimingCurve)] =
    [("linear", .linear)] + bezierPresets
    + EasingFamily.allCases.flatMap { family in
      EasingMode.allCases.map { mode in
        let curve = penner(family, mode)
        return (curve.description, curve)
      }
    }

  private static let bezierPresets: [(name: String, curve: TimingCurve)] = [
    ("ease", .ease), ("ease-in", .easeIn), ("ease-out", .easeOut), ("ease-in-out", .easeInOut),
  ]

  /// Reads a curve from its textual form.
  ///
  /// Accepted, with whitespace allowed around names, numbers and commas:
  ///
  /// - any name of ``namedCurves``: `linear`, `ease`, `ease-in`, `ease-out`,
  ///   `ease-in-out`, and Penner's `ease-in-quad` … `ease-in-out-bounce`;
  /// - `cubic-bezier(x1,y1,x2,y2)`;
  /// - `steps(n)`, `steps(n,position)` with position `jump-start`,
  ///   `jump-end`, `jump-none`, `jump-both`, or the aliases `start`, `end`;
  /// - `spring(mass,stiffness,damping,velocity)`;
  /// - `mirrored(curve)`, the time mirror of any of these.
  ///
  /// - Throws: ``TransitError`` of kind `.invalidCurve`
  ///   that quotes the text; for an unknown name it suggests the closest
  ///   known names (up to three, closest first, ignoring case).
  public init(parsing text: String) throws(TransitError) {
    guard text.utf8.count <= Self.maximumTextLength else {
      throw TransitError(
        .invalidCurve,
        "a curve of \(text.utf8.count) bytes is longer than the \(Self.maximumTextLength) allowed")
    }
    // `mirrored(…)` layers are peeled in a loop, not by recursion, and their
    // depth is bounded, so no text can exhaust the stack.
    var trimmed = Substring(text).trimmingWhitespace()
    var mirrors = 0
    while trimmed.last == ")", let open = trimmed.firstIndex(of: "("),
      trimmed[..<open].trimmingWhitespace() == "mirrored"
    {
      mirrors += 1
      guard mirrors <= Self.maximumNesting else {
        throw TransitError(
          .invalidCurve,
          "'\(text.prefix(40))…': mirrored(…) is nested more than \(Self.maximumNesting) deep")
      }
      trimmed = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        .trimmingWhitespace()
    }
    var curve = try Self.parseSingle(trimmed, text: text)
    // Mirrored once per layer, as written (1 − (1 − x) need not be x).
    for _ in 0..<mirrors { curve = curve.mirrored }
    self = curve
  }

  /// The longest curve text read, in bytes.
  public static let maximumTextLength = 1_000
  /// The deepest `mirrored(mirrored(…))` read.
  public static let maximumNesting = 32

  /// One curve without `mirrored(…)` around it.
  private static func parseSingle(_ trimmed: Substring, text: String) throws(TransitError)
    -> TimingCurve
  {
    if let open = trimmed.firstIndex(of: "("), trimmed.last == ")" {
      let name = String(trimmed[..<open].trimmingWhitespace())
      let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      return try Self.parseFunction(name, arguments: inside, text: text)
    }
    if let named = Self.namedCurves.first(where: { $0.name == trimmed }) {
      return named.curve
    }
    let known = Self.namedCurves.map(\.name) + ["cubic-bezier", "steps", "spring", "mirrored"]
    let close = Suggestions.closest(to: String(trimmed), among: known, limit: 3)
    throw TransitError(
      .invalidCurve, "unknown curve '\(Suggestions.echoed(text))'; \(Suggestions.didYouMean(close))"
    )
  }

  private static func parseFunction(
    _ name: String, arguments: Substring, text: String
  ) throws(TransitError) -> TimingCurve {
    if name == "mirrored" {
      // Reached only for text such as `mirrored(x) junk)`: not one curve.
      throw TransitError.invalidCurveText(text, problem: "expected mirrored(CURVE)")
    }
    let parts = arguments.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingWhitespace() }
    func numbers(_ count: Int) throws(TransitError) -> [Double] {
      guard parts.count == count else {
        throw TransitError.invalidCurveText(
          text, problem: "\(name) takes \(count) numbers, got \(parts.count)")
      }
      var values: [Double] = []
      for part in parts {
        guard let value = Double(String(part)) else {
          throw TransitError.invalidCurveText(
            text, problem: "'\(Suggestions.echoed(String(part)))' is not a number")
        }
        values.append(value)
      }
      return values
    }
    switch name {
    case "cubic-bezier":
      let v = try numbers(4)
      return try cubicBezier(v[0], v[1], v[2], v[3])
    case "spring":
      let v = try numbers(4)
      return try spring(mass: v[0], stiffness: v[1], damping: v[2], initialVelocity: v[3])
    case "steps":
      guard (1...2).contains(parts.count), let count = Int(String(parts[0])) else {
        throw TransitError.invalidCurveText(
          text, problem: "expected steps(count) or steps(count,position)")
      }
      var position = StepPosition.jumpEnd
      if parts.count == 2 {
        switch parts[1] {
        case "start": position = .jumpStart
        case "end": position = .jumpEnd
        default:
          guard let named = StepPosition(rawValue: String(parts[1])) else {
            throw TransitError.invalidCurveText(
              text,
              problem: "unknown step position '\(Suggestions.echoed(String(parts[1])))'; "
                + "expected jump-start, jump-end, jump-none, jump-both, start or end")
          }
          position = named
        }
      }
      return try steps(count, position)
    default:
      let close = Suggestions.closest(
        to: name, among: ["cubic-bezier", "steps", "spring", "mirrored"], limit: 1)
      throw TransitError(
        .invalidCurve,
        "unknown curve function '\(name)' in '\(text)'; \(Suggestions.didYouMean(close))")
    }
  }

  /// The shortest text that reads back to `value`: integers without `.0`.
  private static func format(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
