import ArgumentParser
import Foundation
import Transit

/// `animrender styles`: every style and alias with its intrinsic duration,
/// or, with `--catalogue`, a picture of every style in motion.
struct StylesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "styles",
    abstract:
      "List every transition style and alias with its intrinsic duration, or draw them all to a PNG.",
    discussion: """
      One line per style, then one per alias, which also names the style it stands for. \
      --catalogue draws every style (not the aliases) as a strip of frames under its name \
      and the way it moves.
      Examples: animrender styles · animrender styles --json · animrender styles --catalogue styles.png
      """)

  @Flag(help: "Print JSON: [{\"name\": …, \"duration\": …}, …], with \"aliasOf\" for an alias.")
  var json = false

  @Option(
    help: "Draw every style, labelled with how it moves, to this PNG instead of listing them.")
  var catalogue: String?

  @Flag(help: "No progress bar (with --catalogue).")
  var quiet = false

  struct Entry: Codable {
    var name: String
    var duration: Double
    /// For an alias, the style it stands for.
    var aliasOf: String?
  }

  func validate() throws {
    if json, catalogue != nil { throw ValidationError("give --json or --catalogue, not both") }
  }

  func run() throws {
    try CommandRunner.run {
      let registry = StyleLookup.registry
      if let catalogue {
        try StyleCatalogue.write(registry, to: catalogue, quiet: quiet)
        return
      }
      let entries = registry.all.map {
        Entry(name: $0.name, duration: $0.intrinsicDuration, aliasOf: $0.aliasOf)
      }
      if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        print(String(decoding: try encoder.encode(entries), as: UTF8.self))
      } else {
        let width = entries.map(\.name.count).max() ?? 0
        for entry in entries {
          let alias =
            entry.aliasOf.map { $0 == entry.name ? "  (alias)" : "  (alias of \($0))" } ?? ""
          print(
            entry.name + String(repeating: " ", count: width - entry.name.count + 2)
              + "\(entry.duration) s" + alias)
        }
      }
    }
  }
}
