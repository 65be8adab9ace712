import Foundation
@testable import GhostlineFonts
import Testing

/// Issue 11: a font path that is not a plain font-sized file is refused at once, before FreeType or HarfBuzz open it
/// (HarfBuzz would read /dev/zero until memory runs out, and opening a FIFO blocks).
@Suite struct FontFileCheckTests {
    private func fontError(_ path: String) -> FontError? {
        do {
            _ = try Font(path: path)
            Issue.record("\(path) loaded as a font")
            return nil
        } catch {
            return error
        }
    }

    private func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-font-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func endlessDevicesAreRefused(_ path: String) {
        let error = fontError(path)
        #expect(error == .unreadable(path: path, detail: "it is a character device, not a regular file"))
        #expect(error?.description == "\(path): not a usable font (it is a character device, not a regular file); "
                + "point to a .ttf, .otf or .ttc file")
    }

    @Test func fifoIsRefusedWithoutBlocking() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/font.ttf"
        try #require(mkfifo(path, 0o600) == 0)
        #expect(fontError(path) == .unreadable(path: path, detail: "it is a FIFO (named pipe), not a regular file"))
    }

    @Test func directoryIsRefused() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(fontError(directory) == .unreadable(path: directory, detail: "it is a directory, not a regular file"))
    }

    /// A sparse file one byte over the cap: refused on its size, nothing read.
    @Test func fileOverTheCapIsRefused() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/huge.ttf"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        try #require(truncate(path, off_t(FontFileCheck.maximumBytes + 1)) == 0)
        #expect(fontError(path) == .unreadable(path: path, detail: "it is 128 MiB, over the limit of 128 MiB for a font file"))
    }

    /// Real fonts, including the largest Debian ships here when it is installed, still load.
    @Test func installedFontsStillLoad() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        #expect(try Font(path: dejaVu).familyName == "DejaVu Sans")
        #expect(FontFileCheck.maximumBytes > 27_290_960)   // NotoSerifCJK-Bold.ttc, fonts-noto-cjk
    }
}
