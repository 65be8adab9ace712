import Foundation
import Ghostline
import GhostlineTestSupport
import Testing

/// The suite's index page in a real browser, as the review page is tested: headless Chromium loads a copy of
/// the page with a checker script appended, which reads the DOM, works the filters and writes what it saw into
/// the DOM for `--dump-dom` to carry out.
@Suite("Suite index page in headless Chromium")
struct SuiteIndexPageBrowserTests {
    static let checker = """
    <script>
    window.addEventListener('load', function () {
      var rows = Array.from(document.querySelectorAll('#checks tbody tr.check'));
      var images = Array.from(document.querySelectorAll('img.thumb-image'));
      function visible() { return rows.filter(function (r) { return !r.hidden; }).map(function (r) { return r.querySelector('.check-link').textContent; }); }
      var verdict = document.getElementById('verdict-filter'), text = document.getElementById('text-filter');
      var result = {
        order: rows.map(function (r) { return r.dataset.verdict + ':' + r.querySelector('.check-link').textContent; }),
        counts: ['checks', 'passed', 'failed', 'errors'].map(function (k) { return document.getElementById('count-' + k).textContent; }),
        images: images.length,
        decoded: images.filter(function (img) { return img.complete && img.naturalWidth > 0; }).length,
        widths: images.map(function (img) { return img.naturalWidth; }),
        links: Array.from(document.querySelectorAll('a.check-link')).map(function (a) { return a.getAttribute('href'); })
      };
      verdict.value = 'fail'; verdict.dispatchEvent(new Event('change'));
      result.failedOnly = visible();
      verdict.value = 'problems'; verdict.dispatchEvent(new Event('change'));
      result.problems = visible();
      verdict.value = 'all'; verdict.dispatchEvent(new Event('change'));
      text.value = 'CARD2'; text.dispatchEvent(new Event('input'));
      result.found = visible();
      text.value = 'nothing like this'; text.dispatchEvent(new Event('input'));
      result.none = visible().length; result.noneNote = !document.getElementById('none').hidden;
      result.shown = document.getElementById('shown').textContent;
      var out = document.createElement('pre'); out.id = 'browser-check';
      out.textContent = JSON.stringify(result); document.body.appendChild(out);
    });
    </script>
    """

    @Test func theIndexPageWorksInChromium() throws {
        let chromium = try #require(Browser.chromium, "headless Chromium is needed: run scripts/setup.sh --tests (apt-get install chromium)")
        let fixture = try SuiteFixture.make(count: 5, failing: [1, 3], manifest: SuiteRunTests.manifest)
        defer { fixture.remove() }
        try fixture.write("scenes/card4.yaml", "canvas: { width: 0 }\n")
        // card3 is off by more than card1: 12 pt instead of 8.
        try fixture.write("scenes/card3.yaml", SuiteFixture.sceneText(title: "Card 3", spacing: 20))
        let run = try runCLI(["suite", fixture.path("ghostline.yaml"), "--html", fixture.path("html")])
        #expect(run.status == 1)
        let page = try fixture.read("html/index.html")
        try page.replacingOccurrences(of: "</body>", with: Self.checker + "</body>").write(toFile: fixture.path("html/probe.html"), atomically: true, encoding: .utf8)
        let dom = try Browser.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,4000",
                                                              "--virtual-time-budget=5000", "--dump-dom", "file://" + fixture.path("html/probe.html")])
        let marker = try #require(dom.range(of: "<pre id=\"browser-check\">"), "the checker did not run: \(dom.prefix(300))")
        let json = String(dom[marker.upperBound...].prefix { $0 != "<" })
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        // Worst first: the check that could not run, then the failures by offset, then the passes in plan order.
        #expect(result["order"] as? [String] == ["error:card4", "fail:card3", "fail:card1", "pass:card0", "pass:card2"])
        #expect(result["counts"] as? [String] == ["5", "2", "2", "1"])
        // Ghost and diff thumbnails of the four checks that ran, all decoded, 120 px wide at most.
        #expect(result["images"] as? Int == 8)
        #expect(result["decoded"] as? Int == 8)
        #expect((result["widths"] as? [Int])?.allSatisfy { $0 > 0 && $0 <= 120 } == true)
        let links = try #require(result["links"] as? [String])
        #expect(links == ["entries/card3.html", "entries/card1.html", "entries/card0.html", "entries/card2.html"])
        for link in links {
            #expect(try fixture.read("html/" + link).contains("<a id=\"suite-index\" href=\"../index.html\">"))
        }
        #expect(result["failedOnly"] as? [String] == ["card3", "card1"])
        #expect(result["problems"] as? [String] == ["card4", "card3", "card1"])
        #expect(result["found"] as? [String] == ["card2"])
        #expect(result["none"] as? Int == 0 && result["noneNote"] as? Bool == true && result["shown"] as? String == "0 shown")

        let screenshot = fixture.path("index.png")
        _ = try Browser.run(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,900",
                                                        "--virtual-time-budget=3000", "--screenshot=\(screenshot)", "file://" + fixture.path("html/index.html")])
        let image = try PNGCodec.read(contentsOf: screenshot)
        #expect(image.width == 1280 && image.height == 900)
        // Not blank: dark text, and the red of a FAIL badge.
        #expect(stride(from: 0, to: image.pixels.count, by: 4).contains { image.pixels[$0] < 64 })
        #expect(stride(from: 0, to: image.pixels.count, by: 4).contains {
            image.pixels[$0] > 200 && image.pixels[$0 + 1] < 40 && image.pixels[$0 + 2] < 60
        })
    }
}
