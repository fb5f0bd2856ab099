extension HTMLReport {
    /// The section of the page that shows ``explanations`` (``ExplainSection``).
    func explainSection() -> String {
        section(.explain, ExplainSection.title, intro: ExplainSection.intro, content: ExplainSection.html(explanations))
    }

    /// A page with the explain section alone (`queuelab explain --format html`): the report's look,
    /// for traced runs that have no benchmark CSV beside them.
    ///
    /// - Parameters:
    ///   - explanations: one run, or two to show side by side.
    ///   - source: what the runs are (trace files, or what was run), shown in the header and title.
    public static func explainPage(_ explanations: [RunExplanation], source: String) -> String {
        let report = HTMLReport(run: [], runSource: source, explanations: explanations)
        let header =
            "<header id=\"\(Section.summary.rawValue)\"><h1>QueueLab: where the time went</h1>\n"
            + "<p class=\"lede\">\(HTMLText.escape(source))</p></header>"
        return report.page(header + "\n" + report.explainSection(), title: "QueueLab explain: \(source)")
    }
}
