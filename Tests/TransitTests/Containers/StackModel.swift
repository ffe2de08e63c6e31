import Transit

/// An operation on a stack, as the property tests issue it.
enum StackOperation: Hashable, CustomStringConvertible {
  case push(String, style: Int, animated: Bool)
  case pop(animated: Bool)
  case popTo(String, animated: Bool)
  case insert(String, at: Int, style: Int, animated: Bool)
  case remove(at: Int, animated: Bool)
  case rotate(Size)

  var description: String {
    switch self {
    case .push(let id, let style, let animated):
      return "push \(id) s\(style)\(animated ? "" : " !")"
    case .pop(let animated): return "pop\(animated ? "" : " !")"
    case .popTo(let id, let animated): return "popTo \(id)\(animated ? "" : " !")"
    case .insert(let id, let index, let style, let animated):
      return "insert \(id) @\(index) s\(style)\(animated ? "" : " !")"
    case .remove(let index, let animated): return "remove @\(index)\(animated ? "" : " !")"
    case .rotate(let size): return "rotate \(Int(size.width))x\(Int(size.height))"
    }
  }
}

/// A small pure reference model of ``StackContainer`` driven by
/// ``TransitionDriver``: which children there are, which are loaded, the
/// size, and the exact sequence of events (each tagged with the counter it
/// should be delivered at), written from the documented rules and nothing
/// else.
///
/// - operations run one at a time from a FIFO queue; one that starts a
///   transition holds the counter (1) from before its will-events until
///   after its did-events; an instant one (not animated, or of duration 0)
///   settles at once, an animated one when the clock runs it out;
/// - an operation issued from inside an event is queued and runs after the
///   current transition has settled;
/// - a rotation while the counter is held is deferred (latest wins) or
///   refused; otherwise applied at once; a deferred one is applied between
///   transitions, before the next queued operation;
/// - will: willHide, viewWillDisappear (leaving child); willShow,
///   viewWillAppear (arriving child). Settle: bookkeeping (unload beyond
///   capacity after a push, remove the popped child), then didDisappear,
///   didHide, didAppear, didShow.
struct StackModel {
  struct Child {
    var id: String
    var style: Int
  }

  var children: [Child] = []
  var loaded: Set<String> = []
  var size: Size
  let capacity: Int
  let policy: RotationPolicy
  /// Whether operations of this style and the container's duration settle at once.
  let isInstantStyle: (Int) -> Bool
  /// Operations to issue when the event of that index (0-based, over the whole run) is delivered.
  let plan: [Int: [StackOperation]]

  private(set) var events: [String] = []
  private var queue: [StackOperation] = []
  /// The did-side of the running animated transition, if any.
  private var running: (settle: Settlement, animated: Bool)?
  private var isTransitioning = false
  private var pendingRotation: Size?
  private var isDraining = false
  private var depth = 0

  enum Settlement {
    case push(id: String, below: String?)
    case pop(top: String, target: String?)
  }

  init(
    size: Size, capacity: Int, policy: RotationPolicy, isInstantStyle: @escaping (Int) -> Bool,
    plan: [Int: [StackOperation]]
  ) {
    self.size = size
    self.capacity = max(capacity, 1)
    self.policy = policy
    self.isInstantStyle = isInstantStyle
    self.plan = plan
  }

  var isIdle: Bool { running == nil && queue.isEmpty }

  // MARK: Issuing

  mutating func issue(_ operation: StackOperation) {
    if case .rotate(let size) = operation {
      if isTransitioning {
        if policy == .defer { pendingRotation = size }
      } else {
        pendingRotation = nil
        apply(size)
      }
      return
    }
    queue.append(operation)
    drain()
  }

  /// The clock has run the animated transition out.
  mutating func finishRunning() {
    guard let current = running else { return }
    settle(current.settle, animated: current.animated)
  }

  // MARK: Internals

  private mutating func emit(_ event: String) {
    let index = events.count
    events.append("c\(isTransitioning ? 1 : 0) \(event)")
    depth += 1
    for operation in plan[index] ?? [] { issue(operation) }
    depth -= 1
    if depth == 0 { drain() }
  }

  private mutating func drain() {
    guard !isDraining, depth == 0 else { return }
    isDraining = true
    defer { isDraining = false }
    while running == nil {
      if let size = pendingRotation {
        pendingRotation = nil
        apply(size)
      }
      guard running == nil, !queue.isEmpty else { return }
      execute(queue.removeFirst())
    }
  }

  private mutating func apply(_ newSize: Size) {
    guard newSize != size else { return }
    size = newSize
    emit("boundsChanged \(Int(newSize.width))x\(Int(newSize.height))")
  }

  private mutating func execute(_ operation: StackOperation) {
    switch operation {
    case .push(let id, let style, let animated):
      insert(id, at: nil, style: style, animated: animated)
    case .insert(let id, let index, let style, let animated):
      insert(id, at: index, style: style, animated: animated)
    case .pop(let animated):
      guard children.count >= 2 else { return emit("failed") }
      popTop(revealing: children.count - 2, animated: animated)
    case .popTo(let id, let animated):
      guard let index = children.firstIndex(where: { $0.id == id }), index < children.count - 1
      else { return emit("failed") }
      popTop(revealing: index, animated: animated)
    case .remove(let index, let animated):
      guard children.indices.contains(index) else { return emit("failed") }
      if index == children.count - 1 {
        popTop(revealing: index - 1, animated: animated)
      } else {
        loaded.remove(children.remove(at: index).id)
        updateLoading(topIndex: children.count - 1)
      }
    case .rotate: break
    }
  }

