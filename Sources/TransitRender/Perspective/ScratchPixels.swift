/// Pixel memory a renderer lends to its offscreen surfaces and takes back,
/// so that a 3-D view costs no fresh allocation per frame.
///
/// A 1280×720 offscreen picture is 3.7 MB: allocated afresh for every view
/// on every frame, it is mapped in, zero-filled and page-faulted by the
/// kernel each time, which costs more than drawing into it. The pool keeps
/// one buffer, the largest asked for so far, for the projections of 3-D
/// views that cannot be composited straight into the frame (the pictures
/// themselves are kept by ``OffscreenPictures``). One is enough: a
/// projection is lent its buffer only after its view's picture, and with
/// it any 3-D view nested inside, has been drawn, so no two are lent at
/// once; and a smaller projection fits the larger buffer. So a renderer
/// holds at most ``bytes(forPixels:)`` of the largest projection, which is
/// at most its clip: the frame, or the picture of a 3-D view around it. A
/// renderer is used by one thread at a time, so the pool needs no lock.
package final class ScratchPixels {
  private var free: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int)?
  /// The bytes this pool holds, lent or kept, and the most it has held at
  /// once (for tests).
  private var liveBytes = 0
  private(set) var peakBytes = 0

  deinit { free?.pointer.deallocate() }

  /// The most memory the pool holds for projections of at most `count`
  /// pixels: the buffer with its headroom, four bytes a pixel.
  package static func bytes(forPixels count: Int) -> Int { capacity(forPixels: count) * 4 }

  /// A moving view asks for a little more every frame: room to grow keeps
  /// it from allocating (and page-faulting) afresh each time. Untouched
  /// pages cost nothing, so the headroom is free until it is used.
  private static func capacity(forPixels count: Int) -> Int { count + count / 2 }

  /// A surface of `width`×`height` over pooled memory, given to `body` and
  /// detached from that memory when `body` returns. It holds whatever was
  /// there before: its one user writes every pixel.
  ///
  /// - Throws: ``RenderError`` for a side outside 1…32767, or what `body`
  ///   throws.
  func withSurface<R>(
    width: Int, height: Int, what: @autoclosure () -> String,
    _ body: (CairoSurface) throws(RenderError) -> R
  ) throws(RenderError) -> R {
    try Image.validate(width: width, height: height, what: what())
    let count = width * height
    let buffer = borrow(count)
    defer { giveBack(buffer) }
    let surface = try CairoSurface(
      wrapping: buffer.pointer, width: width, height: height, what: what())
    defer { surface.finish() }
    return try body(surface)
  }

  private func borrow(_ count: Int) -> (pointer: UnsafeMutablePointer<UInt32>, capacity: Int) {
    if let buffer = free, buffer.capacity >= count {
      free = nil
      return buffer
    }
    // Too small for this projection: given back before the larger one is
    // made, so that the pool never holds two.
    if let small = free { release(small) }
    free = nil
    let capacity = Self.capacity(forPixels: count)
    liveBytes += capacity * 4
    peakBytes = max(peakBytes, liveBytes)
    return (.allocate(capacity: capacity), capacity)
  }

  /// Keeps `buffer`, or the larger of it and the one kept (should a
  /// projection ever be lent a buffer while another is out).
  private func giveBack(_ buffer: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int)) {
    if let kept = free {
      if kept.capacity >= buffer.capacity {
        release(buffer)
        return
      }
      release(kept)
    }
    free = buffer
  }

  private func release(_ buffer: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int)) {
    buffer.pointer.deallocate()
    liveBytes -= buffer.capacity * 4
  }
}
