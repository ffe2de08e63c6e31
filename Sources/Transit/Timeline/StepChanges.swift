/// The changes one step makes to one view, grouped by property: what
/// binding turns into at most one ``Segment`` per property.
///
/// Changes to the same property within one step combine, in the order
/// written: an absolute target replaces everything before it (a frame, an
/// alpha or a transform set twice keeps the last), and relative changes
/// after it accumulate on top of it — fades add, transform operations
/// compose in order. So `[.translate(x: 10), .transform(m), .scale(2)]` is
/// `m` followed by the scale: the translation is overridden.
struct StepChanges {
  var frame: Rect?
  var alphaTarget: Double?
  var fades: [Double] = []
  var transformTarget: Transform3D?
  var operations: [TransformOperation] = []
  var hidden: Bool?
  var backgroundColor: Color?
  var cornerRadiiTarget: CornerRadii?
  var cornerRadiiDeltas: [CornerRadii] = []
  var borderWidthTarget: Double?
  var borderWidthDeltas: [Double] = []
  var borderColor: Color?
  var shadow: Shadow?
  var contentMode: ContentMode?
  var textColor: Color?

  mutating func add(_ operation: Change.Operation) {
    switch operation {
    case .frame(let rect): frame = rect
    case .alpha(let value):
      alphaTarget = value
      fades = []
    case .fade(let delta): fades.append(delta)
    case .transform(let value):
      transformTarget = value
      operations = []
    case .translate(let x, let y, let z): operations.append(.translate(x, y, z))
    case .scale(let x, let y, let z): operations.append(.scale(x, y, z))
    case .rotate(let angle, let x, let y, let z): operations.append(.rotate(angle, x, y, z))
    case .rotateInPerspective(let angle, let axis, let pivot, let distance):
      operations.append(.rotateInPerspective(angle, axis, pivot, distance))
    case .translateInPerspective(let offset, let distance):
      operations.append(.translateInPerspective(offset, distance))
    case .hidden(let value): hidden = value
    case .backgroundColor(let color): backgroundColor = color
    case .cornerRadii(let radii):
      cornerRadiiTarget = radii
      cornerRadiiDeltas = []
    case .adjustCornerRadii(let delta): cornerRadiiDeltas.append(delta)
    case .borderWidth(let width):
      borderWidthTarget = width
      borderWidthDeltas = []
    case .adjustBorderWidth(let delta): borderWidthDeltas.append(delta)
    case .borderColor(let color): borderColor = color
    case .shadow(let value): shadow = value
    case .contentMode(let mode): contentMode = mode
    case .textColor(let color): textColor = color
    }
  }

  /// The corner radii the step leaves, starting from `start`, or `nil` when
  /// the step does not change them: the target (or `start`) plus every
  /// adjustment, corner by corner.
  func cornerRadii(after start: CornerRadii) -> CornerRadii? {
    guard cornerRadiiTarget != nil || !cornerRadiiDeltas.isEmpty else { return nil }
    var value = cornerRadiiTarget ?? start
    for delta in cornerRadiiDeltas { value.add(delta, progress: 1) }
    return value
  }

  /// The border width the step leaves, starting from `start`, or `nil`.
  func borderWidth(after start: Double) -> Double? {
    guard borderWidthTarget != nil || !borderWidthDeltas.isEmpty else { return nil }
    var value = borderWidthTarget ?? start
    for delta in borderWidthDeltas { value += delta }
    return value
  }

  /// The alpha the step leaves, starting from `start`, or `nil` when the
  /// step does not change alpha.
  func alpha(after start: Double) -> Double? {
    guard alphaTarget != nil || !fades.isEmpty else { return nil }
    var value = alphaTarget ?? start
    for delta in fades { value += delta }
    return value
  }

  /// The transform the step leaves, starting from `start`, or `nil` when the
  /// step does not change the transform: the target (or `start`) followed
  /// by every operation at full progress, exactly as sampling composes them.
  func transform(after start: Transform3D) -> Transform3D? {
    guard transformTarget != nil || !operations.isEmpty else { return nil }
    var value = transformTarget ?? start
    for operation in operations { operation.apply(to: &value, progress: 1) }
    return value
  }
}
