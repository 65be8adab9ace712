import GhostlineGeometry
import GhostlineLayout
import GhostlineScene
import GhostlineSupport

/// What the review concludes about one label off the design: the most specific cause it knows, what the design's
/// ink says the designer set, and the style change that reproduces it (with UIKit and SwiftUI code).
public struct LabelSuggestion: Sendable, Equatable {
    /// The label's id.
    public var label: String
    /// The cause, one sentence: the rule and the setting that put the label where it is, e.g. "`lineHeightStrategy:
    /// none` ignores the 24 pt line height: its lines are the font's 20.57 pt (R2), the design's 24 pt apart".
    public var cause: String
    /// What the design's ink says, one fact each: "first baseline at 72 pt", "lines 24 pt apart", "3 lines".
    public var estimate: [String]
    /// The style keys to change (empty: no single change was found, or the label moves with another one's fix).
    public var changes: [StyleChange]
    /// The style the changes go to (named in ``Suggestions/patch``).
    public var style: String?
    /// The same change as UIKit and SwiftUI code; nil without changes.
    public var code: PlatformCode?
    /// The label whose fix moves this one onto the design (it sits below or beside it in a stack).
    public var follows: String?
    /// Changes to elements (a stack's spacing, a padding, an element taken out) that are this label's fix.
    public var edits: [SceneEdit] = []
    /// Another change that was also checked and also passes; the simpler one leads (issue 31, item 5).
    public var alternative: String?

    /// Creates a suggestion.
    public init(label: String, cause: String, estimate: [String], changes: [StyleChange], style: String?,
                code: PlatformCode? = nil, follows: String? = nil) {
        self.label = label; self.cause = cause; self.estimate = estimate; self.changes = changes; self.style = style
        self.code = code; self.follows = follows
    }

    /// "styles.body: lineHeightStrategy: padded, lineHeight: 24": the change in one line.
    public var changeLine: String? {
        var parts = edits.map(\.line)
        if let style, !changes.isEmpty { parts.append("styles.\(style): " + changes.map(\.yaml).joined(separator: ", ")) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}

/// Every suggestion of a check, the scene patch that makes them, and whether the patched scene passes.
public struct Suggestions: Sendable, Equatable {
    /// One per label off the design, in layout order.
    public var labels: [LabelSuggestion]
    /// The scene patch of every change.
    public var patch: ScenePatch
    /// The scene the patch is for.
    public var scene: String
    /// Set by a check that ran the patched scene against the design (`check --suggest`): true when it passes.
    public var verified: Bool?
    /// The failing findings the patched scene still has (when verified).
    public var remaining: [String] = []
    /// The labels the patched scene, checked, no longer fails on (when verified): with several changes, each is
    /// confirmed for the labels whose findings it removed, even when another's remain.
    public var checkedLabels: Set<String> = []

    /// Suggestions not checked yet.
    public init(labels: [LabelSuggestion], patch: ScenePatch, scene: String) {
        self.labels = labels; self.patch = patch; self.scene = scene
    }

    /// Whether the suggestion for `label` was applied and checked: the patched scene passes, or no longer fails on
    /// that label. Only then is it a cause.
    public func isChecked(_ label: String) -> Bool { verified == true || checkedLabels.contains(label) }

    /// The suggestion of one label.
    public func label(_ id: String) -> LabelSuggestion? { labels.first { $0.label == id } }

    /// The patch as YAML for ``scene``.
    public var yaml: String { patch.yaml(scene: scene) }
}
