/// Required size constraints on one element, as Auto Layout's size anchors state them: `width` and `height` are
/// `widthAnchor.constraint(equalToConstant:)`, the minimums and maximums `greaterThanOrEqualToConstant` and
/// `lessThanOrEqualToConstant`. All of them are required (priority 1000), so they win over content hugging,
/// compression resistance and a stack's distribution, which are all optional (Auto Layout Guide, "Anatomy of a
/// Constraint": a required constraint is always satisfied; optional ones are satisfied as far as they can be).
public struct SizeConstraints: Hashable, Sendable {
    /// A fixed width in points (`widthAnchor == constant`); nil leaves the width to content and stack.
    public var width: Double?
    /// A fixed height in points (`heightAnchor == constant`); nil leaves the height to content and stack.
    public var height: Double?
    /// The least width in points (`widthAnchor >= constant`); ignored when ``width`` is set.
    public var minWidth: Double?
    /// The least height in points (`heightAnchor >= constant`); ignored when ``height`` is set.
    public var minHeight: Double?
    /// The greatest width in points (`widthAnchor <= constant`); ignored when ``width`` is set.
    public var maxWidth: Double?
    /// The greatest height in points (`heightAnchor <= constant`); ignored when ``height`` is set.
    public var maxHeight: Double?

    /// Creates constraints; every one left out is absent.
    public init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, minHeight: Double? = nil,
                maxWidth: Double? = nil, maxHeight: Double? = nil) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.minHeight = minHeight
        self.maxWidth = maxWidth; self.maxHeight = maxHeight
    }

    /// No constraints at all: the element's size is its content's and the stack's business.
    public static let none = SizeConstraints()

    /// The fixed length along `axis` (`width` for horizontal), if the element has one.
    public func fixed(_ axis: StackAxis) -> Double? { axis == .horizontal ? width : height }

    /// The smallest length allowed along `axis`: the fixed length, else the minimum, else 0.
    public func minimum(_ axis: StackAxis) -> Double {
        fixed(axis) ?? (axis == .horizontal ? minWidth : minHeight) ?? 0
    }

    /// The largest length allowed along `axis`: the fixed length, else the maximum, else unbounded.
    public func maximum(_ axis: StackAxis) -> Double {
        fixed(axis) ?? (axis == .horizontal ? maxWidth : maxHeight) ?? .infinity
    }

    /// `length` made to satisfy these constraints along `axis`. The scene parser refuses minimum > maximum, so
    /// the order of the two clamps only matters for layout trees built in Swift (the minimum wins there).
    public func clamp(_ length: Double, _ axis: StackAxis) -> Double {
        max(minimum(axis), min(maximum(axis), length))
    }
}

/// UIKit's content hugging and compression resistance priorities of one element, per axis (1–1000).
///
/// Hugging is the optional constraint `length <= intrinsic length`, compression resistance `length >=
/// intrinsic length` (Auto Layout Guide, "Views with Intrinsic Content Size"). When a stack must stretch or
/// squeeze its arranged views, the one with the lowest hugging priority grows first and the one with the lowest
/// compression resistance shrinks first (UIStackView.Distribution.fill). UIKit's defaults for a label or image
/// view made in code are 250 (`defaultLow`) and 750 (`defaultHigh`).
public struct ContentPriorities: Hashable, Sendable {
    /// UIKit's default content hugging priority for a label or image view made in code, 250 (`defaultLow`).
    public static let defaultHugging = 250
    /// UIKit's default compression resistance priority, 750 (`defaultHigh`).
    public static let defaultCompressionResistance = 750
    /// UIKit's `required` priority, 1000: the highest a scene accepts. As in Auto Layout it is not a preference
    /// but a rule: required hugging never lets the view grow past its intrinsic length, required compression
    /// resistance never lets it shrink below (a stack that cannot satisfy them leaves space, or overflows).
    public static let required = 1000

    /// How strongly the element resists growing wider than its intrinsic width (1–1000; 250 by default).
    public var horizontalHugging: Int
    /// How strongly the element resists growing taller than its intrinsic height (1–1000; 250 by default).
    public var verticalHugging: Int
    /// How strongly the element resists becoming narrower than its intrinsic width (1–1000; 750 by default).
    public var horizontalCompressionResistance: Int
    /// How strongly the element resists becoming shorter than its intrinsic height (1–1000; 750 by default).
    public var verticalCompressionResistance: Int

    /// Creates priorities; any left out is UIKit's default (hugging 250, compression resistance 750).
    public init(horizontalHugging: Int = defaultHugging, verticalHugging: Int = defaultHugging,
                horizontalCompressionResistance: Int = defaultCompressionResistance,
                verticalCompressionResistance: Int = defaultCompressionResistance) {
        self.horizontalHugging = horizontalHugging; self.verticalHugging = verticalHugging
        self.horizontalCompressionResistance = horizontalCompressionResistance
        self.verticalCompressionResistance = verticalCompressionResistance
    }

    /// The hugging priority along `axis`.
    public func hugging(_ axis: StackAxis) -> Int { axis == .horizontal ? horizontalHugging : verticalHugging }
    /// The compression resistance priority along `axis`.
    public func compressionResistance(_ axis: StackAxis) -> Int {
        axis == .horizontal ? horizontalCompressionResistance : verticalCompressionResistance
    }
}

/// How a stack sizes and spaces its arranged views along its axis (UIStackView.Distribution).
public enum StackDistribution: String, Sendable, Codable, CaseIterable {
    /// Views keep their intrinsic lengths; the lowest hugging priority stretches to fill, the lowest
    /// compression resistance shrinks when they do not fit.
    case fill
    /// Every view gets the same length.
    case fillEqually
    /// Lengths in proportion to the views' intrinsic lengths, filling the stack.
    case fillProportionally
    /// Intrinsic lengths; the space left over is shared equally between the views (`spacing` is the minimum).
    case equalSpacing
    /// Intrinsic lengths; the views' centres are equally far apart (`spacing` is the minimum gap).
    case equalCentering
}

/// Flexible space in a stack (`- spacer: {}`): as long as the stack can spare along its axis, never shorter
/// than `minLength`. UIKit has no spacer view; this is the usual empty view whose hugging priority is below every
/// other view's, so it takes the leftover space first and gives it back first (SwiftUI's `Spacer(minLength:)`).
public struct SpacerNode: Hashable, Sendable {
    /// The least length in points along the axis of the stack that holds the spacer.
    public var minLength: Double
    /// Creates a spacer that may shrink to `minLength` points (0 by default).
    public init(minLength: Double = 0) { self.minLength = minLength }
}
