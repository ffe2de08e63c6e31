import Transit

/// A script operation's `"alongside"`: steps written as in `animate`,
/// played with the operation's transition on its clock — animated, driven
/// by a gesture, turned back and cancelled with it — through the
/// container's own `alongside:` parameter (a stack's, a tab container's,
/// a placeholder's, a presentation's or a sheet drag's).
///
/// ```json
/// {"push": "detail", "alongside": [{"duration": 0.3,
///   "changes": [{"view": "list-title", "alpha": 0}]}]}
/// ```
///
/// The views are named as in `animate`: views inside the screens (a
/// screen itself is the container's to lay out), those of the screen the
/// operation brings (a push's, an insertion's, a presentation's, a swap's,
/// a selected tab's) included. The file's checks name the place
/// (`script[2].alongside[0].changes[1].alpha`); the library refuses what
/// the transition animates itself and appearance changes (colours, radii,
/// borders, shadows), which a transition's samples do not carry.
enum AlongsideSpec {
  /// The verbs that take `alongside`: those that play a transition.
  static let verbs: Set<String> = [
    "push", "pop", "popTo", "popToRoot", "insert", "remove", "back", "select", "swap", "present",
    "dismiss", "detent", "drag",
  ]

  /// The first problem with an operation's `alongside` steps, as a place
  /// below the operation and what was wrong (see ``AnimateSpec/problem(views:screens:key:)``).
  static func problem(
    _ steps: [AnimateSpec.Step], views: (String) -> SceneFile.ViewSpec?, screens: Set<String>
  ) -> (place: String, detail: String)? {
    AnimateSpec.steps(steps).problem(views: views, screens: screens, key: "alongside")
  }

  /// The animations of `operation`'s `alongside` and the ids of the views
  /// they change, ready for the container; empty without `alongside`.
  ///
  /// The steps are bound to `picture` (what the story shows before the
  /// operation, with `incoming`, the screen the operation brings, laid out
  /// where it will show; both made only for an operation with
  /// `alongside`), and every named view is first handed to the container
  /// with its own properties as the picture shows them (`handOver`; an
  /// earlier `animate` may have left it changed), so that the transition
  /// starts from the picture before, bit for bit. A view an earlier
  /// `animate` changed that the container cannot take (`handOver` returns
  /// `false`: a stack's screens take their contents back, a tab's or a
  /// slot's do not) is refused rather than drawn jumping back.
  static func prepare(
    _ operation: ScriptOperation, picture: () -> Scene, incoming: () -> View?,
    changedEarlier: (String) -> Bool, handOver: (String, View) -> Bool, story: String
  ) throws(CLIError) -> (animations: [Animation], ids: [String]) {
    guard let steps = operation.alongside else { return ([], []) }
    let picture = picture()
    var scene = picture
    if let incoming = incoming(), !scene.contains(incoming.id) { scene.views.append(incoming) }
    let bound: (animation: Animation, ids: [String])
    do { bound = try AnimatedViews.animation(of: steps, on: scene) } catch {
      throw .data("\(story): \(operation.place).alongside\(error.place): \(error.detail)")
    }
    for id in bound.ids {
      guard let view = picture.view(id) else { continue }
      if !handOver(id, view), changedEarlier(id) {
        throw .data(
          "\(story): \(operation.place).alongside: \"\(CLIError.echoed(id))\" was changed by an"
            + " earlier animate, which this container cannot hand to its transition; animate it"
            + " in an alongside instead")
      }
    }
    return ([bound.animation], bound.ids)
  }

  /// Hands the picture's `view` (the view `id`'s own properties) to the
  /// stack child holding it; `false` when no child of `stack` holds it.
  static func handOver(_ id: String, _ view: View, to stack: StackContainer) -> Bool {
    guard let screen = stack.scene.views.first(where: { holds($0, id) }) else { return false }
    return stack.updateContent(ofChild: screen.id) { children in
      replaceOwnProperties(of: id, with: view, in: &children)
    }
  }

  /// Whether `view` or a view inside it has the id `id`.
  private static func holds(_ view: View, _ id: String) -> Bool {
    view.id == id || view.children.contains { holds($0, id) }
  }

  /// Sets everything of the view `id` among `views` (at any depth) but its
  /// children to `view`'s.
  private static func replaceOwnProperties(of id: String, with view: View, in views: inout [View]) {
    for i in views.indices {
      if views[i].id == id {
        var replaced = view
        replaced.children = views[i].children
        views[i] = replaced
        return
      }
      replaceOwnProperties(of: id, with: view, in: &views[i].children)
    }
  }
}
