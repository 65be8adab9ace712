import CTextAnalysis
import Foundation
import GhostlineFonts

/// Where words may be hyphenated, from Debian's hyphenation dictionaries (the `hyphen-*` packages, the Liang
/// patterns LibreOffice uses) read with libhyphen. At least two letters stay on each side of a break.
///
/// Dictionaries are opened once per language and kept. Only opening takes the lock: a loaded dictionary is
/// read-only and libhyphen's look-up keeps its state on the caller's stack, so labels on several threads hyphenate
/// at once. There is no process-wide hyphenator: a `FontContext` keeps one (`FontContext.hyphenator`), reading the
/// directory the context was made with.
public final class Hyphenator: @unchecked Sendable {
    /// Where the dictionaries are installed (`hyph_<language>_<REGION>.dic`).
    public let directory: String
    private let lock = NSLock()
    private var dictionaries: [String: UnsafeMutableRawPointer?] = [:]

    /// Creates a hyphenator reading its dictionaries from `directory`; a directory that does not exist just means no
    /// language has hyphenation points. Dictionaries are opened on first use.
    public init(directory: String) { self.directory = directory }

    deinit {
        for case let dictionary? in dictionaries.values { gl_hyphen_free(dictionary) }
    }

    /// The dictionary file for a BCP 47 language: the exact region (`de-CH` → `hyph_de_CH.dic`), else the
    /// language's main one (`de` → `hyph_de_DE.dic`, `en` → `hyph_en_US.dic`), else any of that language.
    public func dictionaryPath(for language: String) -> String? {
        let parts = language.replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard let primary = parts.first?.lowercased(), !primary.isEmpty else { return nil }
        let region = parts.dropFirst().first { $0.count == 2 }?.uppercased()
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.filter { $0.hasSuffix(".dic") }.sorted() ?? []
        let main = ["de": "DE", "en": "US", "fr": "FR", "es": "ES", "it": "IT", "pt": "PT", "nl": "NL", "sv": "SE"][primary]
        let candidates = [region.map { "hyph_\(primary)_\($0).dic" }, main.map { "hyph_\(primary)_\($0).dic" }, "hyph_\(primary).dic"]
            .compactMap { $0 }
        for name in candidates where files.contains(name) { return directory + "/" + name }
        return files.first { $0.hasPrefix("hyph_\(primary)_") }.map { directory + "/" + $0 }
    }

    /// Offsets inside `word` (1 ..< count) after which it may break with a hyphen; empty when the language has
    /// no dictionary or the word cannot be written in its encoding.
    public func points(in word: [Unicode.Scalar], language: String) -> [Int] {
        guard word.count >= 4, let dictionary = dictionary(for: language) else { return [] }
        // Patterns are lower case; a dictionary is UTF-8 or one byte a character (ISO-8859-1).
        let lower: [Unicode.Scalar] = word.map { scalar in
            let mapped = scalar.properties.lowercaseMapping.unicodeScalars
            return mapped.count == 1 ? mapped.first! : scalar
        }
        var bytes: [UInt8] = []
        var scalarOfByte: [Int] = []
        if gl_hyphen_is_utf8(dictionary) != 0 {
            for (index, scalar) in lower.enumerated() {
                for byte in String(scalar).utf8 { bytes.append(byte); scalarOfByte.append(index) }
            }
        } else {
            guard lower.allSatisfy({ $0.value <= 0xFF }) else { return [] }
            bytes = lower.map { UInt8($0.value) }
            scalarOfByte = Array(lower.indices)
        }
        var flags = [UInt8](repeating: 0, count: bytes.count)
        let status = bytes.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { text in
                gl_hyphenate(dictionary, text.baseAddress, Int32(text.count), &flags)
            }
        }
        guard status == 0 else { return [] }
        var points: [Int] = []
        for (byte, flag) in flags.enumerated() where flag != 0 {
            // A break after the last byte of scalar i is a break before scalar i + 1.
            let scalar = scalarOfByte[byte]
            if byte + 1 == bytes.count || scalarOfByte[byte + 1] != scalar {
                let offset = scalar + 1
                if offset > 0 && offset < word.count { points.append(offset) }
            }
        }
        return points
    }

    private func dictionary(for language: String) -> UnsafeMutableRawPointer? {
        lock.lock()
        defer { lock.unlock() }
        let key = language.lowercased()
        if let known = dictionaries[key] { return known }
        let loaded = dictionaryPath(for: language).flatMap { gl_hyphen_load($0) }
        dictionaries[key] = loaded
        return loaded
    }

    /// Dictionary hyphenation points of a paragraph as break opportunities that show a hyphen: every word
    /// (a run of letters and marks between two break opportunities) is looked up.
    func opportunities(_ scalars: [Unicode.Scalar], breaks: [BreakOpportunity], language: String) -> [BreakOpportunity] {
        var result: [BreakOpportunity] = []
        var segmentStart = 0
        for opportunity in breaks {
            var index = segmentStart
            while index < opportunity.offset {
                guard scalars[index].properties.isAlphabetic else { index += 1; continue }
                var end = index
                while end < opportunity.offset && (scalars[end].properties.isAlphabetic
                                                   || scalars[end].properties.generalCategory == .nonspacingMark) { end += 1 }
                for point in points(in: Array(scalars[index..<end]), language: language) {
                    result.append(BreakOpportunity(offset: index + point, mandatory: false, hyphenates: true))
                }
                index = end
            }
            segmentStart = opportunity.offset
        }
        return result
    }
}

extension FontContext {
    /// This context's hyphenator, reading `hyphenationDirectory`; made on first use and shared by the contexts it
    /// derives, so a suite opens each dictionary once.
    public var hyphenator: Hyphenator {
        resource(Hyphenator.self) { Hyphenator(directory: hyphenationDirectory) }
    }
}
