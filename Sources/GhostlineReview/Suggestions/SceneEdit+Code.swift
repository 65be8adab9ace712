import GhostlineImage
import GhostlineLayout
import GhostlineScene
import GhostlineSupport

extension PlatformCode {
    /// The code for an element edit: what the app changes to match (a stack view's spacing, layout margins, a
    /// constraint's constant, a label's line count; SwiftUI's `spacing:`, `.padding`, `.frame`, `.lineLimit`).
    ///
    /// Why name the view by the scene's id: the scene mirrors the app's view tree, so the id is the view's name in
    /// the app as far as the review can know it.
    package init(edit: SceneEdit, model: LayoutModel) {
        let view = edit.hasOwnID ? edit.id : edit.kind == "stack" ? "stackView" : edit.kind == "label" ? "label" : "view"
        let n = SceneEdit.number
        switch edit.change {
        case .number(let key, _, let to):
            switch key {
            case "spacing":
                uikit = "\(view).spacing = \(n(to))   // UIStackView"
                swiftUI = "VStack(spacing: \(n(to))) { … }   // or HStack, as the stack's axis"
                css = "gap: \(n(to))px;"
            case "padding":
                uikit = "\(view).directionalLayoutMargins = NSDirectionalEdgeInsets(top: \(n(to)), leading: \(n(to)), bottom: \(n(to)), trailing: \(n(to)))\n"
                    + "\(view).isLayoutMarginsRelativeArrangement = true"
                swiftUI = ".padding(\(n(to)))"
                css = "padding: \(n(to))px;"
            case "padding.vertical", "padding.horizontal":
                let (a, b) = key == "padding.vertical" ? ("top", "bottom") : ("leading", "trailing")
                uikit = "\(view).directionalLayoutMargins.\(a) = \(n(to))\n\(view).directionalLayoutMargins.\(b) = \(n(to))\n"
                    + "\(view).isLayoutMarginsRelativeArrangement = true"
                swiftUI = ".padding(.\(key == "padding.vertical" ? "vertical" : "horizontal"), \(n(to)))"
                css = key == "padding.vertical" ? "padding-block: \(n(to))px;" : "padding-inline: \(n(to))px;"
            case let side where side.hasPrefix("padding."):
                let name = String(side.dropFirst("padding.".count))
                uikit = "\(view).directionalLayoutMargins.\(name) = \(n(to))\n\(view).isLayoutMarginsRelativeArrangement = true"
                swiftUI = ".padding(.\(name), \(n(to)))"
                css = "padding-\(["leading": "inline-start", "trailing": "inline-end"][name] ?? name): \(n(to))px;"
            case "height", "width":
                uikit = "\(view).\(key)Anchor.constraint(equalToConstant: \(n(to))).isActive = true   // or that constraint's constant"
                swiftUI = ".frame(\(key): \(n(to)))"
                css = "\(key): \(n(to))px;"
            case "size":
                uikit = "\(view).widthAnchor.constraint(equalToConstant: \(n(to))).isActive = true\n"
                    + "\(view).heightAnchor.constraint(equalToConstant: \(n(to))).isActive = true"
                swiftUI = ".frame(width: \(n(to)), height: \(n(to)))"
                css = "width: \(n(to))px; height: \(n(to))px;"
            case "minHeight":
                uikit = "\(view).heightAnchor.constraint(greaterThanOrEqualToConstant: \(n(to))).isActive = true"
                swiftUI = ".frame(minHeight: \(n(to)))"
                css = "min-height: \(n(to))px;"
            case "maxWidth":
                uikit = "\(view).widthAnchor.constraint(lessThanOrEqualToConstant: \(n(to))).isActive = true"
                swiftUI = ".frame(maxWidth: \(n(to)))"
                css = "max-width: \(n(to))px;"
            case "numberOfLines":
                uikit = "\(view).numberOfLines = \(n(to))"
                swiftUI = to == 0 ? ".lineLimit(nil)" : ".lineLimit(\(n(to)))"
                css = to == 0 ? "-webkit-line-clamp: none;" : "-webkit-line-clamp: \(n(to));"
            case "gap":
                uikit = "stackView.setCustomSpacing(\(n(to)), after: viewAbove)"
                swiftUI = "Spacer().frame(height: \(n(to)))   // or the stack's spacing: around this gap"
                css = "margin-top: \(n(to))px;"
            default:
                uikit = "// \(key): \(n(to))"
                swiftUI = "// \(key): \(n(to))"
                css = nil
            }
        case .shift(_, _, let to):
            uikit = "\(view).directionalLayoutMargins = NSDirectionalEdgeInsets(top: \(n(to.top)), leading: \(n(to.leading)), "
                + "bottom: \(n(to.bottom)), trailing: \(n(to.trailing)))"
            swiftUI = ".padding(EdgeInsets(top: \(n(to.top)), leading: \(n(to.leading)), bottom: \(n(to.bottom)), trailing: \(n(to.trailing))))"
            css = "padding: \(n(to.top))px \(n(to.trailing))px \(n(to.bottom))px \(n(to.leading))px;"
        case .remove:
            uikit = "\(view).removeFromSuperview()   // or leave it out of the stack"
            swiftUI = "// leave \(view) out of the stack"
            css = "/* leave the element out */"
        case .swapWithNext(let next):
            uikit = "// arrange \(next) before \(view) in the stack's arrangedSubviews"
            swiftUI = "// put \(next) before \(view) in the stack"
            css = "/* order: \(next) first */"
        case .text(_, let to):
            let literal = JSONValue.string(to).serialized()
            uikit = "\(view).text = \(literal)"
            swiftUI = "Text(\(literal))"
            css = nil
        case .option(let key, _, let to):
            (uikit, swiftUI, css) = Self.option(key: key, to: to, view: view)
        case .insertBox(let height, let color):
            uikit = "// a view \(SceneEdit.number(height)) pt tall (backgroundColor \(SceneEdit.yaml(color))) arranged before \(view)"
            swiftUI = "Rectangle().fill(…).frame(height: \(SceneEdit.number(height)))   // before \(view): \(SceneEdit.yaml(color))"
            css = "/* an element \(SceneEdit.number(height))px tall, background \(SceneEdit.yaml(color)), before this one */"
        case .fill(_, let to), .colorEntry(_, let to):
            let (ui, sw, web): (String, String, String)
            switch to {
            case .named(let name):
                ui = ColorNames.system[name] != nil ? "UIColor.\(name)" : "UIColor(named: \"\(name)\")!"
                sw = ColorNames.system[name] != nil ? "Color(uiColor: .\(name))" : "Color(\"\(name)\")"
                web = "var(--\(name))"
            case .fixed(let c):
                ui = Self.uiColor(c)
                sw = "Color(red: \(Self.unit(c.red)), green: \(Self.unit(c.green)), blue: \(Self.unit(c.blue)))"
                web = c.hexString
            case .schemes(let light, let dark):
                ui = "UIColor { $0.userInterfaceStyle == .dark ? \(Self.uiColor(dark)) : \(Self.uiColor(light)) }"
                sw = "Color(uiColor: \(ui))"
                web = "light-dark(\(light.hexString), \(dark.hexString))"
            }
            if case .colorEntry = edit.change {
                uikit = "// the asset catalog's colour \"\(edit.id)\": \(ui)"
                swiftUI = "// the asset catalog's colour \"\(edit.id)\": \(sw)"
                css = "--\(edit.id): \(web);"
            } else if edit.kind == "box" {
                uikit = "\(view).backgroundColor = \(ui)"
                swiftUI = "Rectangle().fill(\(sw))"
                css = "background-color: \(web);"
            } else {
                uikit = "\(view).backgroundColor = \(ui)   // or the layer that draws its fill"
                swiftUI = ".background(\(sw), in: .rect(cornerRadius: …))"
                css = "background-color: \(web);"
            }
        }
        if model != .css { css = nil }
    }

