import ArgumentParser
import Transit
import TransitRender

/// `animrender curve CURVE`: a timing curve's values as CSV, or a plot.
struct CurveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "curve",
    abstract: "Print a timing curve as t,value CSV rows, or plot it to a PNG.",
    discussion: """
      CURVE is a name (linear, ease, ease-in, ease-out, ease-in-out, ease-in-quad … ease-in-out-bounce), \
      cubic-bezier(x1,y1,x2,y2), steps(n,jump-end) or spring(mass,stiffness,damping,velocity).
      Example: animrender curve 'cubic-bezier(0.42,0,0.58,1)' --samples 5
      """)

  @Argument(help: "The curve.")
  var curve: String

  @Option(help: "Rows to print, t from 0 to 1 inclusive.")
  var samples: Int = 11

  @Option(help: "Draw the curve to this PNG instead of printing it.")
  var plot: String?

  func validate() throws {
    guard samples >= 2, samples <= 100_000 else {
      throw ValidationError("--samples must be in 2…100000, got \(samples)")
    }
  }

  func run() throws {
    try CommandRunner.run {
      let timing: TimingCurve
      do { timing = try TimingCurve(parsing: curve) } catch let error as TransitError {
        throw CLIError.data("curve: \(error.message)")
      }
      if let plot {
        try SingleFormatOutput.check(plot, flag: "--plot", extension: "png", format: "PNG")
        let output = AtomicOutput()
        try output.prepare(outputs: [.init(what: "--plot \(plot)", path: plot)])
        _ = try CurvePlot.values(of: timing, name: curve)
        let image = try CurvePlot.draw(timing)
        try output.stage(try PNGEncoder.encode(image), as: plot)
        try output.commit()
        print(plot)
        return
      }
      // The rows obey the plot's rule: a curve the plot refuses prints
      // nothing, and no row ever shows nan or inf.
      _ = try CurvePlot.values(of: timing, name: curve)
      let rows = (0..<samples).map { i in
        let t = i == samples - 1 ? 1 : Double(i) / Double(samples - 1)
        return (t, timing.value(at: t))
      }
      if let bad = rows.first(where: { !$0.1.isFinite }) {
        throw CurvePlot.notFinite(bad.1, name: curve)
      }
      print("t,value")
      for (t, value) in rows { print("\(t),\(value)") }
    }
  }
}

/// A curve drawn by Transit's own renderer: axes, the unit square, and the
/// curve as a chain of small round views.
enum CurvePlot {
  static let points = 400

  /// The values plotted, or a data error (65) before drawing when any is
  /// not finite or their range is too wide to draw. The CSV rows obey the
  /// same rule, so the plot and the rows never disagree on a curve.
  static func values(of curve: TimingCurve, name: String) throws(CLIError) -> [Double] {
    let values = (0...points).map { curve.value(at: Double($0) / Double(points)) }
    if let bad = values.first(where: { !$0.isFinite }) { throw notFinite(bad, name: name) }
    let low = min(0, values.min() ?? 0)
    let high = max(1, values.max() ?? 1)
    guard (high - low).isFinite else {
      throw CLIError.data(
        "curve \(CLIError.echoed(name)): its values span \(low)…\(high), too wide to plot or print")
    }
    return values
  }

  /// The refusal of a curve whose value is `value` (NaN or infinite)
  /// somewhere in 0…1: neither plotted nor printed.
  static func notFinite(_ value: Double, name: String) -> CLIError {
    CLIError.data(
      "curve \(CLIError.echoed(name)): its value is \(value) somewhere in 0…1, "
        + "so it can be neither plotted nor printed")
  }

  static func draw(_ curve: TimingCurve) throws -> Image {
    let size = 400.0
    let margin = 40.0
    let points = CurvePlot.points
    let values = try CurvePlot.values(of: curve, name: curve.description)
    let low = min(0, values.min() ?? 0)
    let high = max(1, values.max() ?? 1)
    let span = high - low
    let plot = size - 2 * margin
    func y(_ value: Double) -> Double { margin + (high - value) / span * plot }
    let axis = Color(red: 0.55, green: 0.55, blue: 0.6)
    var views = [
      View(
        id: "square", frame: Rect(x: margin, y: y(1), width: plot, height: y(0) - y(1)),
        backgroundColor: Color(red: 1, green: 1, blue: 1, alpha: 0.06),
        border: Border(width: 1, color: axis)),
      View(
        id: "x-axis", frame: Rect(x: margin, y: y(0), width: plot, height: 1.5),
        backgroundColor: axis),
      View(
        id: "y-axis", frame: Rect(x: margin - 1.5, y: margin, width: 1.5, height: plot),
        backgroundColor: axis),
    ]
    let dot = 4.0
    for (i, value) in values.enumerated() {
      let x = margin + Double(i) / Double(points) * plot
      views.append(
        View(
          id: "p\(i)", frame: Rect(x: x - dot / 2, y: y(value) - dot / 2, width: dot, height: dot),
          backgroundColor: Color(red: 0.98, green: 0.6, blue: 0.15), cornerRadius: dot / 2))
    }
    let scene = Scene(
      size: Size(width: size, height: size),
      backgroundColor: Color(red: 0.11, green: 0.11, blue: 0.13),
      views: views)
    return try Renderer().render(scene)
  }
}
