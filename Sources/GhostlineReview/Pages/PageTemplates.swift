import GhostlineSupport
import Mustache

/// The review page's template, style sheet and script, read from `Pages/` and built into the binary (SwiftPM's
/// `embedInCode`), so a prebuilt `ghostline` carries them and tools can read and lint them as the files they are.
enum PageTemplates {
    /// `review-page.html`: the design-review page, every value escaped.
    static let review = PageTemplate(PackageResources.review_page_html, name: "review-page.html")
    /// `review-page.css`, laid into the page as it is.
    static let reviewCSS = PageTemplate.text(PackageResources.review_page_css)
    /// `review-page.js` without its final newline: the script the review app allows by hash.
    static let reviewScript = PageTemplate.script(PackageResources.review_page_js)
}

/// A page file built into a module: a Mustache template whose `{{value}}`s are HTML-escaped as they are filled.
/// Every module that draws a page (the review, the suite's index, the review app) fills its files through this, so
/// one engine and one escaping serve them all: the templates are read as plain text (Mustache's `TEXT` content
/// type) and every value is escaped here, once, by `Escaping.html`, the escaper every other page and report of
/// Ghostline uses, except a page's own files (``rawKeys``), which go in as they are.
package struct PageTemplate: Sendable {
    let template: MustacheTemplate

    /// The template of a page file. The files are the package's own, parsed by a test on every run: one that does not
    /// parse is a build mistake, reported by name.
    package init(_ bytes: [UInt8], name: String) {
        do { try self.init(text: Self.text(bytes)) } catch {
            preconditionFailure("the page template \(name) does not parse: \(error)")
        }
    }

    /// The template of a page's text; throws what the parser says when it does not parse.
    package init(text: String) throws { template = try MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}\n" + text) }

    /// The page with `values` filled in: strings, numbers and booleans, arrays of dictionaries for sections. Every
    /// string is HTML-escaped but those of ``rawKeys``.
    package func render(_ values: [String: Any]) -> String { template.render(Self.escaped(values)) }

    /// The keys whose values are a page's own style sheet, script, help box and decision bar, filled unescaped
    /// (`{{{css}}}`); `PageTemplateTests` holds that no other value is inserted so.
    package static let rawKeys: Set<String> = ["css", "script", "help", "bar"]

    /// `value` with every string in it escaped for HTML, but the strings of ``rawKeys``.
    static func escaped(_ value: Any, key: String? = nil) -> Any {
        switch value {
        case let text as String: return key.map(rawKeys.contains) == true ? text : Escaping.html(text)
        case let values as [String: Any]:
            return Dictionary(uniqueKeysWithValues: values.map { ($0.key, escaped($0.value, key: $0.key)) })
        case let items as [Any]: return items.map { escaped($0, key: key) }
        default: return value
        }
    }

    /// A page file's text.
    package static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A script file's text without its final newline, which the file has so tools read it as text.
    package static func script(_ bytes: [UInt8]) -> String {
        let text = text(bytes)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
