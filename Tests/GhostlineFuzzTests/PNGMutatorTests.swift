import Foundation
@testable import ghostline_fuzz
import GhostlinePNG
import Testing

/// The PNG-aware mutator must do what it is for: produce inputs that get past libpng's CRC check and decode, where
/// plain byte mutations almost never do (issue 11: coverage flat at the first chunk).
@Suite struct PNGMutatorTests {
    static let seedPNG: [UInt8] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("GhostlinePNGTests/Fixtures/rgba8-adam7.png")
        return [UInt8](try! Data(contentsOf: url))
    }()

    /// A stand-in for libFuzzer's byte mutator: overwrite one byte, chosen from the bytes themselves (deterministic).
    static let flipOneByte: @Sendable ([UInt8], Int) -> [UInt8] = { bytes, _ in
        guard !bytes.isEmpty else { return [0] }
        var copy = bytes
        var random = SplitMix(seed: UInt64(bytes.count) &* 31 &+ UInt64(copy[0]))
        copy[random.next(copy.count)] ^= UInt8(1 + random.next(255))
        return copy
    }

    static func crcsAreValid(_ png: [UInt8]) -> Bool {
        guard let chunks = PNGMutator.parse(png) else { return false }
        return PNGMutator.serialize(chunks) == png
    }

    static func decodes(_ png: [UInt8]) -> Bool {
        (try? ImageReader.decode(png)) != nil
    }

    @Test func mutatedFilesKeepValidChunksAndDecodeFarMoreOftenThanByteFlips() {
        var valid = 0, decoded = 0, flippedDecoded = 0
        let rounds = 400
        for seed in 0..<rounds {
            var mutator = PNGMutator(seed: UInt32(seed), mutateBytes: Self.flipOneByte)
            guard let output = mutator.mutate(Self.seedPNG, maxSize: 1 << 16) else { continue }
            if Self.crcsAreValid(output) { valid += 1 }
            if Self.decodes(output) { decoded += 1 }
            // The same file with one byte flipped anywhere, as a byte-level fuzzer would do.
            var flipped = Self.seedPNG
            var random = SplitMix(seed: UInt64(seed))
            flipped[8 + random.next(flipped.count - 8)] ^= UInt8(1 + random.next(255))
            if Self.decodes(flipped) { flippedDecoded += 1 }
        }
        // Eight of the ten operations end with every chunk's CRC recomputed (one cuts the file, one flips bytes).
        #expect(valid > rounds / 2, "valid chunks \(valid) of \(rounds)")
        #expect(decoded > 4 * flippedDecoded, "decoded \(decoded) vs byte flips \(flippedDecoded) of \(rounds)")
        #expect(flippedDecoded < rounds / 10)
    }

    /// The image data a rewritten IHDR calls for, recomputed for two cases by hand from the PNG specification.
    @Test func imageDataSizeFollowsTheSpecification() {
        // 7 × 5 RGBA8: 5 rows of 1 filter byte + 28 bytes.
        #expect(PNGMutator.imageDataSize(width: 7, height: 5, bitsPerPixel: 32, interlaced: false) == 145)
        // 3 × 3 gray 1-bit, Adam7: passes 1 (1×1), 2 (none: x0 = 4), 3 (none: y0 = 4), 4 (1×1), 5 (2×1), 6 (1×2),
        // 7 (3×1); each row is 1 filter byte + 1 data byte.
        #expect(PNGMutator.imageDataSize(width: 3, height: 3, bitsPerPixel: 1, interlaced: true) == 2 * 6)
    }
}
