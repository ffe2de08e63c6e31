import Foundation
import Testing
import TransitTestSupport

@testable import AnimRenderCLI

/// Valid scene files (one giving every numeric field of the format, the
/// examples, generated ones) with one number replaced by a hostile value:
/// a whole number in another notation, -0, a fraction, a number beyond
/// 64-bit integers or floats, a string, a boolean, null, a list or an
/// object. A small model says what each must do at its place — read as
/// this value, or refused with this exact line — and the decoder must
/// agree: accepted with the right value, or refused with exit status 65
/// and a message naming the number's place (or, for a value in no range,
/// the object that checks it), never "not valid JSON" for valid JSON.
@Suite("Scene files: hostile numbers")
struct SceneFileNumberPropertyTests {
  /// A file with every numeric field a scene file has.
  static let everyField = """
    {"container": {"width": 40, "height": 30, "color": "#101010"}, "frames": 3,
     "views": [{"id": "a", "frame": [0, 0, 40, 30], "alpha": 1, "cornerRadius": 2,
                "border": {"width": 1, "color": "#fff"},
                "text": {"string": "Hi", "size": 12},
                "children": [{"id": "e", "frame": [1, 2, 3, 4], "cornerRadii": [1, 2, 3, 4],
                              "shadow": {"opacity": 0.5, "radius": 3, "offset": [1, -2]}},
                             {"id": "c", "frame": [0.1, 0.2, 0.5, 0.25], "relative": true,
                              "alpha": 0.5, "cornerRadius": 0,
                              "border": {"width": 0.5, "color": "#000"},
                              "text": {"string": "x", "size": 9.5}}]},
               {"id": "b"}, {"id": "d"}],
     "script": [{"show": "a", "frames": 1},
                {"push": "b", "duration": 0.25, "frames": 2},
                {"pop": true, "after": 0.125, "interactive": {"progress": [0.25, 0.5],
                 "release": "cancel", "velocity": -1.5}},
                {"insert": "d", "at": 1, "frames": 0},
                {"remove": 1, "duration": 0},
                {"wait": 0.5, "frames": 1, "after": 0},
                {"animate": [{"duration": 0.25, "changes": [{"view": "c", "alpha": 0.25}]},
                             {"duration": 0.5, "overlap": 0.125, "changes": [
                               {"view": "c", "frame": [1, 2, 3, 4], "cornerRadius": 1,
                                "borderWidth": 2, "translate": [1, 2], "scale": 2, "rotate": 45},
                               {"view": "e", "cornerRadii": [4, 3, 2, 1],
                                "shadow": {"opacity": 0.75, "radius": 6, "offset": [2, 3]}}]}],
                 "frames": 2, "after": 0}]}
    """

  static let examples = [
    "push-rotate-pop", "flip-cards", "interactive-pop", "interrupted-push", "reference-push",
    "card-expand", "photo-grid", "rotate-layout", "swipe-back", "tabs-and-sheet",
  ].map {
    try! String(
      contentsOf: PackageFiles.root.appendingPathComponent("Examples/\($0).json"), encoding: .utf8)
  }

  static func baseFiles(seed: UInt64) -> [String] {
    var generator = SceneGenerator(
      random: SplitMix64(seed: seed), images: ["i.png"], styles: ["push-from-right", "fade"])
    var files = [everyField] + examples
    while files.count < 10 {
      let generated = generator.next()
      guard generated.mistake == nil,
        let data = try? JSONSerialization.data(withJSONObject: generated.json)
      else { continue }
      files.append(String(decoding: data, as: UTF8.self))
    }
    return files
  }

