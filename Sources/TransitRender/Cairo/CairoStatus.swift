import CTransitCairo

extension RenderError {
  /// An error for a Cairo call that ended in `status`, with Cairo's own words.
  static func cairo(_ what: String, _ status: cairo_status_t) -> RenderError {
    RenderError("\(what) failed: \(String(cString: cairo_status_to_string(status)))")
  }
}
