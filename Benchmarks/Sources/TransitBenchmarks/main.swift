// Timeline sampling: a 1,000-view scene animated by 10 steps, every view
// changing in every step, sampled into one scene buffer frame after frame,
// the way a player or renderer does. The kind of change is the second
// argument:
//
// - `flat` (the default): translation, scale and fade;
// - `turn`: a 3-D turn in perspective about a pivot (what flips and
//   rotations do);
// - `absolute`: an absolute 3-D transform target reached by decomposed
//   interpolation;
// - `appearance`: `flat` plus every property of what a view looks like
//   (background and border colours, corner radii set and adjusted, border
//   width, shadow, content mode, text colour), all animating at once;
// - `flight`: a push from the right whose two screens carry matched pairs
//   (one per ten views, differing in frame, colours, corners, shadow and
//   content mode), so the timeline holds a flight overlay per pair; the
//   figure divides by every view the sampled scene holds, overlays
//   included; a second line charges the whole sample to the flights, and a
//   third gives a flight's own cost: the sample beyond the same push with
//   matching disabled, per flight.
//
//   swift run -c release --package-path Benchmarks TransitBenchmarks [samples] [kind]
//
// `VIEWS=n` in the environment samples n views instead of 1,000: with 100,
// every segment a sample reads stays in the core's cache, which tells the
// arithmetic's share of a figure from the memory's.
//
// It prints nanoseconds per view per sample: the best of several rounds, each
// timed by the thread's own CPU clock, to discount a busy machine (time spent
// waiting for a core is not counted). Allocations are counted from outside, with
// valgrind, by `Benchmarks/sampling.sh`: it runs this program for two numbers
// of samples and divides the difference in heap allocations by the
// difference in samples.

import Transit

// clock_gettime comes from the platform's C library.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let viewCount = getenv("VIEWS").flatMap { Int(String(cString: $0)) } ?? 1_000
guard viewCount >= 10, viewCount.isMultiple(of: 10) else {
  fatalError("VIEWS must be a multiple of 10, at least 10, got \(viewCount)")
}
let stepCount = 10
let samples = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 20_000
let kind = CommandLine.arguments.dropFirst(2).first ?? "flat"
guard ["flat", "turn", "absolute", "appearance", "flight"].contains(kind) else {
  fatalError("kind must be flat, turn, absolute, appearance or flight, got \(kind)")
}
let text = kind == "appearance" ? TextContent(string: "Aa") : nil

func makeScene() -> Scene {
  var views: [View] = []
  for i in 0..<viewCount / 10 {
    var children: [View] = []
    for j in 0..<9 {
      children.append(
        View(
          id: "c\(i)-\(j)", frame: Rect(x: Double(j) * 4, y: 2, width: 3, height: 3), text: text))
    }
    views.append(
      View(
        id: "v\(i)", frame: Rect(x: Double(i), y: 0, width: 40, height: 40), text: text,
        children: children))
  }
  return Scene(size: Size(width: 1280, height: 720), views: views)
}

func makeAnimation(_ scene: Scene) -> Animation {
  let ids = scene.allViews().map(\.view.id)
  let curves: [TimingCurve] = [.easeInOut, .easeIn, .easeOut, .linear, .ease]
  var steps: [AnimationStep] = []
  for k in 0..<stepCount {
    var changes: [Change] = []
    for (i, id) in ids.enumerated() {
      switch kind {
      case "turn":
        changes.append(
          .rotate(
            id, by: k.isMultiple(of: 2) ? 0.3 : -0.3, axis: Vector3(x: 0, y: 1, z: 0),
            pivot: Vector3(x: 0, y: 0, z: -20), cameraDistance: 500))
      case "absolute":
        let angle = Double(k + i % 7) * 0.1
        changes.append(
          .transform(
            id,
            to: Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0)
              .concatenating(.perspective(distance: 500)).translated(x: Double(k), y: 2)))
      case "appearance":
        let even = k.isMultiple(of: 2)
        let hue = Double(k) / Double(stepCount)
        let color = Color(red: hue, green: 1 - hue, blue: 0.5, alpha: even ? 0.4 : 1)
        changes.append(.translate(id, x: Double(k + 1), y: -1))
        changes.append(.scale(id, by: even ? 1.05 : 1 / 1.05))
        changes.append(.fade(id, by: even ? -0.05 : 0.05))
        changes.append(.backgroundColor(id, to: color))
        changes.append(.borderColor(id, to: color.inverted))
        changes.append(.textColor(id, to: color))
        changes.append(
          even
            ? .cornerRadii(
              id, to: CornerRadii(topLeft: 2, topRight: 8, bottomRight: 2, bottomLeft: 8))
            : .cornerRadii(id, by: CornerRadii(uniform: 1)))
        changes.append(.borderWidth(id, to: Double(k % 3)))
        changes.append(
          .shadow(
            id,
            to: Shadow(
              color: color, opacity: 0.5, radius: Double(k),
              offset: Size(width: 0, height: Double(k)))))
        changes.append(
          .contentMode(id, to: ContentMode.allCases[k % ContentMode.allCases.count]))
      default:
        changes.append(.translate(id, x: Double(k + 1), y: -1))
        changes.append(.scale(id, by: k.isMultiple(of: 2) ? 1.05 : 1 / 1.05))
        changes.append(.fade(id, by: k.isMultiple(of: 2) ? -0.05 : 0.05))
      }
    }
    steps.append(
      AnimationStep(
        duration: 0.1, curve: curves[k % curves.count], overlap: k > 0 ? 0.03 : 0, changes: changes)
    )
  }
  return Animation(steps)
}

