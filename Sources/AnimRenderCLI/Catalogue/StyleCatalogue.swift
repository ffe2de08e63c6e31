import Transit
import TransitRender

/// `animrender styles --catalogue FILE.png`: every style of the registry,
/// each a strip of its forward frames under its name and a line on how it
/// moves (``StyleMotion``), four styles to a row, in the registry's order.
///
/// Each strip shows ``framesPerStyle`` frames from the first to the last,
/// so the middle one of a flip is the card edge-on.
enum StyleCatalogue {
  static let framesPerStyle = 5
  static let frameSize = Size(width: 64, height: 106)
  static let stylesPerRow = 4
  /// Pixels between frames of a strip.
  static let gap = 4
  /// Pixels between styles and around the sheet.
  static let margin = 14
  /// The name's band and the description's (two lines), in pixels.
  static let nameHeight = 18
  static let descriptionHeight = 30
  static let background = Color(red: 0.11, green: 0.11, blue: 0.118)

  static var blockWidth: Int {
    framesPerStyle * Int(frameSize.width) + (framesPerStyle - 1) * gap
  }
  static var blockHeight: Int { nameHeight + descriptionHeight + Int(frameSize.height) }

  /// The sheet's size for `count` styles, or a usage error when it would be
  /// taller than an image can be (thousands of registered styles).
  static func sheetSize(count: Int) throws(CLIError) -> (width: Int, height: Int) {
    let rows = (count + stylesPerRow - 1) / stylesPerRow
    let width = stylesPerRow * blockWidth + (stylesPerRow + 1) * margin
    let height = rows * (blockHeight + margin) + margin
    guard count > 0, height <= Image.maximumSide else {
      throw CLIError.usage(
        "--catalogue: \(count) styles do not fit one picture (at most \((Image.maximumSide - margin) / (blockHeight + margin) * stylesPerRow))"
      )
    }
    return (width, height)
  }

  /// Draws every style of `registry` and writes the sheet to `path`, a PNG.
  static func write(_ registry: TransitionStyles, to path: String, quiet: Bool) throws(CLIError) {
    if path == "-" { throw CLIError.usage("--catalogue: expected a file name, e.g. styles.png") }
    if let ext = OutputFormat.pathExtension(of: path), OutputFormat(extension: ext) != .png {
      throw CLIError.usage("--catalogue \(path): the catalogue is a PNG; name it .png")
    }
    let output = AtomicOutput()
    try output.prepare(outputs: [.init(what: "--catalogue \(path)", path: path)])
    let styles = registry.names.compactMap { try? registry.style(named: $0) }
    let (width, height) = try sheetSize(count: styles.count)
    let progress = ProgressBar(
      total: styles.count * framesPerStyle, label: "drawing", quiet: quiet)
    defer { progress.finish() }
    var sheet = Sheet(
      width: width,
      pixels: [UInt32](repeating: background.premultipliedARGB32, count: width * height))
    let image: Image
    do {
      let renderer = Renderer()
      for (index, style) in styles.enumerated() {
        let left = margin + (index % stylesPerRow) * (blockWidth + margin)
        let top = margin + (index / stylesPerRow) * (blockHeight + margin)
        let header = try renderer.render(headerScene(for: style))
        sheet.paste(header, x: left, y: top)
        let timeline = try TransitionPair(style: style, size: frameSize).timeline(reversed: false)
        for frame in 0..<framesPerStyle {
          let frameImage = try renderer.render(timeline.sample(frame: frame, of: framesPerStyle))
          sheet.paste(
            frameImage, x: left + frame * (Int(frameSize.width) + gap),
            y: top + nameHeight + descriptionHeight)
          progress.advance()
        }
      }
      image = try Image(width: width, height: height, pixels: sheet.pixels)
    } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError.failed("drawing the catalogue failed: \(error)", cause: error)
    }
    do { try output.stage(try PNGEncoder.encode(image), as: path) } catch let error as CLIError {
      throw error
    } catch {
      throw CLIError.failed("encoding the catalogue failed: \(error)", cause: error)
    }
    try output.commit()
    print(path)
  }

  /// The style's name in bold and, under it, how it moves.
  static func headerScene(for style: any TransitionStyle) -> Scene {
    let width = Double(blockWidth)
    var views = [
      View(
        id: "name", frame: Rect(x: 0, y: 0, width: width, height: Double(nameHeight)),
        text: TextContent(
          string: style.name, size: 11.5, color: Color(red: 0.92, green: 0.92, blue: 0.94),
          weight: .bold))
    ]
    if let words = StyleMotion.description(of: style) {
      views.append(
        View(
          id: "motion",
          frame: Rect(
            x: 0, y: Double(nameHeight), width: width, height: Double(descriptionHeight - 2)),
          text: TextContent(
            string: words, size: 10.5, color: Color(red: 0.7, green: 0.7, blue: 0.74))))
    }
    return Scene(
      size: Size(width: width, height: Double(nameHeight + descriptionHeight)),
      backgroundColor: background, views: views)
  }

  /// The catalogue's pixels while it is drawn.
  struct Sheet {
    var width: Int
    var pixels: [UInt32]

    /// Copies `image` in with its top-left corner at (x, y); the caller
    /// keeps it inside.
    mutating func paste(_ image: Image, x: Int, y: Int) {
      for row in 0..<image.height {
        let from = row * image.width
        let to = (y + row) * width + x
        pixels.replaceSubrange(
          to..<to + image.width, with: image.pixels[from..<from + image.width])
      }
    }
  }
}
