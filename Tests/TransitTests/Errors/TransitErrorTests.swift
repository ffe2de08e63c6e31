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

  @Test("a change out of range names its step and view; a property, its view and field")
  func changesAndPropertiesAreNamed() throws {
    let change = #expect(throws: TransitError.self) {
      try Animation([.init(duration: 1, tag: "slide", changes: [.translate("box", x: .nan, y: 0)])])
        .timeline(from: PlayerFixtures.scene())
    }
    guard case .invalidChange(let step, let view, _) = change else {
      Issue.record("\(String(describing: change)) is not invalidChange")
      return
    }
    #expect(step == "step 1 ('slide')" && view == "box")
    var round = View(id: "r", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    round.cornerRadius = -1
    let property = #expect(throws: TransitError.self) {
      try Scene(size: Size(width: 10, height: 10), views: [round]).validate()
    }
    guard case .invalidProperty(let id, let field, _) = property else {
      Issue.record("\(String(describing: property)) is not invalidProperty")
      return
    }
    #expect(id == "r" && field == "cornerRadius")
    #expect(
      property?.description
        == "invalid value: view 'r': cornerRadius must be finite and not negative, got -1.0")
  }

  @Test("each kind made from its words keeps them")
  func kindsRoundTrip() {
    for kind in Self.kinds {
      let error = TransitError(kind, "words")
      #expect(error.kind == kind)
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
    let sentences: [(TransitError, String)] = [
      (
        .invalidStep(step: "step 2 ('slide')", problem: "overlap must be finite, got nan"),
        "invalid value: step 2 ('slide'): overlap must be finite, got nan"
      ),
      (
        .negativeStepDuration(step: "step 1", duration: -0.5),
        "negative duration: step 1: duration -0.5 is negative"
      ),
      (
        .invalidCurveParameter(
          curve: "spring", name: "bounce", value: "1.0", problem: "is outside −1 < bounce < 1"),
        "invalid curve: spring bounce = 1.0 is outside −1 < bounce < 1"
      ),
      (
        .invalidCurveText("mirrored(", problem: "expected mirrored(CURVE)"),
        "invalid curve: 'mirrored(': expected mirrored(CURVE)"
      ),
      (.noSuchItem("tab", index: 3, count: 2), "invalid value: no tab 3 in a container of 2 tabs"),
      (
        .stackIndexOutOfRange(operation: "insert", index: 5, count: 2),
        "invalid value: cannot insert at 5 in a stack of 2 children"
      ),
      (
        .presentationInTheWay(operation: "push", presented: "sheet"),
        "invalid state: cannot push while 'sheet' is presented: dismiss it first (back() does)"
      ),
      (.nothingPresented(to: "dismiss"), "invalid state: nothing is presented to dismiss"),
      (.topIsNotASheet, "invalid state: the top presentation is not a sheet"),
      (.noSheetDrag(to: "end"), "invalid state: no sheet drag to end"),
      (
        .detentNotOffered(.large, detents: [.medium]),
        "invalid value: the detent large is not one of [Transit.SheetDetent.medium]"
      ),
    ]
    for (error, sentence) in sentences {
      #expect("\(error)" == sentence)
    }
  }

  @Test("a curve's text is echoed cut short, however long")
  func curveTextIsEchoedShort() {
    let long = String(repeating: "x", count: 500)
    let message = TransitError.invalidCurveText(long, problem: "expected mirrored(CURVE)").message
    #expect(message.count < 120)
    #expect(message.hasSuffix("…': expected mirrored(CURVE)"))
  }

  @Test("words make their kind's own case; a structured case is another error that reads alike")
  func wordsMakeTheKindsCase() {
    #expect(TransitError(.invalidState, "w") == .invalidState("w"))
    #expect(TransitError(.unknownView, "w") == .unknownView("w"))
    let written = TransitError(
      .invalidState, "a transition is already running; queue the operation")
    #expect(written != .transitionRunning)
    #expect(written.description == TransitError.transitionRunning.description)
  }
}