  @Test("a number replaced by a hostile value is read right or refused at its place")
  func hostileNumbers() async {
    await seededPropertyCheck(count: 24, base: 0x4E55_4D42) { seed in
      var random = SplitMix64(seed: seed)
      var accepted = 0
      var refused = 0
      for text in Self.baseFiles(seed: seed) {
        // The file as it is decodes: whatever is refused below is the hostile value's doing.
        #expect(throws: Never.self) { try SceneFile.decode(Data(text.utf8), name: "m.json") }
        var parser = JSONTreeParser(text)
        let tree = parser.parse()
        let places = tree.numberPlaces()
        #expect(!places.isEmpty)
        // Every place of the file with every field gets a value of every
        // kind; the other files six values of any kind at any place.
        let mutations =
          text == Self.everyField
          ? places.flatMap { place in
            HostileNumber.kinds.map { (place, HostileNumber.random(kind: $0, using: &random)) }
          }
          : (0..<6).map { _ in
            (
              places[Int.random(in: 0..<places.count, using: &random)],
              HostileNumber.random(using: &random)
            )
          }
        for (place, hostile) in mutations {
          let file = tree.replacing(place, with: hostile.literal).text
          switch Self.check(file, place: place, hostile: hostile) {
          case .accepted: accepted += 1
          case .refused: refused += 1
          case .wrong(let failure): Issue.record("seed \(seed): \(failure)\n\(file)")
          }
        }
      }
      // Both sides of the property are exercised for every seed.
      #expect(accepted > 0 && refused > 0, "seed \(seed): \(accepted) accepted, \(refused) refused")
    }
  }

  enum Verdict {
    case accepted
    case refused
    /// The decoder and the model disagree.
    case wrong(String)
  }

  /// What decoding `file` gives for `hostile` at `place`, held against
  /// what the model says: accepted or refused as it says, or wrong and why.
  static func check(_ file: String, place: [PathStep], hostile: HostileNumber) -> Verdict {
    let path = PathStep.text(place)
    let expected = NumberModel.expectation(hostile, at: FieldSlot(place))
    let what = "\(hostile.literal) at \(path)"
    let error: CLIError
    do throws(CLIError) {
      let decoded = try SceneFile.decode(Data(file.utf8), name: "m.json")
      switch expected {
      case .refused(let message): return .wrong("\(what) was accepted; expected \"\(message)\"")
      case .read(let value):
        let read = NumberModel.read(place, in: decoded)
        return read == value
          ? .accepted : .wrong("\(what) read as \(String(describing: read)), expected \(value)")
      }
    } catch let refusal {
      error = refusal
    }
    guard error.kind == .dataError else {
      return .wrong("\(what): kind \(error.kind) for \(error.message)")
    }
    guard !error.message.contains("not valid JSON") else {
      return .wrong("\(what): \(error.message)")
    }
    switch expected {
    case .refused(let message):
      let line = "m.json: \(path): \(message)"
      return error.message == line
        ? .refused : .wrong("\(what): \"\(error.message)\", expected \"\(line)\"")
    case .read:
      // A value in no range is refused by the check of its field or of
      // the object that holds it ("container: expected width and height…").
      let places = (1...place.count).map { PathStep.text(Array(place.prefix($0))) }
      return places.contains { error.message.hasPrefix("m.json: \($0): ") }
        ? .refused : .wrong("\(what): \"\(error.message)\" names no place on \(path)")
    }
  }

  @Test("the model's hostile values cover every kind, and each kind reaches every field")
  func everyKindReachesEveryField() {
    var random = SplitMix64(seed: 7)
    var kinds = Set<String>()
    for _ in 0..<2_000 { kinds.insert(HostileNumber.random(using: &random).meaning.kind) }
    #expect(kinds == ["whole", "fraction", "beyond Int", "beyond Double", "not a number", "null"])
    var parser = JSONTreeParser(Self.everyField)
    let places = parser.parse().numberPlaces().map(PathStep.text)
    #expect(places.count == 69)
    for key in [
      "frames", "width", "height", "frame[3]", "alpha", "cornerRadius", "size", "duration",
      "after", "progress[1]", "velocity", "at", "remove", "wait", "cornerRadii[3]",
      "shadow.opacity", "shadow.radius", "offset[1]", "overlap", "borderWidth", "translate[1]",
      "scale", "rotate",
    ] {
      #expect(places.contains { $0.hasSuffix(key) }, "\(key)")
    }
  }
}

/// One step of a place in a JSON file: a key or an index.
enum PathStep: Equatable {
  case key(String)
  case index(Int)

