import Transit

extension Renderer {
  /// Draws `timeline` at `time` seconds (clamped into its duration).
  ///
  /// - Throws: ``RenderError`` when the scene cannot be drawn (see
  ///   ``render(_:)``).
  public func render(_ timeline: Timeline, at time: Double) throws(RenderError) -> Image {
    try render(timeline.sample(at: time))
  }

  /// Draws frame `index` of `count` of `timeline`: frame 0 is its start and
  /// frame `count − 1` its end, exactly.
  ///
  /// - Throws: ``RenderError`` when the scene cannot be drawn.
  public func render(_ timeline: Timeline, frame index: Int, of count: Int) throws(RenderError)
    -> Image
  {
    try render(timeline.sample(frame: index, of: count))
  }
}
