import Foundation
import Transit

/// A scene file: a container, its screens, and a script of container
/// operations, drawn by `animrender play` as one story.
///
/// ```json
/// {
///   "container": { "width": 390, "height": 844, "color": "#1c1c1e" },
///   "frames": 8,
///   "views": [
///     { "id": "home", "color": "#e63333",
///       "children": [ { "id": "bar", "frame": [0.1, 0.05, 0.8, 0.08], "relative": true,
///                       "color": "#ffffff", "cornerRadius": 8 } ] },
///     { "id": "detail", "color": "#3350e6" }
///   ],
///   "script": [
///     { "show": "home" },
///     { "push": "detail", "style": "push-from-right" },
///     { "rotate": "landscape" },
///     { "pop": true }
///   ]
/// }
/// ```
///
/// Top-level views are screens: the container lays them out at its bounds.
/// Children have a `frame` `[x, y, width, height]` in their parent's
/// coordinates, or in fractions of the parent's size with `"relative": true`
/// (which follows the parent when the container rotates). Images are PNG
/// paths relative to the scene file.
struct SceneFile: FieldTable {
  struct Container: FieldTable {
    /// What the script drives: a navigation stack, tabs each holding a
    /// stack, or a placeholder's slots.
    enum Kind: String { case stack, tabs, placeholder }

    var width = 0.0
    var height = 0.0
    var color: String?
    var kind: Kind = .stack
    /// For tabs: each tab's root screen, in tab order.
    var tabs: [String]?
    /// For a placeholder: its slots (one filling the container by default).
    var slots: [SlotSpec]?

    static let fields: [Field<Self>] = [
      .required("width", \.width), .required("height", \.height), .optional("color", \.color),
      .optional("kind", \.kind, expected: #""stack", "tabs" or "placeholder""#),
      .optional("tabs", \.tabs), .optional("slots", \.slots),
    ]
  }

  /// One slot of a placeholder container: a view of the container, at
  /// `frame` (`[x, y, width, height]` in points), that shows one screen
  /// at a time.
  struct SlotSpec: FieldTable {
    var id = ""
    var frame: [Double] = []
    var color: String?

    static let fields: [Field<Self>] = [
      .required("id", \.id), .required("frame", \.frame), .optional("color", \.color),
    ]
  }

  /// The most slots a placeholder container takes.
  static let maximumSlots = 64

  struct Border: FieldTable {
    var width = 0.0
    var color = ""

    static let fields: [Field<Self>] = [.required("width", \.width), .required("color", \.color)]
  }

  /// `{"string": "Inbox", "size": 17, "color": "#000000", "weight": "bold", "align": "center"}`.
  struct TextSpec: FieldTable {
    var string = ""
    var size: Double?
    var color: String?
    var weight: String?
    var align: String?

    static let fields: [Field<Self>] = [
      .required("string", \.string), .optional("size", \.size), .optional("color", \.color),
      .optional("weight", \.weight), .optional("align", \.align),
    ]
  }

  /// A screen (top level) or a view inside one, as the file gives it;
  /// ``SceneFile/validate(name:)`` checks the values, `makeView(_:frame:)` builds
  /// the ``View``.
  struct ViewSpec: FieldTable {
    /// Unique in the file; the script names screens by it.
    var id = ""
    /// `[x, y, width, height]`; required for a child, ignored on a screen
    /// (the container lays screens out at its bounds).
    var frame: [Double]?
    /// Whether `frame` is in fractions of the parent's size.
    var relative: Bool?
    /// UIKit's autoresizing flags (``Autoresizing/names``) of a child with
    /// an absolute `frame`, designed in its parent's size at load: which
    /// margins and sizes take up a rotation.
    var autoresizing: [String]?
    /// The background colour, as ``ColorText`` reads it.
    var color: String?
    /// 0…1.
    var alpha: Double?
    var cornerRadius: Double?
    /// `[topLeft, topRight, bottomRight, bottomLeft]`, instead of `cornerRadius`.
    var cornerRadii: [Double]?
    var border: Border?
    var shadow: ShadowSpec?
    /// How the image is placed; aspect-fill by default.
    var contentMode: ContentModeName?
    var clipsToBounds: Bool?
    var hidden: Bool?
    /// A PNG path relative to the scene file.
    var image: String?
    var text: TextSpec?
    /// The match key (``View/matchKey``): an operation between two screens
    /// that both hold a visible view with this key flies one into the other.
    var match: String?
    var children: [ViewSpec]?

