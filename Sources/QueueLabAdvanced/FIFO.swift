/// A first-in first-out list with O(1) amortised push and pop (an array and a head index).
struct FIFO<Element> {
    private var storage: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }
    var first: Element? { isEmpty ? nil : storage[head] }

    mutating func append(_ element: Element) { storage.append(element) }

    @discardableResult
    mutating func removeFirst() -> Element {
        let element = storage[head]
        head += 1
        if head > 32 && head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    var elements: ArraySlice<Element> { storage[head...] }
}

extension FIFO: Sendable where Element: Sendable {}
