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

  private var texts: [[Step]: String] = [:]

  /// Where a decoder finds the table in its `userInfo`.
  static let userInfoKey = CodingUserInfoKey(rawValue: "AnimRender.NumberTexts")!

  /// Reads `bytes`, JSON text, in one pass without recursion. Text that is
  /// not JSON gives some table and no crash; the decoder refuses it.
  init(_ bytes: [UInt8]) {
    /// An open object or list.
    struct Open {
      var isList: Bool
      /// A list's index of the element being read.
      var index = 0
      /// Whether an object's current key is on the path.
      var keyed = false
      /// An object's keys so far.
      var seen: Set<String> = []
    }
    var open: [Open] = []
    var path: [Step] = []
    // The length of the path below which a repeated key's value lies,
    // which the decoder never reads.
    var repeatedFrom = Int.max
    func leave() {
      _ = path.popLast()
      if path.count < repeatedFrom { repeatedFrom = .max }
    }
    var i = 0
    while i < bytes.count {
      switch bytes[i] {
      case UInt8(ascii: "{"):
        open.append(Open(isList: false))
        i += 1
      case UInt8(ascii: "["):
        open.append(Open(isList: true))
        path.append(.index(0))
        i += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if let last = open.popLast(), last.isList || last.keyed { leave() }
        i += 1
      case UInt8(ascii: ","):
        if let last = open.last {
          if last.isList {
            open[open.count - 1].index += 1
            if !path.isEmpty { path[path.count - 1] = .index(last.index + 1) }
          } else if last.keyed {
            open[open.count - 1].keyed = false
            leave()
          }
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
        if let last = open.last, !last.isList, !last.keyed {
          let key = Self.key(bytes[start..<min(i, bytes.count)], escaped: escaped)
          path.append(.key(key))
          if !open[open.count - 1].seen.insert(key).inserted {
            repeatedFrom = min(repeatedFrom, path.count)
          }
          open[open.count - 1].keyed = true
        }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = i
        while i < bytes.count, Self.numberBytes.contains(bytes[i]) { i += 1 }
        let token = bytes[start..<i]
        let digits = token.first == UInt8(ascii: "-") ? token.dropFirst() : token
        let plain =
          !digits.isEmpty && digits.count <= 18
          && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        if !plain, path.count < repeatedFrom {
          texts[path] = String(decoding: token, as: UTF8.self)
        }
      default:
        i += 1
      }
    }
  }

  private static let numberBytes = Set("0123456789+-.eE".utf8)

  /// A key as the decoder reads it: its escapes (`"\u0061t"` is `at`) undone.
  private static func key(_ quoted: ArraySlice<UInt8>, escaped: Bool) -> String {
    if escaped, let key = try? JSONDecoder().decode(String.self, from: Data(quoted)) {
      return key
    }
    return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
  }

  /// The number at `place` as written, or nil for a plain integer of at
  /// most 18 digits (or a place that holds no number).
  func text(at place: [Step]) -> String? { texts[place] }

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
