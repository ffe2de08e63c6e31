import ArgumentParser

/// animrender: draws Transit's transitions as frame strips, grids, frame
/// sets and animated PNGs, compares images, and lists styles and curves.
@main
struct AnimRender: ParsableCommand {
  static let version = "0.1.0"

  static let configuration = CommandConfiguration(
    commandName: "animrender",
    abstract: "Draw Transit transitions as frame strips, grids, PNG frames and animated PNGs.",
    discussion: "With no subcommand, draws the built-in demo to animrender-demo.png.",
    version: version,
    subcommands: [
      DemoCommand.self, RenderCommand.self, PlayCommand.self, StylesCommand.self,
      CurveCommand.self, DiffCommand.self,
    ],
    defaultSubcommand: DemoCommand.self
  )
}
