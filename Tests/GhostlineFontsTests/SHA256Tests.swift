import Foundation
import Testing
@testable import GhostlineFonts

/// SHA-256 against the test vectors published with FIPS 180-2 (appendix B) and NIST's examples, and against
/// coreutils' `sha256sum` on a font file.
@Suite("SHA-256")
struct SHA256Tests {
    func digest(_ text: String) -> String {
        var hash = SHA256()
        hash.update(Array(text.utf8))
        return hash.hexDigest()
    }

    @Test func publishedVectors() {
        #expect(digest("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var million = SHA256()
        let block = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { million.update(block) }
        #expect(million.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Every split of a message into two updates gives the same digest (the buffering across 64-byte blocks).
    @Test func splitsDoNotMatter() {
        let message = (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var whole = SHA256()
        whole.update(message)
        for cut in [0, 1, 55, 56, 63, 64, 65, 127, 128, 199, 200] {
            var parts = SHA256()
            parts.update(Array(message[..<cut]))
            parts.update(Array(message[cut...]))
            #expect(parts.hexDigest() == whole.hexDigest(), "cut at \(cut)")
        }
    }

    @Test func aFontFileAsSha256sumReadsIt() throws {
        let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(SHA256.hexDigest(ofFile: path) == String(printed.prefix(64)))
    }
}
