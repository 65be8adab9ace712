import GhostlineFonts

/// How a document's font becomes a scene's `font:`: the face itself when the caller's font set has it (by PostScript
/// name, then by family and weight), else a substitute the report names with the Debian package that has it.
/// Apple's and commercial faces are never on a Linux machine; a substitute keeps the screen imported, and the
/// report says that its text will differ from the design until the real face is given with `fonts:`.
public struct FontChoice: Sendable, Equatable {
    /// How the document's font was found.
    public enum How: String, Sendable { case postScriptName, family, substitute, missing }
    /// The font as the document names it (PostScript name, else family and weight).
    public var requested: String
    /// The scene's `font:` value.
    public var font: String
    /// The scene's `weight:` when `font` is a family; nil when it names one face.
    public var weight: Int?
    public var italic: Bool
    public var how: How
    /// True when the substitute has the same advance widths as the font it stands for (Liberation for Arial and
    /// Helvetica): lines break where the design breaks them.
    public var metricCompatible: Bool
    /// The Debian package that has `font`, when known.
    public var package: String?
}

/// The caller's fonts, asked through the caller's locator (the session's: tests pass a hermetic one).
public struct FontMapping {
    let locator: FontLocator
    private var known: [String: FontChoice] = [:]
    /// When a substitute is not installed either, stand in with a family that is (Inter, DejaVu Sans, Noto Sans):
    /// lint lays text out on any machine, where import names the substitute to install.
    public var installedOnly = false
    public init(locator: FontLocator, installedOnly: Bool = false) { self.locator = locator; self.installedOnly = installedOnly }

    /// Substitutes by family, lowercased without spaces: (family to write, metric-compatible, package).
    static let substitutes: [(prefix: String, family: String, compatible: Bool, package: String)] = [
        ("helveticaneue", "Liberation Sans", false, "fonts-liberation2"),
        ("helvetica", "Liberation Sans", true, "fonts-liberation2"),
        ("arial", "Liberation Sans", true, "fonts-liberation2"),
        ("timesnewroman", "Liberation Serif", true, "fonts-liberation2"),
        ("times", "Liberation Serif", true, "fonts-liberation2"),
        ("couriernew", "Liberation Mono", true, "fonts-liberation2"),
        ("courier", "Liberation Mono", true, "fonts-liberation2"),
        ("sfpro", "Inter", false, "fonts-inter"),
        ("sfui", "Inter", false, "fonts-inter"),
        ("sfcompact", "Inter", false, "fonts-inter"),
        (".sfns", "Inter", false, "fonts-inter"),
        ("systemfont", "Inter", false, "fonts-inter"),
        ("avenir", "Inter", false, "fonts-inter"),
        ("inter", "Inter", true, "fonts-inter"),
        ("robotomono", "DejaVu Sans Mono", false, "fonts-dejavu-core"),
        ("menlo", "DejaVu Sans Mono", false, "fonts-dejavu-core"),
        ("sfmono", "DejaVu Sans Mono", false, "fonts-dejavu-core"),
        ("roboto", "Roboto", true, "fonts-roboto"),
        ("opensans", "Open Sans", true, "fonts-open-sans"),
        ("notosanscjk", "Noto Sans CJK SC", true, "fonts-noto-cjk"),
        ("notoserif", "Noto Serif", true, "fonts-noto-core"),
        ("notosans", "Noto Sans", true, "fonts-noto-core"),
        ("pingfang", "Noto Sans CJK SC", false, "fonts-noto-cjk"),
        ("hiragino", "Noto Sans CJK JP", false, "fonts-noto-cjk"),
        ("microsoftyahei", "Noto Sans CJK SC", false, "fonts-noto-cjk"),
        ("sourcehansans", "Noto Sans CJK SC", true, "fonts-noto-cjk"),
        ("dejavusans", "DejaVu Sans", true, "fonts-dejavu-core"),
    ]

    /// Style words of PostScript names, longest first, with the weight they mean.
    static let weights: [(word: String, weight: Int)] = [
        ("extralight", 200), ("ultralight", 200), ("semibold", 600), ("demibold", 600), ("extrabold", 800),
        ("ultrabold", 800), ("hairline", 100), ("regular", 400), ("medium", 500), ("heavy", 900), ("black", 900),
        ("light", 300), ("thin", 100), ("bold", 700), ("book", 400), ("roman", 400), ("normal", 400), ("mt", 400),
    ]

