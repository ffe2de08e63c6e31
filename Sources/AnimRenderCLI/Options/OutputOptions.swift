import ArgumentParser
import TransitRender

/// How a run's frames are drawn, laid out and written: shared by `render` and `play`.
struct OutputOptions: ParsableArguments {
  enum Layout: String, ExpressibleByArgument, CaseIterable, Sendable {
    case strip, grid, frames, animation

    /// `apng` is the old name of `animation`, kept for scripts.
    init?(argument: String) {
      self.init(rawValue: argument == "apng" ? "animation" : argument)
    }

    static var allValueStrings: [String] { allCases.map(\.rawValue) + ["apng"] }
  }

  enum Compression: String, ExpressibleByArgument, CaseIterable {
    case fast, smaller, smallest

    var png: PNGCompression {
      switch self {
      case .fast: .fast
      case .smaller: .smaller
      case .smallest: .smallest
      }
    }
  }

  @Option(
    help:
      "strip (one row; past 32,767 px, even rows), grid, frames (one PNG each) or animation (apng); default: what the output's format holds."
  )
  var layout: Layout?

  @Option(
    help:
      "png, gif, webp, mp4, webm, svg, pdf or html (default: the output's extension, else png); must match the extension."
  )
  var format: OutputFormat?

  @Option(help: "Pixels per point.")
  var scale: Double = 1

  @Option(help: "Columns of a grid (default: about a square).")
  var columns: Int?

  @Option(help: "Pixels between and around frames.")
  var padding: Int = 0

  @Option(help: "Colour behind and between frames (#rrggbb, rgb(r,g,b), a name) or transparent.")
  var background: String = "transparent"

  @Flag(help: "Print each frame's time under it (a dragged frame's progress: p 0.40).")
  var labels = false

  @Option(
    name: [.short, .long],
    help:
      "Output file (its extension picks the format), - for standard output; for --layout frames a pattern with one %0Nd, e.g. frame-%03d.png."
  )
  var output: String?

  @Option(
    help:
      "fast (ISA-L igzip, the default), smaller (zlib 6, about half the size) or smallest (zlib 9)."
  )
  var compression: Compression = .fast

  @Option(help: "Loops of an animation (APNG, GIF, WebP), 0 for forever.")
  var loops: Int = 0

  @Option(
    help:
      "Seconds the last frame of an animation shows beyond its frame interval before a loop starts again."
  )
  var hold: Double = 0

  @Option(help: "Write every view's frame, alpha and transform at every frame to this JSON file.")
  var states: String?

  @Flag(help: "No progress bar.")
  var quiet = false

  func validate() throws {
    guard scale.isFinite, scale > 0, scale <= 16 else {
      throw ValidationError("--scale must be in (0, 16], got \(scale)")
    }
    if let columns, columns < 1 {
      throw ValidationError("--columns must be 1 or more, got \(columns)")
    }
    guard padding >= 0, padding <= 4_096 else {
      throw ValidationError("--padding must be in 0…4096, got \(padding)")
    }
    guard ColorText.parse(background) != nil else {
      throw ValidationError("--background: expected \(ColorText.expected), got \"\(background)\"")
    }
    guard loops >= 0, loops <= RenderLimits.maximumLoops else {
      throw ValidationError(
        "--loops must be in 0…\(RenderLimits.maximumLoops) (0 loops forever), got \(loops)")
    }
    guard hold.isFinite, hold >= 0, hold <= RenderLimits.maximumSeconds else {
      throw ValidationError(
        "--hold must be in 0…\(Int(RenderLimits.maximumSeconds)) seconds, got \(hold)")
    }
    if layout == .frames, let output {
      guard let pattern = FramePattern(output) else {
        throw ValidationError(
          "--output: with --layout frames, expected a pattern with one %0Nd (e.g. frame-%03d.png), got \"\(output)\""
        )
      }
      guard !pattern.suffix.contains("/") else {
        throw ValidationError(
          "--output: with --layout frames, the frame number belongs in the file's name, not a folder's, got \"\(output)\""
        )
      }
    }
  }
}
