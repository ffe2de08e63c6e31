/// One frame a ``Story`` has drawn, handed to its ``StorySink`` as it is
/// drawn: the picture, when it shows on the story's clock, and which
/// operation of the script drew it.
struct StoryShot {
  /// The picture, its screens laid out when drawn.
  var picture: StoryFrame
  /// Seconds since the start of the story.
  var time: Double
  /// The progress (0…1) a drag holds the transition at, for a frame that
  /// shows one; the story's time stands still while a finger drags.
  var progress: Double?
  /// Whether the picture repeats the frame before it where an operation
  /// begins: a sheet shows it (each operation's frames complete), an
  /// animation leaves it out (the frame before shows until the next).
  var repeatsPrevious = false
  /// The index in the scene file's script of the operation that drew it
  /// (none for the settled end a run at a frame rate closes on).
  var operation: Int?
}

/// Where a ``Story`` puts the frames it draws, one at a time and in order.
///
/// The story plays the script; what becomes of each frame (kept to be
/// drawn, charged to a memory budget, counted) is the sink's business, so
/// the story needs nothing from the layers that draw and write.
protocol StorySink: AnyObject {
  /// How many frames the sink holds: the story stops a run sampled at a
  /// frame rate when this reaches its frame limit.
  var count: Int { get }
  /// Takes `shot`, the next frame; throws to stop the story (a spent
  /// budget, for one).
  func keep(_ shot: StoryShot) throws(CLIError)
}