    private static func uiColor(_ c: Color) -> String {
        "UIColor(red: \(unit(c.red)), green: \(unit(c.green)), blue: \(unit(c.blue)), alpha: \(unit(c.alpha)))"
    }

    /// A channel as UIKit's 0…1 float, to three places.
    private static func unit(_ v: UInt8) -> String { JSONValue.format((Double(v) / 255 * 1000).rounded() / 1000) }

    /// `align`, `distribution` and `lineBreakMode` as UIKit, SwiftUI and CSS spell them.
    private static func option(key: String, to: String, view: String) -> (String, String, String?) {
        switch key {
        case "align":
            let uikit: String
            switch to {
            case "capHeight", "xHeightCenter":
                uikit = "// \(view): align the children's \(to == "capHeight" ? "cap heights" : "x-height centres") (constraints on their fonts' metrics)"
            default: uikit = "\(view).alignment = .\(to)   // UIStackView"
            }
            let swiftUI: String
            switch to {
            case "leading", "trailing": swiftUI = "VStack(alignment: .\(to)) { … }"
            case "top", "bottom": swiftUI = "HStack(alignment: .\(to)) { … }"
            case "firstBaseline", "lastBaseline": swiftUI = "HStack(alignment: .\(to == "firstBaseline" ? "firstTextBaseline" : "lastTextBaseline")) { … }"
            case "center": swiftUI = "VStack(alignment: .center) { … }   // or HStack(alignment: .center), as the stack's axis"
            case "fill": swiftUI = "// each child: .frame(maxWidth: .infinity) (or maxHeight in a row)"
            default: swiftUI = "// align the children's \(to)"
            }
            let css = ["fill": "align-items: stretch;", "leading": "align-items: flex-start;", "top": "align-items: flex-start;",
                       "center": "align-items: center;", "trailing": "align-items: flex-end;", "bottom": "align-items: flex-end;",
                       "firstBaseline": "align-items: first baseline;", "lastBaseline": "align-items: last baseline;"][to]
            return (uikit, swiftUI, css)
        case "distribution":
            let swiftUI: String
            switch to {
            case "fillEqually": swiftUI = "// each child: .frame(maxWidth: .infinity), so they share the row equally"
            case "equalSpacing": swiftUI = "// a Spacer() between each pair of children"
            case "fill": swiftUI = "// children at their own widths; a Spacer() or a flexible frame takes the rest"
            default: swiftUI = "// no SwiftUI stack shares space as UIStackView's .\(to) does: lay it out with a custom Layout"
            }
            let css = ["fill": "/* children at their own sizes */", "fillEqually": "flex: 1 1 0; /* on each child */",
                       "equalSpacing": "justify-content: space-between;", "equalCentering": "justify-content: space-around;"][to]
            return ("\(view).distribution = .\(to)   // UIStackView", swiftUI, css ?? "/* distribution: \(to) */")
        default:
            let uikit = ["wordWrap": "byWordWrapping", "charWrap": "byCharWrapping", "clip": "byClipping",
                         "truncateTail": "byTruncatingTail", "truncateHead": "byTruncatingHead", "truncateMiddle": "byTruncatingMiddle"][to] ?? to
            let swiftUI = ["truncateTail": ".truncationMode(.tail)", "truncateHead": ".truncationMode(.head)",
                           "truncateMiddle": ".truncationMode(.middle)"][to] ?? "// SwiftUI's Text wraps by words and truncates; it has no .\(uikit)"
            let css = ["truncateTail": "text-overflow: ellipsis;", "clip": "text-overflow: clip;", "charWrap": "word-break: break-all;",
                       "wordWrap": "overflow-wrap: break-word;"][to]
            return ("\(view).lineBreakMode = .\(uikit)", swiftUI, css ?? "/* no CSS for \(to) */")
        }
    }
}
