import CTransitCairo

/// Reusable memory for rasterizing a shadow's shape: an 8-bit alpha-only
/// (A8) Cairo surface over one buffer, kept from shape to shape.
///
/// A shadow's shape is drawn anew for every blur, and a flight's on every
/// frame. Fresh memory each time is mapped in, zero-filled and
/// page-faulted by the kernel, which cost more than drawing the shape;
/// one buffer, the largest asked for so far, is cleared instead. Its one
/// owner (`ShadowMasks` or `ShadowProfiles`) uses one surface at a
/// time, on one thread, so the buffer needs no lock.
final class ShapeRaster {
  private var bytes = UnsafeMutableRawPointer.allocate(byteCount: 0, alignment: 16)
  private var capacity = 0

  deinit { bytes.deallocate() }

  /// A cleared A8 surface of `width`×`height` over the kept memory, and
  /// its pixels: valid until the next call.
  ///
  /// - Throws: ``RenderError`` for a side outside 1…32767.
  func clearedSurface(width: Int, height: Int) throws(RenderError) -> (
    surface: CairoSurface, pixels: UnsafeMutablePointer<UInt8>, stride: Int
  ) {
    try Image.validate(width: width, height: height, what: "shadow shape")
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_A8, Int32(width)))
    if stride * height > capacity {
      bytes.deallocate()
      bytes = .allocate(byteCount: stride * height, alignment: 16)
      capacity = stride * height
    }
    let pixels = bytes.initializeMemory(as: UInt8.self, repeating: 0, count: stride * height)
    let surface = try CairoSurface(
      adopting: cairo_image_surface_create_for_data(
        pixels, CAIRO_FORMAT_A8, Int32(width), Int32(height), Int32(stride))!,
      width: width, height: height, what: "shadow shape")
    return (surface, pixels, stride)
  }
}
