/// The bounds a view's own numbers must keep, each written once: what
/// `Scene.validate()` explains when a view breaks it, what the renderer
/// checks before it draws a view, and what a scene file's values are held
/// to.
///
/// Each is a comparison or two and builds nothing, so the renderer can ask
/// every view in every frame; NaN fails every one.
package enum ViewLimits {
  /// A frame: finite, without a negative width or height.
  @inline(__always)
  package static func frame(_ frame: Rect) -> Bool {
    frame.isFinite && frame.width >= 0 && frame.height >= 0
  }

  /// An opacity: 0…1.
  @inline(__always)
  package static func alpha(_ alpha: Double) -> Bool { alpha >= 0 && alpha <= 1 }

  /// A transform: every entry finite (`x · 0` is 0 for every finite `x`,
  /// NaN for infinities and NaN, so one sum tells).
  @inline(__always)
  package static func transform(_ t: Transform3D) -> Bool {
    (t.m11 + t.m12 + t.m13 + t.m14 + t.m21 + t.m22 + t.m23 + t.m24) * 0
      + (t.m31 + t.m32 + t.m33 + t.m34 + t.m41 + t.m42 + t.m43 + t.m44) * 0 == 0
  }

  /// A border's width: finite, not negative.
  @inline(__always)
  package static func borderWidth(_ width: Double) -> Bool { width.isFinite && width >= 0 }

  /// A font size in points: above 0, at most ``TextContent/maximumSize``.
  @inline(__always)
  package static func textSize(_ size: Double) -> Bool {
    size.isFinite && size > 0 && size <= TextContent.maximumSize
  }
}
