/// How hard the PNG encoder works: three settings, each the quickest engine
/// that reaches its size on rendered frames.
///
/// Encoding dominates the cost of writing frames, so the deflate engine
/// matters more than anything else (the figures are in Docs/Performance.md).
/// Every engine here compresses in independent segments, so that one sheet
/// or frame compresses on every core; libdeflate, which only compresses
/// whole buffers into a finished stream, cannot.
public enum PNGCompression: String, Hashable, Sendable, CaseIterable {
  /// ISA-L's igzip at level 1: the fastest engine, with files no larger
  /// than zlib level 1's. The default.
  case fast
  /// zlib level 6: the size Cairo's own writer gives, for more time than
  /// ``fast``.
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
