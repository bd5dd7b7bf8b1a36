// LayerFileEmitter.swift: one `<base>.client.pb.swift` or `<base>.server.pb.swift` file.

import ProtoDescriptors

/// Emits the client or server file of one `.proto` file that declares services:
///
/// ```
/// // DO NOT EDIT. ...            header naming the source
/// import ProtoHTTP               the layer's runtime (ProtoHTTPServer for servers), plus the
///                                modules of the method messages (see ``Imports``); no Foundation
/// protocol/class Pkg_ServiceClient   per service: its typed client (``ClientEmitter``)
/// protocol Pkg_ServiceHandler        or its handler protocol (``ServerEmitter``)
/// ```
///
/// Both refer to the service metadata in `<base>.pb.swift` (this module, or the messages module
/// with `Messages=false`).
struct LayerFileEmitter {
    let context: FileContext
    let layer: ServiceLayer

    func emit() throws(GeneratorError) -> String {
        var p = CodePrinter()
        p.header(source: context.file.name)
        for line in context.imports { p.line(line) }
        if !context.imports.isEmpty { p.line() }
        for (i, service) in context.file.service.enumerated() {
            let model = try ServiceModel(service, index: i, context: context)
            switch layer {
            case .client: ClientEmitter(context: context).emit(model, &p)
            case .server: ServerEmitter(context: context).emit(model, &p)
            case .mock: MockEmitter(context: context).emit(model, &p)
            }
            p.line()
        }
        var text = p.text
        while text.hasSuffix("\n\n") { text.removeLast() }
        return text
    }
}
