import CTransitCairo

extension RenderError {
  /// An error for a Cairo call that ended in `status`, with Cairo's own words.
  static func cairo(_ what: String, _ status: cairo_status_t) -> RenderError {
    RenderError("\(what) failed: \(String(cString: cairo_status_to_string(status)))")
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
