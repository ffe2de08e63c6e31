import ArgumentParser
import Foundation
import Transit

/// `animrender styles`: every style with its intrinsic duration.
struct StylesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "styles",
    abstract: "List every transition style with its intrinsic duration.",
    discussion: "Examples: animrender styles · animrender styles --json")

  @Flag(help: "Print JSON: [{\"name\": …, \"duration\": …}, …].")
  var json = false

  struct Entry: Codable {
    var name: String
    var duration: Double
  }

  func run() throws {
    try CommandRunner.run {
      let registry = StyleLookup.registry
      let entries = registry.names.compactMap { name -> Entry? in
        guard let style = try? registry.style(named: name) else { return nil }
        return Entry(name: name, duration: style.intrinsicDuration)
      }
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(entries), as: UTF8.self))
      } else {
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
          print(
            entry.name + String(repeating: " ", count: width - entry.name.count + 2)
              + "\(entry.duration) s")
        }
      }
    }
  }
}
