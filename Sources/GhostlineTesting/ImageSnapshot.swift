import Foundation
import Ghostline
import GhostlineImage
import GhostlinePNG
import GhostlineSupport

extension DesignAssertion {
    /// An image against a recorded PNG, pixel for pixel, under the same record mode as every other snapshot check.
    ///
    /// For pictures that are not one scene's render, which ``matchesSnapshot(scene:named:record:options:overrides:session:location:variant:suggest:)``
    /// cannot draw again: a contact sheet, a render with its debug legend, two renders side by side. Nothing is
    /// tolerated: such pictures are documentation, and a changed pixel is a changed picture. A failure writes the
    /// new image and a map of the differing pixels (red where they differ, the reference faded elsewhere) to the
    /// artifacts directory.
    ///
    /// - Parameter reference: the PNG, absolute or relative to the test file's folder.
    public static func matchesImage(_ image: RGBAImage, reference: String, record: SnapshotRecordMode?,
                                    location: TestLocation) -> DesignAssertionOutcome {
        let mode = SnapshotRecordMode.resolve(record)
        let path = location.resolve(reference)
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        func recordReference(_ why: String) -> DesignAssertionOutcome {
            do {
                try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                var files = OutputFiles(inputs: [])
                try files.stage(try PNGCodec.encode(image), to: path)
                try files.commit()
                return DesignAssertionOutcome(passed: false, message: location.relativePaths(
                    "\(why): recorded \(path); look at it, commit it, and run the test again"), artifacts: [])
            } catch {
                return DesignAssertionOutcome(passed: false, message: location.relativePaths("image could not be recorded: \(error)"),
                                              artifacts: [])
            }
        }
        switch mode.step(referenceExists: FileManager.default.fileExists(atPath: path), thing: "reference image") {
        case .record(let why): return recordReference(why)
        case .failMissing:
            return DesignAssertionOutcome(passed: false, message: location.relativePaths(
                "no reference image at \(path); " + SnapshotRecordMode.howToRecord), artifacts: [])
        case .compare: break
        }
        let recorded: RGBAImage
        do { recorded = try PNGCodec.read(contentsOf: path) } catch {
            return DesignAssertionOutcome(passed: false, message: location.relativePaths("reference \(path) could not be read: \(error)"),
                                          artifacts: [])
        }
        let differing = image.differingPixels(from: recorded)
        guard differing > 0 else {
            return DesignAssertionOutcome(passed: true, message: location.relativePaths("\(path): every pixel equal"), artifacts: [])
        }
        if mode.recordsOnFailure { return recordReference("the image differs and record mode is `failed`") }
        var message = recorded.width == image.width && recorded.height == image.height
            ? "\(differing) of \(image.width * image.height) pixels differ from the reference \(path)"
            : "the image is \(image.width)×\(image.height) px and the reference \(path) is \(recorded.width)×\(recorded.height) px"
        var artifacts: [(name: String, path: String, bytes: [UInt8])] = []
        let folder = artifactsDirectory(for: location)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (suffix, picture) in [("image", image), ("differences", differenceMap(recorded, image))] {
                let file = folder.appendingPathComponent("\(location.fileStem).\(name).\(suffix).png").path
                let bytes = try PNGCodec.encode(picture)
                var files = OutputFiles(inputs: [path])
                try files.stage(bytes, to: file)
                try files.commit()
                artifacts.append((name: URL(fileURLWithPath: file).lastPathComponent, path: file, bytes: bytes))
                message += "\n  \(suffix): \(file)"
            }
        } catch {
            message += "\n  (the artifacts could not be written: \(error))"
        }
        message += "\nif the change is intended, run the test with GHOSTLINE_RECORD=failed and look at the new picture"
        return DesignAssertionOutcome(passed: false, message: location.relativePaths(message), artifacts: artifacts)
    }

    /// The new image's size, red where a pixel differs from the reference, the reference at a quarter of its contrast
    /// elsewhere (where the reference has no pixel, the new image's).
    static func differenceMap(_ reference: RGBAImage, _ image: RGBAImage) -> RGBAImage {
        var map = RGBAImage(width: image.width, height: image.height, fill: .white)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let new = image[x, y]
                let inside = x < reference.width && y < reference.height
                let old = inside ? reference[x, y] : new
                if inside && old == new {
                    func faded(_ v: UInt8) -> UInt8 { UInt8(255 - (255 - Int(v)) * Int(old.alpha) / 255 / 4) }
                    map[x, y] = Color(red: faded(old.red), green: faded(old.green), blue: faded(old.blue))
                } else {
                    map[x, y] = Color(red: 230, green: 0, blue: 20)
                }
            }
        }
        return map
    }
}
