import Transit
import TransitRender

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

  /// The push from "from" to "to", along ``curve`` when one is given.
  var transition: Transition {
    let played: any TransitionStyle = curve.map { style.withCurve($0) } ?? style
    return Transition(
      style: played, appearingViewID: "to", disappearingViewID: "from", duration: duration)
  }

  /// The forward timeline, or the pop: ``Transition``'s, exactly what a
  /// container plays (the style's own reverse when it has one, else the
  /// exact reverse of the forward; an instant pop lands where an animated
  /// one does).
  func timeline(reversed: Bool) throws(CLIError) -> Timeline {
    do {
      return reversed
        ? try transition.reverseTimeline(from: baseScene(), bounds: bounds)
        : try transition.forwardTimeline(from: baseScene(), bounds: bounds)
    } catch {
      throw CLIError.data("style \(style.name): \(error.message)")
    }
  }
}
