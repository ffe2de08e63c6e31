import Transit
import TransitRender

/// The scenes behind the renderer's goldens, one per case the renderer must
/// get right. Colours are flat and distinct so that a wrong layer order or a
/// missing clip shows at a glance; there is no text.
enum GoldenScenes {
  static let red = Color(red: 0.9, green: 0.2, blue: 0.2)
  static let blue = Color(red: 0.2, green: 0.3, blue: 0.9)
  static let green = Color(red: 0.2, green: 0.7, blue: 0.3)
  static let yellow = Color(red: 0.95, green: 0.8, blue: 0.2)
  static let ink = Color(red: 0.1, green: 0.1, blue: 0.15)
  static let paper = Color(red: 0.96, green: 0.96, blue: 0.94)

  /// Two overlapping opaque squares inside a half-transparent view: as one
  /// group, the blue square hides the red one where they overlap.
  static var alphaGroup: Scene {
    Scene(
      size: Size(width: 200, height: 120), backgroundColor: paper,
      views: [
        View(id: "stripe", frame: Rect(x: 0, y: 50, width: 200, height: 20), backgroundColor: ink),
        View(
          id: "group", frame: Rect(x: 20, y: 10, width: 160, height: 100), alpha: 0.5,
          children: [
            View(id: "a", frame: Rect(x: 0, y: 0, width: 90, height: 90), backgroundColor: red),
            View(id: "b", frame: Rect(x: 60, y: 10, width: 90, height: 90), backgroundColor: blue),
          ]),
        View(
          id: "single", frame: Rect(x: 150, y: 80, width: 40, height: 30), alpha: 0.5,
          backgroundColor: green),
      ])
  }

  /// Radii from none to a pill, borders thinner and thicker than the radius.
  static var roundedBorders: Scene {
    Scene(
      size: Size(width: 240, height: 120), backgroundColor: paper,
      views: [
        View(
          id: "square", frame: Rect(x: 10, y: 10, width: 60, height: 45), backgroundColor: blue,
          border: Border(width: 4, color: ink)),
        View(
          id: "round", frame: Rect(x: 90, y: 10, width: 60, height: 45), backgroundColor: blue,
          cornerRadius: 12, border: Border(width: 4, color: ink)),
        View(
          id: "thick", frame: Rect(x: 170, y: 10, width: 60, height: 45), backgroundColor: yellow,
          cornerRadius: 8, border: Border(width: 12, color: red)),
        View(
          id: "pill", frame: Rect(x: 10, y: 70, width: 100, height: 40), backgroundColor: green,
          cornerRadius: 100, border: Border(width: 3, color: ink)),
        View(
          id: "outline", frame: Rect(x: 130, y: 70, width: 100, height: 40), cornerRadius: 20,
          border: Border(width: 6, color: Color(red: 0.9, green: 0.2, blue: 0.2, alpha: 0.5))),
      ])
  }

  /// A rounded parent that clips an overflowing child, next to one that does
  /// not.
  static var clipping: Scene {
    func card(_ id: String, x: Double, clips: Bool) -> View {
      View(
        id: id, frame: Rect(x: x, y: 30, width: 80, height: 70), backgroundColor: blue,
        cornerRadius: 16, clipsToBounds: clips,
        children: [
          View(
            id: "\(id)-child", frame: Rect(x: 40, y: -20, width: 60, height: 50),
            backgroundColor: yellow),
          View(
            id: "\(id)-bar", frame: Rect(x: -10, y: 50, width: 100, height: 10),
            backgroundColor: red),
        ])
    }
    return Scene(
      size: Size(width: 240, height: 120), backgroundColor: paper,
      views: [card("clipped", x: 20, clips: true), card("open", x: 130, clips: false)])
  }

  /// A rotated, scaled parent holding a rotated child: 2D inside 2D.
  static var nested2D: Scene {
    let parent = Transform3D.rotation(angle: .pi / 12, x: 0, y: 0, z: 1).scaled(x: 1.2, y: 0.8)
    let child = Transform3D.rotation(angle: -.pi / 6, x: 0, y: 0, z: 1).translated(x: 10, y: 0)
    return Scene(
      size: Size(width: 200, height: 160), backgroundColor: paper,
      views: [
        View(
          id: "parent", frame: Rect(x: 40, y: 30, width: 120, height: 100), transform: parent,
          backgroundColor: blue, cornerRadius: 10,
          children: [
            View(
              id: "child", frame: Rect(x: 30, y: 30, width: 60, height: 40), transform: child,
              backgroundColor: yellow, border: Border(width: 3, color: ink))
          ])
      ])
  }

