import CTransitMath

/// Every appearance segment of one view in one of its keys, laid out
/// together with the parts of the interpolation that do not depend on
/// progress already worked out: what a sample reads for a view restyled as
/// a whole while one of its steps runs.
///
/// A view whose background, border, shadow, corners and image placement
/// change in the same steps (see ``AppearanceKeys``) has, in each of those
/// steps, one absolute segment per property. Read track by track, those
/// segments lie in seven arrays, each read after its own bounds and kind
/// checks; here they are one record per (view, key), next to the records of
/// the view's other keys, so that a running step costs one lookup and one
/// pass of multiplications and additions.
///
/// Every number is the one the per-track rules compute, bit for bit: each
/// rule is `a + (b − a) · p` (for colours on premultiplied components,
/// divided by the mixed alpha afterwards), and `b − a` and the premultiplied
/// ends are the very products and differences those rules work out at
/// every sample, worked out once instead. Only a running step (progress
/// strictly between 0 and 1) is read from here: its ends, and a colour
/// whose mixed alpha is 0, are read from the tracks as before.
struct AppearanceSpans: Hashable, Sendable {
  /// `base + delta · p`, four numbers at a time.
  struct Line: Hashable, Sendable {
    var base: SIMD4<Double>
    var delta: SIMD4<Double>

    static let zero = Line(base: .zero, delta: .zero)

    /// The line from `a` to `b`.
    init(from a: SIMD4<Double>, to b: SIMD4<Double>) {
      (base, delta) = (a, b - a)
    }

    private init(base: SIMD4<Double>, delta: SIMD4<Double>) {
      (self.base, self.delta) = (base, delta)
    }

    /// A colour's line: its premultiplied components and its alpha.
    init(from a: Color, to b: Color) {
      self.init(
        from: SIMD4(a.red * a.alpha, a.green * a.alpha, a.blue * a.alpha, a.alpha),
        to: SIMD4(b.red * b.alpha, b.green * b.alpha, b.blue * b.alpha, b.alpha))
    }

    @inline(__always)
    func at(_ p: Double) -> SIMD4<Double> { base + delta * p }
  }

  /// One view's appearance over one key. Tracks the view does not change
  /// in exactly its keys are left at zero and never read.
  struct Span: Hashable, Sendable {
    var backgroundColor = Line.zero
    var borderColor = Line.zero
    var textColor = Line.zero
    var shadowColor = Line.zero
    /// Top-left, top-right, bottom-right, bottom-left.
    var cornerRadii = Line.zero
    /// Opacity, radius, offset width, offset height.
    var shadow = Line.zero
    /// Stretched, fitted, filled and natural weights.
    var placementWeights = Line.zero
    /// The placement's anchors, then the border width, then nothing.
    var placementAnchorsAndBorderWidth = Line.zero
  }

  /// The records, in the order of ``AppearanceKeys/steps``: a view's are
  /// the range ``AppearanceKeys/ranges`` gives it.
  private(set) var spans: [Span] = []
  /// For each record, the bits (``Tracks/Appearance``) of the tracks it
  /// serves: those whose segment in that key is the one in force while the
  /// key runs. Every track of ``AppearanceKeys/shared``, and a track of
  /// ``AppearanceKeys/prefixed`` in a key where it is absolute: the fold
  /// up to that key finds it running and adds nothing after it. In a key
  /// where it is relative, it adds to what came before, and is folded.
  private(set) var served: [UInt8] = []

  /// The records of every view's keys, from tracks whose overlaps are
  /// resolved (their segments' `from` fixed).
  init(_ tracks: Tracks) {
    let keys = tracks.appearanceKeys
    spans.reserveCapacity(keys.steps.count)
    for view in keys.ranges.indices {
      let (shared, prefixed) = (keys.shared[view], keys.prefixed[view])
      for offset in 0..<keys.ranges[view].count {
        var span = Span()
        var bits: UInt8 = 0
        func segment<Value>(_ track: Track<Value>, _ bit: UInt8) -> Segment<Value>? {
          guard (shared | prefixed) & bit != 0 else { return nil }
          let segment = track.segments[track.ranges[view].lowerBound + offset]
          guard segment.isAbsolute else { return nil }
          bits |= bit
          return segment
        }
        if let s = segment(tracks.backgroundColors, Tracks.Appearance.backgroundColor) {
          span.backgroundColor = Line(from: s.from, to: s.to)
        }
        if let s = segment(tracks.borderColors, Tracks.Appearance.borderColor) {
          span.borderColor = Line(from: s.from, to: s.to)
        }
        if let s = segment(tracks.textColors, Tracks.Appearance.textColor) {
          span.textColor = Line(from: s.from, to: s.to)
        }
        if let s = segment(tracks.shadows, Tracks.Appearance.shadow) {
          span.shadowColor = Line(from: s.from.color, to: s.to.color)
          func numbers(_ shadow: Shadow) -> SIMD4<Double> {
            SIMD4(shadow.opacity, shadow.radius, shadow.offset.width, shadow.offset.height)
          }
          span.shadow = Line(from: numbers(s.from), to: numbers(s.to))
        }
        if let s = segment(tracks.cornerRadii, Tracks.Appearance.cornerRadii) {
          func numbers(_ r: CornerRadii) -> SIMD4<Double> {
            SIMD4(r.topLeft, r.topRight, r.bottomRight, r.bottomLeft)
          }
          span.cornerRadii = Line(from: numbers(s.from), to: numbers(s.to))
        }
        var anchorsFrom = SIMD4<Double>.zero
        var anchorsTo = SIMD4<Double>.zero
        if let s = segment(tracks.placements, Tracks.Appearance.placement) {
          func weights(_ w: ImagePlacement) -> SIMD4<Double> {
            SIMD4(w.stretched, w.fitted, w.filled, w.natural)
          }
          span.placementWeights = Line(from: weights(s.from), to: weights(s.to))
          (anchorsFrom.x, anchorsFrom.y) = (s.from.anchorX, s.from.anchorY)
          (anchorsTo.x, anchorsTo.y) = (s.to.anchorX, s.to.anchorY)
        }
        if let s = segment(tracks.borderWidths, Tracks.Appearance.borderWidth) {
          (anchorsFrom.z, anchorsTo.z) = (s.from, s.to)
        }
        span.placementAnchorsAndBorderWidth = Line(from: anchorsFrom, to: anchorsTo)
        spans.append(span)
        served.append(bits)
      }
    }
  }

  init() {}

  /// Brings record `k` (if there is one) into the cache ahead of its read;
  /// changes nothing.
  @inline(__always)
  func prefetch(_ k: Int) {
    guard k < spans.count else { return }
    spans.withUnsafeBufferPointer {
      transit_prefetch($0.baseAddress! + k, Int32(MemoryLayout<Span>.size / 64))
    }
  }
}
