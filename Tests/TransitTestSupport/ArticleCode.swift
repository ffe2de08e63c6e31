import Foundation
import Testing

/// The code of a DocC article run as a test: the test file holds the
/// article's Swift blocks between markers, and checks them against the
/// article's own, so the article shows exactly the code that runs.
public enum ArticleCode {
  /// The pieces between the `// BEGIN ARTICLE` and `// END ARTICLE`
  /// markers of the test file at `path` (its `#filePath`), in order,
  /// indented code taken back to the left margin.
  public static func testedBlocks(inFile path: String) throws -> [String] {
    let source = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    // The markers are spelled in two pieces so that these lines do not match.
    let begin = "// BEGIN " + "ARTICLE\n"
    let end = "// END " + "ARTICLE"
    var blocks: [String] = []
    var rest = source[...]
    while let start = rest.range(of: begin) {
      let stop = try #require(rest.range(of: end, range: start.upperBound..<rest.endIndex))
      var lines = rest[start.upperBound..<stop.lowerBound].split(
        separator: "\n", omittingEmptySubsequences: false)
      lines.removeLast()  // the marker's own indentation
      let margin = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
      blocks.append(lines.map { String($0.dropFirst(margin)) }.joined(separator: "\n") + "\n")
      rest = rest[stop.upperBound...]
    }
    return blocks
  }

  /// The Swift code blocks of the article `name` in
  /// `Sources/Transit/Transit.docc`, in order.
  public static func articleBlocks(_ name: String) throws -> [String] {
    // Tests/TransitTestSupport/ArticleCode.swift, three levels below the package.
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/Transit/Transit.docc/\(name)"),
      encoding: .utf8)
    let parts = article.components(separatedBy: "```swift\n").dropFirst()
    return parts.map { String($0.components(separatedBy: "```").first ?? "") }
  }
}
