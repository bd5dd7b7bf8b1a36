// ReflectionService.swift: grpc.reflection.v1 and v1alpha ServerReflection: what the server serves, described from the generated descriptors.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ProtoHTTPCore

/// gRPC server reflection, served when ``ServerConfiguration/serverReflection`` is on: tools
/// such as grpcurl, Postman and `protohttp list` ask it for the server's services and the
/// `.proto` files that define them (with the files those import), so they can call any method
/// without having the `.proto` files.
///
/// Both names of the protocol are served, `grpc.reflection.v1.ServerReflection` and the older
/// `grpc.reflection.v1alpha.ServerReflection` (the same messages): one bidirectional stream,
/// `ServerReflectionInfo`, on which each question gets its answer in turn. A file is sent with
/// the files it imports that the stream has not sent yet. Services registered as hand-built
/// ``ServiceDefinition``s without files are listed but cannot be described.
enum ReflectionService {
    /// The two reflection services, describing `services` and themselves.
    static func definitions(describing services: [ServiceDefinition]) -> [ServiceDefinition] {
        let v1 = ServiceDefinition(name: Grpc_Reflection_V1_ServerReflectionMetadata.serviceName, methods: [],
                                   fileDescriptors: Grpc_Reflection_V1_ServerReflectionMetadata.fileDescriptors)
        let v1alpha = ServiceDefinition(name: Grpc_Reflection_V1alpha_ServerReflectionMetadata.serviceName, methods: [],
                                        fileDescriptors: Grpc_Reflection_V1alpha_ServerReflectionMetadata.fileDescriptors)
        let index = ReflectionIndex(services: services + [v1, v1alpha])
        // v1alpha's messages are v1's under another package name, byte for byte on the wire:
        // one handler, with v1's types, answers both paths.
        return [(v1, Grpc_Reflection_V1_ServerReflectionMetadata.ServerReflectionInfo.path),
                (v1alpha, Grpc_Reflection_V1alpha_ServerReflectionMetadata.ServerReflectionInfo.path)].map { definition, path in
            var definition = definition
            definition.methods = [.bidirectionalStreaming(path, Request.self, Response.self) { requests, responses, _ in
                var sent: Set<String> = []
                for try await request in requests {
                    try await responses.send(answer(request, from: index, sent: &sent))
                }
            }]
            return definition
        }
    }

    typealias Request = Grpc_Reflection_V1_ServerReflectionRequest
    typealias Response = Grpc_Reflection_V1_ServerReflectionResponse

    /// The answer to one question; `sent` holds the files this stream has sent so far.
    static func answer(_ request: Request, from index: ReflectionIndex, sent: inout Set<String>) -> Response {
        var response = Response()
        response.validHost = request.host
        response.originalRequest = request
        switch request.messageRequest {
        case .fileByFilename(let name)?:
            response.messageResponse = files(index.file(name, sending: &sent),
                                             orError: "no file named \"\(name)\" defines this server's services; list the services, then ask for the file of one of them")
        case .fileContainingSymbol(let symbol)?:
            let name = symbol.hasPrefix(".") ? String(symbol.dropFirst()) : symbol
            response.messageResponse = files(index.fileOfSymbol[name].flatMap { index.file($0, sending: &sent) },
                                             orError: "no symbol \"\(name)\" in this server's files; give a fully qualified name such as pkg.Service or pkg.Message")
        case .fileContainingExtension(let wanted)?:
            let file = index.extensions[wanted.containingType]?[wanted.extensionNumber]
            response.messageResponse = files(file.flatMap { index.file($0, sending: &sent) },
                                             orError: "no extension \(wanted.extensionNumber) of \"\(wanted.containingType)\" in this server's files")
        case .allExtensionNumbersOfType(let type)?:
            if index.messages.contains(type) {
                var numbers = Grpc_Reflection_V1_ExtensionNumberResponse()
                numbers.baseTypeName = type
                numbers.extensionNumber = (index.extensions[type] ?? [:]).keys.sorted()
                response.messageResponse = .allExtensionNumbersResponse(numbers)
            } else {
                response.messageResponse = error(.notFound, "no message \"\(type)\" in this server's files")
            }
        case .listServices?:
            var list = Grpc_Reflection_V1_ListServiceResponse()
            list.service = index.services.map { name in
                var service = Grpc_Reflection_V1_ServiceResponse()
                service.name = name
                return service
            }
            response.messageResponse = .listServicesResponse(list)
        case nil:
            response.messageResponse = error(.invalidArgument, "the request asks nothing; set one of file_by_filename, file_containing_symbol, file_containing_extension, all_extension_numbers_of_type or list_services")
        }
        return response
    }

    private static func files(_ files: [[UInt8]]?, orError message: String) -> Response.OneOf_MessageResponse {
        guard let files else { return error(.notFound, message) }
        var found = Grpc_Reflection_V1_FileDescriptorResponse()
        found.fileDescriptorProto = files.map { Data($0) }
        return .fileDescriptorResponse(found)
    }

    private static func error(_ code: ProtoHTTPError.Code, _ message: String) -> Response.OneOf_MessageResponse {
        var error = Grpc_Reflection_V1_ErrorResponse()
        error.errorCode = Int32(code.rawValue)
        error.errorMessage = message
        return .errorResponse(error)
    }
}
