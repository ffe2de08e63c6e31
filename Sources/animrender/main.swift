// The animrender command-line tool. Everything it does lives in
// AnimRenderCLI, so that a program of your own can run the same commands
// with styles of its own registered (see Examples/CubeStyle).
import AnimRenderCLI

AnimRender.main(registering: [])
