/// Limits checked before any work, so that a typo cannot start a run that
/// exhausts memory or disk.
enum RenderLimits {
  /// The most frames one run draws.
  static let maximumFrames = 10_000
  /// The most pixel memory one run may hold at once, at 4 bytes a pixel:
  /// decoded input images, frames kept for a strip, grid or APNG, the sheet
  /// itself (padding and labels included), or a diff's three images: 2 GiB,
  /// less under an address-space limit (``ResourceLimits/pixelBytes(within:)``).
  static let pixelBudgetBytes = ResourceLimits.pixelBytes(within: 2 << 30)
  /// The most pixels one input image (`--from`, `--to`, a scene's `image`,
  /// `diff`'s inputs) may have: 64 Mi pixels, 256 MiB decoded. Checked from
  /// the PNG header before decoding.
  static let maximumInputPixels = 1 << 26
  /// The largest input PNG file read, in bytes.
  static let maximumImageFileBytes = 64 << 20
  /// The largest scene file read, in bytes.
  static let maximumSceneFileBytes = 4 << 20
  /// The deepest nesting of arrays and objects in a scene file.
  static let maximumSceneNesting = 64
  /// The longest duration, wait or `--duration`, in seconds.
  static let maximumSeconds = 3_600.0
  /// The largest magnitude of a view's frame numbers, corner radius or
  /// border width in a scene file, in points.
  static let maximumCoordinate = 1_000_000.0
  /// The most APNG loops: PNG's 31-bit limit for four-byte numbers.
  static let maximumLoops = Int(Int32.max)
}
