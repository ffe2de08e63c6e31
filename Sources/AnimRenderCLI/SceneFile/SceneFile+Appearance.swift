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
      if let text = self.color, let detail = SceneFile.colorProblem(text) {
        return .failure(SpecProblem("color", detail))
      }
      let color = self.color.flatMap(ColorText.parse) ?? .black
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

  /// The first problem with the looks a view and an `animate` change both
  /// give, under the same keys and by the same rules: `frame`, `color`,
  /// `alpha`, `cornerRadius`, `cornerRadii` (not with `cornerRadius`) and
  /// `shadow`. The problem's field is the key (and the path below it) in
  /// the view or change, so both name a bad value alike.
  static func looksProblem(
    frame: [Double]?, color: String?, alpha: Double?, cornerRadius: Double?,
    cornerRadii: [Double]?, shadow: ShadowSpec?
  ) -> SpecProblem? {
    if let frame, let detail = frameProblem(frame) { return SpecProblem("frame", detail) }
    if let color, let detail = colorProblem(color) { return SpecProblem("color", detail) }
    if let alpha, !(alpha.isFinite && alpha >= 0 && alpha <= 1) {
      return SpecProblem("alpha", "expected 0…1, got \(alpha)")
    }
    if let cornerRadius, let detail = lengthProblem(cornerRadius) {
      return SpecProblem("cornerRadius", detail)
    }
    if let cornerRadii {
      guard cornerRadius == nil else {
        return SpecProblem(
          "cornerRadii", "give cornerRadius (all four corners alike) or cornerRadii, not both")
      }
      if case .failure(let problem) = SceneFile.cornerRadii(cornerRadii) {
        return SpecProblem("cornerRadii", problem.detail)
      }
    }
    if let shadow, case .failure(let problem) = shadow.shadow() {
      return SpecProblem("shadow.\(problem.field)", problem.detail)
    }
    return nil
  }

  /// What is wrong with a frame, `[x, y, width, height]` in points or
  /// fractions, as a message's detail; `nil` when nothing is.
  static func frameProblem(_ frame: [Double]) -> String? {
    let bound = RenderLimits.maximumCoordinate
    guard frame.count == 4 else {
      return "expected [x, y, width, height], got \(frame.count) numbers"
    }
    guard frame.allSatisfy({ $0.isFinite && abs($0) <= bound }), frame[2] >= 0, frame[3] >= 0
    else {
      return "expected numbers within ±\(Int(bound)) and a size of 0 or more, got \(frame)"
    }
    return nil
  }

  /// What is wrong with a colour, as a message's detail; `nil` when
  /// ``ColorText`` reads it.
  static func colorProblem(_ text: String) -> String? {
    guard ColorText.parse(text) == nil else { return nil }
    return "expected \(ColorText.expected), got \"\(CLIError.echoed(text))\""
  }

  /// What is wrong with a length drawn in the view's points (a corner
  /// radius, a border width), as a message's detail; `nil` when it is in
  /// 0…``RenderLimits/maximumCoordinate``.
  static func lengthProblem(_ length: Double) -> String? {
    let bound = RenderLimits.maximumCoordinate
    guard !(length.isFinite && length >= 0 && length <= bound) else { return nil }
    return "expected 0…\(Int(bound)), got \(length)"
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
