import Transit
import TransitTesting

/// Two screens, "from" below and "to" above, filling a container, and a
/// style's transition between them: what `render` and the demo draw.
struct TransitionPair {
  var style: any TransitionStyle
  var size: Size
  var duration: Double?
  var curve: TimingCurve?
  /// Image names for screenshots; placeholders when nil.
  var fromImage: String?
  var toImage: String?

  var bounds: Rect { Rect(size: size) }

  /// Both screens laid out at the bounds, as before the transition.
  func baseScene() -> Scene {
    func screen(_ id: String, image: String?, placeholder: PlaceholderScreen) -> View {
      guard let image else { return placeholder.view(id: id, bounds: bounds) }
      return View(
        id: id, frame: bounds, backgroundColor: .white, clipsToBounds: true, content: .named(image))
    }
    return Scene(
      size: size, backgroundColor: .black,
      views: [
        screen("from", image: fromImage, placeholder: .red),
        screen("to", image: toImage, placeholder: .blue),
      ])
  }

  var context: TransitionContext {
    TransitionContext(
      bounds: bounds, appearingViewID: "to", disappearingViewID: "from", duration: duration)
  }

  /// The forward timeline, or the pop: the style's own reverse when it has
  /// one, else the exact reverse of the forward.
  func timeline(reversed: Bool) throws(CLIError) -> Timeline {
    do {
      let style: any TransitionStyle =
        curve.map { CurveOverride(base: self.style, curve: $0) } ?? self.style
      let forward = try style.animation(for: context).timeline(from: baseScene())
      guard reversed else { return forward }
      if let own = try style.reverseAnimation(for: context) {
        return try own.timeline(from: forward.endScene)
      }
      return forward.reversed()
    } catch {
      throw CLIError.data("style \(style.name): \(error.message)")
    }
  }
}
