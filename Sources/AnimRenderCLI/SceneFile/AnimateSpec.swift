import Foundation
import Transit

/// The value of a script's `animate` verb: an ``Animation`` written as
/// steps of changes to the views of the current picture, or `"reverse"`,
/// the exact reverse of the animation played last.
///
/// ```json
/// {"animate": [{"duration": 0.3, "curve": "ease-out", "overlap": 0,
///               "changes": [{"view": "card", "frame": [20, 100, 350, 300],
///                            "cornerRadius": 0, "shadow": {"opacity": 0.4, "radius": 20}}]}],
///  "frames": 12}
/// {"animate": "reverse", "frames": 12}
/// ```
enum AnimateSpec: Equatable, FieldValue {
  case steps([Step])
  case reverse

  /// One step: changes that play together over `duration` seconds along
  /// `curve`, starting `overlap` seconds before the previous step ends.
  struct Step: FieldTable, Equatable {
    var duration = 0.0
    var curve: String?
    var overlap: Double?
    var changes: [ChangeSpec] = []

    static let fields: [Field<Self>] = [
      .required("duration", \.duration), .optional("curve", \.curve),
      .optional("overlap", \.overlap), .required("changes", \.changes),
    ]
  }

  static let expected = #"a list of steps or "reverse""#

  /// A list of steps, or the string `"reverse"`; anything else is an error
  /// here saying so.
  static func read(from decoder: any Decoder) throws -> AnimateSpec {
    let here = decoder.codingPath.count
    func wrongType() -> DecodingError {
      .dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "expected \(expected)"))
    }
    if let text = try? String.read(from: decoder) {
      guard text == "reverse" else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "expected \(expected), got \"\(CLIError.echoed(text))\""))
      }
      return .reverse
    }
    do {
      return .steps(try [Step].read(from: decoder))
    } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count == here {
      throw wrongType()
    } catch DecodingError.valueNotFound(_, let context) where context.codingPath.count == here {
      throw wrongType()
    }
  }
}

/// One change object of an `animate` step: the view it names and any set
/// of its properties, each an absolute target (`frame`, `alpha`, colours,
/// radii, `borderWidth`, `shadow`, `contentMode`) or a relative change
/// (`translate`, `scale`, `rotate`).
struct ChangeSpec: FieldTable, Equatable {
  var view = ""
  /// `[x, y, width, height]` in the parent's coordinates, or fractions of
  /// the parent's size with `relative`.
  var frame: [Double]?
  var relative: Bool?
  var cornerRadius: Double?
  var cornerRadii: [Double]?
  /// The background colour.
  var color: String?
  var alpha: Double?
  var borderWidth: Double?
  var borderColor: String?
  var shadow: SceneFile.ShadowSpec?
  var contentMode: ContentModeName?
  var textColor: String?
  /// `[x, y]` points in the parent's space, added to the transform.
  var translate: [Double]?
  /// A factor about the view's centre, in x and y alike.
  var scale: Double?
  /// Degrees clockwise on screen, about the view's centre.
  var rotate: Double?

  static let fields: [Field<Self>] = [
    .required("view", \.view), .optional("frame", \.frame), .optional("relative", \.relative),
    .optional("cornerRadius", \.cornerRadius), .optional("cornerRadii", \.cornerRadii),
    .optional("color", \.color), .optional("alpha", \.alpha),
    .optional("borderWidth", \.borderWidth), .optional("borderColor", \.borderColor),
    .optional("shadow", \.shadow), .optional("contentMode", \.contentMode),
    .optional("textColor", \.textColor), .optional("translate", \.translate),
    .optional("scale", \.scale), .optional("rotate", \.rotate),
  ]

  /// The scale factors a change takes: small enough not to flatten a view
  /// into a transform that cannot be decomposed, large enough for any zoom.
  static let scales = 0.001...1_000.0
  /// The most degrees one change turns: a hundred turns.
  static let degrees = -36_000.0...36_000.0

  /// Whether the change sets or changes anything besides naming its view.
  var changesSomething: Bool {
    frame != nil || cornerRadius != nil || cornerRadii != nil || color != nil || alpha != nil
      || borderWidth != nil || borderColor != nil || shadow != nil || contentMode != nil
      || textColor != nil || translate != nil || scale != nil || rotate != nil
  }

