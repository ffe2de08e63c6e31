/// A headless tab container (UIKit's `UITabBarController`): tabs that each
/// hold a navigation stack, one selected at a time, on one
/// ``TransitionDriver``.
///
/// ```swift
/// let tabs = TabBarContainer(size: Size(width: 390, height: 844), tabs: [inbox, search], clock: clock)
/// tabs.push(message, style: PushStyle(from: .right))   // on the inbox tab's stack
/// tabs.select(1, style: try TransitionStyles.builtIn.style(named: "cross-dissolve"))
/// tabs.back()   // the reverse of the switch: back to the message, exactly
/// ```
///
/// The scene's top-level views are the screens of the loaded tabs; the
/// selected tab's are last (on top), each at the state its push leaves it
/// in at the current bounds, and the other tabs' screens are hidden. A tab
/// is loaded the first time it is selected (its root enters the scene
/// then). Pushes and pops act on the selected tab's stack.
///
/// Switching tabs is a transition between the two tabs' top screens with
/// the style given; every operation queues on the driver (see
/// ``selectionPolicy`` for selections made while one runs), holds one unit
/// of ``counter`` until it has settled, and rotations go through ``gate``
/// (``rotate(to:duration:curve:)``).
///
/// ## History and back
/// Selections and pushes are remembered, the latest ``historyLimit`` of
/// them. ``back(animated:alongside:)`` dismisses the top presentation when one is up
/// (see ``PresentingContainer``), else undoes the latest step: a push is
/// popped, a selection is undone by the reverse of the switch that left the
/// previous tab (built at the bounds of the moment), returning to the tab
/// and screen it left. A pop removes the push it undoes from the history.
/// ``beginBack(preview:edge:alongside:completion:)`` drives the same back with a
/// gesture; a cancel puts tabs, stacks and history back as they were.
///
/// ## Events
/// A switch reports the old tab's top screen as disappearing and the new
/// one's as appearing (neither moving to or from the parent); a push and a
/// pop as a stack does.
public final class TabBarContainer: PresentingContainer {
  /// One screen of a tab's stack.
  struct Screen {
    var view: View
    var style: AnyTransitionStyle
  }

  /// One remembered navigation.
  enum Step: Equatable {
    case select(from: Int, to: Int, style: AnyTransitionStyle)
    case push(tab: Int, id: String)
  }

  /// The loaded tabs' screens, in their current state.
  public internal(set) var scene: Scene
  /// The selected tab's index.
  public internal(set) var selectedIndex = 0
  /// What a selection made while a transition runs does.
  public var selectionPolicy: TabSelectionPolicy = .queue
  /// How many selections and pushes ``back(animated:alongside:)`` can undo.
  public let historyLimit: Int
  /// The duration every transition plays at, or `nil` for each style's own.
  public var transitionDuration: Double?
  /// Lets rotations through only between transitions.
  public let gate: RotationGate<Size>
  /// Runs every operation and transition; see ``DrivenContainer/driver``.
  public let driver: TransitionDriver

  var stacks: [[Screen]]
  var loaded: Set<Int> = [0]
  var history: [Step] = []
  var phases = PhaseBook()
  let approvedSizes = RequestInbox<Size>()
  var rotationMotion = RotationMotion.instant
  /// The presentations over the selected tab; see ``PresentingContainer``.
  public private(set) lazy var presentationLayer = PresentationLayer(host: self)

  /// Creates a container whose tab `i` has `tabs[i]` as its stack's root;
  /// the first tab is selected and loaded.
  ///
  /// - Parameters:
  ///   - size: the container's size.
  ///   - tabs: the tabs' root screens, at least one, ids unique.
  ///   - clock: the clock transitions play on.
  ///   - historyLimit: how many steps ``back(animated:alongside:)`` can undo (at least 1).
  ///   - rotationPolicy: what a rotation requested mid-transition does.
  ///   - counter: the counter transitions count in.
  public init(
    size: Size, tabs: [View], clock: any PlaybackClock, historyLimit: Int = 20,
    rotationPolicy: RotationPolicy = .defer, counter: AnimationCounter = AnimationCounter()
  ) {
    let roots = tabs.isEmpty ? [View(id: "tab", frame: .zero)] : tabs
    stacks = roots.map { [Screen(view: $0, style: AnyTransitionStyle(NoneStyle()))] }
    self.historyLimit = max(historyLimit, 1)
    var first = roots[0]
    first.state = ViewState(frame: Rect(size: size))
    scene = Scene(size: size, views: [first])
    phases.add(first.id, as: .appeared)
    gate = approvedSizes.gate(counter: counter, policy: rotationPolicy)
    let outlet = DriverOutlet()
    driver = outlet.driver(clock: clock, counter: counter)
    bindDriver(through: outlet)
  }

