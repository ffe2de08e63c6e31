import Transit

/// A rendered picture: premultiplied ARGB32 pixels, row by row, top to bottom.
///
/// Each pixel is one `UInt32` laid out as Cairo's `CAIRO_FORMAT_ARGB32`:
/// alpha in the top byte, then red, green and blue, each already multiplied
/// by alpha (so a half-transparent pure red is `0x8080_0000`). Rows have no
/// padding: the pixel at (x, y) is `pixels[y * width + x]`.
///
/// An image is a plain value (Sendable, Equatable), so frames rendered on
/// several threads can be handed to encoders on others.
///
/// ```swift
/// var image = try Image(width: 2, height: 1, fill: .white)
/// image[1, 0] = 0xFF00_0000  // opaque black
/// let png = try image.pngData()
/// ```
public struct Image: Sendable, Equatable {
  /// The number of pixels per row.
  public private(set) var width: Int
  /// The number of rows.
  public private(set) var height: Int
  /// Premultiplied ARGB32 pixels, `width * height` of them, row-major.
  public private(set) var pixels: [UInt32]

  /// The largest side Cairo accepts for an image surface, 32,767 pixels.
  public static let maximumSide = 32_767

  /// Creates an image from premultiplied ARGB32 pixels.
  ///
  /// - Throws: ``RenderError`` when a side is outside `1…32767` or the pixel
  ///   count is not `width * height`.
  public init(width: Int, height: Int, pixels: [UInt32]) throws(RenderError) {
    try Image.validate(width: width, height: height, what: "image")
    guard pixels.count == width * height else {
      throw RenderError(
        "image of \(width)×\(height) needs \(width * height) pixels, got \(pixels.count)")
    }
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// Creates an image filled with one colour (transparent by default).
  ///
  /// - Throws: ``RenderError`` when a side is outside `1…32767`.
  public init(width: Int, height: Int, fill: Color = .clear) throws(RenderError) {
    try Image.validate(width: width, height: height, what: "image")
    self.width = width
    self.height = height
    self.pixels = [UInt32](repeating: fill.premultipliedARGB32, count: width * height)
  }

  /// Creates an image without checking, for code that validated already.
  init(uncheckedWidth width: Int, height: Int, pixels: [UInt32]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// The pixel at column `x`, row `y`, as premultiplied ARGB32.
  public subscript(x: Int, y: Int) -> UInt32 {
    get { pixels[y * width + x] }
    set { pixels[y * width + x] = newValue }
  }

  /// Whether every pixel has alpha 255; such images are written as RGB PNGs.
  ///
  /// - Complexity: O(*n*) in the number of pixels, stopping at the first
  ///   translucent one.
  public var isOpaque: Bool {
    pixels.withUnsafeBufferPointer { buffer in
      // AND-ing blocks of pixels vectorises; stop at the first block with a
      // translucent pixel.
      var start = 0
      while start < buffer.count {
        let end = min(start + 4_096, buffer.count)
        var all: UInt32 = 0xFF00_0000
        for i in start..<end { all &= buffer[i] }
        if all < 0xFF00_0000 { return false }
        start = end
      }
      return true
    }
  }

  /// Checks a width and height against Cairo's limits before anything is
  /// allocated.
  static func validate(width: Int, height: Int, what: @autoclosure () -> String)
    throws(RenderError)
  {
    guard width >= 1, width <= maximumSide else {
      throw RenderError.sideOutOfRange(what(), side: "width", value: width)
    }
    guard height >= 1, height <= maximumSide else {
      throw RenderError.sideOutOfRange(what(), side: "height", value: height)
    }
  }

  /// Makes the image `width` × `height` pixels of `fill`, in the memory
  /// it already holds when it can: the start of drawing a frame into an
  /// image that held the previous one (see ``Renderer/render(_:into:)``).
  ///
  /// The memory is reused only when no other copy of the image shares it
  /// and it is large enough (and not more than twice so, so that a small
  /// frame does not keep a large one's memory). A copy held elsewhere is
  /// never changed: the image then gets memory of its own, without copying
  /// the pixels that are about to be overwritten.
  mutating func refill(width: Int, height: Int, with fill: UInt32) {
    let count = width * height
    if pixels.capacity > 2 * count { pixels = [] }
    // Keeps the memory when it is not shared; otherwise new memory,
    // uninitialised rather than a copy of pixels about to be overwritten.
    pixels.removeAll(keepingCapacity: true)
    pixels.append(contentsOf: repeatElement(fill, count: count))
    self.width = width
    self.height = height
  }

  /// Gives the pixels to `body` for writing, for the renderer and decoders
  /// that fill an image in place.
  mutating func withUnsafeMutablePixels<R>(
    _ body: (UnsafeMutableBufferPointer<UInt32>) throws(RenderError) -> R
  ) throws(RenderError) -> R {
    var result: Result<R, RenderError>?
    pixels.withUnsafeMutableBufferPointer { buffer in
      do throws(RenderError) {
        result = .success(try body(buffer))
      } catch {
        result = .failure(error)
      }
    }
    return try result!.get()
  }
}
