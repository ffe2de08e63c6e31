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
  /// Fades only (no absolute target): the segment adds `(to − from) · p` to
  /// whatever the property is doing, instead of taking it over.
  var isRelative: Bool = false
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
  var target: Transform3D?
  var operations: Range<Int>
  var to: Transform3D
  /// `target != nil`, kept apart so that sampling can ask without copying
  /// the optional matrix out of the array.
  var isAbsolute: Bool = false
}

/// A relative transform change, evaluable at any progress.
enum TransformOperation: Hashable, Sendable {
  case translate(Double, Double, Double)
  case scale(Double, Double, Double)
  case rotate(Double, Double, Double, Double)
  case rotateInPerspective(Double, Vector3, Vector3, Double?)
  case translateInPerspective(Vector3, Double?)

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

  static func turn(_ angle: Double, _ axis: Vector3, _ pivot: Vector3, _ distance: Double?)
    -> Transform3D
  {
    let (c, inverse) = camera(pivot: pivot, distance: distance)
    return inverse.concatenating(.rotation(angle: angle, x: axis.x, y: axis.y, z: axis.z))
      .concatenating(c)
  }

  /// The operation at full progress, with the given numbers exactly.
  var full: Transform3D {
    switch self {
    case .translate(let x, let y, let z): return .translation(x: x, y: y, z: z)
    case .scale(let x, let y, let z): return .scale(x: x, y: y, z: z)
    case .rotate(let angle, let x, let y, let z):
      return .rotation(angle: angle, x: x, y: y, z: z)
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      return TransformOperation.turn(angle, axis, pivot, distance)
    case .translateInPerspective(let offset, let distance):
      return TransformOperation.move(offset, distance)
    }
  }

  /// `P⁻¹ · T(offset) · P`: a translation behind the camera.
  static func move(_ offset: Vector3, _ distance: Double?) -> Transform3D {
    let (c, inverse) = camera(pivot: .zero, distance: distance)
    return inverse.concatenating(.translation(x: offset.x, y: offset.y, z: offset.z))
      .concatenating(c)
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
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      return TransformOperation.turn(angle * p, axis, pivot, distance)
    case .translateInPerspective(let offset, let distance):
      return TransformOperation.move(
        Vector3(x: offset.x * p, y: offset.y * p, z: offset.z * p), distance)
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
    case .rotate, .rotateInPerspective, .translateInPerspective:
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
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      return .rotateInPerspective(-angle, axis, pivot, distance)
    case .translateInPerspective(let offset, let distance):
      return .translateInPerspective(Vector3(x: -offset.x, y: -offset.y, z: -offset.z), distance)
    }
  }
}

/// What a turn in perspective (``TransformOperation/rotateInPerspective``)
/// keeps from sample to sample: the camera `C = T(pivot) · P(distance)`,
/// its inverse and the unit axis. Only the angle depends on progress.
///
/// A sample builds the rotation `R` as `Transform3D.rotation` does and
/// multiplies `C⁻¹ · R · C` in the same order as
/// ``TransformOperation/turn(_:_:_:_:)``, but leaves out the terms that are
/// a finite number times an exact 0 (the rows of `C`, `C⁻¹` and `R` that are
/// rows of the identity): adding ±0 to a sum changes nothing but, when the
/// sum is itself 0, its sign. So every entry is the same number bit for bit,
/// except that an entry equal to 0 may come out as −0 or +0 the other way
/// round — which no drawing can tell apart.
struct TurnFrame: Hashable, Sendable {
  /// The axis divided by its length, as `Transform3D.rotation` divides it.
  var ux: Double, uy: Double, uz: Double
  /// Rows 3 and 4 of `C⁻¹` (rows 1 and 2 are those of the identity).
  var inverse3: SIMD4<Double>, inverse4: SIMD4<Double>
  /// `C`'s m34 and row 4 (rows 1 and 2 are those of the identity, row 3
  /// is (0, 0, 1, m34)).
  var forward34: Double, forward4: SIMD4<Double>

