extension AppleTables {
    /// A device by Apple's name, case and spaces aside (`iPhone 16 Pro`, `iphone16pro`): its name as Apple spells it,
    /// its width in points and its scale.
    static func device(named name: String) -> (name: String, width: Double, scale: Int)? {
        let key = { (s: String) in s.lowercased().filter { !$0.isWhitespace } }
        return devices.first { key($0.name) == key(name) }.map { ($0.name, $0.width, $0.scale) }
    }
}

/// The iPhones and iPads `canvas.device`, a suite's `device:` variant and `--device` know, from Apple's HIG Layout
/// table (Fixtures/apple/ios-tables.md).
public enum Devices {
    /// Every device's name, as Apple spells it, in the table's order.
    public static var names: [String] { AppleTables.devices.map(\.name) }

    /// A device by name (case and spaces aside): Apple's spelling, its portrait width in points and its scale.
    public static func screen(named name: String) -> (name: String, width: Double, scale: Int)? {
        AppleTables.device(named: name)
    }
}
