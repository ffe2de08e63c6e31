extension TransitionStyles {
  /// How many close names an unknown-style error suggests at most.
  static let suggestionCount = 3

  /// The known names (styles, then aliases) closest to `name`, best first;
  /// see `Suggestions` for the ranking.
  func suggestions(for name: String) -> [String] {
    Suggestions.closest(
      to: name, among: names + aliasNames, limit: TransitionStyles.suggestionCount)
  }

  func unknownStyleMessage(for name: String) -> String {
    let close = suggestions(for: name)
    let name = Suggestions.echoed(name)
    guard !close.isEmpty else { return "no style is named '\(name)'; no styles are registered" }
    return "no style is named '\(name)'; \(Suggestions.didYouMean(close))"
  }
}
