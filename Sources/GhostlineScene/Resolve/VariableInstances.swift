import GhostlineFonts

/// Variable fonts' named instances, as a scene names one (`Inter Medium`) and as Chromium picks one for a font it
/// found by family name.
extension ResolverState {
    /// The named instance of a variable font nearest `weight` on its `wght` axis among those of the asked slant
    /// (an italic instance has a non-default `slnt` or `ital`), the lighter of two equally near; nil for a font
    /// without a `wght` axis or named instances.
    static func installedInstance(of font: Font, weight: Int, italic: Bool) -> NamedInstance? {
        guard font.axes.contains(where: { $0.tag == "wght" }) else { return nil }
        func value(_ instance: NamedInstance, _ tag: String) -> Double? { instance.coordinates.first { $0.tag == tag }?.value }
        func isItalic(_ instance: NamedInstance) -> Bool {
            font.axes.contains { axis in
                (axis.tag == "slnt" || axis.tag == "ital") && (value(instance, axis.tag) ?? axis.defaultValue) != axis.defaultValue
            }
        }
        let candidates = font.namedInstances.filter { value($0, "wght") != nil && isItalic($0) == italic }
        return candidates.min { a, b in
            let da = abs(value(a, "wght")! - Double(weight)), db = abs(value(b, "wght")! - Double(weight))
            return da != db ? da < db : value(a, "wght")! < value(b, "wght")!
        }
    }

    /// `Inter Medium` as the family `Inter` and its variable font's named instance `Medium`: the longest prefix that
    /// is a `fonts:` entry or a family this font set has, whose font names an instance by the rest. nil when no
    /// split names one.
    func namedInstance(_ name: String) -> (Font, NamedInstance)? {
        let words = name.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > 1 else { return nil }
        for split in stride(from: words.count - 1, through: 1, by: -1) {
            let family = words[..<split].joined(separator: " "), instance = words[split...].joined(separator: " ")
            let font: Font?
            if let named = namedFonts[family] {
                font = try? fonts.library.font(FontFile(path: named.file, faceIndex: named.faceIndex), metricsOverride: named.metrics)
            } else {
                font = try? fonts.font(named: family)
            }
            guard let font, let named = font.namedInstance(called: instance) else { continue }
            return (font, named)
        }
        return nil
    }
}
