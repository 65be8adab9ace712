import GhostlineImage
import GhostlineLayout
import GhostlineReview
import GhostlineScene

/// What a label's ink says beside where it sits: a colour and an italic read from the design's pixels, the colour's
/// name (the scene's, then iOS's, holding in every scheme the suite checks), and the faces a style names by
/// PostScript name.
///
/// Why apart from the search's run: these read pixels and names; the run lays out and ranks.
extension SuggestionSearch {
    /// The changes a label's ink asks for whatever its position: a colour, when the design's strongest ink differs
    /// from the render's by more than a shade (a channel by 40 of 255), and an italic, when the design's ink leans
    /// differently (slants differ by more than 0.1, about half an italic's), measured over the same lines against the
    /// colour under the text.
    func inkChanges(_ label: LabelComparison) -> [StyleChange] {
        let renderBoxes = label.lines.compactMap(\.renderInk), designBoxes = label.lines.compactMap(\.designInk)
        guard !renderBoxes.isEmpty, !designBoxes.isEmpty else { return [] }
        let under = label.under ?? comparison.background
        guard let rendered = InkTraits.measure(comparison.render, boxes: renderBoxes, scale: comparison.scale, under: under),
              let designed = InkTraits.measure(comparison.design, boxes: designBoxes, scale: comparison.scale, under: under)
        else { return [] }
        var changes: [StyleChange] = []
        let renderLines = label.lines.compactMap { line in line.renderInk.flatMap { ink in line.renderBaseline.map { (ink, $0) } } }
        let designLines = label.lines.compactMap { line in line.designInk.flatMap { ink in line.designBaseline.map { (ink, $0) } } }
        // The same lines in both images, or their leans compare different text.
        if !label.lineCountDiffers, !label.missingInk, label.renderLineCount == label.designLineCount,
           let renderLean = InkTraits.lean(comparison.render, lines: renderLines, scale: comparison.scale, under: under),
           let designLean = InkTraits.lean(comparison.design, lines: designLines, scale: comparison.scale, under: under),
           abs(designLean - renderLean) > 0.1 {
            changes.append(StyleChange("italic", .flag(designLean > renderLean)))
        }
        if InkTraits.channelDistance(rendered.strongest, designed.strongest) > 40 {
            // The same ink in the suite's other schemes: over what the design shows around the label there.
            let elsewhere = otherDesigns.compactMap { other -> (scheme: ColorScheme, ink: Color, under: Color)? in
                guard let around = Self.dominant(in: label.frame, of: other.image, scale: comparison.scale.value),
                      let ink = InkTraits.measure(other.image, boxes: designBoxes, scale: comparison.scale, under: around) else { return nil }
                return (other.scheme, ink.strongest, around)
            }
            changes.append(StyleChange("color", .word(colorName(for: designed.strongest, under: under, elsewhere: elsewhere)
                ?? designed.strongest.hexString)))
        }
        return changes
    }

    /// A flat area's colour (a fill, a box) as the scene writes it: a name only when it draws the colour within 2
    /// levels, else the hex. A fill a few levels off (#E9E9EB for #E5E5EA) is within the 8 that name text colours,
    /// and would be named as the colour it replaces.
    func flatColor(_ color: Color, elsewhere: [(scheme: ColorScheme, ink: Color, under: Color)] = []) -> SceneColor {
        let scheme = overrides.colorScheme ?? description.canvas.colorScheme ?? .light
        guard let name = colorName(for: color, under: comparison.background, elsewhere: elsewhere),
              case .success(let value) = description.colors.resolve(.named(name), scheme: scheme),
              InkTraits.channelDistance(value, color) <= 2 else { return .fixed(color) }
        return .named(name)
    }

    /// OpenType's weight classes by the names faces carry after the family in their PostScript names.
    static let weightNames = [100: "Thin", 200: "ExtraLight", 300: "Light", 400: "Regular", 500: "Medium", 600: "SemiBold",
                              700: "Bold", 800: "ExtraBold", 900: "Black"]

    /// The family and weight of a style's `font:` when it names the face drawn by its PostScript name
    /// (`Inter-SemiBold`: `Inter`, 600); nil for a family or a face of another naming.
    static func namedFace(_ font: String?, drawn: String) -> (String, Int)? {
        guard let font, font.caseInsensitiveCompare(drawn) == .orderedSame, let dash = font.lastIndex(of: "-") else { return nil }
        let suffix = font[font.index(after: dash)...]
        guard let weight = weightNames.first(where: { $0.value.caseInsensitiveCompare(suffix) == .orderedSame })?.key else { return nil }
        return (String(font[..<dash]), weight)
    }

    /// The scene's own colour name (then iOS's) that draws `ink` over `under` in the scheme checked, so a fix names
    /// what holds in every scheme (`label`) rather than this scheme's value (`#FFFFFF`). Nil when none is within 8
    /// levels a channel. `elsewhere` gives the same ink in the suite's other schemes (their designs, read where this
    /// one was): the name must draw those too (issue 31, item 4).
    func colorName(for ink: Color, under: Color, elsewhere: [(scheme: ColorScheme, ink: Color, under: Color)] = []) -> String? {
        let scheme = overrides.colorScheme ?? description.canvas.colorScheme ?? .light
        func drawn(_ c: Color, over under: Color) -> Color {
            let a = Double(c.alpha) / 255
            func mix(_ v: UInt8, _ u: UInt8) -> UInt8 { UInt8((Double(v) * a + Double(u) * (1 - a)).rounded()) }
            return Color(red: mix(c.red, under.red), green: mix(c.green, under.green), blue: mix(c.blue, under.blue), alpha: 255)
        }
        func drawn(_ c: Color) -> Color { drawn(c, over: under) }
        // The scene's names, then iOS's that change with the scheme (`label`), then the fixed ones (`black`).
        let system = ColorNames.system.keys.sorted()
        let dynamic = system.filter { ColorNames.system[$0]!.light != ColorNames.system[$0]!.dark }
        // Names the scene already uses come first among iOS's (its tab bar's `systemBlue`, not `link`).
        var used = Set(description.styles.compactMap { $0.style.character.color?.name })
        func visit(_ element: ElementDescription) {
            switch element {
            case .box(let b): if let n = b.color.name { used.insert(n) }; if let n = b.background?.color.name { used.insert(n) }
            case .label(let l): if let n = l.background?.color.name { used.insert(n) }
            case .image(let i): if let n = i.background?.color.name { used.insert(n) }
            case .stack(let st): if let n = st.background?.color.name { used.insert(n) }; st.children.forEach(visit)
            case .overlay(let o): if let n = o.background?.color.name { used.insert(n) }; o.children.forEach(visit)
            case .gap, .spacer: break
            }
        }
        visit(.stack(description.root))
        let names = description.colors.scene.map(\.name) + dynamic.filter(used.contains) + dynamic.filter { !used.contains($0) }
            + system.filter { !dynamic.contains($0) }
        var best: (String, Int)?
        for name in names {
            guard case .success(let value) = description.colors.resolve(.named(name), scheme: scheme) else { continue }
            let distance = InkTraits.channelDistance(drawn(value), ink)
            guard distance <= 8, best == nil || distance < best!.1 else { continue }
            let holds = elsewhere.allSatisfy { other in
                guard case .success(let there) = description.colors.resolve(.named(name), scheme: other.scheme) else { return false }
                return InkTraits.channelDistance(drawn(there, over: other.under), other.ink) <= 8
            }
            if holds { best = (name, distance) }
        }
        return best?.0
    }
}
