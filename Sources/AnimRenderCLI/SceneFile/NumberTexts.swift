import Foundation

/// The numbers of a JSON file as they are written, by place, for readers
/// that must not take a number's value from a conversion that rounds.
///
/// `JSONDecoder` hands a number out only converted: as a `Double` (which
/// rounds `9007199254740993` to …992 and `4503599627370496.5` to …496), as
/// a `Decimal` (which keeps 38 digits, so `2.000…0001` with more becomes
/// 2) or as an `Int` (which truncates `9007199254740993.9` to …993). A
/// count or an index must be read exactly or refused, so ``Int/read(from:)``
/// decides from the digits written, found here by the reader's
/// `codingPath`:
///
/// ```swift
/// let texts = NumberTexts(Array(#"{"script": [{"remove": 2.5}]}"#.utf8))
/// texts.text(at: [.key("script"), .index(0), .key("remove")])  // "2.5"
/// ```
///
/// Only numbers that are not plain integers of at most 18 digits are kept
/// (`-?[0-9]{1,18}`): those every conversion reads exactly, and a file of
/// millions of small integers costs nothing here. A key given twice keeps
/// its first value, as `JSONDecoder` does: the value of a repeated key,
/// and all inside it, is passed over.
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
  /// The deepest nesting of `[` and `{` outside strings (0 for a bare
  /// value), or `nestingLimit + 1` once that was passed, where the reading
  /// stopped: a file nested too deeply is refused on this count before any
  /// recursive decoding starts.
  private(set) var deepest = 0

  /// Where a decoder finds the table in its `userInfo`.
  static let userInfoKey = CodingUserInfoKey(rawValue: "AnimRender.NumberTexts")!

  /// Reads `bytes`, JSON text, in one pass without recursion, and stops
  /// where arrays and objects nest deeper than `nestingLimit` (see
  /// ``deepest``). Text that is not JSON gives some table and no crash; the
  /// decoder refuses it.
  init(_ bytes: [UInt8], nestingLimit: Int = .max) {
    /// An open object or list.
    struct Open {
      var id: Int
      var isList: Bool
      /// A list's index of the element being read.
      var index = 0
      /// An object's key of the member being read, once read.
      var key: String?
      /// Whether `key` came before in this object: its value is passed over.
      var repeated = false
      /// An object's keys so far.
      var seen: Set<String> = []

      /// Where a value read now stands, or nil where the decoder reads none.
      func link() -> Link? {
        if isList { return Link(parent: id, step: .index(index)) }
        guard let key, !repeated else { return nil }
        return Link(parent: id, step: .key(key))
      }
    }
    var open = [Open(id: 0, isList: true)]
    var nextID = 1
    var i = 0
    while i < bytes.count {
      let byte = bytes[i]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if let link = open.last?.link(), containers[link] == nil { containers[link] = nextID }
        open.append(Open(id: nextID, isList: byte == UInt8(ascii: "[")))
        nextID += 1
        i += 1
        deepest = max(deepest, open.count - 1)
        if deepest > nestingLimit { return }
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if open.count > 1 { open.removeLast() }
        i += 1
      case UInt8(ascii: ","):
        if open[open.count - 1].isList {
          open[open.count - 1].index += 1
        } else {
          open[open.count - 1].key = nil
          open[open.count - 1].repeated = false
        }
        i += 1
      case UInt8(ascii: "\""):
        let start = i
        var escaped = false
        i += 1
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
          escaped = escaped || bytes[i] == UInt8(ascii: "\\")
          i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
        }
        i += 1
        if !open[open.count - 1].isList, open[open.count - 1].key == nil {
          let key = Self.key(bytes[start..<min(i, bytes.count)], escaped: escaped)
          open[open.count - 1].key = key
          open[open.count - 1].repeated = !open[open.count - 1].seen.insert(key).inserted
        }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = i
        while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
        let digits = bytes[(byte == UInt8(ascii: "-") ? start + 1 : start)..<i]
        let plain =
          (1...18).contains(digits.count)
          && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        if !plain, let link = open[open.count - 1].link(), texts[link] == nil {
          texts[link] = String(decoding: bytes[start..<i], as: UTF8.self)
        }
      default:
        i += 1
      }
    }
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
      UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
      true
    default: false
    }
  }

  /// A key as the decoder reads it: its escapes (`"\u0061t"` is `at`) undone.
  private static func key(_ quoted: ArraySlice<UInt8>, escaped: Bool) -> String {
    if escaped, let key = try? JSONDecoder().decode(String.self, from: Data(quoted)) {
      return key
    }
    return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
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
  /// start and its length, so a number of millions of digits is not echoed.
  static func shown(_ text: String) -> String {
    text.count <= 40 ? text : "\(text.prefix(20))… (\(text.count) characters)"
  }
}
