import Transit

extension Story {
  /// The animations of `operation`'s `alongside` (see ``AlongsideSpec``),
  /// bound to the picture now with `incoming`, the screen the operation
  /// brings, and the views they change recorded so that frames draw them
  /// as the container has them until the operation ends; empty without
  /// `alongside`.
  func alongside(_ operation: ScriptOperation, incoming: () -> View? = { nil })
    throws(CLIError) -> [Animation]
  {
    let container = scene
    let prepared = try AlongsideSpec.prepare(
      operation, picture: { snapshot().scene() }, incoming: incoming,
      changedEarlier: { animated.differs($0, from: container) },
      handOver: { id, view in
        // Only a stack takes its screens' contents back.
        tabs == nil && placeholder == nil && AlongsideSpec.handOver(id, view, to: stack)
      }, story: name)
    alongsideIDs += prepared.ids
    return prepared.animations
  }
}
