import Foundation

extension ComparisonDocument {
    /// Reads `compare --format json`'s standard output: a whole document of ``schemaVersion``.
    ///
    /// - Throws: ``ComparisonDocumentError``, one line saying why the text is no such document:
    ///   another schema or none, a missing field, a field of another type, or text that is not JSON
    ///   (a document cut short).
    public static func read(_ data: Data) throws(ComparisonDocumentError) -> ComparisonDocument {
        do {
            return try decoder().decode(ComparisonDocument.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.last?.stringValue == "schema" {
            throw ComparisonDocumentError(reason: context.debugDescription)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw ComparisonDocumentError(reason: "no '\(Self.path(context.codingPath + [key]))' field")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw ComparisonDocumentError(reason: "'\(Self.path(context.codingPath))' is not of its type")
        } catch {
            throw ComparisonDocumentError(reason: "not JSON, or cut short")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}

/// Why a text is not a `compare --format json` document this QueueLab reads.
public struct ComparisonDocumentError: Error, Sendable, CustomStringConvertible {
    /// Why, in a few words: another schema or none, `no 'FIELD' field`, `'FIELD' is not of its type`,
    /// or `not JSON, or cut short`.
    public let reason: String

    public var description: String { "not a \(ComparisonDocument.schemaVersion) document: \(reason)" }
}
