import Foundation

/// The font world of one caller: which fonts are visible (``FontSet``), how names are found (``FontLocator``, with
/// its own fontconfig configuration), the fonts opened so far (``FontLibrary``) and fallback for characters a
/// scene's fonts lack (``SystemFontFallback``).
///
/// Why an instance and not process-wide state: a hermetic test, a suite whose scenes pin their own font
/// directories and a long-running review server each need their own world, side by side in one process. As in
/// cosmic-text's `FontSystem` or parley's `FontContext`, the caller creates it and passes it in; everything it
/// caches lives and dies with it. It is thread-safe: renders on several threads may share one.
public final class FontContext: Sendable {
    /// The fonts this context can see.
    public let fontSet: FontSet
    /// Font names to files, through this context's fontconfig configuration.
    public let locator: FontLocator
    /// Every font opened through this context, shared by the scenes it resolves.
    public let library: FontLibrary
    /// The last step of fallback, asked of the same configuration as `locator`.
    public let systemFallback: SystemFontFallback
    /// Where the hyphenation dictionaries are (`hyph_<language>_<REGION>.dic`, Debian's `hyphen-*` packages install
    /// them in `/usr/share/hyphen`). Layout reads them through this context, so a test can pin its own.
    public let hyphenationDirectory: String

    /// A context that sees `fontSet` (by default the system's fonts). `environment` locates the on-disk font-name
    /// cache (`GHOSTLINE_FONT_CACHE`, `XDG_CACHE_HOME`, `HOME`); nothing is read until a font is first asked for.
    public convenience init(fontSet: FontSet = .system, environment: [String: String] = ProcessInfo.processInfo.environment,
                            hyphenationDirectory: String = "/usr/share/hyphen") {
        self.init(fontSet: fontSet, environment: environment, hyphenationDirectory: hyphenationDirectory,
                  resources: ContextResources())
    }

    private init(fontSet: FontSet, environment: [String: String], hyphenationDirectory: String, resources: ContextResources) {
        self.fontSet = fontSet
        self.environment = environment
        self.hyphenationDirectory = hyphenationDirectory
        self.resources = resources
        self.locator = FontLocator(fontSet: fontSet, environment: environment)
        self.library = FontLibrary(digests: FontDigestCache(location: FontDigestCache.defaultLocation(environment)))
        self.systemFallback = SystemFontFallback(locator: locator)
    }

    /// The context for `fontSet`: this one when the sets are equal, else one made from it once and kept for the life
    /// of this context (a suite's scenes that pin the same directories share their fonts and fontconfig's answers).
    public func context(for fontSet: FontSet) -> FontContext {
        guard fontSet != self.fontSet else { return self }
        return derived.context(for: fontSet) {
            FontContext(fontSet: fontSet, environment: environment, hyphenationDirectory: hyphenationDirectory,
                        resources: resources)
        }
    }

    /// One value of `type` for this context and the contexts it derives (made on first use, then kept): how a later
    /// stage keeps what it loads with the font world instead of in a process-wide cache. Layout keeps its
    /// hyphenation dictionaries here, a module this one cannot name.
    public func resource<Value: AnyObject & Sendable>(_ type: Value.Type, make: () -> Value) -> Value {
        resources.value(type, make: make)
    }

    private let environment: [String: String]
    private let derived = DerivedContexts()
    private let resources: ContextResources

    /// Opens the font a scene names: a PostScript or family name at `weight` and slant, found by `locator`.
    public func font(named name: String, weight: FontWeight = .regular, italic: Bool = false) throws(FontError) -> Font {
        try library.font(locator.locate(name: name, weight: weight, italic: italic))
    }

    /// Opens a font file (cached by path, face and metrics override).
    public func font(path: String, faceIndex: Int = 0, metricsOverride: FontMetricsOverride? = nil) throws(FontError) -> Font {
        try library.font(path: path, faceIndex: faceIndex, metricsOverride: metricsOverride)
    }
}

/// The contexts a `FontContext` made for other font sets, behind a lock.
private final class DerivedContexts: @unchecked Sendable {
    private let lock = NSLock()
    private var contexts: [FontSet: FontContext] = [:]

    func context(for fontSet: FontSet, make: () -> FontContext) -> FontContext {
        lock.lock()
        defer { lock.unlock() }
        if let known = contexts[fontSet] { return known }
        let made = make()
        contexts[fontSet] = made
        return made
    }
}

/// `FontContext.resource`'s values, one per type, behind a lock; shared by a context and those it derives.
private final class ContextResources: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [ObjectIdentifier: AnyObject] = [:]

    func value<Value: AnyObject & Sendable>(_ type: Value.Type, make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let known = values[ObjectIdentifier(type)] as? Value { return known }
        let made = make()
        values[ObjectIdentifier(type)] = made
        return made
    }
}
