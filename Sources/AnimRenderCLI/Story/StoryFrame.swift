import Synchronization
import Transit

/// One frame of a ``Story`` as it is kept until drawn: the stack's scene as
/// the library left it, and the bounds its screens' contents are laid out
/// at when the frame is drawn.
///
/// A frame keeps no copy of the screens' contents: the stack's scene is
/// kept without its screens' children (the stack samples them afresh for
/// every frame), so a frame costs its few top-level views and their small
/// id index; the children laid out at the frame's bounds come from
/// ``StoryScreens``, made once per screen and bounds and shared by every
/// frame that draws them. A 1,000-frame push over a screen of 10,000
/// children once kept 1,000 copies of them and of their id index
/// (4.45 GiB); it now keeps one.
struct StoryFrame: Sendable, Equatable {
  /// The stack's scene, screens as the stack placed them, without their
  /// children (views the stack added, which are not screens, keep theirs).
  var stack: Scene
  /// The container's bounds when the frame was taken.
  var bounds: Rect
  /// Where the screens' laid-out children come from.
  var screens: StoryScreens
  /// The views `animate` operations changed, drawn as they left them (or,
  /// during one, as it shows them) over the laid-out screens.
  var animated: AnimatedViews
  /// The screens presented as sheets: their contents are laid out at the
  /// container's width and the large detent's height, from the top, and
  /// the sheet shows as much of them as its height (clipped).
  var sheets: [String]

  /// The frame the stack's `scene` shows at `bounds`.
  ///
  /// `keepsChildren` keeps the screens' children as the stack has them,
  /// as while a rotation animates them from one layout to the other (a
  /// sheet's are laid out again all the same).
  init(
    stack scene: Scene, bounds: Rect, screens: StoryScreens,
    animated: AnimatedViews = AnimatedViews(), keepsChildren: Bool = false, sheets: [String] = []
  ) {
    var stack = scene
    // While matched views fly, the screens hide the flying originals in
    // place: their children are kept as the stack has them (the flights'
    // overlays, `match:KEY`, are not screens and always keep theirs).
    let flies = stack.views.contains { !screens.isScreen($0.id) && $0.isFlightOverlay }
    func strips(_ view: View) -> Bool {
      screens.isScreen(view.id) && (!keepsChildren || sheets.contains(view.id))
    }
    if !flies, stack.views.contains(where: { !$0.children.isEmpty && strips($0) }) {
      stack.views = stack.views.map { view in
        guard strips(view) else { return view }
        var screen = view
        screen.children = []
        return screen
      }
    }
    self.stack = stack
    self.bounds = bounds
    self.screens = screens
    self.animated = animated
    self.sheets = sheets
  }

  /// This frame with the animated views as `animated` has them.
  func with(_ animated: AnimatedViews) -> StoryFrame {
    var frame = self
    frame.animated = animated
    return frame
  }

  /// The scene as drawn: the container's colour behind, each screen's
  /// children laid out at ``bounds`` (those kept because views flew, as
  /// they were kept).
  func scene() -> Scene {
    var scene = stack
    scene.backgroundColor = screens.file.containerColor
    var views = scene.views
    var changed = false
    for i in views.indices where views[i].children.isEmpty {
      let id = views[i].id
      let children: [View]?
      if sheets.contains(id) {
        // A sheet's contents fill its width and the large detent's height
        // of the picture, which differ from the bounds' only while a
        // rotation animates (those in-between layouts are not kept).
        let sheet = Rect(
          x: 0, y: 0, width: views[i].frame.width,
          height: SheetDetent.large.height(in: scene.size))
        let resting = Rect(
          x: 0, y: 0, width: bounds.width, height: SheetDetent.large.height(in: bounds.size))
        children =
          sheet == resting
          ? screens.children(of: id, bounds: resting)
          : screens.file.screen(id, bounds: sheet)?.children
      } else {
        children = screens.children(of: id, bounds: bounds)
      }
      if let children {
        views[i].children = children
        changed = true
      }
    }
    if changed { scene.views = views }
    return animated.applied(to: scene)
  }

  static func == (a: StoryFrame, b: StoryFrame) -> Bool {
    a.bounds == b.bounds && a.screens === b.screens && a.stack == b.stack
      && a.animated == b.animated && a.sheets == b.sheets
  }
}

/// A scene file's screens laid out at the bounds a story draws them at,
/// each made once and shared by every frame (and every worker) that draws
/// it.
final class StoryScreens: Sendable {
  let file: SceneFile
  private let layouts = Mutex<[Key: [View]]>([:])

  private struct Key: Hashable {
    var id: String
    var width: Double
    var height: Double
  }

  /// The ids of the file's screens.
  private let ids: Set<String>

  init(file: SceneFile) {
    self.file = file
    ids = Set(file.views.map(\.id))
  }

  /// Whether `id` is one of the file's screens.
  func isScreen(_ id: String) -> Bool { ids.contains(id) }

  /// The children of the screen `id` laid out to fill `bounds`, or `nil`
  /// when the file has no such screen. A story's bounds take at most two
  /// shapes (portrait and landscape), so at most two layouts of a screen
  /// are kept.
  func children(of id: String, bounds: Rect) -> [View]? {
    let key = Key(id: id, width: bounds.width, height: bounds.height)
    if let kept = layouts.withLock({ $0[key] }) { return kept }
    guard let screen = file.screen(id, bounds: bounds) else { return nil }
    return layouts.withLock { layouts in
      if let kept = layouts[key] { return kept }
      layouts[key] = screen.children
      return screen.children
    }
  }
}
