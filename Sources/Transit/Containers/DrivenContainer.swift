/// A container whose operations and transitions all run on one
/// ``TransitionDriver``: everything it shares with every other such
/// container — its observer, clock and counter, whether it is animating,
/// the queue, ``tick()``, showing a given frame, and driving a transition
/// by a gesture — is written once, here, on top of ``driver``.
///
/// A container adds only what is its own: its model and the operations
/// that change it (a stack's pushes and pops, a placeholder's swaps), and
/// the calls that begin those operations interactively. Conform your own
/// container by handing over its driver, and it answers to the same calls
/// as ``StackContainer`` and ``PlaceholderContainer``:
///
/// ```swift
/// final class SwapContainer: DrivenContainer {
///   private(set) var scene: Scene
///   let driver: TransitionDriver
///   // its init and its operations on `driver`: see <doc:BuildingAContainer>
/// }
///
/// container.observer = { print($0) }
/// while container.isAnimating || container.pendingOperationCount > 0 {
///   clock.advance(by: 1.0 / 60)
///   container.tick()
/// }
/// ```
///
/// ## Driving a transition by a gesture
/// A container begins an operation interactively
/// (``StackContainer/beginInteractivePush(_:style:alongside:completion:)``,
/// ``PlaceholderContainer/beginInteractiveSwap(_:inSlot:style:alongside:completion:)``) through
/// ``TransitionDriver/beginInteractive(completion:_:)``; from then on the calls are
/// the same for every container: ``updateInteraction(progress:)`` as the
/// finger moves, then ``finishInteraction(velocity:completionSpeed:)`` or
/// ``cancelInteraction(velocity:completionSpeed:)`` when it lifts. The
/// transition's counter unit is held from the begin until the completion
/// settles, so a rotation meanwhile is deferred or refused, and operations
/// issued meanwhile queue behind it.
public protocol DrivenContainer: AnyObject {
  /// The one transition driver the container's operations and transitions
  /// run on, from "a container asks for a transition" to "it has settled".
  ///
  /// Everything this protocol provides reads or forwards to it. Drive the
  /// container through its own operations rather than by enqueueing on its
  /// driver: only they keep the container's model in step with its scene.
  var driver: TransitionDriver { get }
}

extension DrivenContainer {
  /// Receives lifecycle and housekeeping events; see ``ContainerEvent``.
  public var observer: ((ContainerEvent) -> Void)? {
    get { driver.observer }
    set { driver.observer = newValue }
  }

  /// The clock the transitions play on; ``tick()`` reads it.
  public var clock: any PlaybackClock { driver.clock }

  /// Counts the container's running transitions, each from its start until
  /// it has settled: share it with a ``RotationGate`` (or another
  /// container) so that rotations wait for them.
  public var counter: AnimationCounter { driver.counter }

  /// Whether a transition is playing (from its start until it has settled
  /// and delivered its last event).
  public var isAnimating: Bool { driver.isRunning }

  /// Operations waiting for the current transition to end.
  public var pendingOperationCount: Int { driver.pendingOperationCount }

  /// The running transition's duration in seconds, or `nil` when none
  /// runs: progress p shows its frame at p × this.
  public var runningTransitionDuration: Double? { driver.runningDuration }

  /// Plays the current transition up to the clock's time; between
  /// transitions, does the container's own housekeeping (a stack applies a
  /// size its gate let through) and starts queued operations. Call it on
  /// every display frame, as a display link would.
  public func tick() {
    driver.tick()
  }

  /// Shows frame `index` of `count` of the running transition, bit for bit
  /// as ``Timeline/sample(frame:of:into:)`` samples it; see
  /// ``TransitionDriver/showFrame(_:of:)``. `animrender play` draws a
  /// script's transitions this way, on a ``ManualClock``.
  ///
  /// - Parameters:
  ///   - index: the frame, 0…`count` − 1 (clamped).
  ///   - count: the number of frames the duration is divided into.
  public func showTransitionFrame(_ index: Int, of count: Int) {
    driver.showFrame(index, of: count)
  }

