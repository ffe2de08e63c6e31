import Testing
import Transit

@Suite("Player callbacks")
struct AnimationPlayerTests: PlayerTestSuite {
  let clock = ManualClock()
  let log = EventLog()

  @Test("A play fires willStart, each step once as it finishes, then didStop")
  func playsThrough() {
    let counter = AnimationCounter()
    let player = player(counter: counter)
    player.play()
    #expect(log.lines == ["willStart"])
    #expect(counter.count == 1)
    player.run(clock, for: 0.5)
    #expect(log.lines == ["willStart", "step a pass 0"])
    player.run(clock, for: 0.5)
    #expect(log.lines == ["willStart", "step a pass 0", "step b pass 0", "didStop end finished"])
    #expect(player.target == player.timeline.endScene)
    #expect(counter.count == 0)
    player.run(clock, for: 1)
    #expect(log.lines.count == 4)
  }

  @Test("The delay postpones willStart and the first sample")
  func delay() {
    let player = player()
    player.play(after: 0.25)
    #expect(log.lines.isEmpty)
    #expect(player.phase == .waiting)
    clock.advance(by: 0.125)
    player.tick()
    #expect(log.lines.isEmpty)
    clock.advance(by: 0.125)
    player.tick()
    #expect(log.lines == ["willStart"])
    #expect(player.time == 0)
    player.run(clock, for: 1)
    #expect(log.lines == ["willStart", "step a pass 0", "step b pass 0", "didStop end finished"])
  }

  @Test("Paused time does not count, during the delay or the play")
  func pauseAndResume() {
    let player = player()
    player.play(after: 0.25)
    player.pause()
    player.run(clock, for: 5)
    #expect(log.lines.isEmpty)
    player.resume()
    player.run(clock, for: 0.5)
    #expect(log.lines == ["willStart"])
    #expect(player.time == 0.25)
    player.pause()
    player.run(clock, for: 5)
    #expect(player.time == 0.25)
    player.resume()
    player.run(clock, for: 0.75)
    #expect(log.lines == ["willStart", "step a pass 0", "step b pass 0", "didStop end finished"])
  }

