import Foundation
import GhostlineTestSupport
import Testing

/// Design exports in the formats Sketch and Figma write, read by `ghostline diff` and `check` through ImageReader.
/// The files are GhostlinePNGTests' fixtures, written by Pillow (scripts/fixtures/make-image-fixtures.py).
@Suite struct ImageInputCLITests {
    static func fixture(_ name: String) -> String {
        Paths.root.appendingPathComponent("Tests/GhostlinePNGTests/Fixtures/formats/" + name).path
    }

    /// A lossless WebP is the same picture as its PNG: the diff passes with no differing pixel.
    @Test func diffReadsWebPAndJPEGExports() throws {
        let webp = try runCLI(["diff", Self.fixture("reference.png"), Self.fixture("lossless.webp")])
        #expect(webp.status == 0, "\(webp.stderr)")
        #expect(webp.stdout.contains("0 of"))
        // Turned by EXIF: the JPEG stores the picture on its side and must still compare with the upright PNG.
        let jpeg = try runCLI(["diff", Self.fixture("orient-6.png"), Self.fixture("orient-6.jpg"), "--tolerance", "0"])
        #expect(jpeg.status == 0, "\(jpeg.stdout)\(jpeg.stderr)")
    }

    /// Issue 8 §3: a PNG lacking only IEND is compared, and the user hears about it on one stderr line, on both the
    /// streaming path (no outputs) and the whole-image path.
    @Test func missingEndIsOneWarningLine() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let noEnd = Self.fixture("no-iend.png")
        for extra in [[], ["--diff", dir.appendingPathComponent("d.png").path]] {
            let result = try runCLI(["diff", noEnd, Self.fixture("reference.png")] + extra)
            #expect(result.status == 0)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines == ["ghostline: warning: \(noEnd): the PNG file ends without its IEND chunk, but its image data "
                              + "is complete, so it was read; re-export it to get a complete file"])
        }
    }

    /// Cut-off files and files that are not files: exit 2, one line naming the file, no output left behind.
    @Test(arguments: ["cut-in-scan.jpg", "cut.webp", "/dev/zero", "figma-export.pdf"])
    func badDesignExitsTwoWithOneLine(_ name: String) throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = name.hasPrefix("/") ? name : Self.fixture(name)
        let diffImage = dir.appendingPathComponent("d.png").path
        for extra in [[], ["--diff", diffImage]] {
            let result = try runCLI(["diff", Self.fixture("reference.png"), path] + extra)
            #expect(result.status == 2)
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(path), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: diffImage))
        }
    }

    /// A scene's image element reads through the same entry point: a WebP or JPEG is drawn, upright by its EXIF
    /// orientation, and its intrinsic size is the upright picture's (orient-6 is stored 5×7 and shows 7×5).
    @Test func sceneImagesReadEveryFormatUpright() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func render(_ file: String) throws -> (png: Data, layout: [String: Any], stderr: String) {
            let scene = dir.appendingPathComponent("s.yaml").path
            try "canvas: { width: 60, scale: 1 }\nroot: { align: leading, children: [ { image: { id: i, file: \"\(Self.fixture(file))\" } } ] }\n"
                .write(toFile: scene, atomically: true, encoding: .utf8)
            let png = dir.appendingPathComponent("out.png").path, json = dir.appendingPathComponent("out.json").path
            let result = try runCLI(["render", scene, "-o", png, "--layout", json])
            #expect(result.status == 0, "\(result.stderr)")
            let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any] ?? [:]
            return (try Data(contentsOf: URL(fileURLWithPath: png)), layout, result.stderr)
        }
        func frame(_ layout: [String: Any]) -> [String: Double]? {
            (layout["elements"] as? [[String: Any]])?.first { $0["id"] as? String == "i" }?["frame"] as? [String: Double]
        }
        // A lossless WebP draws exactly as the PNG it was made from.
        #expect(try render("lossless.webp").png == render("reference.png").png)
        for file in ["orient-6.jpg", "orient-6.webp", "orient-6.png"] {
            let rotated = try render(file)
            #expect(frame(rotated.layout)?["width"] == 7 && frame(rotated.layout)?["height"] == 5, "\(file)")
        }
        // A PNG without IEND is drawn, with the reader's warning on one line.
        let noEnd = try render("no-iend.png")
        #expect(noEnd.stderr.split(separator: "\n").count == 1 && noEnd.stderr.contains("IEND"))
    }
}
