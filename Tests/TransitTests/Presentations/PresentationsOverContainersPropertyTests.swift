import Testing
import Transit
import TransitTestSupport

/// Presentations over a stack and over tabs against a small pure model:
/// random presentations, dismissals, detents, sheet drags, pushes, pops,
/// selections, `back()`, predictive backs (committed or cancelled) and
/// rotations, issued while others run, with random ticks — and re-entrant
/// callbacks: when a tagged screen has shown (`didShow`), the observer
/// issues `back()` (or, with nothing presented, a push) from inside the
/// event. The model applies every operation in the order it is issued,
/// which is the order the container runs them in; operations on the
/// screens underneath a presentation are refused (one failure each).
///
/// Once settled: the container holds the model's screens and
/// presentations; its picture is bit for bit the one a container built at
/// the final size shows (a stack: the whole scene of a fresh stack given
/// the model at once; tabs: the selected stack as a fresh stack places it,
/// the presenter and every presented and dimming view as a fresh
/// ``PresentationContainer`` places them); the counter is 0 (1 throughout
/// a drag); a cancelled predictive back leaves the picture bit for bit as
/// before; events follow UIKit's cycle, with `phase(of:)` agreeing.
@Suite("Presentations over containers, model property")
struct PresentationsOverContainersPropertyTests {
  /// A presentation: a style name (full-screen) or a sheet.
  typealias Entry = PresentationModelPropertyTests.Entry

  /// The host's screens — the tab model's, a stack being one tab whose
  /// history goes unused — and the presentations over them.
  struct Model {
    let isTabs: Bool
    var screens: TabBarModelPropertyTests.Model
    var presented: [Entry] = []
    var failures = 0

    var stacks: [[String]] { screens.stacks }
    var selected: Int { screens.selected }

    /// Whether an operation on the screens underneath runs (else it fails).
    mutating func underneath() -> Bool {
      if presented.isEmpty { return true }
      failures += 1
      return false
    }

    mutating func push(_ id: String) {
      guard underneath() else { return }
      screens.stacks[selected].append(id)
      screens.remember(.push(tab: selected, id: id))
    }

    mutating func pop() {
      guard underneath() else { return }
      screens.pop()
    }

    mutating func select(_ index: Int) {
      guard index != selected, underneath() else { return }
      screens.remember(.select(from: selected, to: index))
      screens.selected = index
    }

    /// Whether `back()` has something to do.
    var canGoBack: Bool {
      if !presented.isEmpty { return true }
      guard isTabs else { return stacks[0].count > 1 }
      switch screens.history.last {
      case .push: return true
      case .select(_, let to): return to == selected
      case nil: return false
      }
    }

    mutating func back() {
      if !presented.isEmpty {
        presented.removeLast()
      } else if !isTabs {
        pop()
      } else if case .select(let from, _) = screens.history.last {
        screens.history.removeLast()
        screens.selected = from
      } else {
        pop()
      }
    }

    var top: String { stacks[selected].last ?? "" }
  }

  static let portrait = PresentationModelPropertyTests.portrait
  static let detents = PresentationModelPropertyTests.detents

  @Test("over a stack: random operations, gestures and re-entrant callbacks land on the model")
  func overStack() async {
    await seededPropertyCheck(count: 100, base: 0x5EA7_0001) { seed in
      try Self.check(seed: seed, tabs: false)
    }
  }

  @Test(
    "seeds that once failed pass",
    arguments: [
      // A predictive back over a presentation made with the `none` style
      // (duration 0) committed at its begin, so its cancel undid nothing.
      11_696_590_768_298_548_001 as UInt64
    ])
  func regressions(seed: UInt64) throws {
    try Self.check(seed: seed, tabs: false)
  }

