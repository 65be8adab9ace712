extension AppleTables {
    /// A device by Apple's name, case and spaces aside (`iPhone 16 Pro`, `iphone16pro`): its name as Apple spells it,
    /// its width in points and its scale.
    static func device(named name: String) -> (name: String, width: Double, scale: Int)? {
        let key = { (s: String) in s.lowercased().filter { !$0.isWhitespace } }
        return devices.first { key($0.name) == key(name) }.map { ($0.name, $0.width, $0.scale) }
    }
}
