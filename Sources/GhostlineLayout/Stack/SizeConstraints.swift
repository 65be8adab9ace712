/// Required size constraints on one element, as Auto Layout's size anchors state them: `width` and `height` are
/// `widthAnchor.constraint(equalToConstant:)`, the minimums and maximums `greaterThanOrEqualToConstant` and
/// `lessThanOrEqualToConstant`. All of them are required (priority 1000), so they win over content hugging,
/// compression resistance and a stack's distribution, which are all optional (Auto Layout Guide, "Anatomy of a
/// Constraint": a required constraint is always satisfied; optional ones are satisfied as far as they can be).
public struct SizeConstraints: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public var minWidth: Double?
    public var minHeight: Double?
    public var maxWidth: Double?
    public var maxHeight: Double?

    public init(width: Double? = nil, height: Double? = nil, minWidth: Double? = nil, minHeight: Double? = nil,
                maxWidth: Double? = nil, maxHeight: Double? = nil) {
        self.width = width; self.height = height; self.minWidth = minWidth; self.minHeight = minHeight
        self.maxWidth = maxWidth; self.maxHeight = maxHeight
    }

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
    public static let defaultHugging = 250
    public static let defaultCompressionResistance = 750
    public static let required = 1000

    public var horizontalHugging: Int
    public var verticalHugging: Int
    public var horizontalCompressionResistance: Int
    public var verticalCompressionResistance: Int

    public init(horizontalHugging: Int = defaultHugging, verticalHugging: Int = defaultHugging,
                horizontalCompressionResistance: Int = defaultCompressionResistance,
                verticalCompressionResistance: Int = defaultCompressionResistance) {
        self.horizontalHugging = horizontalHugging; self.verticalHugging = verticalHugging
        self.horizontalCompressionResistance = horizontalCompressionResistance
        self.verticalCompressionResistance = verticalCompressionResistance
    }

    public func hugging(_ axis: StackAxis) -> Int { axis == .horizontal ? horizontalHugging : verticalHugging }
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
    public var minLength: Double
    public init(minLength: Double = 0) { self.minLength = minLength }
}
