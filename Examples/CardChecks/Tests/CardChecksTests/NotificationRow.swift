import Ghostline

/// A notification row built from the scene builder's pieces: stacks, a box standing in for the app's icon, labels
/// in a style written in place and in a named style, a label of styled runs, a gap, a spacer, and modifiers for
/// padding, a background and a frame. Each piece is a key of the scene format; the guide's table lists them all.
enum NotificationRow {
    static let body = StyleDescription(font: "Inter", textStyle: .subheadline, color: "label")

    static let scene = SceneDescription(width: 375, scale: 3, background: "systemGroupedBackground",
                                        styles: ["time": StyleDescription(font: "Inter", size: 13, color: "secondaryLabel")]) {
        VStack(padding: 12) {
            HStack(spacing: 12, align: .top) {
                Box(id: "icon", width: 38, height: 38, color: "systemGreen", cornerRadius: 9)
                VStack(id: "texts") {
                    HStack(align: .firstBaseline) {
                        Label("Messages", id: "app", style: body.with(\.weight, .semibold))
                        Spacer()
                        Label("now", id: "time", style: "time")
                    }
                    Gap(4)
                    Label(runs: [Run("Ana: "), Run("the design review moved to 3 pm", style: StyleDescription(italic: true))],
                          id: "message", style: .inline(body), numberOfLines: 2)
                }
            }
            .padding(12)
            .background("secondarySystemGroupedBackground", cornerRadius: 14)
            .frame(minHeight: 80)
        }
    }
}