  /// Kept for turns in perspective about an axis with a length and a
  /// finite camera; `nil` for every other operation, which is then applied
  /// the general way.
  init?(_ operation: TransformOperation) {
    guard case .rotateInPerspective(_, let axis, let pivot, let distance) = operation else {
      return nil
    }
    let length = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
    guard length > 0, length.isFinite else { return nil }
    (ux, uy, uz) = (axis.x / length, axis.y / length, axis.z / length)
    let (c, inverse) = TransformOperation.camera(pivot: pivot, distance: distance)
    let identityRows: SIMD8<Double> = [1, 0, 0, 0, 0, 1, 0, 0]
    guard c.hasFiniteEntries, inverse.hasFiniteEntries,
      SIMD8(c.m11, c.m12, c.m13, c.m14, c.m21, c.m22, c.m23, c.m24) == identityRows,
      SIMD8(
        inverse.m11, inverse.m12, inverse.m13, inverse.m14,
        inverse.m21, inverse.m22, inverse.m23, inverse.m24) == identityRows,
      SIMD3(c.m31, c.m32, c.m33) == SIMD3<Double>(0, 0, 1)
    else { return nil }
    inverse3 = SIMD4(inverse.m31, inverse.m32, inverse.m33, inverse.m34)
    inverse4 = SIMD4(inverse.m41, inverse.m42, inverse.m43, inverse.m44)
    forward34 = c.m34
    forward4 = SIMD4(c.m41, c.m42, c.m43, c.m44)
  }

