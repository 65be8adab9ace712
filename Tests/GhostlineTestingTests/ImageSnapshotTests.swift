import Foundation
import GhostlineImage
import GhostlinePNG
@testable import GhostlineTesting
import Testing

/// `expectImageSnapshot`'s check: the record modes every snapshot shares, pixel-for-pixel equality, and what a failure
/// leaves behind. Each test works in a folder of its own, with a test file path inside it.
@Suite("Image snapshots")
struct ImageSnapshotTests {
    struct Place {
        let folder: URL
        var location: TestLocation { TestLocation(filePath: folder.appendingPathComponent("PictureTests.swift").path,
                                                  function: "picture()", line: 1, column: 1) }
        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-image-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
    }

    static func picture(changed: Bool = false) -> RGBAImage {
        var image = RGBAImage(width: 4, height: 3, fill: .white)
        image[1, 1] = Color(red: 0, green: 122, blue: 255)
        if changed { image[3, 2] = .black }
        return image
    }

    @Test func aMissingReferenceIsRecordedOnceThenCompared() throws {
        let place = try Place()
        let first = DesignAssertion.matchesImage(Self.picture(), reference: "card.png", record: .missing, location: place.location)
        #expect(!first.passed && first.message.contains("recorded"))
        #expect(try PNGCodec.read(contentsOf: place.folder.appendingPathComponent("card.png").path) == Self.picture())
        #expect(DesignAssertion.matchesImage(Self.picture(), reference: "card.png", record: .missing, location: place.location).passed)
    }

    @Test func neverRecordsAndSaysHow() throws {
        let place = try Place()
        let outcome = DesignAssertion.matchesImage(Self.picture(), reference: "card.png", record: .never, location: place.location)
        #expect(!outcome.passed && outcome.message.contains("GHOSTLINE_RECORD=missing"))
        #expect(!FileManager.default.fileExists(atPath: place.folder.appendingPathComponent("card.png").path))
    }

    /// One changed pixel fails, is counted, and leaves the new image and the difference map (red at that pixel).
    @Test func onePixelFailsWithTheImageAndAMap() throws {
        let place = try Place()
        _ = DesignAssertion.matchesImage(Self.picture(), reference: "card.png", record: .all, location: place.location)
        let outcome = DesignAssertion.matchesImage(Self.picture(changed: true), reference: "card.png", record: .never,
                                                   location: place.location)
        #expect(!outcome.passed)
        #expect(outcome.message.contains("1 of 12 pixels differ"))
        #expect(outcome.artifacts.map(\.name).sorted() == ["PictureTests.card.differences.png", "PictureTests.card.image.png"])
        let map = try PNGCodec.decode(try #require(outcome.artifacts.first { $0.name.hasSuffix("differences.png") }).bytes)
        #expect(map[3, 2] == Color(red: 230, green: 0, blue: 20))
        #expect(map[0, 0] != Color(red: 230, green: 0, blue: 20))
        // `failed` accepts the new picture; the next comparison passes.
        _ = DesignAssertion.matchesImage(Self.picture(changed: true), reference: "card.png", record: .failed, location: place.location)
        #expect(DesignAssertion.matchesImage(Self.picture(changed: true), reference: "card.png", record: .never,
                                             location: place.location).passed)
    }

    @Test func aDifferentSizeIsNamed() throws {
        let place = try Place()
        _ = DesignAssertion.matchesImage(Self.picture(), reference: "card.png", record: .all, location: place.location)
        let outcome = DesignAssertion.matchesImage(RGBAImage(width: 5, height: 3, fill: .white), reference: "card.png",
                                                   record: .never, location: place.location)
        #expect(!outcome.passed && outcome.message.contains("5×3 px and the reference"))
    }
}
