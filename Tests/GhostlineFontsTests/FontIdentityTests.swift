import Foundation
import Testing
@testable import GhostlineFonts

/// A font's identity as independent tools read the same file: the version string (name ID 5) and `head.fontRevision`
/// from fontTools, the SHA-256 from coreutils' `sha256sum`. Both run here, on this machine's files, so the
/// expectation follows whatever version Debian ships.
@Suite("Font identity: file, PostScript name, version, SHA-256")
struct FontIdentityTests {
    static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: ["/usr/share/fonts/opentype/inter/Inter-Regular.otf", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
                      "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"])
    func identityAgreesWithFontToolsAndSha256sum(path: String) throws {
        let script = """
        import sys
        from fontTools.ttLib import TTFont
        f = TTFont(sys.argv[1], fontNumber=0)
        print(round(f['head'].fontRevision, 3)); print(f['name'].getDebugName(5)); print(f['name'].getDebugName(6))
        """
        let lines = try Self.output("/usr/bin/python3", ["-c", script, path]).split(separator: "\n").map(String.init)
        let identity = try Font(path: path).identity
        #expect(lines.count == 3)
        #expect(identity.revision == Double(lines[0]))
        #expect(identity.version == lines[1])
        #expect(identity.postScriptName == lines[2])
        #expect(identity.sha256 == String(try Self.output("/usr/bin/sha256sum", [path]).prefix(64)))
        #expect(identity.file == path && identity.faceIndex == 0)
    }
}
