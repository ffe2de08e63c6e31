extension Timeline {
  /// Which screens a transition goes between, for its flights: the one
  /// going away (the source of every flight) and the one brought to the
  /// front (the destination), by the ids of top-level views of the bound
  /// scene.
  struct FlightScreens {
    var hidden: String?
    var shown: String?
    /// Whether an element of the screen going away whose partner cannot
    /// be reached fades out (a pop) rather than staying with its screen.
    var fadesUnpaired: Bool
  }

  /// This timeline with the flights of the matched elements between
  /// `screens`, each drawn by an overlay view above both screens.
  ///
  /// The source end of a flight is read at this timeline's start and the
  /// destination end at its end, so a pop, built in the current context,
  /// flies from where the element is now to where its partner is at the
  /// current bounds. Keys are checked unique per screen even when
  /// `matching` is disabled.
  ///
  /// - Throws: ``TransitError`` with code `.duplicateMatchKey` for two
  ///   views of one screen with the same key, `.duplicateView` when an
  ///   overlay's id is already a view's, `.invalidValue` for a flight
  ///   duration that is not finite, negative, or longer than the
  ///   transition.
  func addingFlights(between screens: FlightScreens, matching: Matching) throws(TransitError)
    -> Timeline
  {
    let top = initialScene.views
    var keyed: [String: [(key: String, path: [Int])]] = [:]
    for view in top { keyed[view.id] = try view.matchKeyedViews() }
    guard matching.isEnabled, let hidden = screens.hidden,
      let hiddenIndex = top.firstIndex(where: { $0.id == hidden })
    else { return self }
    let shownIndex = screens.shown.flatMap { id in top.firstIndex { $0.id == id } }
    let sources = keyed[hidden] ?? []
    let destinations = shownIndex.map { keyed[top[$0].id] ?? [] } ?? []
    let start = startScene
    let end = endScene

    // Pairs, in the destination's order; before them, the fading elements.
    var pairs: [(key: String, from: FlightEnd, to: FlightEnd, originals: [[Int]])] = []
    var paired = Set<String>()
    if let shownIndex {
      let sourcePaths = Dictionary(sources.map { ($0.key, $0.path) }) { a, _ in a }
      for (key, path) in destinations {
        guard let sourcePath = sourcePaths[key] else { continue }
        let source = [hiddenIndex] + sourcePath
        let destination = [shownIndex] + path
        guard let a = FlightEnd(at: source, in: start), let b = FlightEnd(at: destination, in: end)
        else { continue }
        pairs.append((key, a, b, [source, destination]))
        paired.insert(key)
      }
    }
    var fades: [(key: String, from: FlightEnd, to: FlightEnd, originals: [[Int]])] = []
    if screens.fadesUnpaired {
      for (key, path) in sources where !paired.contains(key) {
        let source = [hiddenIndex] + path
        guard let a = FlightEnd(at: source, in: start) else { continue }
        fades.append((key, a, a.fadedOut, [source]))
      }
    }
    let all = fades + pairs
    guard !all.isEmpty else { return self }

    let flyingKeys = Set(all.map(\.key))
    let isMirrored = direction != .forward
    var scene = initialScene
    var usedIDs = Set(scene.allViews().map(\.view.id))
    var flights: [Flight] = []
    var overlays: [View] = []
    for entry in all {
      let options = matching.options(for: entry.key)
      let length = options.duration ?? duration
      guard length.isFinite, length >= 0, length <= duration else {
        throw TransitError(
          .invalidValue,
          "match key '\(entry.key)': a flight lasts 0…\(duration) s (its transition's duration), "
            + "got \(length)")
      }
      let curve = options.curve ?? .easeInOut
      // Flights are stored on the forward time line: a timeline played
      // backwards (a pop as the reverse of its push) reads its own start at
      // the forward end, so the ends swap and the curve mirrors.
      let timing = StepTiming(
        start: isMirrored ? duration - length : 0, duration: length,
        curve: isMirrored ? curve.mirrored : curve, tag: nil)
      let (from, to) = isMirrored ? (entry.to, entry.from) : (entry.from, entry.to)
      let overlay = try Timeline.overlay(
        key: entry.key, source: entry.from.view, destination: entry.to.view,
        flyingKeys: flyingKeys, usedIDs: &usedIDs)
      let originals = entry.originals.map { path in
        let view = Timeline.view(at: path, in: scene.views)
        let index = self.preorder[view.id] ?? 0
        return Flight.Original(
          path: path, hasHiddenTrack: !self.tracks.hiddens.ranges[index].isEmpty,
          isHidden: view.isHidden)
      }
      flights.append(
        Flight(
          key: entry.key, overlay: top.count + flights.count, source: originals[0],
          destination: originals.count > 1 ? originals[1] : nil, from: from, to: to, timing: timing,
          path: options.path, crossFades: overlay.children.count == 2))
      overlays.append(overlay)
    }
    for (flight, overlay) in zip(flights, overlays) {
      var overlay = overlay
      withUnsafePointer(to: flight) { Flight.writeOverlay($0, progress: 0, into: &overlay) }
      overlay.isHidden = true
      scene.views.append(overlay)
    }
    var extendedTracks = tracks
    extendedTracks.appendInertViews(overlays)
    var extendedPreorder = preorder
    for (i, entry) in scene.allViews().enumerated() where extendedPreorder[entry.view.id] == nil {
      extendedPreorder[entry.view.id] = i
    }
    var allFlights = self.flights + flights
    for i in allFlights.indices.dropFirst() {
      allFlights[i].hasPreviousTiming = allFlights[i].timing == allFlights[i - 1].timing
    }
    return Timeline(
      initialScene: scene, duration: duration, tracks: extendedTracks, preorder: extendedPreorder,
      direction: direction, flights: allFlights, alongside: alongside)
  }

  /// Writes every flight at forward time `time` into `scene`, after the tracks.
  func writeFlights(at time: ForwardTime, pacing: Pacing = .curves, into scene: inout Scene) {
    flights.withUnsafeBufferPointer { flights in
      guard let first = flights.baseAddress else { return }
      var flying = false
      var p = 0.0
      for i in flights.indices {
        let flight = first + i
        if !flight.pointee.hasPreviousTiming {
          flying = Flight.isFlying(flight, at: time.time)
          if flying {
            if pacing == .curves {
              let progress = flight.pointee.timing.progress(at: time.time, rerun: time.rerun)
              p = progress.isNaN ? 0 : progress
            } else {
              p = flight.pointee.timing.progress(at: time.time, rerun: time.rerun, pacing: pacing)
            }
          } else {
            p = time.time <= flight.pointee.timing.start ? 0 : 1
          }
        }
        Flight.write(flight, progress: p, flying: flying, into: &scene)
      }
    }
  }

  /// The view at `path` (child indices from the top level) of `views`.
  private static func view(at path: [Int], in views: [View]) -> View {
    var view = views[path[0]]
    for i in path.dropFirst() { view = view.children[i] }
    return view
  }

  /// The overlay of the flight of `key`: a shell holding one content layer
  /// when both ends show the same content (image, text but its colour, no
  /// children), two that cross-fade otherwise.
  private static func overlay(
    key: String, source: View, destination: View, flyingKeys: Set<String>,
    usedIDs: inout Set<String>
  ) throws(TransitError) -> View {
    let shellID = Flight.overlayID(key)
    func claim(_ id: String) throws(TransitError) {
      guard usedIDs.insert(id).inserted else {
        throw TransitError(
          .duplicateView,
          "the view id '\(id)' is taken by the flight of match key '\(key)'; rename the view")
      }
    }
    try claim(shellID)
    func sameText(_ a: TextContent?, _ b: TextContent?) -> Bool {
      guard var a, var b else { return a == nil && b == nil }
      a.color = .black
      b.color = .black
      return a == b
    }
    let shared =
      source.content == destination.content && sameText(source.text, destination.text)
      && source.children.isEmpty && destination.children.isEmpty
    func layer(_ name: String, _ element: View) throws(TransitError) -> View {
      let prefix = "\(shellID)/\(name)"
      func copy(_ view: View) throws(TransitError) -> View {
        var view = view
        view.id = "\(prefix)/\(view.id)"
        try claim(view.id)
        // A nested element that flies on its own is drawn by its own overlay.
        if let key = view.matchKey, flyingKeys.contains(key) { view.isHidden = true }
        view.matchKey = nil
        var children: [View] = []
        for child in view.children { children.append(try copy(child)) }
        view.children = children
        return view
      }
      try claim(prefix)
      var children: [View] = []
      for child in element.children { children.append(try copy(child)) }
      var layer = View(
        id: prefix, frame: Rect(size: element.frame.size), clipsToBounds: element.clipsToBounds,
        content: element.content, text: element.text, children: children)
      layer.imagePlacement = element.imagePlacement
      return layer
    }
    let layers =
      shared
      ? [try layer("content", destination)]
      : [try layer("from", source), try layer("to", destination)]
    return View(id: shellID, frame: .zero, isHidden: true, children: layers)
  }
}
