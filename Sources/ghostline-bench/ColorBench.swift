import Foundation
import Ghostline
import GhostlineImage
import GhostlinePNG

/// `ghostline-bench --color-profile`: what converting a profiled export to sRGB costs beside reading the same export
/// untagged, side by side in one run. Issue 30 allows at most one extra decode's time for it.
///
/// The export is a phone screen at @3x (1125 × 2436 px): a render of a text-heavy scene (anti-aliased text in
/// several scripts, colour emoji, fills) tiled to the screen's size, over bands of flat UI colours and a gradient, so
/// the PNG holds what a real export holds. The same PNG is read twice per iteration through `ImageReader.decode`,
/// once as it is and once with the Display P3 profile of the test fixtures in an iCCP chunk, interleaved so that a
/// noisy neighbour slows both alike.
struct ColorBench {
    let iterations: Int
    let scenePath: String
    static let profilePath = "Tests/GhostlinePNGTests/Fixtures/color/display-p3.icc"

    func run() throws {
        let renderer = GhostlineSession().renderer
        let render = try renderer.render(try renderer.loadScene(path: scenePath)).image
        let image = Self.phoneScreen(width: 1125, height: 2436, content: render)
        let untagged = try PNGCodec.encode(image)
        guard let profile = FileManager.default.contents(atPath: Self.profilePath) else {
            throw BenchError("cannot read \(Self.profilePath); run the bench from the package root")
        }
        let tagged = Self.insertingICCP([UInt8](profile), into: untagged)
        let check = try ImageReader.decode(tagged, source: "p3.png")
        guard check.colorProfile?.converted == true else { throw BenchError("the tagged PNG was not converted") }

        var plain: [Double] = [], converted: [Double] = []
        for _ in 0..<iterations {
            plain.append(try milliseconds { _ = try ImageReader.decode(untagged, source: "srgb.png") })
            converted.append(try milliseconds { _ = try ImageReader.decode(tagged, source: "p3.png") })
        }
        let extra = median(converted) - median(plain)
        print("Colour profile: a \(image.width)×\(image.height) px PNG (\(untagged.count / 1024) KiB), median of \(iterations)")
        print("  decode, untagged (sRGB)            \(format(median(plain)))")
        print("  decode + Display P3 → sRGB         \(format(median(converted)))")
        print(String(format: "  conversion alone                   %8.3f ms (%.2f of a decode; the budget is 1.00)",
                     extra, extra / median(plain)))
    }

    /// A UI-like screen: a navigation bar, a gradient card and a coloured button over list rows, with `content` (a
    /// render) tiled over every other band.
    static func phoneScreen(width: Int, height: Int, content: RGBAImage) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                if (y / 400) % 2 == 1, content.width > 0, content.height > 0 {
                    let j = ((y % content.height) * content.width + x % content.width) * 4
                    for c in 0..<4 { pixels[i + c] = content.pixels[j + c] }
                    continue
                }
                let rgb: (Int, Int, Int)
                switch y {
                case ..<300: rgb = (247, 247, 247)                                   // navigation bar
                case 900..<1500: rgb = (30 + x * 200 / width, 90, 200 - y % 100)      // gradient card
                case 2100..<2250 where x > 60 && x < width - 60: rgb = (0, 122, 255) // button
                default: rgb = y % 132 == 0 ? (198, 198, 200) : (255, 255, 255)     // rows and hairlines
                }
                pixels[i] = UInt8(rgb.0); pixels[i + 1] = UInt8(rgb.1); pixels[i + 2] = UInt8(rgb.2)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// `png` with an iCCP chunk after IHDR; the profile goes in zlib's stored (uncompressed) blocks, which every
    /// inflater reads, so the bench needs no deflater.
    static func insertingICCP(_ profile: [UInt8], into png: [UInt8]) -> [UInt8] {
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, profile.count - offset)
            let final: UInt8 = offset + count == profile.count ? 1 : 0
            zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += profile[offset..<offset + count]
            offset += count
        } while offset < profile.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in profile { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += bigEndian(b << 16 | a)
        let body = Array("iCCP".utf8) + Array("Display P3".utf8) + [0, 0] + zlib
        let chunk = bigEndian(UInt32(body.count - 4)) + body + bigEndian(crc32(body))
        return Array(png[..<33]) + chunk + Array(png[33...])   // signature (8) + IHDR (25)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    /// PNG's CRC-32 (ISO 3309), bit by bit: the bench writes one small chunk.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
