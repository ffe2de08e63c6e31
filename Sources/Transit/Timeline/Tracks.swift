/// An animation resolved against a scene: for every animated property of
/// every view, the segments of absolute from → to values, each tied to the
/// step whose progress drives it.
///
/// This is what a ``Timeline`` samples. It is built once, by
/// ``TimelineBinder``, and never changes afterwards: sampling reads these
/// arrays and allocates nothing, and reversal only changes the time at
/// which they are read. Views are indexed by their depth-first (pre-order)
/// position in the bound scene, the order in which sampling walks the
/// scene's view tree.
struct Tracks: Hashable, Sendable {
  /// When and how each step plays, in step order.
  var steps: [StepTiming] = []
  var frames = Track<Rect>()
  var alphas = Track<Double>()
  var transforms = Track<Transform3D>()
  var hiddens = Track<Bool>()
  var backgroundColors = Track<Color>()
  var cornerRadii = Track<CornerRadii>()
  var borderWidths = Track<Double>()
  var borderColors = Track<Color>()
  var shadows = Track<Shadow>()
  var placements = Track<ImagePlacement>()
  var textColors = Track<Color>()
  /// Each view's appearance steps, searched once for the tracks that
  /// change in all of them.
  var appearanceKeys = AppearanceKeys()
  /// The segments of the tracks that change in exactly a view's keys,
  /// one record per key, for the samples that fall while a key runs.
  var appearanceSpans = AppearanceSpans()
  /// For each view, the pre-order index just past its subtree.
  var subtreeEnd: [Int] = []
  /// For each view, whether it or a descendant is animated: sampling skips
  /// whole subtrees that nothing changes.
  var subtreeAnimated: [Bool] = []

  // MARK: What transform segments add to their two ends

  /// Every relative transform operation, segment after segment.
  var operations: [TransformOperation] = []
  /// For each transform segment, its operations in ``operations``, composed
  /// in order after its absolute target (if any).
  var operationRanges: [Range<Int>] = []
  /// For each transform segment with an absolute target, the index of its
  /// interpolation in ``interpolations``; −1 for relative segments.
  var interpolationSlots: [Int] = []
  /// Each absolute transform target's `from` and target decomposed once,
  /// after binding has fixed the `from`, so that a sample costs a slerp and
  /// a recomposition.
  var interpolations: [TransformInterpolation] = []
  /// What the turns in perspective keep from sample to sample (see
  /// ``TurnFrame``), one for each different turn: views turned alike
  /// share one.
  var turnFrames: [TurnFrame] = []
  /// For each operation, the index of its ``TurnFrame`` in ``turnFrames``, or
  /// −1: one integer to test per operation, so that the other operations
  /// (translations, scales) pay nothing for the turns' fast path.
  var turnFrameSlots: [Int] = []

  // MARK: Sampling

  /// Writes the animated properties of view `index` into `view`.
  /// `progress[k]` is step k's progress, NaN when it has not started;
  /// `started` is ``AppearanceKeys/startedSteps(_:count:)`` of it; `sines`
  /// is the sample's cache of turn angles' sines and cosines.
  @inline(__always)
  func apply(
    _ index: Int, to view: inout View, progress: UnsafeMutableBufferPointer<Double>,
    started: Int, sines: StepSines
  ) {
    let (frame, alpha) = (frames.ranges[index], alphas.ranges[index])
    let (transform, hidden) = (transforms.ranges[index], hiddens.ranges[index])
    if !frame.isEmpty { self.frame(frame, progress, into: &view.frame) }
    if !alpha.isEmpty { self.alpha(alpha, progress, into: &view.alpha) }
    if !transform.isEmpty { self.transform(transform, progress, sines, into: &view.transform) }
    if !hidden.isEmpty { self.hidden(hidden, progress, into: &view.isHidden) }
    let animated = appearanceKeys.animated[index]
    if animated != 0 {
      applyAppearance(index, animated, to: &view, progress: progress, started: started)
    }
  }

