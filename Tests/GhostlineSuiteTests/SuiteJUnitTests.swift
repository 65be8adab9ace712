import Foundation
import GhostlineTestSupport
#if canImport(FoundationXML)
import FoundationXML
#endif
import Ghostline
import Testing

/// The JUnit file has the shape CI dashboards read (Ant's JUnit task, as Jenkins' schema describes it):
/// `testsuites` › `testsuite` › `testcase` › `failure` | `error` | `system-out`, with the attributes each allows
/// and counts that add up. Checked with Foundation's XML parser, element by element, against the rules below.
@Suite("Suite JUnit XML")
struct SuiteJUnitTests {
    /// What each element may contain and carry (the subset of the Jenkins/Ant JUnit schema a suite uses, plus
    /// what the schema allows and a suite never writes), and the attributes it must carry.
    static let children: [String: Set<String>] = [
        "testsuites": ["testsuite"],
        "testsuite": ["testsuite", "properties", "testcase", "system-out", "system-err"],
        "testcase": ["skipped", "error", "failure", "system-out", "system-err"],
        "failure": [], "error": [], "skipped": [], "system-out": [], "system-err": [], "properties": ["property"], "property": [],
    ]
    static let attributes: [String: Set<String>] = [
        "testsuites": ["name", "time", "tests", "failures", "disabled", "errors"],
        "testsuite": ["name", "tests", "failures", "errors", "time", "disabled", "skipped", "skips", "timestamp", "hostname",
                      "id", "package", "assertions", "file", "skip", "log", "url"],
        "testcase": ["name", "assertions", "time", "timestamp", "classname", "status", "class", "file", "line", "log", "group", "url"],
        "failure": ["type", "message"], "error": ["type", "message"], "skipped": ["type", "message"],
        "system-out": [], "system-err": [], "properties": [], "property": ["name", "value"],
    ]
    static let required: [String: Set<String>] = ["testsuite": ["tests"], "testcase": ["name"], "property": ["name", "value"]]

    /// Reads the document and checks every element against the rules; returns what the tests then count.
    final class Validator: NSObject, XMLParserDelegate {
        var problems: [String] = []
        var stack: [String] = []
        var testcases: [(name: String, outcome: String?, message: String?)] = []
        var suiteAttributes: [String: String] = [:]
        var rootName: String?
        var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if let parent = stack.last {
                if !(SuiteJUnitTests.children[parent]?.contains(name) ?? false) { problems.append("<\(name)> inside <\(parent)>") }
            } else {
                rootName = name
            }
            guard let allowed = SuiteJUnitTests.attributes[name] else { problems.append("unknown element <\(name)>"); stack.append(name); return }
            for key in attributes.keys where !allowed.contains(key) { problems.append("<\(name)> has attribute \(key)") }
            for key in SuiteJUnitTests.required[name] ?? [] where attributes[key] == nil { problems.append("<\(name)> lacks \(key)") }
            for key in ["tests", "failures", "errors", "skipped"] where attributes[key] != nil && Int(attributes[key]!) == nil {
                problems.append("<\(name)> \(key)=\(attributes[key]!) is not a count")
            }
            if name == "testsuite" { suiteAttributes = attributes }
            if name == "testcase" { testcases.append((attributes["name"] ?? "", nil, nil)) }
            if ["failure", "error", "system-out"].contains(name), !testcases.isEmpty {
                if name != "system-out" {
                    if testcases[testcases.count - 1].outcome != nil { problems.append("two outcomes in one testcase") }
                    testcases[testcases.count - 1].outcome = name
                    testcases[testcases.count - 1].message = attributes["message"]
                }
            }
            stack.append(name)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let top = stack.last, ["testsuites", "testsuite", "testcase"].contains(top),
               !string.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                problems.append("text inside <\(top)>")
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: any Error) { problems.append("not well-formed: \(error)") }
    }

    func validate(_ xml: String) -> Validator {
        let validator = Validator()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = validator
        if !parser.parse() && validator.problems.isEmpty { validator.problems.append("the parser stopped") }
        if validator.rootName != "testsuites" { validator.problems.append("the root is <\(validator.rootName ?? "")>") }
        return validator
    }

    @Test func theJUnitFileHasTheShapeCIReadsAndItsCountsAddUp() throws {
        let fixture = try SuiteFixture.make(count: 4, failing: [1], manifest: SuiteRunTests.manifest)
        defer { fixture.remove() }
        // A check that cannot run, whose message carries characters XML must escape.
        try fixture.write("scenes/card3.yaml", "canvas: { width: 100 }\nroot: { children: [ { label: { text: \"<&\\\"'>\", style: nope } } ] }\n")
        let run = try runCLI(["suite", fixture.path("ghostline.yaml"), "--junit", fixture.path("junit.xml")])
        #expect(run.status == 1)
        let validator = validate(try fixture.read("junit.xml"))
        #expect(validator.problems.isEmpty, "\(validator.problems)")
        #expect(validator.testcases.map(\.name) == ["card0", "card1", "card2", "card3"])
        #expect(validator.testcases.map(\.outcome) == [nil, "failure", nil, "error"])
        #expect(validator.testcases[1].message?.contains("body: the root stack's spacing is 16 pt; the design's is 8 pt. (first baseline 8.0 pt lower than the design)") == true, "\(validator.testcases[1].message ?? "")")
        #expect(validator.testcases[3].message?.contains("nope") == true)
        #expect(validator.suiteAttributes["tests"] == "4" && validator.suiteAttributes["failures"] == "1"
                && validator.suiteAttributes["errors"] == "1")
    }

    /// The validator finds what it is there to find (a test of the test).
    @Test func theValidatorRejectsWrongShapes() {
        #expect(!validate("<testsuite tests=\"1\"><testcase name=\"a\"/></testsuite>").problems.isEmpty)
        #expect(!validate("<testsuites><testcase name=\"a\"/></testsuites>").problems.isEmpty)
        #expect(!validate("<testsuites><testsuite><testcase name=\"a\"/></testsuite></testsuites>").problems.isEmpty)
        #expect(!validate("<testsuites><testsuite tests=\"1\"><testcase/></testsuite></testsuites>").problems.isEmpty)
        #expect(!validate("<testsuites><testsuite tests=\"1\"><testcase name=\"a\"><failure kind=\"x\"/></testcase></testsuite></testsuites>").problems.isEmpty)
        #expect(!validate("<testsuites><testsuite tests=\"1\"><testcase name=\"a\"><failure/><error/></testcase></testsuite></testsuites>").problems.isEmpty)
        #expect(!validate("<testsuites><testsuite tests=\"1\"><testcase name=\"a&b\"/></testsuite></testsuites>").problems.isEmpty)
        #expect(validate("<testsuites><testsuite tests=\"1\"><testcase name=\"a\"><failure message=\"m\">x</failure></testcase></testsuite></testsuites>").problems.isEmpty)
    }

    @Test func escapingKeepsEveryCharacterXMLCanHold() {
        let name = "a<b>&\"c\" 'd'\u{01}\te\nf"
        let entry = SuiteEntry(index: 0, id: name, fileStem: "a", scene: "s", design: "d", reference: nil, render: nil, model: nil,
                               contentSize: nil, scale: nil, verdict: .error, error: name, updated: nil, seconds: 0,
                               findings: SuiteFindings(review: nil))
        let xml = SuiteJUnit.xml(name: name, entries: [entry])
        let validator = validate(xml)
        #expect(validator.problems.isEmpty, "\(validator.problems)\n\(xml)")
        #expect(validator.testcases.first?.name == "a<b>&\"c\" 'd'\u{FFFD}\te\nf")
    }
}
