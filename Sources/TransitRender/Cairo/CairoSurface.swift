import CTransitCairo

/// An owned Cairo ARGB32 image surface, destroyed exactly once when the last
/// reference goes.
///
/// A reference type because a C resource demands one: the surface must be
/// freed once, and copies of a struct could not know which copy frees it.
/// Not Sendable: Cairo objects are not thread-safe, and every thread renders
/// with its own.
final class CairoSurface {
  /// The `cairo_surface_t *`, never exposed outside TransitRender.
  let pointer: OpaquePointer
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// The image whose pixels the surface shows, kept alive with it
  /// (``init(sharing:what:)``).
  private var shared: Image?

  /// Creates a cleared (transparent) surface owning its pixels.
  ///
  /// - Throws: ``RenderError`` for a side outside 1…32767 (checked before
  ///   allocating) or when Cairo cannot create it.
  convenience init(width: Int, height: Int, what: String = "surface") throws(RenderError) {
    try Image.validate(width: width, height: height, what: what)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    try self.init(adopting: surface, width: width, height: height, what: what)
  }

  /// Creates a cleared 8-bit alpha-only surface (Cairo's A8): a mask,
  /// a quarter of the memory of an ARGB32 surface.
  ///
  /// - Throws: ``RenderError`` as ``init(width:height:what:)`` does.
  convenience init(alphaWidth width: Int, height: Int, what: String) throws(RenderError) {
    try Image.validate(width: width, height: height, what: what)
    let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
    try self.init(adopting: surface, width: width, height: height, what: what)
  }

  /// Wraps pixels the caller owns and keeps alive for the surface's lifetime.
  /// Rows are `rowStride` pixels apart (the width by default).
  convenience init(
    wrapping pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
    rowStride: Int? = nil, what: @autoclosure () -> String
  ) throws(RenderError) {
    try Image.validate(width: width, height: height, what: what())
    let stride = rowStride ?? width
    let surface = pixels.withMemoryRebound(to: UInt8.self, capacity: stride * height * 4) {
      cairo_image_surface_create_for_data(
        $0, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
        Int32(stride * 4))!
    }
    try self.init(adopting: surface, width: width, height: height, what: what())
  }

  /// Takes ownership of a surface Cairo made (of any kind), checking its status.
  init(
    adopting surface: OpaquePointer, width: Int, height: Int, what: @autoclosure () -> String
  )
    throws(RenderError)
  {
    // Cairo hands back an inert error surface; destroying it is harmless.
    try RenderError.check(
      cairo_surface_status(surface), "creating a \(width)×\(height) \(what())"
    ) {
      cairo_surface_destroy(surface)
    }
    self.pointer = surface
    self.width = width
    self.height = height
  }

  /// Creates a surface holding a copy of `image`.
  convenience init(copying image: Image, what: String) throws(RenderError) {
    try self.init(width: image.width, height: image.height, what: what)
    let stride = rowStride
    let base = UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!)
    image.pixels.withUnsafeBytes { source in
      for y in 0..<image.height {
        (base + y * stride).copyMemory(
          from: source.baseAddress! + y * image.width * 4, byteCount: image.width * 4)
      }
    }
    cairo_surface_mark_dirty(pointer)
  }

  /// A surface that shows `image`'s own pixels, without a copy, for use as
  /// a source only: every worker's renderer draws a decoded input image
  /// through a surface of its own over the one copy of its pixels, instead
  /// of a copy each (eight 8,192² images would otherwise cost 2 GiB per
  /// worker). Cairo never writes to a source; the image is kept alive, and
  /// never changed, as long as the surface lives, so its pixels stay put.
  convenience init(sharing image: Image, what: String) throws(RenderError) {
    // ARGB32 rows of `width` pixels are 4-byte aligned: Cairo's stride is
    // the width's bytes, the image's own.
    let base = image.pixels.withUnsafeBufferPointer {
      UnsafeMutablePointer(mutating: $0.baseAddress!)
    }
    try self.init(wrapping: base, width: image.width, height: image.height, what: what)
    shared = image
  }

  deinit {
    cairo_surface_destroy(pointer)
  }

  /// Bytes from one row to the next.
  var rowStride: Int { Int(cairo_image_surface_get_stride(pointer)) }

  /// Finishes pending drawing and gives the pixels to `body`, which may read
  /// and write them; Cairo is told afterwards that they changed.
  func withPixels<R>(_ body: (UnsafeMutableRawPointer, Int) throws(RenderError) -> R)
    throws(RenderError) -> R
  {
    cairo_surface_flush(pointer)
    let result = try body(
      UnsafeMutableRawPointer(cairo_image_surface_get_data(pointer)!), rowStride)
    cairo_surface_mark_dirty(pointer)
    return result
  }

  /// Checks the surface's sticky error status.
  func check(_ what: @autoclosure () -> String) throws(RenderError) {
    try RenderError.check(cairo_surface_status(pointer), what())
  }
}
