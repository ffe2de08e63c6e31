import TransitRender

/// `--labels`: the frame's time, e.g. `0.133s`, drawn under the frame in a
/// built-in 5×7 pixel font. A bitmap font, not a system one, so that labelled
/// output is the same on every machine.
enum FrameLabel {
  /// The font, drawn: one 5×7 glyph per character of ``characters``, side by
  /// side and a space apart, `#` for ink and `.` for none.
  static let characters = "0123456789.s"
  static let font = [
    ".###. ..#.. .###. ##### ...#. ##### ..##. ##### .###. .###. ..... .....",
    "#...# .##.. #...# ...#. ..##. #.... .#... ....# #...# #...# ..... .....",
    "#..## ..#.. ....# ..#.. .#.#. ####. #.... ...#. #...# #...# ..... .###.",
    "#.#.# ..#.. ...#. ...#. #..#. ....# ####. ..#.. .###. .#### ..... #....",
    "##..# ..#.. ..#.. ....# ##### ....# #...# .#... #...# ....# ..... .###.",
    "#...# ..#.. .#... #...# ...#. #...# #...# .#... #...# ...#. .##.. ....#",
    ".###. .###. ##### .###. ...#. .###. .###. .#... .###. .##.. .##.. ####.",
  ]

  /// Rows of each glyph, top to bottom, 5 bits each (bit 4 = leftmost),
  /// read once from ``font``.
  static let glyphs: [Character: [UInt8]] = {
    let rows = font.map { $0.split(separator: " ") }
    return Dictionary(
      uniqueKeysWithValues: characters.enumerated().map { index, character in
        (character, rows.map { $0[index].reduce(0) { $0 << 1 | ($1 == "#" ? 1 : 0) } })
      })
  }()

  static let bandColor: UInt32 = 0xFF20_2020
  static let inkColor: UInt32 = 0xFFE8_E8E8

  /// The text for a time: three decimals and a unit, e.g. `0.400s`.
  static func text(for time: Double) -> String {
    // Clamped before converting, so no time, however large or NaN, traps;
    // scene files bound durations, so real labels stay far below this.
    let scaled = (time.isFinite ? max(0, time) : 0) * 1000
    let millis = Int(min(scaled, 1e15).rounded())
    let fraction = String(millis % 1000)
    return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
  }

  /// The size of a dot of the font under a frame of `width` × `height`.
  static func dot(width: Int, height: Int, time: Double) -> Int {
    max(1, min(width / (text(for: time).count * 6 + 2), height / 60, 4))
  }

  /// The height of the band added under a frame of `width` × `height`.
  static func bandHeight(width: Int, height: Int, time: Double) -> Int {
    9 * dot(width: width, height: height, time: time)
  }

  /// `image` with a band under it showing `time`.
  static func attach(time: Double, below image: Image) throws -> Image {
    let text = Array(self.text(for: time))
    let dot = dot(width: image.width, height: image.height, time: time)
    let band = 9 * dot
    let width = image.width
    let height = image.height + band
    var pixels = image.pixels
    pixels.reserveCapacity(width * height)
    pixels.append(contentsOf: repeatElement(bandColor, count: width * band))
    let textWidth = (text.count * 6 - 1) * dot
    let left = max(0, (width - textWidth) / 2)
    let top = image.height + dot
    for (n, character) in text.enumerated() {
      guard let rows = glyphs[character] else { continue }
      for (row, bits) in rows.enumerated() {
        for column in 0..<5 where bits & (0b10000 >> column) != 0 {
          for dy in 0..<dot {
            for dx in 0..<dot {
              let x = left + (n * 6 + column) * dot + dx
              let y = top + row * dot + dy
              if x < width, y < height { pixels[y * width + x] = inkColor }
            }
          }
        }
      }
    }
    return try Image(width: width, height: height, pixels: pixels)
  }
}
