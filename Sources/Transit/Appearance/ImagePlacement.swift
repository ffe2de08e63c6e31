/// Where a view's image is drawn: a ``ContentMode``, or part of the way from
/// one to another while a timeline changes it.
///
/// A change of content mode animates the **placed rect**: at progress `p`
/// from mode A to mode B, an image of size `s` in bounds `b` is drawn in
///
/// ```
/// R(p) = R_A + (R_B − R_A) · p,   R_M = M.rect(forImageOf: s, in: b)
/// ```
///
/// entry by entry (x, y, width, height), with `b` the view's bounds at that
/// very sample, so that the image follows the view's frame as it moves
/// and resizes. Since the placed rect of every mode is computed from the
/// sample's bounds, a view whose size changes never stretches the image
/// unevenly unless its mode is scale-to-fill.
///
/// The image's size is known only to the renderer, so a placement does not
/// hold rects: it holds the weights `R(p)` gives each mode's rect, which
/// are linear in `p` too. Four weights — stretched, fitted, filled and at
/// its own size — and, for the own-size part, its anchor, summed with the
/// weights (`Σ wᵢ·aᵢ`), since those nine modes differ only in where they
/// pin the image. Interpolating these six numbers linearly *is*
/// interpolating the placed rect, for every image size at once, and two
/// placements mid-way mix as well as two modes do: a change that takes
/// over from one still running starts from the mixed rect, without a jump
/// (the overlap rule of ``Animation/timeline(from:)``).
///
/// ## Why the reverse is exact
/// A sample is a pure function of the view's bounds and the step's
/// progress, both of which the reverse reads at the forward's very time,
/// and progress 0 and 1 give the two modes' own weights bit for bit: the
/// reverse ends on the forward's start. Android's `ChangeImageTransform`
/// instead interpolates the 3×3 matrices that map the image into the view,
/// entry by entry: the matrix of a mode depends on the view's size at the
/// start and at the end only (not at the sample in between), and a
/// matrix's entries mix scale and translation, so the image drifts when
/// the frame animates at the same time, and playing it backwards retraces
/// a different path unless the two matrices are rebuilt from the end
/// state. Interpolating the placed rect in the view's own, current
/// coordinates has neither problem.
public struct ImagePlacement: Hashable, Codable, Sendable {
  /// The weight of the scale-to-fill rect.
  var stretched: Double
  /// The weight of the aspect-fit rect.
  var fitted: Double
  /// The weight of the aspect-fill rect.
  var filled: Double
  /// The weight of the image at its own size.
  var natural: Double
  /// The own-size part's anchors, times their weights: `Σ wᵢ·aₓᵢ`, `Σ wᵢ·a_yᵢ`.
  var anchorX: Double
  var anchorY: Double

  /// The placement of `mode`, settled.
  public init(_ mode: ContentMode) {
    (stretched, fitted, filled, natural) = (0, 0, 0, 0)
    switch mode {
    case .scaleToFill: stretched = 1
    case .scaleAspectFit: fitted = 1
    case .scaleAspectFill: filled = 1
    default: natural = 1
    }
    (anchorX, anchorY) = natural == 1 ? mode.anchor : (0, 0)
  }

  /// The mode this placement is settled on, or `nil` part of the way
  /// between modes.
  public var mode: ContentMode? {
    ContentMode.allCases.first { ImagePlacement($0) == self }
  }

  /// Whether every weight is a finite number.
  public var isValid: Bool {
    // Comparisons only, no array: the renderer asks this of every view it
    // draws, and drawing allocates nothing to check its numbers.
    stretched.isFinite && fitted.isFinite && filled.isFinite && natural.isFinite
      && anchorX.isFinite && anchorY.isFinite
  }

  /// Where an image of `size` is drawn in `bounds`: the settled mode's
  /// ``ContentMode/rect(forImageOf:in:)`` exactly, or the mix of the modes'
  /// rects by the weights.
  public func rect(forImageOf size: Size, in bounds: Rect) -> Rect {
    if let mode { return mode.rect(forImageOf: size, in: bounds) }
    var (x, y, w, h) = (0.0, 0.0, 0.0, 0.0)
    func add(_ weight: Double, _ rect: Rect) {
      x += weight * rect.minX
      y += weight * rect.minY
      w += weight * rect.width
      h += weight * rect.height
    }
    add(stretched, ContentMode.scaleToFill.rect(forImageOf: size, in: bounds))
    add(fitted, ContentMode.scaleAspectFit.rect(forImageOf: size, in: bounds))
    add(filled, ContentMode.scaleAspectFill.rect(forImageOf: size, in: bounds))
    x += natural * bounds.minX + anchorX * (bounds.width - size.width)
    y += natural * bounds.minY + anchorY * (bounds.height - size.height)
    w += natural * size.width
    h += natural * size.height
    return Rect(x: x, y: y, width: w, height: h)
  }

  /// The placement `progress` of the way to `other`: each weight
  /// interpolated linearly. Progress 0 and 1 give the two ends bit for bit.
  @inline(__always)
  public func interpolated(to other: ImagePlacement, progress p: Double) -> ImagePlacement {
    if p == 0 { return self }
    if p == 1 { return other }
    var result = self
    result.stretched = Interpolation.lerp(stretched, other.stretched, p)
    result.fitted = Interpolation.lerp(fitted, other.fitted, p)
    result.filled = Interpolation.lerp(filled, other.filled, p)
    result.natural = Interpolation.lerp(natural, other.natural, p)
    result.anchorX = Interpolation.lerp(anchorX, other.anchorX, p)
    result.anchorY = Interpolation.lerp(anchorY, other.anchorY, p)
    return result
  }
}
