import Foundation
import Testing
import Transit
import TransitRender
import TransitTestSupport

@testable import AnimRenderCLI

/// The help names every output format the extension table knows, and
/// `styles` lists what README says it lists.
@Suite("Help and styles", .serialized)
struct HelpAndStylesTests {
  @Test func theHelpNamesEveryFormatOfTheExtensionTable() throws {
    for command in [[], ["render"], ["play"]] {
      let help = try animrender.run(command + ["--help"])
      #expect(help.status == 0)
      for format in OutputFormat.allCases {
        #expect(
          help.stdout.contains(".\(format.rawValue) "), "\(command) --help: .\(format.rawValue)")
        #expect(help.stdout.contains(format.displayName), "\(command) --help: \(format)")
      }
    }
    // The demo is a grid: it names the formats that hold one, and no other.
    let demo = try animrender.run(["demo", "--help"])
    for format in OutputFormat.allCases {
      let named = demo.stdout.contains(format.displayName)
      #expect(named == format.layouts.contains(.grid), "demo --help: \(format)")
    }
  }

  @Test func eachCommandSaysWhatItDoes() throws {
    let root = try animrender.run(["--help"])
    for command in AnimRender.configuration.subcommands {
      let name = try #require(command.configuration.commandName)
      #expect(root.stdout.contains(name))
      #expect(!command.configuration.abstract.isEmpty, "\(name)")
      let help = try animrender.run([name, "--help"])
      #expect(help.stdout.contains("USAGE: animrender \(name)"))
    }
    let styles = try animrender.run(["styles", "--help"])
    #expect(styles.stdout.contains("--catalogue"))
  }

  @Test func stylesListsEveryStyleAndAlias() throws {
    let listed = try animrender.run(["styles"])
    #expect(listed.status == 0)
    let lines = listed.stdout.split(separator: "\n").map(String.init)
    let all = TransitionStyles.builtIn.all
    #expect(lines.count == all.count)
    #expect(all.count == 48 + TransitionStyles.builtIn.aliasNames.count)
    for (line, entry) in zip(lines, all) {
      #expect(line.hasPrefix(entry.name + " "), "\(line)")
      if let target = entry.aliasOf, target != entry.name {
        #expect(line.hasSuffix("(alias of \(target))"), "\(line)")
      }
    }
    for alias in ["push", "pop", "push-left", "slide-from-top", "slide-from-bottom"] {
      #expect(lines.contains { $0.hasPrefix(alias + " ") && $0.contains("(alias") }, "\(alias)")
    }
    let json = try animrender.run(["styles", "--json"])
    let entries = try JSONDecoder().decode(
      [StylesCommand.Entry].self, from: Data(json.stdout.utf8))
    #expect(entries.map(\.name) == all.map(\.name))
    #expect(entries.first { $0.name == "slide-from-top" }?.aliasOf == "cover-from-top")
  }
}

/// `styles --catalogue` writes a PNG of every style, and nothing else.
@Suite("Style catalogue")
struct StyleCatalogueTests {
  @Test func theCatalogueIsAPNGOfEveryStyle() throws {
    let folder = TemporaryDirectory.make()
    let drawn = try animrender.run(["styles", "--catalogue", "all.png", "--quiet"], in: folder)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(drawn.stdout == "all.png\n")
    let sheet = try PNGDecoder.decode(contentsOf: folder.appendingPathComponent("all.png").path)
    let size = try StyleCatalogue.sheetSize(count: 48)
    #expect(sheet.width == size.width && sheet.height == size.height)
    for arguments in [
      ["--catalogue", "all.gif"], ["--catalogue", "-"], ["--catalogue", "x.png", "--json"],
    ] {
      let refused = try animrender.run(["styles"] + arguments, in: folder)
      #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files == ["all.png"])
  }
}

/// The catalogue's words about each style say what its frames show.
@Suite("Style motion")
struct StyleMotionTests {
  static let bounds = Rect(x: 0, y: 0, width: 120, height: 200)

