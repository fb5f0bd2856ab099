/// A path's folder, by its text alone. Foundation's `NSString.deletingLastPathComponent` traps on
/// Linux for a one-character last component with no folder before it (`n`, `a/`), so a user's
/// `--out n` would crash the tool; this is the one place the tool takes a path apart.
package enum PathText {
    /// The folder `path` names its last component in: `""` for a bare name, `/` for a name in the
    /// root, the text before the last `/` (trailing slashes aside) otherwise.
    package static func folder(of path: String) -> String {
        var text = Substring(path)
        while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
        guard let slash = text.lastIndex(of: "/") else { return "" }
        if slash == text.startIndex { return "/" }
        var folder = text[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }
}