  /// The operations of the first seed above that failed: over a stack, a
  /// sheet, then a full-screen presentation with the `none` style (whose
  /// back has duration 0); a predictive back previewing that style, three
  /// updates, and a cancel with a velocity toward the start.
  @Test(
    "A cancelled predictive back over a presentation of duration 0 lands on the picture before",
    arguments: BackPreview.allCases)
  func cancelledInstantBack(preview: BackPreview) throws {
    let clock = ManualClock()
    let stack = StackContainer(size: Self.portrait, clock: clock, capacity: 2)
    stack.transitionDuration = preview == .style ? nil : 0
    stack.push(card("t0"), style: TestSlide(), animated: false)
    let sheet = SheetConfiguration(
      detents: [.medium, .fraction(0.3)], detent: .medium, largestUndimmedDetent: .medium,
      duration: 0.067)
    stack.present(card("p3"), sheet: sheet)
    stack.present(card("p7"), style: try TransitionStyles.builtIn.style(named: "none"))
    settle(stack, clock)
    let before = stack.scene
    #expect(stack.presentedIDs == ["p3", "p7"] && stack.phase(of: "p7") == .appeared)

    try stack.beginBack(preview: preview)
    #expect(stack.presentedIDs == ["p3", "p7"], "the begin committed the back")
    #expect(bitIdentical(stack.scene, before), "nothing to preview: the picture stays")
    for progress in [0.155, 0.724, 0.158] { stack.updateInteraction(progress: progress) }
    #expect(bitIdentical(stack.scene, before))
    #expect(try stack.cancelInteraction(velocity: -2.987))
    settle(stack, clock)
    #expect(bitIdentical(stack.scene, before))
    #expect(stack.presentedIDs == ["p3", "p7"])
    #expect(stack.phase(of: "p7") == .appeared)
    #expect(stack.counter.count == 0)

    // Committed, it lands exactly where the non-interactive back does.
    let played = StackContainer(size: Self.portrait, clock: ManualClock(), capacity: 2)
    played.transitionDuration = stack.transitionDuration
    played.push(card("t0"), style: TestSlide(), animated: false)
    played.present(card("p3"), sheet: sheet, animated: false)
    played.present(
      card("p7"), style: try TransitionStyles.builtIn.style(named: "none"), animated: false)
    played.back()
    try stack.beginBack(preview: preview)
    stack.updateInteraction(progress: 0.5)
    #expect(try stack.finishInteraction(velocity: 1))
    settle(stack, clock)
    #expect(stack.presentedIDs == ["p3"] && stack.phase(of: "p7") == nil)
    #expect(bitIdentical(stack.scene, played.scene))
    #expect(stack.counter.count == 0)
  }

  /// The other backs of duration 0 a gesture may begin: a sheet of
  /// duration 0 over tabs, and a stack's pop of a screen pushed with `none`.
  @Test("A cancelled predictive back of a sheet or a pop of duration 0 lands on the picture before")
  func cancelledInstantBackOfSheetOrPop() throws {
    let clock = ManualClock()
    let tabs = TabBarContainer(size: Self.portrait, tabs: [card("t0"), card("t1")], clock: clock)
    tabs.present(card("s"), sheet: SheetConfiguration(detents: [.medium], duration: 0))
    let stack = StackContainer(size: Self.portrait, clock: clock, capacity: 2)
    stack.push(card("a"), style: TestSlide(), animated: false)
    stack.push(card("b"), style: try TransitionStyles.builtIn.style(named: "none"))
    for host in [tabs, stack] as [any PresentingContainer] {
      settle(host, clock)
      let before = host.scene
      try host.beginBack(preview: .style)
      host.updateInteraction(progress: 0.6)
      #expect(bitIdentical(host.scene, before))
      #expect(try host.cancelInteraction())
      settle(host, clock)
      #expect(bitIdentical(host.scene, before))
      #expect(host.counter.count == 0)
    }
    #expect(tabs.presentedIDs == ["s"] && tabs.phase(of: "s") == .appeared)
    #expect(stack.childIDs == ["a", "b"] && stack.phase(of: "b") == .appeared)
  }

  @Test("over tabs: random operations, gestures and re-entrant callbacks land on the model")
  func overTabs() async {
    await seededPropertyCheck(count: 100, base: 0x5EA7_0002) { seed in
      try Self.check(seed: seed, tabs: true)
    }
  }

