/// One change a step makes to one view: an absolute target or a relative
/// change of its frame, alpha, transform or visibility, or of what it looks
/// like (background, corners, border, shadow, image placement, text
/// colour).
///
/// Relative changes are what transitions are made of ("slide in by the
/// container's width", "scale to 95 % about the centre"); absolute targets
/// pin a property to a value whatever it was. Binding an ``Animation`` to a
/// ``Scene`` resolves both kinds into absolute from → to values, once, so that
/// sampling and reversal never recompute (and never drift).
///
/// ```swift
/// let slideIn = Change.translate("new", x: -390, y: 0)
/// let fadeOut = Change.alpha("old", to: 0)
/// ```
public struct Change: Hashable, Sendable, Codable {
  /// What a change does.
  public enum Operation: Hashable, Sendable, Codable {
    /// Moves and resizes the view's frame to this rect.
    case frame(Rect)
    /// Sets the view's alpha to this value (0…1).
    case alpha(Double)
    /// Sets the view's transform to this matrix; intermediate values are
    /// interpolated by decomposition, like Core Animation.
    case transform(Transform3D)
    /// Follows the view's transform by a translation in its parent's space.
    case translate(x: Double, y: Double, z: Double)
    /// Follows the view's transform by a scale about the view's centre.
    case scale(x: Double, y: Double, z: Double)
    /// Adds to the view's alpha; the result must stay in 0…1.
    case fade(by: Double)
    /// Follows the view's transform by a rotation of `angle` radians about
    /// the axis (x, y, z) through the view's centre.
    case rotate(angle: Double, x: Double, y: Double, z: Double)
    /// Turns the view by `angle` radians about `axis` through `pivot` (a
    /// point relative to the view's centre), seen through a camera
    /// `cameraDistance` points in front of it (`nil`: no perspective).
    ///
    /// This is the change flips, hinged rotations and cubes are made of. It
    /// evaluates to `C⁻¹ · R(angle · progress) · C` with
    /// `C = translation(pivot) · perspective(cameraDistance)`: on the view's
    /// plane that is a rotation about the pivot seen through the camera, and
    /// unlike an absolute target it stays exactly on its arc at every frame
    /// and composes with the changes before and after it.
    case rotateInPerspective(angle: Double, axis: Vector3, pivot: Vector3, cameraDistance: Double?)
    /// Moves the view by `offset` in the space behind a camera
    /// `cameraDistance` points in front of it (`nil`: no perspective), after
    /// whatever turns it has: `P⁻¹ · T(offset · progress) · P` with
    /// `P = perspective(cameraDistance)`.
    ///
    /// Following a ``rotateInPerspective(angle:axis:pivot:cameraDistance:)``
    /// through the same camera, `P⁻¹ · R · P · P⁻¹ · T · P = P⁻¹ · R · T · P`:
    /// the turned view moves in depth as Core Animation's sublayer
    /// transforms move it. A negative z pushes it away from the camera, as
    /// CoconutKit's flips push their cards back by a fifth of the camera
    /// distance while they turn.
    case translateInPerspective(offset: Vector3, cameraDistance: Double?)
    /// Shows or hides the view. Showing takes effect when the step starts,
    /// hiding when it ends, so the view is visible while it animates.
    case hidden(Bool)
    /// Sets the background colour; in-between colours are mixed in
    /// premultiplied sRGB (``Color/interpolated(to:progress:)``).
    case backgroundColor(Color)
    /// Sets the four corner radii, each interpolated on its own.
    case cornerRadii(CornerRadii)
    /// Adds to each corner radius; the results must not be negative.
    case adjustCornerRadii(by: CornerRadii)
    /// Sets the border's width.
    case borderWidth(Double)
    /// Adds to the border's width; the result must not be negative.
    case adjustBorderWidth(by: Double)
    /// Sets the border's colour.
    case borderColor(Color)
    /// Sets the shadow, interpolated component by component.
    case shadow(Shadow)
    /// Sets how the image is placed; the placed rect moves continuously
    /// from the old mode's to the new one's (see ``ImagePlacement``).
    case contentMode(ContentMode)
    /// Sets the colour of the view's text; the view must have text.
    case textColor(Color)
  }

  /// The id of the view that changes.
  public var viewID: String
  /// What happens to it.
  public var operation: Operation

