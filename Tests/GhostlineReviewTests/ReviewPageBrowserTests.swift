import Foundation
import Ghostline
import GhostlineTestSupport
import Testing

/// The review page in a real browser: headless Chromium (Debian's `chromium`, installed by
/// `scripts/setup.sh --tests`) loads the page that `check --html` wrote, a small checker script appended to a copy
/// of it reports what the DOM holds, and a screenshot is taken and decoded.
@Suite("Review page in headless Chromium")
struct ReviewPageBrowserTests {
    static var chromium: String? { Browser.chromium }

    /// Appended to a copy of the page: once it has loaded, checks every image decoded, moves the opacity slider
    /// and clicks the blink toggle, then writes what it saw into the DOM for `--dump-dom` to carry out.
    static let checker = """
    <script>
    window.addEventListener('load', function () {
      // After 'load' every image has loaded or failed; a decoded image has a natural size.
      var images = Array.from(document.querySelectorAll('img.review-image'));
      var decoded = images.filter(function (img) { return img.complete && img.naturalWidth > 0; });
      var slider = document.getElementById('opacity');
      slider.value = '0.8'; slider.dispatchEvent(new Event('input'));
      document.getElementById('blink-toggle').click();
      var result = {
        verdict: document.body.dataset.verdict,
        images: images.length,
        decoded: decoded.length,
        naturalWidths: images.map(function (img) { return img.naturalWidth; }),
        sliderMin: slider.min, sliderMax: slider.max,
        ghostOpacity: document.getElementById('ghost-design').style.opacity,
        blinkRenderVisible: document.getElementById('blink-render').style.visibility,
        rows: document.querySelectorAll('#labels tbody tr').length,
        offRows: document.querySelectorAll('#labels tbody tr.off').length,
        pixelated: getComputedStyle(images[0]).imageRendering,
        ignoredBoxes: document.querySelectorAll('.frame .ignored').length,
        findings: document.querySelectorAll('#findings li').length,
        failingFindings: document.querySelectorAll('#findings li.fails').length,
        findingBoxes: document.querySelectorAll('.frame .finding').length,
        ignoredBoxWidths: Array.from(document.querySelectorAll('.frame .ignored')).map(function (box) {
          return Math.round(box.getBoundingClientRect().width);
        })
      };
      var out = document.createElement('pre'); out.id = 'browser-check';
      out.textContent = JSON.stringify(result); document.body.appendChild(out);
    });
    </script>
    """

    @Test func reviewPageWorksInChromium() throws {
        let chromium = try #require(Self.chromium, "headless Chromium is needed: run scripts/setup.sh --tests (apt-get install chromium)")
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The failing case, so the table has rows marked as off.
        var yaml = try String(contentsOfFile: Paths.demoScene, encoding: .utf8)
        yaml = yaml.replacingOccurrences(of: "lineHeightStrategy: padded", with: "lineHeightStrategy: none")
            .replacingOccurrences(of: "height: auto", with: "height: 158")
        let scene = dir.appendingPathComponent("card.yaml").path
        try yaml.write(toFile: scene, atomically: true, encoding: .utf8)
        let page = dir.appendingPathComponent("review.html").path
        // A 375 × 4 pt ignored strip along the top (no text there): outlined on each of the six image frames.
        let check = try runCLI(["check", scene, "--design", ReviewTests.design, "--html", page, "--ignore", "0,0,375,4"])
        #expect(check.status == 1)

        let probe = dir.appendingPathComponent("probe.html").path
        let html = try String(contentsOfFile: page, encoding: .utf8)
        try html.replacingOccurrences(of: "</body>", with: Self.checker + "</body>").write(toFile: probe, atomically: true, encoding: .utf8)
        let dom = try run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                                     "--dump-dom", "file://" + probe])
        let marker = try #require(dom.range(of: "<pre id=\"browser-check\">"), "the checker did not run: \(dom.prefix(300))")
        let json = dom[marker.upperBound...].prefix { $0 != "<" }
        let decodedJSON = String(json).replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(decodedJSON.utf8)) as? [String: Any])
        #expect(result["verdict"] as? String == "fail")
        #expect(result["images"] as? Int == 8)
        #expect(result["decoded"] as? Int == 8)
        #expect((result["naturalWidths"] as? [Int])?.allSatisfy { $0 == 1125 } == true)
        #expect(result["sliderMin"] as? String == "0" && result["sliderMax"] as? String == "1")
        #expect(result["ghostOpacity"] as? String == "0.8")
        #expect(result["blinkRenderVisible"] as? String == "visible")
        #expect(result["rows"] as? Int == 5)       // title: 1 line, body: 4 lines
        #expect(result["offRows"] as? Int == 5)    // every baseline is off without line-height handling
        #expect(result["pixelated"] as? String == "pixelated")
        #expect(result["ignoredBoxes"] as? Int == 6)
        #expect((result["ignoredBoxWidths"] as? [Int]) == Array(repeating: 375, count: 6))   // the frames are 375 pt wide at zoom 1
        // Both labels are off (one failing baseline finding each), outlined on the diff image.
        #expect((result["failingFindings"] as? Int ?? 0) >= 2)
        #expect((result["findings"] as? Int ?? 0) >= (result["failingFindings"] as? Int ?? 0))
        #expect(result["findingBoxes"] as? Int == 2, "\(result)")

        let screenshot = dir.appendingPathComponent("review.png").path
        _ = try run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,1600",
                               "--virtual-time-budget=3000", "--screenshot=\(screenshot)", "file://" + page])
        let image = try PNGCodec.read(contentsOf: screenshot)
        #expect(image.width == 1280 && image.height == 1600)
        // Not a blank page: the screenshot has dark text pixels.
        #expect(stride(from: 0, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 64 })
    }

    func run(_ executable: String, _ arguments: [String]) throws -> String { try Browser.run(executable, arguments) }
}
