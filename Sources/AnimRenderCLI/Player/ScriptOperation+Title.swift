/// How the player names a script's operations: the verb and what it acts
/// on, as the scene file says it (`push message`, `pop (dragged, cancel)`).
extension ScriptOperation {
  /// The operation's name for labels: its verb, its screen or value, and
  /// whether a drag drives it.
  var title: String {
    var text: String
    switch kind {
    case .show(let id): text = "show \(id)"
    case .push(let id): text = "push \(id)"
    case .pop: text = "pop"
    case .popTo(let id): text = "popTo \(id)"
    case .popToRoot: text = "popToRoot"
    case .insert(let id, let index): text = "insert \(id) at \(index)"
    case .remove(let index): text = "remove at \(index)"
    case .rotate(let orientation): text = "rotate \(orientation.rawValue)"
    case .wait(let seconds): text = "wait \(FrameLabel.text(for: seconds))"
    case .animate: text = "animate"
    case .grab(let spec): text = "grab (\(spec.release.rawValue))"
    case .back(.played): text = "back"
    case .back(.gesture(let gesture)): text = "back (gesture, \(gesture.release.rawValue))"
    case .select(.id(let id)): text = "select \(id)"
    case .select(.index(let index)): text = "select tab \(index)"
    case .swap(let id): text = "swap \(id)"
    case .present(let id, let sheet): text = "present \(id)\(sheet == nil ? "" : " (sheet)")"
    case .dismiss: text = "dismiss"
    case .detent(let spec): text = "detent \(spec.name)"
    case .drag: text = "drag"
    }
    if let style { text += " \(style)" }
    if let interactive { text += " (dragged, \(interactive.release.rawValue))" }
    return text
  }
}