  /// `steps` with every index written `[]`, and the indices in order:
  /// `children[2].frame[3]` is `("children[].frame[]", [2, 3])`.
  static func shape(_ steps: ArraySlice<PathStep>) -> (String, [Int]) {
    var indices: [Int] = []
    let blank = steps.map { step -> PathStep in
      guard case .index(let i) = step else { return step }
      indices.append(i)
      return .key("[]")
    }
    return (text(blank).replacingOccurrences(of: ".[]", with: "[]"), indices)
  }

  /// The place as messages write it: `views[0].children[2].frame[3]`.
  static func text(_ steps: [PathStep]) -> String {
    var text = ""
    for step in steps {
      switch step {
      case .index(let i): text += "[\(i)]"
      case .key(let key): text += text.isEmpty ? key : ".\(key)"
      }
    }
    return text
  }
}

/// JSON that keeps every scalar as written, so one number can be replaced
/// in place and the rest stays byte for byte.
indirect enum JSONTree {
  case object([(String, JSONTree)])
  case array([JSONTree])
  case number(String)
  /// A string (with its quotes), true, false or null.
  case other(String)

  var text: String {
    switch self {
    case .object(let members):
      return "{" + members.map { "\"\($0.0)\": \($0.1.text)" }.joined(separator: ", ") + "}"
    case .array(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
    case .number(let text), .other(let text): return text
    }
  }

  /// Every number's place.
  func numberPlaces(_ prefix: [PathStep] = []) -> [[PathStep]] {
    switch self {
    case .object(let members):
      return members.flatMap { $0.1.numberPlaces(prefix + [.key($0.0)]) }
    case .array(let items):
      return items.indices.flatMap { items[$0].numberPlaces(prefix + [.index($0)]) }
    case .number: return [prefix]
    case .other: return []
    }
  }

  /// This tree with the value at `place` written as `literal`.
  func replacing(_ place: ArraySlice<PathStep>, with literal: String) -> JSONTree {
    guard let step = place.first else { return .other(literal) }
    switch (self, step) {
    case (.object(let members), .key(let key)):
      return .object(
        members.map { $0.0 == key ? ($0.0, $0.1.replacing(place.dropFirst(), with: literal)) : $0 })
    case (.array(var items), .index(let i)):
      items[i] = items[i].replacing(place.dropFirst(), with: literal)
      return .array(items)
    default: return self
    }
  }

  func replacing(_ place: [PathStep], with literal: String) -> JSONTree {
    replacing(place[...], with: literal)
  }
}

/// A reader of valid JSON (the files are), keeping scalars as written.
struct JSONTreeParser {
  let bytes: [UInt8]
  var at = 0

  init(_ text: String) { bytes = Array(text.utf8) }

  mutating func parse() -> JSONTree {
    skipSpace()
    switch bytes[at] {
    case UInt8(ascii: "{"):
      at += 1
      var members: [(String, JSONTree)] = []
      while true {
        skipSpace()
        if bytes[at] == UInt8(ascii: "}") { break }
        guard case .other(let quoted) = parse() else { fatalError("a key that is not a string") }
        skipSpace()
        at += 1  // ':'
        members.append((String(quoted.dropFirst().dropLast()), parse()))
        skipSpace()
        if bytes[at] == UInt8(ascii: ",") { at += 1 }
      }
      at += 1
      return .object(members)
    case UInt8(ascii: "["):
      at += 1
      var items: [JSONTree] = []
      while true {
        skipSpace()
        if bytes[at] == UInt8(ascii: "]") { break }
        items.append(parse())
        skipSpace()
        if bytes[at] == UInt8(ascii: ",") { at += 1 }
      }
      at += 1
      return .array(items)
    case UInt8(ascii: "\""):
      let start = at
      at += 1
      while bytes[at] != UInt8(ascii: "\"") { at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1 }
      at += 1
      return .other(String(decoding: bytes[start..<at], as: UTF8.self))
    default:
      let start = at
      while at < bytes.count, !Array(" \n\r\t,]}".utf8).contains(bytes[at]) { at += 1 }
      let token = String(decoding: bytes[start..<at], as: UTF8.self)
      return ["true", "false", "null"].contains(token) ? .other(token) : .number(token)
    }
  }

  mutating func skipSpace() {
    while at < bytes.count, Array(" \n\r\t".utf8).contains(bytes[at]) { at += 1 }
  }
}

/// A hostile value for a number's place and what it means, built so the
/// meaning is known independently of the reader under test.
struct HostileNumber {
  enum Meaning {
    /// A JSON number a double holds, and what it is as a whole number.
    case number(Double, whole: Whole)
    /// Beyond ±1.8e308, or so close to 0 it rounds to 0.
    case beyondDouble
    case notANumber
    case null

    enum Whole: Equatable {
      case exact(Int)
      case fraction
      case beyondInt
    }

    var kind: String {
      switch self {
      case .number(_, .exact): "whole"
      case .number(_, .fraction): "fraction"
      case .number(_, .beyondInt): "beyond Int"
      case .beyondDouble: "beyond Double"
      case .notANumber: "not a number"
      case .null: "null"
      }
    }
  }

  var literal: String
  var meaning: Meaning

  /// The kinds ``random(kind:using:)`` draws from.
  static let kinds = 0...9

  static func random(using random: inout SplitMix64) -> HostileNumber {
    Self.random(kind: Int.random(in: kinds, using: &random), using: &random)
  }

  static func random(kind: Int, using random: inout SplitMix64) -> HostileNumber {
    func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    func number(_ literal: String, _ whole: Meaning.Whole) -> HostileNumber {
      // Swift's own parser, correctly rounded, is the reference for the value.
      let value = Double(literal)!
      if !value.isFinite { Issue.record("the model's number \(literal) is beyond a double") }
      return HostileNumber(literal: literal, meaning: .number(value, whole: whole))
    }
    switch kind {
    case 0, 1:
      // A whole number in one of its notations.
      let n = pick([
        Int.random(in: 0...12, using: &random), Int.random(in: -20_000...20_000, using: &random),
      ])
      let spellings =
        n == 0
        ? ["0", "-0", "-0.0", "0e400", "-0e-5", "0.000"]
        : ["\(n)", "\(n).0", "\(n)e0", "\(n)0e-1", "\(n)00E-2", "\(n).000"]
      return number(pick(spellings), .exact(n))
    case 2:
      // Whole numbers where doubles skip some: every digit counts, in
      // every notation.
      let n = pick([9_007_199_254_740_993, Int.max, Int.min, -9_007_199_254_740_993, 1 << 60])
      let sign = n < 0 ? "-" : ""
      let digits = "\(n.magnitude)"
      return number(
        pick([
          "\(n)", "\(n).000", "\(n)00e-2", "\(sign)0.\(digits)e\(digits.count)",
          "\(sign)0.00\(digits)E+\(digits.count + 2)",
        ]), .exact(n))
    case 3:
      // A fraction a double holds exactly, in two notations.
      let m = Int.random(in: -20_000...20_000, using: &random)
      let thousandths = pick([500, 250, 750, 125, 375])
      let value = Double(m) + (m < 0 ? -1 : 1) * Double(thousandths) / 1000
      let literal = pick([
        "\(value)", "\(m * 1000 + (m < 0 ? -1 : 1) * thousandths)e-3", "\(value)E0",
        pick(["1e-5", "3e-7", "-0.5", "5e-324"]),
        // Beyond 2^52, where a double holds no fraction and would make
        // these whole: only their digits tell.
        pick([
          "9007199254740993.5", "4503599627370496.5", "-9223372036854775807.5",
          "4503599627370495.9999999", "9223372036854775807.5", "92233720368547758075e-1",
          "2.\(String(repeating: "0", count: Int.random(in: 40...60, using: &random)))1",
        ]),
      ])
      return number(literal, .fraction)
    case 4:
      // A whole number beyond Int that a double holds.
      let literal = pick([
        "99999999999999999999", "1e19", "-1e19", "9223372036854775808",
        "-9223372036854775809",
        "1" + String(repeating: "0", count: Int.random(in: 19...300, using: &random)),
        "\(Int.random(in: 1...9, using: &random))e\(Int.random(in: 19...307, using: &random))",
        "-1.5e30",
      ])
      return number(literal, .beyondInt)
    case 5:
      let literal = pick([
        "1e400", "-1e400", "1e-400", "-2e-324", "1e99999999999999999999",
        "1" + String(repeating: "0", count: Int.random(in: 309...2_000, using: &random)),
        "-0.5e-330",
        "\(Int.random(in: 1...9, using: &random))e\(Int.random(in: 309...5_000, using: &random))",
      ])
      return HostileNumber(literal: literal, meaning: .beyondDouble)
    case 6:
      let literal = pick([
        #""3""#, #""2.5""#, #""""#, "true", "false", "[]", "[1]", "{}", #"{"n": 1}"#, "[null]",
      ])
      return HostileNumber(literal: literal, meaning: .notANumber)
    case 7:
      return HostileNumber(literal: "null", meaning: .null)
    default:
      // An ordinary number, as Swift writes it.
      let value = Double.random(in: -1e6...1e6, using: &random)
      let rounded = pick([value, value.rounded(), value / 1e6])
      let whole: Meaning.Whole =
        rounded.rounded(.towardZero) == rounded ? .exact(Int(rounded)) : .fraction
      return number("\(rounded)", whole)
    }
  }
}

/// Where a number stands: whether a whole number is read there, and
/// whether the field may be null.
struct FieldSlot {
  var whole: Bool
  var required: Bool

  init(_ place: [PathStep]) {
    guard case .key(let key) = place.last else {
      // An element of `frame` or `progress`.
      whole = false
      required = true
      return
    }
    whole = ["frames", "at", "remove", "slot", "select"].contains(key)
    // A step's duration is required, an operation's is not; a shadow's
    // opacity and radius are required.
    let inStep = place.dropLast().contains(.key("animate"))
    required =
      ["width", "height", "wait", "at", "remove", "opacity", "radius", "select"].contains(key)
      || (inStep && key == "duration")
  }
}

/// The model: what a hostile value must do at a slot, and the value a
/// decoded file holds at a place.
enum NumberModel {
  enum Expectation {
    /// Read as this value, or refused by a range check at or above the place.
    case read(Value)
    /// Refused with this message at the place.
    case refused(String)
  }

  enum Value: Equatable, CustomStringConvertible {
    case absent
    case whole(Int)
    /// Compared bit for bit: -0 must have become +0.
    case real(UInt64)

    var description: String {
      switch self {
      case .absent: "absent"
      case .whole(let n): "\(n)"
      case .real(let bits): "\(Double(bitPattern: bits)) (bits \(String(bits, radix: 16)))"
      }
    }
  }

  static let beyondDouble = SceneFileNumberTests.tooBig

  /// A number as messages echo it: as written, up to 40 characters.
  static func shown(_ literal: String) -> String {
    literal.count <= 40 ? literal : "\(literal.prefix(20))… (\(literal.count) characters)"
  }

  static func expectation(_ hostile: HostileNumber, at slot: FieldSlot) -> Expectation {
    let number = slot.whole ? "a whole number" : "a number"
    switch hostile.meaning {
    case .notANumber: return .refused("expected \(number)")
    case .null: return slot.required ? .refused("expected \(number), found null") : .read(.absent)
    case .beyondDouble: return .refused("\(beyondDouble), got \(shown(hostile.literal))")
    case .number(let value, let whole):
      guard slot.whole else { return .read(.real((value == 0 ? 0 : value).bitPattern)) }
      switch whole {
      case .exact(let n): return .read(.whole(n))
      case .fraction: return .refused("expected a whole number, got \(shown(hostile.literal))")
      case .beyondInt:
        return .refused(
          "expected a whole number in -9223372036854775808…9223372036854775807, got \(shown(hostile.literal))"
        )
      }
    }
  }

  /// The decoded value at `place`; nil when the model has no such place.
  static func read(_ place: [PathStep], in file: SceneFile) -> Value? {
    func real(_ value: Double?) -> Value { value.map { .real($0.bitPattern) } ?? .absent }
    func whole(_ value: Int?) -> Value { value.map { .whole($0) } ?? .absent }
    func view(_ spec: SceneFile.ViewSpec, _ rest: ArraySlice<PathStep>) -> Value? {
      let (shape, indices) = PathStep.shape(rest)
      switch shape {
      case "frame[]": return spec.frame.map { real($0[indices[0]]) }
      case "alpha": return real(spec.alpha)
      case "cornerRadius": return real(spec.cornerRadius)
      case "cornerRadii[]": return spec.cornerRadii.map { real($0[indices[0]]) }
      case "shadow.opacity": return spec.shadow.map { real($0.opacity) }
      case "shadow.radius": return spec.shadow.map { real($0.radius) }
      case "shadow.offset[]": return spec.shadow?.offset.map { real($0[indices[0]]) }
      case "border.width": return spec.border.map { real($0.width) }
      case "text.size": return spec.text.map { real($0.size) }
      default:
        guard shape.hasPrefix("children[]."), let children = spec.children else { return nil }
        return view(children[indices[0]], rest.dropFirst(2))
      }
    }
    func operation(_ op: ScriptOperation, _ rest: ArraySlice<PathStep>) -> Value? {
      let (shape, indices) = PathStep.shape(rest)
      switch (shape, op.kind) {
      case ("frames", _): return whole(op.frames)
      case ("duration", _): return real(op.duration)
      case ("after", _): return real(op.after)
      case ("wait", .wait(let seconds)): return real(seconds)
      case ("at", .insert(_, let index)), ("remove", .remove(let index)): return whole(index)
      case ("interactive.progress[]", _):
        return op.interactive.map { real($0.progress[indices[0]]) }
      case ("interactive.velocity", _): return real(op.interactive?.velocity)
      case ("grab.progress[]", .grab(let spec)): return real(spec.progress[indices[0]])
      case ("grab.velocity", .grab(let spec)): return real(spec.velocity)
      case ("back.touches[][]", .back(.gesture(let gesture))):
        return real(gesture.touches[indices[0]][indices[1]])
      case ("drag[]", .drag(let offsets)): return real(offsets[indices[0]])
      case ("velocity", _): return real(op.velocity)
      case ("slot", _): return whole(op.slot)
      case ("select", .select(.index(let index))): return whole(index)
      case (_, .animate(.steps(let steps))) where shape.hasPrefix("animate[]."):
        return step(steps[indices[0]], rest.dropFirst(2))
      default: return nil
      }
    }
    func step(_ step: AnimateSpec.Step, _ rest: ArraySlice<PathStep>) -> Value? {
      let (shape, indices) = PathStep.shape(rest)
      switch shape {
      case "duration": return real(step.duration)
      case "overlap": return real(step.overlap)
      default:
        guard shape.hasPrefix("changes[].") else { return nil }
        return change(step.changes[indices[0]], rest.dropFirst(2))
      }
    }
    func change(_ change: ChangeSpec, _ rest: ArraySlice<PathStep>) -> Value? {
      let (shape, indices) = PathStep.shape(rest)
      switch shape {
      case "frame[]": return change.frame.map { real($0[indices[0]]) }
      case "cornerRadius": return real(change.cornerRadius)
      case "cornerRadii[]": return change.cornerRadii.map { real($0[indices[0]]) }
      case "alpha": return real(change.alpha)
      case "borderWidth": return real(change.borderWidth)
      case "shadow.opacity": return change.shadow.map { real($0.opacity) }
      case "shadow.radius": return change.shadow.map { real($0.radius) }
      case "shadow.offset[]": return change.shadow?.offset.map { real($0[indices[0]]) }
      case "translate[]": return change.translate.map { real($0[indices[0]]) }
      case "scale": return real(change.scale)
      case "rotate": return real(change.rotate)
      default: return nil
      }
    }
    switch place.first {
    case .key("frames"): return whole(file.frames)
    case .key("container"):
      return place.last == .key("width") ? real(file.container.width) : real(file.container.height)
    case .key("views"):
      guard case .index(let i) = place.dropFirst().first else { return nil }
      return view(file.views[i], place.dropFirst(2))
    case .key("script"):
      guard case .index(let i) = place.dropFirst().first else { return nil }
      return operation(file.script[i], place.dropFirst(2))
    default: return nil
    }
  }
}
