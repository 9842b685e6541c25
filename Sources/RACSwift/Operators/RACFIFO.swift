/// A first-in, first-out queue with amortized O(1) `append` and `popFirst`,
/// for state that one thread at a time touches (zip's queues, the signals
/// waiting in `flatten(_:)`). Popped slots are reclaimed in bulk once they
/// make up half the storage, so no pop shifts the others.
internal struct RACFIFO<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    /// The oldest element, without removing it.
    var first: Element? { isEmpty ? nil : storage[head] }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    @discardableResult
    mutating func popFirst() -> Element? {
        guard !isEmpty else { return nil }
        let element = storage[head]
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 16, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}
