import Testing
import Transit
import TransitTestSupport

/// The tab container against a small pure model: random selections (every
/// policy), pushes, pops, back() and rotations, issued while transitions
/// run, with random ticks. Once settled the container must hold the
/// model's stacks, selection and history length; the selected stack must be
/// bit for bit where a fresh container at the final size, given that stack
/// at once, puts it; other tabs hidden; the counter 0; and events must have
/// followed UIKit's cycle with ``TabBarContainer/phase(of:)`` agreeing.
@Suite("Tab container model property")
struct TabBarModelPropertyTests {
  enum Step: Equatable {
    case select(from: Int, to: Int)
    case push(tab: Int, id: String)
  }

  struct Model {
    var stacks: [[String]]
    var selected = 0
    var history: [Step] = []
    let limit: Int

    mutating func remember(_ step: Step) {
      history.append(step)
      if history.count > limit { history.removeFirst(history.count - limit) }
    }

    mutating func pop() {
      let top = stacks[selected].removeLast()
      if let i = history.lastIndex(of: .push(tab: selected, id: top)) { history.remove(at: i) }
    }
  }

  @Test("random navigation lands exactly on the model, events in UIKit's cycle")
  func model() async {
    let portrait = Size(width: 390, height: 844)
    await seededPropertyCheck(count: 150, base: 0x7AB5_0001) { seed in
      var random = RandomCases(seed: seed)
      let clock = ManualClock()
      let limit = random.int(1...6)
      let tabs = TabBarContainer(
        size: portrait, tabs: (0..<3).map { card("t\($0)") }, clock: clock, historyLimit: limit)
      var model = Model(stacks: [["t0"], ["t1"], ["t2"]], limit: limit)
      var styles: [String: any TransitionStyle] = [:]
      let cycle = AppearanceCycle(appeared: ["t0"])
      cycle.observe(tabs)
      func phasesAgree() {
        for id in model.stacks.joined() {
          if let expected = cycle.phase(of: id), tabs.phase(of: id) != expected {
            cycle.violations.append("phase of \(id): \(String(describing: tabs.phase(of: id)))")
          }
        }
      }
      var next = 0
      var size = portrait
      for _ in 0..<random.int(1...20) {
        let animated = random.chance(0.7)
        let style: any TransitionStyle = random.chance(0.5) ? TestSlide() : TestFade()
        // Only the queue policy keeps the model's order simple; the others
        // are tried where they cannot change what the operations leave.
        switch random.int(0...6) {
        case 0, 1:
          let index = random.int(0...2)
          tabs.selectionPolicy = random.chance(0.5) ? .jump : .queue
          tabs.select(index, style: style, animated: animated)
          if index != model.selected {
            model.remember(.select(from: model.selected, to: index))
            model.selected = index
          }
        case 2, 3:
          next += 1
          let id = "s\(next)"
          styles[id] = style
          tabs.push(card(id), style: style, animated: animated)
          model.stacks[model.selected].append(id)
          model.remember(.push(tab: model.selected, id: id))
        case 4:
          if model.stacks[model.selected].count > 1 {
            tabs.pop(animated: animated)
            model.pop()
          }
        case 5:
          if let step = model.history.last {
            switch step {
            case .push:
              tabs.back(animated: animated)
              model.pop()
            case .select(let from, let to) where to == model.selected:
              tabs.back(animated: animated)
              model.history.removeLast()
              model.selected = from
            default: break
            }
          }
        default:
          let target = size == portrait ? portrait.transposed : portrait
          let outcome = try tabs.rotate(
            to: target, duration: random.chance(0.5) ? random.double(0.05...0.4) : 0)
          if outcome != .refused { size = target }
        }
        phasesAgree()
        tickRandomly(tabs, clock, &random, checking: phasesAgree)
      }
      settle(tabs, clock, step: 0.1, maxSeconds: 100)
      phasesAgree()
      #expect(cycle.violations.isEmpty, "\(cycle.violations.prefix(3))")
      #expect((0..<3).map { tabs.stackIDs(ofTab: $0) } == model.stacks)
      #expect(tabs.selectedIndex == model.selected)
      #expect(tabs.historyCount == model.history.count)
      #expect(tabs.counter.count == 0)
      // The selected stack exactly where a fresh container puts it.
      let fresh = StackContainer(size: size, clock: ManualClock(), capacity: 100)
      for id in model.stacks[model.selected] {
        fresh.push(card(id), style: styles[id] ?? TestSlide(), animated: false)
      }
      for id in model.stacks[model.selected] {
        #expect(bitIdentical(tabs.scene.view(id)?.state, fresh.scene.view(id)?.state), "\(id)")
      }
      for (tab, stack) in model.stacks.enumerated() where tab != model.selected {
        for id in stack { #expect(tabs.scene.view(id)?.isHidden ?? true, "\(id)") }
      }
      #expect(tabs.phase(of: tabs.topID) == .appeared)
    }
  }
}
