import Foundation
import GhostlineFonts
import GhostlineReview
import GhostlineSupport

/// The review app's pages: the index of entries, and each entry's review page with the decision bar laid over it.
/// Plain HTML and a little JavaScript of our own (``ReviewAppScripts``), nothing fetched from elsewhere: review works
/// with no network.
///
/// Every value from the suite (a name, a path, a finding) reaches a page through ``Escaping/html(_:)``, as element
/// text or a quoted attribute, or through the DOM's `textContent` in the scripts; never into a script's text.
enum ReviewAppPages {
    /// The app's own styles, every rule under `.ghostline-app` or the bar's id, so that laid over a review page they
    /// change nothing of it (the review's `FAIL` badge keeps its white text, its body its margin).
    static let style = """
    .ghostline-app { font: 14px -apple-system, system-ui, sans-serif; color: #1c1c1e; }
    body.ghostline-app { margin: 0; }
    .ghostline-app header, #ghostline-review-bar { position: sticky; top: 0; background: #f2f2f7; border-bottom: 1px solid #d1d1d6;
      padding: 8px 16px; display: flex; gap: 12px; align-items: center; z-index: 10; flex-wrap: wrap;
      font: 14px -apple-system, system-ui, sans-serif; color: #1c1c1e; }
    .ghostline-app main { padding: 16px; } .ghostline-app table { border-collapse: collapse; width: 100%; }
    .ghostline-app td, .ghostline-app th { text-align: left; padding: 6px 8px; border-bottom: 1px solid #e5e5ea; vertical-align: top; }
    .ghostline-app tr.selected { background: #e5f1ff; }
    .ghostline-app .status, #ghostline-review-bar .status { font-weight: 600; text-transform: uppercase; font-size: 12px; }
    .ghostline-app .status.fail, .ghostline-app .status.error, .ghostline-app .status.rejected,
    #ghostline-review-bar .status.fail, #ghostline-review-bar .status.error, #ghostline-review-bar .status.rejected { color: #d70015; }
    .ghostline-app .status.pass, #ghostline-review-bar .status.pass { color: #248a3d; }
    .ghostline-app .status.accepted, #ghostline-review-bar .status.accepted { color: #0066cc; }
    .ghostline-app .status.pending, #ghostline-review-bar .status.pending { color: #8e8e93; }
    #ghostline-review-bar button, .ghostline-app button { font: inherit; padding: 4px 10px; }
    #help { display: none; position: fixed; right: 16px; top: 56px; background: white; border: 1px solid #c7c7cc; padding: 12px;
      box-shadow: 0 4px 16px #0002; z-index: 20; font: 14px -apple-system, system-ui, sans-serif; }
    .ghostline-app #progress { color: #6c6c70; } .ghostline-app .finding { max-width: 640px; }
    .ghostline-app .where { color: #6c6c70; font-size: 12px; }
    .ghostline-app .thumb-image { display: block; max-width: 120px; max-height: 160px; box-shadow: 0 0 0 1px #d1d1d6; background: #fff; }
    """

    static let help = """
    <div id="help"><b>Keys</b><br>j / k: next / previous entry<br>a: approve<br>r: reject with a comment<br>u: undo<br>
    g: the ghost<br>d: the diff<br>s: swipe<br>p: device pixels<br>?: this help</div>
    """

    /// The index: every entry, failing first, with filters, a search box and live updates.
    static func index(suite: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><title>Review: \(Escaping.html(suite))</title>
        <link rel="icon" href="data:,"><style>\(style)</style></head><body class="ghostline-app">
        <header><b>\(Escaping.html(suite))</b>
        <label>Show <select id="filter"><option value="failing">failing</option><option value="changed">changed</option>
        <option value="new">new</option><option value="accepted">accepted</option><option value="all">all</option></select></label>
        <input id="search" type="search" placeholder="Search by name"> <span id="progress"></span>
        <a id="export" href="#">Export decisions (Markdown)</a> <button id="help-toggle" type="button">?</button></header>
        \(help)
        <main><table id="entries"><thead><tr><th>status</th><th>entry</th><th>finding (offsets in points: render − design)</th><th>decision</th><th>ghost</th><th>diff</th></tr></thead>
        <tbody></tbody></table>
        <section id="unused" style="display:none"><h3>Not used by any entry (<code>ghostline suite --prune --delete</code> removes them)</h3><ul></ul></section></main>
        <script>\(ReviewAppScripts.index)</script></body></html>
        """
    }

    /// The decision bar and the keys, laid over an entry's review page (or a page that says why it has none). The
    /// entry's name is in the bar's `data-name`, escaped for an attribute; the script reads it from there.
    static func decisionBar(name: String) -> String {
        """
        <style>\(style)</style>
        <header id="ghostline-review-bar" data-name="\(Escaping.html(name))"><a id="back" href="#">← all entries</a> <b id="entry-name"></b>
        <span id="entry-status" class="status"></span>
        <button id="approve" title="a">Approve</button>
        <input id="comment" placeholder="Comment (for a rejection)" size="40"> <button id="reject" title="r">Reject</button>
        <button id="undo" title="u">Undo</button> <button id="swipe-toggle" title="s">Swipe</button>
        <button id="pixels" title="p">Device pixels</button> <span id="message"></span> <button id="help-toggle" type="button">?</button></header>
        \(help)
        <section id="swipe" style="display:none;padding:16px"><h2>Swipe</h2>
        <input id="swipe-position" type="range" min="0" max="100" value="50"><div id="swipe-frame" style="position:relative;display:inline-block"></div></section>
        <script>\(ReviewAppScripts.bar)</script>
        """
    }

    /// An entry page: its review page with the bar inserted after `<body>`, or a short page for an entry with none.
    static func entry(name: String, reviewPage: String?, finding: String?) -> String {
        let bar = decisionBar(name: name)
        // The review page's body tag carries attributes (`<body data-verdict="fail">`): the bar goes after its `>`.
        guard let reviewPage, let open = reviewPage.range(of: "<body"),
              let body = reviewPage[open.upperBound...].range(of: ">") else {
            return """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><title>\(Escaping.html(name))</title>
            <link rel="icon" href="data:,"></head><body class="ghostline-app">
            \(bar)<main><p>\(Escaping.html(finding ?? "Not checked yet."))</p></main></body></html>
            """
        }
        var page = reviewPage
        page.insert(contentsOf: bar, at: body.upperBound)
        if let head = page.range(of: "</head>") { page.insert(contentsOf: "<link rel=\"icon\" href=\"data:,\">", at: head.lowerBound) }
        return page
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
