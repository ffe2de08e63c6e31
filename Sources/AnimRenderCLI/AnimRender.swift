import ArgumentParser
import Foundation
import Transit

/// animrender: draws Transit's transitions as frame strips, grids, frame
/// sets and animated PNGs, compares images, and lists styles and curves.
///
/// The `animrender` executable calls ``main(registering:)`` with no extra
/// styles. A program of your own can run the very same commands with its own
/// styles available to `--style` and to scene files:
///
/// ```swift
/// import AnimRenderCLI
///
/// AnimRender.main(registering: [CubeStyle()])
/// ```
public struct AnimRender: ParsableCommand {
  static let version = "0.1.0"

  public init() {}

  /// Registers `styles` next to the built-in ones (a style with a built-in
  /// name replaces it), then parses the command line and runs the command.
  public static func main(registering styles: [any TransitionStyle]) {
    StyleLookup.register(styles)
    if let topic = unknownHelpTopic(Array(CommandLine.arguments.dropFirst())) {
      Terminal.writeError(
        "animrender: help: no command \"\(topic)\"; commands: \(commandNames.joined(separator: ", "))\n"
      )
      exit(withError: ExitCode(ExitStatus.usage.rawValue))
    }
    if let argument = disguisedHelp(Array(CommandLine.arguments.dropFirst())) {
      Terminal.writeError(
        "animrender: \(CLIError.oneLine(CLIError.echoed(argument))) is not an option; a value that starts with - goes after -- (a file name: ./\(CLIError.oneLine(CLIError.echoed(argument))))\n"
      )
      exit(withError: ExitCode(ExitStatus.usage.rawValue))
    }
    do {
      var command = try parseAsRoot()
      // Before anything starts a thread: libdispatch waits for good when
      // it cannot make one.
      try CommandRunner.run { try ResourceLimits.prepare() }
      AtomicOutput.installSignalHandlers()
      try command.run()
    } catch {
      exit(reporting: error)
    }
  }

  /// The longest line of a parser's message printed whole.
  static let longestParserLine = 240

  /// A line of a parser's message with long runs cut
  /// (``CLIError/shortened(_:)``) and, if still longer than
  /// ``longestParserLine`` (a value with spaces, quoted whole), its middle
  /// cut: its start says what was wrong, its end which flag.
  static func shortLine(_ line: String) -> String {
    let line = CLIError.shortened(line)
    guard line.count > longestParserLine else { return line }
    let head = longestParserLine / 2
    return "\(line.prefix(head))…\(line.suffix(longestParserLine - head - 1))"
  }

  /// Ends the process for `error` as ArgumentParser's `exit(withError:)`
  /// does, but with a parser's message (which echoes a flag's value whole)
  /// passed through ``CLIError/shortened(_:)``, so a value of megabytes
  /// is not printed back, and its controls escaped (``CLIError/oneLine(_:)``). Help and version (status 0) are printed as they are.
  static func exit(reporting error: any Error) -> Never {
    let status = exitCode(for: error)
    guard status != .success else { exit(withError: error) }
    var message = fullMessage(for: error)
    // The error itself may echo a flag's value holding newlines, other
    // controls or bidirectional overrides: escaped as a CLIError's are, so
    // the usage lines after it stay the only other lines.
    let problem = self.message(for: error)
    if let range = message.range(of: problem) {
      message.replaceSubrange(range, with: CLIError.oneLine(problem))
    }
    if !message.isEmpty {
      let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
      Terminal.writeError(lines.map { shortLine(CLIError.oneLine(String($0))) + "\n" }.joined())
    }
    Foundation.exit(status.rawValue)
  }

  static var commandNames: [String] {
    configuration.subcommands.compactMap { $0.configuration.commandName }
  }

  /// An argument ArgumentParser would read as a group of short flags
  /// holding `h`, so as a request for help (printed with status 0), that
  /// cannot be one because it holds more than letters: a value starting
  /// with `-`, such as `curve -steps(5,jump-both)`. Arguments after `--`
  /// are values.
  static func disguisedHelp(_ arguments: [String]) -> String? {
    for argument in arguments {
      if argument == "--" { return nil }
      guard argument.hasPrefix("-"), !argument.hasPrefix("--"), argument.count > 2 else {
        continue
      }
      let group = argument.dropFirst()
      if group.contains("h"), !group.allSatisfy({ $0.isASCII && $0.isLetter }) { return argument }
    }
    return nil
  }

  /// The first word after `help` that names no command (`help frobnicate`),
  /// which ArgumentParser would otherwise answer with the root help and 0.
  static func unknownHelpTopic(_ arguments: [String]) -> String? {
    guard arguments.first == "help" else { return nil }
    return arguments.dropFirst().first { !commandNames.contains($0) && !$0.hasPrefix("-") }
  }

  public static let configuration = CommandConfiguration(
    commandName: "animrender",
    abstract:
      "Draw Transit transitions as strips, grids, frame sets, animations, videos and vector sheets.",
    discussion: """
      With no subcommand, draws the built-in demo to animrender-demo.png.

      \(OutputFormat.helpLines)
      """,
    version: version,
    subcommands: [
      DemoCommand.self, RenderCommand.self, PlayCommand.self, StylesCommand.self,
      CurveCommand.self, DiffCommand.self, PreviewCommand.self,
    ],
    defaultSubcommand: DemoCommand.self
  )
}
