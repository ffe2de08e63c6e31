/// Binding, the work behind ``Animation/timeline(from:)``: turns an
/// animation's steps of changes into the ``Tracks`` a ``Timeline`` samples,
/// against one scene.
///
/// It walks the steps once, in order, keeping every view's state as the
/// steps bound so far leave it — where the next relative change starts —
/// and each view's segments so far. Then ``timeline(duration:)`` lays the
/// segments out view by view and resolves overlaps: every absolute segment
/// gets, as its `from`, the value its property really has when it starts.
///
/// Binding checks what only a scene can tell (view ids exist, alphas stay
/// in 0…1, transforms stay finite); ``Animation/validate()`` has checked the
/// numbers before.
struct TimelineBinder {
  private let scene: Scene
  /// The scene's views in pre-order (the order sampling walks them).
  private let views: [View]
  private let preorder: [String: Int]
  /// For each view, the pre-order index just past its subtree.
  private let subtreeEnd: [Int]
  /// Each view's state after the steps bound so far.
  private var current: [ViewState]
  /// Each view's appearance after the steps bound so far.
  private var currentAppearance: [ViewAppearance]
  private var steps: [StepTiming] = []
  private var frames: [[Segment<Rect>]]
  private var alphas: [[Segment<Double>]]
  private var transforms: [[TransformChange]]
  private var hiddens: [[Segment<Bool>]]
  private var backgroundColors: [[Segment<Color>]]
  private var cornerRadii: [[Segment<CornerRadii>]]
  private var borderWidths: [[Segment<Double>]]
  private var borderColors: [[Segment<Color>]]
  private var shadows: [[Segment<Shadow>]]
  private var placements: [[Segment<ImagePlacement>]]
  private var textColors: [[Segment<Color>]]
  private var operations: [TransformOperation] = []

  /// A transform segment as bound, with its absolute target (if any) and
  /// its operations in ``operations``.
  private typealias TransformChange = (
    segment: Segment<Transform3D>, target: Transform3D?, operations: Range<Int>
  )

  /// Prepares to bind steps to `scene`, which must be valid.
  init(_ scene: Scene) {
    self.scene = scene
    let flat = scene.allViews()
    views = flat.map(\.view)
    var preorder: [String: Int] = [:]
    preorder.reserveCapacity(flat.count)
    var subtreeEnd = [Int](repeating: 0, count: flat.count)
    // The views whose subtree is still open, deepest last.
    var open: [(index: Int, depth: Int)] = []
    for (i, entry) in flat.enumerated() {
      preorder[entry.view.id] = i
      while let last = open.last, last.depth >= entry.depth {
        subtreeEnd[last.index] = i
        open.removeLast()
      }
      open.append((i, entry.depth))
    }
    for entry in open { subtreeEnd[entry.index] = flat.count }
    self.preorder = preorder
    self.subtreeEnd = subtreeEnd
    current = views.map(\.state)
    currentAppearance = views.map(\.appearance)
    frames = Array(repeating: [], count: flat.count)
    alphas = Array(repeating: [], count: flat.count)
    transforms = Array(repeating: [], count: flat.count)
    hiddens = Array(repeating: [], count: flat.count)
    backgroundColors = Array(repeating: [], count: flat.count)
    cornerRadii = Array(repeating: [], count: flat.count)
    borderWidths = Array(repeating: [], count: flat.count)
    borderColors = Array(repeating: [], count: flat.count)
    shadows = Array(repeating: [], count: flat.count)
    placements = Array(repeating: [], count: flat.count)
    textColors = Array(repeating: [], count: flat.count)
  }

  // MARK: Steps

  /// Binds the next step, which starts at forward time `start`.
  ///
  /// - Throws: ``TransitError`` for a change of a view the scene does not
  ///   have, an alpha that would leave 0…1 or a transform that would not be
  ///   finite; the message names the step, the view and the field.
  mutating func bind(_ step: AnimationStep, at start: Double) throws(TransitError) {
    let k = steps.count
    steps.append(
      StepTiming(start: start, duration: step.duration, curve: step.curve, tag: step.tag))
    let place = Animation.describe(step: k, tag: step.tag)
    for (view, changes) in try group(step.changes, at: place) {
      try bind(changes, of: view, step: k, at: place)
    }
  }

