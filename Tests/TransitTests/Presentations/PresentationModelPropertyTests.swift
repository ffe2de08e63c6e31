import Testing
import Transit
import TransitTestSupport

/// Presentations against a small pure model: random presentations
/// (full-screen with random styles, sheets with random detents),
/// dismissals, detent changes, sheet drags (released at random velocities,
/// or cancelled, with rotations during them) and rotations (instant and
/// animated), issued while others run, with random clock ticks. Once settled the container
/// must hold what the model holds, its picture must be exactly the one a
/// container created at the final size and given the model's presentations
/// at once shows, the counter must be back to 0, and the events must have
/// followed UIKit's cycle, with ``PresentationContainer/phase(of:)``
/// agreeing with them at every step.
@Suite("Presentation model property")
struct PresentationModelPropertyTests {
  /// The model: each presentation and, for a sheet, its detents and detent.
  struct Entry {
    var id: String
    var style: String?
    var sheet: SheetConfiguration?
  }

  static let portrait = Size(width: 390, height: 844)
  static let detents: [SheetDetent] = [.medium, .large, .fraction(0.3), .points(500)]

  static func screen(_ id: String) -> View {
    View(
      id: id, frame: .zero, backgroundColor: .white, cornerRadius: 3,
      children: [View(id: "\(id)-row", frame: Rect(x: 8, y: 8, width: 100, height: 30))])
  }

  /// What a container at `size` given `model` at once shows.
  static func reference(_ model: [Entry], size: Size) throws -> Scene {
    let fresh = PresentationContainer(size: size, base: screen("base"), clock: ManualClock())
    try present(model, on: fresh, screen: screen)
    return fresh.scene
  }

  /// Presents `entries` at once on `container`, each `screen(id)`.
  static func present(
    _ entries: [Entry], on container: some PresentingContainer, screen: (String) -> View
  ) throws {
    for entry in entries {
      if let sheet = entry.sheet {
        container.present(screen(entry.id), sheet: sheet, animated: false)
      } else {
        container.present(
          screen(entry.id), style: try TransitionStyles.builtIn.style(named: entry.style ?? ""),
          animated: false)
      }
    }
  }

  @Test("random presentations land exactly on the model's picture, events in UIKit's cycle")
  func model() async {
    let names = TransitionStyles.builtIn.names
    await seededPropertyCheck(count: 120, base: 0x9E5E_47A7) { seed in
      var random = RandomCases(seed: seed)
      let clock = ManualClock()
      let modal = PresentationContainer(
        size: Self.portrait, base: Self.screen("base"), clock: clock)
      let cycle = AppearanceCycle(appeared: ["base"])
      cycle.observe(modal)
      func phasesAgree() {
        for id in ["base"] + modal.presentedIDs {
          let expected = cycle.phase(of: id) ?? .disappeared
          let phase = modal.phase(of: id)
          if phase != expected && !(phase == .initialized && cycle.states[id] == nil) {
            cycle.violations.append(
              "phase of \(id): \(String(describing: phase)), events say \(String(describing: expected))"
            )
          }
        }
      }
      var model: [Entry] = []
      var size = Self.portrait
      var next = 0
      for _ in 0..<random.int(1...14) {
        let animated = random.chance(0.7)
        switch random.int(0...6) {
        case 0, 1:
          next += 1
          let detents = Array(Self.detents.shuffled(using: &random.rng).prefix(random.int(1...4)))
          let sheet = SheetConfiguration(
            detents: detents, detent: detents[random.int(0...(detents.count - 1))],
            largestUndimmedDetent: random.chance(0.5) ? .medium : nil,
            duration: random.double(0...0.5))
          modal.present(Self.screen("p\(next)"), sheet: sheet, animated: animated)
          model.append(Entry(id: "p\(next)", sheet: sheet))
        case 2:
          next += 1
          let name = names[random.int(0...(names.count - 1))]
          modal.present(
            Self.screen("p\(next)"), style: try TransitionStyles.builtIn.style(named: name),
            animated: animated)
          model.append(Entry(id: "p\(next)", style: name))
        case 3, 4:
          if !model.isEmpty {
            modal.dismiss(animated: animated)
            model.removeLast()
          }
        case 5:
          if var sheet = model.last?.sheet {
            sheet.detent = sheet.detents[random.int(0...(sheet.detents.count - 1))]
            modal.setDetent(sheet.detent, animated: animated)
            model[model.count - 1].sheet = sheet
          }
        default:
          let target = size == Self.portrait ? Self.portrait.transposed : Self.portrait
          let outcome = try modal.rotate(
            to: target, duration: random.chance(0.5) ? random.double(0.05...0.4) : 0)
          if outcome != .refused { size = target }
        }
        phasesAgree()
        tickRandomly(modal, clock, &random, checking: phasesAgree)
        // Sometimes a drag, when the sheet on top is idle: a few finger
        // offsets (past the large detent, below the bottom edge too), maybe
        // a rotation meanwhile (which waits), then a release or a cancel.
        if random.chance(0.4), !modal.isAnimating, modal.pendingOperationCount == 0,
          var sheet = model.last?.sheet
        {
          try modal.beginSheetDrag()
          if modal.counter.count != 1 {
            cycle.violations.append("a drag does not hold the counter")
          }
          for _ in 0..<random.int(0...4) {
            modal.updateSheetDrag(offset: random.double(-900...900))
          }
          if random.chance(0.3) {
            let target = size == Self.portrait ? Self.portrait.transposed : Self.portrait
            if try modal.rotate(to: target) != .deferred {
              cycle.violations.append("a rotation during a drag was not deferred")
            }
            size = target
          }
          if random.chance(0.2) {
            try modal.cancelSheetDrag()
          } else if let detent = try modal.endSheetDrag(velocity: random.double(-3000...3000)) {
            sheet.detent = detent
            model[model.count - 1].sheet = sheet
          } else {
            model.removeLast()
          }
        }
      }
      settle(modal, clock, step: 0.1, maxSeconds: 100)
      phasesAgree()
      #expect(cycle.violations.isEmpty, "\(cycle.violations.prefix(3))")
      #expect(modal.presentedIDs == model.map(\.id))
      #expect(modal.counter.count == 0)
      #expect(modal.bounds.size == size)
      #expect(modal.scene == (try Self.reference(model, size: size)))
      #expect(modal.phase(of: modal.topID) == .appeared)
      #expect(cycle.isSettled)
    }
  }
}
