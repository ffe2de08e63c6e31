import Transit

/// A white screen with a title (`ID-title`, 100×20 at 10, 10): the view
/// the alongside tests fade while the screen moves.
func titled(_ id: String) -> View {
  View(
    id: id, frame: .zero, backgroundColor: .white,
    children: [View(id: "\(id)-title", frame: Rect(x: 10, y: 10, width: 100, height: 20))])
}

/// A linear fade of the view `id` to `alpha` over 0.2 s.
func fade(_ id: String, to alpha: Double) -> Animation {
  Animation([AnimationStep(duration: 0.2, curve: .linear, changes: [.alpha(id, to: alpha)])])
}