  /// Writes what view `index` looks like into `view`: every appearance
  /// track that has segments of it (the bits `animated`). The latest
  /// started of the view's appearance steps is found once, for every track
  /// that changes in exactly those steps (see ``AppearanceKeys``); while
  /// it runs, those tracks are read from its record (``applySpan``), and
  /// whatever the record does not serve is folded track by track
  /// (``applyTracks``), out of line: the record is what a running
  /// restyle reads, and the fold's registers and checks would slow it.
  @inline(__always)
  private func applyAppearance(
    _ index: Int, _ animated: UInt8, to view: inout View,
    progress: UnsafeMutableBufferPointer<Double>, started: Int
  ) {
    let keys = appearanceKeys.views[index]
    var key = (offset: -1, progress: Double.nan)
    var served: UInt8 = 0
    if keys.shared | keys.prefixed != 0 {
      key = appearanceKeys.latestStarted(keys, progress, started: started)
      if key.offset >= 0 && key.progress != 0 && key.progress != 1 {
        let k = Int(keys.start) + key.offset
        // Views restyled together are mostly sampled in the same key: the
        // next view's record of this key (the next view's keys follow this
        // view's) is likely the next one read, and records lie a view's
        // keys apart, too far for the processor to guess.
        appearanceSpans.prefetch(k + Int(keys.count))
        served = applySpan(k, key.offset, key.progress, progress, to: &view)
      }
    }
    let rest = animated & ~served
    if rest != 0 { applyTracks(rest, of: index, keys, key, progress, to: &view) }
  }

  /// Folds the appearance tracks `rest` of view `index` (whose keys are
  /// `keys`, the latest started of them `key`) into `view`, each by its
  /// own rule: a track that changes in exactly the keys reads or folds only
  /// up to the latest started key's segment, the others all of theirs.
  @inline(never)
  private func applyTracks(
    _ rest: UInt8, of index: Int, _ keys: AppearanceKeys.Keys,
    _ key: (offset: Int, progress: Double), _ progress: UnsafeMutableBufferPointer<Double>,
    to view: inout View
  ) {
    let (shared, prefixed) = (keys.shared, keys.prefixed)
    func at(_ bit: UInt8) -> (offset: Int, progress: Double)? { shared & bit != 0 ? key : nil }
    // A track with relative segments in the very steps of the keys: none
    // after the latest started key's has started, so folding the segments
    // up to it is folding them all.
    func upToKey(_ range: Range<Int>, _ bit: UInt8) -> Range<Int> {
      prefixed & bit != 0 && key.offset >= 0
        ? range.lowerBound..<range.lowerBound + key.offset + 1 : range
    }
    if rest & Appearance.backgroundColor != 0 {
      mixed(
        backgroundColors, backgroundColors.ranges[index], progress, at(Appearance.backgroundColor),
        into: &view.backgroundColor)
    }
    if rest & Appearance.cornerRadii != 0 {
      self.cornerRadii(
        upToKey(cornerRadii.ranges[index], Appearance.cornerRadii), progress,
        at(Appearance.cornerRadii), into: &view.cornerRadii)
    }
    if rest & Appearance.borderWidth != 0 {
      borderWidth(
        upToKey(borderWidths.ranges[index], Appearance.borderWidth), progress,
        at(Appearance.borderWidth), into: &view.border.width)
    }
    if rest & Appearance.borderColor != 0 {
      mixed(
        borderColors, borderColors.ranges[index], progress, at(Appearance.borderColor),
        into: &view.border.color)
    }
    if rest & Appearance.shadow != 0 {
      mixed(shadows, shadows.ranges[index], progress, at(Appearance.shadow), into: &view.shadow)
    }
    if rest & Appearance.placement != 0 {
      placement(
        placements.ranges[index], progress, at(Appearance.placement), into: &view.imagePlacement)
    }
    // Binding refuses a text colour for a view without text. Only the
    // colour is read and written, through optional chaining: taking the
    // text itself out of its optional would move it out and back, and
    // testing it against nil would copy it, string and all.
    if rest & Appearance.textColor != 0, var textColor = view.text?.color {
      mixed(
        textColors, textColors.ranges[index], progress, at(Appearance.textColor),
        into: &textColor)
      view.text?.color = textColor
    }
  }