  /// A card flipped 30° about y with perspective, inside a parent scaled to
  /// 80 % horizontally and 120 % vertically and moved: the homography must
  /// compose with the parent's affine transform.
  static var flipInScaledParent: Scene {
    let size = Size(width: 240, height: 160)
    let flip = perspectiveRotation(.pi / 6, maxSide: 240)
    return Scene(
      size: size, backgroundColor: paper,
      views: [
        View(
          id: "parent", frame: Rect(x: 20, y: 20, width: 200, height: 120),
          transform: Transform3D.scale(x: 0.8, y: 1.2).translated(x: 10, y: 0),
          backgroundColor: Color(red: 0.85, green: 0.85, blue: 0.85),
          children: [card(frame: Rect(x: 40, y: 20, width: 120, height: 80), transform: flip)])
      ])
  }

  /// A card rotated about the y axis by `degrees`, with the camera at four
  /// times the scene's larger side, like Transit's flip transitions.
  static func perspective(degrees: Double) -> Scene {
    let transform = perspectiveRotation(degrees * .pi / 180, maxSide: 240)
    return Scene(
      size: Size(width: 240, height: 160), backgroundColor: paper,
      views: [card(frame: Rect(x: 40, y: 30, width: 160, height: 100), transform: transform)])
  }

  /// A small picture, aspect-filled (cropped left and right) into a rounded,
  /// bordered view, and the same picture in a wide view (cropped top and
  /// bottom).
  static var imageContent: Scene {
    Scene(
      size: Size(width: 240, height: 120), backgroundColor: paper,
      views: [
        View(
          id: "square", frame: Rect(x: 20, y: 10, width: 100, height: 100), cornerRadius: 24,
          border: Border(width: 3, color: ink), content: .named("picture")),
        View(
          id: "wide", frame: Rect(x: 140, y: 30, width: 90, height: 30), cornerRadius: 6,
          content: .named("picture")),
      ])
  }

  /// The picture ``imageContent`` shows: 64×32, a horizontal gradient with a
  /// dark disc in the middle and a red column at each end, so cropping and
  /// centring are visible.
  static var picture: Image {
    var image = try! Image(width: 64, height: 32)
    for y in 0..<32 {
      for x in 0..<64 {
        let dx = Double(x) - 31.5
        let dy = Double(y) - 15.5
        let pixel: UInt32
        if x < 4 || x >= 60 {
          pixel = 0xFFE0_3030
        } else if dx * dx + dy * dy < 100 {
          pixel = 0xFF20_2030
        } else {
          let g = UInt32(80 + x * 2)
          pixel = 0xFF00_0000 | 0x40 << 16 | g << 8 | 0xD0
        }
        image[x, y] = pixel
      }
    }
    return image
  }

  /// Rotation about y, then the perspective divide with the camera at
  /// `4 × maxSide`: Core Animation's `m34 = −1 / d` after `rotate`.
  static func perspectiveRotation(_ angle: Double, maxSide: Double) -> Transform3D {
    Transform3D.rotation(angle: angle, x: 0, y: 1, z: 0)
      .concatenating(.perspective(distance: 4 * maxSide))
  }

  /// A card with straight bars, so that perspective errors (bent or skewed
  /// lines, a near edge no taller than the far one) are easy to see.
  static func card(frame: Rect, transform: Transform3D) -> View {
    let bars = (0..<4).map { i in
      View(
        id: "bar-\(i)",
        frame: Rect(
          x: frame.width * 0.1, y: frame.height * (0.12 + Double(i) * 0.2),
          width: frame.width * 0.8, height: frame.height * 0.12),
        backgroundColor: i == 0 ? red : yellow)
    }
    return View(
      id: "card", frame: frame, transform: transform, backgroundColor: blue, cornerRadius: 10,
      border: Border(width: 3, color: ink), clipsToBounds: true, children: bars)
  }
}
