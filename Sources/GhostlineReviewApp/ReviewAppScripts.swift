import GhostlineReview

/// The review app's scripts: constant texts, the same on every page and for every suite. What a script needs to know
/// (the entry's name) is in a data attribute, written by ``Escaping/html(_:)``, and never inside a script, so no name
/// from a manifest can become code, and the Content-Security-Policy can allow exactly these scripts by their hashes
/// (``ReviewAppPolicy``).
///
/// The token travels in the page's own URL (`?token=`); the scripts send it back as `Authorization: Bearer` on
/// every API call, and in the event stream's and thumbnails' URLs (an `EventSource` or an image cannot set headers).
enum ReviewAppScripts {
    /// Shared (`Pages/app-common.js`): the token, API calls with it, the help box, and the event stream.
    static let common = PageTemplate.script(PackageResources.app_common_js)

    /// The index (`Pages/app-index.js` after the shared part): every entry with its thumbnails, failing first, with
    /// filters, a search box and live updates.
    static let index = common + "\n" + PageTemplate.script(PackageResources.app_index_js)

    /// The decision bar over an entry's review page (`Pages/app-bar.js` after the shared part): approve, reject, undo,
    /// swipe, device pixels and the keys. After a decision that checked the entry again (a reference approved or
    /// restored), the page reloads, so the review below the bar is the new one and never contradicts the bar.
    static let bar = common + "\n" + PageTemplate.script(PackageResources.app_bar_js)
}