  /// A step's changes grouped by view, views in order of first appearance.
  private func group(_ changes: [Change], at place: String) throws(TransitError)
    -> [(view: Int, changes: StepChanges)]
  {
    var groups: [(view: Int, changes: StepChanges)] = []
    var slots: [Int: Int] = [:]
    for change in changes {
      guard let view = preorder[change.viewID] else {
        throw TransitError(
          .unknownView, "\(place) changes view '\(change.viewID)', which the scene does not have")
      }
      let slot = slots[view] ?? groups.count
      if slot == groups.count {
        slots[view] = slot
        groups.append((view, StepChanges()))
      }
      groups[slot].changes.add(change.operation)
    }
    return groups
  }

  /// Adds a segment for each property that step `k` changes on `view`,
  /// starting from the state the earlier steps leave.
  private mutating func bind(
    _ changes: StepChanges, of view: Int, step k: Int, at place: String
  ) throws(TransitError) {
    var state = current[view]
    let id = views[view].id
    if let target = changes.frame {
      frames[view].append(Segment(step: k, from: state.frame, to: target, isAbsolute: true))
      state.frame = target
    }
    if let alpha = changes.alpha(after: state.alpha) {
      guard alpha >= 0, alpha <= 1 else {
        throw TransitError.invalidChange(
          step: place, view: id, problem: "alpha would reach \(alpha), outside 0…1")
      }
      let isAbsolute = changes.alphaTarget != nil
      alphas[view].append(Segment(step: k, from: state.alpha, to: alpha, isAbsolute: isAbsolute))
      state.alpha = alpha
    }
    if let transform = changes.transform(after: state.transform) {
      guard transform.isFinite else {
        throw TransitError.invalidChange(
          step: place, view: id, problem: "the transform would not be finite")
      }
      let first = operations.count
      operations += changes.operations
      let segment = Segment(
        step: k, from: state.transform, to: transform, isAbsolute: changes.transformTarget != nil)
      transforms[view].append((segment, changes.transformTarget, first..<operations.count))
      state.transform = transform
    }
    if let hidden = changes.hidden {
      hiddens[view].append(Segment(step: k, from: state.isHidden, to: hidden, isAbsolute: true))
      state.isHidden = hidden
    }
    current[view] = state
    try bindAppearance(changes, of: view, step: k, at: place)
  }

  /// Adds a segment for each property of the view's appearance that step
  /// `k` changes on `view`, starting from the appearance the earlier steps
  /// leave.
  private mutating func bindAppearance(
    _ changes: StepChanges, of view: Int, step k: Int, at place: String
  ) throws(TransitError) {
    let id = views[view].id
    var state = currentAppearance[view]
    defer { currentAppearance[view] = state }
    if let color = changes.backgroundColor {
      backgroundColors[view].append(
        Segment(step: k, from: state.backgroundColor, to: color, isAbsolute: true))
      state.backgroundColor = color
    }
    if let radii = changes.cornerRadii(after: state.cornerRadii) {
      guard radii.isValid else {
        throw TransitError.invalidChange(
          step: place, view: id, problem: "corner radii would reach \(radii), below 0")
      }
      cornerRadii[view].append(
        Segment(
          step: k, from: state.cornerRadii, to: radii,
          isAbsolute: changes.cornerRadiiTarget != nil))
      state.cornerRadii = radii
    }
    if let width = changes.borderWidth(after: state.border.width) {
      guard width.isFinite, width >= 0 else {
        throw TransitError.invalidChange(
          step: place, view: id, problem: "border width would reach \(width), below 0")
      }
      borderWidths[view].append(
        Segment(
          step: k, from: state.border.width, to: width,
          isAbsolute: changes.borderWidthTarget != nil))
      state.border.width = width
    }
    if let color = changes.borderColor {
      borderColors[view].append(
        Segment(step: k, from: state.border.color, to: color, isAbsolute: true))
      state.border.color = color
    }
    if let shadow = changes.shadow {
      shadows[view].append(Segment(step: k, from: state.shadow, to: shadow, isAbsolute: true))
      state.shadow = shadow
    }
    if let mode = changes.contentMode {
      let placement = ImagePlacement(mode)
      placements[view].append(
        Segment(step: k, from: state.imagePlacement, to: placement, isAbsolute: true))
      state.imagePlacement = placement
    }
    if let color = changes.textColor {
      guard let from = state.textColor else {
        throw TransitError.invalidChange(
          step: place, view: id, problem: "sets a text colour, but the view has no text")
      }
      textColors[view].append(Segment(step: k, from: from, to: color, isAbsolute: true))
      state.textColor = color
    }
  }

  // MARK: The timeline

