import Transit
import TransitRender

/// The scenes behind the goldens of what a view looks like: corners one by
/// one, shadows, content modes and text colour. Colours as in
/// ``GoldenScenes``.
enum AppearanceGoldenScenes {
  typealias G = GoldenScenes

  /// Four corners set one by one, with borders; a shape whose radii
  /// overflow its sides (scaled down as CSS does, keeping their
  /// proportions); a parent clipping its child to a leaf shape.
  static var cornerRadii: Scene {
    Scene(
      size: Size(width: 300, height: 140), backgroundColor: G.paper,
      views: [
        View(
          id: "tl", frame: Rect(x: 10, y: 10, width: 80, height: 55),
          backgroundColor: G.blue, border: Border(width: 4, color: G.ink)
        ).with(CornerRadii(topLeft: 24, topRight: 0, bottomRight: 0, bottomLeft: 0)),
        View(
          id: "mixed", frame: Rect(x: 110, y: 10, width: 80, height: 55),
          backgroundColor: G.yellow, border: Border(width: 8, color: G.red)
        ).with(CornerRadii(topLeft: 4, topRight: 16, bottomRight: 28, bottomLeft: 10)),
        View(
          id: "outline", frame: Rect(x: 210, y: 10, width: 80, height: 55),
          border: Border(width: 3, color: G.ink)
        ).with(CornerRadii(topLeft: 0, topRight: 27, bottomRight: 0, bottomLeft: 27)),
        // 60 + 60 on a 50-high side: every radius × 50/120.
        View(
          id: "overflow", frame: Rect(x: 10, y: 78, width: 120, height: 50),
          backgroundColor: G.green, border: Border(width: 3, color: G.ink)
        ).with(CornerRadii(topLeft: 60, topRight: 10, bottomRight: 60, bottomLeft: 10)),
        View(
          id: "leaf", frame: Rect(x: 150, y: 78, width: 140, height: 50),
          backgroundColor: G.blue, clipsToBounds: true,
          children: [
            View(
              id: "band", frame: Rect(x: -10, y: 15, width: 160, height: 20), backgroundColor: G.red
            )
          ]
        ).with(CornerRadii(topLeft: 25, topRight: 0, bottomRight: 25, bottomLeft: 0)),
      ])
  }

  /// Shadows of several blurs, offsets, opacities and colours, under
  /// opaque cards, a translucent card (alpha 0.6) and a card with a
  /// translucent background (its shadow shows through it), and a card with
  /// no fill at all (only its border and its shadow).
  static var shadows: Scene {
    func card(
      _ id: String, _ x: Double, _ y: Double, _ shadow: Shadow, alpha: Double = 1,
      color: Color = .white, radii: CornerRadii = CornerRadii(uniform: 10)
    ) -> View {
      View(
        id: id, frame: Rect(x: x, y: y, width: 70, height: 50), alpha: alpha,
        backgroundColor: color, shadow: shadow
      ).with(radii)
    }
    return Scene(
      size: Size(width: 340, height: 200), backgroundColor: G.paper,
      views: [
        card("sharp", 20, 20, Shadow(opacity: 0.5, radius: 0, offset: Size(width: 6, height: 6))),
        card("soft", 130, 20, Shadow(opacity: 0.35, radius: 6, offset: Size(width: 0, height: 4))),
        card(
          "wide", 240, 20, Shadow(opacity: 0.8, radius: 14, offset: Size(width: 0, height: 10)),
          radii: CornerRadii(topLeft: 0, topRight: 25, bottomRight: 0, bottomLeft: 25)),
        card(
          "coloured", 20, 120,
          Shadow(color: G.red, opacity: 1, radius: 3, offset: Size(width: -4, height: 6)),
          color: G.blue),
        card(
          "translucent", 130, 120,
          Shadow(opacity: 0.9, radius: 5, offset: Size(width: 8, height: 8)), alpha: 0.6,
          color: G.yellow),
        card(
          "see-through", 240, 120,
          Shadow(color: G.blue, opacity: 0.8, radius: 4, offset: Size(width: 10, height: 6)),
          color: Color(red: 1, green: 1, blue: 1, alpha: 0.4)),
      ])
  }

  /// A card and its shadow turned 50° about the vertical axis in
  /// perspective: the shadow turns with the card.
  static var shadowTurned: Scene {
    var card = View(
      id: "card", frame: Rect(x: 60, y: 40, width: 140, height: 90),
      transform: GoldenScenes.perspectiveRotation(50 * .pi / 180, maxSide: 260),
      backgroundColor: .white, cornerRadius: 14, border: Border(width: 2, color: G.ink),
      shadow: Shadow(opacity: 0.6, radius: 8, offset: Size(width: 0, height: 12)))
    card.children = [
      View(
        id: "bar", frame: Rect(x: 14, y: 14, width: 112, height: 16), backgroundColor: G.red,
        cornerRadius: 4)
    ]
    return Scene(size: Size(width: 260, height: 180), backgroundColor: G.paper, views: [card])
  }

  /// The picture (64×32) in views of 84×52, under each of UIKit's twelve
  /// content modes, over a tinted background so that letterboxing shows;
  /// the views clip the picture to their rounded shape.
  static var contentModes: Scene {
    let modes = ContentMode.allCases
    let views = modes.enumerated().map { index, mode in
      View(
        id: mode.rawValue,
        frame: Rect(
          x: 10 + Double(index % 4) * 96, y: 10 + Double(index / 4) * 64, width: 84, height: 52),
        backgroundColor: Color(red: 0.85, green: 0.87, blue: 0.92), cornerRadius: 8,
        content: .named("picture"), contentMode: mode)
    }
    return Scene(size: Size(width: 394, height: 202), backgroundColor: G.paper, views: views)
  }

  /// A picture smaller than its view and one larger (the picture in a
  /// view of 40×20 under `.center` and `.bottomRight`): own-size modes
  /// overflow and are clipped.
  static var contentModesSmallViews: Scene {
    Scene(
      size: Size(width: 120, height: 40), backgroundColor: G.paper,
      views: [
        View(
          id: "center", frame: Rect(x: 10, y: 10, width: 40, height: 20), backgroundColor: G.ink,
          cornerRadius: 4, content: .named("picture"), contentMode: .center),
        View(
          id: "bottom-right", frame: Rect(x: 70, y: 10, width: 40, height: 20),
          backgroundColor: G.ink, cornerRadius: 4, content: .named("picture"),
          contentMode: .bottomRight),
      ])
  }

  /// A label whose text colour animates from ink to red over white: the
  /// middle frame draws the timeline's sampled colour, a mix of the two.
  static var textColorTimeline: Timeline {
    let label = View(
      id: "label", frame: Rect(x: 0, y: 0, width: 160, height: 40), backgroundColor: .white,
      text: TextContent(string: "Colour", size: 22, color: G.ink, weight: .bold, align: .center))
    let scene = Scene(size: Size(width: 160, height: 40), backgroundColor: G.paper, views: [label])
    let animation = Animation([
      AnimationStep(duration: 1, curve: .linear, changes: [.textColor("label", to: G.red)])
    ])
    return try! animation.timeline(from: scene)
  }
}

extension View {
  /// This view with `radii` for corners.
  func with(_ radii: CornerRadii) -> View {
    var view = self
    view.cornerRadii = radii
    return view
  }
}
