// RuntimeProducts.swift: the ProtoHTTP products a target's generated code imports, checked against the target's dependencies (shared by both plugins).

import PackagePlugin

/// Which of ProtoHTTP's library products the code generated for a target imports, and a
/// failure naming the ones the target does not depend on, before the compiler fails far from
/// the cause (`no such module 'ProtoHTTP'` in the plugin's output folder, or `missing required
/// module 'CZlib'`):
///
/// ```
/// generated                                    imports            product to depend on
/// ───────────────────────────────────────────  ─────────────────  ────────────────────
/// messages (unless Messages=false)             ProtoWire          ProtoWire
/// a service's metadata (in the messages file)  ProtoHTTPCore      ProtoHTTPCore
/// Clients=true, for a service                  ProtoHTTP          ProtoHTTP
/// Mocks=true, for a service                    ProtoHTTPTesting   ProtoHTTPTesting (brings ProtoHTTP)
/// Servers=true, for a service                  ProtoHTTPServer    ProtoHTTPServer
/// ```
///
/// A module counts as reachable through any chain of dependencies (depending on the
/// `ProtoHTTP` product brings ProtoWire and ProtoHTTPCore along), as the compiler sees it.
struct RuntimeProducts {
    /// The modules the generated code imports, each with why, in the table's order.
    let required: [(module: String, reason: String)]

    /// The products `target`'s generated code needs, from its config and whether any of its
    /// `.proto` files declares a service.
    init(target: ProtoTarget) throws {
        let layers = GeneratedLayers(options: target.config.generatorOptions)
        let importsProtoWire = !target.config.generatorOptions.contains { $0.replacingOccurrences(of: " ", with: "") == "ImportProtoWire=false" }
        let hasService = try target.protos.contains { try target.declaresService($0.file) }
        var required: [(String, String)] = []
        if layers.messages && importsProtoWire { required.append(("ProtoWire", "its generated messages")) }
        if layers.messages && hasService { required.append(("ProtoHTTPCore", "its services' method metadata")) }
        if hasService && layers.clients { required.append(("ProtoHTTP", "its generated clients (Clients=true)")) }
        if hasService && layers.mocks { required.append(("ProtoHTTPTesting", "its generated mocks (Mocks=true)")) }
        if hasService && layers.servers { required.append(("ProtoHTTPServer", "its generated servers (Servers=true)")) }
        self.required = required
    }

    /// Throws one failure naming every product `target` lacks, and the lines to add.
    func check(_ target: Target, of proto: ProtoTarget, in package: Package) throws {
        var reachable = Set(target.recursiveTargetDependencies.map(Self.moduleName))
        reachable.insert(Self.moduleName(target))
        let missing = required.filter { !reachable.contains($0.module) }
        guard !missing.isEmpty else { return }
        let owner = Self.providingPackage(from: package)
        let lines = missing.map { entry in
            owner.map { ".product(name: \"\(entry.module)\", package: \"\($0)\")" } ?? "\"\(entry.module)\""
        }
        let reasons = missing.map { "\($0.module) for \($0.reason)" }.joined(separator: ", ")
        throw PluginFailure("target '\(proto.name)' does not depend on what its generated code imports (\(reasons)); "
            + "add \(lines.joined(separator: ", ")) to its dependencies in Package.swift")
    }

    /// A target's module name (its name for targets that are not source modules).
    static func moduleName(_ target: Target) -> String {
        (target as? SourceModuleTarget)?.moduleName ?? target.name
    }

    /// The identity to write in `package:` for the package holding ProtoHTTP's products, as
    /// `package` depends on it (a path dependency's identity is its folder name, matched in any
    /// case); `nil` when
    /// `package` is ProtoHTTP itself (its targets depend on each other by name).
    static func providingPackage(from package: Package) -> String? {
        if package.products.contains(where: { $0.name == "ProtoHTTPCore" }) { return nil }
        var seen: Set<String> = []
        var pending = package.dependencies.map(\.package)
        while let candidate = pending.popLast() {
            guard seen.insert(candidate.id).inserted else { continue }
            if candidate.products.contains(where: { $0.name == "ProtoHTTPCore" }) {
                // The identity is lower-cased; when it is the package's name in other case
                // (`../ProtoHTTP`, a URL ending in ProtoHTTP.git), write it as the README does.
                return candidate.id == candidate.displayName.lowercased() ? candidate.displayName : candidate.id
            }
            pending += candidate.dependencies.map(\.package)
        }
        return "ProtoHTTP"
    }
}