    /// `OpenSans-SemiboldItalic` → ("Open Sans", 600, italic); a name without a style part is the regular face.
    static func split(_ postScriptName: String) -> (family: String, weight: Int, italic: Bool) {
        let parts = postScriptName.split(separator: "-", maxSplits: 1).map(String.init)
        var family = ""
        for (i, c) in parts[0].enumerated() {
            let previous = i > 0 ? parts[0][parts[0].index(parts[0].startIndex, offsetBy: i - 1)] : " "
            if c.isUppercase && i > 0 && (previous.isLowercase || previous.isNumber) { family.append(" ") }
            family.append(c)
        }
        var style = (parts.count > 1 ? parts[1] : "").lowercased()
        let italic = style.contains("italic") || style.contains("oblique")
        style = style.replacingOccurrences(of: "italic", with: "").replacingOccurrences(of: "oblique", with: "")
        let weight = weights.first { style.contains($0.word) }?.weight ?? 400
        if family.hasSuffix(" MT") { family.removeLast(3) }
        if family.hasSuffix(" PSMT") { family.removeLast(5) }
        return (family, weight, italic)
    }

    /// How a run's font is named in the report: its PostScript name, else its family, weight and slant.
    public static func request(_ a: DesignTextAttributes) -> String {
        a.postScriptName ?? "\(a.family ?? "Inter") \(a.weight ?? 400)\(a.italic ? " italic" : "")"
    }

    /// The scene font for a run's attributes; the same request is answered once.
    public mutating func choose(_ a: DesignTextAttributes) -> FontChoice {
        let parsed = a.postScriptName.map(Self.split)
        let family = a.family ?? parsed?.family ?? "Inter"
        let weight = a.weight ?? parsed?.weight ?? 400
        let italic = a.italic || (parsed?.italic ?? false)
        let requested = Self.request(a)
        if let choice = known[requested] { return choice }
        let choice = resolve(postScriptName: a.postScriptName, family: family, weight: weight, italic: italic, requested: requested)
        known[requested] = choice
        return choice
    }

    func resolve(postScriptName: String?, family: String, weight: Int, italic: Bool, requested: String) -> FontChoice {
        let key = family.lowercased().filter { $0 != " " && $0 != "-" }
        let known = Self.substitutes.first { key.hasPrefix($0.prefix) }
        if let postScriptName, locator.locate(postScriptName: postScriptName) != nil {
            return FontChoice(requested: requested, font: postScriptName, weight: nil, italic: false, how: .postScriptName,
                              metricCompatible: true, package: known?.family == family ? known?.package : nil)
        }
        if (try? locator.locate(family: family, weight: FontWeight(weight), italic: italic)) != nil {
            return FontChoice(requested: requested, font: family, weight: weight, italic: italic, how: .family,
                              metricCompatible: true, package: nil)
        }
        guard let known else {
            let stand = installedOnly ? lastResort(weight: weight, italic: italic) : nil
            return FontChoice(requested: requested, font: stand ?? "Inter", weight: weight, italic: italic, how: stand == nil ? .missing : .substitute,
                              metricCompatible: false, package: "fonts-inter")
        }
        let installed = (try? locator.locate(family: known.family, weight: FontWeight(weight), italic: italic)) != nil
        if !installed, installedOnly, let stand = lastResort(weight: weight, italic: italic) {
            return FontChoice(requested: requested, font: stand, weight: weight, italic: italic, how: .substitute,
                              metricCompatible: false, package: known.package)
        }
        return FontChoice(requested: requested, font: known.family, weight: weight, italic: italic,
                          how: installed ? .substitute : .missing, metricCompatible: known.compatible, package: known.package)
    }

    func lastResort(weight: Int, italic: Bool) -> String? {
        ["Inter", "DejaVu Sans", "Noto Sans"].first { (try? locator.locate(family: $0, weight: FontWeight(weight), italic: italic)) != nil }
    }

    /// Every choice made so far, in the order of their requests' names.
    public var choices: [FontChoice] { known.values.sorted { $0.requested < $1.requested } }
}
