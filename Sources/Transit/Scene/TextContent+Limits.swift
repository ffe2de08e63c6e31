extension TextContent {
  /// The largest font size, in points; sizes must be above 0 and at most
  /// this.
  public static let maximumSize: Double = 1_000

  /// The longest string, in bytes of UTF-8: 1 MiB (1,048,576 bytes).
  ///
  /// Laying text out takes time in proportion to its length and its
  /// number of lines (a MiB of words in a phone-wide view takes about half
  /// a second); the cap bounds what one label can cost in every frame.
  public static let maximumLength = 1 << 20

  /// The most Unicode code points one character may hold: a letter and the
  /// marks stacked on it, or an emoji sequence, is one character (a
  /// grapheme cluster) that can never be broken across lines.
  ///
  /// 32 is above any written language and emoji sequence (the Unicode
  /// stream-safe format allows 31); text piled with thousands of marks is
  /// refused instead of being shaped as one unbreakable line.
  public static let maximumScalarsPerCharacter = 32

  /// Why `string` is not text a view can show, or `nil` when it is: a
  /// string longer than ``maximumLength`` bytes of UTF-8, or one with a
  /// character of more than ``maximumScalarsPerCharacter`` code points.
  ///
  /// The length is checked first, without reading the string, so a string
  /// too long is refused at once.
  ///
  /// ```swift
  /// TextContent.problem(with: "Inbox")  // nil
  /// TextContent.problem(with: "e" + String(repeating: "\u{301}", count: 40))
  /// // "character 1 holds 41 code points (a letter and the marks on it),
  /// //  more than the 32 allowed"
  /// ```
  public static func problem(with string: String) -> String? {
    let length = string.utf8.count
    guard length <= maximumLength else {
      return "\(length) bytes of UTF-8, more than the \(maximumLength) (1 MiB) allowed"
    }
    var position = 0
    for character in string {
      position += 1
      var scalars = 0
      for _ in character.unicodeScalars {
        scalars += 1
        if scalars > maximumScalarsPerCharacter {
          let count = character.unicodeScalars.count
          return
            "character \(position) holds \(count) code points (a letter and the marks on it), more than the \(maximumScalarsPerCharacter) allowed"
        }
      }
    }
    return nil
  }
}
