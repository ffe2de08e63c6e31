import Transit

/// UIKit's appearance cycle, as the property tests check it: follows the
/// events a container delivers and records every one that comes out of
/// turn (a `viewDidAppear` without its `viewWillAppear`, say), and says
/// which ``ChildPhase`` the events delivered so far put each child in.
final class AppearanceCycle {
  /// Where a child is in the cycle.
  enum Appearance { case disappeared, appearing, appeared, disappearing }

  var states: [String: Appearance]
  /// A stack's children beyond its capacity: unloaded, then reloaded.
  var residence: [String: ChildPhase] = [:]
  var violations: [String] = []

  /// Starts with `appeared` on screen.
  init(appeared: [String] = []) {
    states = Dictionary(uniqueKeysWithValues: appeared.map { ($0, .appeared) })
  }

  /// Follows every event `container` delivers, a failed operation
  /// counted as a violation.
  func observe(_ container: some DrivenContainer) {
    container.observer = { [self] event in
      record(event)
      if case .operationFailed(let error) = event { violations.append("failed: \(error)") }
    }
  }

  /// Follows one delivered event.
  func record(_ event: ContainerEvent) {
    func move(_ id: String, from: [Appearance], to: Appearance, _ name: String) {
      let current = states[id] ?? .disappeared
      if !from.contains(current) { violations.append("\(name) \(id) while \(current)") }
      states[id] = to
      residence[id] = nil
    }
    switch event {
    case .viewWillAppear(let id, _, _):
      move(id, from: [.disappeared, .disappearing], to: .appearing, "willAppear")
    case .viewDidAppear(let id, _, _): move(id, from: [.appearing], to: .appeared, "didAppear")
    case .viewWillDisappear(let id, _, _):
      move(id, from: [.appeared, .appearing], to: .disappearing, "willDisappear")
    case .viewDidDisappear(let id, _, _):
      move(id, from: [.disappearing], to: .disappeared, "didDisappear")
    case .unloaded(let id): residence[id] = .unloaded
    case .reloaded(let id): residence[id] = .loaded
    default: break
    }
  }

  /// The phase the events put `id` in, or `nil` when none concerned it.
  func phase(of id: String) -> ChildPhase? {
    if let residence = residence[id] { return residence }
    return switch states[id] {
    case .appearing: .willAppear
    case .appeared: .appeared
    case .disappearing: .willDisappear
    case .disappeared: .disappeared
    case nil: nil
    }
  }

  /// Whether no child is half-way (appearing or disappearing).
  var isSettled: Bool {
    !states.values.contains(.appearing) && !states.values.contains(.disappearing)
  }
}
