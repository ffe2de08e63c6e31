import RealModule

// The resolved form of an animation bound to a scene: for every animated
// property of every view, the segments of absolute from → to values, each
// tied to the step whose progress drives it. Sampling reads these arrays and
// never allocates; reversal only changes how time maps onto them.

/// When and how one step plays, after scheduling.
struct StepTiming: Hashable, Sendable {
  var start: Double
  var duration: Double
  var curve: TimingCurve
  var tag: String?
}

struct FrameSegment: Hashable, Sendable {
  var step: Int
  var from: Rect
  var to: Rect
}

struct AlphaSegment: Hashable, Sendable {
  var step: Int
  var from: Double
  var to: Double
}

struct HiddenSegment: Hashable, Sendable {
  var step: Int
  var from: Bool
  var to: Bool
}

/// A transform segment: an optional absolute target reached by decomposed
/// interpolation, followed by relative operations scaled by progress.
struct TransformSegment: Hashable, Sendable {
  var step: Int
  var from: Transform3D
  /// The way to the absolute target, decomposed once when the timeline is
  /// bound rather than at every sample.
  var target: TransformInterpolation?
  var operations: Range<Int>
  var to: Transform3D

  init(step: Int, from: Transform3D, target: Transform3D?, operations: Range<Int>, to: Transform3D)
  {
    self.step = step
    self.from = from
    self.target = target.map { TransformInterpolation(from: from, to: $0) }
    self.operations = operations
    self.to = to
  }
}

/// A relative transform change, evaluable at any progress.
enum TransformOperation: Hashable, Sendable {
  case translate(Double, Double, Double)
  case scale(Double, Double, Double)
  case rotate(Double, Double, Double, Double)
  case rotateInPerspective(PerspectiveTurn)

  /// `C = translation(pivot) · perspective(distance)` and its inverse, for
  /// conjugating a rotation so that it turns about the pivot behind the camera.
  static func camera(pivot: Vector3, distance: Double?) -> (Transform3D, Transform3D) {
    var forward = Transform3D.translation(x: pivot.x, y: pivot.y, z: pivot.z)
    var inverse = Transform3D.translation(x: -pivot.x, y: -pivot.y, z: -pivot.z)
    if let distance {
      forward = forward.concatenating(.perspective(distance: distance))
      inverse = Transform3D.perspective(distance: -distance).concatenating(inverse)
    }
    return (forward, inverse)
  }

  /// The operation at full progress, with the given numbers exactly.
  var full: Transform3D {
    switch self {
    case .translate(let x, let y, let z): return .translation(x: x, y: y, z: z)
    case .scale(let x, let y, let z): return .scale(x: x, y: y, z: z)
    case .rotate(let angle, let x, let y, let z):
      return .rotation(angle: angle, x: x, y: y, z: z)
    case .rotateInPerspective(let turn): return turn.at(angle: turn.angle)
    }
  }

  /// The operation a fraction `p` of the way: translations and angles
  /// proportional, scales linear from 1 to the factor.
  func at(_ p: Double) -> Transform3D {
    if p == 1 { return full }
    switch self {
    case .translate(let x, let y, let z): return .translation(x: x * p, y: y * p, z: z * p)
    case .scale(let x, let y, let z):
      return .scale(x: 1 + (x - 1) * p, y: 1 + (y - 1) * p, z: 1 + (z - 1) * p)
    case .rotate(let angle, let x, let y, let z):
      return .rotation(angle: angle * p, x: x, y: y, z: z)
    case .rotateInPerspective(let turn): return turn.at(angle: turn.angle * p)
    }
  }

  /// Follows `m` by the operation at progress `p`, in place. Translations
  /// and scales touch only the entries they change; the result equals
  /// `m.concatenating(at(p))` up to the sign of zero.
  @inline(__always)
  func apply(to m: inout Transform3D, progress p: Double) {
    switch self {
    case .translate(let x, let y, let z):
      let (tx, ty, tz) = p == 1 ? (x, y, z) : (x * p, y * p, z * p)
      m.m11 += m.m14 * tx
      m.m12 += m.m14 * ty
      m.m13 += m.m14 * tz
      m.m21 += m.m24 * tx
      m.m22 += m.m24 * ty
      m.m23 += m.m24 * tz
      m.m31 += m.m34 * tx
      m.m32 += m.m34 * ty
      m.m33 += m.m34 * tz
      m.m41 += m.m44 * tx
      m.m42 += m.m44 * ty
      m.m43 += m.m44 * tz
    case .scale(let x, let y, let z):
      let (sx, sy, sz) = p == 1 ? (x, y, z) : (1 + (x - 1) * p, 1 + (y - 1) * p, 1 + (z - 1) * p)
      m.m11 *= sx
      m.m21 *= sx
      m.m31 *= sx
      m.m41 *= sx
      m.m12 *= sy
      m.m22 *= sy
      m.m32 *= sy
      m.m42 *= sy
      m.m13 *= sz
      m.m23 *= sz
      m.m33 *= sz
      m.m43 *= sz
    case .rotate, .rotateInPerspective:
      m = m.concatenating(at(p))
    }
  }