  static func timeline(_ style: any TransitionStyle) throws -> Timeline {
    try TransitionPair(style: style, size: bounds.size).timeline(reversed: false)
  }

  /// The homogeneous weight of the point at (u, v) from the view's centre:
  /// the smaller, the nearer the camera.
  static func weight(_ t: Transform3D, _ u: Double, _ v: Double) -> Double {
    u * t.m14 + v * t.m24 + t.m44
  }

  /// Weights of the middles of the top, bottom, left and right edges.
  static func edgeWeights(_ t: Transform3D) -> [TransitionEdge: Double] {
    let (w, h) = (bounds.width / 2, bounds.height / 2)
    return [
      .top: weight(t, 0, -h), .bottom: weight(t, 0, h), .left: weight(t, -w, 0),
      .right: weight(t, w, 0),
    ]
  }

  @Test func everyBuiltInStyleIsDescribed() {
    for style in TransitionStyles.builtInStyles {
      #expect(StyleMotion.description(of: style) != nil, "\(style.name)")
    }
  }

  @Test(arguments: FlipStyle.Axis.allCases)
  func aFlipNamesItsAxisAndTheEdgeThatComesForward(_ axis: FlipStyle.Axis) throws {
    let style = FlipStyle(axis: axis)
    let words = try #require(StyleMotion.description(of: style))
    let turning = try #require(try Self.timeline(style).state(of: "from", at: 0.1)).transform
    let weights = Self.edgeWeights(turning)
    let nearest = try #require(weights.min { $0.value < $1.value }).key
    #expect(words.contains("the \(nearest.rawValue) edge comes forward"), "\(words)")
    let aboutHorizontal = abs(weights[.left]! - weights[.right]!) < 1e-12
    #expect(words.contains(aboutHorizontal ? "horizontal axis" : "vertical axis"), "\(words)")
  }

  @Test func aTurnNamesItsHingeAndWhichWayTheViewsSwing() throws {
    for style in TransitionStyles.builtInStyles.compactMap({ $0 as? RotateStyle }) {
      let words = try #require(StyleMotion.description(of: style))
      #expect(words.contains("about the \(style.hinge.rawValue) edge"), "\(style.name)")
      let free: TransitionEdge =
        switch style.hinge {
        case .top: .bottom
        case .bottom: .top
        case .left: .right
        case .right: .left
        }
      let timeline = try Self.timeline(style)
      let old = Self.edgeWeights(try #require(timeline.state(of: "from", at: 0.1)).transform)
      let new = Self.edgeWeights(try #require(timeline.state(of: "to", at: 0.1)).transform)
      let towards = old[free]! < old[style.hinge]!
      #expect(
        words.contains(towards ? "swings towards you" : "swings away"), "\(style.name): \(words)")
      let fromBehind = new[free]! > new[style.hinge]!
      #expect(
        words.contains(fromBehind ? "comes from behind" : "comes from in front"),
        "\(style.name): \(words)")
    }
  }

  @Test func aSlideNamesTheEdgeItComesFrom() throws {
    for style in TransitionStyles.builtInStyles
    where style is CoverStyle || style is PushStyle || style is PushToBackStyle
      || style is FlowStyle
    {
      let words = try #require(StyleMotion.description(of: style))
      let scene = try Self.timeline(style).sample(frame: 1, of: 10)
      let view = try #require(scene.view("to"))
      let dx = view.frame.midX + view.transform.m41 - Self.bounds.midX
      let dy = view.frame.midY + view.transform.m42 - Self.bounds.midY
      let vertical = dy < -1 ? "top" : dy > 1 ? "bottom" : nil
      let horizontal = dx < -1 ? "left" : dx > 1 ? "right" : nil
      let place = [vertical, horizontal].compactMap { $0 }.joined(separator: "-")
      // "from the top" and not "from the top-left": the place ends there.
      let named = words.ranges(of: "from the \(place)").contains { range in
        range.upperBound == words.endIndex
          || !(words[range.upperBound].isLetter || words[range.upperBound] == "-")
      }
      #expect(named, "\(style.name): \(words)")
    }
  }
}