  private mutating func insert(_ id: String, at index: Int?, style: Int, animated: Bool) {
    guard !children.contains(where: { $0.id == id }) else { return emit("failed") }
    let index = index ?? children.count
    guard (0...children.count).contains(index) else { return emit("failed") }
    guard index == children.count else {
      children.insert(Child(id: id, style: style), at: index)
      updateLoading(topIndex: children.count - 1)
      return
    }
    let below = children.last?.id
    children.append(Child(id: id, style: style))
    loaded.insert(id)
    start(
      .push(id: id, below: below), shown: id, shownMoving: true, hidden: below, hiddenMoving: false,
      animated: animated, instant: !animated || isInstantStyle(style))
  }

  private mutating func popTop(revealing targetIndex: Int, animated: Bool) {
    let top = children[children.count - 1]
    let target = targetIndex >= 0 ? children[targetIndex].id : nil
    for child in children[(targetIndex + 1)..<(children.count - 1)] { loaded.remove(child.id) }
    children.removeSubrange((targetIndex + 1)..<(children.count - 1))
    updateLoading(topIndex: targetIndex)
    start(
      .pop(top: top.id, target: target), shown: target, shownMoving: false, hidden: top.id,
      hiddenMoving: true, animated: animated, instant: !animated || isInstantStyle(top.style))
  }

  private mutating func start(
    _ settlement: Settlement, shown: String?, shownMoving: Bool, hidden: String?,
    hiddenMoving: Bool, animated: Bool, instant: Bool
  ) {
    isTransitioning = true
    running = (settlement, animated)
    let flag = animated ? "" : " !"
    if let hidden {
      emit("willHide \(hidden)\(flag)")
      emit("willDisappear \(hidden)\(hiddenMoving ? " moving" : "")\(flag)")
    }
    if let shown {
      emit("willShow \(shown)\(flag)")
      emit("willAppear \(shown)\(shownMoving ? " moving" : "")\(flag)")
    }
    if instant { settle(settlement, animated: animated) }
  }

  private mutating func settle(_ settlement: Settlement, animated: Bool) {
    let flag = animated ? "" : " !"
    func did(_ shown: String?, _ shownMoving: Bool, _ hidden: String?, _ hiddenMoving: Bool) {
      if let hidden {
        emit("didDisappear \(hidden)\(hiddenMoving ? " moving" : "")\(flag)")
        emit("didHide \(hidden)\(flag)")
      }
      if let shown {
        emit("didAppear \(shown)\(shownMoving ? " moving" : "")\(flag)")
        emit("didShow \(shown)\(flag)")
      }
    }
    switch settlement {
    case .push(let id, let below):
      updateLoading(topIndex: children.count - 1)
      did(id, true, below, false)
    case .pop(let top, let target):
      children.removeAll { $0.id == top }
      loaded.remove(top)
      did(target, false, top, true)
    }
    running = nil
    isTransitioning = false
    drain()
  }

  private mutating func updateLoading(topIndex: Int) {
    var reloaded: [String] = []
    var unloaded: [String] = []
    for (i, child) in children.enumerated() {
      let shouldLoad = i >= topIndex - capacity
      if shouldLoad && !loaded.contains(child.id) {
        loaded.insert(child.id)
        reloaded.append(child.id)
      } else if !shouldLoad && loaded.contains(child.id) {
        loaded.remove(child.id)
        unloaded.append(child.id)
      }
    }
    for id in unloaded { emit("unloaded \(id)") }
    for id in reloaded { emit("reloaded \(id)") }
  }
}

extension ContainerEvent {
  /// The event as ``StackModel`` writes it (without the counter tag).
  var modelText: String {
    func flag(_ animated: Bool) -> String { animated ? "" : " !" }
    func moving(_ value: Bool) -> String { value ? " moving" : "" }
    switch self {
    case .viewWillAppear(let id, let a, let m): return "willAppear \(id)\(moving(m))\(flag(a))"
    case .viewDidAppear(let id, let a, let m): return "didAppear \(id)\(moving(m))\(flag(a))"
    case .viewWillDisappear(let id, let a, let m):
      return "willDisappear \(id)\(moving(m))\(flag(a))"
    case .viewDidDisappear(let id, let a, let m): return "didDisappear \(id)\(moving(m))\(flag(a))"
    case .willShow(let id, let a): return "willShow \(id)\(flag(a))"
    case .didShow(let id, let a): return "didShow \(id)\(flag(a))"
    case .didCancelShow(let id, let a): return "didCancelShow \(id)\(flag(a))"
    case .didCancelHide(let id, let a): return "didCancelHide \(id)\(flag(a))"
    case .willHide(let id, let a): return "willHide \(id)\(flag(a))"
    case .didHide(let id, let a): return "didHide \(id)\(flag(a))"
    case .unloaded(let id): return "unloaded \(id)"
    case .reloaded(let id): return "reloaded \(id)"
    case .boundsChanged(let size): return "boundsChanged \(Int(size.width))x\(Int(size.height))"
    case .operationFailed: return "failed"
    }
  }
}
