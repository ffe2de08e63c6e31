import Transit

extension View {
  /// Whether this view's own numbers are ones the renderer can draw: the
  /// same conditions as `Scene.validate()` checks per view, tested with
  /// comparisons only, so drawing a frame builds no strings and allocates
  /// nothing to check it. Only when a view fails does the renderer ask
  /// `Scene.validate()` for the explanation.
  var hasDrawableValues: Bool {
    let t = transform
    // x·0 is 0 for every finite x, NaN for infinities and NaN.
    let transformZero =
      (t.m11 + t.m12 + t.m13 + t.m14 + t.m21 + t.m22 + t.m23 + t.m24) * 0
      + (t.m31 + t.m32 + t.m33 + t.m34 + t.m41 + t.m42 + t.m43 + t.m44) * 0
    return frame.isFinite && frame.width >= 0 && frame.height >= 0
      && alpha >= 0 && alpha <= 1
      && transformZero == 0
      && backgroundColor.isValid
      && cornerRadii.isValid && shadow.isValid && imagePlacement.isValid
      && border.width.isFinite && border.width >= 0 && border.color.isValid
      && (text.map {
        $0.size.isFinite && $0.size > 0 && $0.size <= TextContent.maximumSize && $0.color.isValid
          && $0.string.utf8.count <= TextContent.maximumLength
      } ?? true)
  }
}
