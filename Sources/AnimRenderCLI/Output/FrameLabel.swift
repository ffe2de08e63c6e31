import Transit
import TransitRender

/// `--labels`: a band under each frame saying where it is, drawn with the
/// bundled DejaVu Sans as the rest of animrender's text is, so labelled
/// output is the same on every machine. A frame of the clock shows its time
/// (`0.133s`); a frame of a drag, where the finger and not the clock sets
/// the picture, shows its progress (`p 0.40`).
enum FrameLabel {
  /// The band behind the text and the text's colour.
  static let bandColor = Color(red: 0x20 / 255, green: 0x20 / 255, blue: 0x20 / 255)
  static let inkColor = Color(red: 0xE8 / 255, green: 0xE8 / 255, blue: 0xE8 / 255)

  /// The text for `frame`: its progress when it was dragged there, else its time.
  static func text(for frame: FrameSpec) -> String {
    frame.progress.map(text(forProgress:)) ?? text(for: frame.time)
  }

  /// The text for a time: three decimals and a unit, e.g. `0.400s`.
  static func text(for time: Double) -> String {
    // Clamped before converting, so no time, however large or NaN, traps;
    // scene files bound durations, so real labels stay far below this.
    let scaled = (time.isFinite ? max(0, time) : 0) * 1000
    let millis = Int(min(scaled, 1e15).rounded())
    let fraction = String(millis % 1000)
    return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }

  /// The text for a drag's progress: `p` and two decimals, e.g. `p 0.40`.
  static func text(forProgress progress: Double) -> String {
    let hundredths = Int(((progress.isFinite ? min(max(progress, 0), 1) : 0) * 100).rounded())
    let fraction = String(hundredths % 100)
    return "p \(hundredths / 100).\(String(repeating: "0", count: 2 - fraction.count))\(fraction)"
  }

  /// The height of the band added under a frame of `width` × `height`
  /// pixels: a tenth of the frame, within 12…36 pixels.
  static func bandHeight(width: Int, height: Int) -> Int {
    min(max(height / 10, 12), 36)
  }

  /// The band for `text` under a frame `width` pixels wide: the text
  /// centred, 0.6 of the band tall, smaller when the frame is too narrow
  /// for it.
  static func band(_ text: String, width: Int, height: Int) -> Scene {
    let band = Double(bandHeight(width: width, height: height))
    // DejaVu Sans's digits are 0.64 em wide; the rest of a label no wider.
    let fitting = Double(width - 2) / (Double(text.count) * 0.64)
    let size = max(1, min(band * 0.6, fitting))
    let bounds = Rect(x: 0, y: 0, width: Double(width), height: band)
    return Scene(
      size: bounds.size, backgroundColor: bandColor,
      views: [
        View(
          id: "label", frame: bounds,
          text: TextContent(string: text, size: size, color: inkColor, align: .center))
      ])
  }

  /// `image` with a band under it showing `text`, drawn by `renderer` (one
  /// that draws at one pixel per point).
  static func attach(_ text: String, below image: Image, renderer: Renderer) throws -> Image {
    let band = try renderer.render(band(text, width: image.width, height: image.height))
    var pixels = image.pixels
    pixels.reserveCapacity(image.width * (image.height + band.height))
    pixels.append(contentsOf: band.pixels)
    return try Image(width: image.width, height: image.height + band.height, pixels: pixels)
  }
}