  /// Writes into `view` every track that record `k`, of a view's key at
  /// `offset` from its first, serves at that key's progress `p` (strictly
  /// between 0 and 1), and returns the bits of the tracks written: a colour
  /// whose mixed alpha is 0 is left to its track, and so is a relative
  /// key's track while a key the fold passes still runs (see
  /// ``AppearanceSpans/Service``), unless that key is the one just before:
  /// the fold up to it is then its record's line at its progress.
  ///
  /// The same numbers as ``Track/read(_:at:_:into:absolute:)`` and
  /// ``Track/fold(_:_:into:absolute:relative:)`` with each property's mix,
  /// bounded the same way (see ``AppearanceSpans``).
  @inline(__always)
  private func applySpan(
    _ k: Int, _ offset: Int, _ p: Double, _ progress: UnsafeMutableBufferPointer<Double>,
    to view: inout View
  ) -> UInt8 {
    let service = appearanceSpans.services[k]
    var shared = service.always
    // The relative tracks read from the previous key's line at its
    // progress `q`, and not from this record's base.
    var overlapped: UInt8 = 0
    var q = 0.0
    if service.settled != 0 {
      let from = Int(service.settledFrom)
      if from == offset - 1 {
        // One key to pass, the one just before (as a track set in one
        // step and adjusted in the next has). Finished, the fold starts
        // from its `to`, the record's base. Running, the fold up to it is
        // its record's line at its progress: its segment there where it
        // is absolute, and where it is relative (only the view's first
        // key can be, see `settledFrom`) its `from` plus its share.
        q = progress[appearanceKeys.steps[k - 1]]
        if q == 1 {
          shared |= service.settled
        } else if !q.isNaN && q != 0 {
          overlapped = service.settled
        }
      } else if appearanceKeys.finished(from: k - offset, from..<offset, progress) {
        shared |= service.settled
      }
    }
    guard shared | overlapped != 0 else { return 0 }
    var written = shared | overlapped
    return appearanceSpans.spans.withUnsafeBufferPointer { spans in
      let span = spans.baseAddress! + k
      // A colour's line at `p`, or nil when its alpha is 0 there.
      @inline(__always)
      func color(_ line: AppearanceSpans.Line) -> Color? {
        let m = line.at(p)
        guard m.w != 0 else { return nil }
        return Color(red: m.x / m.w, green: m.y / m.w, blue: m.z / m.w, alpha: m.w).bounded
      }
      if shared & Appearance.backgroundColor != 0 {
        if let c = color(span.pointee.backgroundColor) {
          view.backgroundColor = c
        } else {
          written &= ~Appearance.backgroundColor
        }
      }
      if shared & Appearance.borderColor != 0 {
        if let c = color(span.pointee.borderColor) {
          view.border.color = c
        } else {
          written &= ~Appearance.borderColor
        }
      }
      if shared & Appearance.textColor != 0 {
        // Binding refuses a text colour for a view without text.
        if let c = color(span.pointee.textColor) {
          view.text?.color = c
        } else {
          written &= ~Appearance.textColor
        }
      }
      if shared & Appearance.shadow != 0 {
        if let c = color(span.pointee.shadowColor) {
          let s = span.pointee.shadow.at(p)
          view.shadow = Shadow(
            color: c, opacity: min(1, max(0, s.x)), radius: max(0, s.y),
            offset: Size(width: s.z, height: s.w))
        } else {
          written &= ~Appearance.shadow
        }
      }
      if (shared | overlapped) & Appearance.cornerRadii != 0 {
        let line = span.pointee.cornerRadii
        let base =
          overlapped & Appearance.cornerRadii != 0
          ? (span - 1).pointee.cornerRadii.at(q) : line.base
        let r = base + line.delta * p
        view.cornerRadii = CornerRadii(
          topLeft: max(0, r.x), topRight: max(0, r.y), bottomRight: max(0, r.z),
          bottomLeft: max(0, r.w))
      }
      let rest = span.pointee.placementAnchorsAndBorderWidth.at(p)
      if shared & Appearance.placement != 0 {
        let w = span.pointee.placementWeights.at(p)
        (view.imagePlacement.stretched, view.imagePlacement.fitted) = (w.x, w.y)
        (view.imagePlacement.filled, view.imagePlacement.natural) = (w.z, w.w)
        (view.imagePlacement.anchorX, view.imagePlacement.anchorY) = (rest.x, rest.y)
      }
      if shared & Appearance.borderWidth != 0 {
        view.border.width = max(0, rest.z)
      } else if overlapped & Appearance.borderWidth != 0 {
        let base = (span - 1).pointee.placementAnchorsAndBorderWidth.at(q).z
        view.border.width = max(0, base + span.pointee.placementAnchorsAndBorderWidth.delta.z * p)
      }
      return written
    }
  }

