import GhostlineImage
import GhostlineLayout
import GhostlineScene
import GhostlineSupport

/// A suggestion as app code: UIKit (attributed string attributes and paragraph style) and SwiftUI modifiers, and
/// CSS for a scene in the css model. Only what the suggestion changes, with the font it is for.
///
/// Why code as well as a scene patch: the scene mirrors the app, and the fix lands in the app. The line-height
/// strategies are spelled out as UIKit does them (R7: line spacing plus padding; R8: minimum and maximum line height),
/// because UIKit has no line height of its own.
public struct PlatformCode: Sendable, Equatable {
    /// Swift for a `UILabel` (or any view with attributed text).
    public var uikit: String
    /// Swift for a SwiftUI `Text`.
    public var swiftUI: String
    /// CSS declarations, for a scene in the css model; nil otherwise.
    public var css: String?

    /// The code for `style` (the label's style with the changes made), saying the changed keys.
    package init(style: StyleDescription, changes: [StyleChange], pointSize: Double, postScriptName: String, model: LayoutModel) {
        let keys = Set(changes.map(\.key))
        let character = style.character, paragraph = style.paragraph
        let size = character.size ?? pointSize
        let font = postScriptName
        let number = Self.number
        var attributes = ["    .font: font"]
        var setup = ["let font = UIFont(name: \"\(font)\", size: \(number(size)))!"]
        var modifiers = [".font(.custom(\"\(font)\", fixedSize: \(number(size))))"]
        var declarations: [String] = []
        let lineHeight = paragraph.lineHeight
        if keys.contains("lineHeight") || keys.contains("lineHeightStrategy"), let lineHeight {
            let parts = Self.lineHeightParts(lineHeight, font: font, size: size, strategy: paragraph.lineHeightStrategy ?? .padded)
            setup += parts.setup; attributes += parts.attributes; modifiers += parts.modifiers
            declarations.append("line-height: \(number(lineHeight))px;")
        }
        if keys.contains("letterSpacing") {
            let spacing = number(character.letterSpacing ?? 0)
            attributes.append("    .kern: \(spacing)")
            modifiers.append(".kerning(\(spacing))")
            declarations.append("letter-spacing: \(spacing)px;")
        }
        if keys.contains("size") || keys.contains("weight") || keys.contains("italic") || keys.contains("font") {
            let face = "\(character.italic == true ? "italic " : "")\(character.weight?.value ?? 400)"
            declarations.append("font: \(face) \(number(size))px \(character.font ?? font);")
        }
        if keys.contains("features.tnum") {
            setup.append("let tabular = font.fontDescriptor.addingAttributes([.featureSettings: [[UIFontDescriptor.FeatureKey.type: "
                         + "kNumberSpacingType, .selector: kMonospacedNumbersSelector]]])")
            setup.append("let tabularFont = UIFont(descriptor: tabular, size: 0)")
            attributes[0] = "    .font: tabularFont"
            modifiers.append(".monospacedDigit()")
            declarations.append("font-variant-numeric: tabular-nums;")
        }
        if keys.contains("alignment"), let alignment = paragraph.alignment {
            setup.append("label.textAlignment = .\(alignment == .justified ? "justified" : alignment.rawValue)")
            let swiftUI = ["left": ".leading", "right": ".trailing", "center": ".center"][alignment.rawValue] ?? ".leading"
            modifiers.append(".multilineTextAlignment(\(swiftUI))")
            declarations.append("text-align: \(alignment.rawValue);")
        }
        if keys.contains("color"), case .fixed(let colour)? = character.color {
            func channel(_ c: UInt8) -> String { JSONValue.format((Double(c) / 255 * 1000).rounded() / 1000) }
            let rgb = "red: \(channel(colour.red)), green: \(channel(colour.green)), blue: \(channel(colour.blue))"
            attributes.append("    .foregroundColor: UIColor(\(rgb), alpha: 1)   // \(colour.hexString)")
            modifiers.append(".foregroundStyle(Color(\(rgb)))   // \(colour.hexString)")
            declarations.append("color: \(colour.hexString);")
        }
        if keys.contains("color"), case .named(let name)? = character.color {
            let system = ColorNames.system[name] != nil
            attributes.append("    .foregroundColor: " + (system ? "UIColor.\(name)" : "UIColor(named: \"\(name)\")!"))
            modifiers.append(".foregroundStyle(" + (system ? "Color(uiColor: .\(name))" : "Color(\"\(name)\")") + ")")
            declarations.append("color: var(--\(name));")
        }
        if keys.contains("textCase"), let textCase = character.textCase {
            let swift = ["upper": "uppercase", "lower": "lowercase"][textCase.rawValue]
            setup.append(swift.map { "let text = text.\($0 == "uppercase" ? "uppercased" : "lowercased")()   // textCase: \(textCase.rawValue)" }
                         ?? "// textCase: \(textCase.rawValue): the text as written")
            modifiers.append(swift.map { ".textCase(.\($0))" } ?? ".textCase(nil)")
            declarations.append("text-transform: \(["upper": "uppercase", "lower": "lowercase", "capitalize": "capitalize"][textCase.rawValue] ?? "none");")
        }
        uikit = Self.assemble(setup: setup, attributes: attributes)
        swiftUI = (["Text(text)"] + modifiers.map { "    " + $0 }).joined(separator: "\n")
        css = model == .css ? declarations.joined(separator: " ") : nil
    }

