import CFontconfig

/// Reading fontconfig's patterns: the family names, file, face, slant and weight of a font fontconfig lists.
extension FontLocator {
    /// fontconfig's weight of a static face (nil for a range).
    static func weight(of pattern: OpaquePointer) -> Double? {
        var value: Int32 = 0
        return FcPatternGetInteger(pattern, FC_WEIGHT, 0, &value) == FcResultMatch ? Double(value) : nil
    }

    /// The weights (fontconfig's scale) a variable face can draw, or nil for a static face or a named instance.
    static func variableWeightRange(of pattern: OpaquePointer) -> ClosedRange<Double>? {
        var variable: FcBool = FcFalse
        guard FcPatternGetBool(pattern, FC_VARIABLE, 0, &variable) == FcResultMatch, variable == FcTrue else { return nil }
        var range: OpaquePointer?
        var begin = 0.0, end = 0.0
        guard FcPatternGetRange(pattern, FC_WEIGHT, 0, &range) == FcResultMatch, let range,
              FcRangeGetDouble(range, &begin, &end) == FcTrue, begin <= end else { return nil }
        return begin...end
    }

    /// fontconfig's slant of a pattern (roman when it has none).
    static func slant(of pattern: OpaquePointer) -> Int32 {
        var slant: Int32 = FC_SLANT_ROMAN
        if FcPatternGetInteger(pattern, FC_SLANT, 0, &slant) != FcResultMatch { return FC_SLANT_ROMAN }
        return slant
    }

    /// Every family name fontconfig knows the pattern by (a face may have several: localized, legacy, typographic).
    static func familyNames(of pattern: OpaquePointer) -> [String] {
        var names: [String] = []
        var index: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, FC_FAMILY, index, &value) == FcResultMatch, let value {
            names.append(String(cString: value))
            index += 1
        }
        return names
    }

    /// The file and face a pattern names (a named instance's bits dropped: the resolver sets the instance).
    static func fontFile(of pattern: OpaquePointer) -> FontFile? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        // fontconfig puts a variable font's named instance in the upper 16 bits; the face is the lower 16. The
        // instance's axes are not applied yet (a variable font draws at its default instance), and the face's own
        // weight and slant decide whether the request snapped, so the warning says what is really drawn.
        return FontFile(path: String(cString: file), faceIndex: Int(index) & 0xFFFF)
    }
}
