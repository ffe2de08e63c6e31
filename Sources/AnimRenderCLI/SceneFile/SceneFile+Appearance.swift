import Transit

extension SceneFile {
  /// `{"color": "#000000", "opacity": 0.3, "radius": 12, "offset": [0, 6]}`:
  /// a drop shadow as `CALayer` describes one. `opacity` and `radius` are
  /// required (a shadow with a default opacity of 0, as `CALayer`'s, would
  /// be a shadow that silently does not show); `color` is black and
  /// `offset` `[0, 0]` by default.
  struct ShadowSpec: FieldTable, Equatable {
    var color: String?
    var opacity = 0.0
    var radius = 0.0
    var offset: [Double]?

    static let fields: [Field<Self>] = [
      .optional("color", \.color), .required("opacity", \.opacity),
      .required("radius", \.radius), .optional("offset", \.offset),
    ]

    /// The largest blur radius, in points: larger blurs cost the renderer
    /// time in proportion and show nothing a smaller one does not.
    static let maximumRadius = 1_000.0

    /// The checked shadow, or the first problem with it as "field: detail".
    func shadow() -> Result<Shadow, SpecProblem> {
      let color = self.color.map { ColorText.parse($0) } ?? .black
      guard let color else {
        return .failure(
          SpecProblem(
            "color",
            "expected \(ColorText.expected), got \"\(CLIError.echoed(self.color ?? ""))\""))
      }
      guard opacity.isFinite, opacity >= 0, opacity <= 1 else {
        return .failure(SpecProblem("opacity", "expected 0…1, got \(opacity)"))
      }
      guard radius.isFinite, radius >= 0, radius <= Self.maximumRadius else {
        return .failure(
          SpecProblem("radius", "expected 0…\(Int(Self.maximumRadius)) points, got \(radius)"))
      }
      let offset = self.offset ?? [0, 0]
      let bound = RenderLimits.maximumCoordinate
      guard offset.count == 2 else {
        return .failure(SpecProblem("offset", "expected [x, y], got \(offset.count) numbers"))
      }
      guard offset.allSatisfy({ $0.isFinite && abs($0) <= bound }) else {
        return .failure(
          SpecProblem("offset", "expected numbers within ±\(Int(bound)), got \(offset)"))
      }
      return .success(
        Shadow(
          color: color, opacity: opacity, radius: radius,
          offset: Size(width: offset[0], height: offset[1])))
    }
  }

  /// A problem found in a part of a view or change: the key path below
  /// the part ("radius", "offset") and what was wrong.
  struct SpecProblem: Error {
    var field: String
    var detail: String

    init(_ field: String, _ detail: String) {
      self.field = field
      self.detail = detail
    }
  }

  /// `[tl, tr, br, bl]` as radii, or the problem with the list.
  static func cornerRadii(_ numbers: [Double]) -> Result<CornerRadii, SpecProblem> {
    let bound = RenderLimits.maximumCoordinate
    guard numbers.count == 4 else {
      return .failure(
        SpecProblem(
          "", "expected [topLeft, topRight, bottomRight, bottomLeft], got \(numbers.count) numbers"
        ))
    }
    guard numbers.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= bound }) else {
      return .failure(SpecProblem("", "expected radii in 0…\(Int(bound)), got \(numbers)"))
    }
    return .success(
      CornerRadii(
        topLeft: numbers[0], topRight: numbers[1], bottomRight: numbers[2],
        bottomLeft: numbers[3]))
  }
}

/// How a view places its image, under the scene file's names: UIKit's
/// content modes in lowerCamelCase, the scaling ones without their
/// `scale` prefix except `scaleToFill` (as UIKit spells them).
enum ContentModeName: String, CaseIterable, FieldValue {
  case scaleToFill, aspectFit, aspectFill, center, top, bottom, left, right
  case topLeft, topRight, bottomLeft, bottomRight

  /// The library's mode.
  var mode: ContentMode {
    switch self {
    case .scaleToFill: .scaleToFill
    case .aspectFit: .scaleAspectFit
    case .aspectFill: .scaleAspectFill
    case .center: .center
    case .top: .top
    case .bottom: .bottom
    case .left: .left
    case .right: .right
    case .topLeft: .topLeft
    case .topRight: .topRight
    case .bottomLeft: .bottomLeft
    case .bottomRight: .bottomRight
    }
  }

  /// The name of the library's mode.
  init(_ mode: ContentMode) {
    self = Self.allCases.first { $0.mode == mode } ?? .aspectFill
  }

  static let expected = allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

  /// The names to suggest for `word`: those that hold it (`"fill"`:
  /// `scaleToFill`, `aspectFill`), else those nearest it in edit distance
  /// (`"aspectFil"`: `aspectFit`, `aspectFill`), at most three.
  static func suggestions(for word: String) -> [String] {
    let names = allCases.map(\.rawValue)
    let lowered = word.lowercased()
    let holding = names.filter { !lowered.isEmpty && $0.lowercased().contains(lowered) }
    if !holding.isEmpty { return Array(holding.prefix(3)) }
    let target = Array(lowered.prefix(Suggestions.longestWordCompared))
    let distances = names.map { Suggestions.editDistance(target, Array($0.lowercased())) }
    let best = distances.min() ?? 0
    return Array(names.indices.filter { distances[$0] == best }.map { names[$0] }.prefix(3))
  }

  /// One of the names; another word is an error at its place naming the
  /// closest names.
  static func read(from decoder: any Decoder) throws -> ContentModeName {
    let text = try String.read(from: decoder)
    if let name = ContentModeName(rawValue: text) { return name }
    let closest = suggestions(for: text)
    throw DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: decoder.codingPath,
        debugDescription:
          "expected a content mode (\(expected)), got \"\(CLIError.echoed(text))\"; "
          + Suggestions.didYouMean(closest, quote: "\"")))
  }
}
