import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

/// Every `animrender` command shown in README.md and in the references under
/// Docs/ runs as written, in order, in a fresh folder holding a copy of
/// Examples/ (and, for README, the scene file it asks the reader to save),
/// and exits as the page says: 0, or the status a trailing `# exits N`
/// comment names.
@Suite("Documented commands")
struct ReadmeCommandTests {
  /// The pages whose commands are run, with files each must leave behind.
  static let pages: [(path: String, writes: [String])] = [
    (
      "README.md",
      [
        "hello.gif", "hello.png", "hello-states.json", "hello-strip.png", "demo.png", "cover.png",
        "flip.gif", "story.png", "elastic.png",
      ]
    ),
    ("Docs/CLI.md", ["cover.png", "states.json", "story.png", "elastic.png", "diff.png"]),
    (
      "Docs/SceneFiles.md",
      [
        "card.png", "card-states.json", "photo.png", "photo-states.json", "rotation.png",
        "app.png", "app-states.json",
      ]
    ),
  ]

  static func text(of path: String) throws -> String {
    try String(contentsOf: PackageFiles.root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The shell lines starting with `animrender` in a page's sh blocks.
  static func commands(in page: String) -> [String] {
    var commands: [String] = []
    var inShell = false
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```sh") {
        inShell = true
      } else if line.hasPrefix("```") {
        inShell = false
      } else if inShell, line.hasPrefix("animrender ") {
        commands.append(String(line))
      }
    }
    return commands
  }

  /// README's first scene file: the JSON block after "## Your first animation".
  static func readmeSceneFile() throws -> String {
    let readme = try text(of: "README.md")
    let section = try #require(readme.range(of: "## Your first animation"))
    let open = try #require(
      readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
    let close = try #require(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
    return String(readme[open.upperBound..<close.lowerBound])
  }

  /// Splits a command line as a POSIX shell would for these simple lines:
  /// words, single quotes, and a trailing comment.
  static func words(_ line: String) -> (arguments: [String], comment: String) {
    var words: [String] = []
    var current = ""
    var quoted = false
    var hasWord = false
    var comment = ""
    var index = line.startIndex
    while index < line.endIndex {
      let c = line[index]
      if quoted {
        if c == "'" { quoted = false } else { current.append(c) }
      } else if c == "'" {
        quoted = true
        hasWord = true
      } else if c == "#", current.isEmpty, !hasWord {
        comment = String(line[line.index(after: index)...])
        break
      } else if c == " " {
        if hasWord { words.append(current) }
        current = ""
        hasWord = false
      } else {
        current.append(c)
        hasWord = true
      }
      index = line.index(after: index)
    }
    if hasWord { words.append(current) }
    return (words, comment)
  }

  @Test(arguments: pages.map(\.path))
  func everyCommandOnThePageRuns(_ path: String) throws {
    let commands = Self.commands(in: try Self.text(of: path))
    #expect(!commands.isEmpty, "\(path) shows no animrender command")
    let folder = TemporaryDirectory.make()
    try FileManager.default.copyItem(
      at: PackageFiles.root.appendingPathComponent("Examples"),
      to: folder.appendingPathComponent("Examples"))
    try Self.readmeSceneFile().write(
      to: folder.appendingPathComponent("hello.json"), atomically: true, encoding: .utf8)
    for command in commands {
      let (words, comment) = Self.words(command)
      // "# exits N" names the status; no comment means 0.
      let afterExits = comment.split(separator: " ").drop { $0 != "exits" }.dropFirst().first
      let expected = afterExits.flatMap { Int32($0) } ?? 0
      let result = try animrender.run(Array(words.dropFirst()), in: folder)
      #expect(result.status == expected, "\(path): \(command)\n\(result.stderr)")
    }
    let writes = try #require(Self.pages.first { $0.path == path }).writes
    for name in writes {
      #expect(
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path),
        "\(path): \(name)")
    }
  }

  /// The scene file README asks a newcomer to save plays as written, and
  /// its GIF holds the whole story (every operation's frames).
  @Test func readmesFirstSceneFilePlaysAsWritten() throws {
    let folder = TemporaryDirectory.make()
    try Self.readmeSceneFile().write(
      to: folder.appendingPathComponent("hello.json"), atomically: true, encoding: .utf8)
    let played = try animrender.run(
      ["play", "hello.json", "--layout", "frames", "-o", "f-%03d.png"], in: folder)
    #expect(played.status == 0, "\(played.stderr)")
    let frames = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasPrefix("f-") }
    // show, an 8-frame push, a wait, a rotation and an 8-frame pop.
    #expect(frames.count >= 17)
  }
}
