/// How hard the PNG encoder's zlib stream works.
///
/// Encoding dominates the cost of writing frames (a 1280×720 frame draws in
/// about half a millisecond and deflates in several), so the default is
/// ``fast``: zlib level 1, which with the SUB filter keeps files within a few
/// per cent of level 6 for flat, rendered pictures.
public enum PNGCompression: Hashable, Sendable {
  /// zlib level 1: the quickest that still compresses. The default.
  case fast
  /// zlib level 6, libpng's and Cairo's default.
  case `default`
  /// zlib level 9: smallest files, several times slower.
  case best
  /// An explicit zlib level, 0 (stored, no compression) …9.
  case level(Int)

  /// The zlib level this setting stands for.
  public var zlibLevel: Int {
    switch self {
    case .fast: 1
    case .default: 6
    case .best: 9
    case .level(let level): level
    }
  }
}
