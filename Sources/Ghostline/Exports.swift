// The front door: `import Ghostline` brings every type a user of the library names — scenes and their Swift
// builder, layout results, fonts, images and colours, the renderer, the diff, the review, the suite and the files
// they write — without importing the modules one by one. Each module still stands on its own for code that wants
// only one stage.
@_exported import GhostlineCheck
@_exported import GhostlineDiff
@_exported import GhostlineFonts
@_exported import GhostlineGeometry
@_exported import GhostlineImage
@_exported import GhostlineImport
@_exported import GhostlineLayout
@_exported import GhostlineLint
@_exported import GhostlinePNG
@_exported import GhostlineRaster
@_exported import GhostlineRender
@_exported import GhostlineReview
@_exported import GhostlineScene
@_exported import GhostlineShaping
@_exported import GhostlineSuite
@_exported import GhostlineSupport
