import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlinePNG
import GhostlineScene
import Testing

/// `DesignCheck`, the library entry point the CLI, the testing products and the suite share: the same numbers and
/// bytes as the CLI, artifacts written all or nothing, typed errors, and a pixels-only check that streams.
@Suite("DesignCheck: the library entry point")
struct DesignCheckTests {
    static let design = Paths.root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path
    static let scene = Paths.root.appendingPathComponent("Fixtures/scenes/card-no-line-height.yaml").path

    /// The library's report is the CLI's report, byte for byte (the CLI is a shell over the library).
    @Test func theLibraryAndTheCLIWriteTheSameReport() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cliReport = dir.appendingPathComponent("cli.json").path
        let cli = try runCLI(["check", Self.scene, "--design", Self.design, "--report", cliReport])
        #expect(cli.status == 1)
        let result = try GhostlineSession().check(.scene(path: Self.scene), design: Self.design).run()
        #expect(!result.passes)
        #expect(try result.artifact(.report) == [UInt8](Data(contentsOf: URL(fileURLWithPath: cliReport))))
        #expect(result.summary == cli.stdout)
        #expect(result.layout != nil && result.scene != nil)
    }

    /// Writing is all or nothing: with one path in a missing directory, none of the others is left behind, and a
    /// file already at one of the paths keeps its bytes.
    @Test func artifactsAreWrittenAllOrNothing() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try GhostlineSession().check(.scene(path: Self.scene), design: Self.design).run()
        let old = dir.appendingPathComponent("old.png")
        try Data("keep me".utf8).write(to: old)
        let paths: [DesignCheckArtifact: String] = [.render: old.path, .ghost: dir.appendingPathComponent("g.png").path,
                                                    .report: "/no/such/dir/r.json"]
        #expect(throws: DesignCheckError.self) { try result.write(paths) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["old.png"])
        #expect(try Data(contentsOf: old) == Data("keep me".utf8))
        // And onto the design itself: refused, as an input.
        do {
            try result.write([.ghost: Self.design])
            Issue.record("an artifact was written onto the design export")
        } catch {
            guard case .output = error else { Issue.record("expected an output error, got \(error)"); return }
        }
    }

    /// Errors keep their cause, so a caller can tell a bad scene from a bad design export.
    @Test func errorsKeepTheirCause() throws {
        #expect {
            try GhostlineSession().check(.scene(path: Self.scene), design: "/no/such/design@3x.png").run()
        } throws: { error in
            guard case .design(let cause) = error as? DesignCheckError else { return false }
            return cause.description.contains("/no/such/design@3x.png")
        }
        #expect {
            try GhostlineSession().check(.scene(path: "/no/such/scene.yaml"), design: Self.design).run()
        } throws: { error in
            guard case .scene(let cause) = error as? DesignCheckError else { return false }
            return cause.file == "/no/such/scene.yaml"
        }
    }

    /// A pixels-only check of two PNGs streams them and gives the whole comparison's numbers; asking the streamed
    /// result for an image artifact is an error that says why.
    @Test func aPixelsOnlyCheckStreamsWithTheSameNumbers() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let render = dir.appendingPathComponent("card@3x.png").path
        #expect(try runCLI(["render", Self.scene, "-o", render, "--scale", "3"]).status == 0)
        var pixelsOnly = ReviewOptions()
        pixelsOnly.makeDiffImage = false
        let check = GhostlineSession().check(.image(path: render, layout: nil), design: Self.design, options: pixelsOnly)
        let streamed = try check.run(for: [.report])
        let whole = try check.run()
        #expect(streamed.streamed && !whole.streamed)
        #expect(streamed.comparison.diff.differingPixels == whole.comparison.diff.differingPixels)
        #expect(streamed.comparison.diff.comparedPixels == whole.comparison.diff.comparedPixels)
        #expect(throws: DesignCheckError.self) { try streamed.artifact(.ghost) }
        // Without a diff image the page is still written, and says the figure is missing.
        let page = String(decoding: try whole.artifact(.page), as: UTF8.self)
        #expect(page.contains("id=\"no-diff\"") && !page.contains("id=\"diff\""))
    }

    /// A check run for its report alone skips the overlay's raster pass, but a ghost asked for afterwards is the
    /// same, byte for byte, as one from a check run for everything.
    @Test func theGhostDoesNotDependOnWhatTheCheckWasRunFor() throws {
        let check = GhostlineSession().check(.scene(path: Self.scene), design: Self.design)
        let lean = try check.run(for: [.report])
        let full = try check.run()
        #expect(lean.renderOverlay == nil && full.renderOverlay != nil)
        #expect(try lean.artifact(.ghost) == full.artifact(.ghost))
        #expect(try lean.artifact(.report) == full.artifact(.report))
    }

    /// Issue 11: a check holds its images whole, so one past `largestWholeImagePixels` is refused before anything
    /// is decoded or drawn (a 16384² design and render took 2.4 GB). A design export is refused from its header
    /// (this file has nothing after it), a render from its laid-out size.
    @Test func imagesTooLargeToHoldWholeAreRefusedBeforeTheWork() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A PNG signature and an IHDR of 8200×8200 px, and no pixels at all.
        let hugeHeader = dir.appendingPathComponent("huge@1x.png").path
        var ihdr: [UInt8] = Array("IHDR".utf8) + [0, 0, 0x20, 0x08, 0, 0, 0x20, 0x08, 8, 6, 0, 0, 0]
        let crc = Self.crc32(ihdr)
        ihdr = [0, 0, 0, 13] + ihdr + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr).write(to: URL(fileURLWithPath: hugeHeader))
        #expect {
            try GhostlineSession().check(.scene(path: Self.scene), design: hugeHeader).run()
        } throws: { error in
            guard case .tooLarge(let path, 8200, 8200, .design)? = error as? DesignCheckError else { return false }
            return path == hugeHeader
        }
        // A scene whose canvas is 8200 pt square at @1x: refused as a render after layout, before the raster.
        let bigScene = dir.appendingPathComponent("big.yaml").path
        try "canvas: { width: 8200, height: 8200, scale: 1 }\nroot: { stack: vertical, children: [] }\n"
            .write(toFile: bigScene, atomically: true, encoding: .utf8)
        #expect {
            try GhostlineSession().check(.scene(path: bigScene), design: Self.design, overrides: .init(scale: Scale(1))).run()
        } throws: { error in
            guard case .tooLarge(_, 8200, 8200, .render)? = error as? DesignCheckError else { return false }
            return "\(error)".contains("8200×8200 px") && "\(error)".contains("ghostline diff")
        }
        // Through the CLI: one line, exit 2, naming the design.
        let cli = try runCLI(["check", Self.scene, "--design", hugeHeader, "--report", dir.appendingPathComponent("r.json").path])
        #expect(cli.status == 2)
        #expect(cli.stderr.split(separator: "\n").count == 1 && cli.stderr.contains(hugeHeader))
    }

    /// CRC-32 as PNG chunks use it (ISO 3309), bit by bit: small and independent of the code under test.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
