import Foundation
import GhostlineFonts

/// Fonts the layout tests use, from Debian's fonts-inter and fonts-dejavu-core, and the repository's own fixture
/// fonts (`Fixtures/fonts`), always opened by path: no test asks fontconfig for a family.
///
/// Inter 4.0 (fontTools, see Tests/GhostlineFontsTests/Fixtures/fonttools-metrics.json): unitsPerEm 2816,
/// hhea ascender 2728, descender −680, lineGap 0, capHeight 2048, xHeight 1536.
enum TestFonts {
    /// The fonts of the machine the browser fixtures were recorded on: the Debian packages `scripts/setup.sh`
    /// installs (fonts-inter, fonts-dejavu-core, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji), and no
    /// others. Fallback looks only here, so another installed font package cannot change a fallback choice.
    static let recordingMachine = FontSet(directories: ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/dejavu",
                                                        "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto"],
                                          systemFonts: false)

    static let interPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let interSemiBoldPath = "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf"
    static let dejaVuPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let inter = try! Font(path: interPath)
    static let interSemiBold = try! Font(path: interSemiBoldPath)
    static let dejaVu = try! Font(path: dejaVuPath)

    /// The package's root, from this file's place in it (Tests/GhostlineLayoutTests/Fonts.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    /// scripts/fixtures/make-trak-font.py's fonts with tracking tables (with and without `STAT`, and a flat probe).
    static let trakDirectory = packageRoot + "/Fixtures/fonts/trak"
    /// scripts/fixtures/make-opsz-font.py's variable font with an `opsz` axis.
    static let opszPath = packageRoot + "/Fixtures/fonts/opsz/GhostlineOpszTest.ttf"

    /// Inter's glyphs with round vertical metrics so rule arithmetic is easy to follow by hand: at 10 pt,
    /// ascender 8, descender −2, lineHeight 10, leading = lineGap / 100.
    static func roundMetrics(lineGap: Int) -> Font {
        try! Font(path: interPath, metricsOverride: FontMetricsOverride(unitsPerEm: 1000, ascender: 800, descender: -200,
                                                                       lineGap: lineGap, capHeight: 700, xHeight: 500))
    }
}
