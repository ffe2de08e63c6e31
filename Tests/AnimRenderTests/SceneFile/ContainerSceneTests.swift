import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport
import TransitTesting

@testable import AnimRenderCLI

/// Scene files that drive tabs, placeholders and presentations: the
/// container kinds, the verbs `select`, `swap`, `present`, `dismiss`,
/// `detent` and `drag`, and `back` on tabs and over a presentation.
@Suite("Scene files: containers")
struct ContainerSceneTests {
  /// A scene file of three screens on a container of `kind`.
  static func text(_ script: String, container: String = #""kind": "tabs", "tabs": ["a", "b"]"#)
    -> String
  {
    """
    {"container": {"width": 40, "height": 80, \(container)}, "frames": 2,
     "views": [{"id": "a", "color": "#ff0000"}, {"id": "b", "color": "#0000ff"},
               {"id": "c", "color": "#00ff00", "children": [
                 {"id": "c-top", "frame": [0, 0, 40, 10], "color": "#000000"}]}],
     "script": \(script)}
    """
  }

  static func decode(_ script: String, container: String = #""kind": "tabs", "tabs": ["a", "b"]"#)
    throws(CLIError) -> SceneFile
  {
    try SceneFile.decode(Data(text(script, container: container).utf8), name: "s.json")
  }

  /// The message decoding gives, or nil when it decodes.
  static func refusal(
    _ script: String, container: String = #""kind": "tabs", "tabs": ["a", "b"]"#
  ) -> String? {
    do throws(CLIError) {
      _ = try decode(script, container: container)
      return nil
    } catch {
      return error.message
    }
  }

  /// The message playing gives, or nil when it plays.
  static func playRefusal(
    _ script: String, container: String = #""kind": "tabs", "tabs": ["a", "b"]"#
  ) throws -> String? {
    let file = try decode(script, container: container)
    do throws(CLIError) {
      _ = try Story.play(file, name: "s.json")
      return nil
    } catch {
      return error.message
    }
  }

  static let stack = #""kind": "stack""#
  static let placeholder = #""kind": "placeholder""#

  // MARK: Reading

  @Test func eachVerbReadsWhatItIsGiven() throws {
    let tabs = try Self.decode(
      #"""
      [{"select": "b", "style": "fade-in", "duration": 0.2}, {"select": 0},
       {"present": "c", "sheet": {"detents": ["medium", "large", 0.3, 500], "detent": "large", "undimmed": "medium"}},
       {"detent": 0.3}, {"drag": [-10, 20.5], "velocity": -300, "frames": 3}, {"dismiss": true},
       {"present": "c", "style": "cross-dissolve"}, {"back": true}]
      """#)
    let kinds = tabs.script.map(\.kind)
    #expect(kinds[0] == .select(.id("b")))
    #expect(tabs.script[0].style == "fade-in" && tabs.script[0].duration == 0.2)
    #expect(kinds[1] == .select(.index(0)))
    let sheet = try #require(
      {
        if case .present("c", let sheet?) = kinds[2] { return sheet }
        return nil
      }())
    #expect(sheet.detents.map(\.detent) == [.medium, .large, .fraction(0.3), .points(500)])
    #expect(sheet.detent?.detent == .large && sheet.undimmed?.detent == .medium)
    let configuration = sheet.configuration(duration: 0.5)
    #expect(configuration.detent == .large && configuration.duration == 0.5)
    #expect(configuration.largestUndimmedDetent == .medium)
    #expect(kinds[3] == .detent(DetentSpec(.fraction(0.3))))
    #expect(kinds[4] == .drag([-10, 20.5]) && tabs.script[4].velocity == -300)
    #expect(kinds[5] == .dismiss)
    #expect(kinds[6] == .present("c", sheet: nil) && tabs.script[6].style == "cross-dissolve")
    #expect(tabs.container.kind == .tabs && tabs.container.tabs == ["a", "b"])
    let slots = try Self.decode(
      #"[{"swap": "a", "duration": 0}, {"swap": "b", "slot": 1, "style": "fade-in", "match": false}]"#,
      container:
        ##""kind": "placeholder", "slots": [{"id": "top", "frame": [0, 0, 40, 40]}, {"id": "bottom", "frame": [0, 40, 40, 40], "color": "#333333"}]"##
    )
    #expect(slots.script.map(\.kind) == [.swap("a"), .swap("b")])
    #expect(slots.script[1].slot == 1 && slots.script[1].match == false)
    #expect(slots.slots.map(\.id) == ["top", "bottom"])
    // No kind is a stack, as before; a placeholder without slots has one
    // filling the container.
    #expect(
      try Self.decode(#"[{"show": "a"}]"#, container: ##""color": "#000000""##).container.kind
        == .stack)
    let one = try Self.decode(#"[{"swap": "a"}]"#, container: Self.placeholder).slots
    #expect(one.map(\.id) == ["slot"] && one.first?.frame == [0, 0, 40, 80])
  }

  @Test(
    "each verb and key the container does not take is an error naming it",
    arguments: [
      (
        #"[{"select": 1}]"#, stack,
        "s.json: script[0]: select does not apply to a stack container (it takes show, push, pop, popTo, popToRoot, insert, remove, rotate, wait, animate, grab, back, present, dismiss, detent, drag)"
      ),
      (
        #"[{"swap": "a"}]"#, #""kind": "tabs", "tabs": ["a"]"#,
        "s.json: script[0]: swap does not apply to a tabs container (it takes select, push, pop, back, rotate, wait, animate, present, dismiss, detent, drag)"
      ),
      (
        #"[{"popTo": "a"}]"#, #""kind": "tabs", "tabs": ["a"]"#,
        "s.json: script[0]: popTo does not apply to a tabs container"
      ),
      (
        #"[{"show": "a"}]"#, #""kind": "tabs", "tabs": ["a"]"#,
        "s.json: script[0]: show does not apply to a tabs container"
      ),
      (
        #"[{"present": "a"}]"#, placeholder,
        "s.json: script[0]: present does not apply to a placeholder container (it takes swap, rotate, wait, animate)"
      ),
      (
        #"[{"drag": [1]}]"#, placeholder,
        "s.json: script[0]: drag does not apply to a placeholder container"
      ),
      (
        #"[{"push": "c", "interactive": {"progress": [0.5], "release": "finish"}}]"#,
        #""kind": "tabs", "tabs": ["a"]"#,
        "s.json: script[0].interactive: does not apply to push on a tabs container (push there takes style, curve, duration, frames, after)"
      ),
      (
        #"[{"push": "c"}, {"pop": true, "style": "fade-in"}]"#, #""kind": "tabs", "tabs": ["a"]"#,
        "s.json: script[1].style: does not apply to pop on a tabs container (pop there takes duration, frames, after)"
      ),
      (
        #"[{"swap": "a"}, {"rotate": "landscape", "duration": 0.3}]"#, placeholder,
        "s.json: script[1].duration: does not apply to rotate on a placeholder container (rotate there takes frames, after)"
      ),
      (
        #"[{"back": {"touches": [[1, 1]], "release": "commit"}}]"#,
        #""kind": "tabs", "tabs": ["a"]"#,
        "s.json: script[0].back: a back gesture applies to a stack; give true"
      ),
    ] as [(String, String, String)])
  func inapplicable(script: String, container: String, message: String) throws {
    let refusal = try #require(Self.refusal(script, container: container))
    #expect(refusal.hasPrefix(message), "\(refusal)")
  }

  @Test(
    "every value is checked, and a bad one is an error at its place",
    arguments: [
      (#"[{"select": "z"}]"#, "s.json: script[0].select: no tab \"z\" (tabs: a, b)"),
      (#"[{"select": 2}]"#, "s.json: script[0].select: expected a tab index in 0…1, got 2"),
      (#"[{"select": -1}]"#, "s.json: script[0].select: expected a tab index in 0…1, got -1"),
      (#"[{"select": 1.5}]"#, "s.json: script[0].select: expected a whole number, got 1.5"),
      (
        #"[{"select": true}]"#,
        "s.json: script[0].select: expected a tab's id (a string) or index (a whole number)"
      ),
      (
        #"[{"select": 1, "slot": 0}]"#,
        "s.json: script[0].slot: \"slot\" does not apply to select (select takes style, curve, duration, frames, after, alongside)"
      ),
      (#"[{"present": "z"}]"#, "s.json: script[0]: no screen \"z\" (screens: a, b, c)"),
      (
        #"[{"present": "c", "style": "fade-in", "sheet": {"detents": ["large"]}}]"#,
        "s.json: script[0].sheet: give \"style\" (full-screen) or \"sheet\", not both"
      ),
      (
        #"[{"present": "c", "sheet": {"detents": []}}]"#,
        "s.json: script[0].sheet.detents: expected 1…16 detents, got 0"
      ),
      (
        #"[{"present": "c", "sheet": {"detents": ["medium"], "detent": "large"}}]"#,
        "s.json: script[0].sheet.detent: expected one of the sheet's detents"
      ),
      (
        #"[{"present": "c", "sheet": {"detents": ["huge"]}}]"#,
        #"s.json: script[0].sheet.detents[0]: expected "medium", "large", a fraction of the height in (0, 1] or points in (1, 16384], got "huge""#
      ),
      (
        #"[{"present": "c", "sheet": {"detents": [0]}}]"#,
        #"s.json: script[0].sheet.detents[0]: expected "medium", "large", a fraction of the height in (0, 1] or points in (1, 16384], got 0.0"#
      ),
      (
        #"[{"present": "c", "sheet": {"detents": [-0.5]}}]"#,
        #"s.json: script[0].sheet.detents[0]: expected "medium", "large", a fraction of the height in (0, 1] or points in (1, 16384], got -0.5"#
      ),
      (
        #"[{"present": "c", "sheet": {"detents": [1e9]}}]"#,
        #"s.json: script[0].sheet.detents[0]: expected "medium", "large", a fraction of the height in (0, 1] or points in (1, 16384], got 1000000000.0"#
      ),
      (
        #"[{"present": "c", "sheet": {"detents": [true]}}]"#,
        #"s.json: script[0].sheet.detents[0]: expected "medium", "large", a fraction of the height in (0, 1] or points in (1, 16384], got another kind of value"#
      ),
      (
        #"[{"present": "c", "sheet": {"detents": ["large"], "grabber": true}}]"#,
        "s.json: script[0].sheet.grabber: unknown key \"grabber\""
      ),
      (
        #"[{"present": "c", "velocity": 3}]"#,
        "s.json: script[0].velocity: \"velocity\" does not apply to present"
      ),
      (
        #"[{"dismiss": false}]"#,
        "s.json: script[0].dismiss: expected true (leave the operation out to not dismiss)"
      ),
      (
        #"[{"dismiss": true, "style": "fade-in"}]"#,
        "s.json: script[0].style: \"style\" does not apply to dismiss (dismiss takes frames, after, alongside)"
      ),
      (
        #"[{"detent": "tiny"}]"#,
        #"s.json: script[0].detent: expected "medium", "large", a fraction of the height in (0, 1] or points in (1, 16384], got "tiny""#
      ),
      (
        #"[{"detent": "large", "duration": 1}]"#,
        "s.json: script[0].duration: \"duration\" does not apply to detent (detent takes frames, after, alongside)"
      ),
      (
        #"[{"drag": []}]"#,
        "s.json: script[0].drag: expected 1…10000 finger offsets in points, each within ±1000000"
      ),
      (
        #"[{"drag": [1e7]}]"#,
        "s.json: script[0].drag: expected 1…10000 finger offsets in points, each within ±1000000"
      ),
      (#"[{"drag": [1, null]}]"#, "s.json: script[0].drag[1]: expected a number, found null"),
      (
        #"[{"drag": [1], "velocity": 1e6}]"#,
        "s.json: script[0].velocity: expected a velocity in ±100000 points per second, got 1000000.0"
      ),
      (#"[{"drag": [1], "velocity": "fast"}]"#, "s.json: script[0].velocity: expected a number"),
      (
        #"[{"drag": [1], "style": "fade-in"}]"#,
        "s.json: script[0].style: \"style\" does not apply to drag (drag takes velocity, frames, after, alongside)"
      ),
    ] as [(String, String)])
  func badValues(script: String, message: String) throws {
    let refusal = try #require(Self.refusal(script))
    #expect(refusal.hasPrefix(message), "\(refusal)")
  }

  @Test(
    "the container's own keys are checked",
    arguments: [
      (
        #""kind": "grid""#,
        #"s.json: container.kind: expected "stack", "tabs" or "placeholder", got "grid""#
      ),
      (
        #""kind": "tabs""#,
        "s.json: container.tabs: missing (a tabs container needs its tabs' root screens)"
      ),
      (
        #""kind": "tabs", "tabs": []"#,
        "s.json: container.tabs: missing (a tabs container needs its tabs' root screens)"
      ),
      (#""kind": "tabs", "tabs": ["a", "z"]"#, "s.json: container.tabs[1]: no screen \"z\""),
      (#""kind": "tabs", "tabs": ["a", "a"]"#, "s.json: container.tabs[1]: \"a\" roots two tabs"),
      (#""tabs": ["a"]"#, #"s.json: container.tabs: applies to a tabs container ("kind": "tabs")"#),
      (
        #""kind": "stack", "slots": []"#,
        #"s.json: container.slots: applies to a placeholder container ("kind": "placeholder")"#
      ),
      (
        #""kind": "placeholder", "slots": []"#,
        "s.json: container.slots: expected 1…64 slots, got 0"
      ),
      (
        #""kind": "placeholder", "slots": [{"id": "a", "frame": [0, 0, 1, 1]}]"#,
        "s.json: container.slots[0].id: the id \"a\" is used twice"
      ),
      (
        #""kind": "placeholder", "slots": [{"id": "s", "frame": [0, 0, -1, 1]}]"#,
        "s.json: container.slots[0].frame: expected [x, y, width, height]"
      ),
      (
        #""kind": "placeholder", "slots": [{"id": "s", "frame": [0, 0, 1]}]"#,
        "s.json: container.slots[0].frame: expected [x, y, width, height]"
      ),
      (
        #""kind": "placeholder", "slots": [{"id": "s", "frame": [0, 0, 1, 1], "color": "teal"}]"#,
        "s.json: container.slots[0].color: expected"
      ),
      (
        #""kind": "placeholder", "slots": [{"id": "s", "frame": [0, 0, 1, 1], "show": "a"}]"#,
        "s.json: container.slots[0].show: unknown key \"show\""
      ),
    ] as [(String, String)])
  func badContainers(container: String, message: String) throws {
    let refusal = try #require(Self.refusal(#"[{"wait": 0}]"#, container: container))
    #expect(refusal.hasPrefix(message), "\(refusal)")
  }

  @Test func aSlotBeyondTheSlotsIsAnError() throws {
    let refusal = try #require(
      Self.refusal(#"[{"swap": "a", "slot": 1}]"#, container: Self.placeholder))
    #expect(refusal == "s.json: script[0].slot: expected a slot index in 0…0, got 1")
    let negative = try #require(
      Self.refusal(#"[{"swap": "a", "slot": -1}]"#, container: Self.placeholder))
    #expect(negative.hasPrefix("s.json: script[0].slot: expected a slot index in 0…63, got -1"))
  }

  @Test(
    "an operation the container's state does not allow is an error naming it",
    arguments: [
      (#"[{"select": 0}]"#, "s.json: script[0]: tab 0 is already selected"),
      (#"[{"pop": true}]"#, "s.json: script[0]: cannot pop: the selected tab shows its root"),
      (
        #"[{"back": true}]"#,
        "s.json: script[0]: cannot go back: no selection or push before it to undo"
      ),
      (#"[{"dismiss": true}]"#, "s.json: script[0]: cannot dismiss: nothing is presented"),
      (
        #"[{"detent": "large"}]"#,
        "s.json: script[0]: cannot move to a detent: the top is not a sheet"
      ),
      (#"[{"drag": [10]}]"#, "s.json: script[0]: cannot drag: the top is not a sheet"),
      (#"[{"push": "b"}]"#, "s.json: script[0]: \"b\" is already in a tab"),
      (
        #"[{"present": "c", "style": "fade-in"}, {"drag": [10]}]"#,
        "s.json: script[1]: cannot drag: the top is not a sheet"
      ),
      (#"[{"present": "a"}]"#, "s.json: script[0]: \"a\" is already in the container"),
    ] as [(String, String)])
  func stateErrors(script: String, message: String) throws {
    let refusal = try #require(try Self.playRefusal(script))
    #expect(refusal == message)
  }

  /// In a container 20 points high or less the large detent is at the
  /// top: a drag there is refused (65), never a frame the renderer refuses.
  @Test func aSheetCannotBeDraggedInAContainerTooLow() throws {
    let text = """
      {"container": {"width": 30, "height": 18, "kind": "tabs", "tabs": ["a"]},
       "views": [{"id": "a"}, {"id": "c"}],
       "script": [{"present": "c", "sheet": {"detents": ["medium"]}}, {"drag": [-4, 30]}]}
      """
    let file = try SceneFile.decode(Data(text.utf8), name: "s.json")
    do throws(CLIError) {
      _ = try Story.play(file, name: "s.json")
      Issue.record("the drag was played")
    } catch {
      #expect(error.kind == .dataError)
      #expect(
        error.message
          == "s.json: script[1]: cannot drag a sheet in a container 18.0 points high (more than 20 needed)"
      )
    }
  }

  // MARK: Playing

  /// The frame of `id` in frame `index` of `story`, where it sits in the container.
  static func frame(_ story: PlayedStory, _ index: Int, _ id: String) -> Rect? {
    story.frames[index].scene().view(id)?.frame
  }

  @Test func tabsSwitchPushAndGoBackThroughTheirHistory() throws {
    let story = try Story.play(
      try Self.decode(
        #"[{"push": "c", "duration": 0, "frames": 1}, {"select": "b", "duration": 0.2, "frames": 3}, {"back": true, "duration": 0.2, "frames": 3}, {"back": true, "duration": 0.2, "frames": 3}, {"wait": 0}]"#
      ), name: "s.json")
    #expect(story.frames.count == 1 + 3 + 3 + 3 + 1)
    func shown(_ index: Int) -> [String] {
      // On screen: not hidden, not transparent, not moved off the container.
      story.frames[index].scene().views.filter {
        !$0.isHidden && $0.alpha > 0 && $0.frame.minX < 40 && $0.frame.maxX > 0
      }.map(\.id)
    }
    // The tab's top covers the screens below it, hidden.
    #expect(shown(0) == ["c"])
    // The switch cross-dissolves from the tab's top (c) to b, then b alone.
    #expect(shown(2).contains("b") && shown(2).contains("c"))
    #expect(shown(3) == ["b"])
    // back undoes the switch, then the push.
    #expect(shown(6) == ["c"])
    #expect(shown(10) == ["a"])
  }

  @Test func aSheetRestsOnItsDetentDimsAndFollowsTheFinger() throws {
    let file = try Self.decode(
      #"[{"present": "c", "sheet": {"detents": ["medium", "large"], "detent": "medium"}, "frames": 2}, {"drag": [-10, -15], "velocity": -800, "frames": 2}, {"drag": [20, 60], "velocity": 3000, "frames": 2}]"#
    )
    let story = try Story.play(file, name: "s.json")
    #expect(story.frames.count == 2 + 2 + 2 + 2 + 2)
    #expect(file.scriptFrameCount == story.frames.count)
    // At medium: the sheet's frame is the lower half, the dimming layer
    // covers the container, the screen below is not scaled back.
    #expect(Self.frame(story, 1, "c") == Rect(x: 0, y: 40, width: 40, height: 40))
    #expect(Self.frame(story, 1, "dimming:c") == Rect(x: 0, y: 0, width: 40, height: 80))
    // The sheet's contents are laid out at the sheet's width, from its top.
    let content = try #require(story.frames[1].scene().view("c")?.children.first)
    #expect(content.id == "c-top" && content.frame == Rect(x: 0, y: 0, width: 40, height: 10))
    // The finger moves it 1:1 (10 and 15 points up)...
    #expect(Self.frame(story, 2, "c")?.minY == 30)
    #expect(Self.frame(story, 3, "c")?.minY == 25)
    // ... and the release settles it on large: 80 − max(20, 4.8) = 60 high.
    let large = Rect(x: 0, y: 20, width: 40, height: 60)
    #expect(Self.frame(story, 5, "c") == large)
    #expect(try #require(story.frames[5].scene().view("a")).transform != .identity)
    // A flick down dismisses it: the last frame is the tab alone, as before.
    #expect(Self.frame(story, 9, "c") == nil && Self.frame(story, 9, "dimming:c") == nil)
    #expect(story.frames[9].scene().view("a")?.transform == .identity)
  }

  @Test func backOverASheetDismissesIt() throws {
    let story = try Story.play(
      try Self.decode(
        #"[{"show": "a"}, {"push": "c", "duration": 0}, {"present": "b", "sheet": {"detents": ["large"]}, "frames": 2}, {"back": true, "frames": 2}, {"wait": 0}]"#,
        container: Self.stack),
      name: "s.json")
    // b was never in a tab: the stack shows a and c, then the sheet, then
    // back takes the sheet away and leaves c on top.
    let last = try #require(story.frames.last).scene()
    #expect(last.view("b") == nil && last.views.map(\.id) == ["a", "c"])
  }

  @Test func aPlaceholderSwapsEachSlotsScreen() throws {
    let story = try Story.play(
      try Self.decode(
        #"[{"swap": "a", "duration": 0, "frames": 1}, {"swap": "b", "slot": 1, "duration": 0, "frames": 1}, {"swap": "c", "duration": 0.2, "frames": 3}, {"rotate": "landscape"}]"#,
        container:
          #""kind": "placeholder", "slots": [{"id": "top", "frame": [0, 0, 40, 40]}, {"id": "bottom", "frame": [0, 40, 40, 40]}]"#
      ), name: "s.json")
    #expect(story.frames.count == 1 + 1 + 3 + 1)
    // The swap's last frame shows its end (a faded out, still in the
    // slot); the rotation's frame shows the swap settled.
    #expect(story.frames[4].scene().view("a")?.alpha == 0)
    let settled = story.frames[5].scene()
    #expect(settled.view("top")?.children.map(\.id) == ["c"])
    #expect(settled.view("bottom")?.children.map(\.id) == ["b"])
    // The screen is laid out at its slot's size.
    #expect(
      story.frames[4].scene().view("c")?.children.first?.frame
        == Rect(x: 0, y: 0, width: 40, height: 10))
    // A rotation scales the slots with the container.
    let turned = try #require(story.frames.last).scene()
    #expect(turned.size == Size(width: 80, height: 40))
    #expect(turned.view("bottom")?.frame == Rect(x: 0, y: 20, width: 80, height: 20))
  }

  @Test func theScriptsFrameCountIsWhatTheStoryDraws() throws {
    for script in [
      #"[{"select": 1}, {"push": "c"}, {"pop": true}, {"back": true}, {"rotate": "landscape", "duration": 0.3}]"#,
      #"[{"present": "c", "sheet": {"detents": [0.3, 1]}}, {"detent": 1}, {"rotate": "landscape"}, {"drag": [1, 2, 3], "velocity": 4000}, {"wait": 0.1}]"#,
      #"[{"present": "c", "frames": 5}, {"back": true}, {"select": "b", "frames": 0}]"#,
    ] {
      let file = try Self.decode(script)
      let story = try Story.play(file, name: "s.json")
      #expect(file.scriptFrameCount == story.frames.count, "\(script)")
    }
  }

  @Test("the reference's table of the containers' verbs lists the keys each takes")
  func referenceTable() throws {
    let text = try SceneFilesReferenceTests.reference()
    let start = try #require(text.range(of: "## Tabs, placeholders and presentations"))
    let end = try #require(
      text.range(of: "## Matched views", range: start.upperBound..<text.endIndex))
    var verbs: [String] = []
    for line in text[start.upperBound..<end.lowerBound].split(separator: "\n")
    where line.hasPrefix("| `{\"") {
      let cells = line.split(separator: " | ")
      let verb = String(cells[0].dropFirst(5).prefix { $0 != "\"" })
      let keys = cells[cells.count - 1].split(separator: "`", omittingEmptySubsequences: false)
        .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      #expect(keys == ScriptOperation.keys(of: verb), "\(verb)")
      verbs.append(verb)
    }
    #expect(verbs == ["select", "swap", "present", "dismiss", "detent", "drag"])
  }

  // MARK: The example, through animrender

  static let example = PackageFiles.root.appendingPathComponent("Examples/tabs-and-sheet.json")
    .path

  @Test func theTabsAndSheetExampleMatchesItsGolden() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      [
        "play", Self.example, "--layout", "grid", "--columns", "8", "--scale", "0.5", "-o", "t.png",
      ],
      in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let image = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("t.png").path)
    try assertGolden(image, named: "tabs-and-sheet", suite: "examples")
  }

  /// `--states` lists every screen under its own id, where it sits in the
  /// container: the tabs' screens, the sheet and its dimming layer.
  @Test func theExamplesStatesListEveryScreenWhereItSits() throws {
    let folder = TemporaryDirectory.make()
    let result = try animrender.run(
      ["play", Self.example, "--layout", "grid", "--states", "s.json", "-o", "t.png"], in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    let states = try JSONDecoder().decode(
      StatesFile.File.self, from: Data(contentsOf: folder.appendingPathComponent("s.json")))
    let file = try SceneFile.load(Self.example)
    #expect(states.frames.count == file.scriptFrameCount)
    func views(_ index: Int) -> [String: StatesFile.ViewEntry] {
      Dictionary(
        states.frames[index].views.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
    // The first frame: the inbox tab alone.
    let first = views(0)
    #expect(first["inbox"]?.frame == [0, 0, 180, 390] && first["inbox"]?.hidden == false)
    #expect(first["filters"] == nil && first["search"] == nil)
    // Once the sheet rests at medium: the search tab shown, the inbox and
    // its pushed message hidden, the dimming layer over the container, the
    // sheet the lower half.
    let presented = try #require(
      states.frames.firstIndex { frame in
        frame.views.contains { $0.id == "filters" && $0.frame == [0, 195, 180, 195] }
      })
    let medium = views(presented)
    #expect(medium["search"]?.hidden == false)
    #expect(medium["inbox"]?.hidden == true && medium["message"]?.hidden == true)
    #expect(medium["dimming:filters"]?.frame == [0, 0, 180, 390])
    #expect(medium["dimming:filters"]?.alpha == 0.4)
    // Dragged to large and rotated: the sheet fills the landscape
    // container but a strip, 180 − 20 points high.
    #expect(
      states.frames.contains { frame in
        frame.views.contains { $0.id == "filters" && $0.frame == [0, 20, 390, 160] }
      })
    // Flicked down: the last frame shows the search tab alone, in landscape.
    let last = views(states.frames.count - 1)
    #expect(last["filters"] == nil && last["dimming:filters"] == nil)
    #expect(last["search"]?.frame == [0, 0, 390, 180] && last["search"]?.hidden == false)
  }
}
