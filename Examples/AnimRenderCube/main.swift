// animrender with one more style: `animrender-cube render --style cube`.
// The whole command line is animrender's own; this program only registers
// the example's CubeStyle before running it.
import AnimRenderCLI
import CubeStyle

AnimRender.main(registering: [CubeStyle()])