  /// `C⁻¹ · R(angle) · C`; see the type's discussion for how exact it is.
  @inline(__always)
  func turn(_ angle: Double) -> Transform3D {
    let c = Double.cos(angle)
    let s = Double.sin(angle)
    let t = 1 - c
    // R's rows, as Transform3D.rotation(angle:x:y:z:) computes them.
    let r1 = SIMD3(t * ux * ux + c, t * ux * uy + s * uz, t * ux * uz - s * uy)
    let r2 = SIMD3(t * ux * uy - s * uz, t * uy * uy + c, t * uy * uz + s * ux)
    let r3 = SIMD3(t * ux * uz + s * uy, t * uy * uz - s * ux, t * uz * uz + c)
    // Rows 3 and 4 of X = C⁻¹ · R (rows 1 and 2 are R's, with 0 in column 4).
    let x3 = inverse3.x * r1 + inverse3.y * r2 + inverse3.z * r3
    let x4 = inverse4.x * r1 + inverse4.y * r2 + inverse4.z * r3
    let (x34, x44) = (inverse3.w, inverse4.w)
    // X · C.
    let f = forward4
    return Transform3D(
      m11: r1.x, m12: r1.y, m13: r1.z, m14: r1.z * forward34,
      m21: r2.x, m22: r2.y, m23: r2.z, m24: r2.z * forward34,
      m31: x3.x + x34 * f.x, m32: x3.y + x34 * f.y, m33: x3.z + x34 * f.z,
      m34: x3.z * forward34 + x34 * f.w,
      m41: x4.x + x44 * f.x, m42: x4.y + x44 * f.y, m43: x4.z + x44 * f.z,
      m44: x4.z * forward34 + x44 * f.w)
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
  /// Each transform segment's step, packed: sampling scans a view's
  /// segments for the ones running, and a segment is three matrices wide.
  var transformSteps: [Int] = []
  /// For each transform segment, the nearest absolute segment of the same
  /// view at or below it (−1 if none): sampling finds the one in force by
  /// hopping down these instead of scanning every segment.
  var transformPreviousAbsolute: [Int] = []
  var operations: [TransformOperation] = []
  /// What each turn in perspective keeps from sample to sample (see
  /// ``TurnFrame``); filled by ``resolveOverlaps()``.
  var turnFrames: [TurnFrame] = []
  /// For each operation, the index of its ``TurnFrame`` in ``turnFrames``, or
  /// −1: one integer to test per operation, so that the other operations
  /// (translations, scales) pay nothing for the turns' fast path.
  var turnFrameSlots: [Int] = []
  /// For each transform segment with an absolute target, its final `from`
  /// and target decomposed once (after ``resolveOverlaps()`` has fixed the
  /// `from`), so that sampling costs a slerp and a recomposition.
  var interpolations: [TransformInterpolation?] = []
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

  // Overlaps (see `Animation.timeline(from:)`): the highest-index started
  // absolute segment `a` owns the property, from the value it had when `a`
  // started (resolved at binding into `from`); every relative segment after
  // it that has started adds its own motion on top, in step order. Segments
  // that have all finished are read from their resolved `to`, so an
  // animation without overlaps samples exactly as a plain chain would.

  /// Where the fold of a property's segments starts: the index of the first
  /// segment still to add, and whether the value so far came from a running
  /// absolute segment (which the caller then evaluates).
  @inline(__always)
  private static func foldStart(
    _ range: Range<Int>, absolute: Int?, progress: (Int) -> Double
  ) -> (finishedThrough: Int, running: Bool) {
    if let a = absolute, progress(a) != 1 { return (a, true) }
    var h = absolute ?? range.lowerBound - 1
    while h + 1 < range.upperBound && progress(h + 1) == 1 { h += 1 }
    return (h, false)
  }

  @inline(__always)
  private func alpha(_ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>) -> Double
  {
    var absolute: Int?
    var j = range.upperBound - 1
    while j >= range.lowerBound {
      if !alphas[j].isRelative && !progress[alphas[j].step].isNaN {
        absolute = j
        break
      }
      j -= 1
    }
    let (h, running) = Tracks.foldStart(range, absolute: absolute) { progress[alphas[$0].step] }
    var value: Double
    var moving = running
    if running {
      let segment = alphas[h]
      let p = progress[segment.step]
      value = p == 0 ? segment.from : segment.from + (segment.to - segment.from) * p
    } else {
      value = h >= range.lowerBound ? alphas[h].to : alphas[range.lowerBound].from
    }
    var i = h + 1
    while i < range.upperBound {
      let p = progress[alphas[i].step]
      // Not started, or at its very start: adds nothing.
      if !p.isNaN && p != 0 {
        value += (alphas[i].to - alphas[i].from) * p
        moving = true
      }
      i += 1
    }
    // Overshooting curves (back, elastic, spring) may leave 0…1; a renderer
    // cannot draw alpha outside it, so the sample is bounded.
    return moving ? min(1, max(0, value)) : value
  }

  @inline(__always)
  private func transform(_ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>)
    -> Transform3D
  {
    var absolute: Int?
    var j = transformPreviousAbsolute[range.upperBound - 1]
    while j >= range.lowerBound {
      if !progress[transformSteps[j]].isNaN {
        absolute = j
        break
      }
      j = j > range.lowerBound ? transformPreviousAbsolute[j - 1] : -1
    }
    let (h, running) = Tracks.foldStart(range, absolute: absolute) {
      progress[transformSteps[$0]]
    }
    var value: Transform3D
    if running {
      // Fields read one by one: a whole segment is three matrices, and
      // copying it costs more than the arithmetic.
      let p = progress[transforms[h].step]
      if p == 0 {
        value = transforms[h].from
      } else {
        value = interpolation(h, progress: p)
        for k in transforms[h].operations {
          applyOperation(k, to: &value, progress: p)
        }
      }
    } else {
      value = h >= range.lowerBound ? transforms[h].to : transforms[range.lowerBound].from
    }
    var i = h + 1
    while i < range.upperBound {
      let p = progress[transformSteps[i]]
      if !p.isNaN && p != 0 {
        for k in transforms[i].operations {
          applyOperation(k, to: &value, progress: p)
        }
      }
      i += 1
    }
    return value
  }

  /// Absolute segment `h` at progress `p` (not 0): exactly
  /// `Transform3D.interpolate(from:to:progress:)` of its `from` and target,
  /// from the decomposition kept since binding.
  @inline(__always)
  private func interpolation(_ h: Int, progress p: Double) -> Transform3D {
    if h < interpolations.count, let cached = interpolations[h] {
      return cached.at(p)
    }
    return Transform3D.interpolate(from: transforms[h].from, to: transforms[h].target!, progress: p)
  }

  /// Operation `k` applied to `m` at progress `p`: turns in perspective from
  /// their kept ``TurnFrame``, everything else as
  /// ``TransformOperation/apply(to:progress:)`` does.
  @inline(__always)
  private func applyOperation(_ k: Int, to m: inout Transform3D, progress p: Double) {
    if k < turnFrameSlots.count, turnFrameSlots[k] >= 0,
      case .rotateInPerspective(let angle, _, _, _) = operations[k]
    {
      m = m.concatenating(turnFrames[turnFrameSlots[k]].turn(p == 1 ? angle : angle * p))
    } else {
      operations[k].apply(to: &m, progress: p)
    }
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

  // MARK: Overlaps

  /// Gives every absolute segment the value its property has at the moment
  /// the segment starts, so that it takes over without a jump.
  ///
  /// Segments are first built as a chain (each starting where the previous
  /// one ends); this replaces each absolute segment's `from` by the fold of
  /// the segments before it, sampled at its start. Without overlaps the two
  /// are the same value, bit for bit.
  mutating func resolveOverlaps() {
    turnFrames = []
    turnFrameSlots = operations.map { operation in
      guard let frame = TurnFrame(operation) else { return -1 }
      turnFrames.append(frame)
      return turnFrames.count - 1
    }
    interpolations = transforms.map { segment in
      segment.target.map { TransformInterpolation(from: segment.from, to: $0) }
    }
    transformSteps = transforms.map(\.step)
    transformPreviousAbsolute = [Int](repeating: -1, count: transforms.count)
    for view in views {
      var previous = -1
      for j in view.transform {
        if transforms[j].isAbsolute { previous = j }
        transformPreviousAbsolute[j] = previous
      }
    }
    var progress = [Double](repeating: .nan, count: max(steps.count, 1))
    progress.withUnsafeMutableBufferPointer { buffer in
      for view in views.indices {
        let tracks = views[view]
        for j in tracks.frame.dropFirst() {
          let before = tracks.frame.lowerBound..<j
          at(frames[j].step, for: before.map { frames[$0].step }, into: buffer)
          frames[j].from = frame(before, buffer)
        }
        for j in tracks.alpha.dropFirst() where !alphas[j].isRelative {
          let before = tracks.alpha.lowerBound..<j
          at(alphas[j].step, for: before.map { alphas[$0].step }, into: buffer)
          alphas[j].from = alpha(before, buffer)
        }
        for j in tracks.transform.dropFirst() where transforms[j].target != nil {
          let before = tracks.transform.lowerBound..<j
          at(transforms[j].step, for: before.map { transforms[$0].step }, into: buffer)
          transforms[j].from = transform(before, buffer)
          // The start is now final: decompose it once, for every sample.
          interpolations[j] = TransformInterpolation(
            from: transforms[j].from, to: transforms[j].target!)
        }
      }
    }
  }

  /// Writes into `progress` the progress of `owners` at the start of `step`.
  private func at(_ step: Int, for owners: [Int], into progress: UnsafeMutableBufferPointer<Double>)
  {
    let time = steps[step].start
    for owner in owners {
      progress[owner] = Timeline.progress(of: steps[owner], at: time, rerun: nil)
    }
  }
}