    /// The longest match key, in characters: a key names an element, and
    /// messages echo it.
    static let maximumMatchKeyLength = 256

    static let fields: [Field<Self>] = [
      .required("id", \.id), .optional("frame", \.frame), .optional("relative", \.relative),
      .optional("autoresizing", \.autoresizing),
      .optional("color", \.color), .optional("alpha", \.alpha),
      .optional("cornerRadius", \.cornerRadius), .optional("cornerRadii", \.cornerRadii),
      .optional("border", \.border), .optional("shadow", \.shadow),
      .optional("clipsToBounds", \.clipsToBounds), .optional("hidden", \.hidden),
      .optional("image", \.image), .optional("contentMode", \.contentMode),
      .optional("text", \.text), .optional("match", \.match),
      .optional("children", \.children),
    ]
  }

  var container = Container()
  var frames: Int?
  var views: [ViewSpec] = []
  var script: [ScriptOperation] = []
  /// What an operation issued (with `after`) while the transition it
  /// undoes still runs does: wait (`"queue"`, the default) or turn it back
  /// (`"reverse"`).
  var interruptions: TransitionInterruption = .queue

  static let fields: [Field<Self>] = [
    .required("container", \.container), .optional("frames", \.frames),
    .required("views", \.views), .required("script", \.script),
    .optional("interruptions", \.interruptions, expected: #""queue" or "reverse""#),
  ]
}

/// One line of a scene file's script.
struct ScriptOperation: FieldValue {
  enum Kind: Equatable {
    /// Shows a screen at once, as the stack's root (no animation).
    case show(String)
    /// Pushes a screen with a style.
    case push(String)
    /// Pops the top screen with the reverse of the style it was pushed
    /// with, or of the operation's own `style`.
    case pop
    /// Pops down to the screen with this id.
    case popTo(String)
    /// Pops down to the root.
    case popToRoot
    /// Inserts a screen at a stack index.
    case insert(String, at: Int)
    /// Removes the screen at a stack index.
    case remove(at: Int)
    /// Rotates the container to an orientation.
    case rotate(Orientation)
    /// Holds the current state for a time.
    case wait(Double)
    /// Plays an animation of the views of the current picture, or the
    /// reverse of the last one played.
    case animate(AnimateSpec)
    /// Catches the transition still running and drags it.
    case grab(GrabSpec)
    /// The stack's back, played or driven by a predictive back gesture;
    /// on tabs, the tab history's back; with a presentation up, its dismissal.
    case back(BackSpec)
    /// Selects a tab of a tabs container.
    case select(TabSpec)
    /// Shows a screen in a placeholder's slot, in place of the one there.
    case swap(String)
    /// Presents a screen full-screen with the operation's `style`, or as
    /// a sheet.
    case present(String, sheet: SheetSpec?)
    /// Dismisses the top presentation.
    case dismiss
    /// Moves the top sheet to one of its detents.
    case detent(DetentSpec)
    /// Drags the top sheet: one finger offset in points per frame, from
    /// where the drag began, then the release at the operation's `velocity`.
    case drag([Double])
  }

