import TransitRender

/// Writing to the standard streams without Foundation's buffering surprises.
enum Terminal {
  /// Writes `text` to standard error as is.
  static func writeError(_ text: String) {
    Platform.writeStandardError(Array(text.utf8))
  }
}