  /// The appearance tracks, as the bits of ``AppearanceKeys/Keys/shared``.
  enum Appearance {
    static let backgroundColor: UInt8 = 1 << 0
    static let cornerRadii: UInt8 = 1 << 1
    static let borderWidth: UInt8 = 1 << 2
    static let borderColor: UInt8 = 1 << 3
    static let shadow: UInt8 = 1 << 4
    static let placement: UInt8 = 1 << 5
    static let textColor: UInt8 = 1 << 6
  }

  /// The state of view `index`, starting from its `initial` state.
  func state(
    _ index: Int, initial: ViewState, progress: UnsafeMutableBufferPointer<Double>,
    sines: StepSines
  ) -> ViewState {
    // Through a scratch view, so that states and scenes are written by the
    // same code.
    var view = View(id: "", frame: initial.frame)
    view.state = initial
    let started = AppearanceKeys.startedSteps(progress, count: steps.count)
    apply(index, to: &view, progress: progress, started: started, sines: sines)
    return view.state
  }

  /// A frame: the segment in force, interpolated entry by entry (frames
  /// are only ever absolute).
  ///
  /// With `bounded` (what a sample draws), a size in motion is kept at 0
  /// or more: an overshooting curve (back, elastic, spring) taking a frame
  /// that shrinks towards 0 past its target would otherwise give a
  /// negative width or height, which no view has. Binding resolves
  /// takeovers without it, as it does for every other property.
  @inline(__always)
  func frame(
    _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>, into value: inout Rect,
    bounded: Bool = true
  ) {
    fold(FrameRule.self, frames, range, progress, nil, into: &value, bounded: bounded)
  }

  /// An alpha: the target in force, plus every running fade's share.
  ///
  /// With `bounded` (what a sample draws), a value in motion is kept in
  /// 0…1. Binding resolves where an absolute alpha takes over without it:
  /// fades of later steps that have already started keep adding on top of
  /// the value taken over, and the bound must apply to that whole sum, as
  /// it does just before the takeover, not to the part taken over (an
  /// overshooting fade bounded to 0 at the takeover, plus another fade's
  /// share, would jump by that share).
  @inline(__always)
  func alpha(
    _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>, into value: inout Double,
    bounded: Bool = true
  ) {
    // Overshooting curves (back, elastic, spring) may leave 0…1; a renderer
    // cannot draw alpha outside it, so a sample in motion is bounded.
    fold(AlphaRule.self, alphas, range, progress, nil, into: &value, bounded: bounded)
  }

  /// A transform: the target in force, reached by decomposed interpolation
  /// and followed by its own operations, then every running segment's
  /// operations composed after it in step order.
  @inline(__always)
  func transform(
    _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>, _ sines: StepSines,
    into value: inout Transform3D
  ) {
    transforms.fold(range, progress, into: &value) { j, p in
      // Fields read one by one: copying a whole segment costs more than
      // the arithmetic.
      if p == 0 { return transforms.segments[j].from }
      var value = interpolated(interpolationSlots[j], p)
      for k in operationRanges[j] { applyOperation(k, of: j, to: &value, progress: p, sines) }
      return value
    } relative: { value, j, p in
      for k in operationRanges[j] { applyOperation(k, of: j, to: &value, progress: p, sines) }
    }
  }

