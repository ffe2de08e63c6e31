import Transit

extension FramePipeline {
  /// How deep 3-D views nest in `views`: 0 with none, 1 for 3-D views
  /// with no 3-D view inside, and so on.
  static func perspectiveDepth(in views: [View]) -> Int {
    views.reduce(0) { depth, view in
      max(depth, perspectiveDepth(in: view.children) + (view.transform.isAffine2D ? 0 : 1))
    }
  }

  /// How deep 3-D views nest in any of `frames`, without building a
  /// story's scenes: a story frame keeps its stack's top-level views and
  /// takes its screens' children from ``StoryScreens``, shared by every
  /// frame, so the children of each screen at each bounds are walked once
  /// for the whole story and each frame adds only its few top-level views.
  /// (A frame whose views an `animate` changed, a still or a timeline's
  /// sample is walked whole.)
  static func perspectiveDepth(of frames: [FrameSpec]) -> Int {
    var screens: [ScreenLayout: Int] = [:]
    var depth = 0
    for frame in frames {
      guard case .story(let story) = frame.source, story.animated == AnimatedViews() else {
        depth = max(depth, perspectiveDepth(in: frame.scene().views))
        continue
      }
      for view in story.stack.views {
        let inside: Int
        if view.children.isEmpty, story.screens.isScreen(view.id) {
          let key = ScreenLayout(
            screens: ObjectIdentifier(story.screens), id: view.id, width: story.bounds.width,
            height: story.bounds.height)
          if let known = screens[key] {
            inside = known
          } else {
            inside = perspectiveDepth(
              in: story.screens.children(of: view.id, bounds: story.bounds) ?? [])
            screens[key] = inside
          }
        } else {
          inside = perspectiveDepth(in: view.children)
        }
        depth = max(depth, inside + (view.transform.isAffine2D ? 0 : 1))
      }
    }
    return depth
  }

  /// A screen's children as one story lays them out at one size.
  private struct ScreenLayout: Hashable {
    var screens: ObjectIdentifier
    var id: String
    var width: Double
    var height: Double
  }
}
