import Foundation
import TransitTestSupport

/// Random *valid* scene files, built by following a model of the stack so
/// that every operation is legal where it stands, with every feature a
/// scene file has: containers and colours in every notation, nested views
/// with absolute and relative frames, borders, corner radii (uniform and per
/// corner), shadows, alpha, hidden and clipping views, PNG images in every
/// content mode, and scripts using every verb with styles, durations,
/// curves and frame counts, animations of the views on the stack and their
/// reverses. About one file in twenty
/// carries one deliberate mistake, which must be refused cleanly.
struct SceneGenerator {
  var random: SplitMix64
  /// Image file names (relative to the scene file) the views may use.
  var images: [String]
  var styles: [String]
  /// Whether sheets may be dragged: only in a container whose sides are
  /// both at least 21 points, where the large detent (the height but 20
  /// points) is above 0 in either orientation.
  var dragsSheets = false

  /// One generated file: its JSON, and whether a mistake was put in it.
  struct Case {
    var json: [String: Any]
    var mistake: String?
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
  mutating func double(_ range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &random)
  }
  mutating func chance(_ p: Double) -> Bool { double(0...1) < p }
  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }

  mutating func color() -> String {
    switch int(0...4) {
    case 0: return String(format: "#%06x", int(0...0xFF_FFFF))
    case 1: return String(format: "#%08x", UInt32(truncatingIfNeeded: int(0...0xFFFF_FFFF)))
    case 2: return String(format: "#%03x", int(0...0xFFF))
    case 3:
      return "rgb(\(double(0...1)),\(double(0...1)),\(double(0...1)))"
    default: return pick(["white", "black", "red", "blue", "green", "grey", "transparent"])
    }
  }

  mutating func curve(depth: Int = 0) -> String {
    switch int(0...6) {
    case 0: return pick(["linear", "ease", "ease-in", "ease-out", "ease-in-out"])
    case 1:
      return pick([
        "ease-in-quad", "ease-out-cubic", "ease-in-out-back", "ease-out-bounce",
        "ease-in-elastic", "ease-in-out-expo", "ease-out-circ", "ease-in-sine",
      ])
    case 2:
      let n = (0..<4).map { i in i.isMultiple(of: 2) ? double(0...1) : double(-1...2) }
      return "cubic-bezier(\(n.map { String($0) }.joined(separator: ",")))"
    case 3:
      let position = pick(["jump-start", "jump-end", "jump-none", "jump-both"])
      // jump-none needs two steps at least: one would never move.
      return "steps(\(int(position == "jump-none" ? 2...6 : 1...6)),\(position))"
    case 4:
      return "spring(\(double(0.5...2)),\(double(50...300)),\(double(5...30)),\(double(-2...2)))"
    default:
      return depth < 3 ? "mirrored(\(curve(depth: depth + 1)))" : "linear"
    }
  }

  mutating func view(id: String, depth: Int, ids: inout Int, topLevel: Bool) -> [String: Any] {
    var view: [String: Any] = ["id": id]
    if !topLevel || chance(0.2) {
      if chance(0.5) {
        view["frame"] = [double(-0.2...1), double(-0.2...1), double(0...1), double(0...1)]
        view["relative"] = true
      } else {
        view["frame"] = [double(-5...20), double(-5...20), double(0...20), double(0...20)]
        if chance(0.3) { view["relative"] = false }
      }
    }
    if chance(0.8) { view["color"] = color() }
    if chance(0.3) { view["alpha"] = double(0...1) }
    if chance(0.3) {
      view["cornerRadius"] = double(0...8)
    } else if chance(0.15) {
      view["cornerRadii"] = (0..<4).map { _ in double(0...8) }
    }
    if chance(0.15) { view["shadow"] = shadow() }
    if chance(0.2) { view["border"] = ["width": double(0...3), "color": color()] }
    if chance(0.2) { view["clipsToBounds"] = Bool.random(using: &random) }
    if chance(0.1) { view["hidden"] = Bool.random(using: &random) }
    if chance(0.15), !images.isEmpty {
      view["image"] = pick(images)
      if chance(0.5) { view["contentMode"] = pick(Self.contentModes) }
    }
    if depth < 3, chance(0.5) {
      view["children"] = (0..<int(1...3)).map { _ -> [String: Any] in
        ids += 1
        return self.view(id: "v\(ids)", depth: depth + 1, ids: &ids, topLevel: false)
      }
    }
    return view
  }

  static let contentModes = [
    "scaleToFill", "aspectFit", "aspectFill", "center", "top", "bottom", "left", "right",
    "topLeft", "topRight", "bottomLeft", "bottomRight",
  ]

  mutating func shadow() -> [String: Any] {
    var shadow: [String: Any] = ["opacity": double(0...1), "radius": double(0...6)]
    if chance(0.5) { shadow["color"] = color() }
    if chance(0.5) { shadow["offset"] = [double(-3...3), double(-3...3)] }
    return shadow
  }

  /// The views inside a screen (not the screen itself): each id, and
  /// whether it has an image.
  static func inside(_ screen: [String: Any]) -> [(id: String, image: Bool)] {
    var result: [(String, Bool)] = []
    func visit(_ views: [[String: Any]]) {
      for view in views {
        result.append((view["id"] as! String, view["image"] != nil))
        visit(view["children"] as? [[String: Any]] ?? [])
      }
    }
    visit(screen["children"] as? [[String: Any]] ?? [])
    return result
  }

  /// One change of a random set of properties of `view`.
  mutating func change(of view: (id: String, image: Bool)) -> [String: Any] {
    var change: [String: Any] = ["view": view.id]
    if chance(0.4) {
      if chance(0.5) {
        change["frame"] = [double(-0.2...1), double(-0.2...1), double(0...1), double(0...1)]
        change["relative"] = true
      } else {
        change["frame"] = [double(-5...20), double(-5...20), double(0...20), double(0...20)]
      }
    }
    if chance(0.3) {
      if chance(0.5) {
        change["cornerRadius"] = double(0...8)
      } else {
        change["cornerRadii"] = (0..<4).map { _ in double(0...8) }
      }
    }
    if chance(0.3) { change["color"] = color() }
    if chance(0.2) { change["alpha"] = double(0...1) }
    if chance(0.2) { change["borderWidth"] = double(0...3) }
    if chance(0.2) { change["borderColor"] = color() }
    if chance(0.2) { change["shadow"] = shadow() }
    if view.image, chance(0.4) { change["contentMode"] = pick(Self.contentModes) }
    if chance(0.2) { change["translate"] = [double(-10...10), double(-10...10)] }
    if chance(0.2) { change["scale"] = double(0.2...2) }
    if chance(0.2) { change["rotate"] = double(-360...360) }
    if change.count == 1 { change["alpha"] = double(0...1) }
    return change
  }

  /// A script valid for a stack model over `screens`, whose views are
  /// `inside` them.
  mutating func script(
    screens: [String], inside: [String: [(id: String, image: Bool)]] = [:]
  ) -> [[String: Any]] {
    var stack: [String] = []
    /// The screens the last animation changed views of, while they all
    /// are on the stack.
    var animated: Set<String>?
    var operations: [[String: Any]] = []
    /// Adds the keys the verb takes (see `ScriptOperation.keys(of:)`):
    /// `styled` a style and curve, `timed` a duration.
    func decorate(
      _ op: inout [String: Any], styled: Bool, timed: Bool, _ g: inout SceneGenerator
    ) {
      if g.chance(0.3) { op["frames"] = g.int(0...3) }
      if styled, g.chance(0.7) { op["style"] = g.pick(g.styles) }
      if timed, g.chance(0.4) { op["duration"] = g.double(0...0.8) }
      if styled, g.chance(0.4) { op["curve"] = g.curve() }
    }
    let first = pick(screens)
    var show: [String: Any] = ["show": first]
    decorate(&show, styled: false, timed: false, &self)
    operations.append(show)
    stack = [first]
    /// The presented screens, bottom to top, each with its sheet's
    /// detents (nil for full-screen); while one is up, the stack's own
    /// operations are refused, so only presentations' are drawn.
    var presented: [(id: String, detents: [Any]?)] = []
    /// Whether a sheet was dragged: from then on the file's frame count is
    /// not exact about insertions and removals below the top, so none are drawn.
    var dragged = false
    for _ in 0..<int(1...6) {
      var op: [String: Any]
      let off = screens.filter { !stack.contains($0) && !presented.map(\.id).contains($0) }
      if !presented.isEmpty || chance(0.15) {
        guard let (presentation, change) = presentationOperation(off: off, presented: presented)
        else { continue }
        op = presentation
        presented = change
        if op["drag"] != nil { dragged = true }
        operations.append(op)
        continue
      }
      switch int(0...9) {
      case 0 where !off.isEmpty, 1 where !off.isEmpty:
        let id = pick(off)
        op = ["push": id]
        stack.append(id)
        decorate(&op, styled: true, timed: true, &self)
      case 2 where stack.count > 1:
        op = ["pop": true]
        stack.removeLast()
        decorate(&op, styled: true, timed: true, &self)
      case 3 where stack.count > 2:
        let index = int(0...(stack.count - 2))
        op = ["popTo": stack[index]]
        stack.removeSubrange((index + 1)...)
        decorate(&op, styled: true, timed: true, &self)
      case 4 where stack.count > 1:
        op = ["popToRoot": true]
        stack = [stack[0]]
        decorate(&op, styled: true, timed: true, &self)
      case 5 where !off.isEmpty && !dragged:
        let id = pick(off)
        let at = int(0...stack.count)
        op = ["insert": id, "at": at]
        stack.insert(id, at: at)
        decorate(&op, styled: at == stack.count - 1, timed: at == stack.count - 1, &self)
      case 6 where stack.count > 1 && !dragged:
        let at = int(0...(stack.count - 1))
        op = ["remove": at]
        stack.remove(at: at)
        decorate(&op, styled: false, timed: at == stack.count, &self)
      case 7:
        op = ["rotate": pick(["landscape", "portrait"])]
        decorate(&op, styled: false, timed: false, &self)
      case 8 where animated.map { $0.isSubset(of: stack) } == true && chance(0.4):
        op = ["animate": "reverse"]
        if chance(0.3) { op["frames"] = int(0...3) }
      case 8 where stack.contains { !(inside[$0] ?? []).isEmpty }:
        let shown = stack.filter { !(inside[$0] ?? []).isEmpty }
        var screensChanged = Set<String>()
        var steps: [[String: Any]] = []
        for _ in 0..<int(1...2) {
          let duration = double(0...0.5)
          var step: [String: Any] = ["duration": duration]
          if chance(0.4) { step["curve"] = curve() }
          // No step may start before the animation: at most the previous
          // step's duration.
          if let previous = steps.last?["duration"] as? Double, chance(0.3) {
            step["overlap"] = double(0...min(0.1, previous))
          }
          step["changes"] = (0..<int(1...2)).map { _ -> [String: Any] in
            let screen = pick(shown)
            screensChanged.insert(screen)
            return change(of: pick(inside[screen]!))
          }
          steps.append(step)
        }
        op = ["animate": steps]
        if chance(0.3) { op["frames"] = int(0...3) }
        animated = screensChanged
      default:
        op = ["wait": double(0...0.5)]
        decorate(&op, styled: false, timed: false, &self)
      }
      if let screens = animated, !screens.isSubset(of: stack) { animated = nil }
      operations.append(op)
    }
    return operations
  }

  /// A detent as a scene file writes it.
  mutating func detent() -> Any {
    switch int(0...3) {
    case 0: "medium"
    case 1: "large"
    case 2: double(0.05...1)
    default: double(2...40)
    }
  }

  /// An operation on the presentations over a container (present,
  /// dismiss, detent, drag, back) valid for `presented`, and what is
  /// presented after it; nil when none applies. A drag is a flick, up or
  /// down, hard enough that where it ends is certain: up, the sheet stays
  /// (on whichever detent), down, it is dismissed.
  mutating func presentationOperation(
    off: [String], presented: [(id: String, detents: [Any]?)]
  ) -> ([String: Any], [(id: String, detents: [Any]?)])? {
    var presented = presented
    var op: [String: Any]
    let sheet = presented.last?.detents
    switch int(0...5) {
    case 0 where !off.isEmpty, 1 where !off.isEmpty:
      let id = pick(off)
      op = ["present": id]
      if chance(0.6) {
        let detents = (0..<int(1...3)).map { _ in detent() }
        var spec: [String: Any] = ["detents": detents]
        if chance(0.5) { spec["detent"] = pick(detents) }
        if chance(0.2) { spec["undimmed"] = detent() }
        op["sheet"] = spec
        presented.append((id, detents))
      } else {
        if chance(0.7) { op["style"] = pick(styles) }
        if chance(0.3) { op["curve"] = curve() }
        presented.append((id, nil))
      }
      if chance(0.4) { op["duration"] = double(0...0.6) }
    case 2 where sheet != nil:
      op = ["detent": pick(sheet!)]
    case 3 where sheet != nil && dragsSheets:
      let down = chance(0.5)
      op = [
        "drag": (0..<int(1...3)).map { _ in down ? double(0...30) : -double(0...30) },
        "velocity": down ? 5_000 : -5_000,
      ]
      if down { presented.removeLast() }
    case 4 where !presented.isEmpty:
      op = ["back": true]
      presented.removeLast()
    default:
      guard !presented.isEmpty else { return nil }
      op = ["dismiss": true]
      presented.removeLast()
    }
    if chance(0.3) { op["frames"] = int(0...3) }
    return (op, presented)
  }

  /// A script for a tabs container whose tabs are rooted at `tabs`, the
  /// other `screens` pushed on them: selections, pushes, pops, backs
  /// through the tab history, rotations and presentations.
  mutating func tabsScript(tabs: [String], screens: [String]) -> [[String: Any]] {
    var stacks = tabs.map { [$0] }
    var selected = 0
    /// The tab history's steps: a selection from a tab, or a push.
    var history: [(from: Int?, id: String?)] = []
    var presented: [(id: String, detents: [Any]?)] = []
    var operations: [[String: Any]] = []
    for _ in 0..<int(1...6) {
      var op: [String: Any]
      let held = Set(stacks.joined()).union(presented.map(\.id))
      let off = screens.filter { !held.contains($0) }
      if !presented.isEmpty || chance(0.15) {
        guard let (presentation, change) = presentationOperation(off: off, presented: presented)
        else { continue }
        operations.append(presentation)
        presented = change
        continue
      }
      switch int(0...6) {
      case 0 where tabs.count > 1:
        let to = pick(Array(tabs.indices).filter { $0 != selected })
        op = ["select": chance(0.5) ? to as Any : tabs[to] as Any]
        if chance(0.5) { op["style"] = pick(styles) }
        if chance(0.3) { op["duration"] = double(0...0.5) }
        history.append((selected, nil))
        selected = to
      case 1 where !off.isEmpty:
        let id = pick(off)
        op = ["push": id]
        if chance(0.5) { op["style"] = pick(styles) }
        if chance(0.3) { op["duration"] = double(0...0.5) }
        stacks[selected].append(id)
        history.append((nil, id))
      case 2 where stacks[selected].count > 1:
        op = ["pop": true]
        let id = stacks[selected].removeLast()
        if let index = history.lastIndex(where: { $0.id == id }) { history.remove(at: index) }
      case 3 where !history.isEmpty:
        op = ["back": true]
        let step = history.removeLast()
        if let from = step.from { selected = from } else { stacks[selected].removeLast() }
      case 4:
        op = ["rotate": pick(["landscape", "portrait"])]
        if chance(0.3) { op["duration"] = double(0...0.4) }
      default:
        op = ["wait": double(0...0.3)]
      }
      // The library's history keeps the latest 20 steps.
      if history.count > 20 { history.removeFirst() }
      if chance(0.3) { op["frames"] = int(0...3) }
      operations.append(op)
    }
    if operations.isEmpty { operations.append(["wait": 0.1]) }
    return operations
  }

  /// A script for a placeholder of `slots` slots: swaps of `screens` into
  /// them, rotations and waits.
  mutating func placeholderScript(slots: Int, screens: [String]) -> [[String: Any]] {
    var shown: [String?] = Array(repeating: nil, count: slots)
    var operations: [[String: Any]] = []
    for _ in 0..<int(1...6) {
      var op: [String: Any]
      let off = screens.filter { !shown.contains($0) }
      switch int(0...3) {
      case 0 where !off.isEmpty, 1 where !off.isEmpty:
        let slot = int(0...(slots - 1))
        let id = pick(off)
        op = ["swap": id]
        if slot > 0 || chance(0.3) { op["slot"] = slot }
        if chance(0.5) { op["style"] = pick(styles) }
        if chance(0.3) { op["duration"] = double(0...0.5) }
        shown[slot] = id
      case 2:
        op = ["rotate": pick(["landscape", "portrait"])]
      default:
        op = ["wait": double(0...0.3)]
      }
      if chance(0.3) { op["frames"] = int(0...3) }
      operations.append(op)
    }
    return operations
  }

  mutating func next() -> Case {
    var ids = 0
    let screens = (0..<int(2...4)).map { "s\($0)" }
    var file: [String: Any] = [
      "container": ["width": int(4...24), "height": int(4...24)] as [String: Any],
      "views": [] as [[String: Any]],
    ]
    let views = screens.map { view(id: $0, depth: 0, ids: &ids, topLevel: true) }
    file["views"] = views
    var inside: [String: [(id: String, image: Bool)]] = [:]
    for view in views { inside[view["id"] as! String] = Self.inside(view) }
    var container = file["container"] as! [String: Any]
    dragsSheets =
      min(container["width"] as! Int, container["height"] as! Int) >= 21
    switch int(0...9) {
    case 0, 1:
      let tabs = Array(screens.prefix(int(1...2)))
      // Tabs get a container large enough to drag sheets in.
      container["width"] = int(21...32)
      container["height"] = int(21...32)
      dragsSheets = true
      container["kind"] = "tabs"
      container["tabs"] = tabs
      file["container"] = container
      file["script"] = tabsScript(tabs: tabs, screens: screens)
    case 2:
      let width = container["width"] as! Int
      let height = container["height"] as! Int
      container["kind"] = "placeholder"
      let count = int(1...2)
      if count > 1 || chance(0.5) {
        container["slots"] = (0..<count).map { i -> [String: Any] in
          [
            "id": "slot\(i)",
            "frame": [
              0, Double(height * i) / Double(count), Double(width), Double(height) / Double(count),
            ],
          ]
        }
      }
      file["container"] = container
      file["script"] = placeholderScript(slots: count, screens: screens)
    default:
      file["script"] = script(screens: screens, inside: inside)
    }
    if chance(0.7) {
      var container = file["container"] as! [String: Any]
      container["color"] = color()
      file["container"] = container
    }
    if chance(0.5) { file["frames"] = int(1...3) }
    var mistake: String?
    if chance(0.05) {
      var script = file["script"] as! [[String: Any]]
      switch int(0...5) {
      case 0:
        script[0]["duraton"] = 0.3
        mistake = "duraton"
      case 1:
        script.append(["pop": false])
        mistake = "pop false"
      case 2:
        script.append(["wait": 1e17])
        mistake = "wait 1e17"
      case 3:
        file["colour"] = "red"
        mistake = "colour"
      case 4:
        script.append([
          "animate": [["duration": 0.1, "changes": [["view": "s0", "alpha": 0.5]]]]
        ])
        mistake = "animate a screen"
      default:
        script.append(["push": "s0", "curve": String(repeating: "mirrored(", count: 200)])
        mistake = "deep curve"
      }
      file["script"] = script
    }
    return Case(json: file, mistake: mistake)
  }
}
