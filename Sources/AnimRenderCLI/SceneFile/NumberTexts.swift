import Foundation

/// The one pass over a scene file's bytes before anything is decoded: it
/// checks the text is JSON, strictly, and keeps its numbers as they are
/// written, by place, for readers that must not take a number's value from
/// a conversion that rounds.
///
/// **Syntax.** Every way the text can fail to be JSON (RFC 8259) is found
/// here, as a ``JSONProblem`` at its byte, so the message names the line
/// and column and says what is wrong in words — a trailing comma, a
/// malformed number such as `05`, `5.`, `1e` or `-`, bytes that are not
/// UTF-8, a lone half of a surrogate pair in a `\u` escape, an unclosed
/// string — instead of the decoder's one "not valid JSON" for all of them.
/// Two rules go beyond the grammar: a key given twice in one object is an
/// error (which value counts would be a guess), and so is nesting deeper
/// than the limit, found before any recursive decoding starts.
///
/// **Numbers.** `JSONDecoder` hands a number out only converted: as a
/// `Double` (which rounds `9007199254740993` to …992 and
/// `4503599627370496.5` to …496), as a `Decimal` (which keeps 38 digits, so
/// `2.000…0001` with more becomes 2) or as an `Int` (which truncates
/// `9007199254740993.9` to …993). A count or an index must be read exactly
/// or refused, so ``Int/read(from:)`` decides from the digits written,
/// found here by the reader's `codingPath`:
///
/// ```swift
/// let texts = NumberTexts(Array(#"{"script": [{"remove": 2.5}]}"#.utf8))
/// texts.text(at: [.key("script"), .index(0), .key("remove")])  // "2.5"
/// ```
///
/// Only numbers that are not plain integers of at most 18 digits are kept
/// (`-?[0-9]{1,18}`): those every conversion reads exactly, and a file of
/// millions of small integers costs nothing here.
struct NumberTexts: Sendable {
  /// One step of a place: an object's key or a list's index.
  enum Step: Hashable, Sendable {
    case key(String)
    case index(Int)
  }

  /// A place one step inside the object or list numbered `parent`; the
  /// file itself is number 0, a list of one value.
  private struct Link: Hashable {
    var parent: Int
    var step: Step
  }

  /// Each object and list by where it stands, numbered in the order they
  /// open, so that no place is stored as a whole path.
  private var containers: [Link: Int] = [:]
  private var texts: [Link: String] = [:]
  /// The deepest nesting of `[` and `{` reached (0 for a bare value); the
  /// reading stops at `nestingLimit + 1`.
  private(set) var deepest = 0
  /// The first thing that makes the text not a scene file's JSON, where
  /// the reading stopped; nil when the text is JSON.
  private(set) var problem: JSONProblem?

  /// Where a decoder finds the table in its `userInfo`.
  static let userInfoKey = CodingUserInfoKey(rawValue: "AnimRender.NumberTexts")!

  /// What the reading expects next, outside strings, numbers and words.
  private enum Expect {
    /// Any value: the file's one value, or a member's after its colon.
    case value
    /// A list's first element or its end.
    case elementOrEnd
    /// An element after a comma (an end here is a trailing comma).
    case element
    /// An object's first key or its end.
    case keyOrEnd
    /// A key after a comma (an end here is a trailing comma).
    case key
    case colon
    /// A comma or the end of the list or object after a value.
    case commaOrEnd
    /// Nothing but white space: the file's value has been read.
    case nothing
  }

