import Foundation
import Ghostline
import GhostlineScene
@testable import GhostlineTesting
import Testing

/// Issue 37: parameterized tests with their own artifacts, variants as arguments, the checked fix in the failure,
/// scenes from any string or URL, and messages with paths relative to the package.
@Suite("GhostlineTesting: variants, case names, suggestions")
struct TestAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cardWithoutLineHeight = root.appendingPathComponent("Fixtures/scenes/card-no-line-height.yaml").path
    static let design = root.appendingPathComponent("Fixtures/design/demo-card@3x.png").path

    /// A card in iOS's semantic colours, so the dark scheme draws other pixels than the light one.
    static let semanticCard = SceneDescription(width: 375, scale: 2, background: "systemBackground") {
        VStack(padding: 8, spacing: 8) {
            Label("Settings", id: "title", style: StyleDescription(font: "Inter-SemiBold", size: 28, lineHeight: 38, color: "label"))
            Label("Dark mode follows the system.", id: "body",
                  style: StyleDescription(font: "Inter", size: 17, lineHeight: 24, color: "secondaryLabel"))
        }
    }

    /// A scratch test file, so snapshots and artifacts land outside the repository.
    static func scratchTestFile() throws -> (file: String, directory: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-api-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory.appendingPathComponent("CardTests.swift").path, directory)
    }

    /// Item 1: each case of a parameterized test (Swift Testing's own arguments) writes its artifacts under its own
    /// name, the same on every run; the failure message names them.
    @Test(arguments: [ColorScheme.light, .dark], ["iPhone SE (3rd generation)", "iPhone 16 Pro"])
    func eachCaseHasItsOwnArtifacts(scheme: ColorScheme, device: String) throws {
        let location = TestLocation(filePath: #filePath, function: #function, line: #line, column: 1)
        #expect(location.isParameterized)
        #expect(location.caseArguments == [String(describingForTest: scheme), String(describingForTest: device)],
                "Swift Testing's arguments, read back as it describes them")
        let name = location.artifactName(variant: SceneVariant(colorScheme: scheme, device: device), inputs: [])
        let deviceName = device.replacingOccurrences(of: " (", with: "-").replacingOccurrences(of: " ", with: "-")
            .replacingOccurrences(of: ")", with: "")
        #expect(name == "TestAPITests.eachCaseHasItsOwnArtifacts.\(scheme.rawValue).\(deviceName)")
        let outcome = DesignAssertion.matchesDesign(scene: .file(Self.cardWithoutLineHeight), design: Self.design,
                                                    options: ReviewOptions(), overrides: SceneOverrides(),
                                                    session: GhostlineSession(), location: location, suggest: false)
        #expect(!outcome.passed)
        #expect(!outcome.artifacts.isEmpty)
        for artifact in outcome.artifacts {
            #expect(artifact.name.hasPrefix(name + "."), "\(artifact.name)")
            #expect(FileManager.default.fileExists(atPath: artifact.path))
        }
    }

    /// Item 1: names are components a file system takes, long arguments stay apart, and the snapshot numbers of one
    /// case are their own (parallel cases never take each other's numbers).
    @Test func namesAreStableAndDistinct() {
        #expect(TestNames.component("iPhone SE (3rd generation)") == "iPhone-SE-3rd-generation")
        #expect(TestNames.component("(\"Scenes/a.yaml\", \"a@3x.png\")") == "Scenes-a-yaml-a-3x-png")
        let long1 = String(repeating: "x", count: 50) + "1", long2 = String(repeating: "x", count: 50) + "2"
        #expect(TestNames.component(long1) != TestNames.component(long2))
        #expect(TestNames.component(long1) == TestNames.component(long1))
        #expect(TestNames.component(long1).count <= 40)
        let file = "/tmp/ghostline-\(UUID().uuidString)/CardTests.swift"
        let light = TestLocation(filePath: file, function: "card(scheme:)", line: 1, column: 1, caseArguments: ["light"])
        let dark = TestLocation(filePath: file, function: "card(scheme:)", line: 1, column: 1, caseArguments: ["dark"])
        #expect(DesignAssertion.snapshotIdentifier(light, variant: SceneVariant(), inputs: []) == "card.light.1")
        #expect(DesignAssertion.snapshotIdentifier(dark, variant: SceneVariant(), inputs: []) == "card.dark.1")
        #expect(DesignAssertion.snapshotIdentifier(light, variant: SceneVariant(), inputs: []) == "card.light.2")
        // A variant the arguments already say is not said twice; one they do not say is added.
        #expect(DesignAssertion.snapshotIdentifier(dark, variant: SceneVariant(colorScheme: .dark, model: .css), inputs: [])
                == "card.dark.css.1")
        // Arguments that could not be read: the check's own inputs name the case.
        var unread = TestLocation(filePath: file, function: "card(scene:)", line: 1, column: 1, caseArguments: [])
        unread.isParameterized = true
        #expect(unread.artifactName(variant: SceneVariant(), inputs: ["card", "card@3x"]) == "CardTests.card.card.card-3x")
    }

    /// Item 3: the variant arguments reach the render. The dark scheme draws other pixels and records another
    /// reference; the device sets the width and scale.
    @Test func variantsAreArguments() throws {
        let (file, _) = try Self.scratchTestFile()
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("__Snapshots__/CardTests")
        for scheme in ColorScheme.allCases {
            withKnownIssue {
                expectSnapshot(of: Self.semanticCard, record: .missing, colorScheme: scheme, filePath: file, function: "card()")
            } matching: { $0.comments.contains { $0.rawValue.contains("recorded") } }
        }
        withKnownIssue {
            expectSnapshot(of: Self.semanticCard, record: .missing, device: "iPhone 16 Pro Max", filePath: file, function: "card()")
        } matching: { $0.comments.contains { $0.rawValue.contains("recorded") } }
        let light = try Data(contentsOf: folder.appendingPathComponent("card.light.1.png"))
        let dark = try Data(contentsOf: folder.appendingPathComponent("card.dark.1.png"))
        #expect(light != dark)
        let big = try PNGCodec.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent("card.iPhone-16-Pro-Max.1.png"))),
                                      source: "snapshot")
        #expect(big.width == 440 * 3, "iPhone 16 Pro Max: 440 pt at @3x (Apple's HIG table)")
        let darkLayout = try String(contentsOf: folder.appendingPathComponent("card.dark.1.json"), encoding: .utf8)
        #expect(darkLayout.contains("\"color\": \"#FFFFFF\""), "the title in `label`'s dark colour")
        // Compared again, each variant matches its own reference.
        for scheme in ColorScheme.allCases {
            #expect(expectSnapshot(of: Self.semanticCard, named: "card.\(scheme.rawValue).1", record: .never,
                                   colorScheme: scheme, filePath: file, function: "card()"))
        }
    }

    /// Item 4: a failing check with `suggest` on puts the checked cause and the patch in the message and writes the
    /// patch and the suggestions (UIKit, SwiftUI) as artifacts; off, it claims no cause and says how to ask.
    @Test func theCheckedFixIsInTheFailure() throws {
        let (file, _) = try Self.scratchTestFile()
        let card = try String(contentsOfFile: Self.root.appendingPathComponent("Fixtures/demo/card.yaml").path, encoding: .utf8)
        let scene = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("card.yaml")
        try card.replacingOccurrences(of: "  spacing: 8\n", with: "  spacing: 12\n").write(to: scene, atomically: true, encoding: .utf8)
        let location = TestLocation(filePath: file, function: "spacing()", line: 1, column: 1)
        let on = DesignAssertion.matchesDesign(scene: scene.testScene, design: Self.design, options: ReviewOptions(),
                                               overrides: SceneOverrides(), session: GhostlineSession(), location: location,
                                               suggest: true)
        #expect(on.message.contains("cause: body: the root stack's spacing is 12 pt; the design's is 8 pt"))
        #expect(on.message.contains("suggested changes (checked: with them the scene passes against the design)"))
        #expect(on.message.contains("stackView.spacing = 8"), "the UIKit code")
        let patch = try #require(on.artifacts.first { $0.name.hasSuffix(".patch.yaml") })
        #expect(String(decoding: patch.bytes, as: UTF8.self).contains("spacing: 8"))
        let suggestions = try #require(on.artifacts.first { $0.name.hasSuffix(".suggestions.txt") })
        #expect(String(decoding: suggestions.bytes, as: UTF8.self).contains("VStack(spacing: 8)"), "the SwiftUI code")
        #expect(on.artifacts.contains { $0.name.hasSuffix(".design.png") }, "the design beside the render")
        #expect(on.message.contains("  patch: ") && on.message.contains("  design: "))

        let off = DesignAssertion.matchesDesign(scene: scene.testScene, design: Self.design, options: ReviewOptions(),
                                                overrides: SceneOverrides(), session: GhostlineSession(), location: location,
                                                suggest: false)
        #expect(!off.message.contains("cause:"), "\(off.message)")
        #expect(!off.artifacts.contains { $0.name.hasSuffix(".patch.yaml") })
        #expect(DesignAssertion.suggests(nil, environment: [:]))
        #expect(!DesignAssertion.suggests(nil, environment: ["GHOSTLINE_SUGGEST": "0"]))
        #expect(DesignAssertion.suggests(true, environment: ["GHOSTLINE_SUGGEST": "0"]))
    }

    /// Item 5: a scene path in a `String` or `Substring` variable, or a `URL`, is a scene; a literal still is.
    @Test func scenesFromAnyStringOrURL() throws {
        let path: String = Self.root.appendingPathComponent("Fixtures/demo/card.yaml").path
        #expect(expectMatchesDesign(scene: path, design: Self.design))
        #expect(expectMatchesDesign(scene: path[...], design: Self.design))
        #expect(expectMatchesDesign(scene: URL(fileURLWithPath: path), design: Self.design))
        #expect(expectMatchesDesign(scene: "../../Fixtures/demo/card.yaml", design: "../../Fixtures/design/demo-card@3x.png"))
        guard case .file(let resolved) = URL(fileURLWithPath: path).testScene.source else {
            Issue.record("a URL is a file scene"); return
        }
        #expect(resolved == path)
    }

    /// Item 2: one record mode. swift-snapshot-testing's variable drives Ghostline's assertions when Ghostline's is
    /// unset; Ghostline's wins when both are; CI never records unless asked.
    @Test func oneRecordMode() {
        #expect(SnapshotRecordMode.resolve(nil, environment: ["SNAPSHOT_TESTING_RECORD": "all"]) == .all)
        #expect(SnapshotRecordMode.resolve(nil, environment: ["SNAPSHOT_TESTING_RECORD": "all", "GHOSTLINE_RECORD": "never"]) == .never)
        #expect(SnapshotRecordMode.resolve(nil, environment: ["CI": "true", "SNAPSHOT_TESTING_RECORD": "missing"]) == .missing)
        #expect(SnapshotRecordMode.resolve(nil, environment: ["CI": "1"]) == .never)
    }
}

/// Item 5: messages write paths relative to the package that holds the test file.
@Suite("GhostlineTesting: paths in messages")
struct RelativePathTests {
    @Test func pathsAreRelativeToThePackage() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("ghostline-rel-\(UUID().uuidString)")
        let package = base.appendingPathComponent("repo/Examples/App")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Tests/AppTests"), withIntermediateDirectories: true)
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        let location = TestLocation(filePath: package.appendingPathComponent("Tests/AppTests/CardTests.swift").path,
                                    function: "card()", line: 1, column: 1)
        let p = package.path
        let repo = base.appendingPathComponent("repo").path
        let message = "FAIL: \(p)/Scenes/card.yaml vs the design \(repo)/Fixtures/card@3x.png\n  ghost: \(p)/.build/a.png\n"
            + "  elsewhere: /opt\(p)/x.png (\(repo)/Examples/Other/y.png)"
        #expect(location.relativePaths(message) == "FAIL: Scenes/card.yaml vs the design ../../Fixtures/card@3x.png\n"
                + "  ghost: .build/a.png\n  elsewhere: /opt\(p)/x.png (../Other/y.png)")
    }
}