  /// Absolute target `slot` (an index into ``interpolations``) at progress
  /// `p`, neither 0 (the caller answers that) nor 1 (a fold never asks for
  /// it): what
  /// ``TransformInterpolation/at(_:)`` computes, the parts read from the
  /// array one by one, because calling a method on the element would first
  /// copy all of its 650 bytes (a third of the time of a sample).
  @inline(__always)
  private func interpolated(_ slot: Int, _ p: Double) -> Transform3D {
    guard interpolations[slot].isDecomposed else { return interpolations[slot].at(p) }
    return interpolations[slot].start.advanced(
      by: interpolations[slot].change, along: interpolations[slot].arc, progress: p
    ).recomposed
  }

  /// Operation `k` of transform segment `j` composed after `m` at progress
  /// `p`: turns in perspective from their kept ``TurnFrame`` and the sines
  /// shared by the segment's step, everything else as
  /// ``TransformOperation/apply(to:progress:)`` does.
  @inline(__always)
  private func applyOperation(
    _ k: Int, of j: Int, to m: inout Transform3D, progress p: Double, _ sines: StepSines
  ) {
    let slot = turnFrameSlots[k]
    if slot >= 0 {
      let angle = p == 1 ? turnFrames[slot].angle : turnFrames[slot].angle * p
      let (s, c) = sines.sincos(angle, step: transforms.steps[j])
      turnFrames.withUnsafeBufferPointer {
        TurnFrame.apply($0.baseAddress! + slot, to: &m, sine: s, cosine: c)
      }
    } else {
      operations[k].apply(to: &m, progress: p)
    }
  }

  // MARK: What views look like

  /// A colour (background, border or text) or a shadow: the target in
  /// force, mixed by the value's own rule (a colour in premultiplied sRGB,
  /// ``Color/interpolated(to:progress:)``; a shadow component by component,
  /// ``Shadow/interpolated(to:progress:)``); in motion and `bounded`,
  /// brought into range (``Mixable/bounded``). Both are only ever absolute.
  @inline(__always)
  func mixed<Value: Mixable>(
    _ track: Track<Value>, _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>,
    _ key: (offset: Int, progress: Double)? = nil, into value: inout Value, bounded: Bool = true
  ) {
    fold(MixableRule<Value>.self, track, range, progress, key, into: &value, bounded: bounded)
  }

  /// Corner radii: the target in force, each corner interpolated on its
  /// own, plus every running adjustment's share, as alphas and fades; in
  /// motion and `bounded`, no radius below 0.
  @inline(__always)
  func cornerRadii(
    _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>,
    _ key: (offset: Int, progress: Double)? = nil, into value: inout CornerRadii,
    bounded: Bool = true
  ) {
    fold(
      CornerRadiiRule.self, cornerRadii, range, progress, key, into: &value, bounded: bounded)
  }

  /// A border width, as an alpha is: the target in force plus every running
  /// adjustment's share; in motion and `bounded`, not below 0.
  @inline(__always)
  func borderWidth(
    _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>,
    _ key: (offset: Int, progress: Double)? = nil, into value: inout Double, bounded: Bool = true
  ) {
    fold(
      BorderWidthRule.self, borderWidths, range, progress, key, into: &value, bounded: bounded)
  }

  /// An image placement: the target in force, its weights interpolated
  /// (``ImagePlacement/interpolated(to:progress:)``). An overshooting curve
  /// overshoots the placed rect, as it does a frame, so nothing bounds it.
  @inline(__always)
  func placement(
    _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>,
    _ key: (offset: Int, progress: Double)? = nil, into value: inout ImagePlacement
  ) {
    fold(PlacementRule.self, placements, range, progress, key, into: &value, bounded: false)
  }

  /// Visibility has no in-between: the segment in force decides, showing
  /// as its step starts and hiding as it ends, so that a view is visible
  /// while it animates.
  @inline(__always)
  func hidden(
    _ range: Range<Int>, _ progress: UnsafeMutableBufferPointer<Double>, into value: inout Bool
  ) {
    hiddens.fold(range, progress, into: &value) { j, _ in
      // Running (not finished): a hiding segment still shows its start.
      hiddens.segments[j].to ? hiddens.segments[j].from : false
    }
  }
}
