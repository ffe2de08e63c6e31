import Transit

/// `{"select": ID or INDEX}`: a tabs container switches to the tab, with
/// the operation's style (`cross-dissolve` by default) between the two
/// tabs' top screens.
struct SelectVerb: StoryVerb {
  var tab: TabSpec

  func perform(_ operation: ScriptOperation, frames: StepFrames, in story: Story)
    throws(CLIError)
  {
    let tabs = try story.container(story.tabs, "a tabs container", for: operation)
    let index: Int
    switch tab {
    case .index(let given): index = given
    case .id(let id): index = story.file.container.tabs?.firstIndex(of: id) ?? -1
    }
    guard (0..<tabs.tabCount).contains(index) else {
      throw story.fail(operation, "no tab \(index) among \(tabs.tabCount)")
    }
    guard index != tabs.selectedIndex else {
      throw story.fail(operation, "tab \(index) is already selected")
    }
    let alongside = try story.alongside(operation) {
      // The tab's top screen, as it will show (a tab not loaded yet: its root).
      tabs.stackIDs(ofTab: index).last.flatMap { top in
        tabs.scene.view(top) ?? story.file.screen(top, bounds: story.bounds)
      }
    }
    tabs.select(
      index, style: try story.style(operation, default: "cross-dissolve"), alongside: alongside)
    try story.animate(operation, frames: frames.drawn)
  }
}
