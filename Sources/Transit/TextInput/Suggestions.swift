/// "Did you mean": the known names closest to one that is not known.
///
/// Every reader of names people type uses it, so that a misspelling is met
/// the same way everywhere: curve names (`ease-in-ot`), style names
/// (`push-form-right`) and the keys of `animrender`'s scene files
/// (`duraton`).
///
/// One ranking: by edit distance (``editDistance(_:_:)``) between the word
/// and each name, both lowercased, so that a wrong case costs nothing;
/// names at the same distance keep the order they are listed in, so the
/// caller decides which of two equally close names comes first (the
/// built-in styles before aliases, for instance). The word is cut to its
/// first ``longestWordCompared`` characters, so a huge word costs no more
/// than a long one.
///
/// ```swift
/// let close = Suggestions.closest(to: "Duraton", among: ["style", "duration", "curve"], limit: 1)
/// // ["duration"]
/// Suggestions.didYouMean(["ease-in", "ease"])  // "did you mean 'ease-in' or 'ease'?"
/// ```
package enum Suggestions {
  /// The characters of a word compared at most; the rest is ignored.
  package static let longestWordCompared = 64

  /// Up to `limit` entries of `names`, closest to `word` first.
  ///
  /// - Complexity: O(*n*·*w*·*m*) for *n* names of at most *m* characters
  ///   and a word of *w* ≤ ``longestWordCompared`` characters.
  package static func closest(to word: String, among names: [String], limit: Int) -> [String] {
    guard limit > 0 else { return [] }
    let target = Array(word.prefix(longestWordCompared).lowercased())
    let ranked = names.enumerated().map { order, name in
      (distance: editDistance(target, Array(name.lowercased())), order: order, name: name)
    }
    .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
    return ranked.prefix(limit).map(\.name)
  }

  /// The Levenshtein distance: the fewest insertions, deletions and
  /// substitutions of characters that turn `a` into `b`.
  ///
  /// - Complexity: O(*a*·*b*) time, O(*b*) memory.
  package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    // previous[j]: the distance from the first i − 1 characters of `a` to
    // the first j of `b`; current[j]: from the first i.
    var previous = Array(0...b.count)
    var current = previous
    for (i, ca) in a.enumerated() {
      current[0] = i + 1
      for (j, cb) in b.enumerated() {
        let substitution = previous[j] + (ca == cb ? 0 : 1)
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, substitution)
      }
      swap(&previous, &current)
    }
    return previous[b.count]
  }

  /// `did you mean 'a', 'b' or 'c'?` for `names` (best first), each between
  /// `quote`s; empty when there are none.
  /// The most characters of a word an error message echoes.
  package static let longestWordEchoed = 80

  /// `word` as an error message echoes it: whole up to
  /// ``longestWordEchoed`` characters, else cut there with "…", so a
  /// style name or curve of megabytes is not printed back whole.
  package static func echoed(_ word: String) -> String {
    word.count <= longestWordEchoed ? word : "\(word.prefix(longestWordEchoed - 1))…"
  }

  package static func didYouMean(_ names: [String], quote: Character = "'") -> String {
    let quoted = names.map { "\(quote)\($0)\(quote)" }
    guard let last = quoted.last else { return "" }
    let list = quoted.count == 1 ? last : quoted.dropLast().joined(separator: ", ") + " or " + last
    return "did you mean \(list)?"
  }
}
