extension Timeline {
  /// An animation played alongside a timeline: bound on its own, on the
  /// timeline's start picture (and the extra views it needs), and sampled
  /// at the timeline's own time, so that it moves with it however the
  /// timeline is played — animated, scrubbed, completed, turned back,
  /// reversed.
  ///
  /// It is stored bound in the time of the timeline it was added to
  /// (``isBoundMirrored`` records whether that timeline read its forward
  /// segments backwards): at a moment of the timeline it reads the very
  /// number the timeline computes for its own time, and after
  /// ``Timeline/reversed()`` the number the reverse computes for the
  /// mirrored moment, so it keeps the timeline's exactness (R1–R3) rather
  /// than re-deriving times by subtraction.
  struct Alongside: Equatable, Sendable {
    /// The animation bound on the start picture, in the timeline's own time.
    var timeline: Timeline
    /// Whether the timeline it joined read its forward segments backwards
    /// (a pop, the reverse of its push).
    var isBoundMirrored: Bool
  }

  /// This timeline with `animations` played alongside it, on its clock.
  ///
  /// Each animation is bound, on its own, to this timeline's start picture
  /// (its own time 0: the picture before the operation) with the views of
  /// `extraViews` it names appended as top-level views (a container's chrome:
  /// views outside the transition's two screens), and is sampled at this
  /// timeline's own time with its pacing. So it plays, is scrubbed, is
  /// completed, is turned back and is cancelled with the timeline, and its
  /// first and last samples are its own start and end, bit for bit.
  ///
  /// An animation longer than this timeline is compressed uniformly
  /// (``Animation/withDuration(_:)``) to end with it: the settled picture
  /// is always the alongside animation's end.
  ///
  /// - Parameters:
  ///   - animations: the animations, in the order given.
  ///   - extraViews: views outside this timeline's scene the animations may
  ///     change (a container's top-level views); the largest subtrees that
  ///     hold a named view and none of this timeline's views join, as
  ///     top-level views.
  /// - Throws: ``TransitError`` naming the alongside animation (counted
  ///   from 1): its own validation and binding errors (`.unknownView` for
  ///   a view neither the timeline's scene nor `extraViews` holds), and
  ///   `.invalidValue` when it changes a property of a view that the
  ///   timeline, or an earlier alongside animation, changes too: two
  ///   motions of one property would make the picture depend on which is
  ///   written last, so exact reversal could not be proved for both.
  func addingAlongside(_ animations: [Animation], extraViews: [View]) throws(TransitError)
    -> Timeline
  {
    guard !animations.isEmpty else { return self }
    let start = startScene
    let named = Set(animations.flatMap { $0.steps.flatMap { $0.changes.map(\.viewID) } })
    let ownIDs = Set(start.allViews().map(\.view.id))
    // The subtrees of `extraViews` that hold a named view and none of this
    // timeline's: a slot that holds the transition's screens gives its
    // other children, not itself.
    func subtreeIDs(_ view: View) -> [String] {
      Scene(size: start.size, views: [view]).allViews().map(\.view.id)
    }
    func joining(_ view: View) -> [View] {
      let ids = subtreeIDs(view)
      if !ids.contains(where: ownIDs.contains) {
        return ids.contains(where: named.contains) ? [view] : []
      }
      return view.children.flatMap(joining)
    }
    let joining = extraViews.flatMap(joining)
    var bound = start
    bound.views += joining
    var initial = initialScene
    initial.views += joining
    var extended = tracks
    extended.appendInertViews(joining)
    var extendedPreorder = preorder
    for (i, entry) in initial.allViews().enumerated() where extendedPreorder[entry.view.id] == nil {
      extendedPreorder[entry.view.id] = i
    }
    let isMirrored = direction != .forward
    var added: [Alongside] = []
    // What each view's properties are changed by, by pre-order index.
    var owners: [Int: [String: String]] = [:]
    for index in 0..<tracks.subtreeEnd.count {
      for property in tracks.animatedProperties(of: index) {
        owners[index, default: [:]][property] = "the transition"
      }
    }
    for (number, original) in zip(1..., animations) {
      let place = "alongside animation \(number)"
      func prefixed(_ error: TransitError) -> TransitError {
        TransitError(error.kind, "\(place): \(error.message)")
      }
      var animation = original
      do {
        try animation.validate()
        if animation.duration > duration { animation = try animation.withDuration(duration) }
      } catch {
        throw prefixed(error)
      }
      for id in Set(animation.steps.flatMap { $0.changes.map(\.viewID) }).sorted()
      where bound.view(id) == nil {
        throw TransitError(
          .unknownView,
          "\(place) names the view '\(id)', which is neither in the transition's screens nor"
            + " among the container's views")
      }
      let timeline: Timeline
      do {
        timeline = try animation.timeline(from: bound)
      } catch {
        throw prefixed(error)
      }
      let ids = bound.allViews().map(\.view.id)
      for index in 0..<timeline.tracks.subtreeEnd.count {
        for property in timeline.tracks.animatedProperties(of: index) {
          if let owner = owners[index]?[property] {
            throw TransitError(
              .invalidValue,
              "\(place) changes the \(property) of '\(ids[index])', which \(owner) changes too;"
                + " animate another property, or a view around it")
          }
          owners[index, default: [:]][property] = "alongside animation \(number)"
        }
      }
      added.append(Alongside(timeline: timeline, isBoundMirrored: isMirrored))
    }
    return Timeline(
      initialScene: initial, duration: duration, tracks: extended, preorder: extendedPreorder,
      direction: direction, flights: flights, alongside: alongside + added)
  }

