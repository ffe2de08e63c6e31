import Transit

/// One curve of every kind, for the random animations.
enum RandomCurves {
  static let all: [TimingCurve] = [.linear, .ease, .easeIn, .easeOut, .easeInOut]
}
