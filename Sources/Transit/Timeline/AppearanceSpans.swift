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
///
/// A key where a track is relative (radii or a border width adjusted by
/// an amount) is a line too, once the keys before it that the fold would
/// pass have finished: the fold then starts from the previous segment's
/// `to` and adds `(b − a) · p`, which is `base + delta · p` with that `to`
/// as the base. While one of those keys still runs, the track is folded.
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

    /// The line through `base` with slope `delta`.
    init(base: SIMD4<Double>, delta: SIMD4<Double>) {
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
  /// the range ``AppearanceKeys/Keys/range`` gives it.
  private(set) var spans: [Span] = []
  /// Which tracks a record serves, and when.
  struct Service: Hashable, Sendable {
    /// The bits (``Tracks/Appearance``) of the tracks the record serves
    /// whenever its key runs: those whose segment in that key is the one
    /// in force. Every track of ``AppearanceKeys/Keys/shared``, and a track of
    /// ``AppearanceKeys/Keys/prefixed`` in a key where it is absolute: the fold
    /// up to that key finds it running and adds nothing after it.
    var always: UInt8 = 0
    /// The bits of the tracks of ``AppearanceKeys/Keys/prefixed`` that are
    /// relative in this key, served once the keys from offset
    /// ``settledFrom`` up to this one (excluded) have finished: the fold
    /// then starts from the previous key's `to`, the record's base. (While
    /// ``settledFrom`` is the one key just before and still runs, the fold
    /// up to that key is its record's line at its progress, and the track
    /// is served from there.)
    var settled: UInt8 = 0
    /// The offset, from the view's first key, of the first key that must
    /// have finished for ``settled`` to be served: the latest earlier key
    /// where every such track is absolute, or the first key.
    var settledFrom: Int32 = 0
  }

  /// For each record, the tracks it serves.
  private(set) var services: [Service] = []

  /// The records of every view's keys, from tracks whose overlaps are
  /// resolved (their segments' `from` fixed).
  init(_ tracks: Tracks) {
    let keys = tracks.appearanceKeys
    spans.reserveCapacity(keys.steps.count)
    services.reserveCapacity(keys.steps.count)
    for view in keys.views.indices {
      let (shared, prefixed) = (keys.views[view].shared, keys.views[view].prefixed)
      for offset in 0..<Int(keys.views[view].count) {
        var span = Span()
        var service = Service(settledFrom: Int32(offset))
        // The line of a track's segment in this key, from the value the
        // fold starts from to the segment's `to`; nil for a track the
        // record cannot serve.
        func line<Value>(
          _ track: Track<Value>, _ bit: UInt8, _ numbers: (Value) -> SIMD4<Double>
        ) -> Line? {
          guard (shared | prefixed) & bit != 0 else { return nil }
          let first = track.ranges[view].lowerBound
          let segment = track.segments[first + offset]
          let (from, to) = (numbers(segment.from), numbers(segment.to))
          if segment.isAbsolute {
            service.always |= bit
            return Line(from: from, to: to)
          }
          // Relative: the fold goes through every key since the latest
          // absolute one before this (or since the first key), all of them
          // finished, and starts from the `to` of the one before this.
          var since = offset
          while since > 0 && !track.segments[first + since - 1].isAbsolute { since -= 1 }
          if since > 0 { since -= 1 }
          service.settled |= bit
          service.settledFrom = min(service.settledFrom, Int32(since))
          let base = offset > 0 ? numbers(track.segments[first + offset - 1].to) : from
          return Line(base: base, delta: to - from)
        }
        func colorLine(_ track: Track<Color>, _ bit: UInt8) -> Line? {
          guard (shared | prefixed) & bit != 0 else { return nil }
          let segment = track.segments[track.ranges[view].lowerBound + offset]
          guard segment.isAbsolute else { return nil }
          service.always |= bit
          return Line(from: segment.from, to: segment.to)
        }
        if let l = colorLine(tracks.backgroundColors, Tracks.Appearance.backgroundColor) {
          span.backgroundColor = l
        }
        if let l = colorLine(tracks.borderColors, Tracks.Appearance.borderColor) {
          span.borderColor = l
        }
        if let l = colorLine(tracks.textColors, Tracks.Appearance.textColor) {
          span.textColor = l
        }
        if (shared | prefixed) & Tracks.Appearance.shadow != 0 {
          let s = tracks.shadows.segments[tracks.shadows.ranges[view].lowerBound + offset]
          if s.isAbsolute {
            service.always |= Tracks.Appearance.shadow
            span.shadowColor = Line(from: s.from.color, to: s.to.color)
            func numbers(_ shadow: Shadow) -> SIMD4<Double> {
              SIMD4(shadow.opacity, shadow.radius, shadow.offset.width, shadow.offset.height)
            }
            span.shadow = Line(from: numbers(s.from), to: numbers(s.to))
          }
        }
        if let l = line(
          tracks.cornerRadii, Tracks.Appearance.cornerRadii,
          { r in
            SIMD4(r.topLeft, r.topRight, r.bottomRight, r.bottomLeft)
          })
        {
          span.cornerRadii = l
        }
        // The placement's anchors and the border width share a line.
        var anchors = Line.zero
        if (shared | prefixed) & Tracks.Appearance.placement != 0 {
          let s = tracks.placements.segments[tracks.placements.ranges[view].lowerBound + offset]
          if s.isAbsolute {
            service.always |= Tracks.Appearance.placement
            func weights(_ w: ImagePlacement) -> SIMD4<Double> {
              SIMD4(w.stretched, w.fitted, w.filled, w.natural)
            }
            span.placementWeights = Line(from: weights(s.from), to: weights(s.to))
            anchors = Line(
              from: SIMD4(s.from.anchorX, s.from.anchorY, 0, 0),
              to: SIMD4(s.to.anchorX, s.to.anchorY, 0, 0))
          }
        }
        if let l = line(tracks.borderWidths, Tracks.Appearance.borderWidth, { SIMD4($0, 0, 0, 0) })
        {
          anchors.base.z = l.base.x
          anchors.delta.z = l.delta.x
        }
        span.placementAnchorsAndBorderWidth = anchors
        spans.append(span)
        services.append(service)
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
