import Transit

/// An example of a container of your own, written only against Transit's
/// public API: a tab container made of a ``PlaceholderContainer`` with two
/// slots, the content above and a tab bar below.
///
/// Selecting a tab swaps the content slot's child with a transition that
/// slides in the direction of the tab (push from the right when moving to a
/// tab further right), and swaps the tab bar's child, instantly, for a bar
/// with the new tab highlighted (first, so it lights up as the content
/// moves). The placeholder does the rest: it queues
/// selections made while a transition plays, emits the lifecycle events in
/// UIKit's order, and counts its transitions so a rotation gate can wait.
///
/// ```swift
/// let clock = ManualClock()
/// let tabs = TabContainer(size: Size(width: 390, height: 844), tabs: screens, clock: clock)
/// tabs.select(2)
/// clock.advance(by: 0.4)
/// tabs.tick()
/// ```
public final class TabContainer {
  /// The tabs' screens, in order.
  public let tabs: [View]
  /// The placeholder the tabs live in: its scene is what to draw.
  public let placeholder: PlaceholderContainer
  /// The tab shown (or being shown), if any.
  public private(set) var selectedIndex: Int?
  /// The tab bar's height in points.
  public static let barHeight = 56.0

  /// The container's size.
  public private(set) var size: Size

  /// Creates the container with no tab selected.
  public init(size: Size, tabs: [View], clock: any PlaybackClock) {
    self.size = size
    self.tabs = tabs
    let content = Rect(x: 0, y: 0, width: size.width, height: size.height - Self.barHeight)
    let bar = Rect(x: 0, y: content.height, width: size.width, height: Self.barHeight)
    placeholder = PlaceholderContainer(
      size: size,
      slots: [
        View(id: "content", frame: content, backgroundColor: .black, clipsToBounds: true),
        View(id: "tab-bar", frame: bar, backgroundColor: Color(red: 0.1, green: 0.1, blue: 0.12)),
      ],
      clock: clock)
  }

  /// What to draw now.
  public var scene: Scene { placeholder.scene }

  /// Shows tab `index`.
  ///
  /// - Throws: ``TransitError`` when there is no such tab.
  public func select(_ index: Int, animated: Bool = true) throws(TransitError) {
    guard tabs.indices.contains(index) else {
      throw TransitError(.invalidValue, "tab \(index) does not exist (0..<\(tabs.count))")
    }
    let previous = selectedIndex
    guard previous != index else { return }
    selectedIndex = index
    let styles = TransitionStyles.builtIn
    let name: String
    switch previous {
    case nil: name = "cross-dissolve"
    case let old? where old < index: name = "push-from-right"
    default: name = "push-from-left"
    }
    // The bar first: with nothing ahead of it in the queue, a non-animated
    // swap completes at once, so the new tab lights up as the content moves.
    placeholder.setChild(
      bar(selected: index), inSlot: 1, style: try styles.style(named: "none"), animated: false)
    placeholder.setChild(
      tabs[index], inSlot: 0, style: try styles.style(named: name), animated: animated)
  }

  /// Changes the container's size (a rotation): the content keeps all but
  /// the bar's height, the bar keeps its height at the bottom, and the bar
  /// is drawn again for the new width. Queued behind a running transition
  /// like any other operation, so it never lands mid-switch.
  public func resize(to newSize: Size) throws(TransitError) {
    size = newSize
    let content = Rect(x: 0, y: 0, width: newSize.width, height: newSize.height - Self.barHeight)
    let bar = Rect(x: 0, y: content.height, width: newSize.width, height: Self.barHeight)
    placeholder.setBounds(newSize, slotFrames: [content, bar])
    if let selectedIndex {
      placeholder.setChild(
        self.bar(selected: selectedIndex), inSlot: 1,
        style: try TransitionStyles.builtIn.style(named: "none"), animated: false)
    }
  }

  /// Advances the running transition to the clock's time.
  public func tick() { placeholder.tick() }

  /// A tab bar with one button per tab, the selected one lit.
  func bar(selected: Int) -> View {
    let width = size.width / Double(max(tabs.count, 1))
    let buttons = tabs.indices.map { i in
      View(
        id: "tab-button-\(i)-of-\(selected)-\(Int(size.width))",
        frame: Rect(x: Double(i) * width + 8, y: 8, width: width - 16, height: Self.barHeight - 16),
        backgroundColor: i == selected
          ? Color(red: 0.2, green: 0.5, blue: 1) : Color(red: 0.3, green: 0.3, blue: 0.34),
        cornerRadius: 10)
    }
    return View(
      id: "tab-bar-\(selected)-\(Int(size.width))",
      frame: Rect(x: 0, y: 0, width: size.width, height: Self.barHeight),
      children: buttons)
  }
}
