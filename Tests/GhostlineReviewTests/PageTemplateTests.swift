import Foundation
import GhostlineReview
import GhostlineSupport
import GhostlineTestSupport
import Testing

/// The pages (review page, suite index, review app) are files under each module's `Pages/`, built into the binary:
/// each parses, each is built in, and the code fills them with escaped values only (issue 35).
@Suite("Page templates")
struct PageTemplateTests {
    /// Every file under a `Sources/*/Pages/` folder, as (module, file name).
    static func pageFiles() throws -> [(module: String, name: String)] {
        let sources = Paths.root.appendingPathComponent("Sources")
        var found: [(String, String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let pages = sources.appendingPathComponent(module).appendingPathComponent("Pages")
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: pages.path) else { continue }
            for file in files.sorted() where !file.hasSuffix(".swift") { found.append((module, file)) }
        }
        return found
    }

    @Test func everyTemplateParsesAndInsertsOnlyThePagesOwnFilesUnescaped() throws {
        let templates = try Self.pageFiles().filter { $0.name.hasSuffix(".html") }
        #expect(templates.count == 6, "review page, suite index, and the app's index, bar, entry and help")
        for (module, name) in templates {
            let text = try String(contentsOf: Paths.root.appendingPathComponent("Sources/\(module)/Pages/\(name)"), encoding: .utf8)
            #expect(throws: Never.self, "\(name)") { _ = try PageTemplate(text: text) }
            // Triple braces insert text unescaped: only the page's own style sheet, script, help box and bar.
            let raw = text.matches(of: /\{\{\{\s*([^}\s]+)\s*\}\}\}/).map { String($0.output.1) }
            #expect(Set(raw).isSubset(of: ["css", "script", "help", "bar"]), "\(name) inserts \(raw) unescaped")
            #expect(!text.contains("{{&"), "\(name) uses the other unescaped form")
        }
    }

    @Test func everyPageFileIsBuiltInAndEveryBuiltInFileExists() throws {
        let manifest = try String(contentsOf: Paths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declared = Set(manifest.matches(of: /\.embedInCode\("Pages\/([^"]+)"\)/).map { String($0.output.1) })
        let files = try Self.pageFiles()
        #expect(Set(files.map(\.name)) == declared)
        #expect(files.count == declared.count, "two modules have a page file of the same name")
    }

    /// A value with markup in it is text on the page, escaped as `Escaping.html` escapes it, in element text and in a
    /// quoted attribute alike.
    @Test func valuesAreEscaped() throws {
        let hostile = "</title><script>alert('x')</script> & \"quoted\""
        let page = try PageTemplate(text: "<p title=\"{{v}}\">{{v}}</p>").render(["v": hostile])
        #expect(page == "<p title=\"\(Escaping.html(hostile))\">\(Escaping.html(hostile))</p>")
        #expect(!page.contains("<script>"))
    }

    /// Values in sections are escaped too, each exactly once (the template is read as plain text, so Mustache adds no
    /// escaping of its own), and a page's own files go in as they are.
    @Test func sectionValuesAreEscapedOnceAndPageFilesAreNot() throws {
        let template = try PageTemplate(text: "{{#rows}}<li>{{name}}</li>{{/rows}}{{{css}}}")
        let page = template.render(["rows": [["name": "a&b"], ["name": "<i>"]], "css": "a>b{}"])
        #expect(page == "<li>a&amp;b</li><li>&lt;i&gt;</li>a>b{}")
    }
}
