import Foundation
import GhostlineDiff
import GhostlineGeometry
import GhostlineImage

/// A review setting that cannot be used: a number out of its range, a name that names nothing, a colour or an ignore
/// box written wrongly. It says which setting (``option``), the value as given, and what to write instead; a caller
/// with its own names for the settings (the CLI's `--diff-alpha`) words it with ``advice(naming:)``.
public struct ReviewOptionsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The setting, by its ``ReviewOptions`` property name.
    public enum Option: String, Sendable {
        case threshold, tolerance, baselineTolerance, minColorDifference, opacity, diffAlpha, compatibility
        case differenceColor, darkerColor, antialiasingColor, ignore
    }

    /// What is wrong with the value.
    public enum Cause: Sendable, Equatable {
        /// A number outside the setting's range.
        case outOfRange
        /// A name the setting does not know.
        case unknownName
        /// Not a colour (`#RRGGBB`).
        case notAColor
        /// A colour with an alpha, where only opaque colours are used.
        case colorWithAlpha
        /// Not four numbers `X,Y,W,H`.
        case malformedBox
        /// A box whose width or height is not positive.
        case emptyBox
        /// A box past ±1,000,000 pt.
        case boxOutOfRange
    }

    /// The setting the value was for.
    public var option: Option
    /// The value as it was given.
    public var value: String
    /// What is wrong with it.
    public var cause: Cause

    /// Creates the error for `value` of `option`, refused for `cause`.
    public init(option: Option, value: String, cause: Cause) { self.option = option; self.value = value; self.cause = cause }

    /// What to write instead, naming other settings (and the example box's) with `name`.
    public func advice(naming name: (Option) -> String = \.rawValue) -> String {
        switch cause {
        case .outOfRange:
            switch option {
            case .tolerance: return "use a ratio from 0 to 1, e.g. 0.01"
            case .baselineTolerance: return "use points from 0 to 1000"
            case .minColorDifference: return "use a CIEDE2000 difference from 0 to 100, e.g. 1"
            default: return "use a value from 0 to 1"
            }
        case .unknownName:
            return "use \(DiffCompatibility.allCases.map(\.rawValue).joined(separator: " or "))"
        case .notAColor: return "write a colour as #RRGGBB, e.g. #FF00FF"
        case .colorWithAlpha:
            // The diff image's marks are opaque, as pixelmatch's are: an alpha would be dropped, so it is refused.
            return "the diff image's marks are opaque; write the colour as #RRGGBB, without alpha (\(name(.diffAlpha)) fades the picture under them)"
        case .malformedBox: return "write the box as X,Y,W,H in points, e.g. \(name(.ignore)) 0,0,375,44"
        case .emptyBox: return "the width and height must be positive"
        case .boxOutOfRange: return "use points between -1000000 and 1000000"
        }
    }

    /// "threshold 1.5: use a value from 0 to 1".
    public var description: String { "\(option.rawValue) \(value): \(advice())" }
}

extension ReviewOptions {
    /// Checks the numbers, in this order: the threshold, tolerance and opacity (0…1), the baseline tolerance (0…1000
    /// points), the faint areas' ΔE00 (0…100) and the diff image's alpha (0…1). The first out of its range is thrown.
    public func validate() throws(ReviewOptionsError) {
        let ranges: [(ReviewOptionsError.Option, Double?, ClosedRange<Double>)] = [
            (.threshold, threshold, 0...1), (.tolerance, tolerance, 0...1), (.opacity, opacity, 0...1),
            (.baselineTolerance, baselineTolerance, 0...1000), (.minColorDifference, minColorDifference, 0...100), (.diffAlpha, diffAlpha, 0...1),
        ]
        for (option, value, range) in ranges {
            if let value, !range.contains(value) { throw ReviewOptionsError(option: option, value: "\(value)", cause: .outOfRange) }
        }
    }

    /// The comparison rules called `name` (`ghostline` or `pixelmatch`, any case).
    public static func compatibility(named name: String) throws(ReviewOptionsError) -> DiffCompatibility {
        guard let rules = DiffCompatibility(rawValue: name.lowercased()) else {
            throw ReviewOptionsError(option: .compatibility, value: name, cause: .unknownName)
        }
        return rules
    }

    /// A diff image colour written `#RRGGBB`, for `option` (``differenceColor``, ``darkerColor`` or
    /// ``antialiasingColor``). The marks are opaque, so a colour with an alpha is refused rather than dropped.
    public static func markColor(_ hex: String, for option: ReviewOptionsError.Option) throws(ReviewOptionsError) -> Color {
        guard let color = Color(hex: hex) else { throw ReviewOptionsError(option: option, value: hex, cause: .notAColor) }
        guard hex.count == 7 else { throw ReviewOptionsError(option: option, value: hex, cause: .colorWithAlpha) }
        return color
    }

    /// An ignore box written `X,Y,W,H` in points (y down from the top-left): four finite numbers, a positive width and
    /// height, each within ±1,000,000 pt (``LabelLines/largestCoordinate``). Whether it lies on the image is known
    /// only when the images are: the review checks that.
    public static func ignoreBox(parsing text: String) throws(ReviewOptionsError) -> Rect {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let width = numbers[2], let height = numbers[3],
              [x, y, width, height].allSatisfy(\.isFinite) else {
            throw ReviewOptionsError(option: .ignore, value: text, cause: .malformedBox)
        }
        guard width > 0, height > 0 else { throw ReviewOptionsError(option: .ignore, value: text, cause: .emptyBox) }
        guard [x, y, width, height].allSatisfy({ abs($0) <= LabelLines.largestCoordinate }) else {
            throw ReviewOptionsError(option: .ignore, value: text, cause: .boxOutOfRange)
        }
        return Rect(x: x, y: y, width: width, height: height)
    }
}