  /// Reads `bytes` in one pass without recursion, stopping at the first
  /// ``problem`` (nesting deeper than `nestingLimit` is one).
  init(_ bytes: [UInt8], nestingLimit: Int = .max) {
    /// An open object or list.
    struct Open {
      var id: Int
      var isList: Bool
      /// Where its bracket is.
      var offset: Int
      /// A list's index of the element being read.
      var index = 0
      /// An object's key of the member being read, once read.
      var key: String?
      /// An object's keys so far, and where each is.
      var seen: [String: Int] = [:]

      /// Where a value read now stands.
      func link() -> Link? {
        if isList { return Link(parent: id, step: .index(index)) }
        return key.map { Link(parent: id, step: .key($0)) }
      }
    }
    var open = [Open(id: 0, isList: true, offset: 0)]
    var nextID = 1
    var expect = Expect.value
    var comma = 0
    var i = 0
    func fail(_ offset: Int, _ detail: String, _ related: (String, Int)? = nil) -> JSONProblem {
      JSONProblem(offset: offset, detail: detail, related: related)
    }
    /// The place of the object being read, as messages write places.
    func place() -> String {
      var text = ""
      for outer in open.dropFirst().dropLast() {
        if outer.isList {
          text += "[\(outer.index)]"
        } else {
          let key = CLIError.echoed(outer.key ?? "")
          text += text.isEmpty ? key : ".\(key)"
        }
      }
      return text.isEmpty ? "the top level" : text
    }
    scan: while i < bytes.count {
      let byte = bytes[i]
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        i += 1
        continue scan
      case 0x80...:
        // Outside strings only ASCII is JSON; bytes that are not even UTF-8 are named so.
        if UTF8Scalar.decode(bytes[...], at: i) == nil {
          problem = fail(
            i,
            "invalid UTF-8: the byte 0x\(String(byte, radix: 16, uppercase: true)) (scene files are UTF-8)"
          )
          return
        }
      default: break
      }
      switch expect {
      case .nothing:
        problem = fail(
          i, "expected the end of the file after its value, found \(Self.found(bytes, i))")
        return
      case .colon:
        guard byte == UInt8(ascii: ":") else {
          problem = fail(
            i,
            "expected \":\" after the key \"\(CLIError.echoed(open[open.count - 1].key ?? ""))\", found \(Self.found(bytes, i))"
          )
          return
        }
        i += 1
        expect = .value
      case .commaOrEnd:
        let isList = open[open.count - 1].isList
        let end = isList ? UInt8(ascii: "]") : UInt8(ascii: "}")
        if byte == UInt8(ascii: ",") {
          comma = i
          if isList {
            open[open.count - 1].index += 1
            expect = .element
          } else {
            open[open.count - 1].key = nil
            expect = .key
          }
          i += 1
        } else if byte == end {
          open.removeLast()
          i += 1
          expect = open.count == 1 ? .nothing : .commaOrEnd
        } else {
          let what =
            isList ? #""," or "]" after a list's element"# : #""," or "}" after an object's member"#
          problem = fail(i, "expected \(what), found \(Self.found(bytes, i))")
          return
        }
      case .key, .keyOrEnd:
        if byte == UInt8(ascii: "}") {
          guard expect == .keyOrEnd else {
            problem = fail(comma, #"trailing comma: a key must follow ",", not "}""#)
            return
          }
          open.removeLast()
          i += 1
          expect = open.count == 1 ? .nothing : .commaOrEnd
          continue scan
        }
        guard byte == UInt8(ascii: "\"") else {
          problem = fail(i, "expected a key in double quotes, found \(Self.found(bytes, i))")
          return
        }
        let start = i
        switch Self.string(bytes, from: i, decoding: true) {
        case .failure(let failure):
          problem = failure
          return
        case .success(let (end, key)):
          let key = key ?? ""
          if let first = open[open.count - 1].seen[key] {
            problem = fail(
              start, "the key \"\(CLIError.echoed(key))\" is given twice in \(place())",
              ("first at", first))
            return
          }
          open[open.count - 1].seen[key] = start
          open[open.count - 1].key = key
          i = end
          expect = .colon
        }
      case .value, .element, .elementOrEnd:
        if byte == UInt8(ascii: "]"), expect != .value {
          guard expect == .elementOrEnd else {
            problem = fail(comma, #"trailing comma: a value must follow ",", not "]""#)
            return
          }
          open.removeLast()
          i += 1
          expect = open.count == 1 ? .nothing : .commaOrEnd
          continue scan
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          if let link = open[open.count - 1].link() { containers[link] = nextID }
          let isList = byte == UInt8(ascii: "[")
          open.append(Open(id: nextID, isList: isList, offset: i))
          nextID += 1
          deepest = max(deepest, open.count - 1)
          if deepest > nestingLimit {
            problem = fail(i, "arrays and objects nested more than \(nestingLimit) deep")
            return
          }
          i += 1
          expect = isList ? .elementOrEnd : .keyOrEnd
          continue scan
        case UInt8(ascii: "\""):
          switch Self.string(bytes, from: i, decoding: false) {
          case .failure(let failure):
            problem = failure
            return
          case .success(let (end, _)): i = end
          }
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
          UInt8(ascii: "0")...UInt8(ascii: "9"):
          let start = i
          while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
          let number = bytes[start..<i]
          if let defect = Self.numberDefect(number) {
            let text = CLIError.echoed(
              String(decoding: number.prefix(CLIError.echoedCharacters + 1), as: UTF8.self))
            problem = fail(start, "malformed number \"\(text)\": \(defect)")
            return
          }
          let digits = number.dropFirst(byte == UInt8(ascii: "-") ? 1 : 0)
          let plain =
            digits.count <= 18
            && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
          if !plain, let link = open[open.count - 1].link() {
            texts[link] = String(decoding: number, as: UTF8.self)
          }
        default:
          let start = i
          while i < bytes.count, Self.isWordByte(bytes[i]) { i += 1 }
          let word = String(decoding: bytes[start..<i], as: UTF8.self)
          guard ["true", "false", "null"].contains(word) else {
            problem = fail(
              start,
              "expected a value (a string, number, object, list, true, false or null), found \(Self.found(bytes, start))"
            )
            return
          }
        }
        expect = open.count == 1 ? .nothing : .commaOrEnd
      }
    }
    // The end is shown just after the last thing written, not on a blank line after it.
    var end = bytes.count
    while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
    if open.count > 1 {
      let what = open[open.count - 1].isList ? "a list" : "an object"
      problem = fail(
        end, "the file ends inside \(what)", ("it opens at", open[open.count - 1].offset))
    } else if expect == .value {
      problem = fail(end, "the file holds no JSON value (expected an object)")
    }
  }

  /// What stands at `i`, as "found …" says it: the end of the file, the
  /// start of a string, a word or number (cut to
  /// ``CLIError/echoedCharacters``), or one character.
  private static func found(_ bytes: [UInt8], _ i: Int) -> String {
    guard i < bytes.count else { return "the end of the file" }
    if bytes[i] == UInt8(ascii: "\"") { return "the start of a string" }
    var end = i
    while end < bytes.count, end - i <= CLIError.echoedCharacters, isWordByte(bytes[end]) {
      end += 1
    }
    if end > i { return "\"\(CLIError.echoed(String(decoding: bytes[i..<end], as: UTF8.self)))\"" }
    guard let (scalar, _) = UTF8Scalar.decode(bytes[...], at: i) else {
      return "the byte 0x\(String(bytes[i], radix: 16, uppercase: true)), which is not UTF-8"
    }
    return "\"\(CLIError.escaped(scalar))\""
  }

  /// Letters, digits and the other bytes of a bare word such as `NaN`,
  /// `True`, `undefined` or `'a'`.
  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "'"),
      UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// Why `number`, a run of number bytes, is not a JSON number
  /// (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`), or nil when it is one.
  static func numberDefect(_ number: ArraySlice<UInt8>) -> String? {
    func isDigit(_ j: Int) -> Bool {
      j < number.endIndex && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(number[j])
    }
    var j = number.startIndex
    if number[j] == UInt8(ascii: "+") { return #"JSON writes no "+" before a number"# }
    if number[j] == UInt8(ascii: "-") { j += 1 }
    guard isDigit(j) else {
      if j < number.endIndex, number[j] == UInt8(ascii: ".") {
        return #"a digit must come before ".""#
      }
      return #"a digit must follow "-""#
    }
    if number[j] == UInt8(ascii: "0") {
      j += 1
      if isDigit(j) { return "a number starts with 0 only when it is 0 or below 1 (0.5)" }
    } else {
      while isDigit(j) { j += 1 }
    }
    if j < number.endIndex, number[j] == UInt8(ascii: ".") {
      j += 1
      guard isDigit(j) else { return #"a digit must follow ".""# }
      while isDigit(j) { j += 1 }
    }
    if j < number.endIndex, number[j] == UInt8(ascii: "e") || number[j] == UInt8(ascii: "E") {
      j += 1
      if j < number.endIndex, number[j] == UInt8(ascii: "+") || number[j] == UInt8(ascii: "-") {
        j += 1
      }
      guard isDigit(j) else { return "a digit must follow the exponent's \"e\"" }
      while isDigit(j) { j += 1 }
    }
    guard j == number.endIndex else {
      return "\"\(UnicodeScalar(number[j]))\" cannot stand there in a number"
    }
    return nil
  }

  /// The string whose opening quote is at `start`: where it ends (after
  /// its closing quote) and, when `decoding`, its text with the escapes
  /// undone (`"\u0061t"` is `at`, as the decoder reads it); or the problem
  /// in it.
  private static func string(
    _ bytes: [UInt8], from start: Int, decoding: Bool
  ) -> Result<(Int, String?), JSONProblem> {
    var text = String.UnicodeScalarView()
    var i = start + 1
    func problem(_ offset: Int, _ detail: String) -> Result<(Int, String?), JSONProblem> {
      .failure(JSONProblem(offset: offset, detail: detail))
    }
    /// The four hex digits after `\u` at `j`, as a number.
    func hex(_ j: Int) -> UInt32? {
      guard j + 6 <= bytes.count else { return nil }
      var value: UInt32 = 0
      for byte in bytes[(j + 2)..<(j + 6)] {
        guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while i < bytes.count {
      let byte = bytes[i]
      switch byte {
      case UInt8(ascii: "\""):
        return .success((i + 1, decoding ? String(text) : nil))
      case UInt8(ascii: "\\"):
        guard i + 1 < bytes.count else { break }
        let escape = bytes[i + 1]
        let simple: Unicode.Scalar? =
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): Unicode.Scalar(escape)
          case UInt8(ascii: "b"): "\u{8}"
          case UInt8(ascii: "f"): "\u{C}"
          case UInt8(ascii: "n"): "\n"
          case UInt8(ascii: "r"): "\r"
          case UInt8(ascii: "t"): "\t"
          default: nil
          }
        if let scalar = simple {
          if decoding { text.append(scalar) }
          i += 2
          continue
        }
        guard escape == UInt8(ascii: "u") else {
          let shown = UTF8Scalar.decode(bytes[...], at: i + 1).map { CLIError.escaped($0.0) } ?? "?"
          return problem(
            i,
            "invalid escape \"\\\(shown)\" in a string (JSON's are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\u with four hex digits)"
          )
        }
        guard let unit = hex(i) else {
          return problem(i, #""\u" must be followed by four hex digits"#)
        }
        var value = unit
        var length = 6
        if (0xD800...0xDBFF).contains(unit) {
          guard i + 7 < bytes.count, bytes[i + 6] == UInt8(ascii: "\\"),
            bytes[i + 7] == UInt8(ascii: "u"), let low = hex(i + 6), (0xDC00...0xDFFF).contains(low)
          else {
            return problem(
              i,
              "\"\\u\(String(unit, radix: 16))\" is the first half of a surrogate pair without its second, not Unicode text"
            )
          }
          value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          length = 12
        } else if (0xDC00...0xDFFF).contains(unit) {
          return problem(
            i,
            "\"\\u\(String(unit, radix: 16))\" is the second half of a surrogate pair without its first, not Unicode text"
          )
        }
        if decoding, let scalar = Unicode.Scalar(value) { text.append(scalar) }
        i += length
        continue
      case 0..<0x20:
        return problem(
          i,
          "a string cannot hold the control character \(CLIError.escaped(Unicode.Scalar(byte))) as it is; write it as an escape"
        )
      case 0x20..<0x80:
        if decoding { text.append(Unicode.Scalar(byte)) }
        i += 1
        continue
      default:
        guard let (scalar, length) = UTF8Scalar.decode(bytes[...], at: i) else {
          return problem(
            i,
            "invalid UTF-8: the byte 0x\(String(byte, radix: 16, uppercase: true)) (scene files are UTF-8)"
          )
        }
        if decoding { text.append(scalar) }
        i += length
        continue
      }
      break
    }
    return .failure(
      JSONProblem(offset: start, detail: "this string is never closed: the file ends inside it"))
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default: false
    }
  }

  /// The number at `place` as written, or nil for a plain integer of at
  /// most 18 digits (or a place that holds no number).
  func text(at place: [Step]) -> String? {
    var parent = 0
    var step = Step.index(0)
    for next in place {
      guard let id = containers[Link(parent: parent, step: step)] else { return nil }
      parent = id
      step = next
    }
    return texts[Link(parent: parent, step: step)]
  }

  /// The number at a decoder's coding path.
  func text(at codingPath: [any CodingKey]) -> String? {
    text(at: codingPath.map { key in key.intValue.map(Step.index) ?? .key(key.stringValue) })
  }

  /// `text` as a message shows it: whole up to 40 characters, else its
  /// start and its length, so a number or key of millions of characters is
  /// not echoed.
  static func shown(_ text: String) -> String {
    text.count <= 40 ? text : "\(text.prefix(20))… (\(text.count) characters)"
  }
}
