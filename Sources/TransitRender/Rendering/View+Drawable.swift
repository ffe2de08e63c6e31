import Transit

extension View {
  /// Whether this view's own numbers are ones the renderer can draw: the
  /// same conditions as `Scene.validate()` checks per view (the bounds of
  /// `ViewLimits`), tested with comparisons only, so drawing a frame builds
  /// no strings and allocates nothing to check it. Only when a view fails does the renderer ask
  /// `Scene.validate()` for the explanation.
  var hasDrawableValues: Bool {
    ViewLimits.frame(frame) && ViewLimits.alpha(alpha) && ViewLimits.transform(transform)
      && backgroundColor.isValid
      && cornerRadii.isValid && shadow.isValid && imagePlacement.isValid
      && ViewLimits.borderWidth(border.width) && border.color.isValid
      && (text.map {
        ViewLimits.textSize($0.size) && $0.color.isValid
          && $0.string.utf8.count <= TextContent.maximumLength
      } ?? true)
  }
}
