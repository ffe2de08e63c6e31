// Flights' cost: 60 frames at 1280×720 of a push from the right whose two
// screens carry four matched pairs (rounded, shadowed cards becoming large
// square ones), drawn with matching enabled (four flights) and disabled
// (the same push, nothing flying), side by side in one run.
//
//   swift run -c release --package-path Benchmarks FlightBenchmarks [rounds] [plain|flights]
//
// The two variants alternate, round by round (default 7 rounds); each round
// draws the 60 frames of one variant into one reused image, timed by the
// thread's CPU clock. It prints the medians and their ratio (drawing only).
// Naming one variant draws only that one, for a profiler.

import FrameTiming
import Transit
import TransitRender

let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 7
let size = Size(width: 1280, height: 720)

/// A screen of four matched cards, each with a title bar: small, rounded
/// and shadowed in the grid, large and square in the detail.
func screen(_ id: String, detail: Bool) -> View {
  var cards: [View] = []
  for index in 0..<4 {
    let frame =
      detail
      ? Rect(
        x: 40 + Double(index % 2) * 620, y: 40 + Double(index / 2) * 340, width: 580, height: 300)
      : Rect(x: 32 + Double(index) * 308, y: 24, width: 284, height: 114)
    cards.append(
      View(
        id: "\(id)-card-\(index)", frame: frame,
        backgroundColor: detail ? Color(red: 0.1, green: 0.1, blue: 0.1) : .white,
        cornerRadius: detail ? 0 : 14, clipsToBounds: true,
        children: [
          View(
            id: "\(id)-title-\(index)", frame: Rect(x: 16, y: 16, width: 180, height: 18),
            backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9), cornerRadius: 4)
        ],
        shadow: detail
          ? .none : Shadow(opacity: 0.25, radius: 8, offset: Size(width: 0, height: 4)),
        matchKey: "card-\(index)"))
  }
  return View(
    id: id, frame: Rect(size: size), backgroundColor: Color(red: 0.95, green: 0.95, blue: 0.97),
    children: cards)
}

func push(matching: Matching) throws -> Timeline {
  let request = TransitionRequest(
    transition: Transition(
      style: try TransitionStyles.builtIn.style(named: "push-from-right"),
      appearingViewID: "detail", disappearingViewID: "grid"),
    isReversed: false, bounds: Rect(size: size),
    views: [screen("grid", detail: false), screen("detail", detail: true)], animated: true,
    shownIsMovingToParent: true, hiddenIsMovingFromParent: false, matching: matching)
  return try request.timeline()
}

let timer = FrameTimer(frames: 60)

let plain = try push(matching: .disabled)
let flying = try push(matching: .enabled)
let flights = flying.initialScene.views.filter { $0.id.hasPrefix("match:") }.count
let only = CommandLine.arguments.dropFirst(2).first
var times: [String: [Double]] = [:]
for _ in 0..<rounds {
  for encode in only == nil ? [false, true] : [false] {
    for (name, timeline) in [("plain", plain), ("flights", flying)] {
      times["\(name) \(encode ? "drawn+png" : "drawn")", default: []].append(
        only == nil || only == name ? try timer.seconds(drawing: timeline, encode: encode) : 1)
    }
  }
}
for kind in only == nil ? ["drawn", "drawn+png"] : ["drawn"] {
  let a = median(times["plain \(kind)"]!)
  let b = median(times["flights \(kind)"]!)
  print(
    "60 frames 1280×720, \(flights) flights, \(kind): no matching \(milliseconds(a)) ms, flights \(milliseconds(b)) ms CPU (medians of \(rounds)); flights / no matching = \(ratio(b, a)) (goal <= 1.3)"
  )
}
print("checksum \(timer.checksum)")