    /// UIKit's attributed text from its setup lines and attributes.
    static func assemble(setup: [String], attributes: [String]) -> String {
        (setup + ["label.attributedText = NSAttributedString(string: text, attributes: ["]
         + [attributes.joined(separator: ",\n")] + ["])"]).joined(separator: "\n")
    }

    /// A point value as code writes it: at most two decimals.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() && abs(rounded) < 1e9 ? String(Int(rounded)) : JSONValue.format(rounded)
    }

    /// A designed line height `l` as UIKit and SwiftUI reach it by `strategy`: R7's line spacing plus padding, or
    /// R8's minimum and maximum line height. The setup lines, the attributes and the SwiftUI modifiers.
    static func lineHeightParts(_ lineHeight: Double, font: String, size: Double,
                                strategy: LineHeightStrategy) -> (setup: [String], attributes: [String], modifiers: [String]) {
        let l = number(lineHeight)
        var setup: [String] = [], attributes: [String] = [], modifiers: [String] = []
        switch strategy {
        case .padded, .lineSpacing:
            setup.append("let paragraph = NSMutableParagraphStyle()")
            setup.append("paragraph.lineSpacing = max(0, \(l) - font.lineHeight)   // R7: lines \(l) pt apart")
            attributes.append("    .paragraphStyle: paragraph")
            modifiers.append(".lineSpacing(max(0, \(l) - UIFont(name: \"\(font)\", size: \(number(size)))!.lineHeight))")
            if strategy == .padded {
                setup.append("// and pad the label by max(0, \(l) - font.lineHeight) / 2 above its first line and below its last")
                modifiers.append(".padding(.vertical, max(0, \(l) - UIFont(name: \"\(font)\", size: \(number(size)))!.lineHeight) / 2)")
            }
        case .minMax:
            setup.append("let paragraph = NSMutableParagraphStyle()")
            setup.append("paragraph.minimumLineHeight = \(l)   // R8: the extra goes above the text")
            setup.append("paragraph.maximumLineHeight = \(l)")
            attributes.append("    .paragraphStyle: paragraph")
            modifiers.append("// SwiftUI has no maximum line height: wrap a UILabel with this paragraph style, or use .lineSpacing")
        case .none:
            break
        }
        return (setup, attributes, modifiers)
    }

    /// The code that gives a label in `font` at `size` the line height `lineHeight` by `strategy`, for a tool that
    /// prints a fix without a whole suggestion (lint).
    public static func lineHeight(_ lineHeight: Double, font: String, size: Double,
                                  strategy: LineHeightStrategy) -> (uikit: String, swiftUI: String) {
        let parts = lineHeightParts(lineHeight, font: font, size: size, strategy: strategy)
        let setup = ["let font = UIFont(name: \"\(font)\", size: \(number(size)))!"] + parts.setup
        let swiftUI = (["Text(text)", "    .font(.custom(\"\(font)\", fixedSize: \(number(size))))"] + parts.modifiers.map { "    " + $0 })
        return (assemble(setup: setup, attributes: ["    .font: font"] + parts.attributes), swiftUI.joined(separator: "\n"))
    }
}
