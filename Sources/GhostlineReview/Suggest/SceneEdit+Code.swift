import GhostlineLayout
import GhostlineSupport

extension PlatformCode {
    /// The code for an element edit: what the app changes to match (a stack view's spacing, layout margins, a
    /// constraint's constant, a label's line count; SwiftUI's `spacing:`, `.padding`, `.frame`, `.lineLimit`).
    ///
    /// Why name the view by the scene's id: the scene mirrors the app's view tree, so the id is the view's name in
    /// the app as far as the review can know it.
    init(edit: SceneEdit, model: LayoutModel) {
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
        }
        if model != .css { css = nil }
    }
}
