extension StringProtocol {
  /// The text without the whitespace around it (`Character.isWhitespace`:
  /// spaces, tabs, line breaks, `\r\n`, and Unicode's other spaces), for
  /// reading what people type: curve text, colours, lists of names.
  ///
  /// - Complexity: O(*n*) in the whitespace removed.
  package func trimmingWhitespace() -> SubSequence {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return self[endIndex...] }
    return self[first...last]
  }
}
