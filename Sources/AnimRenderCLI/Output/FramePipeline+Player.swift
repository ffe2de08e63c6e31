import Synchronization
import Transit
import TransitRender

/// The player file (`-o story.html`): every frame drawn and compressed as
/// soon as it is drawn, so only the compressed pictures are kept, then put
/// in one page with the frames' times, names and states.
extension FramePipeline {
  /// The page's bytes.
  func playerPage(title: String, progress: ProgressBar, account: MemoryAccount) throws(CLIError)
    -> [UInt8]
  {
    let urls = Mutex<[String?]>(Array(repeating: nil, count: job.frames.count))
    try draw(progress: progress) { index, image throws(CLIError) in
      let url = try PlayerStory.dataURL(image)
      try account.spend(
        url.utf8.count, for: "frame \(index + 1) for the player (\(url.utf8.count) bytes)",
        advice: "draw fewer frames or use a smaller --scale")
      urls.withLock { $0[index] = url }
    }
    let times = frameTimes
    let images = urls.withLock { $0.map { $0 ?? "" } }
    let frames = PlayerStory.frames(job.frames, times: times) { images[$0] }
    var states: [PlayerStory.States] = []
    var previous: StatesFile.FrameEntry?
    for (k, frame) in job.frames.enumerated() {
      let entry = StatesFile.entry(index: k, time: frame.time, scene: frame.scene())
      states.append(PlayerStory.States(entry, after: previous))
      previous = entry
    }
    let story = PlayerStory(
      title: title, width: pixelWidth, height: budget.cellHeight, scale: job.output.scale,
      end: times.end, frames: frames, states: states)
    return PlayerPage.html(story: try story.json())
  }
}
