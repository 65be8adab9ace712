/// Variable fonts: the axes a font offers, its named instances, and how a style's request (weight, explicit axis
/// values, optical sizing) becomes one point in the font's design space.
///
/// Why a value apart from ``Font``: the request is the scene's (CSS `font-weight`, `font-variation-settings`,
/// `font-optical-sizing`; UIKit's weight trait and automatic optical size), the axes are the font's; only their
/// meeting, ``FontVariationRequest/coordinates(for:)``, is an instance. A ``FontLibrary`` keeps one `Font` per
/// instance, so every cache keyed by the font (glyph bitmaps, shaping) is keyed by the instance too.

/// One axis value in design units (`wght` 450, `opsz` 17).
public struct VariationSetting: Hashable, Sendable, CustomStringConvertible {
    /// The four-character OpenType axis tag (`wght`, `wdth`, `opsz`, `slnt`, `ital`, or a custom one).
    public var tag: String
    /// The value in the axis's own design units.
    public var value: Double

    /// The setting `tag` = `value` (`VariationSetting("wght", 450)`).
    public init(_ tag: String, _ value: Double) { self.tag = tag; self.value = value }

    /// `wght=450.0`, for messages and font descriptions.
    public var description: String { "\(tag)=\(value)" }

    /// True for a valid OpenType tag: four characters, each printable ASCII (0x20–0x7E), not starting with a space
    /// (the OpenType spec's rule for tags; a shorter tag is padded with spaces, which scenes need not write).
    public static func isValidTag(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        return bytes.count == 4 && bytes.allSatisfy { (0x20...0x7E).contains($0) } && bytes[0] != 0x20
    }
}

/// One axis of a variable font's `fvar` table.
public struct VariationAxis: Hashable, Sendable {
    /// The axis tag (`wght`, `opsz`).
    public var tag: String
    /// The smallest value the font supports, in design units.
    public var minimum: Double
    /// The value of the default instance (what a static reading of the file draws).
    public var defaultValue: Double
    /// The largest value the font supports.
    public var maximum: Double

    /// An axis as `fvar` states it.
    public init(tag: String, minimum: Double, defaultValue: Double, maximum: Double) {
        self.tag = tag; self.minimum = minimum; self.defaultValue = defaultValue; self.maximum = maximum
    }

    /// `value` inside the axis's range, as CSS and Core Text clamp an out-of-range setting.
    public func clamp(_ value: Double) -> Double { min(max(value, minimum), maximum) }
}

/// A named instance of a variable font (`fvar`): its subfamily name ("Medium", "Semi Bold Italic") and its
/// coordinates on every axis.
public struct NamedInstance: Hashable, Sendable {
    /// The instance's subfamily name from the name table ("Medium", "Semi Bold Italic").
    public var name: String
    /// Its value on every axis, in `fvar` order.
    public var coordinates: [VariationSetting]

    /// A named instance as `fvar` states it.
    public init(name: String, coordinates: [VariationSetting]) { self.name = name; self.coordinates = coordinates }
}

/// What a style asks of a variable font, before the font is known.
///
/// The layers, weakest first, as CSS Fonts 4 §7 orders them (and Core Text does for a UIFont's weight trait and
/// its automatic optical size): the named instance the font was picked by; the weight (`wght`); optical sizing
/// (`opsz` = the size in points); then the explicit `variations`, which win. Axes the font lacks are ignored;
/// values are clamped to the font's range.
public struct FontVariationRequest: Hashable, Sendable {
    /// The weight asked for (1–1000), set on `wght`; nil leaves the axis at the base coordinates.
    public var weight: Int?
    /// `opsz` follows this size in points; nil for `opticalSizing: none`.
    public var opticalSize: Double?
    /// Explicit axis values (CSS `font-variation-settings`), in the order written; a later tag wins.
    public var settings: [VariationSetting]
    /// Coordinates to start from: a named instance the scene picked by name.
    public var base: [VariationSetting]

    /// A request; every layer optional (``none`` asks for nothing).
    public init(weight: Int? = nil, opticalSize: Double? = nil, settings: [VariationSetting] = [],
                base: [VariationSetting] = []) {
        self.weight = weight; self.opticalSize = opticalSize; self.settings = settings; self.base = base
    }

    /// Nothing asked: a variable font draws at its default instance.
    public static let none = FontVariationRequest()

    /// The instance of a font with `axes` this request names: one setting per axis whose value differs from the
    /// axis default, in the font's axis order, clamped to the axis range. Empty for a static font or a request
    /// that lands on the default instance, so those share the default `Font`.
    public func coordinates(for axes: [VariationAxis]) -> [VariationSetting] {
        guard !axes.isEmpty else { return [] }
        var values: [String: Double] = [:]
        for setting in base { values[setting.tag] = setting.value }
        if let weight { values["wght"] = Double(weight) }
        if let opticalSize { values["opsz"] = opticalSize }
        for setting in settings { values[setting.tag] = setting.value }
        return axes.compactMap { axis in
            guard let value = values[axis.tag] else { return nil }
            let clamped = axis.clamp(value)
            return clamped == axis.defaultValue ? nil : VariationSetting(axis.tag, clamped)
        }
    }
}

/// Whether a variable font's `opsz` axis follows the text size (CSS `font-optical-sizing`).
public enum OpticalSizing: String, Sendable, Hashable, Codable, CaseIterable {
    /// `opsz` = the size in points: Core Text's automatic optical size, and CSS's default (`auto`), where CSS px
    /// are points here.
    case auto
    /// `opsz` stays at the font's default unless `variations` sets it.
    case none
}
