// RealWorldProtoWire.swift: the realworld cases' content, built once as ProtoWire messages.
//
// swift-protobuf and protobuf-c get the same content by decoding these messages' bytes (see
// `realWorldBytes(_:)`): a page of generated records is easier to trust built once than three times.

import BenchProtoWire

/// A small deterministic generator (xorshift64*), so every run builds the same content.
struct ContentGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    /// The next 64 pseudo-random bits.
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A value in `0..<bound`.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One element of `choices`.
    mutating func pick<Element>(_ choices: [Element]) -> Element { choices[below(choices.count)] }

    /// `count` lowercase hex digits.
    mutating func hex(_ count: Int) -> String {
        String((0..<count).map { _ in Array("0123456789abcdef")[below(16)] })
    }
}

extension ProtoWireSide {
    /// Products on the catalog page.
    static let catalogProducts = 64
    /// Events in the list response.
    static let recordEvents = 120

    /// The realworld case's bytes as ProtoWire writes them: what the other two libraries decode
    /// to build their messages.
    static func realWorldBytes(_ benchCase: BenchCase) -> [UInt8] {
        switch benchCase {
        case .catalog: return catalog.serializedBytes()
        case .records: return records.serializedBytes()
        default: fatalError("\(benchCase) is not a realworld case")
        }
    }

    /// A proto2 search-results page: 64 products, each with a price, 4–6 attributes, 2–4
    /// variants and packed id lists; about 30 KB.
    static let catalog: Protohttp_Realworld_CatalogPage = {
        var g = ContentGenerator(seed: 0x5EED_CA7A_1065)
        let brands = ["Nordwind", "Kestrel & Co", "Umbra", "Fjällgear", "Sora", "Ateliér Blanc", "Ironbark", "Lumen"]
        let nouns = ["rain jacket", "trail shoe", "backpack 28 l", "wool sweater", "down vest", "hiking sock", "tent 2p"]
        let colors = ["black", "forest green", "slate", "ochre", "navy", "crème"]
        let sizes = ["XS", "S", "M", "L", "XL", "42", "43", "44"]
        let attributeNames = ["material", "weight", "fit", "care", "origin", "warranty", "season"]
        let attributeValues = ["100% merino wool", "350 g", "regular", "machine wash 30 °C", "Portugal", "2 years", "all year"]
        var page = Protohttp_Realworld_CatalogPage()
        page.region = "eu-central"
        page.query = "waterproof outdoor gear"
        page.generatedAtMs = 1_764_000_000_000
        page.page = 3
        page.nextPageToken = "cGFnZT00O3NvcnQ9cmVsZXZhbmNlO3NlZWQ9" + g.hex(16)
        page.facetIds = (0..<40).map { _ in UInt32(g.below(50_000)) }
        for index in 0..<catalogProducts {
            var product = Protohttp_Realworld_Product()
            product.id = 10_000_000 + Int64(index) * 7919
            let brand = g.pick(brands)
            product.title = "\(brand) \(g.pick(nouns)) \(g.below(900) + 100) – \(g.pick(colors))"
            product.brand = brand
            product.url = "https://shop.example.com/p/\(product.id)/" + g.hex(12)
            product.categoryIds = (0..<(3 + g.below(3))).map { _ in UInt32(g.below(5000)) }
            var price = Protohttp_Realworld_Price()
            price.amountMicros = Int64(g.below(50_000) + 999) * 10_000
            price.currency = index % 4 == 0 ? "USD" : "EUR"
            if index % 3 == 0 { price.listAmountMicros = price.amountMicros + Int64(g.below(10_000)) * 10_000 }
            product.price = price
            product.attributes = (0..<(4 + g.below(3))).map { _ in
                var attribute = Protohttp_Realworld_Attribute()
                attribute.name = g.pick(attributeNames)
                attribute.value = g.pick(attributeValues)
                return attribute
            }
            product.variants = (0..<(2 + g.below(3))).map { number in
                var variant = Protohttp_Realworld_Variant()
                variant.sku = "SKU-\(product.id)-\(number)"
                variant.color = g.pick(colors)
                variant.size = g.pick(sizes)
                if number != 1 { variant.stock = Int32(g.below(400)) }
                variant.imageIds = (0..<(1 + g.below(3))).map { _ in g.next() >> UInt64(g.below(40)) }
                return variant
            }
            product.inStock = index % 5 != 0
            product.rating = Float(30 + g.below(21)) / 10
            product.reviewCount = UInt32(g.below(5000))
            product.rankHistory = (0..<8).map { _ in Int32(g.below(2001)) - 1000 }
            if index % 2 == 0 { product.availability = index % 10 == 0 ? .backorder : .inStock }
            page.products.append(product)
        }
        return page
    }()

    /// A proto3 list response: 120 events with an actor, a repository, labels, a summary and a
    /// small attributes map; about 30 KB.
    static let records: Protohttp_Realworld_ListEventsResponse = {
        var g = ContentGenerator(seed: 0xE7E_475)
        let logins = ["octavia", "mkowalski", "jdoe-dev", "li.wei", "sébastien", "priya_r", "tkimura", "o'brien"]
        let repositories = ["acme/payments-api", "acme/web", "acme/infra-terraform", "oss/protohttp", "oss/notes-server"]
        let labelSet = ["bug", "enhancement", "needs-review", "good first issue", "security", "docs"]
        let summaries = [
            ("Pushed ", " commits to main"), ("Opened pull request #", ": tighten the retry budget"),
            ("Commented on issue #", ""), ("Published release v2.", ".0"), ("Merged pull request #", " into release/2.x"),
        ]
        var response = Protohttp_Realworld_ListEventsResponse()
        response.nextPageToken = "eyJvZmZzZXQiOjI0MCwiaWQiOiJldnRf" + g.hex(20)
        response.totalSize = 48_211
        for index in 0..<recordEvents {
            var event = Protohttp_Realworld_Event()
            event.id = "evt_" + g.hex(24)
            let kind = 1 + g.below(4)
            event.type = Protohttp_Realworld_EventType(rawValue: kind) ?? .unspecified
            event.createdAtMs = 1_764_000_000_000 - Int64(index) * 37_000 - Int64(g.below(30_000))
            var actor = Protohttp_Realworld_Actor()
            actor.id = 1_000_000 + Int64(g.below(9_000_000))
            actor.login = g.pick(logins)
            actor.avatarURL = "https://avatars.example.com/u/\(actor.id)?v=4"
            event.actor = actor
            var repository = Protohttp_Realworld_Repository()
            let name = g.pick(repositories)
            repository.id = 50_000_000 + Int64(name.utf8.count) * 1_000_003
            repository.name = name
            repository.url = "https://git.example.com/\(name)"
            event.repository = repository
            event.public = index % 7 != 0
            event.labels = (0..<g.below(4)).map { _ in g.pick(labelSet) }
            let summary = g.pick(summaries)
            event.summary = summary.0 + String(g.below(5000)) + summary.1
            event.score = Double(g.below(1_000_000)) / 1000
            event.attributes["ref"] = "refs/heads/" + (kind == 4 ? "release/2.x" : "main")
            event.attributes["head"] = g.hex(40)
            if kind == 2 { event.attributes["base"] = g.hex(40) }
            response.events.append(event)
        }
        return response
    }()
}
