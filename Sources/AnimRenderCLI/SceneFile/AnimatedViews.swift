import Transit

/// What a story's `animate` operations have done to the views of its
/// screens: each animated view's state as the last animation left it, and
/// that animation, for `{"animate": "reverse"}` to play backwards.
///
/// A story lays each screen's children out again from the file at every
/// frame (so that relative children follow a rotation); an animated view
/// then keeps its animated state instead, until its screen leaves the
/// stack. Only a view's own properties are kept (frame, alpha, transform,
/// appearance…), never its children, which have their own entries if they
/// were animated.
struct AnimatedViews: Sendable, Equatable {
  /// An animation bound to a picture, and the views it changes.
  struct Played {
    var timeline: Timeline
    /// The ids of the views the animation changes, in the order first named.
    var ids: [String]

    /// `base` with the animated views as frame `index` of `count` of the
    /// timeline shows them.
    func views(frame index: Int, of count: Int, over base: AnimatedViews) -> AnimatedViews {
      base.keeping(ids, from: timeline.sample(frame: index, of: count))
    }

    /// `base` with the animated views as the timeline shows them at `time`
    /// seconds.
    func views(at time: Double, over base: AnimatedViews) -> AnimatedViews {
      base.keeping(ids, from: timeline.sample(at: time))
    }
  }

  /// Each animated view as the last animation that changed it left it,
  /// without its children (only a view's own properties are kept, so a
  /// story's frames share their children's storage).
  private var kept: [String: View] = [:]
  /// The animation played last, forward or reversed.
  private(set) var last: Played?

  /// `scene` with every animated view in the state its last animation left it.
  func applied(to scene: Scene) -> Scene {
    guard !kept.isEmpty else { return scene }
    var result = scene
    for (id, view) in kept { AnimatedViews.replaceOwnProperties(of: id, with: view, in: &result) }
    return result
  }

  /// Binds `spec` to `picture`, the current picture: its steps as an
  /// ``Animation`` of the views it names, or the reverse of the animation
  /// played last (``Timeline/reversed()``, which ends bit for bit where
  /// that one started).
  ///
  /// - Throws: a one-line reason when a view is not in the picture, there
  ///   is nothing to reverse, or the library refuses the animation.
  func bind(_ spec: AnimateSpec, on picture: Scene) throws(AnimateFailure) -> Played {
    switch spec {
    case .reverse:
      guard let last else { throw AnimateFailure(place: "", "no animate before it to reverse") }
      if let gone = last.ids.first(where: { !picture.contains($0) }) {
        throw AnimateFailure(
          place: "",
          "cannot reverse: the view \"\(CLIError.echoed(gone))\" it animated is no longer on the stack"
        )
      }
      return Played(timeline: last.timeline.reversed(), ids: last.ids)
    case .steps(let specs):
      let (animation, ids) = try AnimatedViews.animation(of: specs, on: picture)
      do {
        return Played(timeline: try animation.timeline(from: picture), ids: ids)
      } catch {
        throw AnimateFailure(place: "", error.message)
      }
    }
  }

  /// The ``Animation`` of `specs` over the views of `picture` (a relative
  /// frame is a fraction of its view's parent there), and the ids of the
  /// views it changes, in the order first named.
  ///
  /// - Throws: a one-line reason when a view is not in the picture.
  static func animation(of specs: [AnimateSpec.Step], on picture: Scene) throws(AnimateFailure)
    -> (animation: Animation, ids: [String])
  {
    var steps: [AnimationStep] = []
    var ids: [String] = []
    for (i, step) in specs.enumerated() {
      var changes: [Change] = []
      for (j, change) in step.changes.enumerated() {
        guard let path = picture.path(of: change.view) else {
          let shown = picture.views.map(\.id)
          throw AnimateFailure(
            place: "[\(i)].changes[\(j)].view",
            "\"\(CLIError.echoed(change.view))\" is not in the current picture (screens on the stack: \(SceneFile.listed(shown)))"
          )
        }
        var parent = picture.views[path[0]]
        for index in path.dropFirst().dropLast() { parent = parent.children[index] }
        changes += change.changes(parent: parent.frame.size)
        if !ids.contains(change.view) { ids.append(change.view) }
      }
      let curve = step.curve.flatMap { try? TimingCurve(parsing: $0) } ?? .easeInOut
      steps.append(
        AnimationStep(
          duration: step.duration, curve: curve, overlap: step.overlap ?? 0, changes: changes))
    }
    return (Animation(steps), ids)
  }

  /// Keeps the end of `played` as the animated views' state and it as the
  /// animation to reverse.
  mutating func finish(_ played: Played) {
    self = keeping(played.ids, from: played.timeline.endScene)
    last = played
  }

  /// These views with the own properties of the views `ids` taken from
  /// `source`.
  func keeping(_ ids: [String], from source: Scene) -> AnimatedViews {
    var result = self
    for id in ids {
      guard var view = source.view(id) else { continue }
      view.children = []
      result.kept[id] = view
    }
    return result
  }

  /// Whether an animation left the view `id` otherwise than `scene`
  /// holds it (its own properties).
  func differs(_ id: String, from scene: Scene) -> Bool {
    guard let kept = kept[id], var own = scene.view(id) else { return false }
    own.children = []
    return kept != own
  }

  /// Two are equal when they keep the same views the same (what a frame
  /// draws), whatever animation each would reverse.
  static func == (a: AnimatedViews, b: AnimatedViews) -> Bool { a.kept == b.kept }

  /// Forgets the views that are no longer in `scene` (their screen left
  /// the stack): a screen pushed again comes as the file describes it.
  mutating func prune(keeping scene: Scene) {
    kept = kept.filter { scene.contains($0.key) }
  }

  /// Sets everything of the view `id` in `scene` but its children to `view`'s.
  private static func replaceOwnProperties(of id: String, with view: View, in scene: inout Scene) {
    scene.updateView(id) { current in
      var replaced = view
      replaced.children = current.children
      current = replaced
    }
  }
}

/// Why an `animate` operation cannot play: a place below the operation
/// ("[0].changes[1].view", or empty) and the reason.
struct AnimateFailure: Error {
  var place: String
  var detail: String

  init(place: String, _ detail: String) {
    self.place = place
    self.detail = detail
  }
}
