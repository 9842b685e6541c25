/// Decoding where the response arrives. The HTTP layer hands over
/// `Any?`, JSONSerialization's result (RAC code sent it on as `id`); it is
/// not Sendable, so Swift 6 refuses it in the @Sendable blocks it would
/// cross ("capture of 'responseObject' with non-Sendable type 'Any?' in a
/// '@Sendable' closure"). Decoded at once, it travels as Sendable values.
extension RepositoriesPage {
    /// GitHub's shape: `{"items": [{"name": …}, …], "next_page": n}`.
    init(json: Any?) throws {
        guard let object = json as? [String: Any], let items = object["items"] as? [[String: Any]] else {
            throw APIError.malformedResponse
        }
        repositories = try items.map { item in
            guard let name = item["name"] as? String else { throw APIError.malformedResponse }
            return Repository(name: name)
        }
        nextPage = object["next_page"] as? Int
    }
}
