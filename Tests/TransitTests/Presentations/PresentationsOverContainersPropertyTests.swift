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
  enum Step: Equatable {
    case select(from: Int, to: Int)
    case push(tab: Int, id: String)
  }

  /// A presentation: a style name (full-screen) or a sheet.
  struct Entry {
    var id: String
    var style: String?
    var sheet: SheetConfiguration?
  }

  /// The host's screens (a stack is one tab without history) and the
  /// presentations over them.
  struct Model {
    let isTabs: Bool
    var stacks: [[String]]
    var selected = 0
    var history: [Step] = []
    var presented: [Entry] = []
    var failures = 0
    let limit = 4

    mutating func remember(_ step: Step) {
      guard isTabs else { return }
      history.append(step)
      if history.count > limit { history.removeFirst(history.count - limit) }
    }

    /// Whether an operation on the screens underneath runs (else it fails).
    mutating func underneath() -> Bool {
      if presented.isEmpty { return true }
      failures += 1
      return false
    }

    mutating func push(_ id: String) {
      guard underneath() else { return }
      stacks[selected].append(id)
      remember(.push(tab: selected, id: id))
    }

    mutating func pop() {
      guard underneath() else { return }
      let top = stacks[selected].removeLast()
      if let i = history.lastIndex(of: .push(tab: selected, id: top)) { history.remove(at: i) }
    }

    mutating func select(_ index: Int) {
      guard index != selected, underneath() else { return }
      remember(.select(from: selected, to: index))
      selected = index
    }

    /// Whether `back()` has something to do.
    var canGoBack: Bool {
      if !presented.isEmpty { return true }
      guard isTabs else { return stacks[0].count > 1 }
      switch history.last {
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
      } else if case .select(let from, _) = history.last {
        history.removeLast()
        selected = from
      } else {
        pop()
      }
    }

    var top: String { stacks[selected].last ?? "" }
  }

  enum Appearance { case disappeared, appearing, appeared, disappearing }

  static let portrait = Size(width: 390, height: 844)
  static let detents: [SheetDetent] = [.medium, .large, .fraction(0.3), .points(500)]

  @Test("over a stack: random operations, gestures and re-entrant callbacks land on the model")
  func overStack() async {
    await seededPropertyCheck(count: 100, base: 0x5EA7_0001) { seed in
      try Self.check(seed: seed, tabs: false)
    }
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
    var model = Model(isTabs: isTabs, stacks: isTabs ? [["t0"], ["t1"]] : [["t0"]])
    var styles: [String: any TransitionStyle] = ["t0": TestSlide()]
    var states: [String: Appearance] = ["t0": .appeared]
    // A stack's children beyond its capacity: unloaded, then reloaded.
    var residence: [String: ChildPhase] = [:]
    var violations: [String] = []
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
      func move(_ id: String, from: [Appearance], to: Appearance, _ name: String) {
        let current = states[id] ?? .disappeared
        if !from.contains(current) { violations.append("\(name) \(id) while \(current)") }
        states[id] = to
        residence[id] = nil
      }
      switch event {
      case .unloaded(let id): residence[id] = .unloaded
      case .reloaded(let id): residence[id] = .loaded
      case .viewWillAppear(let id, _, _):
        move(id, from: [.disappeared, .disappearing], to: .appearing, "willAppear")
      case .viewDidAppear(let id, _, _): move(id, from: [.appearing], to: .appeared, "didAppear")
      case .viewWillDisappear(let id, _, _):
        move(id, from: [.appeared, .appearing], to: .disappearing, "willDisappear")
      case .viewDidDisappear(let id, _, _):
        move(id, from: [.disappearing], to: .disappeared, "didDisappear")
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
      for id in model.stacks.joined() + model.presented.map(\.id) where states[id] != nil {
        let expected: ChildPhase =
          if let residence = residence[id] { residence } else {
            switch states[id]! {
            case .appearing: .willAppear
            case .appeared: .appeared
            case .disappearing: .willDisappear
            case .disappeared: .disappeared
            }
          }
        let phase = stack?.phase(of: id) ?? tabs?.phase(of: id)
        if phase != expected {
          violations.append("phase of \(id): \(String(describing: phase)), events say \(expected)")
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
            if !bitIdentical(host.scene, before) { violations.append("a cancelled back moved") }
          } else {
            try host.finishInteraction(velocity: random.chance(0.5) ? nil : random.double(0...3))
          }
        }
      default:
        _ = try rotate(duration: random.chance(0.5) ? random.double(0.05...0.4) : 0)
      }
      phasesAgree()
      for _ in 0..<random.int(0...3) {
        clock.advance(by: random.double(0...0.3))
        host.tick()
        phasesAgree()
      }
      // A sheet drag when the sheet on top is idle, maybe with a rotation
      // meanwhile (which waits), released or cancelled.
      if random.chance(0.4), idle(), var sheet = model.presented.last?.sheet {
        try host.beginSheetDrag()
        if host.counter.count != 1 { violations.append("a drag does not hold the counter") }
        for _ in 0..<random.int(0...4) { host.updateSheetDrag(offset: random.double(-900...900)) }
        if random.chance(0.3), try rotate(duration: 0) != .deferred {
          violations.append("a rotation during a drag was not deferred")
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
    #expect(violations.isEmpty, "\(violations.prefix(3))")
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
    for entry in entries {
      if let sheet = entry.sheet {
        container.present(card(entry.id), sheet: sheet, animated: false)
      } else {
        container.present(
          card(entry.id), style: try TransitionStyles.builtIn.style(named: entry.style ?? ""),
          animated: false)
      }
    }
  }
}
