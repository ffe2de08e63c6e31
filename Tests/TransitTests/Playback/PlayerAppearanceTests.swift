import Testing
import Transit

/// A player changes what views look like, not only where they are: every
/// sample hands each view's appearance to the target as well as its state.
@Suite("Player: appearance reaches the target")
struct PlayerAppearanceTests {
  let clock = ManualClock()

  /// A card whose every appearance property changes over one second.
  static func timeline() throws -> Timeline {
    let scene = Scene(
      size: Size(width: 100, height: 100),
      views: [
        View(
          id: "card", frame: Rect(x: 10, y: 10, width: 40, height: 30),
          backgroundColor: .white, cornerRadius: 12, content: .named("photo.png"),
          text: TextContent(string: "Hi", color: .black))
      ])
    let animation = Animation([
      AnimationStep(
        duration: 1, curve: .linear,
        changes: [
          .backgroundColor("card", to: Color(red: 1, green: 0.2, blue: 0.4)),
          .cornerRadii(
            "card", to: CornerRadii(topLeft: 0, topRight: 4, bottomRight: 8, bottomLeft: 16)),
          .borderWidth("card", to: 3), .borderColor("card", to: .black),
          .shadow("card", to: Shadow(opacity: 0.5, radius: 10, offset: Size(width: 0, height: 4))),
          .contentMode("card", to: .scaleAspectFit), .textColor("card", to: .white),
        ])
    ])
    return try animation.timeline(from: scene)
  }

  @Test("a scene target shows every sampled appearance and ends on the end scene")
  func sceneTarget() throws {
    let timeline = try Self.timeline()
    let player = AnimationPlayer(timeline: timeline, target: timeline.initialScene, clock: clock)
    player.play()
    clock.advance(by: 0.25)
    player.tick()
    #expect(player.target == timeline.sample(at: 0.25))
    #expect(
      player.target.view("card")?.appearance != timeline.initialScene.view("card")?.appearance)
    clock.advance(by: 1)
    player.tick()
    #expect(player.target == timeline.endScene)
  }

  /// A host's own view system: records what it is given by id.
  struct Host: AnimationTarget {
    var states: [String: ViewState] = [:]
    var appearances: [String: ViewAppearance] = [:]

    mutating func apply(_ state: ViewState, to id: String) { states[id] = state }
    mutating func apply(_ appearance: ViewAppearance, to id: String) {
      appearances[id] = appearance
    }
  }

  /// A host that only moves views still adopts the protocol with one method.
  struct MovingHost: AnimationTarget {
    var states: [String: ViewState] = [:]

    mutating func apply(_ state: ViewState, to id: String) { states[id] = state }
  }

  @Test(
    "a host's target gets each view's appearance with its state; one that only moves views still works"
  )
  func hostTargets() throws {
    let timeline = try Self.timeline()
    let host = AnimationPlayer(timeline: timeline, target: Host(), clock: clock)
    let moving = AnimationPlayer(timeline: timeline, target: MovingHost(), clock: clock)
    host.seek(toFrame: 1, of: 3)
    moving.seek(toFrame: 1, of: 3)
    let middle = timeline.sample(frame: 1, of: 3).view("card")
    #expect(host.target.appearances["card"] == middle?.appearance)
    #expect(host.target.states["card"] == middle?.state)
    #expect(moving.target.states["card"] == middle?.state)
    host.seek(toFrame: 2, of: 3)
    #expect(host.target.appearances["card"] == timeline.endScene.view("card")?.appearance)
  }
}
