import ArgumentParser
import Transit
import TransitRender

/// `animrender` or `animrender demo`: the built-in demo, a grid of a handful
/// of styles, each row one style played forward and then in reverse.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Draw the built-in demo (the default when no subcommand is given).",
    discussion: """
      A grid of styles, one row each, titled with the style's name: \(framesPerDirection) frames \
      forward, then \(framesPerDirection) in reverse. The grid is written as \
      \(OutputFormat.names(holding: .grid)), chosen by the extension of -o.
      Examples:
        animrender demo -o demo.png
        animrender demo --styles cross-dissolve,flip-vertically -o two.svg
      """)

  /// The styles shown, one per row.
  static let styles = [
    "push-from-right", "cover-from-bottom", "cross-dissolve", "flow-from-right",
    "emerge-from-center", "flip-horizontally", "rotate-vertically-from-left-clockwise",
  ]
  /// Frames per direction.
  static let framesPerDirection = 5
  static let size = Size(width: 120, height: 200)

  @Option(name: [.short, .long], help: "Where to write the demo.")
  var output: String = "animrender-demo.png"

  @Option(help: "Comma-separated styles to show instead of the usual seven, one row each.")
  var styles: String?

  @Flag(help: "No progress bar.")
  var quiet = false

  func run() throws {
    try CommandRunner.run {
      var options = try OutputOptions.parse([
        "--layout", "grid", "--columns", "\(2 * DemoCommand.framesPerDirection)",
        "--padding", "6", "--background", "#1c1c1e",
      ])
      options.quiet = quiet
      try DemoCommand.checkOutput(output)
      try Job(
        frames: try DemoCommand.frames(styles: chosenStyles), size: DemoCommand.size,
        images: ImageProvider(),
        output: options, duration: 0, rowTitles: chosenStyles
      ).run(to: output)
    }
  }

  var chosenStyles: [String] {
    guard let styles else { return DemoCommand.styles }
    return styles.split(separator: ",").map { String($0.trimmingWhitespace()) }
      .filter { !$0.isEmpty }
  }

  /// Refuses (64) an output whose extension names a format that cannot
  /// hold the demo's grid, in words that name only demo's own flags (the
  /// general check would suggest `--layout`, which demo does not have).
  static func checkOutput(_ output: String) throws(CLIError) {
    guard output != "-", let ext = OutputFormat.pathExtension(of: output),
      let format = OutputFormat(extension: ext), !format.layouts.contains(.grid)
    else { return }
    throw CLIError.usage(
      "--output \(CLIError.echoed(output)): the demo is a grid of frames, written as "
        + "\(OutputFormat.names(holding: .grid)) (.png, .svg or .pdf), not \(format.displayName)")
  }

  /// Every frame of the demo, row by row.
  static func frames(styles: [String]) throws(CLIError) -> [FrameSpec] {
    guard !styles.isEmpty else {
      throw CLIError.usage("--styles: expected at least one style name")
    }
    // Counted before any timeline is built.
    let count = styles.count * 2 * framesPerDirection
    guard count <= RenderLimits.maximumFrames else {
      throw CLIError.usage(
        "--styles: \(styles.count) styles make \(count) frames, more than the \(RenderLimits.maximumFrames) one run draws"
      )
    }
    var frames: [FrameSpec] = []
    for name in styles {
      let pair = TransitionPair(
        style: try StyleLookup.style(named: name, flag: "--styles"), size: size)
      let forward = try pair.timeline(reversed: false)
      let reverse = try pair.timeline(reversed: true)
      frames += FrameSpec.frames(of: forward, count: framesPerDirection)
      frames += FrameSpec.frames(
        of: reverse, count: framesPerDirection, startingAt: forward.duration)
    }
    return frames
  }
}
