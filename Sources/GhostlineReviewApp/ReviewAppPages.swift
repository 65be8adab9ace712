import Foundation
import GhostlineFonts
import GhostlineReview
import GhostlineSupport

/// The review app's pages: the index of entries, and each entry's review page with the decision bar laid over it.
/// Plain HTML and a little JavaScript of our own, in `Pages/` (templates, the style sheet and the scripts of
/// ``ReviewAppScripts``) and built into the binary; nothing fetched from elsewhere: review works with no network.
///
/// Every value from the suite (a name, a path, a finding) reaches a page through ``Escaping/html(_:)``, as element
/// text or a quoted attribute, or through the DOM's `textContent` in the scripts; never into a script's text.
enum ReviewAppPages {
    /// The app's own styles (`Pages/app.css`), every rule under `.ghostline-app` or the bar's id, so that laid over a
    /// review page they change nothing of it (the review's `FAIL` badge keeps its white text, its body its margin).
    static let style = PageTemplate.script(PackageResources.app_css)

    /// The keys' help box (`Pages/app-help.html`), on the index and on every entry.
    static let help = PageTemplate.script(PackageResources.app_help_html)

    static let indexTemplate = PageTemplate(PackageResources.app_index_html, name: "app-index.html")
    static let barTemplate = PageTemplate(PackageResources.app_bar_html, name: "app-bar.html")
    static let entryTemplate = PageTemplate(PackageResources.app_entry_html, name: "app-entry.html")

    /// The index: every entry, failing first, with filters, a search box and live updates.
    static func index(suite: String) -> String {
        fill(indexTemplate, ["suite": suite, "script": ReviewAppScripts.index])
    }

    /// The decision bar and the keys, laid over an entry's review page (or a page that says why it has none). The
    /// entry's name is in the bar's `data-name`, escaped for an attribute; the script reads it from there.
    static func decisionBar(name: String) -> String {
        fill(barTemplate, ["name": name, "script": ReviewAppScripts.bar])
    }

    /// An entry page: its review page with the bar inserted after `<body>`, or a short page for an entry with none.
    static func entry(name: String, reviewPage: String?, finding: String?) -> String {
        let bar = decisionBar(name: name)
        // The review page's body tag carries attributes (`<body data-verdict="fail">`): the bar goes after its `>`.
        guard let reviewPage, let open = reviewPage.range(of: "<body"),
              let body = reviewPage[open.upperBound...].range(of: ">") else {
            return fill(entryTemplate, ["name": name, "bar": bar, "finding": finding ?? "Not checked yet."])
        }
        var page = reviewPage
        page.insert(contentsOf: bar, at: body.upperBound)
        if let head = page.range(of: "</head>") { page.insert(contentsOf: "<link rel=\"icon\" href=\"data:,\">", at: head.lowerBound) }
        return page
    }

    /// A page or fragment from its template, with the app's style and help, without the file's final newline (the bar
    /// is laid into another page).
    static func fill(_ template: PageTemplate, _ values: [String: Any]) -> String {
        var values = values
        values["css"] = style
        values["help"] = help
        let text = template.render(values)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}

/// The headers every answer of the review app carries, and the Content-Security-Policy of its pages.
///
/// Why a policy as well as escaping: escaping keeps a name from becoming markup; the policy makes sure that if a
/// value ever slipped through (a new page, a new field), the browser still runs no script but the app's own. Scripts
/// are allowed by the SHA-256 of their exact text (``ReviewAppScripts`` and the review page's ``ReviewPage/script``),
/// so no inline script, event-handler attribute or `javascript:` URL runs. Styles stay inline (the review page
/// positions its boxes with `style` attributes); images are the review's own data URLs and the app's thumbnails.
public enum ReviewAppPolicy {
    /// `'sha256-…'` of a script's text, as a policy names it.
    static func hash(_ script: String) -> String {
        var digest = SHA256()
        digest.update(Array(script.utf8))
        return "'sha256-" + Data(digest.digest()).base64EncodedString() + "'"
    }

    /// The policy: the app's two scripts and the review page's, and nothing else.
    public static let contentSecurityPolicy: String = {
        let scripts = [ReviewAppScripts.index, ReviewAppScripts.bar, ReviewPage.script].map(hash).joined(separator: " ")
        return "default-src 'none'; script-src \(scripts); style-src 'unsafe-inline'; img-src 'self' data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }()

    /// Every answer's headers, an error's and a page's alike: the policy, no MIME sniffing (a JSON error is never
    /// run as a script), no framing (no clickjacking of Approve), and no referrer (the token is in the page's URL).
    public static let headers: [(String, String)] = [
        ("Content-Security-Policy", contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer"),
    ]
}
