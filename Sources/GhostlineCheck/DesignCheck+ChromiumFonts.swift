import GhostlineLayout
import GhostlinePNG
import GhostlineReview
import GhostlineScene

extension DesignCheck {
    /// A line for a failing css check whose design Chromium drew from an installed font: the same check passes with
    /// ``ChromiumFonts/installed`` (`--chromium-fonts installed`). Without it the user reads only "pixels differ in
    /// 14 regions" on every label, while the cause is how the export was made (issue 30, item 6).
    ///
    /// The cause is said only after it was checked: the scene is checked again with the rule and the line printed
    /// only when that check passes, so a real change is never explained away (a 1 pt move still fails with the rule).
    /// It costs one more render and comparison, and only for a check that fails by its pixels alone, at a scale above 1
    /// in the css model, that did not choose where its fonts came from; no suggestions are searched in the second
    /// check.
    func installedFontsHint(_ result: DesignCheckResult, description: SceneDescription, name: String,
                            overrides: SceneOverrides, design: DecodedImage) -> [String] {
        // Only a check that fails by its pixels alone: every label's baselines within a device pixel, no other finding
        // failing. That is how an installed-font export looks (its baselines a device pixel higher); a moved,
        // resized or recoloured element fails a finding of its own and pays for no second check.
        guard !result.passes, !result.comparison.findings.contains(where: \.fails),
              overrides.chromiumFonts == nil, !options.againstReference,
              result.comparison.exportedAtScale == nil, let scene = result.scene,
              scene.model.lineStacking == .halfLeading,
              ChromiumFonts.installed.descentBorrowsFromAscent(scale: scene.canvas.scale.value) else { return [] }
        var installed = overrides
        installed.chromiumFonts = .installed
        guard let retried = recheck(description, name: name, overrides: installed, design: design.image,
                                    designIsLossy: Self.isLossy(design, path: self.design)),
              retried.passes else { return [] }
        return ["the design passes with --chromium-fonts installed: Chromium drew it from an installed font (a font-family "
                + "found through fontconfig, not @font-face), whose baselines sit a device pixel higher above @1x; "
                + "check it with that option"]
    }
}
