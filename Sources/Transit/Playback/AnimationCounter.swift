import Synchronization

/// How many animations are running: +1 when a player starts, −1 exactly once
/// when it stops, however it stops.
///
/// CoconutKit kept a single boolean "animating" flag, which two overlapping
/// animations could clear too early. A counter shared by every player of a
/// container cannot: rotation is safe exactly when it is 0. Each start hands
/// out an ``Activity``, and the count goes down when that activity ends —
/// explicitly, or when it is deallocated with the player that held it — so a
/// player that is cancelled, terminated, stopped or simply dropped mid-play
/// still gives its unit back, once.
///
/// The count lives behind a `Mutex`, so one counter may be shared by players
/// on different threads. Handlers registered with ``onIdle(_:)`` run on the
/// thread that brought the count to 0, outside the lock.
///
/// ```swift
/// let counter = AnimationCounter()
/// let activity = counter.begin()  // count == 1
/// activity.end()                  // count == 0; ending again does nothing
/// ```
public final class AnimationCounter: Sendable {
  private struct State {
    var count = 0
    var nextHandlerID = 0
    var idleHandlers: [(id: Int, handler: @Sendable () -> Void)] = []
  }

  private let state = Mutex(State())

  /// Creates a counter at 0.
  public init() {}

  /// The number of activities begun and not yet ended.
  public var count: Int { state.withLock { $0.count } }

  /// Whether no animation is running.
  public var isIdle: Bool { count == 0 }

  /// Counts one more running animation until the returned activity ends.
  ///
  /// Keep the activity for as long as the animation runs; ending it (or
  /// letting it be deallocated) takes the unit back exactly once.
  ///
  /// - Returns: the activity that holds the unit until it ends.
  public func begin() -> Activity {
    state.withLock { $0.count += 1 }
    return Activity(counter: self)
  }

  /// Registers `handler` to run every time the count returns to 0.
  ///
  /// - Parameter handler: runs on the thread that brought the count to 0,
  ///   outside the counter's lock.
  /// - Returns: a token for ``removeIdleHandler(_:)``.
  @discardableResult
  public func onIdle(_ handler: @escaping @Sendable () -> Void) -> Int {
    state.withLock { state in
      let id = state.nextHandlerID
      state.nextHandlerID += 1
      state.idleHandlers.append((id, handler))
      return id
    }
  }

  /// Stops calling the handler registered under `id`.
  ///
  /// - Parameter id: the token ``onIdle(_:)`` returned; an unknown one does nothing.
  public func removeIdleHandler(_ id: Int) {
    state.withLock { $0.idleHandlers.removeAll { $0.id == id } }
  }

  /// Runs `body` with the count while holding the counter's lock, so that
  /// no animation begins or ends while it decides. `body` must not call back
  /// into the counter.
  func withLockedCount<R>(_ body: (Int) -> R) -> R {
    state.withLock { body($0.count) }
  }

  fileprivate func end() {
    let handlers: [@Sendable () -> Void] = state.withLock { state in
      precondition(state.count > 0, "AnimationCounter ended more activities than it began")
      state.count -= 1
      return state.count == 0 ? state.idleHandlers.map(\.handler) : []
    }
    for handler in handlers { handler() }
  }
}

extension AnimationCounter {
  /// One running animation as seen by a counter: ends exactly once.
  ///
  /// A reference type on purpose: its `deinit` is the safety net that gives
  /// the unit back when the player holding it is deallocated mid-play.
  public final class Activity {
    private let counter: AnimationCounter
    /// Whether ``end()`` has been called (or the activity deallocated).
    public private(set) var hasEnded = false

    fileprivate init(counter: AnimationCounter) {
      self.counter = counter
    }

    /// Takes this activity's unit back from the counter; later calls do nothing.
    public func end() {
      guard !hasEnded else { return }
      hasEnded = true
      counter.end()
    }

    deinit {
      if !hasEnded { counter.end() }
    }
  }
}