  /// The timeline of the steps bound so far, lasting `duration` seconds.
  ///
  /// - Complexity: O(v + c · o), v views, c changes and o the most
  ///   segments one property of one view has (see ``resolveOverlaps(in:)``).
  func timeline(duration: Double) -> Timeline {
    var tracks = Tracks()
    tracks.steps = steps
    tracks.subtreeEnd = subtreeEnd
    tracks.operations = operations
    for view in views.indices {
      tracks.frames.appendView(frames[view])
      tracks.alphas.appendView(alphas[view])
      tracks.transforms.appendView(transforms[view].map(\.segment))
      tracks.hiddens.appendView(hiddens[view])
      tracks.backgroundColors.appendView(backgroundColors[view])
      tracks.cornerRadii.appendView(cornerRadii[view])
      tracks.borderWidths.appendView(borderWidths[view])
      tracks.borderColors.appendView(borderColors[view])
      tracks.shadows.appendView(shadows[view])
      tracks.placements.appendView(placements[view])
      tracks.textColors.appendView(textColors[view])
      // In the order of Tracks.Appearance's bits.
      func keyed<Value>(_ segments: [Segment<Value>]) -> (steps: [Int], allAbsolute: Bool) {
        (segments.map(\.step), segments.allSatisfy(\.isAbsolute))
      }
      tracks.appearanceKeys.appendView([
        keyed(backgroundColors[view]), keyed(cornerRadii[view]), keyed(borderWidths[view]),
        keyed(borderColors[view]), keyed(shadows[view]), keyed(placements[view]),
        keyed(textColors[view]),
      ])
      for change in transforms[view] {
        tracks.operationRanges.append(change.operations)
        if let target = change.target {
          tracks.interpolationSlots.append(tracks.interpolations.count)
          tracks.interpolations.append(
            TransformInterpolation(from: change.segment.from, to: target))
        } else {
          tracks.interpolationSlots.append(-1)
        }
      }
    }
    tracks.subtreeAnimated = subtreeAnimated()
    // Views turned alike (a page of views flipped together) share one
    // frame: the frames a sample reads stay few enough to stay in cache.
    // Frames are told apart by their bits, so that a −0 is never taken
    // for a +0.
    var slots: [[UInt64]: Int] = [:]
    tracks.turnFrameSlots = operations.map { operation in
      guard let frame = TurnFrame(operation) else { return -1 }
      let key = frame.bitPatterns
      if let slot = slots[key] { return slot }
      slots[key] = tracks.turnFrames.count
      tracks.turnFrames.append(frame)
      return tracks.turnFrames.count - 1
    }
    TimelineBinder.resolveOverlaps(in: &tracks)
    // Made from the resolved segments: their starts are final only now.
    tracks.appearanceSpans = AppearanceSpans(tracks)
    return Timeline(
      initialScene: scene, duration: duration, tracks: tracks, preorder: preorder)
  }

  /// For each view, whether it or a descendant has a segment, worked out
  /// from the leaves up.
  private func subtreeAnimated() -> [Bool] {
    var animated = [Bool](repeating: false, count: views.count)
    for i in views.indices.reversed() {
      var found =
        !(frames[i].isEmpty && alphas[i].isEmpty && transforms[i].isEmpty && hiddens[i].isEmpty)
        || isAppearanceAnimated(i)
      var child = i + 1
      while !found && child < subtreeEnd[i] {
        found = animated[child]
        child = subtreeEnd[child]
      }
      animated[i] = found
    }
    return animated
  }

  /// Whether a segment changes what view `i` looks like.
  private func isAppearanceAnimated(_ i: Int) -> Bool {
    !(backgroundColors[i].isEmpty && cornerRadii[i].isEmpty && borderWidths[i].isEmpty
      && borderColors[i].isEmpty && shadows[i].isEmpty && placements[i].isEmpty
      && textColors[i].isEmpty)
  }

  // MARK: Overlaps

  /// Gives every absolute segment the value its property has at the moment
  /// the segment starts, so that it takes over without a jump.
  ///
  /// Segments are first bound as a chain (each starting where the previous
  /// one ends); this replaces each absolute segment's `from` by the fold of
  /// the segments before it, sampled at its start. Without overlaps the two
  /// are the same value, bit for bit. Visibility keeps the chain's values:
  /// it has no in-between to take over from.
  ///
  /// Each fold reads the segments before the one it resolves, so a view
  /// with o segments on one property costs O(o²) here, O(c · o) in all.
  private static func resolveOverlaps(in tracks: inout Tracks) {
    var progress = [Double](repeating: .nan, count: max(tracks.steps.count, 1))
    progress.withUnsafeMutableBufferPointer { progress in
      StepSines.with { sines in resolveStarts(in: &tracks, progress, sines) }
    }
  }