  /// The operation that undoes this one, or `nil` for a scale by zero.
  var inverse: TransformOperation? {
    switch self {
    case .translate(let x, let y, let z): return .translate(-x, -y, -z)
    case .scale(let x, let y, let z):
      guard x != 0, y != 0, z != 0 else { return nil }
      return .scale(1 / x, 1 / y, 1 / z)
    case .rotate(let angle, let x, let y, let z): return .rotate(-angle, x, y, z)
    case .rotateInPerspective(let turn):
      return .rotateInPerspective(
        PerspectiveTurn(
          angle: -turn.angle, axis: turn.axis, pivot: turn.pivot, distance: turn.distance))
    }
  }
}

/// A turn about an axis through a pivot behind a camera, prepared once when
/// the timeline is bound so that sampling costs a sine, a cosine and a few
/// multiply-adds.
///
/// By Rodrigues' formula a rotation by θ about the unit axis u is
/// `R(θ) = I + sin θ · K + (1 − cos θ) · K²`, where `K` is the cross-product
/// matrix of u (padded to 4×4 with zeros). Conjugating by the camera `C`
/// (see ``TransformOperation/camera(pivot:distance:)``) keeps the form:
/// `C⁻¹ · R(θ) · C = I + sin θ · C⁻¹KC + (1 − cos θ) · C⁻¹K²C`, so the two
/// conjugated matrices are worked out once and each sample mixes them.
struct PerspectiveTurn: Hashable, Sendable {
  var angle: Double
  var axis: Vector3
  var pivot: Vector3
  var distance: Double?
  /// `C⁻¹KC` and `C⁻¹K²C`, or `nil` for an axis of no length (no turn).
  private let sine: Transform3D?, versine: Transform3D?

  init(angle: Double, axis: Vector3, pivot: Vector3, distance: Double?) {
    (self.angle, self.axis, self.pivot, self.distance) = (angle, axis, pivot, distance)
    let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
    guard length > 0, length.isFinite else {
      (sine, versine) = (nil, nil)
      return
    }
    let (x, y, z) = (axis.x / length, axis.y / length, axis.z / length)
    // Row-vector convention: p' = p · R, so K holds the transpose of the
    // column-vector cross-product matrix, as Transform3D.rotation does.
    let k = Transform3D(
      m11: 0, m12: z, m13: -y, m14: 0,
      m21: -z, m22: 0, m23: x, m24: 0,
      m31: y, m32: -x, m33: 0, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 0)
    let kk = k.concatenating(k)
    let (camera, inverse) = TransformOperation.camera(pivot: pivot, distance: distance)
    sine = inverse.concatenating(k).concatenating(camera)
    versine = inverse.concatenating(kk).concatenating(camera)
  }

  /// `C⁻¹ · R(angle) · C`.
  @inline(__always)
  func at(angle: Double) -> Transform3D {
    guard let a = sine, let b = versine else { return .identity }
    let s = Double.sin(angle)
    let t = 1 - Double.cos(angle)
    return Transform3D(
      m11: 1 + s * a.m11 + t * b.m11, m12: s * a.m12 + t * b.m12,
      m13: s * a.m13 + t * b.m13, m14: s * a.m14 + t * b.m14,
      m21: s * a.m21 + t * b.m21, m22: 1 + s * a.m22 + t * b.m22,
      m23: s * a.m23 + t * b.m23, m24: s * a.m24 + t * b.m24,
      m31: s * a.m31 + t * b.m31, m32: s * a.m32 + t * b.m32,
      m33: 1 + s * a.m33 + t * b.m33, m34: s * a.m34 + t * b.m34,
      m41: s * a.m41 + t * b.m41, m42: s * a.m42 + t * b.m42,
      m43: s * a.m43 + t * b.m43, m44: 1 + s * a.m44 + t * b.m44)
  }
}

/// Where one view's segments live in the segment arrays.
struct ViewTracks: Hashable, Sendable {
  var frame: Range<Int> = 0..<0
  var alpha: Range<Int> = 0..<0
  var transform: Range<Int> = 0..<0
  var hidden: Range<Int> = 0..<0

