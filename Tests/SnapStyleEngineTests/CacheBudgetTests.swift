@testable import SnapStyleEngine
import Testing

/// The cache stays within its byte budget (least recently used first out), and no internal structure grows with
/// the number of edits or contexts seen.
@Suite struct CacheBudgetTests {
    @Test func theEntryTableDropsTheLeastRecentlyUsedFirst() {
        var table = EntryTable<Int, String>()
        for key in 1...4 { table.insert(key, "v\(key)", cost: 10) }
        #expect(table.cost == 40)
        #expect(table.keysByUse == [4, 3, 2, 1])
        #expect(table.use(2) == "v2")
        #expect(table.keysByUse == [2, 4, 3, 1])
        #expect(table.removeOldest()?.key == 1)
        #expect(table.removeOldest()?.key == 3)
        #expect(table.remove(2)?.cost == 10)
        #expect(table.keysByUse == [4])
        #expect(table.cost == 10)
        // Freed slots are reused: the table never holds more slots than it ever held entries.
        for key in 5...7 { table.insert(key, "v\(key)", cost: 1) }
        #expect(table.capacity == 4)
        #expect(table.keysByUse == [7, 6, 5, 4])
        table.insert(6, "again", cost: 5)
        #expect(table.keysByUse == [6, 7, 5, 4])
        #expect(table.cost == 17)
        #expect(table.peek(6) == "again")
        #expect(table.keysByUse.first == 6)
    }

    /// The newest entry is found by comparison, before the index: what that finds must be what the index says.
    @Test func theNewestEntryIsFoundOnlyWhileItIsThere() {
        var table = EntryTable<String, Int>()
        table.insert("a", 1, cost: 1)
        table.insert("b", 2, cost: 1)
        #expect(table.use("b") == 2)
        #expect(table.use("b") == 2, "asked again while it is the newest")
        table.insert("b", 3, cost: 1)
        #expect(table.use("b") == 3, "a replaced value, in the same slot")
        #expect(table.remove("b")?.value == 3)
        #expect(table.use("b") == nil, "removed: the newest is now another entry")
        #expect(table.use("a") == 1)
        #expect(table.removeOldest()?.key == "a")
        #expect(table.use("a") == nil)
        #expect(table.isEmpty)
        table.insert("c", 4, cost: 1)
        #expect(table.use("c") == 4, "a freed slot, reused")
        table.removeAll()
        #expect(table.use("c") == nil)
    }

    /// Numbers k0 ... k(count-1).
    static func theme(keys count: Int, budget: CacheBudget) -> StyleTheme {
        var layer = accentLayer()
        for index in 0..<count { layer.define(.number, "k\(index)", .constant(Double(index))) }
        return StyleTheme(ThemeSnapshot(name: "t", generation: 1, layers: [layer]), budget: budget)
    }

    @Test func manyContextsStayWithinTheBudgetAndHotEntriesStayHits() throws {
        let budget = CacheBudget(bytes: 1 << 20)
        let theme = Self.theme(keys: 100, budget: budget)
        let session = theme.session()
        var hot = StyleContext()
        hot.colorScheme = .dark
        for round in 0..<20_000 {
            // A slider: a new scale factor with every request, and one hot key asked all the time.
            var context = StyleContext()
            context.scaleFactor = 1 + Double(round) / 1000
            _ = try session.resolve(.number, "k\(round % 100)", context: context)
            #expect(try session.resolve(.number, "k7", context: hot)?.asNumber?.base == 7)
        }
        let statistics = theme.statistics
        #expect(budget.usedBytes <= budget.bytes)
        #expect(statistics.bytes <= budget.bytes)
        #expect(statistics.evictions > 0)
        #expect(budget.evictionCount == statistics.evictions)
        let sizes = theme.cache.sizes
        #expect(sizes.contexts <= theme.cache.maximumContexts)
        #expect(sizes.slots <= sizes.entries + 1)
        // The hot entry was a hit every time but the first.
        #expect(statistics.hits >= 19_999)
    }

    @Test func tenThousandEditsLeaveEveryStructureBounded() throws {
        let budget = CacheBudget()
        var layer = accentLayer()
        layer.define(.number, "b", .constant(2))
        layer.define(.number, "c", .calc("{a} + {b}"))
        layer.define(.number, "a", .constant(0))
        let theme = StyleTheme(ThemeSnapshot(name: "t", generation: 1, layers: [layer]), budget: budget)
        for edit in 1...10_000 {
            let session = theme.session()
            #expect(try session.resolve(.number, "c")?.asNumber?.base == Double(edit - 1) + 2)
            layer.define(.number, "a", .constant(Double(edit)))
            let next = ThemeSnapshot(name: "t", generation: edit + 1, layers: [layer])
            theme.install(next, changed: [.key(.number, "a"), .key(.number, "c")])
        }
        _ = try theme.session().resolve(.number, "c")
        let sizes = theme.cache.sizes
        #expect(sizes.entries == 3)  // a, b, c
        #expect(sizes.slots <= 3)
        // c read a and b, a and b read nothing else: each entry is in its own set and in what it read.
        #expect(sizes.dependentKeys == 5)
        #expect(sizes.dependents == 3)
        #expect(sizes.contexts == 1)
        #expect(sizes.keys <= 8)
        #expect(budget.usedBytes == theme.statistics.bytes)
    }

    @Test func aThemeThatGoesAwayGivesItsBytesBack() throws {
        let budget = CacheBudget()
        var theme: StyleTheme? = Self.theme(keys: 50, budget: budget)
        for index in 0..<50 { _ = try theme?.session().resolve(.number, "k\(index)") }
        #expect(budget.usedBytes > 0)
        theme = nil
        #expect(budget.usedBytes == 0)
    }

    @Test func aCacheOverTheSharedBudgetMakesTheLargestOtherShed() throws {
        let budget = CacheBudget(bytes: 1 << 16)
        let big = Self.theme(keys: 2_000, budget: budget)
        for index in 0..<2_000 { _ = try big.session().resolve(.number, "k\(index)") }
        #expect(budget.usedBytes <= budget.bytes)
        let small = Self.theme(keys: 10, budget: budget)
        for index in 0..<10 { _ = try small.session().resolve(.number, "k\(index)") }
        #expect(small.statistics.entries == 10)
        #expect(budget.usedBytes <= budget.bytes)
        #expect(big.statistics.evictions > 0)
    }
}