  var kind: Kind
  var style: String?
  var duration: Double?
  var curve: String?
  var frames: Int?
  /// Drives a push, pop or popTo like a gesture; see ``InteractiveSpec``.
  var interactive: InteractiveSpec?
  /// Seconds after the previous operation started at which this one is
  /// issued, instead of after it ended.
  var after: Double?
  /// Whether matched views fly (``StackContainer/matching``); `false`
  /// plays the style alone for this operation.
  var match: Bool?
  /// What a `back` previews; see ``BackPreview``.
  var preview: BackPreview?
  /// The slot a `swap` shows its screen in (0, the first, by default).
  var slot: Int?
  /// The velocity a `drag` releases the sheet at, in points per second,
  /// positive downwards (0 by default).
  var velocity: Double?
  /// Steps as in `animate`, played with the transition; see ``AlongsideSpec``.
  var alongside: [AnimateSpec.Step]?
  /// Where in the file this operation is, for messages: "script[3]".
  var place: String = ""

  /// The fastest flick a `drag` releases a sheet at, in points per second
  /// (a hard flick on a phone is a few thousand).
  static let maximumSheetVelocity = 100_000.0

  /// The times `wait`, `after` and `duration` may take.
  private static let seconds = 0...RenderLimits.maximumSeconds
  private static let secondsExpected = "0…\(Int(RenderLimits.maximumSeconds)) seconds"

  private enum Keys: String, CodingKey, CaseIterable {
    case show, push, pop, popTo, popToRoot, insert, at, remove, rotate, wait, animate, grab, back
    case select, swap, present, dismiss, detent, drag
    case style, duration, curve, frames, interactive, after, match, preview, slot, sheet, velocity,
      alongside
  }

  /// The verbs, in the order messages list them.
  private static let verbs: [Keys] = [
    .show, .push, .pop, .popTo, .popToRoot, .insert, .remove, .rotate, .wait, .animate, .grab,
    .back, .select, .swap, .present, .dismiss, .detent, .drag,
  ]

  /// The keys each verb takes besides itself, in the order messages list
  /// them: the one place that says which key applies to which verb. Any
  /// other key is an error naming it and the verb, so that `{"push": "b",
  /// "at": 1}` or `{"wait": 0.2, "style": "fade-in"}` is never read as
  /// though the key did something.
  ///
  /// `style`, `curve` and `duration` go with every operation that builds a
  /// transition or keeps one for a later pop (`show` and `insert` below the
  /// top keep them for the screen's pop); `remove` pops with the screen's
  /// own style; `rotate` and `wait` draw no transition, and `animate`
  /// carries its own durations and curves in its steps. `match` goes with
  /// every operation that may fly matched views (not `show`, which draws no
  /// transition).
  static func keys(of verb: String) -> [String] {
    let transition: [Keys] = [.style, .curve, .duration, .frames]
    let keys: [Keys] =
      switch Keys(rawValue: verb) {
      case .show: transition + [.after]
      case .popToRoot: transition + [.after, .match]
      case .push, .pop, .popTo: transition + [.interactive, .after, .match]
      case .insert: [.at] + transition + [.after, .match]
      case .remove: [.duration, .frames, .after, .match]
      case .rotate: [.duration, .curve, .frames, .after]
      case .wait, .animate, .grab: [.frames, .after]
      case .back: [.preview, .duration, .frames, .after, .match]
      case .select: transition + [.after]
      case .swap: [.slot] + transition + [.after, .match]
      case .present: [.style, .sheet, .curve, .duration, .frames, .after]
      case .dismiss, .detent: [.frames, .after]
      case .drag: [.velocity, .frames, .after]
      default: []
      }
    return keys.map(\.rawValue) + (AlongsideSpec.verbs.contains(verb) ? ["alongside"] : [])
  }

