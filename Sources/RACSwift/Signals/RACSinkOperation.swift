/// What a serializing sink's serializer applies: an event handed over by a
/// racing sender, or the release of the blocks after a disposal.
@usableFromInline
internal enum RACSinkOperation<Value> {
    case next(Value)
    case error(any Error)
    case completed
    case release
}
