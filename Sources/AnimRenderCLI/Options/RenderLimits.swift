/// Limits checked before any work, so that a typo cannot start a run that
/// exhausts memory or disk.
enum RenderLimits {
  /// The most frames one run draws.
  static let maximumFrames = 10_000
  /// The most pixel memory one run may hold at once: frames kept for a
  /// strip, grid or APNG plus the sheet itself, at 4 bytes a pixel.
  static let pixelBudgetBytes = 2 << 30
}
