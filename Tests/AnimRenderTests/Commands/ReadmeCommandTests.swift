import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

/// Every `animrender` command shown in the CLI reference (Docs/CLI.md)
/// runs, in order, in a fresh folder holding a copy of Examples/, and exits
/// as the reference says (0, or the status a trailing `# exits N` comment names).
@Suite("CLI reference commands")
struct ReadmeCommandTests {
  /// The CLI reference's text.
  static func reference() throws -> String {
    try String(
      contentsOf: PackageFiles.root.appendingPathComponent("Docs/CLI.md"), encoding: .utf8)
  }

  /// The shell lines of the reference's sh blocks from "## animrender" up
  /// to the scene-file section.
  static func commands() throws -> [String] {
    let readme = try reference()
    guard let start = readme.range(of: "\n## animrender\n"),
      let end = readme.range(of: "\n## Scene files", range: start.upperBound..<readme.endIndex)
    else { return [] }
    var commands: [String] = []
    var inShell = false
    for line in readme[start.upperBound..<end.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      if line.hasPrefix("```sh") {
        inShell = true
      } else if line.hasPrefix("```") {
        inShell = false
      } else if inShell, line.hasPrefix("animrender") {
        commands.append(String(line))
      }
    }
    return commands
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

  @Test func everyCommandInTheReadmeRuns() throws {
    let commands = try Self.commands()
    #expect(commands.count >= 15)
    let folder = TemporaryDirectory.make()
    try FileManager.default.copyItem(
      at: PackageFiles.root.appendingPathComponent("Examples"),
      to: folder.appendingPathComponent("Examples"))
    for command in commands {
      let (words, comment) = Self.words(command)
      // "# exits N" names the status; no comment means 0.
      let afterExits = comment.split(separator: " ").drop { $0 != "exits" }.dropFirst().first
      let expected = afterExits.flatMap { Int32($0) } ?? 0
      let result = try animrender.run(Array(words.dropFirst()), in: folder)
      #expect(result.status == expected, "\(command)\n\(result.stderr)")
    }
    // What they wrote is there.
    for name in [
      "cover.png", "flip.png", "pop-000.png", "shots.png", "states.json", "story.png",
      "elastic.png", "diff.png",
    ] {
      #expect(
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), "\(name)")
    }
  }
}

/// The scene file the CLI reference shows is complete: it plays as written
/// (with the avatar image it names), and without the image it fails naming the field.
@Suite("CLI reference scene file")
struct ReadmeSceneFileTests {
  @Test func theDocumentedSceneFilePlays() throws {
    let readme = try ReadmeCommandTests.reference()
    let section = try #require(readme.range(of: "## Scene files"))
    let open = try #require(
      readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
    let close = try #require(readme.range(of: "\n```", range: open.upperBound..<readme.endIndex))
    let json = String(readme[open.upperBound..<close.lowerBound])
    let folder = TemporaryDirectory.make()
    try json.write(
      to: folder.appendingPathComponent("story.json"), atomically: true, encoding: .utf8)
    let missing = try animrender.run(["play", "story.json", "-o", "story.png"], in: folder)
    #expect(missing.status == 66)
    #expect(missing.stderr.contains("views[0].children[2].image"))
    var avatar = try Image(width: 8, height: 8, fill: Color(red: 0.9, green: 0.6, blue: 0.1))
    avatar[0, 0] = Color.black.premultipliedARGB32
    try avatar.writePNG(to: folder.appendingPathComponent("avatar.png").path)
    let played = try animrender.run(
      ["play", "story.json", "--layout", "grid", "-o", "story.png"], in: folder)
    #expect(played.status == 0, "\(played.stderr)")
    let sheet = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("story.png").path)
    // 1 (show) + 6 (push) + 1 (rotate) + 2 (wait) + 6 (pop) frames on a square canvas.
    #expect(sheet.width == 4 * 844 && sheet.height == 4 * 844)
  }
}
