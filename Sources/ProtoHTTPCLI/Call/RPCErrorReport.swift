// RPCErrorReport.swift: an RPC error on standard error: `code: message`, then its details (decoded when the schema knows their type) and Twirp meta.
import Foundation
import ProtoHTTP
import ProtoHTTPCore

/// Prints what the server said went wrong:
///
/// ```
/// not_found: no note has the id "n404"
/// detail pkg.Type: {"field":"value"}
/// detail other.Type: 12 bytes (not in the schema)        (neither declared nor a well-known type)
/// meta reason: asked
/// ```
enum RPCErrorReport {
    static func lines(_ error: ProtoHTTPError, conversion: MessageConversion) -> [String] {
        var lines = ["\(error.code): \(error.message)"]
        for detail in error.details {
            if conversion.registry.message(named: detail.type) != nil,
               let json = try? conversion.json(fromBinary: detail.value, type: detail.type, source: "the detail") {
                lines.append("detail \(detail.type): \(String(decoding: json, as: UTF8.self))")
            } else {
                lines.append("detail \(detail.type): \(detail.value.count) bytes (not in the schema)")
            }
        }
        for (key, value) in error.meta.sorted(by: { $0.key < $1.key }) {
            lines.append("meta \(key): \(value)")
        }
        return lines
    }

    static func print(_ error: ProtoHTTPError, conversion: MessageConversion) {
        for line in lines(error, conversion: conversion) { printError(line) }
    }
}