  /// Resolves the starts of every view's absolute segments, with `progress`
  /// all NaN.
  private static func resolveStarts(
    in tracks: inout Tracks, _ progress: UnsafeMutableBufferPointer<Double>, _ sines: StepSines
  ) {
    for view in tracks.subtreeEnd.indices {
      resolveStarts(of: \.frames, view, in: &tracks, progress) {
        $0.frame($1, progress, into: &$2, bounded: false)
      }
      resolveStarts(of: \.alphas, view, in: &tracks, progress) {
        $0.alpha($1, progress, into: &$2, bounded: false)
      }
      resolveStarts(of: \.transforms, view, in: &tracks, progress) {
        $0.transform($1, progress, sines, into: &$2)
      } then: { tracks, j in
        // The start is now final: decompose it once, for every sample —
        // unless it is, bit for bit, the start the interpolation was made
        // from when the timeline was laid out (always so without overlaps).
        let slot = tracks.interpolationSlots[j]
        let start = tracks.transforms.segments[j].from
        let made = tracks.interpolations[slot].from
        if start.isBitIdentical(to: made) { return }
        tracks.interpolations[slot] = TransformInterpolation(
          from: start, to: tracks.interpolations[slot].to)
      }
      resolveStarts(of: \.backgroundColors, view, in: &tracks, progress) {
        $0.mixed($0.backgroundColors, $1, progress, into: &$2, bounded: false)
      }
      resolveStarts(of: \.cornerRadii, view, in: &tracks, progress) {
        $0.cornerRadii($1, progress, into: &$2, bounded: false)
      }
      resolveStarts(of: \.borderWidths, view, in: &tracks, progress) {
        $0.borderWidth($1, progress, into: &$2, bounded: false)
      }
      resolveStarts(of: \.borderColors, view, in: &tracks, progress) {
        $0.mixed($0.borderColors, $1, progress, into: &$2, bounded: false)
      }
      resolveStarts(of: \.shadows, view, in: &tracks, progress) {
        $0.mixed($0.shadows, $1, progress, into: &$2, bounded: false)
      }
      resolveStarts(of: \.placements, view, in: &tracks, progress) {
        $0.placement($1, progress, into: &$2)
      }
      resolveStarts(of: \.textColors, view, in: &tracks, progress) {
        $0.mixed($0.textColors, $1, progress, into: &$2, bounded: false)
      }
    }
  }

  /// Resolves the start of every absolute segment of `view` in `track` but
  /// the first, in step order, by `sample` (which writes the property's
  /// value over a range of the view's segments at the progresses in
  /// `progress`), then runs `then` on it.
  private static func resolveStarts<Value>(
    of track: WritableKeyPath<Tracks, Track<Value>>, _ view: Int, in tracks: inout Tracks,
    _ progress: UnsafeMutableBufferPointer<Double>,
    sample: (Tracks, Range<Int>, inout Value) -> Void,
    then: (inout Tracks, Int) -> Void = { _, _ in }
  ) {
    let range = tracks[keyPath: track].ranges[view]
    for j in range.dropFirst() where tracks[keyPath: track].segments[j].isAbsolute {
      let before = range.lowerBound..<j
      let start = tracks.steps[tracks[keyPath: track].segments[j].step].start
      for i in before {
        let step = tracks[keyPath: track].segments[i].step
        progress[step] = tracks.steps[step].progress(at: start, rerun: nil)
      }
      var value = tracks[keyPath: track].segments[j].from
      sample(tracks, before, &value)
      tracks[keyPath: track].segments[j].from = value
      then(&tracks, j)
    }
  }
}

extension Transform3D {
  /// Whether every entry has the same bits as `other`'s. Unlike `==`, this
  /// tells −0 from +0 and NaNs apart by payload. It reads the sixteen stored
  /// entries in place rather than building two ``entries`` arrays.
  fileprivate func isBitIdentical(to other: Transform3D) -> Bool {
    func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
    return same(m11, other.m11) && same(m12, other.m12) && same(m13, other.m13)
      && same(m14, other.m14) && same(m21, other.m21) && same(m22, other.m22)
      && same(m23, other.m23) && same(m24, other.m24) && same(m31, other.m31)
      && same(m32, other.m32) && same(m33, other.m33) && same(m34, other.m34)
      && same(m41, other.m41) && same(m42, other.m42) && same(m43, other.m43)
      && same(m44, other.m44)
  }
}
