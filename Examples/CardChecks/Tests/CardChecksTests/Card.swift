import Ghostline

/// The demo card, written in Swift: the same scene as Fixtures/demo/card.yaml.
enum Card {
    static let body = StyleDescription(font: "Inter", size: 17, lineHeight: 24, color: "#3C3C43")
    static let title = StyleDescription(font: "Inter-SemiBold", size: 28, lineHeight: 38, color: "#111111")

    static let scene = SceneDescription(width: 375, scale: 3) {
        VStack(padding: 8, spacing: 8) {
            Label("Pixel-perfect line height", id: "title", style: title)
            Label("Designs set a line height; UIKit sets line spacing. Ghostline lays text out the way UIKit does, so you can see where every baseline lands before the app ships.",
                  id: "body", style: body)
        }
    }
}

/// The card in iOS's semantic colours, as an app that follows the system's appearance draws it: `label` and
/// `secondaryLabel` on `systemBackground`, so the dark scheme draws other pixels than the light one.
enum ThemedCard {
    static let scene = SceneDescription(width: 375, scale: 3, background: "systemBackground") {
        VStack(padding: 8, spacing: 8) {
            Label("Pixel-perfect line height", id: "title",
                  style: StyleDescription(font: "Inter-SemiBold", size: 28, lineHeight: 38, color: "label"))
            Label("Light or dark, every baseline lands where the design put it.", id: "body",
                  style: StyleDescription(font: "Inter", size: 17, lineHeight: 24, color: "secondaryLabel"))
        }
    }
}