  /// How a gesture's progress moves the picture: ``Scrubbing/linear`` (the
  /// default) follows the finger one to one, ``Scrubbing/curve`` the
  /// style's curves. Read when an interaction begins.
  public var scrubbing: Scrubbing {
    get { driver.scrubbing }
    set { driver.scrubbing = newValue }
  }

  /// Catches the running transition with a gesture — played, completing
  /// after a release, or turned back — without moving its picture; then
  /// drive it with ``updateInteraction(progress:)`` and finish or cancel it
  /// as any interaction (a cancel lands bit for bit on the picture before
  /// the operation began). See ``TransitionDriver/grabRunning()``.
  ///
  /// ```swift
  /// stack.pop()                       // the pop plays …
  /// clock.advance(by: 0.1); stack.tick()
  /// try stack.grabTransition()        // … and a finger catches it
  /// stack.updateInteraction(progress: 0.2)
  /// try stack.cancelInteraction()     // the top comes back
  /// ```
  ///
  /// - Returns: the transition's velocity when caught, in progress per second.
  /// - Throws: `.invalidState` when there is nothing to catch: no
  ///   transition runs, a gesture drives it already, or it is of duration 0.
  @discardableResult
  public func grabTransition() throws(TransitError) -> Double {
    guard let velocity = driver.grabRunning() else {
      throw TransitError(
        .invalidState, "no running transition to catch (none runs, or a gesture drives it already)")
    }
    return velocity
  }

  /// Whether a gesture drives a transition now (begun, not yet released).
  public var isInteracting: Bool { driver.isInteracting }

  /// The progress the interactive transition shows (following its
  /// completion after the release), or `nil` when none runs.
  public var interactionProgress: Double? { driver.interactionProgress }

  /// Shows the interactive transition at `progress` × its duration: the
  /// frame the transition with linear curves shows then, or with
  /// ``scrubbing`` ``Scrubbing/curve`` exactly the frame the
  /// non-interactive transition shows then (its own curves included). Ignored after the release (an `update` after `finish`
  /// cannot leave views stuck).
  ///
  /// - Parameter progress: 0…1 (clamped); a value that is not finite is ignored.
  /// - Returns: whether the transition moved.
  @discardableResult
  public func updateInteraction(progress: Double) -> Bool {
    driver.updateInteraction(progress)
  }

  /// Lets the interactive transition finish from where it is, over
  /// `(1 − p) · D / completionSpeed` seconds (linearly, or like a spring
  /// starting at `velocity`); it settles on a later ``tick()``, or at once
  /// from progress 1, exactly as the non-interactive transition leaves the
  /// container.
  ///
  /// - Parameters:
  ///   - velocity: the progress per second when the finger lifted; `nil` completes linearly.
  ///   - completionSpeed: UIKit's `completionSpeed`; finite and positive.
  /// - Returns: whether an interaction was released (`false`: none runs).
  /// - Throws: `.invalidValue` for a bad speed or velocity.
  @discardableResult
  public func finishInteraction(velocity: Double? = nil, completionSpeed: Double = 1)
    throws(TransitError) -> Bool
  {
    try release(finishing: true, velocity: velocity, completionSpeed: completionSpeed)
  }

  /// Lets the interactive transition return to its start, over
  /// `p · D / completionSpeed` seconds; once settled, the container is bit
  /// for bit as it was before the transition began, and UIKit's events for
  /// a cancelled transition have gone out.
  ///
  /// - Parameters:
  ///   - velocity: the progress per second when the finger lifted; `nil` completes linearly.
  ///   - completionSpeed: UIKit's `completionSpeed`; finite and positive.
  /// - Returns: whether an interaction was released (`false`: none runs).
  /// - Throws: `.invalidValue` for a bad speed or velocity.
  @discardableResult
  public func cancelInteraction(velocity: Double? = nil, completionSpeed: Double = 1)
    throws(TransitError) -> Bool
  {
    try release(finishing: false, velocity: velocity, completionSpeed: completionSpeed)
  }

  private func release(finishing: Bool, velocity: Double?, completionSpeed: Double)
    throws(TransitError) -> Bool
  {
    driver.releaseInteraction(
      try InteractionRelease(
        finishes: finishing, velocity: velocity, completionSpeed: completionSpeed))
  }
}
