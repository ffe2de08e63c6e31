import Transit

extension Animation {
  /// Every moment a step starts or ends on the animation's own schedule:
  /// where an overlapping change may begin or stop, so where continuity
  /// tests look for a jump.
  var stepBoundaries: [Double] {
    let (starts, _) = schedule
    return starts + zip(starts, steps).map { start, step in start + step.duration }
  }
}
