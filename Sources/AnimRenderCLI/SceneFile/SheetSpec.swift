import Transit

/// A height a sheet rests at, as a scene file writes it: `"medium"`,
/// `"large"`, a fraction of the container's height (a number in 0…1, `0.3`)
/// or a height in points (a number above 1, `500`). Each is resolved from
/// the container's current bounds, so a rotated sheet sits on the same
/// detent at the new size.
struct DetentSpec: FieldValue, Equatable {
  var detent: SheetDetent

  /// The numbers a detent takes: above 0, up to the largest container side.
  static let expected =
    #""medium", "large", a fraction of the height in (0, 1] or points in (1, \#(SizeInPoints.maximumSide)]"#

  init(_ detent: SheetDetent) { self.detent = detent }

  /// The detent as the file writes it.
  var name: String {
    switch detent {
    case .medium: "medium"
    case .large: "large"
    case .points(let points): "\(points)"
    case .fraction(let fraction): "\(fraction)"
    }
  }

  static func read(from decoder: any Decoder) throws -> DetentSpec {
    func problem(_ got: String) -> DecodingError {
      .dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "expected \(expected), got \(got)"))
    }
    if let word = try? String.read(from: decoder) {
      switch word {
      case "medium": return DetentSpec(.medium)
      case "large": return DetentSpec(.large)
      default: throw problem("\"\(CLIError.echoed(word))\"")
      }
    }
    let number: Double
    do { number = try Double.read(from: decoder) } catch DecodingError.typeMismatch(_, _) {
      throw problem("another kind of value")
    }
    guard number.isFinite, number > 0, number <= Double(SizeInPoints.maximumSide) else {
      throw problem("\(number)")
    }
    return DetentSpec(number <= 1 ? .fraction(number) : .points(number))
  }

  init(from decoder: any Decoder) throws { self = try Self.read(from: decoder) }
}

/// A `present` operation's `sheet`: the detents the sheet may rest at, the
/// one it is presented at (the first by default) and, optionally, the
/// largest detent that leaves the screen below undimmed.
///
/// ```json
/// {"present": "filters", "sheet": {"detents": ["medium", "large", 0.3, 500], "detent": "medium"}}
/// ```
struct SheetSpec: FieldValue, Equatable {
  var detents: [DetentSpec]
  var detent: DetentSpec?
  var undimmed: DetentSpec?

  /// The most detents one sheet takes.
  static let maximumDetents = 16

  private enum Keys: String, CodingKey, CaseIterable { case detents, detent, undimmed }

  init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: Keys.self)
    detents = try c.read([DetentSpec].self, forKey: .detents)
    guard (1...Self.maximumDetents).contains(detents.count) else {
      throw DecodingError.dataCorruptedError(
        forKey: .detents, in: c,
        debugDescription: "expected 1…\(Self.maximumDetents) detents, got \(detents.count)")
    }
    detent = try c.readIfPresent(DetentSpec.self, forKey: .detent)
    if let detent, !detents.contains(detent) {
      throw DecodingError.dataCorruptedError(
        forKey: .detent, in: c, debugDescription: "expected one of the sheet's detents")
    }
    undimmed = try c.readIfPresent(DetentSpec.self, forKey: .undimmed)
  }

  /// The sheet the library presents, moving over `duration` seconds (the
  /// library's own when `nil`).
  func configuration(duration: Double?) -> SheetConfiguration {
    var sheet = SheetConfiguration(
      detents: detents.map(\.detent), detent: detent?.detent,
      largestUndimmedDetent: undimmed?.detent)
    if let duration { sheet.duration = duration }
    return sheet
  }
}

/// The tab a `select` operation shows: its root screen's id, or its index.
enum TabSpec: FieldValue, Equatable {
  case id(String)
  case index(Int)

  static func read(from decoder: any Decoder) throws -> TabSpec {
    if let id = try? String.read(from: decoder) { return .id(id) }
    do { return .index(try Int.read(from: decoder)) } catch DecodingError.typeMismatch(_, _) {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected a tab's id (a string) or index (a whole number)"))
    }
  }

  init(from decoder: any Decoder) throws { self = try Self.read(from: decoder) }
}