  var isEmpty: Bool { frame.isEmpty && alpha.isEmpty && transform.isEmpty && hidden.isEmpty }
}

/// Every resolved segment of a timeline, indexed by the views' depth-first
/// (pre-order) position in the bound scene.
struct Tracks: Hashable, Sendable {
  var steps: [StepTiming] = []
  var views: [ViewTracks] = []
  /// For each pre-order index, the index just past its subtree.
  var subtreeEnd: [Int] = []
  /// For each pre-order index, whether it or a descendant is animated.
  var subtreeAnimated: [Bool] = []
  var frames: [FrameSegment] = []
  var alphas: [AlphaSegment] = []
  var transforms: [TransformSegment] = []
  var operations: [TransformOperation] = []
  var hiddens: [HiddenSegment] = []

  /// Writes the state at the given step progresses into `view`.
  /// `progress[k]` is NaN when step k has not started.
  @inline(__always)
  func apply(_ index: Int, to view: inout View, progress: UnsafeMutableBufferPointer<Double>) {
    let tracks = views[index]
    if !tracks.frame.isEmpty {
      view.frame = frame(tracks.frame, progress)
    }
    if !tracks.alpha.isEmpty {
      view.alpha = alpha(tracks.alpha, progress)
    }
    if !tracks.transform.isEmpty {
      view.transform = transform(tracks.transform, progress)
    }
    if !tracks.hidden.isEmpty {
      view.isHidden = hidden(tracks.hidden, progress)
    }
  }

  func state(_ index: Int, initial: ViewState, progress: UnsafeMutableBufferPointer<Double>)
    -> ViewState
  {
    let tracks = views[index]
    var state = initial
    if !tracks.frame.isEmpty { state.frame = frame(tracks.frame, progress) }
    if !tracks.alpha.isEmpty { state.alpha = alpha(tracks.alpha, progress) }
    if !tracks.transform.isEmpty { state.transform = transform(tracks.transform, progress) }
    if !tracks.hidden.isEmpty { state.isHidden = hidden(tracks.hidden, progress) }
    return state
  }

  @inline(__always)
  private func frame(_ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>) -> Rect {
    var j = range.upperBound - 1
    while j >= range.lowerBound {
      let p = progress[frames[j].step]
      if !p.isNaN {
        if p == 0 { return frames[j].from }
        if p == 1 { return frames[j].to }
        let a = frames[j].from
        let b = frames[j].to
        return Rect(
          x: a.origin.x + (b.origin.x - a.origin.x) * p,
          y: a.origin.y + (b.origin.y - a.origin.y) * p,
          width: a.size.width + (b.size.width - a.size.width) * p,
          height: a.size.height + (b.size.height - a.size.height) * p)
      }
      j -= 1
    }
    return frames[range.lowerBound].from
  }

  @inline(__always)
  private func alpha(_ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>) -> Double
  {
    var j = range.upperBound - 1
    while j >= range.lowerBound {
      let p = progress[alphas[j].step]
      if !p.isNaN {
        let segment = alphas[j]
        if p == 0 { return segment.from }
        if p == 1 { return segment.to }
        // Overshooting curves (back, elastic, spring) may leave 0…1; a
        // renderer cannot draw alpha outside it, so the sample is bounded.
        return min(1, max(0, segment.from + (segment.to - segment.from) * p))
      }
      j -= 1
    }
    return alphas[range.lowerBound].from
  }

  @inline(__always)
  private func transform(_ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>)
    -> Transform3D
  {
    var j = range.upperBound - 1
    while j >= range.lowerBound {
      let p = progress[transforms[j].step]
      if !p.isNaN {
        if p == 0 { return transforms[j].from }
        if p == 1 { return transforms[j].to }
        var value: Transform3D
        if let target = transforms[j].target {
          value = target.at(p)
        } else {
          value = transforms[j].from
        }
        for k in transforms[j].operations {
          operations[k].apply(to: &value, progress: p)
        }
        return value
      }
      j -= 1
    }
    return transforms[range.lowerBound].from
  }

  @inline(__always)
  private func hidden(_ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>) -> Bool {
    var j = range.upperBound - 1
    while j >= range.lowerBound {
      let p = progress[hiddens[j].step]
      if !p.isNaN {
        let segment = hiddens[j]
        // Showing happens as the step starts, hiding as it ends.
        if segment.to { return p == 1 ? true : segment.from }
        return false
      }
      j -= 1
    }
    return hiddens[range.lowerBound].from
  }
}
