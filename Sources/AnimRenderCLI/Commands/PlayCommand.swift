import ArgumentParser
import Foundation
import Transit
import TransitRender

/// `animrender play SCENE.json`: a scene file's whole story as one output.
struct PlayCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "play",
    abstract:
      "Draw a scene file's script of container operations and view animations as one strip, grid, frame set, animation or video.",
    discussion: """
      The scene-file format is described in Docs/SceneFiles.md, the timing of animations in \
      Docs/CLI.md; Examples/ has complete files.

      \(OutputFormat.helpLines)

      Examples:
        animrender play Examples/push-rotate-pop.json --layout grid --columns 6 -o story.png
        animrender play Examples/flip-cards.json --fps 30 --hold 1 -o flip.gif
        animrender play Examples/interactive-pop.json --labels -o drag.gif
        animrender play Examples/card-expand.json --fps 30 -o card.gif
      """)

  @Argument(help: "The scene file (JSON).")
  var sceneFile: String

  @Option(
    help:
      "Sample the whole story at this many frames per second, (0, 1000], instead of each operation's frames."
  )
  var fps: Double?

  @OptionGroup var output: OutputOptions

  func validate() throws {
    if let fps { try FrameCountOptions.check(fps: fps) }
  }

  func run() throws {
    try CommandRunner.run {
      let (job, destination) = try makeJob()
      try job.run(to: destination)
    }
  }

  /// Everything before drawing: the file read and checked, its images
  /// decoded, its script played into frames, and where they go.
  func makeJob() throws(CLIError) -> (Job, String) {
    do {
      var memory = MemoryBudget()
      let file = try SceneFile.load(sceneFile, charging: &memory)
      // The whole script's frame count, from the decoded script, before any
      // frame or image is built.
      // With --fps the count depends on the story's length; the story
      // stops itself at the limit.
      let count = fps == nil ? file.scriptFrameCount : 0
      guard count <= RenderLimits.maximumFrames else {
        throw CLIError.usage(
          "\(sceneFile): the script draws \(count == Int.max ? "more than \(Int.max)" : "\(count)") frames, more than the \(RenderLimits.maximumFrames) one run draws"
        )
      }
      let folder = StagedFile.folder(of: sceneFile)
      let images = ImageProvider(baseDirectory: folder)
      // Every image's header is read before anything else, so a missing or
      // broken one fails at once with the field that names it, and its
      // decoded pixels are charged to the run's memory budget; the images
      // are decoded only once the frames and the output are charged too.
      var pending = InputImages()
      var inputs = [OutputPaths.Named(what: "the scene file \(sceneFile)", path: sceneFile)]
      var named = Set<String>()
      for (place, path) in file.imagePaths where named.insert(path).inserted {
        let resolved = images.resolve(path)
        inputs.append(.init(what: "the image \(resolved) (\(place))", path: resolved))
        try pending.add(
          path, path: resolved, what: "\(sceneFile): \(place): \(resolved)",
          name: "\(place) \(resolved)", to: &memory)
      }
      let story = try Story.play(file, name: sceneFile, rate: fps, memory: memory)
      var frames = story.frames
      guard !frames.isEmpty else { throw CLIError.data("\(sceneFile): the script draws no frames") }
      let canvas = Size(
        width: frames.map(\.size.width).max() ?? 1, height: frames.map(\.size.height).max() ?? 1)
      for i in frames.indices where frames[i].size != canvas { frames[i].canvas = canvas }
      let stem = String(sceneFile.split(separator: "/").last ?? "story").replacingOccurrences(
        of: ".json", with: "")
      let destination = output.output ?? RenderCommand.defaultOutput(output, style: stem)
      let job = Job(
        frames: frames, size: canvas, images: images, output: output, duration: story.time,
        memory: story.memory, pendingImages: pending, inputs: inputs)
      return (job, destination)
    }
  }
}