  init(from decoder: any Decoder) throws {
    let c = try decoder.strictContainer(keyedBy: Keys.self)
    let present = Self.verbs.filter { c.contains($0) }
    guard present.count == 1, let verb = present.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: c.codingPath,
          debugDescription: present.isEmpty
            ? "expected one of \(Self.verbs.map(\.rawValue).joined(separator: ", "))"
            : "expected one operation, found \(present.map(\.rawValue).joined(separator: " and "))")
      )
    }
    let takes = Self.keys(of: verb.rawValue)
    for key in Keys.allCases where c.contains(key) && key != verb && !takes.contains(key.rawValue) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: c,
        debugDescription:
          "\"\(key.rawValue)\" does not apply to \(verb.rawValue) (\(verb.rawValue) takes "
          + "\(takes.joined(separator: ", ")))")
    }
    switch verb {
    case .show: kind = .show(try c.read(String.self, forKey: .show))
    case .push: kind = .push(try c.read(String.self, forKey: .push))
    case .pop, .popToRoot:
      // `{"pop": false}` would read as "do not pop"; only true is accepted.
      guard try c.read(Bool.self, forKey: verb) else {
        throw DecodingError.dataCorruptedError(
          forKey: verb, in: c,
          debugDescription: "expected true (leave the operation out to not \(verb.rawValue))")
      }
      kind = verb == .pop ? .pop : .popToRoot
    case .popTo: kind = .popTo(try c.read(String.self, forKey: .popTo))
    case .insert:
      kind = .insert(
        try c.read(String.self, forKey: .insert), at: try c.read(Int.self, forKey: .at))
    case .remove: kind = .remove(at: try c.read(Int.self, forKey: .remove))
    case .rotate:
      kind = .rotate(
        try c.read(Orientation.self, forKey: .rotate, expected: #""portrait" or "landscape""#))
    case .animate: kind = .animate(try c.read(AnimateSpec.self, forKey: .animate))
    case .grab: kind = .grab(try c.read(GrabSpec.self, forKey: .grab))
    case .back: kind = .back(try c.read(BackSpec.self, forKey: .back))
    case .select: kind = .select(try c.read(TabSpec.self, forKey: .select))
    case .swap: kind = .swap(try c.read(String.self, forKey: .swap))
    case .present:
      let sheet = try c.readIfPresent(SheetSpec.self, forKey: .sheet)
      if sheet != nil, c.contains(.style) {
        throw DecodingError.dataCorruptedError(
          forKey: .sheet, in: c,
          debugDescription: "give \"style\" (full-screen) or \"sheet\", not both")
      }
      kind = .present(try c.read(String.self, forKey: .present), sheet: sheet)
    case .dismiss:
      guard try c.read(Bool.self, forKey: .dismiss) else {
        throw DecodingError.dataCorruptedError(
          forKey: .dismiss, in: c,
          debugDescription: "expected true (leave the operation out to not dismiss)")
      }
      kind = .dismiss
    case .detent: kind = .detent(try c.read(DetentSpec.self, forKey: .detent))
    case .drag:
      let offsets = try c.read([Double].self, forKey: .drag)
      guard (1...RenderLimits.maximumFrames).contains(offsets.count),
        offsets.allSatisfy({ abs($0) <= RenderLimits.maximumCoordinate })
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .drag, in: c,
          debugDescription:
            "expected 1…\(RenderLimits.maximumFrames) finger offsets in points, each within ±\(Int(RenderLimits.maximumCoordinate))"
        )
      }
      kind = .drag(offsets)
    default:
      let seconds = try c.read(Double.self, forKey: .wait)
      try c.check(seconds, in: Self.seconds, forKey: .wait, expected: Self.secondsExpected)
      kind = .wait(seconds)
    }
    style = try c.readIfPresent(String.self, forKey: .style)
    duration = try c.readIfPresent(Double.self, forKey: .duration)
    curve = try c.readIfPresent(String.self, forKey: .curve)
    frames = try c.readIfPresent(Int.self, forKey: .frames)
    interactive = try c.readIfPresent(InteractiveSpec.self, forKey: .interactive)
    after = try c.readIfPresent(Double.self, forKey: .after)
    match = try c.readIfPresent(Bool.self, forKey: .match)
    preview = try c.readIfPresent(
      BackPreview.self, forKey: .preview, expected: #""full-screen", "shared-surface" or "style""#)
    slot = try c.readIfPresent(Int.self, forKey: .slot)
    velocity = try c.readIfPresent(Double.self, forKey: .velocity)
    try c.check(
      slot, in: 0...SceneFile.maximumSlots - 1, forKey: .slot,
      expected: "a slot index in 0…\(SceneFile.maximumSlots - 1)")
    try c.check(
      velocity, in: -Self.maximumSheetVelocity...Self.maximumSheetVelocity, forKey: .velocity,
      expected: "a velocity in ±\(Int(Self.maximumSheetVelocity)) points per second")
    alongside = try c.readIfPresent([AnimateSpec.Step].self, forKey: .alongside)
    try c.check(after, in: Self.seconds, forKey: .after, expected: Self.secondsExpected)
    try c.check(duration, in: Self.seconds, forKey: .duration, expected: Self.secondsExpected)
    try c.check(
      frames, in: 0...RenderLimits.maximumFrames, forKey: .frames,
      expected: "0…\(RenderLimits.maximumFrames) frames")
  }
}

