// Shadows' cost: 60 frames at 1280×720 of a push from the right whose two
// screens each hold 20 cards, drawn with every card shadowed and drawn
// without shadows, side by side in one run.
//
//   swift run -c release --package-path Benchmarks ShadowBenchmarks [rounds]
//
// The two variants alternate, round by round (default 7 rounds), so that a
// machine shared with other work slows both alike; each round draws the 60
// frames of one variant into one reused image, timed by the thread's CPU
// clock, and then the same frames with each one encoded as a PNG (what a
// frames layout does per frame). It prints the medians and their ratios:
// drawing alone is the strict figure, drawing and encoding the one a user
// of animrender sees.
//
//   ShadowBenchmarks profile shadowed|plain [rounds]
//
// draws one variant only, for a profiler (`perf record -g`).

import FrameTiming
import Transit
import TransitRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let profiled = arguments.first == "profile" ? arguments.dropFirst().first : nil
let rounds =
  (profiled == nil ? arguments.first : arguments.dropFirst(2).first).flatMap { Int($0) } ?? 7
let size = Size(width: 1280, height: 720)

/// A screen of 20 cards in a 4 × 5 grid, each with a title bar and a line
/// of text-like blocks, shadowed or not.
func screen(_ id: String, x: Double, shadowed: Bool) -> View {
  let shadow =
    shadowed ? Shadow(opacity: 0.25, radius: 8, offset: Size(width: 0, height: 4)) : .none
  var cards: [View] = []
  for index in 0..<20 {
    let column = Double(index % 4)
    let row = Double(index / 4)
    let frame = Rect(x: 32 + column * 308, y: 24 + row * 138, width: 284, height: 114)
    cards.append(
      View(
        id: "\(id)-card-\(index)", frame: frame, backgroundColor: .white, cornerRadius: 14,
        children: [
          View(
            id: "\(id)-title-\(index)", frame: Rect(x: 16, y: 16, width: 180, height: 18),
            backgroundColor: Color(red: 0.2, green: 0.3, blue: 0.9), cornerRadius: 4),
          View(
            id: "\(id)-line-\(index)", frame: Rect(x: 16, y: 48, width: 240, height: 12),
            backgroundColor: Color(red: 0.8, green: 0.8, blue: 0.82), cornerRadius: 3),
        ], shadow: shadow))
  }
  return View(
    id: id, frame: Rect(x: x, y: 0, width: size.width, height: size.height),
    backgroundColor: Color(red: 0.95, green: 0.95, blue: 0.97), children: cards)
}

func push(shadowed: Bool) throws -> Timeline {
  let scene = Scene(
    size: size, backgroundColor: .black,
    views: [
      screen("old", x: 0, shadowed: shadowed), screen("new", x: size.width, shadowed: shadowed),
    ])
  let animation = Animation([
    AnimationStep(
      duration: 0.4, curve: .easeInOut,
      changes: [.translate("old", x: -size.width, y: 0), .translate("new", x: -size.width, y: 0)])
  ])
  return try animation.timeline(from: scene)
}

let timer = FrameTimer(frames: 60)

let plain = try push(shadowed: false)
let shadowed = try push(shadowed: true)
if let profiled {
  guard profiled == "plain" || profiled == "shadowed" else {
    print("usage: ShadowBenchmarks [rounds] | profile shadowed|plain [rounds]")
    exit(64)
  }
  let timeline = profiled == "plain" ? plain : shadowed
  for _ in 0..<rounds { _ = try timer.seconds(drawing: timeline) }
  print("checksum \(timer.checksum)")
  exit(0)
}
var times: [String: [Double]] = [:]
for _ in 0..<rounds {
  for encode in [false, true] {
    for (name, timeline) in [("plain", plain), ("shadowed", shadowed)] {
      times["\(name) \(encode ? "drawn+png" : "drawn")", default: []].append(
        try timer.seconds(drawing: timeline, encode: encode))
    }
  }
}
for kind in ["drawn", "drawn+png"] {
  let a = median(times["plain \(kind)"]!)
  let b = median(times["shadowed \(kind)"]!)
  print(
    "60 frames 1280×720, 40 cards, \(kind): plain \(milliseconds(a)) ms, shadowed \(milliseconds(b)) ms CPU (medians of \(rounds)); shadowed / plain = \(ratio(b, a)) (goal <= 1.3)"
  )
}
print("checksum \(timer.checksum)")