  /// Creates a change of the view `viewID`.
  public init(_ viewID: String, _ operation: Operation) {
    self.viewID = viewID
    self.operation = operation
  }

  /// Moves the view's frame to `rect`.
  public static func frame(_ id: String, to rect: Rect) -> Change { Change(id, .frame(rect)) }
  /// Sets the view's alpha.
  public static func alpha(_ id: String, to value: Double) -> Change { Change(id, .alpha(value)) }
  /// Sets the view's transform.
  public static func transform(_ id: String, to value: Transform3D) -> Change {
    Change(id, .transform(value))
  }
  /// Translates the view by (x, y, z) in its parent's space.
  public static func translate(_ id: String, x: Double, y: Double, z: Double = 0) -> Change {
    Change(id, .translate(x: x, y: y, z: z))
  }
  /// Scales the view about its centre.
  public static func scale(_ id: String, x: Double, y: Double, z: Double = 1) -> Change {
    Change(id, .scale(x: x, y: y, z: z))
  }
  /// Scales the view uniformly in x and y about its centre.
  public static func scale(_ id: String, by factor: Double) -> Change {
    Change(id, .scale(x: factor, y: factor, z: 1))
  }
  /// Adds `delta` to the view's alpha.
  public static func fade(_ id: String, by delta: Double) -> Change { Change(id, .fade(by: delta)) }
  /// Rotates the view about an axis through its centre.
  public static func rotate(
    _ id: String, by angle: Double, x: Double = 0, y: Double = 0, z: Double = 1
  ) -> Change {
    Change(id, .rotate(angle: angle, x: x, y: y, z: z))
  }
  /// Turns the view about `axis` through `pivot` (relative to its centre),
  /// seen through a camera `cameraDistance` points away.
  public static func rotate(
    _ id: String, by angle: Double, axis: Vector3, pivot: Vector3 = .zero, cameraDistance: Double?
  ) -> Change {
    Change(
      id,
      .rotateInPerspective(angle: angle, axis: axis, pivot: pivot, cameraDistance: cameraDistance))
  }
  /// Moves the view by `offset` behind a camera `cameraDistance` points
  /// away, after its turns through the same camera.
  public static func translate(
    _ id: String, by offset: Vector3, cameraDistance: Double?
  ) -> Change {
    Change(id, .translateInPerspective(offset: offset, cameraDistance: cameraDistance))
  }
  /// Hides or shows the view.
  public static func hidden(_ id: String, _ isHidden: Bool = true) -> Change {
    Change(id, .hidden(isHidden))
  }
  /// Sets the view's background colour.
  public static func backgroundColor(_ id: String, to color: Color) -> Change {
    Change(id, .backgroundColor(color))
  }
  /// Rounds all four corners of the view to `radius`.
  public static func cornerRadius(_ id: String, to radius: Double) -> Change {
    Change(id, .cornerRadii(CornerRadii(uniform: radius)))
  }
  /// Sets each corner radius of the view.
  public static func cornerRadii(_ id: String, to radii: CornerRadii) -> Change {
    Change(id, .cornerRadii(radii))
  }
  /// Adds `delta` to each corner radius of the view, corner by corner.
  public static func cornerRadii(_ id: String, by delta: CornerRadii) -> Change {
    Change(id, .adjustCornerRadii(by: delta))
  }
  /// Sets the view's border width.
  public static func borderWidth(_ id: String, to width: Double) -> Change {
    Change(id, .borderWidth(width))
  }
  /// Adds `delta` to the view's border width.
  public static func borderWidth(_ id: String, by delta: Double) -> Change {
    Change(id, .adjustBorderWidth(by: delta))
  }
  /// Sets the view's border colour.
  public static func borderColor(_ id: String, to color: Color) -> Change {
    Change(id, .borderColor(color))
  }
  /// Sets the view's shadow.
  public static func shadow(_ id: String, to shadow: Shadow) -> Change {
    Change(id, .shadow(shadow))
  }
  /// Sets how the view places its image.
  public static func contentMode(_ id: String, to mode: ContentMode) -> Change {
    Change(id, .contentMode(mode))
  }
  /// Sets the colour of the view's text.
  public static func textColor(_ id: String, to color: Color) -> Change {
    Change(id, .textColor(color))
  }
}
