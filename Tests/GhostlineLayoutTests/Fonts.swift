import GhostlineFonts

/// Fonts the layout tests use, from Debian's fonts-inter and fonts-dejavu-core.
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
    static let inter = try! Font(path: interPath)
    static let interSemiBold = try! Font(path: interSemiBoldPath)

    /// Inter's glyphs with round vertical metrics so rule arithmetic is easy to follow by hand: at 10 pt,
    /// ascender 8, descender −2, lineHeight 10, leading = lineGap / 100.
    static func roundMetrics(lineGap: Int) -> Font {
        try! Font(path: interPath, metricsOverride: FontMetricsOverride(unitsPerEm: 1000, ascender: 800, descender: -200,
                                                                       lineGap: lineGap, capHeight: 700, xHeight: 500))
    }
}
