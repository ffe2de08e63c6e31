import CTransitCairo

extension RenderError {
  /// An error for a Cairo call that ended in `status`, with Cairo's own words.
  static func cairo(_ what: String, _ status: cairo_status_t) -> RenderError {
    let words = String(cString: cairo_status_to_string(status))
    switch status {
    case CAIRO_STATUS_NO_MEMORY:
      return RenderError("\(what) failed: out of memory (\(words))", kind: .systemResource)
    case CAIRO_STATUS_TEMP_FILE_ERROR:
      return RenderError(
        "\(what) failed: \(words) (out of open files or temporary space)", kind: .systemResource)
    default:
      return RenderError("\(what) failed: \(words)")
    }
  }

  /// Throws ``cairo(_:_:)`` for `what` unless `status` is success, first
  /// calling `release` to free what Cairo handed back (an object in error
  /// is still to be destroyed).
  static func check(
    _ status: cairo_status_t, _ what: @autoclosure () -> String, releasing release: () -> Void = {}
  ) throws(RenderError) {
    guard status == CAIRO_STATUS_SUCCESS else {
      release()
      throw .cairo(what(), status)
    }
  }
}
