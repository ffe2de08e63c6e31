/// Where a container's child stands in its appearance lifecycle, as
/// CoconutKit's `HLSViewController` could always say: the phase follows
/// the events the container has delivered, and nothing else.
///
/// | event delivered | phase after it |
/// |---|---|
/// | (added, not yet shown) | ``initialized`` |
/// | ``ContainerEvent/reloaded(_:)`` | ``loaded`` |
/// | ``ContainerEvent/viewWillAppear(_:animated:isMovingToParent:)`` | ``willAppear`` |
/// | ``ContainerEvent/viewDidAppear(_:animated:isMovingToParent:)`` | ``appeared`` |
/// | ``ContainerEvent/viewWillDisappear(_:animated:isMovingFromParent:)`` | ``willDisappear`` |
/// | ``ContainerEvent/viewDidDisappear(_:animated:isMovingFromParent:)`` | ``disappeared`` |
/// | ``ContainerEvent/unloaded(_:)`` | ``unloaded`` |
///
/// A cancelled interactive transition reads as UIKit reports it: the child
/// that was to appear goes will appear → will disappear → disappeared,
/// the one that was to go comes back will disappear → will appear →
/// appeared.
public enum ChildPhase: String, Hashable, Sendable, CaseIterable {
  /// Known to the container, never shown.
  case initialized
  /// Its view is in the scene again after being unloaded, not shown.
  case loaded
  /// About to appear: `viewWillAppear` went out.
  case willAppear
  /// On screen: `viewDidAppear` went out.
  case appeared
  /// About to go: `viewWillDisappear` went out.
  case willDisappear
  /// Off screen: `viewDidDisappear` went out.
  case disappeared
  /// Its view left the scene (beyond a stack's capacity).
  case unloaded
}

/// The phases the events a container delivered put its children in.
struct PhaseBook {
  private(set) var phases: [String: ChildPhase] = [:]

  /// Follows one delivered event.
  mutating func record(_ event: ContainerEvent) {
    switch event {
    case .viewWillAppear(let id, _, _): phases[id] = .willAppear
    case .viewDidAppear(let id, _, _): phases[id] = .appeared
    case .viewWillDisappear(let id, _, _): phases[id] = .willDisappear
    case .viewDidDisappear(let id, _, _): phases[id] = .disappeared
    case .unloaded(let id): phases[id] = .unloaded
    case .reloaded(let id): phases[id] = .loaded
    default: break
    }
  }

  /// A child the container has just added, before any event about it.
  mutating func add(_ id: String, as phase: ChildPhase = .initialized) {
    phases[id] = phase
  }

  /// A child the container no longer holds.
  mutating func remove(_ id: String) { phases[id] = nil }

  subscript(id: String) -> ChildPhase? { phases[id] }
}
