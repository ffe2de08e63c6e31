extension Animation {
  /// Binds the animation to a scene: checks every number and view id, then
  /// resolves each change into absolute from → to values, step by step.
  ///
  /// Changes to the same property of the same view within one step combine:
  /// an absolute target first, then the relative changes in order. A change's
  /// starting value is the value the previous step left, so relative changes
  /// accumulate exactly as written.
  ///
  /// ## Overlapping changes
  /// When a step starts while an earlier step (in step order) is still
  /// changing the same property of the same view, the property never jumps:
  ///
  /// - A step with an **absolute** target (frame, alpha, transform) takes
  ///   the property over, as GSAP does: it starts from the value the
  ///   property has at that moment, the earlier steps' motion included, and
  ///   goes to its target; what the earlier steps had still to do no longer
  ///   applies.
  /// - A step with only **relative** changes (translate, scale, rotate,
  ///   fade) adds its motion on top, as Core Animation's additive animations
  ///   do: the earlier motion finishes as it would have, and the new one is
  ///   composed after it (transforms) or added to it (fades).
  /// - Visibility has no in-between: the latest started step in step order
  ///   decides, showing as it starts and hiding as it ends.
  ///
  /// So overlaps change the path, never the destination: an animation ends
  /// on the same state, bit for bit, with or without its overlaps, and an
  /// animation without overlaps plays exactly as a chain of its steps.
  /// Exact reversal (``Timeline/reversed()``) is unaffected.
  ///
  /// - Throws: ``TransitError`` for an invalid scene (duplicate ids, values out
  ///   of range), an invalid animation (see ``validate()``), an unknown view
  ///   id, or an alpha that would leave 0…1; the message names the step, the
  ///   view and the field.
  /// - Complexity: O(v + c), v views and c changes.
  public func timeline(from scene: Scene) throws(TransitError) -> Timeline {
    try scene.validate()
    try validate()

    // Pre-order positions, subtree extents and starting states.
    let flat = scene.allViews()
    var preorder: [String: Int] = [:]
    preorder.reserveCapacity(flat.count)
    var subtreeEnd = [Int](repeating: 0, count: flat.count)
    var stack: [(index: Int, depth: Int)] = []
    for (i, entry) in flat.enumerated() {
      preorder[entry.view.id] = i
      while let last = stack.last, last.depth >= entry.depth {
        subtreeEnd[last.index] = i
        stack.removeLast()
      }
      stack.append((i, entry.depth))
    }
    for entry in stack { subtreeEnd[entry.index] = flat.count }
    var current = flat.map(\.view.state)

    var frames = [[FrameSegment]](repeating: [], count: flat.count)
    var alphas = [[AlphaSegment]](repeating: [], count: flat.count)
    var transforms = [[TransformSegment]](repeating: [], count: flat.count)
    var hiddens = [[HiddenSegment]](repeating: [], count: flat.count)
    var operations: [TransformOperation] = []

    let starts = schedule.starts
    var timings: [StepTiming] = []
    for (k, step) in steps.enumerated() {
      timings.append(
        StepTiming(start: starts[k], duration: step.duration, curve: step.curve, tag: step.tag))
      let place = Animation.describe(step: k, tag: step.tag)

      // Group the step's changes by view, keeping first-appearance order.
      var order: [Int] = []
      var groups: [Int: StepChanges] = [:]
      for change in step.changes {
        guard let index = preorder[change.viewID] else {
          throw TransitError(
            .unknownView, "\(place) changes view '\(change.viewID)', which the scene does not have")
        }
        if groups[index] == nil {
          order.append(index)
          groups[index] = StepChanges()
        }
        groups[index]!.add(change.operation)
      }

      for index in order {
        let changes = groups[index]!
        let id = flat[index].view.id
        var state = current[index]
        if let target = changes.frame {
          frames[index].append(FrameSegment(step: k, from: state.frame, to: target))
          state.frame = target
        }
        if changes.alphaTarget != nil || !changes.fades.isEmpty {
          var value = changes.alphaTarget ?? state.alpha
          for delta in changes.fades { value += delta }
          guard value >= 0, value <= 1 else {
            throw TransitError(
              .invalidValue,
              "\(place), view '\(id)': alpha would reach \(value), outside 0…1")
          }
          alphas[index].append(
            AlphaSegment(
              step: k, from: state.alpha, to: value, isRelative: changes.alphaTarget == nil))
          state.alpha = value
        }
        if changes.transformTarget != nil || !changes.operations.isEmpty {
          var value = changes.transformTarget ?? state.transform
          let first = operations.count
          for operation in changes.operations {
            operations.append(operation)
            operation.apply(to: &value, progress: 1)
          }
          guard value.isFinite else {
            throw TransitError(
              .invalidValue, "\(place), view '\(id)': the transform would not be finite")
          }
          transforms[index].append(
            TransformSegment(
              step: k, from: state.transform, target: changes.transformTarget,
              operations: first..<operations.count, to: value,
              isAbsolute: changes.transformTarget != nil))
          state.transform = value
        }
        if let hidden = changes.hidden {
          hiddens[index].append(HiddenSegment(step: k, from: state.isHidden, to: hidden))
          state.isHidden = hidden
        }
        current[index] = state
      }
    }

    var tracks = Tracks()
    tracks.steps = timings
    tracks.subtreeEnd = subtreeEnd
    tracks.operations = operations
    tracks.views.reserveCapacity(flat.count)
    for i in 0..<flat.count {
      var view = ViewTracks()
      view.frame = Animation.append(frames[i], to: &tracks.frames)
      view.alpha = Animation.append(alphas[i], to: &tracks.alphas)
      view.transform = Animation.append(transforms[i], to: &tracks.transforms)
      view.hidden = Animation.append(hiddens[i], to: &tracks.hiddens)
      tracks.views.append(view)
    }
    tracks.subtreeAnimated = [Bool](repeating: false, count: flat.count)
    for i in stride(from: flat.count - 1, through: 0, by: -1) {
      var animated = !tracks.views[i].isEmpty
      var child = i + 1
      while !animated && child < subtreeEnd[i] {
        animated = tracks.subtreeAnimated[child]
        child = subtreeEnd[child]
      }
      tracks.subtreeAnimated[i] = animated
    }
    tracks.resolveOverlaps()
    return Timeline(
      initialScene: scene, duration: schedule.duration, tracks: tracks, preorder: preorder)
  }

  private static func append<T>(_ items: [T], to array: inout [T]) -> Range<Int> {
    let start = array.count
    array.append(contentsOf: items)
    return start..<array.count
  }
}

/// The changes one step makes to one view, grouped by property.
private struct StepChanges {
  var frame: Rect?
  var alphaTarget: Double?
  var fades: [Double] = []
  var transformTarget: Transform3D?
  var operations: [TransformOperation] = []
  var hidden: Bool?

  mutating func add(_ operation: Change.Operation) {
    switch operation {
    case .frame(let rect): frame = rect
    case .alpha(let value):
      alphaTarget = value
      fades = []
    case .fade(let delta): fades.append(delta)
    case .transform(let value):
      transformTarget = value
      operations = []
    case .translate(let x, let y, let z): operations.append(.translate(x, y, z))
    case .scale(let x, let y, let z): operations.append(.scale(x, y, z))
    case .rotate(let angle, let x, let y, let z): operations.append(.rotate(angle, x, y, z))
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      operations.append(.rotateInPerspective(angle, axis, pivot, distance))
    case .translateInPerspective(let offset, let distance):
      operations.append(.translateInPerspective(offset, distance))
    case .hidden(let value): hidden = value
    }
  }
}
