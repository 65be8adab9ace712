import Foundation
import GhostlineScene

/// A scene for a test: a scene file (a path relative to the test file, as swift-snapshot-testing resolves paths),
/// or a scene built in Swift.
///
/// Every assertion takes any ``TestSceneConvertible``: a string literal, a `String` or `Substring` variable, a file
/// `URL`, a `SceneDescription`, or `.file(_:)` and `.description(_:)` spelled out.
public struct TestScene: Sendable, ExpressibleByStringLiteral {
    /// Where the scene comes from.
    public enum Source: Sendable {
        /// A scene file: an absolute path, or one relative to the directory of the test file.
        case file(String)
        /// A scene built in Swift; reports name it after the test file and function (`CardTests.card`).
        case description(SceneDescription)
    }

    /// Where the scene comes from.
    public var source: Source

    /// A scene from its source.
    public init(_ source: Source) { self.source = source }

    /// A scene file by path: `"Scenes/card.yaml"`.
    public init(stringLiteral path: String) { source = .file(path) }
}

/// A value an assertion takes as its scene. The static members (`.file(_:)`, `.description(_:)`) live on this
/// protocol so they can be written as `.file("…")` wherever a scene is expected (SE-0299).
public protocol TestSceneConvertible {
    /// The scene this value names or holds.
    var testScene: TestScene { get }
}

extension TestSceneConvertible where Self == TestScene {
    /// A scene file: an absolute path, or one relative to the directory of the test file.
    public static func file(_ path: String) -> TestScene { TestScene(.file(path)) }
    /// A scene built in Swift.
    public static func description(_ scene: SceneDescription) -> TestScene { TestScene(.description(scene)) }
}

extension TestScene: TestSceneConvertible {
    public var testScene: TestScene { self }
}

extension String: TestSceneConvertible {
    /// This string as a scene file's path.
    public var testScene: TestScene { TestScene(.file(self)) }
}

extension Substring: TestSceneConvertible {
    /// This string as a scene file's path.
    public var testScene: TestScene { TestScene(.file(String(self))) }
}

extension URL: TestSceneConvertible {
    /// The file this URL points at. A file URL is absolute (`URL(fileURLWithPath:)` resolves against the working
    /// directory); build it from `#filePath` to be independent of where `swift test` runs.
    public var testScene: TestScene { TestScene(.file(path)) }
}

extension SceneDescription: TestSceneConvertible {
    /// This scene, built in Swift.
    public var testScene: TestScene { TestScene(.description(self)) }
}
