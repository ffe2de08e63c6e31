import CTransitCairo

extension CairoSurface {
  /// Completes all drawing and detaches the surface from its pixels, for
  /// surfaces that wrap memory about to be handed out as an ``Image``.
  func finish() {
    cairo_surface_flush(pointer)
    cairo_surface_finish(pointer)
  }
}
