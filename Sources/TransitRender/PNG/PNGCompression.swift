/// How hard the PNG encoder works: three settings, each the quickest engine
/// measured to reach its size.
///
/// Encoding dominates the cost of writing frames (a 1280×720 frame draws in
/// about half a millisecond), so the choice of deflate engine matters more
/// than anything else. Measured on rendered 1280×720 frames of the reference
/// push (one thread, SUB-filtered RGB scanlines):
///
/// | engine | ms per frame | bytes per frame |
/// |---|---|---|
/// | ISA-L igzip level 1 (``fast``) | 0.37 | 18,100 |
/// | zlib level 1 (the encoder before) | 3.2 | 19,600 |
/// | libdeflate level 6 | 3.2 | 8,000 |
/// | zlib level 6 (``smaller``) | 6.7 | 8,000 |
/// | zlib level 9 (``smallest``) | 20.7 | 6,200 |
/// | libdeflate level 12 | 278 | 6,800 |
///
/// libdeflate only compresses whole buffers into a finished stream, which
/// cannot be cut into the independent segments that let one sheet or frame
/// compress on every core; zlib streams with a sync flush, and at level 9
/// is both smaller and faster on these pictures than libdeflate's best.
public enum PNGCompression: String, Hashable, Sendable, CaseIterable {
  /// ISA-L's igzip at level 1: about ten times zlib level 1's speed, and
  /// slightly smaller files. The default.
  case fast
  /// zlib level 6, the size libpng and Cairo give, at several times the time.
  case smaller
  /// zlib level 9: the smallest files, for pictures you keep.
  case smallest

  /// The engine setting the C side understands.
  var engineLevel: Int32 {
    switch self {
    case .fast: 0
    case .smaller: 1
    case .smallest: 2
    }
  }

  /// The second byte of the zlib header, whose level field is informative.
  var zlibFlags: UInt8 {
    switch self {
    case .fast: 0x01
    case .smaller: 0x9C
    case .smallest: 0xDA
    }
  }
}
