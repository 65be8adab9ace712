/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits a channel, as design tools write hex colours.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red channel, 0–255, sRGB-encoded (not linear light).
    public var red: UInt8
    /// Green channel, 0–255, sRGB-encoded.
    public var green: UInt8
    /// Blue channel, 0–255, sRGB-encoded.
    public var blue: UInt8
    /// Opacity, 0 (transparent) to 255 (opaque); the colour channels are not multiplied by it.
    public var alpha: UInt8

    /// Creates a colour from 8-bit sRGB channels and a straight alpha, opaque unless `alpha` is given.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Opaque white, `#FFFFFF`: the default canvas background.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Opaque black, `#000000`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Fully transparent black, `#00000000`: the fill of a new image, so that nothing is drawn where nothing was
    /// painted.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA` (case-insensitive; the `#` is required so a YAML comment can't swallow a
    /// colour by accident). Returns nil for anything else; the caller names the place in its error.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 6 {
            self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
        } else {
            self.init(red: UInt8(value >> 24 & 0xFF), green: UInt8(value >> 16 & 0xFF),
                      blue: UInt8(value >> 8 & 0xFF), alpha: UInt8(value & 0xFF))
        }
    }

    /// The colour as `#RRGGBB` in upper-case hex, or `#RRGGBBAA` when it is not opaque: the form ``init(hex:)`` reads
    /// and the layout JSON writes.
    public var hexString: String {
        func hex2(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
        return "#" + hex2(red) + hex2(green) + hex2(blue) + (alpha == 255 ? "" : hex2(alpha))
    }

    /// The same as ``hexString``.
    public var description: String { hexString }
}
