import ArgumentParser
import Foundation
import Transit
import TransitRender

/// `animrender render`: one transition between two screens.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract:
      "Draw one transition between two screens (screenshots or placeholders), forward or reversed.",
    discussion: """
      \(OutputFormat.helpLines)

      Examples:
        animrender render --style cover-from-bottom --frames 6 -o cover.png
        animrender render --from a.png --to b.png --style flip-horizontally --layout apng -o flip.png
        animrender render --style push-from-right --reverse --layout frames -o pop-%03d.png
        animrender render --style cross-dissolve --frames 12 --size 80x120 -o fade.mp4
        animrender render --style flip-vertically --size 120x200 --frames 5 -o flip.svg
      """)

  @Option(help: "The transition style (see `animrender styles`).")
  var style: String = "push-from-right"

  @Option(help: "Screenshot of the screen that goes away (default: a red placeholder inbox).")
  var from: String?

  @Option(
    help: "Screenshot of the screen that comes in (default: a blue placeholder settings list).")
  var to: String?

  @Option(help: "Container size in points, WxH (default: --from's size, else 390x844).")
  var size: String?

  @OptionGroup var frames: FrameCountOptions

  @Option(help: "Duration in seconds (default: the style's own).")
  var duration: Double?

  @Option(help: "A timing curve for every step, overriding the style's (see `animrender curve`).")
  var curve: String?

  @Flag(help: "Draw the reverse (the pop).")
  var reverse = false

  @OptionGroup var output: OutputOptions

  func validate() throws {
    if let size, SizeInPoints.parse(size) == nil {
      throw ValidationError(
        "--size: expected WxH with whole numbers in 1…\(SizeInPoints.maximumSide), e.g. 390x844, got \"\(size)\""
      )
    }
  }

  func run() throws {
    try CommandRunner.run {
      let transition = try StyleLookup.style(named: style)
      // The screenshots' headers are read and their pixels charged; they
      // are decoded once the output is charged too.
      var memory = MemoryBudget()
      var pending = InputImages()
      var sizes: [String: (width: Int, height: Int)] = [:]
      for (key, flag, path) in [("from", "--from", from), ("to", "--to", to)] {
        if let path {
          sizes[flag] = try pending.add(
            key, path: path, what: "\(flag) \(path)", name: "\(flag) \(path)", to: &memory)
        }
      }
      let points: Size
      if let size, let parsed = SizeInPoints.parse(size) {
        points = Size(width: Double(parsed.width), height: Double(parsed.height))
      } else if let first = sizes["--from"] ?? sizes["--to"] {
        points = Size(width: Double(first.width), height: Double(first.height))
      } else {
        points = Size(width: 390, height: 844)
      }
      if let duration,
        !(duration.isFinite && duration >= 0 && duration <= RenderLimits.maximumSeconds)
      {
        throw CLIError.data(
          "--duration: expected 0…\(Int(RenderLimits.maximumSeconds)) seconds, got \(duration)")
      }
      var timingCurve: TimingCurve?
      if let curve {
        do { timingCurve = try TimingCurve(parsing: curve) } catch let error as TransitError {
          throw CLIError.data("--curve: \(error.message)")
        }
      }
      let pair = TransitionPair(
        style: transition, size: points, duration: duration, curve: timingCurve,
        fromImage: from.map { _ in "from" }, toImage: to.map { _ in "to" })
      let timeline = try pair.timeline(reversed: reverse)
      let count = try frames.count(over: timeline.duration)
      let name = reverse ? "\(style) (reversed)" : style
      let specs = FrameSpec.frames(of: timeline, count: count).map { frame in
        var named = frame
        named.operation = name
        return named
      }
      let destination = output.output ?? RenderCommand.defaultOutput(output, style: style)
      try Job(
        frames: specs, size: points, images: ImageProvider(), output: output,
        duration: timeline.duration, memory: memory, pendingImages: pending,
        inputs: [("--from", from), ("--to", to)].compactMap { flag, path in
          path.map { OutputPaths.Named(what: "\(flag) \($0)", path: $0) }
        }
      ).run(to: destination)
    }
  }

  /// `STYLE.png` (or the `--format`'s extension), `STYLE-%03d.png` for frames.
  static func defaultOutput(_ output: OutputOptions, style: String) -> String {
    if output.layout == .frames { return "\(style)-%03d.png" }
    return "\(style).\(output.format?.rawValue ?? "png")"
  }
}