/// A screen of `viewCount / 20` matched cards, each holding nine small
/// views; `detail` lays the same keys out larger, in other colours.
func flightScreen(_ id: String, detail: Bool) -> View {
  var cards: [View] = []
  for i in 0..<viewCount / 20 {
    var children: [View] = []
    for j in 0..<9 {
      children.append(
        View(id: "\(id)-c\(i)-\(j)", frame: Rect(x: Double(j) * 4, y: 2, width: 3, height: 3)))
    }
    let x = Double(i % 10) * (detail ? 120 : 60)
    let y = Double(i / 10) * (detail ? 90 : 45)
    cards.append(
      View(
        id: "\(id)-v\(i)",
        frame: Rect(x: x, y: y, width: detail ? 110 : 40, height: detail ? 80 : 40),
        backgroundColor: detail ? .black : Color(red: 0.9, green: 0.3, blue: 0.2),
        cornerRadius: detail ? 0 : 8, clipsToBounds: true, content: .named("photo"),
        children: children,
        shadow: detail ? .none : Shadow(opacity: 0.4, radius: 8, offset: Size(width: 0, height: 4)),
        contentMode: detail ? .scaleAspectFit : .scaleAspectFill, matchKey: "k\(i)"))
  }
  return View(
    id: id, frame: Rect(x: 0, y: 0, width: 1280, height: 720), backgroundColor: .white,
    children: cards)
}

func makeFlightTimeline(matching: Matching = .enabled) throws -> Timeline {
  let request = TransitionRequest(
    transition: Transition(
      style: try TransitionStyles.builtIn.style(named: "push-from-right"),
      appearingViewID: "b", disappearingViewID: "a"),
    isReversed: false, bounds: Rect(x: 0, y: 0, width: 1280, height: 720),
    views: [flightScreen("a", detail: false), flightScreen("b", detail: true)], animated: true,
    shownIsMovingToParent: true, hiddenIsMovingFromParent: false, matching: matching)
  return try request.timeline()
}

let timeline: Timeline
if kind == "flight" {
  timeline = try makeFlightTimeline()
} else {
  let scene = makeScene()
  timeline = try makeAnimation(scene).timeline(from: scene)
}
let sampledViews = timeline.initialScene.allViews().count
let flights = timeline.initialScene.views.filter { $0.id.hasPrefix("match:") }.count

var checksum = 0.0
func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}
/// The best of five rounds of `samples` samples of `timeline` into one
/// buffer, in nanoseconds per sample.
@MainActor func bestPerSample(_ timeline: Timeline) -> Double {
  var buffer = timeline.initialScene
  timeline.sample(at: 0.5, into: &buffer)  // warm: the buffer is now uniquely held
  let rounds = 5
  let perRound = max(samples / rounds, 1)
  var best = Double.infinity
  for _ in 0..<rounds {
    let start = threadCPUSeconds()
    for s in 0..<perRound {
      timeline.sample(frame: s % 240, of: 240, into: &buffer)
      checksum += buffer.views[s % buffer.views.count].alpha
    }
    best = min(best, (threadCPUSeconds() - start) * 1e9 / Double(perRound))
  }
  return best
}
func hundredths(_ x: Double) -> Double { (x * 100).rounded() / 100 }

let perSample = bestPerSample(timeline)
print(
  "timeline sampling (\(kind)): \(sampledViews) views, \(flights) flights: \(hundredths(perSample / Double(sampledViews))) ns per view per sample"
)
if flights > 0 {
  // Every nanosecond of the sample charged to the flights: an upper bound,
  // since nearly all of it is the screens' 2,000 views.
  print(
    "timeline sampling (flight): \(hundredths(perSample / Double(flights))) ns per flight per sample, whole sample"
  )
  // What a flight itself costs: the same push with matching disabled,
  // sampled the same way, and the difference per flight.
  let plain = bestPerSample(try makeFlightTimeline(matching: .disabled))
  print(
    "timeline sampling (flight): \(hundredths((perSample - plain) / Double(flights))) ns per flight per sample, beyond the same push without matching"
  )
}
print("checksum \(checksum)")