  @Test("Seeking past a step reports it once, not animated")
  func seek() {
    let player = player()
    player.play()
    player.seek(to: 0.75)
    #expect(log.lines == ["willStart", "step a pass 0 (instant)"])
    #expect(player.target == player.timeline.sample(at: 0.75))
    player.seek(to: 0.125)
    player.run(clock, for: 1)
    #expect(
      log.lines == [
        "willStart", "step a pass 0 (instant)", "step b pass 0", "didStop end finished",
      ])
    player.seek(toProgress: 0.5)
    #expect(player.time == 0.5)
    #expect(log.lines.count == 4)
  }

  @Test("Speed −1 plays from the end back to the start, steps in reverse order")
  func negativeSpeed() {
    let player = player()
    player.speed = -1
    player.play()
    #expect(player.time == 1)
    player.run(clock, for: 1)
    #expect(log.lines == ["willStart", "step b pass 0", "step a pass 0", "didStop start finished"])
    #expect(player.target == player.timeline.initialScene)
  }

  @Test("Speed 2 plays twice as fast")
  func doubleSpeed() {
    let player = player()
    player.speed = 2
    player.play()
    player.run(clock, for: 0.5)
    #expect(log.lines == ["willStart", "step a pass 0", "step b pass 0", "didStop end finished"])
  }

  @Test("Reverse goes back from the current position; every step still reports once")
  func reverse() {
    let player = player()
    player.play()
    player.run(clock, for: 0.75)
    #expect(log.lines == ["willStart", "step a pass 0"])
    player.reverse()
    player.run(clock, for: 0.25)
    // b's reversed span ends at time 0.5 going backwards.
    #expect(log.lines == ["willStart", "step a pass 0", "step b pass 0"])
    player.run(clock, for: 1)
    #expect(log.lines == ["willStart", "step a pass 0", "step b pass 0", "didStop start finished"])
    #expect(player.target == player.timeline.initialScene)
  }

  @Test("Steps a reversal leaves behind are reported when the pass ends")
  func reverseEarly() {
    let player = player()
    player.play()
    player.run(clock, for: 0.25)
    player.reverse()
    player.run(clock, for: 1)
    #expect(
      log.lines == [
        "willStart", "step a pass 0", "step b pass 0 (instant)", "didStop start finished",
      ])
  }

  @Test("repeat(3) reports every step once per pass and stops once")
  func repeatThree() {
    let player = player()
    player.repetition = .count(3)
    player.play()
    player.run(clock, for: 3)
    #expect(
      log.lines == [
        "willStart",
        "step a pass 0", "step b pass 0",
        "step a pass 1", "step b pass 1",
        "step a pass 2", "step b pass 2",
        "didStop end finished",
      ])
  }

  @Test("Autoreversing goes there and back; loop() repeats until stopped")
  func loop() {
    let player = player()
    player.autoreverses = true
    player.play()
    player.run(clock, for: 2)
    #expect(
      log.lines == [
        "willStart", "step a pass 0", "step b pass 0", "step b pass 1", "step a pass 1",
        "didStop start finished",
      ])
    log.events = []
    player.loop()
    player.play()
    player.run(clock, for: 10)
    #expect(log.lines.count == 1 + 10 * 2)
    #expect(player.pass == 10)
    player.stop()
    #expect(log.lines.last == "didStop current unfinished")
    #expect(!player.isActive)
  }

  @Test("Cancel jumps to the end and fires nothing more")
  func cancel() {
    let counter = AnimationCounter()
    let player = player(counter: counter)
    player.play()
    player.run(clock, for: 0.25)
    player.cancel()
    #expect(log.lines == ["willStart"])
    #expect(player.target == player.timeline.endScene)
    #expect(counter.count == 0)
    player.run(clock, for: 2)
    #expect(log.lines == ["willStart"])
  }

  @Test("Terminate jumps to the end and fires the rest not animated")
  func terminate() {
    let counter = AnimationCounter()
    let player = player(counter: counter)
    player.play()
    player.run(clock, for: 0.5)
    player.terminate()
    #expect(
      log.lines == [
        "willStart", "step a pass 0", "step b pass 0 (instant)", "didStop end finished (instant)",
      ])
    #expect(player.target == player.timeline.endScene)
    #expect(counter.count == 0)
    log.events = []
    player.play(after: 1)
    player.terminate()
    #expect(
      log.lines == [
        "willStart (instant)", "step a pass 0 (instant)", "step b pass 0 (instant)",
        "didStop end finished (instant)",
      ])
  }

  @Test("Stop leaves the target where it is")
  func stop() {
    let counter = AnimationCounter()
    let player = player(counter: counter)
    player.play()
    player.run(clock, for: 0.25)
    player.stop()
    #expect(log.lines == ["willStart", "didStop current unfinished"])
    #expect(player.target == player.timeline.sample(at: 0.25))
    #expect(counter.count == 0)
    log.events = []
    player.play(after: 1)
    player.stop()
    #expect(log.lines == ["didStop current unfinished"])
  }

  @Test("An empty animation fires willStart and didStop inside play()")
  func emptyAnimation() {
    let counter = AnimationCounter()
    let player = player(PlayerFixtures.empty(), counter: counter)
    player.play()
    #expect(log.lines == ["willStart", "didStop end finished"])
    #expect(counter.count == 0)
    #expect(!player.isActive)
  }

  @Test("A zero-length animation fires everything inside play(), or on the tick ending its delay")
  func zeroLength() {
    let player = player(PlayerFixtures.zeroLength())
    player.play()
    #expect(
      log.lines == [
        "willStart", "step setup pass 0", "step cleanup pass 0", "didStop end finished",
      ])
    #expect(player.target == player.timeline.endScene)
    log.events = []
    player.play(after: 0.125)
    #expect(log.lines.isEmpty)
    player.run(clock, for: 0.125)
    #expect(
      log.lines == [
        "willStart", "step setup pass 0", "step cleanup pass 0", "didStop end finished",
      ])
    log.events = []
    player.repetition = .count(3)
    player.play()
    #expect(log.lines.count == 1 + 3 * 2 + 1)
  }

  @Test("A zero-length animation repeated forever plays one pass per tick")
  func zeroLengthForever() {
    let player = player(PlayerFixtures.zeroLength())
    player.repetition = .forever
    player.play()
    // Pass 0 completes inside play() and pass 1 reports its instant steps.
    #expect(log.lines.count == 5)
    player.run(clock, for: 0.5)
    #expect(log.lines.count == 5 + 4 * 2)
    player.terminate()
    #expect(log.lines.last == "didStop end finished (instant)")
  }

  @Test("A non-animated play completes before play() returns")
  func notAnimated() {
    let player = player()
    player.play(after: 3, animated: false)
    #expect(
      log.lines == [
        "willStart (instant)", "step a pass 0 (instant)", "step b pass 0 (instant)",
        "didStop end finished (instant)",
      ])
    #expect(player.target == player.timeline.endScene)
  }

  @Test("A handler may control the player: play again from didStop, pause from a step")
  func reentrancy() {
    let player = player()
    var replays = 0
    player.onEvent = { [log] event in
      log.events.append(event)
      if case .didStop = event, replays < 1 {
        replays += 1
        player.play()
      }
      if case .didFinishStep(let span, _, _) = event, span.tag == "a" { player.pause() }
    }
    player.play()
    player.run(clock, for: 2)
    #expect(log.lines == ["willStart", "step a pass 0"])
    #expect(player.isPaused)
    player.resume()
    player.run(clock, for: 0.5)
    #expect(log.lines.suffix(3) == ["step b pass 0", "didStop end finished", "willStart"])
    player.onEvent = nil
  }

  @Test("A player deallocated mid-play gives its unit back")
  func deallocation() {
    let counter = AnimationCounter()
    do {
      let player = player(counter: counter)
      player.play()
      #expect(counter.count == 1)
    }
    #expect(counter.count == 0)
  }

  @Test("A play in progress ignores another play")
  func playWhilePlaying() {
    let player = player()
    #expect(player.play())
    #expect(!player.play())
    #expect(!player.play(after: -1))
  }
}
