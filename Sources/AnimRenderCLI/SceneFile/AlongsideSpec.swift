import Transit

/// A script operation's `"alongside"`: steps written as in `animate`,
/// played with the operation's transition on its clock — animated, driven
/// by a gesture, turned back and cancelled with it — through the stack's
/// own `alongside:` parameter.
///
/// ```json
/// {"push": "detail", "alongside": [{"duration": 0.3,
///   "changes": [{"view": "list-title", "alpha": 0}]}]}
/// ```
///
/// The views are named as in `animate`: views inside the screens (a
/// screen itself is the container's to lay out), those of the screen a
/// push or an insertion brings included. The file's checks name the place
/// (`script[2].alongside[0].changes[1].alpha`); the library refuses what
/// the transition animates itself and appearance changes (colours, radii,
/// borders, shadows), which a transition's samples do not carry.
enum AlongsideSpec {
  /// The verbs that take `alongside`: those that play a transition.
  static let verbs: Set<String> = ["push", "pop", "popTo", "popToRoot", "insert", "remove", "back"]

  /// The first problem with an operation's `alongside` steps, as a place
  /// below the operation and what was wrong (see ``AnimateSpec/problem(views:screens:key:)``).
  static func problem(
    _ steps: [AnimateSpec.Step], views: (String) -> SceneFile.ViewSpec?, screens: Set<String>
  ) -> (place: String, detail: String)? {
    AnimateSpec.steps(steps).problem(views: views, screens: screens, key: "alongside")
  }

  /// The animations of `operation`'s `alongside` and the ids of the views
  /// they change, ready for the stack; empty without `alongside`.
  ///
  /// The steps are bound to `picture` (what the story shows before the
  /// operation, with `incoming`, the screen a push or an insertion brings,
  /// laid out at the same bounds; both made only for an operation with
  /// `alongside`), and every named view already on the
  /// stack is first given its own properties as the picture shows them (an
  /// earlier `animate` or `alongside` may have left it changed), so that
  /// the transition starts from the picture before, bit for bit.
  static func prepare(
    _ operation: ScriptOperation, picture: () -> Scene, incoming: () -> View?,
    stack: StackContainer, story: String
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
      guard let view = picture.view(id),
        let screen = stack.scene.views.first(where: { AlongsideSpec.holds($0, id) })
      else { continue }
      stack.updateContent(ofChild: screen.id) { children in
        AlongsideSpec.replaceOwnProperties(of: id, with: view, in: &children)
      }
    }
    return ([bound.animation], bound.ids)
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
