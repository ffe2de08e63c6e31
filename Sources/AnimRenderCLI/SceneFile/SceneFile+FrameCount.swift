extension SceneFile {
  /// How many frames the whole script draws, found from the decoded script
  /// alone, before a single frame is built, so that the frame limit is
  /// checked before the story's memory is spent.
  ///
  /// Only the stack's height is followed (which decides whether an insert
  /// or a remove animates); operations that will fail when played count as
  /// if they succeeded, which can only overestimate. The sum saturates at
  /// `Int.max` instead of overflowing.
  var scriptFrameCount: Int {
    let animated = frames ?? 8
    var ids: [String] = []
    var total = 0
    func add(_ count: Int) {
      let (sum, overflow) = total.addingReportingOverflow(count)
      total = overflow ? Int.max : sum
    }
    for operation in script {
      if let interactive = operation.interactive {
        add(interactive.progress.count)
        // A cancelled operation leaves the stack as it was.
        if interactive.release == .cancel {
          add(operation.frames ?? animated)
          continue
        }
      }
      switch operation.kind {
      case .show(let id):
        ids = [id]
        add(operation.frames ?? 1)
      case .push(let id):
        ids.append(id)
        add(operation.frames ?? animated)
      case .pop:
        if !ids.isEmpty { ids.removeLast() }
        add(operation.frames ?? animated)
      case .popTo(let id):
        if let index = ids.firstIndex(of: id) { ids.removeSubrange((index + 1)...) }
        add(operation.frames ?? animated)
      case .popToRoot:
        ids = Array(ids.prefix(1))
        add(operation.frames ?? animated)
      case .insert(let id, let index):
        let atTop = index == ids.count
        if (0...ids.count).contains(index) { ids.insert(id, at: index) }
        add(operation.frames ?? (atTop ? animated : 1))
      case .remove(let index):
        let atTop = index == ids.count - 1
        if ids.indices.contains(index) { ids.remove(at: index) }
        add(operation.frames ?? (atTop ? animated : 1))
      case .rotate, .wait:
        add(operation.frames ?? 1)
      case .animate:
        add(operation.frames ?? animated)
      case .grab(let spec):
        add(spec.progress.count)
        add(operation.frames ?? animated)
      case .back(let spec):
        if case .gesture(let gesture) = spec {
          add(gesture.touches.count)
          if gesture.release == .cancel {
            add(operation.frames ?? animated)
            continue
          }
        }
        if !ids.isEmpty { ids.removeLast() }
        add(operation.frames ?? animated)
      }
    }
    return total
  }
}
