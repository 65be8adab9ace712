import Foundation
import GhostlineTestSupport
import GhostlineImage
import GhostlinePNG
import Testing

/// Issue 11's hostile inputs to `diff`: each is refused with one line and exit 2, never a crash.
@Suite("Design review: hostile inputs")
struct ReviewHostileInputTests {
    /// Finite but huge numbers in a layout JSON used to reach `Int(…)` in the band arithmetic and stop the process
    /// with SIGILL (status 132) and no message. Each is now refused where it is read, with its key path.
    @Test(arguments: [
        ("title", ["frame", "x"], 1e19, "elements[1].frame.x is 1e+19"),
        ("body", ["lines", "0", "baseline"], -1e300, "elements[2].lines[0].baseline is -1e+300"),
        ("title", ["font", "ascender"], 1e308, "elements[1].font.ascender is 1e+308"),
    ])
    func hugeNumbersInALayoutJSONAreRefused(label: String, path: [String], value: Double, message: String) throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("card@3x.png").path, json = dir.appendingPathComponent("card.json").path
        #expect(try runCLI(["render", Paths.demoScene, "-o", png, "--layout", json]).status == 0)
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        var elements = try #require(root["elements"] as? [[String: Any]])
        let index = try #require(elements.firstIndex { $0["id"] as? String == label })
        #expect(message.hasPrefix("elements[\(index)]"))   // the demo card: the card box, then title and body
        func set(_ object: Any, _ keys: ArraySlice<String>) -> Any {
            guard let key = keys.first else { return value }
            if var array = object as? [Any], let i = Int(key) { array[i] = set(array[i], keys.dropFirst()); return array }
            var dictionary = object as! [String: Any]
            dictionary[key] = set(dictionary[key]!, keys.dropFirst())
            return dictionary
        }
        elements[index] = set(elements[index], path[...]) as! [String: Any]
        root["elements"] = elements
        let hostile = dir.appendingPathComponent("hostile.json").path
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: hostile))

        let result = try runCLI(["diff", png, png, "--layout", hostile])
        #expect(result.status == 2, "status \(result.status): \(result.stderr.prefix(300))")
        #expect(result.stderr.hasPrefix("ghostline: \(hostile): \(message), outside ±1000000 pt; regenerate the layout JSON"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    /// A PNG over the size limit, compared without image outputs (the streaming path): the message names the
    /// limit, as the whole-image path's does, instead of calling the file damaged.
    @Test func anOverLimitPNGIsCalledOverTheLimitOnTheStreamingPath() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wide = dir.appendingPathComponent("wide.png").path
        try PNGCodec.write(RGBAImage(width: PNGCodec.maximumSidePixels + 1, height: 2, fill: .white), to: wide)
        for outputs in [[], ["--diff", dir.appendingPathComponent("d.png").path]] {
            let result = try runCLI(["diff", wide, wide] + outputs)
            #expect(result.status == 2)
            #expect(result.stderr.contains("16385×2 px, over Ghostline's limit of 16384 px a side"), "\(result.stderr)")
            #expect(!result.stderr.contains("damaged"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
    }
}
