import Transit

/// Small timelines and an event recorder shared by the player tests.
enum PlayerFixtures {
  static let size = Size(width: 100, height: 100)

  static func scene() -> Scene {
    Scene(size: size, views: [View(id: "box", frame: Rect(x: 0, y: 0, width: 10, height: 10))])
  }

  /// Two tagged steps of 0.5 s each: "a" moves the box right, "b" fades it.
  static func twoSteps() -> Timeline {
    let animation = Animation([
      AnimationStep(
        duration: 0.5, curve: .linear, tag: "a", changes: [.translate("box", x: 40, y: 0)]),
      AnimationStep(duration: 0.5, curve: .linear, tag: "b", changes: [.fade("box", by: -0.5)]),
    ])
    return try! animation.timeline(from: scene())
  }

  /// Instant steps only: the whole animation takes no time.
  static func zeroLength() -> Timeline {
    let animation = Animation([
      .instant(tag: "setup", [.translate("box", x: 5, y: 0)]),
      .instant(tag: "cleanup", [.hidden("box")]),
    ])
    return try! animation.timeline(from: scene())
  }

  static func empty() -> Timeline {
    try! Animation.empty.timeline(from: scene())
  }
}

/// Collects a player's events as compact strings, easy to compare.
final class EventLog {
  var events: [PlaybackEvent] = []

  var lines: [String] {
    events.map { event in
      switch event {
      case .willStart(let animated): return "willStart\(animated ? "" : " (instant)")"
      case .didFinishStep(let span, let pass, let animated):
        return "step \(span.tag ?? "#\(span.index)") pass \(pass)\(animated ? "" : " (instant)")"
      case .didStop(let position, let finished, let animated):
        return "didStop \(position) \(finished ? "finished" : "unfinished")"
          + (animated ? "" : " (instant)")
      }
    }
  }

  func attach<T>(to player: AnimationPlayer<T>) {
    player.onEvent = { [unowned self] in self.events.append($0) }
  }
}

extension AnimationPlayer {
  /// Advances `clock` by `seconds` in ticks of `step` seconds, ticking each time.
  func run(_ clock: ManualClock, for seconds: Double, step: Double = 0.125) {
    var elapsed = 0.0
    while elapsed < seconds {
      clock.advance(by: step)
      tick()
      elapsed += step
    }
  }
}

/// A player test suite: a manual clock and an event log of its own, and
/// players made on them with their events recorded.
protocol PlayerTestSuite {
  var clock: ManualClock { get }
  var log: EventLog { get }
}

extension PlayerTestSuite {
  /// A player of `timeline` on the suite's clock, logging to its log.
  func player(_ timeline: Timeline = PlayerFixtures.twoSteps(), counter: AnimationCounter? = nil)
    -> AnimationPlayer<Scene>
  {
    let player = AnimationPlayer(
      timeline: timeline, target: timeline.initialScene, clock: clock, counter: counter)
    log.attach(to: player)
    return player
  }
}
