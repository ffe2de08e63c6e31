import Transit
import TransitRender

/// What one run writes and how, resolved once from the options and the
/// destination: the format, the layout, the grid's columns, the
/// background. Every command and the pipeline read this instead of the
/// options, so a default is decided and `--background` parsed in one place.
///
/// Adding an output format is a case of ``OutputFormat`` (with the layouts
/// it holds) and a branch of ``FramePipeline/run(to:atomic:quiet:memory:)``.
struct OutputPlan: Sendable {
  /// The format written.
  let format: OutputFormat
  /// The layout written: never `apng`, which is read as `animation`.
  let layout: OutputOptions.Layout
  /// `--background`, parsed.
  let background: Color
  /// `--columns` as given; see ``columns(count:)``.
  let requestedColumns: Int?
  /// Where the output goes: a path, a pattern (`--layout frames`) or `-`.
  let destination: String

  /// The format and layout for writing to `destination`, checked against
  /// each other, or a usage error that says what would fit.
  init(_ options: OutputOptions, destination: String) throws(CLIError) {
    let toStandardOutput = destination == "-"
    var named: OutputFormat?
    var animatedName = false
    if !toStandardOutput, let ext = OutputFormat.pathExtension(of: destination) {
      // `.apng` is PNG that plays: an animation unless a layout says otherwise.
      animatedName = ext.lowercased() == "apng"
      guard let known = OutputFormat(extension: ext) else {
        throw CLIError.usage(
          "--output \(destination): animrender writes \(OutputFormat.extensionList) files, not .\(ext)"
        )
      }
      named = known
    }
    if let format = options.format, let named, format != named {
      throw CLIError.usage(
        "--format \(format.rawValue) does not match --output \(destination); name the file .\(format.rawValue) or drop --format"
      )
    }
    let chosen = options.format ?? named ?? .png
    let resolved = options.layout ?? (animatedName ? .animation : chosen.layouts[0])
    guard chosen.layouts.contains(resolved) else {
      let fits = chosen.layouts.map { $0 == .animation ? "apng/animation" : $0.rawValue }
      throw CLIError.usage(
        "--layout \(resolved.rawValue) cannot be written as \(chosen.rawValue) (\(destination)); \(chosen.rawValue) holds \(fits.joined(separator: ", "))"
      )
    }
    if toStandardOutput, resolved == .frames {
      throw CLIError.usage("--output -: --layout frames writes many files and needs a pattern")
    }
    format = chosen
    layout = resolved
    // OutputOptions.validate() refused any other text.
    background = ColorText.parse(options.background) ?? .clear
    requestedColumns = options.columns
    self.destination = destination
  }

  /// The columns of a sheet of `count` frames: `--columns` for a grid, or
  /// about a square; `nil` for a strip, which takes as many as fit.
  func columns(count: Int) -> Int? {
    layout == .grid ? OutputPlan.gridColumns(requestedColumns, count: count) : nil
  }

  /// A grid's columns: `requested`, or about a square of `count` frames.
  static func gridColumns(_ requested: Int?, count: Int) -> Int {
    requested ?? Int(Double(count).squareRoot().rounded(.up))
  }

  /// The pattern of `--layout frames`; `nil` for other layouts, or when
  /// the destination has no `%0Nd`.
  var pattern: FramePattern? { layout == .frames ? FramePattern(destination) : nil }

  /// Whether the run writes a PNG as it draws (see ``StreamedPNG``): an
  /// animation, or a strip or grid without row titles (which are drawn
  /// onto the whole sheet).
  func streamsPNG(rowTitles: Bool) -> Bool {
    format == .png
      && (layout == .animation || ((layout == .strip || layout == .grid) && !rowTitles))
  }
}