extension SceneFile {
  /// Reads and decodes a scene file, turning every failure into one line
  /// that names the file, the place in it and what was expected.
  static func load(_ path: String) throws(CLIError) -> SceneFile {
    var memory = MemoryBudget()
    return try load(path, charging: &memory)
  }

  /// The memory reading a scene file takes, per byte of the file: its
  /// text, the parsed JSON, the checked file, and the screens built from
  /// it (measured: a 3.4 MB file of 65,000 views peaks 216 MB above the
  /// program, 63 bytes a byte).
  static let memoryPerFileByte = 64

  /// Reads and checks the scene file at `path`, charging what reading it
  /// takes to `memory` (``memoryPerFileByte`` of its bytes) before parsing.
  static func load(_ path: String, charging memory: inout MemoryBudget) throws(CLIError)
    -> SceneFile
  {
    let bytes = try InputFile.bytes(
      path, what: path, maximumBytes: RenderLimits.maximumSceneFileBytes)
    try memory.charge(
      bytes.count * memoryPerFileByte, for: "reading \(path) (\(bytes.count) bytes)",
      group: "the scene file", kind: .dataError, advice: "use a smaller scene file")
    return try decode(Data(bytes), name: path)
  }

  /// Decodes scene-file JSON; `name` is used in messages.
  ///
  /// The text is read once without recursion first (``NumberTexts``): a
  /// text that is not JSON, has a key twice in an object or nests deeper
  /// than ``RenderLimits/maximumSceneNesting`` is refused there, naming the
  /// line and column and showing the line (``JSONProblem``), so the
  /// recursive decoding and checking that follow see only JSON of bounded
  /// depth, and their errors name places in the file's structure. A UTF-8
  /// byte order mark at the start is passed over, as RFC 8259 allows.
  static func decode(_ data: Data, name: String) throws(CLIError) -> SceneFile {
    var bytes = Array(data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    let numbers = NumberTexts(bytes, nestingLimit: RenderLimits.maximumSceneNesting)
    if let problem = numbers.problem { throw problem.error(in: bytes, name: name) }
    do {
      var file = try SceneFile.read(json: Data(bytes), numbers: numbers)
      for i in file.script.indices { file.script[i].place = "script[\(i)]" }
      try file.validate(name: name)
      return file
    } catch let error as DecodingError {
      throw CLIError.data("\(name): \(SceneFile.describe(error))")
    } catch let error as CLIError {
      throw error
    } catch {
      // Every value is read through FieldValue, which gives each failure
      // its place: this is not reached, and the decoder's own words are
      // not for users.
      throw CLIError.data("\(name): cannot be read as a scene file")
    }
  }

  /// One line for a decoding error: the place (`views[0].frame[3]`) and
  /// what was expected. The text is JSON by now (``NumberTexts`` refused
  /// anything else), and every value is read through ``FieldValue``, which
  /// gives a value that is valid JSON but fits no field (`2.5` frames,
  /// `1e400`) its place; an error without a place is about the top level.
  static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          let name = CLIError.echoed(key.stringValue)
          text += text.isEmpty ? name : ".\(name)"
        }
      }
      return text.isEmpty ? "top level" : text
    }
    switch error {
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)): expected \(SceneFile.name(of: type))"
    case .valueNotFound(let type, let context):
      return "\(path(context.codingPath)): expected \(SceneFile.name(of: type)), found null"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])): missing (required)"
    case .dataCorrupted(let context):
      // The decoder's own syntax errors (no place) cannot happen after
      // NumberTexts' check, and their words are not for users.
      if context.codingPath.isEmpty { return "not valid JSON" }
      return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "cannot be read as a scene file"
    }
  }

  static func name(of type: Any.Type) -> String {
    switch type {
    case is Double.Type: return "a number"
    case is Int.Type: return "a whole number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    default:
      let text = String(describing: type)
      return text.hasPrefix("Array") ? "a list" : "an object"
    }
  }

  /// The file's description of the view with this id, at any depth.
  func view(_ id: String) -> ViewSpec? {
    func find(_ specs: [ViewSpec]) -> ViewSpec? {
      for spec in specs {
        if spec.id == id { return spec }
        if let found = find(spec.children ?? []) { return found }
      }
      return nil
    }
    return find(views)
  }

  /// `ids` as a message lists them: each cut as ``CLIError/echoed(_:)``
  /// cuts it, and at most the first ten, so a file of many long ids still
  /// gives a one-line message.
  static func listed(_ ids: [String]) -> String {
    let shown = ids.prefix(10).map(CLIError.echoed).joined(separator: ", ")
    return ids.count > 10 ? "\(shown) and \(ids.count - 10) more" : shown
  }

  /// Checks what JSON types cannot: sizes, ranges, unique ids, colours.
  func validate(name: String) throws(CLIError) {
    func fail(_ place: String, _ detail: String) -> CLIError {
      .data("\(name): \(place): \(detail)")
    }
    let c = container
    guard c.width.isFinite, c.height.isFinite, c.width >= 1, c.height >= 1,
      c.width <= Double(SizeInPoints.maximumSide), c.height <= Double(SizeInPoints.maximumSide)
    else {
      throw fail(
        "container",
        "expected width and height in 1…\(SizeInPoints.maximumSide), got \(c.width)×\(c.height)")
    }
    if let color = c.color, let detail = SceneFile.colorProblem(color) {
      throw fail("container.color", detail)
    }
    if let frames, frames < 1 || frames > RenderLimits.maximumFrames {
      throw fail("frames", "expected 1…\(RenderLimits.maximumFrames), got \(frames)")
    }
    guard !views.isEmpty else { throw fail("views", "expected at least one screen") }
    var seen = Set<String>()
    /// The match keys of the screen being checked, with where each is given.
    var keys: [String: String] = [:]
    func check(_ spec: ViewSpec, _ place: String, topLevel: Bool) throws(CLIError) {
      if topLevel { keys = [:] }
      guard !spec.id.isEmpty else { throw fail("\(place).id", "expected a non-empty id") }
      guard seen.insert(spec.id).inserted else {
        throw fail("\(place).id", "the id \"\(CLIError.echoed(spec.id))\" is used twice")
      }
      if spec.frame == nil, !topLevel {
        throw fail("\(place).frame", "missing (required for a child view)")
      }
      if let problem = SceneFile.looksProblem(
        frame: spec.frame, color: spec.color, alpha: spec.alpha, cornerRadius: spec.cornerRadius,
        cornerRadii: spec.cornerRadii, shadow: spec.shadow)
      {
        throw fail("\(place).\(problem.field)", problem.detail)
      }
      if let names = spec.autoresizing {
        guard !topLevel else {
          throw fail(
            "\(place).autoresizing",
            "a screen fills the container; autoresizing applies to a child")
        }
        guard spec.relative != true else {
          throw fail(
            "\(place).autoresizing",
            "give \"relative\": true or \"autoresizing\", not both (autoresizing takes an absolute frame)"
          )
        }
        if case .failure(let problem) = SceneFile.autoresizing(names) {
          throw fail("\(place).autoresizing", problem.detail)
        }
      }
      if let border = spec.border {
        if let detail = SceneFile.colorProblem(border.color) {
          throw fail("\(place).border.color", detail)
        }
        if let detail = SceneFile.lengthProblem(border.width) {
          throw fail("\(place).border.width", detail)
        }
      }
      if let image = spec.image, image.unicodeScalars.contains("\0") {
        throw fail("\(place).image", "a path cannot hold a NUL character (\\u{0})")
      }
      if let text = spec.text {
        if text.string.unicodeScalars.contains("\0") {
          throw fail("\(place).text.string", "a text cannot hold a NUL character (\\u{0})")
        }
        if let problem = TextContent.problem(with: text.string) {
          throw fail("\(place).text.string", problem)
        }
        if let size = text.size, !ViewLimits.textSize(size) {
          throw fail(
            "\(place).text.size", "expected more than 0 and at most 1000 points, got \(size)")
        }
        if let color = text.color, let detail = SceneFile.colorProblem(color) {
          throw fail("\(place).text.color", detail)
        }
        if let weight = text.weight, TextContent.Weight(rawValue: weight) == nil {
          throw fail(
            "\(place).text.weight",
            "expected \"regular\" or \"bold\", got \"\(CLIError.echoed(weight))\"")
        }
        if let align = text.align, TextContent.Alignment(rawValue: align) == nil {
          throw fail(
            "\(place).text.align",
            "expected \"left\", \"center\" or \"right\", got \"\(CLIError.echoed(align))\"")
        }
      }
      if let key = spec.match {
        let length = key.count
        guard length >= 1, length <= ViewSpec.maximumMatchKeyLength else {
          throw fail(
            "\(place).match",
            "expected a key of 1…\(ViewSpec.maximumMatchKeyLength) characters, got \(length)")
        }
        guard !key.unicodeScalars.contains("\0") else {
          throw fail("\(place).match", "a match key cannot hold a NUL character (\\u{0})")
        }
        if let first = keys[key] {
          throw fail(
            "\(place).match",
            "the match key \"\(CLIError.echoed(key))\" is already given at \(first).match; "
              + "a key names one view of a screen")
        }
        keys[key] = place
      }
      for (i, child) in (spec.children ?? []).enumerated() {
        try check(child, "\(place).children[\(i)]", topLevel: false)
      }
    }
    for (i, view) in views.enumerated() { try check(view, "views[\(i)]", topLevel: true) }
    try validateContainer(fail)
    let screens = Set(views.map(\.id))
    var animated = false
    for operation in script {
      let place = operation.place
      switch operation.kind {
      case .show(let id), .push(let id), .popTo(let id), .insert(let id, _):
        guard screens.contains(id) else {
          throw fail(
            place,
            "no screen \"\(CLIError.echoed(id))\" (screens: \(SceneFile.listed(views.map(\.id))))")
        }
      case .animate(let spec):
        if let (at, detail) = spec.problem(views: view(_:), screens: screens) {
          throw fail("\(place).\(at)", detail)
        }
        if spec == .reverse, !animated {
          throw fail("\(place).animate", "no animate before it to reverse")
        }
        animated = true
      default: break
      }
      if let steps = operation.alongside,
        let (at, detail) = AlongsideSpec.problem(steps, views: view(_:), screens: screens)
      {
        throw fail("\(place).\(at)", detail)
      }
    }
    guard !script.isEmpty else { throw fail("script", "expected at least one operation") }
  }
}
