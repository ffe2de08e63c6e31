extension TransitionStyles {
  /// How many close names an unknown-style error suggests at most.
  static let suggestionCount = 3

  /// The known names (styles and aliases) closest to `name` by edit
  /// distance, best first, ties in listing order.
  func suggestions(for name: String) -> [String] {
    let known = names + aliasNames
    let target = Array(name.lowercased())
    let ranked = known.enumerated().map { offset, candidate in
      (
        distance: TransitionStyles.editDistance(target, Array(candidate)), order: offset,
        name: candidate
      )
    }
    .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
    return ranked.prefix(TransitionStyles.suggestionCount).map { $0.name }
  }

  func unknownStyleMessage(for name: String) -> String {
    let close = suggestions(for: name)
    guard !close.isEmpty else { return "no style is named '\(name)'; no styles are registered" }
    let quoted = close.map { "'\($0)'" }
    let list =
      quoted.count == 1
      ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    return "no style is named '\(name)'; did you mean \(list)?"
  }

  /// The Levenshtein distance: the fewest insertions, deletions and
  /// substitutions of characters that turn `a` into `b`.
  ///
  /// - Complexity: O(a·b) time, O(b) memory.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }
}
