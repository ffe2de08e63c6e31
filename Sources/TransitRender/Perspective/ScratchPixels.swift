/// Pixel memory a renderer lends to its offscreen surfaces and takes back,
/// so that a 3-D view costs no fresh allocation per frame.
///
/// A 1280×720 offscreen picture is 3.7 MB: allocated afresh for every view
/// on every frame, it is mapped in, zero-filled and page-faulted by the
/// kernel each time, which costs more than drawing into it. The pool keeps
/// the few buffers the deepest nesting of 3-D views needs (each lends one
/// for its projection, when it cannot be composited straight into the
/// frame; the pictures themselves are kept by ``OffscreenPictures``) and
/// reuses any that is large enough. A renderer is used by one thread at a
/// time, so the pool needs no lock.
final class ScratchPixels {
  private var free: [(pointer: UnsafeMutablePointer<UInt32>, capacity: Int)] = []
  /// Buffers beyond this many are released rather than kept.
  private static let kept = 6

  deinit {
    for buffer in free { buffer.pointer.deallocate() }
  }

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
    // The smallest buffer that fits, else a new one.
    if let index = free.indices.filter({ free[$0].capacity >= count }).min(by: {
      free[$0].capacity < free[$1].capacity
    }) {
      return free.remove(at: index)
    }
    // A moving view asks for a little more every frame: room to grow keeps
    // it from allocating (and page-faulting) afresh each time. Untouched
    // pages cost nothing, so the headroom is free until it is used.
    let capacity = count + count / 2
    return (.allocate(capacity: capacity), capacity)
  }

  private func giveBack(_ buffer: (pointer: UnsafeMutablePointer<UInt32>, capacity: Int)) {
    free.append(buffer)
    if free.count > ScratchPixels.kept {
      // Drop the smallest: the large ones are the expensive ones to make.
      let index = free.indices.min { free[$0].capacity < free[$1].capacity }!
      free.remove(at: index).pointer.deallocate()
    }
  }
}
