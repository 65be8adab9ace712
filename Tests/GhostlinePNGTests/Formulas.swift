import Foundation
import GhostlineImage

/// The pixel formulas scripts/fixtures/make-png-fixtures.py draws the fixtures with, recomputed here so the expected
/// values never come from Ghostline's own output. Keep in step with the script's docstring.
enum Formula {
    static let width = 7
    static let height = 5

    static func rgba(_ x: Int, _ y: Int) -> [UInt8] {
        [UInt8(x * 36 % 256), UInt8(y * 50 % 256), UInt8((x + y) * 20 % 256), UInt8((x + 7 * y) * 37 % 256)]
    }

    static func rgb(_ x: Int, _ y: Int) -> [UInt8] {
        Array(rgba(x, y).prefix(3)) + [255]
    }

    static func gray(_ x: Int, _ y: Int) -> UInt8 {
        UInt8((x * 36 + y * 5) % 256)
    }

    static func opaqueGray(_ value: UInt8) -> [UInt8] {
        [value, value, value, 255]
    }

    /// A `bits`-bit gray level; the 8-bit value is `level * 255 / (2^bits - 1)`, which is exact for 1, 2, 4 bits.
    static func level(_ x: Int, _ y: Int, bits: Int) -> Int {
        (x + 2 * y) % (1 << bits)
    }

    static func scaledLevel(_ x: Int, _ y: Int, bits: Int) -> UInt8 {
        UInt8(level(x, y, bits: bits) * 255 / ((1 << bits) - 1))
    }

    /// Raw 16-bit samples of rgba16-rounding.png, deliberately not multiples of 257.
    static func wide16(_ x: Int, _ y: Int, _ channel: Int) -> Int {
        (x * 7919 + y * 104729 + channel * 15485 + 12345) % 65536
    }

    /// round(v * 255 / 65535). v / 257 is never exactly halfway between two integers (that would need
    /// v ≡ 128.5 mod 257), so adding 32767 before the division rounds to nearest with no tie to break.
    static func round16(_ value: Int) -> UInt8 {
        UInt8((value * 255 + 32767) / 65535)
    }

    static let palette4: [[UInt8]] = (0..<16).map { (i: Int) -> [UInt8] in
        let red = UInt8(i * 17)
        let green = UInt8(255 - i * 17)
        let blue = UInt8(i * 80 % 256)
        return [red, green, blue, 255]
    }
    static let palette2: [[UInt8]] = [[255, 0, 0, 0], [0, 255, 0, 128], [0, 0, 255, 255], [255, 255, 0, 255]]
    /// The colour key of rgb8-trns.png: the colour of pixel (2, 1).
    static let transparentKey = Array(rgb(2, 1).prefix(3))

    /// An image whose pixels are `pixel(x, y)`.
    static func image(width: Int = width, height: Int = height, _ pixel: (Int, Int) -> [UInt8]) -> RGBAImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width { bytes += pixel(x, y) }
        }
        return RGBAImage(width: width, height: height, pixels: bytes)
    }
}

enum Fixtures {
    /// Absolute path of a file in Fixtures/ (copied into the test bundle by `.copy("Fixtures")`).
    static func path(_ name: String) -> String {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures folder is missing from the test bundle")
        }
        return url.appendingPathComponent(name).path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }
}

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("ghostline-png-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
