// swift-tools-version:6.0
//
// Ghostline: a headless text layout engine that reproduces UIKit's typography rules.
// Data flows one way: the scene format at the front, then fonts → shaping → layout → raster → diff; render, review
// and suite put the stages to work, and the session (`Ghostline`) and the CLI sit on top. No module imports one
// listed after it, and each target declares exactly the modules it imports (PackageStructureTests holds both).
// Every C library is reached through one small interop target; no C pointer crosses a public API.
import PackageDescription

let package = Package(
    name: "Ghostline",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "ghostline", targets: ["ghostline"]),
        .library(name: "Ghostline", targets: ["Ghostline"]),
        // Design and snapshot checks inside `swift test` (Swift Testing and XCTest).
        .library(name: "GhostlineTesting", targets: ["GhostlineTesting"]),
        // swift-snapshot-testing strategies (`.ghostline`, `.ghostlineLayout`), apart so the core does not pull it in.
        .library(name: "GhostlineSnapshotTesting", targets: ["GhostlineSnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // The review app's HTTP server (`ghostline review`); only the CLI and the app's own module depend on it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    ],
    targets: [
        // MARK: C interop (system libraries from Debian's -dev packages, found through pkg-config)
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc",
                       providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg",
                       providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebp",
                       providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
        // Little CMS 2: design exports with an embedded ICC profile or PNG gamma chunks converted to sRGB.
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2",
                       providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
        // Intel ISA-L's igzip (deflate at several times zlib's speed) for the review images Ghostline writes.
        .systemLibrary(name: "CISAL", pkgConfig: "libisal",
                       providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]),
        // libpng and libjpeg report errors with longjmp; Swift cannot call setjmp, so these C targets own it.
        // It also filters and deflates the segments of the PNGs Ghostline writes, with zlib directly.
        .target(name: "CPNGBridge", dependencies: ["CLibPNG", "CISAL"], linkerSettings: [.linkedLibrary("z")]),
        .target(name: "CJPEGBridge", dependencies: ["CLibJPEG"]),
        // libwebp's decoder API (structs, inline functions, status enums) behind the same plain C shape.
        .target(name: "CWebPBridge", dependencies: ["CLibWebP"]),
        // lcms2 behind one call with a per-call context (its error handler records, never prints); zlib inflates iCCP.
        .target(name: "CColorBridge", dependencies: ["CLCMS2"], linkerSettings: [.linkedLibrary("z")]),
        // SHA-256 of font files (their identity in layout JSON), in C so a debug build hashes at C speed.
        .target(name: "CDigest"),
        // zlib for the fuzzer's PNG-aware mutator (zlib1g-dev comes with libpng-dev).
        .target(name: "CZlibBridge", linkerSettings: [.linkedLibrary("z")]),
        // ICU's C API (breaks, bidi, scripts) and libhyphen behind plain C types (Foundation's own ICU declarations
        // clash with ICU's headers in Swift).
        .target(name: "CTextAnalysis", dependencies: ["CICU"], linkerSettings: [.linkedLibrary("hyphen")]),

        // MARK: Swift modules, in the order data flows through them (each imports only modules above it)
        // Plumbing with no Ghostline types: all-or-nothing output files, the one safe file reader, JSON, escapers.
        .target(name: "GhostlineSupport"),
        // Points, pixels, rectangles and the paint references layout carries: the vocabulary every stage shares.
        .target(name: "GhostlineGeometry"),
        // RGBA pixels, colours, the palette paints stand for, and the image-decoding hook the scene format is handed.
        .target(name: "GhostlineImage", dependencies: ["GhostlineGeometry"]),
        // Image files: PNG read and written, JPEG and WebP read, each checked before it is read; colour profiles
        // converted to sRGB.
        .target(name: "GhostlinePNG", dependencies: ["GhostlineImage", "GhostlineSupport", "CPNGBridge", "CJPEGBridge", "CWebPBridge",
                                                     "CColorBridge"]),
        // Fonts: found through fontconfig, opened with FreeType, measured.
        .target(name: "GhostlineFonts", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CDigest"]),
        // Shaping: text to positioned glyphs with HarfBuzz.
        .target(name: "GhostlineShaping", dependencies: ["GhostlineFonts", "CHarfBuzz"]),
        // Layout: breaking, lines, labels and stacks in points (UIKit's and CSS's rules); never sees a pixel.
        .target(name: "GhostlineLayout", dependencies: ["GhostlineShaping", "GhostlineFonts", "GhostlineGeometry", "CTextAnalysis"]),
        // The scene format: YAML/JSON scenes, style guides and design tokens, parsed, then resolved into a layout tree.
        .target(name: "GhostlineScene", dependencies: ["GhostlineSupport", "GhostlineLayout", "GhostlineShaping", "GhostlineFonts",
                                                       "GhostlineImage", "GhostlineGeometry", .product(name: "Yams", package: "Yams")]),
        // Raster: a laid-out tree drawn into pixels (glyphs, boxes, images, debug guides).
        .target(name: "GhostlineRaster", dependencies: ["GhostlineLayout", "GhostlineFonts", "GhostlineImage", "GhostlineGeometry", "CFreeType"]),
        // Comparing a render with a design export: pixel diff, ghost image, text geometry. Pure functions over pixels.
        .target(name: "GhostlineDiff", dependencies: ["GhostlineImage", "GhostlineGeometry"]),
        // Render: scene → layout → pixels → PNG, the layout JSON, text snapshots and Dynamic Type contact sheets.
        .target(name: "GhostlineRender", dependencies: ["GhostlineSupport", "GhostlineScene", "GhostlineRaster", "GhostlinePNG",
                                                        "GhostlineLayout", "GhostlineShaping", "GhostlineFonts", "GhostlineImage", "GhostlineGeometry"]),
        // Review: a render and a design compared: the pixel and text findings, report JSON and review page, and the
        // suggestion values they show (what the search found is presented here; the search is Suggest's).
        .target(name: "GhostlineReview", dependencies: ["GhostlineSupport", "GhostlineDiff", "GhostlineScene",
                                                        "GhostlinePNG", "GhostlineLayout", "GhostlineImage", "GhostlineGeometry",
                                                        .product(name: "Mustache", package: "swift-mustache")],
                resources: [.embedInCode("Pages/review-page.html"), .embedInCode("Pages/review-page.css"),
                            .embedInCode("Pages/review-page.js")]),
        // Suggest: the search for the scene change that lands a failing check's labels on the design.
        .target(name: "GhostlineSuggest", dependencies: ["GhostlineReview", "GhostlineSupport", "GhostlineDiff", "GhostlineScene",
                                                         "GhostlineShaping", "GhostlineFonts", "GhostlineLayout", "GhostlineImage",
                                                         "GhostlineGeometry"]),
        // Check: a scene rendered and reviewed against its design, with suggestions searched and checked.
        .target(name: "GhostlineCheck", dependencies: ["GhostlineReview", "GhostlineSuggest", "GhostlineRender", "GhostlineSupport",
                                                       "GhostlineDiff", "GhostlineScene", "GhostlinePNG", "GhostlineLayout",
                                                       "GhostlineFonts", "GhostlineImage", "GhostlineGeometry"]),
        // Design documents in: Sketch and Figma files read into a plain value, scenes and tokens written as text.
        .target(name: "GhostlineImport", dependencies: ["GhostlineSupport", "GhostlineFonts",
                                                        .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // Lint: a design document's text laid out as the design tool and as UIKit set it, with checked fixes.
        .target(name: "GhostlineLint", dependencies: ["GhostlineImport", "GhostlineScene", "GhostlineReview", "GhostlineLayout", "GhostlineRaster",
                                                      "GhostlineFonts", "GhostlineSupport"]),
        // Suite: many checks from a manifest: plan, shards, runner, report, merge, JUnit and the index page.
        .target(name: "GhostlineSuite", dependencies: ["GhostlineSupport", "GhostlineImport", "GhostlineLint", "GhostlineFonts", "GhostlineReview", "GhostlineCheck", "GhostlineRender", "GhostlineScene",
                                                       "GhostlinePNG", "GhostlineLayout", "GhostlineImage", "GhostlineGeometry",
                                                       .product(name: "Yams", package: "Yams")],
                resources: [.embedInCode("Pages/suite-index.html"), .embedInCode("Pages/suite-index.css"),
                            .embedInCode("Pages/suite-index.js")]),
        // The umbrella: the session (one value that owns a font world and does every job) and `import Ghostline` for all.
        .target(name: "Ghostline", dependencies: ["GhostlineImport", "GhostlineLint", "GhostlineSupport", "GhostlineGeometry", "GhostlineImage", "GhostlinePNG",
                                                  "GhostlineFonts", "GhostlineShaping", "GhostlineLayout", "GhostlineScene",
                                                  "GhostlineRaster", "GhostlineDiff", "GhostlineRender", "GhostlineReview",
                                                  "GhostlineCheck", "GhostlineSuite"]),
        .target(name: "GhostlineTesting", dependencies: ["Ghostline", "GhostlineScene", "GhostlinePNG", "GhostlineImage", "GhostlineSupport"]),
        .target(name: "GhostlineSnapshotTesting", dependencies: [
            "Ghostline", "GhostlineScene", "GhostlinePNG", "GhostlineDiff", "GhostlineTesting", "GhostlineGeometry", "GhostlineImage",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ]),
        // The review app: a suite's review in the browser, with decisions written beside the manifest.
        .target(name: "GhostlineReviewApp", dependencies: ["GhostlineSuite", "GhostlineReview", "GhostlineRender", "GhostlineFonts", "GhostlineSupport",
                                                           .product(name: "Hummingbird", package: "hummingbird"),
                                                           .product(name: "HummingbirdCore", package: "hummingbird"),
                                                           .product(name: "Logging", package: "swift-log")],
                resources: [.embedInCode("Pages/app-index.html"), .embedInCode("Pages/app-bar.html"),
                            .embedInCode("Pages/app-entry.html"), .embedInCode("Pages/app-help.html"),
                            .embedInCode("Pages/app.css"), .embedInCode("Pages/app-common.js"),
                            .embedInCode("Pages/app-index.js"), .embedInCode("Pages/app-bar.js")]),
        .executableTarget(name: "ghostline", dependencies: [
            "Ghostline", "GhostlineReviewApp",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Timings of the pipeline's stages, and of the CLI against a peer renderer (hb-view) in the same run.
        .executableTarget(name: "ghostline-bench", dependencies: ["Ghostline", "GhostlineDiff", "GhostlineFonts", "GhostlineImage", "GhostlineLayout",
                                                              "GhostlinePNG", "GhostlineRaster", "GhostlineScene"]),
        // Replays inputs through the parsers of untrusted files; scripts/fuzz/fuzz.sh builds it for libFuzzer.
        .executableTarget(name: "ghostline-fuzz", dependencies: ["Ghostline", "GhostlineFonts", "GhostlineGeometry", "GhostlineImage", "GhostlineLayout",
                                                             "GhostlinePNG", "GhostlineRaster", "GhostlineScene", "CZlibBridge", "CPNGBridge"]),

        // MARK: Tests
        // CZlibBridge: zlib's own inflate, which checks the Adler-32 that the encoder writes and the decoder skips.
        // The vocabulary rooms: points, pixels and rectangles; colours, the palette, colour difference.
        .testTarget(name: "GhostlineGeometryTests", dependencies: ["GhostlineGeometry"]),
        .testTarget(name: "GhostlineImageTests", dependencies: ["GhostlineImage", "GhostlineGeometry"]),
        .testTarget(name: "GhostlinePNGTests", dependencies: ["GhostlinePNG", "GhostlineImage", "GhostlineSupport", "CZlibBridge", "CPNGBridge"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "GhostlineFontsTests", dependencies: ["GhostlineFonts"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "GhostlineShapingTests", dependencies: ["GhostlineShaping", "GhostlineFonts"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "GhostlineLayoutTests", dependencies: ["GhostlineLayout", "GhostlineFonts", "GhostlineShaping", "GhostlineGeometry"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "GhostlineRasterTests", dependencies: ["GhostlineRaster", "GhostlineFonts", "GhostlineLayout", "GhostlineShaping",
                                                              "GhostlineGeometry", "GhostlineImage"]),
        // Fixtures/pixelmatch: pixelmatch v7.2.0's own test images (ISC), decoded with GhostlinePNG.
        .testTarget(name: "GhostlineDiffTests", dependencies: ["GhostlineDiff", "GhostlineImage", "GhostlinePNG", "GhostlineGeometry"],
                    resources: [.copy("Fixtures")]),
        // What the test targets below share: the package's paths, the built CLI, running it.
        .target(name: "GhostlineTestSupport", dependencies: ["Ghostline", "GhostlineFonts", "GhostlineImage", "GhostlinePNG", "GhostlineRaster",
                                                             "GhostlineScene"], path: "Tests/GhostlineTestSupport"),
        // One target a room, so a failure names its module: support, scene format, render, review, suite, the CLI
        // (with its docs), and the session.
        .testTarget(name: "GhostlineSupportTests", dependencies: ["Ghostline", "ghostline", "GhostlineTestSupport"]),
        .testTarget(name: "GhostlineSceneTests", dependencies: ["Ghostline", "ghostline", "GhostlineTestSupport", "GhostlineScene", "GhostlineLayout",
                                                             "GhostlineFonts", "GhostlineGeometry", "GhostlineImage", "GhostlinePNG",
                                                             "GhostlineRaster"]),
        .testTarget(name: "GhostlineRenderTests", dependencies: ["Ghostline", "GhostlineTesting", "GhostlineTestSupport", "GhostlineScene", "GhostlineLayout", "GhostlineFonts",
                                                              "GhostlineImage", "GhostlinePNG", "GhostlineRaster"]),
        .testTarget(name: "GhostlineReviewTests", dependencies: ["Ghostline", "GhostlineReview", "GhostlineSuggest", "ghostline", "GhostlineTestSupport", "GhostlineDiff",
                                                                "GhostlineFonts", "GhostlineGeometry", "GhostlineImage", "GhostlineLayout",
                                                                "GhostlinePNG", "GhostlineScene", "GhostlineSupport",
                                                                .product(name: "Yams", package: "Yams")]),
        .testTarget(name: "GhostlineSuiteTests", dependencies: ["Ghostline", "ghostline", "GhostlineTestSupport", "GhostlineSuite", "GhostlineScene",
                                                             "GhostlinePNG"]),
        .testTarget(name: "GhostlineReviewAppTests", dependencies: ["GhostlineReviewApp", "Ghostline", "ghostline", "GhostlineTestSupport", "GhostlineSuite",
                                                                 "GhostlineSupport"]),
        .testTarget(name: "GhostlineCLITests", dependencies: ["Ghostline", "ghostline", "GhostlineTestSupport", "GhostlineScene", "GhostlineLayout",
                                                           "GhostlineShaping", "GhostlineFonts", "GhostlineGeometry", "GhostlineImage",
                                                           "GhostlinePNG", "GhostlineRaster"]),
        .testTarget(name: "GhostlineTests", dependencies: ["Ghostline", "ghostline", "GhostlineTestSupport"]),
        .testTarget(name: "GhostlineTestingTests", dependencies: ["GhostlineTesting", "Ghostline", "GhostlineScene", "GhostlineImage", "GhostlinePNG"]),
        .testTarget(name: "GhostlineSnapshotTestingTests", dependencies: [
            "GhostlineSnapshotTesting", "GhostlineTesting", "Ghostline", "GhostlineScene", "GhostlineFonts", "GhostlineImage",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
        .testTarget(name: "GhostlineFuzzTests", dependencies: ["ghostline-fuzz", "GhostlinePNG"]),
    ]
)
