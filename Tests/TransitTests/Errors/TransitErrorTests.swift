import Testing
import Transit

/// What a ``TransitError`` is made of: its case, the kind a case belongs
/// to, and the one place its sentence is made.
@Suite("Transit errors")
struct TransitErrorTests {
  static let kinds: [TransitError.Kind] = [
    .invalidValue, .negativeDuration, .unknownView, .duplicateView, .duplicateMatchKey,
    .invalidCurve, .unknownStyle, .invalidState,
  ]

  @Test("a quantity that is not finite or is negative says which, whichever API took it")
  func quantitiesAreNamed() {
    let refusals: [(String, () throws -> Void)] = [
      ("a time scale", { _ = try Animation.empty.scaled(by: .nan) }),
      ("a duration", { _ = try Animation.empty.withDuration(-1) }),
      (
        "a layout change's duration",
        {
          let scene = Scene(size: Size(width: 10, height: 10), views: [])
          _ = try LayoutChange(from: scene, to: scene, duration: -.infinity, curve: .linear)
        }
      ),
    ]
    for (name, refuse) in refusals {
      let error = #expect(throws: TransitError.self) { try refuse() }
      guard case .notFiniteOrNegative(let what, _) = error else {
        Issue.record("\(name): \(String(describing: error)) is not notFiniteOrNegative")
        continue
      }
      #expect(what == name)
      #expect(error?.kind == .invalidValue)
    }
  }

  @Test("each kind made from its words keeps them, and code is kind")
  func kindsRoundTrip() {
    for kind in Self.kinds {
      let error = TransitError(kind, "words")
      #expect(error.kind == kind)
      #expect(error.code == kind)
      #expect(error.message == "words")
      #expect(error.description == "\(kind.rawValue): words")
    }
  }

  @Test("the structured cases' sentences, as commands print them")
  func messages() {
    #expect(
      "\(TransitError.notFiniteOrNegative("a sheet's duration", got: "-1.0"))"
        == "invalid value: a sheet's duration must be finite and not negative, got -1.0")
    #expect(
      "\(TransitError.viewNotInScene(id: "card"))"
        == "unknown view: the transition's view 'card' is not in the container's scene")
    #expect(
      "\(TransitError.transitionRunning)"
        == "invalid state: a transition is already running; queue the operation")
  }

  @Test("errors of one kind that say the same thing are equal, whichever case says it")
  func equalityIsKindAndMessage() {
    let written = TransitError(
      .invalidState, "a transition is already running; queue the operation")
    #expect(written == .transitionRunning)
    #expect(Set([written, .transitionRunning]).count == 1)
    #expect(TransitError(.invalidValue, "x") != TransitError(.invalidState, "x"))
    #expect(TransitError(.invalidValue, "x") != TransitError(.invalidValue, "y"))
  }
}