  /// The container's bounds.
  public var bounds: Rect { scene.bounds }
  /// The number of tabs.
  public var tabCount: Int { stacks.count }
  /// The ids of tab `index`'s stack, bottom to top; empty for a bad index.
  public func stackIDs(ofTab index: Int) -> [String] {
    stacks.indices.contains(index) ? stacks[index].map(\.view.id) : []
  }
  /// The id of the selected tab's top screen (presentations over it are
  /// ``PresentingContainer/presentedIDs``).
  public var topID: String { stacks[selectedIndex].last?.view.id ?? "" }
  /// Whether tab `index`'s screens are in the scene (it has been selected).
  public func isLoaded(tab index: Int) -> Bool { loaded.contains(index) }
  /// How many steps ``back(animated:alongside:)`` can undo now.
  public var historyCount: Int { history.count }

  /// Where screen `id` stands in its lifecycle, from the events delivered;
  /// ``ChildPhase/initialized`` for a tab root never selected; `nil` when
  /// no tab holds it.
  public func phase(of id: String) -> ChildPhase? {
    guard stacks.contains(where: { $0.contains { $0.view.id == id } }) else {
      return driver.runningIDs.contains(id) || presentationLayer.answersFor(id) ? phases[id] : nil
    }
    return phases[id] ?? .initialized
  }

  // MARK: Operations

  /// Selects tab `index` with `style` (the switch between the two tabs' top
  /// screens). Selecting the selected tab does nothing; a bad index fails
  /// the operation. While a transition runs, ``selectionPolicy`` decides.
  ///
  /// - Parameters:
  ///   - index: the tab to show.
  ///   - style: the switch's transition; ``back(animated:alongside:)`` plays its reverse.
  ///   - animated: `false` completes it at once.
  ///   - alongside: animations of any of the container's views (the tab
  ///     bar included) played with the transition, on its clock.
  public func select(
    _ index: Int, style: any TransitionStyle, animated: Bool = true, alongside: [Animation] = []
  ) {
    let style = AnyTransitionStyle(style)
    if driver.isRunning, animated {
      switch selectionPolicy {
      case .queue: break
      case .reverse:
        if driver.reverseRunning(where: {
          isSwitch($0) && $0.hiddenID == stacks[index].last?.view.id
        }) {
          return
        }
      case .jump:
        jumpToEnd()
      }
    }
    enqueue(alongside: alongside) { [unowned self] () throws(TransitError) in
      try switchTab(to: index, style: style, animated: animated, remember: true)
    }
  }

  /// Pushes `view` on the selected tab's stack with `style`.
  ///
  /// - Parameters:
  ///   - view: the new screen; its id must be new to the container.
  ///   - style: its push; its pop plays the reverse.
  ///   - animated: `false` completes it at once.
  ///   - alongside: animations of any of the container's views (the tab
  ///     bar included) played with the transition, on its clock.
  public func push(
    _ view: View, style: any TransitionStyle, animated: Bool = true, alongside: [Animation] = []
  ) {
    let style = AnyTransitionStyle(style)
    enqueue(alongside: alongside) { [unowned self] () throws(TransitError) in
      try pushScreen(view, style: style, animated: animated)
    }
  }

  /// Pops the selected tab's top screen with the reverse of its push, built
  /// at the current bounds; a tab at its root fails the operation.
  ///
  /// - Parameters:
  ///   - animated: `false` completes it at once.
  ///   - alongside: animations of any of the container's views (the tab
  ///     bar included) played with the transition, on its clock.
  public func pop(animated: Bool = true, alongside: [Animation] = []) {
    enqueue(alongside: alongside) { [unowned self] () throws(TransitError) in
      try popScreen(animated: animated)
    }
  }

  /// Asks to resize the container (a rotation); see
  /// ``StackContainer/rotate(to:duration:curve:)``.
  @discardableResult
  public func rotate(to size: Size, duration: Double = 0, curve: TimingCurve = .easeInOut)
    throws(TransitError) -> RotationOutcome
  {
    requestRotation(to: size, motion: try RotationMotion(duration: duration, curve: curve))
  }

  func emit(_ event: ContainerEvent) { driver.emit(event) }
}