  static func check(seed: UInt64, tabs isTabs: Bool) throws {
    var random = RandomCases(seed: seed)
    let clock = ManualClock()
    let names = TransitionStyles.builtIn.names
    let stack = isTabs ? nil : StackContainer(size: portrait, clock: clock, capacity: 2)
    let tabs =
      isTabs ? TabBarContainer(size: portrait, tabs: [card("t0"), card("t1")], clock: clock) : nil
    let host: any PresentingContainer = stack ?? tabs!
    stack?.push(card("t0"), style: TestSlide(), animated: false)
    var model = Model(
      isTabs: isTabs,
      screens: TabBarModelPropertyTests.Model(
        stacks: isTabs ? [["t0"], ["t1"]] : [["t0"]], limit: 4))
    var styles: [String: any TransitionStyle] = ["t0": TestSlide()]
    let cycle = AppearanceCycle(appeared: ["t0"])
    var failures = 0
    var tagged: Set<String> = []
    var next = 0

    func push(_ id: String, style: any TransitionStyle, animated: Bool) {
      styles[id] = style
      model.push(id)
      if let stack { stack.push(card(id), style: style, animated: animated) }
      tabs?.push(card(id), style: style, animated: animated)
    }
    host.observer = { event in
      cycle.record(event)
      switch event {
      case .operationFailed: failures += 1
      case .didShow(let id, _) where tagged.remove(id) != nil:
        // Re-entrant: an operation from inside the event; it runs once the
        // running transition has settled, after those issued before it.
        if !model.presented.isEmpty {
          model.back()
          host.back()
        } else {
          next += 1
          push("r\(next)", style: TestFade(), animated: true)
        }
      default: break
      }
    }
    func phasesAgree() {
      for id in model.stacks.joined() + model.presented.map(\.id) {
        let phase = stack?.phase(of: id) ?? tabs?.phase(of: id)
        if let expected = cycle.phase(of: id), phase != expected {
          cycle.violations.append(
            "phase of \(id): \(String(describing: phase)), events say \(expected)")
        }
      }
    }
    func idle() -> Bool {
      !host.isAnimating && host.pendingOperationCount == 0 && !host.isDraggingSheet
    }
    var size = portrait
    func rotate(duration: Double) throws -> RotationOutcome {
      let target = size == portrait ? portrait.transposed : portrait
      let outcome =
        try stack?.rotate(to: target, duration: duration)
        ?? tabs!.rotate(to: target, duration: duration)
      if outcome != .refused { size = target }
      return outcome
    }

    for _ in 0..<random.int(1...18) {
      let animated = random.chance(0.7)
      let style: any TransitionStyle = random.chance(0.5) ? TestSlide() : TestFade()
      switch random.int(0...10) {
      case 0, 1:
        next += 1
        let id = "p\(next)"
        if random.chance(0.25) { tagged.insert(id) }
        let detents = Array(Self.detents.shuffled(using: &random.rng).prefix(random.int(1...3)))
        let sheet = SheetConfiguration(
          detents: detents, detent: detents[random.int(0...(detents.count - 1))],
          largestUndimmedDetent: random.chance(0.5) ? .medium : nil,
          duration: random.double(0...0.4))
        model.presented.append(Entry(id: id, sheet: sheet))
        host.present(card(id), sheet: sheet, animated: animated)
      case 2:
        next += 1
        let id = "p\(next)"
        if random.chance(0.25) { tagged.insert(id) }
        let name = names[random.int(0...(names.count - 1))]
        model.presented.append(Entry(id: id, style: name))
        host.present(
          card(id), style: try TransitionStyles.builtIn.style(named: name), animated: animated)
      case 3:
        if !model.presented.isEmpty {
          model.presented.removeLast()
          host.dismiss(animated: animated)
        }
      case 4:
        if var sheet = model.presented.last?.sheet {
          sheet.detent = sheet.detents[random.int(0...(sheet.detents.count - 1))]
          model.presented[model.presented.count - 1].sheet = sheet
          host.setDetent(sheet.detent, animated: animated)
        }
      case 5:
        next += 1
        if random.chance(0.25) { tagged.insert("s\(next)") }
        push("s\(next)", style: style, animated: animated)
      case 6:
        if model.stacks[model.selected].count > 1 {
          model.pop()
          stack?.pop(animated: animated)
          tabs?.pop(animated: animated)
        }
      case 7:
        if let tabs {
          let index = random.int(0...1)
          model.select(index)
          tabs.select(index, style: style, animated: animated)
        }
      case 8:
        if model.canGoBack {
          model.back()
          host.back(animated: animated)
        }
      case 9:
        // A predictive back, when nothing runs: committed or cancelled.
        if model.canGoBack, idle() {
          let before = host.scene
          let saved = model
          model.back()
          try host.beginBack(preview: BackPreview.allCases[random.int(0...2)])
          for _ in 0..<random.int(0...3) { host.updateInteraction(progress: random.double(0...1)) }
          if random.chance(0.4) {
            model = saved
            try host.cancelInteraction(velocity: random.chance(0.5) ? nil : -random.double(0...3))
            settle(host, clock)
            if !bitIdentical(host.scene, before) {
              cycle.violations.append("a cancelled back moved")
            }
          } else {
            try host.finishInteraction(velocity: random.chance(0.5) ? nil : random.double(0...3))
          }
        }
      default:
        _ = try rotate(duration: random.chance(0.5) ? random.double(0.05...0.4) : 0)
      }
      phasesAgree()
      tickRandomly(host, clock, &random, checking: phasesAgree)
      // A sheet drag when the sheet on top is idle, maybe with a rotation
      // meanwhile (which waits), released or cancelled.
      if random.chance(0.4), idle(), var sheet = model.presented.last?.sheet {
        try host.beginSheetDrag()
        if host.counter.count != 1 { cycle.violations.append("a drag does not hold the counter") }
        for _ in 0..<random.int(0...4) { host.updateSheetDrag(offset: random.double(-900...900)) }
        if random.chance(0.3), try rotate(duration: 0) != .deferred {
          cycle.violations.append("a rotation during a drag was not deferred")
        }
        if random.chance(0.2) {
          try host.cancelSheetDrag()
        } else if let detent = try host.endSheetDrag(velocity: random.double(-3000...3000)) {
          sheet.detent = detent
          model.presented[model.presented.count - 1].sheet = sheet
        } else {
          model.presented.removeLast()
        }
      }
    }
    var guardCount = 0
    while !idle() && guardCount < 1_000 {
      clock.advance(by: 0.1)
      host.tick()
      guardCount += 1
    }
    phasesAgree()
    #expect(cycle.violations.isEmpty, "\(cycle.violations.prefix(3))")
    #expect(failures == model.failures, "operations refused while presented")
    #expect(host.presentedIDs == model.presented.map(\.id))
    #expect(host.counter.count == 0)
    #expect(host.scene.size == size)
    if let stack {
      #expect(stack.childIDs == model.stacks[0])
      // The whole scene: a fresh stack given the model at once.
      let fresh = StackContainer(size: size, clock: ManualClock(), capacity: 2)
      for id in model.stacks[0] { fresh.push(card(id), style: styles[id]!, animated: false) }
      try present(model.presented, on: fresh)
      #expect(bitIdentical(stack.scene, fresh.scene))
    }
    if let tabs {
      #expect((0..<2).map { tabs.stackIDs(ofTab: $0) } == model.stacks)
      #expect(tabs.selectedIndex == model.selected)
      let fresh = StackContainer(size: size, clock: ManualClock(), capacity: 100)
      for id in model.stacks[model.selected] {
        fresh.push(card(id), style: styles[id] ?? TestSlide(), animated: false)
      }
      for id in model.stacks[model.selected].dropLast() {
        #expect(bitIdentical(tabs.scene.view(id)?.state, fresh.scene.view(id)?.state), "\(id)")
      }
      // The presenter and the presentations: as a presentation container shows them.
      let reference = PresentationContainer(
        size: size, base: card(model.top), clock: ManualClock())
      try present(model.presented, on: reference)
      let ids =
        [model.top]
        + model.presented.flatMap { ($0.sheet == nil ? [] : ["dimming:\($0.id)"]) + [$0.id] }
      for id in ids {
        let (live, expected) = (tabs.scene.view(id), reference.scene.view(id))
        #expect(bitIdentical(live?.state, expected?.state), "\(id)")
        #expect(live?.cornerRadii == expected?.cornerRadii, "\(id)")
      }
      #expect(tabs.scene.views.suffix(ids.count - 1).map(\.id) == Array(ids.dropFirst()))
    }
    let shown = model.presented.last?.id ?? model.top
    #expect((stack?.phase(of: shown) ?? tabs?.phase(of: shown)) == .appeared)
  }

  /// Presents `entries` at once on `container`.
  static func present(_ entries: [Entry], on container: some PresentingContainer) throws {
    try PresentationModelPropertyTests.present(entries, on: container, screen: card)
  }
}
