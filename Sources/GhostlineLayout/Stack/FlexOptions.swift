/// How one child takes part in its stack beyond its own size: a share of the room the stack has left over
/// (`grow`), its share of a shortfall in the css model (`shrink`), and its own placement across the stack's axis
/// (`alignSelf`). These are the per-item settings every layout system people build screens with has: CSS
/// flexbox's `flex-grow`, `flex-shrink` and `align-self`; SwiftUI's flexible frames (`.frame(maxWidth: .infinity)`)
/// and alignment guides; a UIStackView's arranged view with low hugging. A stack's own settings (`alignment`,
/// `distribution`) apply to every child that does not say otherwise.
public struct FlexOptions: Sendable, Hashable {
    /// The child's share of the room a `fill` stack has left over along its axis, against the other children that
    /// grow; nil: the model's default (a spacer and a box without a length take an equal share, content takes none
    /// in the css model and stretches by hugging in the uikit model). 0 never grows.
    public var grow: Double?
    /// The css model's `flex-shrink`: the child's share of a shortfall, weighted by its length, down to its minimum
    /// (CSS's automatic minimum: a wrapping label's longest word, nothing for a label that truncates). nil is CSS's
    /// initial value, 1. The uikit model squeezes by compression resistance and refuses the key.
    public var shrink: Double?
    /// The child's own cross-axis alignment, in place of its stack's `alignment` (CSS `align-self`); nil follows
    /// the stack.
    public var alignSelf: StackAlignment?

    /// No per-child settings: the stack decides.
    public init(grow: Double? = nil, shrink: Double? = nil, alignSelf: StackAlignment? = nil) {
        self.grow = grow; self.shrink = shrink; self.alignSelf = alignSelf
    }

    /// The stack decides everything.
    public static let none = FlexOptions()

    /// The CSS initial `flex-shrink`.
    public static let defaultShrink = 1.0
}
