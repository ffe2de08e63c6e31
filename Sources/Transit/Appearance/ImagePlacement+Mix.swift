extension ImagePlacement {
  /// How much of each way of placing an image a placement mixes: what a
  /// tool shows of a view whose content mode is changing, and what tells
  /// which mode it is nearest.
  ///
  /// A settled mode has one weight of 1 (the nine modes that draw the
  /// image at its own size all weigh on ``ownSize``, told apart by
  /// ``anchor``); part of the way from mode A to mode B at progress `p`,
  /// A's weight is `1 − p` and B's `p`.
  public struct Mix: Hashable, Sendable {
    /// The weight of the stretched rect (scale-to-fill).
    public var scaleToFill: Double
    /// The weight of the fitted rect (aspect-fit).
    public var aspectFit: Double
    /// The weight of the covering rect (aspect-fill).
    public var aspectFill: Double
    /// The weight of the image drawn at its own size.
    public var ownSize: Double
    /// Where the own-size part pins the image, as fractions of the room
    /// left on each axis (0 left or top, ½ centre, 1 right or bottom), or
    /// `nil` when ``ownSize`` is 0.
    public var anchor: (x: Double, y: Double)? {
      ownSize == 0 ? nil : (anchorX / ownSize, anchorY / ownSize)
    }
    let anchorX: Double
    let anchorY: Double
  }

  /// The weights of this placement.
  public var mix: Mix {
    Mix(
      scaleToFill: stretched, aspectFit: fitted, aspectFill: filled, ownSize: natural,
      anchorX: anchorX, anchorY: anchorY)
  }

  /// The settled mode nearest this placement: the mode itself when it is
  /// settled, else the one whose weights differ least from it in sum
  /// (the first in `ContentMode.allCases` order on a tie), which part of
  /// the way between two modes is the end it is nearer.
  public var nearestMode: ContentMode {
    if let mode { return mode }
    func distance(_ other: ImagePlacement) -> Double {
      abs(stretched - other.stretched) + abs(fitted - other.fitted)
        + abs(filled - other.filled) + abs(natural - other.natural)
        + abs(anchorX - other.anchorX) + abs(anchorY - other.anchorY)
    }
    var best = ContentMode.scaleToFill
    var bestDistance = Double.infinity
    for mode in ContentMode.allCases {
      let d = distance(ImagePlacement(mode))
      if d < bestDistance { (best, bestDistance) = (mode, d) }
    }
    return best
  }
}
