import Transit

/// Which container a scene file's script drives, and which verbs and keys
/// each kind of container takes: the one place that says so, checked when
/// the file is read so that a verb the container cannot perform is an
/// error naming it before anything is drawn.
extension SceneFile {
  /// The verbs a script on a container of `kind` takes, in the order
  /// messages list them.
  static func verbs(of kind: Container.Kind) -> [String] {
    let presentations = ["present", "dismiss", "detent", "drag"]
    switch kind {
    case .stack:
      return [
        "show", "push", "pop", "popTo", "popToRoot", "insert", "remove", "rotate", "wait",
        "animate", "grab", "back",
      ] + presentations
    case .tabs:
      return ["select", "push", "pop", "back", "rotate", "wait", "animate"] + presentations
    case .placeholder:
      return ["swap", "rotate", "wait", "animate"]
    }
  }

  /// The keys `verb` takes besides itself on a container of `kind`: a tab's
  /// stack pushes and pops as the library's tab container does (no drag,
  /// no matched views, a pop always the reverse of its push), and a
  /// placeholder rotates at once.
  static func keys(of verb: String, on kind: Container.Kind) -> [String] {
    switch (kind, verb) {
    case (.tabs, "push"): ["style", "curve", "duration", "frames", "after"]
    case (.tabs, "pop"), (.tabs, "back"): ["duration", "frames", "after"]
    case (.placeholder, "rotate"): ["frames", "after"]
    default: ScriptOperation.keys(of: verb)
    }
  }

  /// The slots of a placeholder container: those the file gives, or one
  /// filling the container.
  var slots: [SlotSpec] {
    if let slots = container.slots { return slots }
    var slot = SlotSpec()
    slot.id = "slot"
    slot.frame = [0, 0, container.width, container.height]
    return [slot]
  }

  /// Checks the container's kind against its keys, its tabs and slots, and
  /// every operation of the script against the verbs and keys the kind takes.
  func validateContainer(_ fail: (String, String) -> CLIError) throws(CLIError) {
    let kind = container.kind
    let screens = Set(views.map(\.id))
    if kind != .tabs, container.tabs != nil {
      throw fail("container.tabs", #"applies to a tabs container ("kind": "tabs")"#)
    }
    if kind != .placeholder, container.slots != nil {
      throw fail("container.slots", #"applies to a placeholder container ("kind": "placeholder")"#)
    }
    if kind == .tabs {
      guard let tabs = container.tabs, !tabs.isEmpty else {
        throw fail("container.tabs", "missing (a tabs container needs its tabs' root screens)")
      }
      var seen = Set<String>()
      for (i, id) in tabs.enumerated() {
        guard screens.contains(id) else {
          throw fail(
            "container.tabs[\(i)]",
            "no screen \"\(CLIError.echoed(id))\" (screens: \(SceneFile.listed(views.map(\.id))))")
        }
        guard seen.insert(id).inserted else {
          throw fail("container.tabs[\(i)]", "\"\(CLIError.echoed(id))\" roots two tabs")
        }
      }
    }
    if let slots = container.slots {
      guard (1...SceneFile.maximumSlots).contains(slots.count) else {
        throw fail(
          "container.slots", "expected 1…\(SceneFile.maximumSlots) slots, got \(slots.count)")
      }
      var seen = Set<String>()
      for (i, slot) in slots.enumerated() {
        let place = "container.slots[\(i)]"
        guard !slot.id.isEmpty else { throw fail("\(place).id", "expected a non-empty id") }
        guard !screens.contains(slot.id), seen.insert(slot.id).inserted else {
          throw fail("\(place).id", "the id \"\(CLIError.echoed(slot.id))\" is used twice")
        }
        let bound = RenderLimits.maximumCoordinate
        guard slot.frame.count == 4,
          slot.frame.allSatisfy({ $0.isFinite && abs($0) <= bound }), slot.frame[2] >= 0,
          slot.frame[3] >= 0
        else {
          throw fail(
            "\(place).frame",
            "expected [x, y, width, height] within ±\(Int(bound)) and a size of 0 or more")
        }
        if let color = slot.color, let detail = SceneFile.colorProblem(color) {
          throw fail("\(place).color", detail)
        }
      }
    }
    let verbs = SceneFile.verbs(of: kind)
    for operation in script {
      let verb = operation.verbName
      let place = operation.place
      guard verbs.contains(verb) else {
        throw fail(
          place,
          "\(verb) does not apply to a \(kind.rawValue) container (it takes \(verbs.joined(separator: ", ")))"
        )
      }
      let takes = SceneFile.keys(of: verb, on: kind)
      for key in operation.keysGiven where !takes.contains(key) {
        throw fail(
          "\(place).\(key)",
          "does not apply to \(verb) on a \(kind.rawValue) container (\(verb) there takes \(takes.joined(separator: ", ")))"
        )
      }
      switch operation.kind {
      case .back(.gesture) where kind != .stack:
        throw fail("\(place).back", "a back gesture applies to a stack; give true")
      case .select(.id(let id)):
        guard container.tabs?.contains(id) ?? false else {
          throw fail(
            "\(place).select",
            "no tab \"\(CLIError.echoed(id))\" (tabs: \(SceneFile.listed(container.tabs ?? [])))")
        }
      case .select(.index(let index)):
        let count = container.tabs?.count ?? 0
        guard (0..<count).contains(index) else {
          throw fail("\(place).select", "expected a tab index in 0…\(count - 1), got \(index)")
        }
      case .swap(let id), .present(let id, _):
        guard screens.contains(id) else {
          throw fail(
            place,
            "no screen \"\(CLIError.echoed(id))\" (screens: \(SceneFile.listed(views.map(\.id))))")
        }
        if case .swap = operation.kind, let slot = operation.slot, slot >= slots.count {
          throw fail(
            "\(place).slot", "expected a slot index in 0…\(slots.count - 1), got \(slot)")
        }
      default: break
      }
    }
  }
}

extension ScriptOperation {
  /// The operation's verb, as the file names it.
  var verbName: String {
    switch kind {
    case .show: "show"
    case .push: "push"
    case .pop: "pop"
    case .popTo: "popTo"
    case .popToRoot: "popToRoot"
    case .insert: "insert"
    case .remove: "remove"
    case .rotate: "rotate"
    case .wait: "wait"
    case .animate: "animate"
    case .grab: "grab"
    case .back: "back"
    case .select: "select"
    case .swap: "swap"
    case .present: "present"
    case .dismiss: "dismiss"
    case .detent: "detent"
    case .drag: "drag"
    }
  }

  /// The keys the operation gives besides its verb, as the file names them.
  var keysGiven: [String] {
    let given: [(String, Bool)] = [
      ("style", style != nil), ("duration", duration != nil), ("curve", curve != nil),
      ("frames", frames != nil), ("interactive", interactive != nil), ("after", after != nil),
      ("match", match != nil), ("preview", preview != nil), ("slot", slot != nil),
      ("velocity", velocity != nil),
    ]
    return given.filter(\.1).map(\.0)
  }
}
