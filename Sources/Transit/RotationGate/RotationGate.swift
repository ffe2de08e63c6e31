import Synchronization

/// Lets a rotation (or any bounds change) through only when no animation is
/// running, so that no transition is ever built at one size and played at
/// another.
///
/// A transition is bound to the bounds it was built from. Resizing the
/// container halfway through would leave the animation's remaining frames
/// computed for the old size — the root of CoconutKit's "blurry views" after
/// a rotation. The gate watches an ``AnimationCounter`` that every player of
/// the container counts in, and applies a request at once when the count is
/// 0, or else refuses it or defers it, by ``RotationPolicy``.
///
/// ```swift
/// let counter = AnimationCounter()
/// let gate = RotationGate<Size>(counter: counter, policy: .defer) { size in
///   print("rotate to", size)
/// }
/// let activity = counter.begin()
/// gate.request(Size(width: 844, height: 390))  // .deferred
/// activity.end()                               // prints "rotate to 844×390"
/// ```
///
/// The decision to apply is taken under the counter's lock, so an animation
/// beginning on another thread cannot slip between the check and the
/// decision; `apply` itself runs outside any lock (on the requesting thread,
/// or on the thread whose animation ended last), so it may start animations.
public final class RotationGate<Request: Sendable>: Sendable {
  /// The counter whose count of 0 opens the gate.
  public let counter: AnimationCounter
  /// What happens to requests made while animations run.
  public let policy: RotationPolicy
  private let apply: @Sendable (Request) -> Void
  private let pending = Mutex<Request?>(nil)
  private let handler = Mutex<Int?>(nil)

  /// Creates a gate over `counter` that calls `apply` for every request it lets through.
  ///
  /// - Parameters:
  ///   - counter: the counter of running animations; the gate opens when it is 0.
  ///   - policy: what a request made while animations run does.
  ///   - apply: performs a request the gate lets through, outside any lock: on
  ///     the requesting thread, or on the thread whose animation ended last.
  public init(
    counter: AnimationCounter, policy: RotationPolicy,
    apply: @escaping @Sendable (Request) -> Void
  ) {
    self.counter = counter
    self.policy = policy
    self.apply = apply
    let id = counter.onIdle { [weak self] in self?.flush() }
    handler.withLock { $0 = id }
  }

  deinit {
    if let id = handler.withLock({ $0 }) { counter.removeIdleHandler(id) }
  }

  /// The deferred request waiting for the animations to stop, if any.
  public var pendingRequest: Request? { pending.withLock { $0 } }

  /// Asks for a rotation: applied now when no animation runs, otherwise
  /// refused or deferred according to ``policy``.
  ///
  /// A request made while an earlier one is deferred replaces it.
  ///
  /// - Parameter request: the rotation (typically the new size) to apply.
  /// - Returns: whether the request was applied, deferred or refused.
  @discardableResult
  public func request(_ request: Request) -> RotationOutcome {
    let outcome: RotationOutcome = counter.withLockedCount { count in
      if count == 0 {
        // A request that gets through supersedes anything still deferred.
        pending.withLock { $0 = nil }
        return .applied
      }
      switch policy {
      case .refuse: return .refused
      case .defer:
        pending.withLock { $0 = request }
        return .deferred
      }
    }
    if outcome == .applied { apply(request) }
    return outcome
  }

  /// Applies the deferred request if the count is 0; called by the counter
  /// each time it returns to 0.
  private func flush() {
    let ready: Request? = counter.withLockedCount { count in
      count == 0
        ? pending.withLock { value in
          defer { value = nil }
          return value
        } : nil
    }
    if let ready { apply(ready) }
  }
}