  /// The first problem with the change's values, as "key: detail"; `view`
  /// is the file's description of the view it names.
  func problem(view spec: SceneFile.ViewSpec) -> SceneFile.SpecProblem? {
    typealias Problem = SceneFile.SpecProblem
    let bound = RenderLimits.maximumCoordinate
    guard changesSomething else {
      return Problem(
        "",
        "changes nothing: give \(ChangeSpec.fields.dropFirst(1).map(\.key).filter { $0 != "relative" }.joined(separator: ", ")) or some of them"
      )
    }
    if relative != nil, frame == nil {
      return Problem("relative", "applies to frame, which this change does not give")
    }
    if let problem = SceneFile.looksProblem(
      frame: frame, color: color, alpha: alpha, cornerRadius: cornerRadius,
      cornerRadii: cornerRadii, shadow: shadow)
    {
      return problem
    }
    for (key, text) in [("borderColor", borderColor), ("textColor", textColor)] {
      if let text, let detail = SceneFile.colorProblem(text) { return Problem(key, detail) }
    }
    if let width = borderWidth, let detail = SceneFile.lengthProblem(width) {
      return Problem("borderWidth", detail)
    }
    if let translate {
      guard translate.count == 2 else {
        return Problem("translate", "expected [x, y], got \(translate.count) numbers")
      }
      guard translate.allSatisfy({ $0.isFinite && abs($0) <= bound }) else {
        return Problem("translate", "expected numbers within ±\(Int(bound)), got \(translate)")
      }
    }
    if let scale, !ChangeSpec.scales.contains(scale) {
      return Problem("scale", "expected a factor in 0.001…1000, got \(scale)")
    }
    if let rotate, !ChangeSpec.degrees.contains(rotate) {
      return Problem("rotate", "expected degrees in −36000…36000, got \(rotate)")
    }
    if contentMode != nil, spec.image == nil {
      return Problem(
        "contentMode", "applies to a view with an image, and \"\(CLIError.echoed(view))\" has none")
    }
    if textColor != nil, spec.text == nil {
      return Problem(
        "textColor", "applies to a view with text, and \"\(CLIError.echoed(view))\" has none")
    }
    return nil
  }

  /// The library's changes, in the order the keys are listed: absolute
  /// targets, then the relative changes (translate, scale, rotate), which
  /// follow whatever transform the view has. `parent` is the size a
  /// relative frame is a fraction of. The values were checked by
  /// ``problem(view:)``.
  func changes(parent: Size) -> [Change] {
    var result: [Change] = []
    let id = view
    if let frame {
      let rect =
        relative == true
        ? Rect(
          x: frame[0] * parent.width, y: frame[1] * parent.height, width: frame[2] * parent.width,
          height: frame[3] * parent.height)
        : Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
      result.append(.frame(id, to: rect))
    }
    if let cornerRadius { result.append(.cornerRadius(id, to: cornerRadius)) }
    if let numbers = cornerRadii, let radii = try? SceneFile.cornerRadii(numbers).get() {
      result.append(.cornerRadii(id, to: radii))
    }
    if let color = color.flatMap(ColorText.parse) { result.append(.backgroundColor(id, to: color)) }
    if let alpha { result.append(.alpha(id, to: alpha)) }
    if let borderWidth { result.append(.borderWidth(id, to: borderWidth)) }
    if let color = borderColor.flatMap(ColorText.parse) {
      result.append(.borderColor(id, to: color))
    }
    if let shadow = try? shadow?.shadow().get() { result.append(.shadow(id, to: shadow)) }
    if let contentMode { result.append(.contentMode(id, to: contentMode.mode)) }
    if let color = textColor.flatMap(ColorText.parse) { result.append(.textColor(id, to: color)) }
    if let translate { result.append(.translate(id, x: translate[0], y: translate[1])) }
    if let scale { result.append(.scale(id, by: scale)) }
    if let rotate { result.append(.rotate(id, by: rotate * .pi / 180)) }
    return result
  }
}

extension AnimateSpec {
  /// The first problem with the steps, as a place below the operation
  /// ("animate[0].changes[1].alpha") and what was wrong; `views` finds the
  /// file's description of a view by id, `screens` are the ids of the
  /// top-level views, `key` the operation's key that holds the steps
  /// (`animate`, or `alongside` for the steps played with a transition).
  func problem(
    views: (String) -> SceneFile.ViewSpec?, screens: Set<String>, key: String = "animate"
  ) -> (place: String, detail: String)? {
    guard case .steps(let steps) = self else { return nil }
    guard !steps.isEmpty else { return (key, "expected at least one step") }
    for (i, step) in steps.enumerated() {
      let place = "\(key)[\(i)]"
      if !(0...RenderLimits.maximumSeconds).contains(step.duration) {
        return (
          "\(place).duration",
          "expected 0…\(Int(RenderLimits.maximumSeconds)) seconds, got \(step.duration)"
        )
      }
      if let overlap = step.overlap,
        !(-RenderLimits.maximumSeconds...RenderLimits.maximumSeconds).contains(overlap)
      {
        return (
          "\(place).overlap",
          "expected −\(Int(RenderLimits.maximumSeconds))…\(Int(RenderLimits.maximumSeconds)) seconds, got \(overlap)"
        )
      }
      if let curve = step.curve {
        do { _ = try TimingCurve(parsing: curve) } catch {
          return ("\(place).curve", error.message)
        }
      }
      for (j, change) in step.changes.enumerated() {
        let at = "\(place).changes[\(j)]"
        guard let spec = views(change.view) else {
          return ("\(at).view", "no view \"\(CLIError.echoed(change.view))\" in the file")
        }
        if screens.contains(change.view) {
          return (
            "\(at).view",
            "\"\(CLIError.echoed(change.view))\" is a screen, which the container lays out; animate the views inside it"
          )
        }
        if let problem = change.problem(view: spec) {
          return (problem.field.isEmpty ? at : "\(at).\(problem.field)", problem.detail)
        }
      }
    }
    return nil
  }
}
