import Foundation
import GhostlineTestSupport
import Ghostline
import GhostlinePNG
import Testing

/// A suite checks every screen in both colour schemes and on several devices: `colorScheme: [light, dark]` and
/// `device: [...]` make one check each, with `{colorScheme}` and `{device}` in the design paths.
@Suite("Suite variants: colour schemes and devices")
struct SuiteVariantTests {
    static let scene = """
    canvas: { width: 200, scale: 2 }
    colors: { card: { light: "#FFFFFF", dark: "#1C1C1E" } }
    styles: { title: { font: Inter-SemiBold, size: 20 } }
    root:
      padding: 8
      background: card
      children:
        - label: { id: title, text: "Settings", style: title }
    """

    /// Design exports made by rendering the scene in each scheme on each device (the suite must find each one).
    static func fixture(devices: [String]) throws -> SuiteFixture {
        let fixture = try SuiteFixture.make(count: 0)
        try fixture.write("scenes/settings.yaml", scene)
        let session = GhostlineSession()
        for scheme in ColorScheme.allCases {
            for device in devices {
                var overrides = SceneOverrides(colorScheme: scheme)
                overrides.device = device
                let rendered = try session.render(try session.loader.parse(scene, path: fixture.path("scenes/settings.yaml"),
                                                                            overrides: overrides))
                try Data(try rendered.png()).write(to: URL(fileURLWithPath: fixture.path("designs/settings.\(scheme.rawValue).\(device).png")))
            }
        }
        return fixture
    }

    @Test func everySchemeAndDeviceIsOneCheck() throws {
        let devices = ["iPhone SE (3rd generation)", "iPhone 16 Pro Max"]
        let fixture = try Self.fixture(devices: devices)
        defer { fixture.remove() }
        try fixture.write("ghostline.yaml", """
        entries:
          - scene: scenes/settings.yaml
            design: designs/{name}.{colorScheme}.{device}.png
            colorScheme: [light, dark]
            device: [iPhone SE (3rd generation), iphone 16 pro max]
        """)
        let plan = try SuitePlan.load(fixture.path("ghostline.yaml"))
        #expect(plan.cases.map(\.id) == ["settings.light.iPhone-SE-(3rd-generation)", "settings.light.iPhone-16-Pro-Max",
                                         "settings.dark.iPhone-SE-(3rd-generation)", "settings.dark.iPhone-16-Pro-Max"])
        #expect(plan.cases[3].target == .design(fixture.path("designs/settings.dark.iPhone 16 Pro Max.png")))
        let run = try runCLI(["suite", fixture.path("ghostline.yaml"), "--report", fixture.path("suite.json")])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let report = try JSONValue(parsing: Array(try fixture.read("suite.json").utf8))
        let entries = try #require(report["entries"]?.arrayValue)
        #expect(entries.map { $0["colorScheme"]?.stringValue ?? "" } == ["light", "light", "dark", "dark"])
        #expect(entries.map { $0["device"]?.stringValue ?? "" } == devices + devices)
        // The light design checked in the dark scheme fails: the variants really differ.
        try FileManager.default.removeItem(atPath: fixture.path("designs/settings.dark.iPhone 16 Pro Max.png"))
        try FileManager.default.copyItem(atPath: fixture.path("designs/settings.light.iPhone 16 Pro Max.png"),
                                         toPath: fixture.path("designs/settings.dark.iPhone 16 Pro Max.png"))
        let swapped = try runCLI(["suite", fixture.path("ghostline.yaml")])
        #expect(swapped.status == 1 && swapped.stdout.contains("FAIL  settings.dark.iPhone-16-Pro-Max"), "\(swapped.stdout)")
    }

    @Test(arguments: [
        ("entries:\n  - { scene: scenes/settings.yaml, design: d.png, colorScheme: [light, dark] }\n", "put {colorScheme} in the path"),
        ("entries:\n  - { scene: scenes/settings.yaml, design: 'd {device}.png', device: [iPhone 16, iPhone 17] }\n", ""),
        ("entries:\n  - { scene: scenes/settings.yaml, design: d.png, device: [iPhone 16, iPhone 17] }\n", "put {device} in the path"),
        ("entries:\n  - { scene: scenes/settings.yaml, design: d.png, device: iPhone 99 }\n", "`iPhone 99` is not a device Ghostline knows"),
        ("entries:\n  - { scene: scenes/settings.yaml, design: d.png, colorScheme: dim }\n", "`dim`"),
        ("entries:\n  - { scene: scenes/settings.yaml, design: 'd.{colorScheme}.png' }\n", "`{colorScheme}` has no value"),
    ])
    func manifestsWithVariantsAreChecked(manifest: String, problem: String) throws {
        let fixture = try Self.fixture(devices: [])
        defer { fixture.remove() }
        do {
            _ = try SuitePlan(manifest: try SuiteManifest.parse(manifest, path: fixture.path("ghostline.yaml")))
            #expect(problem.isEmpty, "accepted: \(manifest)")
        } catch {
            #expect(!problem.isEmpty && "\(error)".contains(problem) && !"\(error)".contains("\n"), "\(error)")
        }
    }
}
