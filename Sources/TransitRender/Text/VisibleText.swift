/// How much of a text a view can show: its first characters, as many as
/// could fill the view twice over, so that a megabyte of text in a small
/// view costs what the view can show, not what the text holds.
///
/// A view `width` × `height` points shows text of size `s` in lines at
/// least `s` apart (the bundled font's lines are 1.16 em), each holding at
/// most `16 × width / s` characters (none but spaces, joiners and other
/// zero-width characters is narrower than 1/16 em). Twice that many
/// characters, and never fewer than ``minimumCharacters``, is more than a
/// text that fits the view can hold, so the cut never changes how a text
/// that fits is drawn, and a text that is cut overflowed the view anyway:
/// it is drawn as if it ended at the cut, centred as any overflowing text.
///
/// The cut is made between characters (grapheme clusters: a letter with
/// its marks, an emoji sequence, `\r\n`), so it never splits one.
enum VisibleText {
  /// The fewest characters a view shows whatever its size: short texts are
  /// never cut.
  static let minimumCharacters = 4_096

  /// The most characters a view of `width` × `height` points shows of text
  /// of `size` points.
  static func characterLimit(width: Double, height: Double, size: Double) -> Int {
    guard width.isFinite, height.isFinite, size.isFinite, size > 0 else {
      return minimumCharacters
    }
    let perLine = (16 * max(0, width) / size).rounded(.up) + 1
    let lines = (max(0, height) / size).rounded(.up) + 1
    let limit = 2 * perLine * lines
    // Past every text's length (1 MiB): no need to count higher.
    guard limit < Double(1 << 40) else { return 1 << 40 }
    return max(minimumCharacters, Int(limit))
  }

  /// `string`'s first ``characterLimit(width:height:size:)`` characters,
  /// or `string` itself when it has no more.
  static func prefix(of string: String, width: Double, height: Double, size: Double) -> String {
    let limit = characterLimit(width: width, height: height, size: size)
    // Every character takes at least a byte: a short string is kept
    // without counting its characters.
    guard string.utf8.count > limit else { return string }
    var end = string.startIndex
    var count = 0
    while count < limit, end < string.endIndex {
      string.formIndex(after: &end)
      count += 1
    }
    return end == string.endIndex ? string : String(string[..<end])
  }
}
