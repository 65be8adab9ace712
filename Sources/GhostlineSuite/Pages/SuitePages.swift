import GhostlineReview

/// The suite index's template, style sheet and script, read from `Pages/` and built into the binary.
enum SuitePages {
    /// `suite-index.html`: the index page, every value escaped.
    static let index = PageTemplate(PackageResources.suite_index_html, name: "suite-index.html")
    /// `suite-index.css`, laid into the page as it is.
    static let indexCSS = PageTemplate.text(PackageResources.suite_index_css)
    /// `suite-index.js`, laid into the page as it is.
    static let indexScript = PageTemplate.text(PackageResources.suite_index_js)
}
