/// The first thing that makes a scene file's text not JSON, or not JSON a
/// scene file may be (a key given twice, nesting beyond the limit), found
/// by ``NumberTexts`` before anything is decoded, and where it is.
///
/// Its error names the line and column and shows the line with a caret
/// under the column:
///
/// ```text
/// animrender: s.json: line 3, column 21: trailing comma: a value must follow ",", not "]"
///    {"show": "home"},]
///                    ^
/// ```
///
/// The line is cut to 80 characters around the column and its control
/// characters and bidirectional-text controls are escaped (see
/// ``CLIError/escaped(_:)``), so a hostile file shows as text and the caret
/// stays under the character it points at.
struct JSONProblem: Error, Equatable {
  /// The byte offset the problem is at; a text that ends too soon has it
  /// just after its last character that is not white space.
  var offset: Int
  /// What is wrong, as the message says it.
  var detail: String
  /// Another place the message names, and how: "first at" for a key given
  /// twice, "it opens at" for a list the text never closes.
  var related: (words: String, offset: Int)?

  static func == (a: JSONProblem, b: JSONProblem) -> Bool {
    a.offset == b.offset && a.detail == b.detail && a.related?.words == b.related?.words
      && a.related?.offset == b.related?.offset
  }

  /// The widest the shown line is, in characters, ellipses included.
  static let shownWidth = 80

  /// The error for the file `name` whose bytes are `bytes`: "name: line L,
  /// column C: detail", then the line and the caret.
  func error(in bytes: [UInt8], name: String) -> CLIError {
    let place = Self.position(of: offset, in: bytes)
    var text = "\(name): line \(place.line), column \(place.column): \(detail)"
    if let related {
      let other = Self.position(of: related.offset, in: bytes)
      text += " (\(related.words) line \(other.line), column \(other.column))"
    }
    return CLIError(.dataError, text, excerpt: Self.excerpt(of: offset, in: bytes))
  }

  /// The 1-based line and column of the byte at `offset`: lines end at
  /// "\n", and columns count characters (Unicode scalars), not bytes.
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let end = min(offset, bytes.count)
    var line = 1
    var lineStart = 0
    for i in 0..<end where bytes[i] == UInt8(ascii: "\n") {
      line += 1
      lineStart = i + 1
    }
    // UTF-8 continuation bytes (10xxxxxx) do not start a character.
    let column = 1 + bytes[lineStart..<end].count { $0 & 0xC0 != 0x80 }
    return (line, column)
  }

  /// The line holding `offset`, escaped and cut to ``shownWidth``
  /// characters around it, and a caret under it; both indented by two.
  static func excerpt(of offset: Int, in bytes: [UInt8]) -> [String] {
    let end = min(offset, bytes.count)
    var lineStart = end
    while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
    var lineEnd = end
    while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
    if lineEnd > end, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
    // Only the bytes near the column can be shown: a file on one line of
    // megabytes is not decoded whole. Each shown character is one scalar
    // or its escape, so the window is at most 4 bytes a character.
    let reach = shownWidth * 4
    var from = max(lineStart, end - reach)
    while from > lineStart, from < bytes.count, bytes[from] & 0xC0 == 0x80 { from -= 1 }
    var to = min(lineEnd, end + reach)
    while to < lineEnd, to > end, bytes[to] & 0xC0 == 0x80 { to -= 1 }
    let before = Self.pieces(bytes[from..<end])
    let after = Self.pieces(bytes[end..<to])
    // The caret's character, up to half the width before it, then as much
    // after it and, if the line ends first, before it as fits, counting
    // escapes at their length.
    let width = shownWidth - 2  // room for an ellipsis at each end
    var used = after.first?.count ?? 1
    var first = before.endIndex
    while first > before.startIndex, used + before[first - 1].count <= width / 2 {
      first -= 1
      used += before[first].count
    }
    var last = min(1, after.count)
    while last < after.count, used + after[last].count <= width {
      used += after[last].count
      last += 1
    }
    while first > before.startIndex, used + before[first - 1].count <= width {
      first -= 1
      used += before[first].count
    }
    let cutBefore = first > 0 || from > lineStart
    let cutAfter = last < after.count || to < lineEnd
    let lead = cutBefore ? "…" : ""
    let column = lead.count + before[first...].reduce(0) { $0 + $1.count }
    let shown = lead + before[first...].joined() + after[..<last].joined() + (cutAfter ? "…" : "")
    return ["  " + shown, "  " + String(repeating: " ", count: column) + "^"]
  }

  /// `bytes` as shown characters: each scalar, escaped where
  /// ``CLIError/escaped(_:)`` escapes it; bytes that are not UTF-8 show as
  /// "\x" and their hex value.
  private static func pieces(_ bytes: ArraySlice<UInt8>) -> [String] {
    var pieces: [String] = []
    var i = bytes.startIndex
    while i < bytes.endIndex {
      if let (scalar, length) = UTF8Scalar.decode(bytes, at: i) {
        pieces.append(CLIError.escaped(scalar))
        i += length
      } else {
        pieces.append("\\x" + String(bytes[i], radix: 16, uppercase: true))
        i += 1
      }
    }
    return pieces
  }
}

/// One scalar read from UTF-8 bytes, strictly: no overlong forms, no
/// surrogates, nothing beyond U+10FFFF, no sequence cut short.
enum UTF8Scalar {
  /// The scalar starting at `i` and its length in bytes, or nil where the
  /// bytes are not UTF-8.
  static func decode(_ bytes: ArraySlice<UInt8>, at i: Int) -> (Unicode.Scalar, Int)? {
    let lead = bytes[i]
    if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
    let length: Int
    var value: UInt32
    switch lead {
    case 0xC2...0xDF: (length, value) = (2, UInt32(lead & 0x1F))
    case 0xE0...0xEF: (length, value) = (3, UInt32(lead & 0x0F))
    case 0xF0...0xF4: (length, value) = (4, UInt32(lead & 0x07))
    default: return nil
    }
    guard i + length <= bytes.endIndex else { return nil }
    for byte in bytes[(i + 1)..<(i + length)] {
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let smallest: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80
    guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
    return (scalar, length)
  }
}