  /// The first view and property, other than frame, alpha, transform and
  /// visibility, that an alongside animation changes, with the animation's
  /// number (from 1); `nil` when they change view states only.
  var alongsideAppearanceChange: (animation: Int, view: String, property: String)? {
    let states: Set<String> = ["frame", "alpha", "transform", "visibility"]
    for (number, entry) in zip(1..., alongside) {
      let ids = entry.timeline.initialScene.allViews().map(\.view.id)
      for index in ids.indices {
        for property in entry.timeline.tracks.animatedProperties(of: index)
        where !states.contains(property) {
          return (number, ids[index], property)
        }
      }
    }
    return nil
  }

  /// Writes every alongside animation at the moment `time` names, paced as
  /// this timeline is, after the tracks.
  func writeAlongside(at time: ForwardTime, pacing: Pacing, into scene: inout Scene) {
    let isMirrored = direction != .forward
    for entry in alongside {
      // Read the way it was bound: its own time is this timeline's own time,
      // or the mirror's once this timeline has been reversed.
      let same = entry.isBoundMirrored == isMirrored
      var own = same ? time.own : time.mirroredOwn
      // An animation compressed to this duration may end an ulp after it:
      // the timeline's end is the animation's end.
      if own >= duration { own = .infinity }
      let rerun = same ? nil : time.rerun
      let paced: Pacing
      switch pacing {
      case .curves, .linear:
        paced = pacing
      case .continuing(let from, let toEnd):
        // `from` and `toEnd` are on this timeline's forward segments; the
        // animation's time runs the other way when it was bound mirrored.
        paced = .continuing(
          from: entry.isBoundMirrored ? duration - from : from,
          toEnd: toEnd != entry.isBoundMirrored)
      }
      entry.timeline.writeTracks(
        ForwardTime(time: own, rerun: rerun, own: own, mirroredOwn: own), pacing: paced,
        into: &scene)
    }
  }
}

extension Tracks {
  /// The names of the properties of view `index` that some segment changes.
  func animatedProperties(of index: Int) -> [String] {
    var names: [String] = []
    func check(_ ranges: [Range<Int>], _ name: String) {
      if index < ranges.count, !ranges[index].isEmpty { names.append(name) }
    }
    check(frames.ranges, "frame")
    check(alphas.ranges, "alpha")
    check(transforms.ranges, "transform")
    check(hiddens.ranges, "visibility")
    check(backgroundColors.ranges, "background colour")
    check(cornerRadii.ranges, "corner radii")
    check(borderWidths.ranges, "border width")
    check(borderColors.ranges, "border colour")
    check(shadows.ranges, "shadow")
    check(placements.ranges, "content placement")
    check(textColors.ranges, "text colour")
    return names
  }
}
