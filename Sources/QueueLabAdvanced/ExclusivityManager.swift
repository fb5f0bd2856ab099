import QueueLabCore

/// Grants mutual-exclusivity categories: at most one holder per category at a time.
///
/// Unlike the original design (each new operation of a category made dependent on the previous
/// one, which left operations stuck when several categories, cancellation and groups mixed:
/// ProcedureKit #267/#486/#665, PSOperations #93), a request names all its categories and is
/// granted all of them at once, never some of them. Waiting requests hold nothing, so no cycle of
/// waits can form: deadlock-free by construction.
///
/// Fairness is FIFO per category: a request is granted when it is first in the waiting line of
/// every category it names and none of them is held. Requests enter every line they name in one
/// step, so their relative order is the same in all lines and the earliest waiting request is
/// always first in each of its lines.
///
/// Waiting costs no thread and no width slot: the grant is a callback, run outside the lock.
public final class ExclusivityManager: Sendable {
    /// Every ticket's `state` and `onGrant` are guarded by this lock too (see ``Ticket``).
    private let lines = Locked(Lines())

    /// A manager with no category held or requested.
    public init() {}

    /// One request for a set of categories.
    public final class Ticket: @unchecked Sendable {
        // @unchecked Sendable: `state` and `onGrant` are internal, and read and written only by
        // the manager inside its `lines.withLock`, so under that `Locked`'s one lock; the rest is
        // immutable.
        enum State { case new, waiting, held, done }
        /// The categories requested, each once, sorted.
        public let categories: [String]
        /// The operation the request is for, as stall reports name it.
        public let owner: OperationLabel
        var state = State.new
        var onGrant: (@Sendable () -> Void)?

        init(categories: [String], owner: OperationLabel) {
            self.categories = categories
            self.owner = owner
        }
    }

    /// Who holds each category, and who waits for it, first in line first.
    private struct Lines {
        var holders: [String: Ticket] = [:]
        var waiting: [String: FIFO<Ticket>] = [:]

        /// Grants every request that became grantable through a change in `categories`. One pass is
        /// enough: a request first in a line that was not touched was blocked before and still is.
        mutating func grant(in categories: [String]) -> [Ticket] {
            var granted: [Ticket] = []
            for category in categories {
                guard holders[category] == nil, let candidate = front(category) else { continue }
                let grantable = candidate.categories.allSatisfy { other in
                    holders[other] == nil && front(other) === candidate
                }
                guard grantable else { continue }
                for other in candidate.categories {
                    waiting[other]?.removeFirst()
                    holders[other] = candidate
                }
                candidate.state = .held
                granted.append(candidate)
            }
            return granted
        }

        /// The first waiting ticket of `category`'s line, dropping withdrawn ones.
        mutating func front(_ category: String) -> Ticket? {
            while let first = waiting[category]?.first {
                if first.state == .waiting { return first }
                waiting[category]?.removeFirst()
            }
            return nil
        }
    }

    /// Queues a request for all of `categories` at once; `onGrant` runs (outside any lock, possibly
    /// before this returns) when every one of them is granted.
    @discardableResult
    public func request(
        _ categories: Set<String>, for owner: OperationLabel, onGrant: @escaping @Sendable () -> Void
    ) -> Ticket {
        let ticket = Ticket(categories: categories.sorted(), owner: owner)
        let granted = lines.withLock { lines -> [Ticket] in
            ticket.state = .waiting
            ticket.onGrant = onGrant
            for category in ticket.categories { lines.waiting[category, default: FIFO()].append(ticket) }
            return lines.grant(in: ticket.categories)
        }
        fire(granted)
        return ticket
    }

    /// Gives the categories back, or withdraws the request when it still waits. Idempotent.
    /// Returns whether the ticket was holding its categories.
    @discardableResult
    public func release(_ ticket: Ticket) -> Bool {
        let (wasHeld, granted) = lines.withLock { lines -> (Bool, [Ticket]) in
            let previous = ticket.state
            ticket.state = .done
            ticket.onGrant = nil
            switch previous {
            case .held:
                for category in ticket.categories where lines.holders[category] === ticket {
                    lines.holders[category] = nil
                }
            case .waiting:
                break  // left in its lines; skipped when it reaches the front
            case .new, .done:
                return (false, [])
            }
            return (previous == .held, lines.grant(in: ticket.categories))
        }
        fire(granted)
        return wasHeld
    }

    /// Who holds, or waits ahead for, a category `ticket` needs: what a stall report names.
    public func blockers(of ticket: Ticket) -> [OperationLabel] {
        lines.withLock { lines in
            guard ticket.state == .waiting else { return [] }
            var labels: [OperationLabel] = []
            for category in ticket.categories {
                if let holder = lines.holders[category] { labels.append(holder.owner) }
                for other in lines.waiting[category]?.elements ?? [] {
                    if other === ticket { break }
                    if other.state == .waiting { labels.append(other.owner) }
                }
            }
            var seen: Set<OperationID> = []
            return labels.filter { seen.insert($0.id).inserted }
        }
    }

    /// The categories held now, with their holders (for reports and tests).
    package var heldCategories: [String: OperationLabel] {
        lines.withLock { $0.holders.mapValues(\.owner) }
    }

    private func fire(_ tickets: [Ticket]) {
        for ticket in tickets {
            let callback = lines.withLock { _ -> (@Sendable () -> Void)? in
                defer { ticket.onGrant = nil }
                return ticket.onGrant
            }
            callback?()
        }
    }
}
