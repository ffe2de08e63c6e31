/// How a property's segments make a value between their two ends: what
/// the timeline's one fold (``Tracks/fold(_:_:_:_:_:into:bounded:)``) asks
/// of each property, so that what every property shares is written once.
///
/// Static, not closures: the fold is specialised for each rule and the
/// rule inlined into it, with nothing captured.
protocol SegmentRule {
  associatedtype Value
  /// The value `p` of the way from `from` to `to`, for `p` neither 0 (the
  /// fold answers `from` itself) nor, in practice, 1.
  static func mix(_ from: Value, _ to: Value, _ p: Double) -> Value
  /// Adds a relative segment's motion from `from` to `to`, at progress `p`
  /// (not 0), to `value`. Properties that are only ever absolute never
  /// have it called.
  static func add(_ from: Value, _ to: Value, _ p: Double, to value: inout Value)
  /// Brings a value in motion into the range a renderer can draw, where an
  /// overshooting curve (back, elastic, spring) has taken it out.
  static func bound(_ value: inout Value)
}

extension SegmentRule {
  static func add(_ from: Value, _ to: Value, _ p: Double, to value: inout Value) {}
  static func bound(_ value: inout Value) {}
}

extension Tracks {
  /// The value of one view's property (segments `range` of `track`), as
  /// every property with an in-between has it: the segment in force at
  /// progress 0 is its `from` exactly, whatever `Rule.mix` would round it
  /// to, and otherwise `Rule.mix(from, to, p)`; every started relative
  /// segment adds its share (`Rule.add`); a value in motion, when
  /// `bounded`, is brought into range (`Rule.bound`). Visibility has no
  /// in-between, and a transform reads its segments field by field.
  ///
  /// With `key` (the latest started of a view's appearance keys, see
  /// ``Track/read(_:at:_:into:absolute:)``) the segment in force is read
  /// directly: no other segment of the view has started.
  @inline(__always)
  func fold<Rule: SegmentRule>(
    _ rule: Rule.Type, _ track: Track<Rule.Value>, _ range: Range<Int>,
    _ progress: UnsafeMutableBufferPointer<Double>, _ key: (offset: Int, progress: Double)?,
    into value: inout Rule.Value, bounded: Bool
  ) {
    let isMoving: Bool
    if let key {
      isMoving = track.read(range, at: key.offset, key.progress, into: &value) { j, p in
        Self.segment(rule, track, j, p)
      }
    } else {
      isMoving = track.fold(range, progress, into: &value) { j, p in
        Self.segment(rule, track, j, p)
      } relative: { value, j, p in
        Rule.add(track.segments[j].from, track.segments[j].to, p, to: &value)
      }
    }
    if bounded && isMoving { Rule.bound(&value) }
  }

  /// Segment `j` of `track` at progress `p`: its `from` exactly at 0,
  /// otherwise `Rule.mix(from, to, p)`.
  @inline(__always)
  private static func segment<Rule: SegmentRule>(
    _ rule: Rule.Type, _ track: Track<Rule.Value>, _ j: Int, _ p: Double
  ) -> Rule.Value {
    let (from, to) = (track.segments[j].from, track.segments[j].to)
    return p == 0 ? from : Rule.mix(from, to, p)
  }

  /// A frame's entries, each interpolated on its own; in motion, no size
  /// below 0 (no view has a negative width or height). Frames are only
  /// ever absolute.
  enum FrameRule: SegmentRule {
    static func mix(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
      Rect(
        x: a.origin.x + (b.origin.x - a.origin.x) * p,
        y: a.origin.y + (b.origin.y - a.origin.y) * p,
        width: a.size.width + (b.size.width - a.size.width) * p,
        height: a.size.height + (b.size.height - a.size.height) * p)
    }
    static func bound(_ value: inout Rect) {
      if value.size.width < 0 || value.size.height < 0 {
        value.size.width = max(0, value.size.width)
        value.size.height = max(0, value.size.height)
      }
    }
  }

  /// An alpha, mixed and faded linearly; in motion, kept in 0…1.
  enum AlphaRule: SegmentRule {
    static func mix(_ from: Double, _ to: Double, _ p: Double) -> Double {
      from + (to - from) * p
    }
    static func add(_ from: Double, _ to: Double, _ p: Double, to value: inout Double) {
      value += (to - from) * p
    }
    static func bound(_ value: inout Double) { value = min(1, max(0, value)) }
  }

  /// A border width, mixed and adjusted linearly; in motion, not below 0.
  enum BorderWidthRule: SegmentRule {
    static func mix(_ from: Double, _ to: Double, _ p: Double) -> Double {
      Interpolation.lerp(from, to, p)
    }
    static func add(_ from: Double, _ to: Double, _ p: Double, to value: inout Double) {
      value += (to - from) * p
    }
    static func bound(_ value: inout Double) { value = max(0, value) }
  }

  /// Corner radii, corner by corner, mixed and adjusted; in motion, no
  /// radius below 0.
  enum CornerRadiiRule: SegmentRule {
    static func mix(_ from: CornerRadii, _ to: CornerRadii, _ p: Double) -> CornerRadii {
      from.interpolated(to: to, progress: p)
    }
    static func add(
      _ from: CornerRadii, _ to: CornerRadii, _ p: Double, to value: inout CornerRadii
    ) {
      value.add(to.minus(from), progress: p)
    }
    static func bound(_ value: inout CornerRadii) { value = value.bounded }
  }

  /// A colour or a shadow, by its own rule (``Mixable``); only ever
  /// absolute.
  enum MixableRule<Value: Mixable>: SegmentRule {
    static func mix(_ from: Value, _ to: Value, _ p: Double) -> Value {
      from.interpolated(to: to, progress: p)
    }
    static func bound(_ value: inout Value) { value = value.bounded }
  }

  /// An image placement's weights and anchor; only ever absolute, and not
  /// bounded: an overshooting curve overshoots the placed rect, as it does
  /// a frame.
  enum PlacementRule: SegmentRule {
    static func mix(_ from: ImagePlacement, _ to: ImagePlacement, _ p: Double) -> ImagePlacement {
      from.interpolated(to: to, progress: p)
    }
  }
}
